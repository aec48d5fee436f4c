/* Printing the plan, as text or JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "env.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "json.h"
#include "options.h"
#include "output.h"
#include "quote.h"
#include "sig.h"

/* Where one plan is being written. */
struct emit {
	FILE *out;
	const char *prefix;
	bool json;
	int items; /* JSON: items written in the current array */
	const char *kind; /* the step being written */
};

/* An argument as a shell would need it typed: bare when it is plain,
 * else in single quotes. */
static void print_word(FILE *out, const char *w)
{
	const char *q = quoted(w);

	if (q != w) { /* control characters: the $'...' form */
		fputs(q, out);
		return;
	}
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
			    "VWXYZ0123456789_-+=/.,:@%") == strlen(w)) {
		fputs(w, out);
		return;
	}
	putc('\'', out);
	for (; *w; w++)
		if (*w == '\'')
			fputs("'\\''", out);
		else
			putc(*w, out);
	putc('\'', out);
}

/* A text line's start: the prefix, then the label padded to 10 columns
 * and a space.  Counted as the terminal shows them, not in bytes: a
 * translated label may have letters of more than one byte, and letters two
 * columns wide. */
static void label(const struct emit *e, const char *text)
{
	size_t width = text_columns(text, strlen(text));

	fprintf(e->out, "%s%s%*s ", e->prefix, text,
		width < 10 ? (int)(10 - width) : 0, "");
}

/* The names of the flags in mask: "a, b" as text, ["a","b"] as JSON. */
static void names(struct emit *e, unsigned long mask, const char *sep)
{
	bool first = true;

	if (e->json)
		putc('[', e->out);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (!(mask & unshare_flags[i].bit))
			continue;
		if (!first)
			fputs(e->json ? "," : sep, e->out);
		first = false;
		if (e->json)
			json_string(e->out, unshare_flags[i].name);
		else
			fputs(unshare_flags[i].name, e->out);
	}
	if (e->json)
		putc(']', e->out);
}

/* One line of the steps: begin() it with its kind, add its values as
 * JSON members (the text has them in its sentence), then end it with the
 * sentence, detail().  As text: "step       SENTENCE" (or "KIND
 * SENTENCE" for a labelled line); as JSON:
 * {"step":KIND,MEMBERS...,"detail":SENTENCE}. */
static void begin(struct emit *e, const char *kind)
{
	e->kind = kind;
	if (!e->json)
		return;
	fputs(e->items++ ? ",{\"step\":" : "{\"step\":", e->out);
	json_string(e->out, kind);
}

static void key(struct emit *e, const char *name)
{
	fprintf(e->out, ",\"%s\":", name);
}

static void number(struct emit *e, const char *name, long long v)
{
	if (e->json) {
		key(e, name);
		fprintf(e->out, "%lld", v);
	}
}

static void string(struct emit *e, const char *name, const char *v)
{
	if (e->json) {
		key(e, name);
		json_string(e->out, v);
	}
}

static void boolean(struct emit *e, const char *name, bool v)
{
	if (e->json) {
		key(e, name);
		fputs(v ? "true" : "false", e->out);
	}
}

/* The sentence, from fmt (a message marked N_(), translated for the text
 * only: JSON is English), and the end of the line.  A labelled line shows
 * its kind as its label, and its sentence as it is. */
static void vdetail(struct emit *e, bool labelled, const char *fmt,
		    va_list ap)
{
	char text[8192];

	vsnprintf(text, sizeof text, labelled ? fmt : _(fmt), ap);
	if (e->json) {
		key(e, "detail");
		json_string(e->out, text);
		putc('}', e->out);
		return;
	}
	/* TRANSLATORS: a label of the plan as --dry-run and --verbose show
	 * it, in a column 10 characters wide; so are "requested",
	 * "implied", "added", "effective" and "program". */
	label(e, labelled ? e->kind : _("step"));
	fprintf(e->out, "%s\n", text);
}

