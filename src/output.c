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

#include "exec.h"
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

/* One step: "LABEL  DETAIL" as text, {"step":KIND,"detail":DETAIL} as
 * JSON. */
static void emit_step(struct emit *e, const char *text_label,
		      const char *kind, const char *detail)
{
	if (!e->json) {
		label(e, text_label);
		fprintf(e->out, "%s\n", detail);
		return;
	}
	fputs(e->items++ ? ",{\"step\":" : "{\"step\":", e->out);
	json_string(e->out, kind);
	fputs(",\"detail\":", e->out);
	json_string(e->out, detail);
	putc('}', e->out);
}

/* A step labelled "step"; fmt is a message marked N_(), translated for
 * the text only. */
static void step(struct emit *e, const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void step(struct emit *e, const char *kind, const char *fmt, ...)
{
	char detail[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, _(fmt), ap);
	va_end(ap);
	/* TRANSLATORS: a label of the plan as --dry-run and --verbose
	 * show it, in a column 10 characters wide; so are "requested",
	 * "implied", "added", "effective" and "program". */
	emit_step(e, _("step"), kind, detail);
}

/* A path or value as a step's text shows it: quoted() as text; raw in
 * JSON, whose strings escape what they must. */
static const char *shown(const struct emit *e, const char *s)
{
	return e->json ? s : quoted(s);
}

static void map_steps(struct emit *e, const char *name,
		      const struct idmap *map)
{
	for (size_t i = 0; i < map->n; i++) {
		char detail[64];

		snprintf(detail, sizeof detail, "%u %u %u", map->ext[i].inner,
			 map->ext[i].outer, map->ext[i].count);
		emit_step(e, name, name, detail);
	}
}

/* What happens around unshare(2), in order. */
static void steps(struct emit *e, const struct plan *plan)
{
	static const char *const writer[] = {
		[MAP_SELF] = N_("write the id maps by unshare itself"),
		[MAP_DIRECT] = N_("write the id maps by a helper with "
				  "CAP_SETUID, from outside"),
		[MAP_NEWIDMAP] = N_("write the id maps by newuidmap and "
				    "newgidmap, from outside"),
	};
	char list[4096];

	if (plan->owner_uid != NO_ID)
		step(e, "owner", N_("take on uid %lld and gid %lld, who will "
				    "own the new user namespace"),
		     plan->owner_uid, plan->owner_gid);
	if (plan->setgroups != SETGROUPS_KEEP)
		step(e, "setgroups", "setgroups %s",
		     plan->setgroups == SETGROUPS_DENY ? "deny" : "allow");
	if (plan->map_writer != MAP_NONE)
		step(e, "maps", "%s", _(writer[plan->map_writer]));
	map_steps(e, "uid_map", &plan->uid_map);
	map_steps(e, "gid_map", &plan->gid_map);
	if (plan->monotonic.set)
		step(e, "monotonic", N_("monotonic clock offset %lld s %ld ns"),
		     plan->monotonic.sec, plan->monotonic.nsec);
	if (plan->boottime.set)
		step(e, "boottime", N_("boot-time clock offset %lld s %ld ns"),
		     plan->boottime.sec, plan->boottime.nsec);
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		/* TRANSLATORS: %s is the propagation as the option
		 * --propagation names it: private, shared or slave. */
		step(e, "propagation", N_("make / and every mount under it "
					  "%s"),
		     propagation_names[plan->propagation]);
	if (plan->opts & OPT_FORK) {
		step(e, "fork", N_("fork: the program runs as a child; its "
				   "exit status or fatal signal is ours"));
		if (plan->opts & OPT_FORWARD)
			/* TRANSLATORS: %s is a list of signal names, such as
			 * "HUP, INT and TERM". */
			step(e, "signals",
			     N_("while waiting, forward %s to the child, but "
				"not the terminal's (they reach it directly)"),
			     sig_list(forwarded_signals, n_forwarded_signals,
				      list, sizeof list));
		else
			/* TRANSLATORS: %s is a list of signal names, such as
			 * "HUP, INT and TERM". */
			step(e, "signals", N_("while waiting, ignore %s"),
			     sig_list(ignored_signals, n_ignored_signals, list,
				      sizeof list));
	}
	if (plan->opts & OPT_KILL_CHILD) {
		char name[16];

		sig_name(plan->kill_signal, name, sizeof name);
		/* The kernel spares pid 1 every signal it has no handler
		 * for, SIGKILL from outside aside. */
		if (plan->kill_signal != SIGKILL &&
		    (plan->effective & UNSHARE_PID) && !(plan->opts & OPT_INIT))
			/* TRANSLATORS: SIG%s is a signal's name, such as
			 * SIGTERM. */
			step(e, "kill-child", N_("the child gets SIG%s if "
			     "unshare dies; as pid 1 of the new pid namespace, "
			     "the program ignores it unless it handles it: for "
			     "a sure end, add --init or use --kill-child=KILL"),
			     name);
		else
			/* TRANSLATORS: SIG%s is a signal's name, such as
			 * SIGTERM. */
			step(e, "kill-child", N_("the child gets SIG%s if "
						 "unshare dies"), name);
	}
	if (plan->root_dir)
		step(e, "root", N_("chroot to %s"), shown(e, plan->root_dir));
	if (plan->root_dir || plan->wd_dir)
		step(e, "wd", N_("chdir to %s"),
		     plan->wd_dir ? shown(e, plan->wd_dir) : "/");
	if (plan->opts & OPT_MOUNT_PROC)
		step(e, "proc", N_("mount proc on %s (nosuid, nodev, noexec)"),
		     shown(e, plan->proc_dir));
	if (plan->opts & OPT_MOUNT_BINFMT)
		step(e, "binfmt", N_("mount binfmt_misc on %s"),
		     shown(e, plan->binfmt_dir));
	for (size_t i = 0; i < plan->n_interps; i++)
		step(e, "interpreter", N_("register interpreter %s"),
		     shown(e, plan->interps[i]));
	if (plan->setgid_id != NO_ID)
		step(e, "setgid", N_("setgid %lld, no supplementary groups"),
		     plan->setgid_id);
	if (plan->setuid_id != NO_ID)
		step(e, "setuid", "setuid %lld", plan->setuid_id);
	if (plan->opts & OPT_KEEP_CAPS)
		step(e, "keep-caps", N_("keep capabilities: the permitted "
					"become ambient"));
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			/* TRANSLATORS: %s is the namespace's kind (mount,
			 * user, pid...), %s the file it is kept in, %s its
			 * entry in /proc/PID/ns (mnt, user, pid...). */
			step(e, "persist", N_("keep the %s namespace in %s (a "
					      "bind mount of /proc/PID/ns/%s)"),
			     unshare_flags[i].name, shown(e, plan->persist[i]),
			     unshare_flags[i].ns_after);
	if (plan->opts & OPT_CLEAR_ENV) {
		size_t n = 0;

		list[0] = '\0';
		for (size_t i = 0; i < plan->n_keep_env && n < sizeof list; i++)
			n += (size_t)snprintf(list + n, sizeof list - n, "%s%s",
					      i ? "," : "",
					      shown(e, plan->keep_env[i]));
		if (n)
			/* TRANSLATORS: %s is the names of the variables
			 * kept, such as "HOME,TERM". */
			step(e, "environment", N_("clear the environment but "
						  "%s and PATH"), list);
		else
			step(e, "environment", N_("clear the environment but "
						  "PATH"));
	}
	if (plan->opts & OPT_INIT)
		step(e, "init", N_("init: pid 1 forks the program, forwards "
				   "signals to it (not the terminal's) and "
				   "reaps orphans"));
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

/* The program and its arguments, or the shell. */
static void program(struct emit *e, const struct plan *plan)
{
	const char *source = NULL;
	char *shell_argv[2] = { NULL, NULL };
	char *const *argv = plan->argv;

	if (argv == NULL) {
		shell_argv[0] = (char *)default_shell(plan, &source);
		argv = shell_argv;
	}
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

void plan_json(FILE *out, const struct plan *plan)
{
	struct emit e = { .out = out, .prefix = "", .json = true };

	print(&e, plan);
}

int output_done(void)
{
	int error = fflush(stdout) == 0 ? 0 : errno;

	if (error == 0 && !ferror(stdout))
		return 0;
	if (error != 0)
		warnx(_("writing standard output: %s"), i18n_strerror(error));
	else
		warnx(_("writing standard output failed"));
	return EXIT_TOOL;
}