static void detail(struct emit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void detail(struct emit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdetail(e, false, fmt, ap);
	va_end(ap);
}

static void labelled(struct emit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void labelled(struct emit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdetail(e, true, fmt, ap);
	va_end(ap);
}

/* A path or value as a step's text shows it: quoted() as text; raw in
 * JSON, whose strings escape what they must. */
static const char *shown(const struct emit *e, const char *s)
{
	return e->json ? s : quoted(s);
}

/* Names as a JSON array member. */
static void names_member(struct emit *e, const char *name,
			 const char *const *v, size_t n)
{
	if (!e->json)
		return;
	key(e, name);
	putc('[', e->out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			putc(',', e->out);
		json_string(e->out, v[i]);
	}
	putc(']', e->out);
}

static void map_lines(struct emit *e, const char *kind,
		      const struct idmap *map)
{
	for (size_t i = 0; i < map->n; i++) {
		const struct extent *x = &map->ext[i];

		begin(e, kind);
		number(e, "inner", x->inner);
		number(e, "outer", x->outer);
		number(e, "count", x->count);
		labelled(e, "%u %u %u", x->inner, x->outer, x->count);
	}
}

static void maps(struct emit *e, const struct step *s)
{
	static const char *const writer[] = {
		[MAP_SELF] = "self",
		[MAP_DIRECT] = "helper",
		[MAP_NEWIDMAP] = "newidmap",
	};
	static const char *const writer_text[] = {
		[MAP_SELF] = N_("write the id maps by unshare itself"),
		[MAP_DIRECT] = N_("write the id maps by a helper with "
				  "CAP_SETUID, from outside"),
		[MAP_NEWIDMAP] = N_("write the id maps by newuidmap and "
				    "newgidmap, from outside"),
	};

	if (s->maps.setgroups != SETGROUPS_KEEP) {
		const char *mode = s->maps.setgroups == SETGROUPS_DENY
					   ? "deny"
					   : "allow";

		begin(e, "setgroups");
		string(e, "mode", mode);
		detail(e, N_("setgroups %s"), mode);
	}
	if (s->maps.writer != MAP_NONE) {
		begin(e, "maps");
		string(e, "writer", writer[s->maps.writer]);
		detail(e, "%s", _(writer_text[s->maps.writer]));
	}
	map_lines(e, "uid_map", s->maps.uid);
	map_lines(e, "gid_map", s->maps.gid);
}

/* An offset: seconds, and nanoseconds from 0 to 999999999 added to them
 * (-1.5 is -2 and 500000000). */
static void clock_line(struct emit *e, const char *kind,
		       const struct offset *o, const char *fmt)
{
	if (o == NULL)
		return;
	begin(e, kind);
	number(e, "seconds", o->sec);
	number(e, "nanoseconds", o->nsec);
	detail(e, fmt, o->sec, o->nsec);
}

static void fork_lines(struct emit *e, const struct plan *plan,
		       const struct step *s)
{
	const int *sigs = s->fork.forward ? forwarded_signals
					  : ignored_signals;
	size_t n = s->fork.forward ? n_forwarded_signals : n_ignored_signals;
	char list[4096], buf[8][16];
	const char *name[8];

	begin(e, "fork");
	detail(e, N_("fork: the program runs as a child; its exit status or "
		     "fatal signal is ours"));
	for (size_t i = 0; i < n && i < 8; i++)
		name[i] = sig_name(sigs[i], buf[i], sizeof buf[i]);
	begin(e, "signals");
	string(e, "action", s->fork.forward ? "forward" : "ignore");
	names_member(e, "signals", name, n);
	if (!s->fork.forward) {
		/* Sent by a process, these kill us, as util-linux. */
		static const char *const fatal[] = { "HUP", "QUIT" };

		names_member(e, "fatal_when_sent", fatal, 2);
	}
	sig_list(sigs, n, list, sizeof list);
	if (s->fork.forward)
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		detail(e, N_("while waiting, forward %s to the child, but not "
			     "the terminal's (they reach it directly)"),
		       list);
	else
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		detail(e, N_("while waiting, ignore %s from the terminal (which "
			     "signals the child too) and INT and TERM from a "
			     "process; die of HUP or QUIT from a process, as "
			     "util-linux does"),
		       list);
	if (s->fork.kill_signal) {
		/* The kernel spares pid 1 every signal it has no handler
		 * for, SIGKILL from outside aside. */
		bool spared = s->fork.kill_signal != SIGKILL &&
			      (plan->effective & UNSHARE_PID) && !s->fork.init;
		char sig[16];

		sig_name(s->fork.kill_signal, sig, sizeof sig);
		begin(e, "kill-child");
		string(e, "signal", sig);
		boolean(e, "again", false);
		boolean(e, "spared_as_pid1", spared);
		if (spared)
			/* TRANSLATORS: SIG%s is a signal's name, such as
			 * SIGTERM. */
			detail(e, N_("the child gets SIG%s if unshare dies; as "
				     "pid 1 of the new pid namespace, the "
				     "program ignores it unless it handles it: "
				     "for a sure end, add --init or use "
				     "--kill-child=KILL"),
			       sig);
		else
			/* TRANSLATORS: SIG%s is a signal's name, such as
			 * SIGTERM. */
			detail(e, N_("the child gets SIG%s if unshare dies"),
			       sig);
	}
}

static void persist_lines(struct emit *e, const struct step *s)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!s->persist[i])
			continue;
		begin(e, "persist");
		string(e, "namespace", f->name);
		string(e, "path", s->persist[i]);
		string(e, "entry", f->ns_after);
		/* TRANSLATORS: %s is the namespace's kind (mount, user,
		 * pid...), %s the file it is kept in, %s its entry in
		 * /proc/PID/ns (mnt, user, pid...). */
		detail(e, N_("keep the %s namespace in %s (a bind mount of "
			     "/proc/PID/ns/%s)"),
		       f->name, shown(e, s->persist[i]), f->ns_after);
	}
}

static void environment(struct emit *e, const struct step *s)
{
	const char *kept[ENV_MAX_KEPT];
	char buf[ENV_MAX_KEPT][ENV_MAX_NAME], list[4096];
	size_t n = 0, len = 0;

	/* Each name of every list, checked when taken (env_check_list). */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p && n < ENV_MAX_KEPT;) {
			size_t k = strcspn(p, ",");

			if (k > 0) { /* an empty item is passed over */
				snprintf(buf[n], sizeof buf[n], "%.*s", (int)k,
					 p);
				kept[n] = buf[n];
				n++;
			}
			p += k + (p[k] == ',');
		}
	begin(e, "environment");
	names_member(e, "keep", kept, n);
	list[0] = '\0';
	for (size_t i = 0; i < n && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
					i ? "," : "", shown(e, kept[i]));
	if (n)
		/* TRANSLATORS: %s is the names of the variables kept, such as
		 * "HOME,TERM". */
		detail(e, N_("clear the environment but %s and PATH"), list);
	else
		detail(e, N_("clear the environment but PATH"));
}

/* A step as one line or more: the text's sentences, or the JSON objects
 * of the "steps" array.  unshare(2) itself is the "effective" line, and
 * the exec the "program" line: written apart. */
static void step_lines(struct emit *e, const struct plan *plan,
		       const struct step *s)
{
	switch (s->kind) {
	case STEP_OWNER:
		begin(e, "owner");
		number(e, "uid", s->owner.uid);
		number(e, "gid", s->owner.gid);
		detail(e, N_("take on uid %lld and gid %lld, who will own the "
			     "new user namespace"),
		       s->owner.uid, s->owner.gid);
		break;
	case STEP_UNSHARE:
	case STEP_EXEC:
		break;
	case STEP_MAPS:
		maps(e, s);
		break;
	case STEP_CLOCKS:
		clock_line(e, "monotonic", s->clocks.monotonic,
			   N_("monotonic clock offset %lld s %ld ns"));
		clock_line(e, "boottime", s->clocks.boottime,
			   N_("boot-time clock offset %lld s %ld ns"));
		break;
	case STEP_LOOPBACK:
		begin(e, "loopback");
		detail(e, N_("bring lo up in the new network namespace, and let "
			     "the groups mapped in it ping"));
		break;
	case STEP_PROPAGATION:
		begin(e, "propagation");
		string(e, "mode", propagations[s->propagation].name);
		/* TRANSLATORS: %s is the propagation as the option
		 * --propagation names it: private, shared or slave. */
		detail(e, N_("make / and every mount under it %s"),
		       propagations[s->propagation].name);
		break;
	case STEP_FORK:
		fork_lines(e, plan, s);
		break;
	case STEP_BINFMT_EARLY:
		begin(e, "binfmt-early");
		detail(e, N_("make a binfmt_misc of the new user namespace, "
			     "mounted nowhere yet, to register interpreters "
			     "with the F flag in before the chroot"));
		break;
	case STEP_ROOT:
		begin(e, "root");
		string(e, "path", s->path);
		detail(e, N_("chroot to %s"), shown(e, s->path));
		break;
	case STEP_WD:
		begin(e, "wd");
		string(e, "path", s->path);
		detail(e, N_("chdir to %s"), shown(e, s->path));
		break;
	case STEP_PROC:
		begin(e, "proc");
		string(e, "path", s->path);
		detail(e, N_("mount proc on %s (nosuid, nodev, noexec)"),
		       shown(e, s->path));
		break;
	case STEP_BINFMT:
		begin(e, "binfmt");
		string(e, "path", s->path);
		detail(e, N_("mount binfmt_misc on %s"), shown(e, s->path));
		break;
	case STEP_INTERP:
		begin(e, "interpreter");
		string(e, "string", s->interp.string);
		boolean(e, "before_chroot", s->interp.early);
		if (s->interp.early)
			detail(e, N_("register interpreter %s (F flag: before "
				     "the chroot, where it is opened)"),
			       shown(e, s->interp.string));
		else
			detail(e, N_("register interpreter %s"),
			       shown(e, s->interp.string));
		break;
	case STEP_SETGID:
		begin(e, "setgid");
		number(e, "gid", s->id);
		detail(e, N_("setgid %lld, no supplementary groups"), s->id);
		break;
	case STEP_SETUID:
		begin(e, "setuid");
		number(e, "uid", s->id);
		detail(e, N_("setuid %lld"), s->id);
		break;
	case STEP_REARM: {
		char sig[16];

		sig_name(s->kill_signal, sig, sizeof sig);
		begin(e, "kill-child");
		string(e, "signal", sig);
		boolean(e, "again", true);
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGKILL. */
		detail(e, N_("the child gets SIG%s if unshare dies, armed again: "
			     "a change of ids disarms it"),
		       sig);
		break;
	}
	case STEP_KEEP_CAPS:
		begin(e, "keep-caps");
		detail(e, N_("keep capabilities: the permitted become "
			     "ambient"));
		break;
	case STEP_PERSIST:
		persist_lines(e, s);
		break;
	case STEP_ENVIRONMENT:
		environment(e, s);
		break;
	case STEP_INIT:
		begin(e, "init");
		detail(e, N_("init: pid 1 forks the program, forwards signals "
			     "to it (not the terminal's) and reaps orphans"));
		break;
	}
}

static void steps(struct emit *e, const struct plan *plan)
{
	for (size_t i = 0; i < plan->n_steps; i++)
		step_lines(e, plan, &plan->steps[i]);
}

/* The flags the closure added, in the order it added them, so that each
 * reason comes after the flag it names.  Returns how many. */
static size_t added_in_order(const struct plan *plan,
			     int order[UNSHARE_NFLAGS])
{
	size_t n = 0;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->why[i].by >= 0)
			order[plan->why[i].step] = (int)i, n++;
	return n;
}

/* One JSON member of an object: ,"key":"value" (no comma first). */
static void member(struct emit *e, bool first, const char *key,
		   const char *value)
{
	fprintf(e->out, "%s\"%s\":", first ? "" : ",", key);
	json_string(e->out, value);
}

/* What the tool's own rules added: "implied" lines, or the "implied"
 * array. */
static void implied(struct emit *e, const struct plan *plan)
{
	if (e->json)
		fputs(",\"implied\":[", e->out);
	for (size_t i = 0; i < plan->nimplied; i++) {
		const struct implied *im = &plan->implied[i];
		char what[40], by[40];

		snprintf(what, sizeof what, "%s%s", im->option ? "--" : "",
			 im->option ? row_name(im->option)
				    : unshare_flags[im->flag].name);
		snprintf(by, sizeof by, "--%s", row_name(im->by));
		if (!e->json) {
			/* TRANSLATORS: a label of the plan, in a column 10
			 * characters wide. */
			label(e, _("implied"));
			fprintf(e->out, "%-8s ", what);
			/* TRANSLATORS: %s is the option (or flag) that brings
			 * others, %s what it brings, %s why. */
			fprintf(e->out, _("%s brings %s: %s\n"), by, what,
				_(im->by->why));
			continue;
		}
		fputs(i ? ",{" : "{", e->out);
		member(e, true, "what", what);
		member(e, false, "by", by);
		member(e, false, "why", im->by->why);
		putc('}', e->out);
	}
	if (e->json)
		putc(']', e->out);
}

/* What the kernel's closure added: "added" lines, or the "added" array. */
static void added(struct emit *e, const struct plan *plan)
{
	int order[UNSHARE_NFLAGS] = { 0 };
	size_t n = added_in_order(plan, order);

	if (e->json)
		fputs(",\"added\":[", e->out);
	for (size_t k = 0; k < n; k++) {
		const struct added *a = &plan->why[order[k]];
		const struct flag *flag = &unshare_flags[order[k]],
				  *by = &unshare_flags[a->by],
				  *from = &unshare_flags[a->origin];
		char list[512];

		if (e->json) {
			fputs(k ? ",{" : "{", e->out);
			member(e, true, "flag", flag->name);
			member(e, false, "by", by->name);
			member(e, false, "from", from->name);
			member(e, false, "why", by->implies_why);
			putc('}', e->out);
			continue;
		}
		/* TRANSLATORS: a label of the plan, in a column 10
		 * characters wide. */
		label(e, _("added"));
		fprintf(e->out, "%-8s ", flag->name);
		/* TRANSLATORS: between the names of two flags, as in "vm and
		 * sighand". */
		flags_names(by->implies, _(" and "), list, sizeof list);
		if (from != by)
			/* TRANSLATORS: %s is the flag that brings others, %s
			 * the flags it brings ("vm and sighand"), %s the flag
			 * asked for that brought the first, %s why. */
			fprintf(e->out, _("%s brings %s (from --%s): %s\n"),
				by->name, list, from->name,
				_(by->implies_why));
		else
			fprintf(e->out, _("%s brings %s: %s\n"), by->name, list,
				_(by->implies_why));
	}
	if (e->json)
		putc(']', e->out);
}

/* What a run leaves as it is, which one may not expect: "note" lines, or
 * the "notes" array, each {"note":KIND,"detail":...}. */
static void notes(struct emit *e, const struct plan *plan)
{
	/* TRANSLATORS: a label of the plan, in a column 10 characters
	 * wide. */
	const char *text = _("lo stays down in the new network namespace, as "
			     "util-linux leaves it: connecting to 127.0.0.1 "
			     "fails; --loopback brings it up");
	bool lo_down = (plan->effective & UNSHARE_NET) &&
		       !(plan->opts & OPT_LOOPBACK);

	if (e->json) {
		fputs(",\"notes\":[", e->out);
		if (lo_down) {
			fputs("{\"note\":\"lo-down\",\"detail\":", e->out);
			json_string(e->out, text);
			putc('}', e->out);
		}
		putc(']', e->out);
	} else if (lo_down) {
		label(e, _("note"));
		fprintf(e->out, "%s\n", text);
	}
}

/* The program and its arguments, or the shell. */
static void program(struct emit *e, const struct plan *plan)
{
	const struct step *s = &plan->steps[plan->n_steps - 1];
	const char *source = s->exec.source;
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;

	if (e->json)
		fputs(",\"program\":{\"argv\":[", e->out);
	else
		/* TRANSLATORS: a label of the plan, in a column 10
		 * characters wide. */
		label(e, _("program"));
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			putc(e->json ? ',' : ' ', e->out);
		if (e->json)
			json_string(e->out, *a);
		else
			print_word(e->out, *a);
	}
	if (e->json) {
		putc(']', e->out);
		if (source)
			member(e, false, "shell_from", source);
		putc('}', e->out);
	} else if (source) {
		/* TRANSLATORS: %s is where the shell came from: $SHELL, the
		 * password database, the fallback. */
		fprintf(e->out, _(" (the shell, from %s)\n"), _(source));
	} else {
		putc('\n', e->out);
	}
}

static void print(struct emit *e, const struct plan *plan)
{
	FILE *out = e->out;
	char mask[32];

	snprintf(mask, sizeof mask, MASK_FORMAT, plan->effective);
	if (e->json) {
		fputs("{\"requested\":", out);
		names(e, plan->requested, "");
	} else {
		/* TRANSLATORS: a label of the plan, in a column 10
		 * characters wide. */
		label(e, _("requested"));
		if (plan->requested)
			names(e, plan->requested, ", ");
		else
			fputs(_("(nothing)"), out);
		putc('\n', out);
	}
	implied(e, plan);
	added(e, plan);
	if (e->json) {
		fputs(",\"effective\":{", out);
		member(e, true, "mask", mask);
		fprintf(out, ",\"value\":%lu,\"flags\":", plan->effective);
		names(e, plan->effective, "");
		fputs("},\"steps\":[", out);
	} else {
		/* TRANSLATORS: a label of the plan, in a column 10
		 * characters wide. */
		label(e, _("effective"));
		fprintf(out, "%s ", mask);
		if (plan->effective)
			names(e, plan->effective, ", ");
		else
			fputs(_("(nothing: no unshare(2) call)"), out);
		putc('\n', out);
	}
	e->items = 0;
	steps(e, plan);
	if (e->json)
		putc(']', out);
	notes(e, plan);
	program(e, plan);
	if (e->json)
		putc('}', out);
}

void plan_print(FILE *out, const char *prefix, const struct plan *plan)
{
	struct emit e = { .out = out, .prefix = prefix,
			  .json = plan->opts & OPT_JSON };

	if (e.json)
		json_open(out, "plan");
	print(&e, plan);
	if (e.json)
		fputs("}\n", out);
}

void say_plan(const struct plan *plan)
{
	FILE *out = events_out();
	struct emit e = { .out = out, .prefix = "", .json = true };

	if (!(plan->opts & OPT_VERBOSE))
		return;
	if (!(plan->opts & OPT_JSON)) {
		plan_print(out, VERBOSE_PREFIX, plan);
		return;
	}
	event(out, "plan");
	fputs(",\"plan\":", out);
	print(&e, plan);
	fputs("}\n", out);
}

int output_done(void)
{
	int error = fflush(stdout) == 0 ? 0 : errno;

	if (error == 0 && !ferror(stdout))
		return 0;
	if (error != 0)
		complain(NULL, error, NULL, _("writing standard output"));
	else
		complain(NULL, 0, NULL, _("writing standard output failed"));
	return EXIT_TOOL;
}
