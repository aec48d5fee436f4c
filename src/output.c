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
#include <stdlib.h>
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

#include "show.h"
#include "wrap.h"

/* Where one plan is being written. */
struct emit {
	FILE *out;
	const char *prefix; /* text: what starts each line */
	bool json;
	bool full;          /* the long form of each sentence: JSON, or a
			       second --verbose */
	bool reasons;       /* text: a line for each flag or option added,
			       with why (--dry-run, or the long form) */
	size_t width;       /* text: the columns a line may take */
	int items;          /* JSON: items written in the current array */
	bool event;         /* JSON: the step as an event of --verbose, after
			       it was done */
	const char *kind;   /* the step being written */
};

/* The labels' column: the longest step name, and a blank. */
#define LABEL_WIDTH 12

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

/* A text line: the prefix, the label padded to its column (counted as
 * the terminal shows it: a translated label may have letters of more
 * than one byte, or two columns wide), then text broken at blanks to fit
 * the width, each further line indented under the first. */
static void text_line(const struct emit *e, const char *label,
		      const char *text)
{
	size_t width = text_columns(label, strlen(label)),
	       start = text_columns(e->prefix, strlen(e->prefix)) +
		       (width < LABEL_WIDTH ? LABEL_WIDTH : width) + 1;

	fprintf(e->out, "%s%s%*s ", e->prefix, label,
		width < LABEL_WIDTH ? (int)(LABEL_WIDTH - width) : 0, "");
	wrap_print(e->out, text, start, start, e->width);
}

/* The names of the flags in mask: "a, b" in buf for text; ["a","b"] on
 * the output for JSON. */
static void names(struct emit *e, unsigned long mask, char *buf, size_t size)
{
	bool first = true;

	if (!e->json) {
		flags_names(mask, ", ", buf, size);
		return;
	}
	putc('[', e->out);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (!(mask & unshare_flags[i].bit))
			continue;
		if (!first)
			putc(',', e->out);
		first = false;
		json_string(e->out, unshare_flags[i].name);
	}
	putc(']', e->out);
}

/* One step: begin() it, add its values as JSON members (the text has
 * them in its sentence), then end it with its sentence, detail().  As
 * text: "KIND        SENTENCE"; as JSON:
 * {"step":KIND,MEMBERS...,"detail":SENTENCE}. */
static void begin(struct emit *e, const struct step *s)
{
	e->kind = step_name(s);
	if (!e->json)
		return;
	if (e->event)
		fputs(",\"step\":", e->out);
	else
		fputs(e->items++ ? ",{\"step\":" : "{\"step\":", e->out);
	json_string(e->out, e->kind);
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

/* The sentence and the end of the step: the short form (fmt) for text,
 * the long one (full, or fmt if NULL) in JSON and with a second
 * --verbose.  Both take the same arguments; both are messages marked
 * N_(), translated for the text only: JSON is English. */
static void vdetail(struct emit *e, const char *fmt, const char *full,
		    va_list ap)
{
	const char *chosen = (e->full || e->json) && full ? full : fmt;
	char text[8192];

	vsnprintf(text, sizeof text, e->json ? chosen : _(chosen), ap);
	if (e->json) {
		key(e, "detail");
		json_string(e->out, text);
		fputs(e->event ? ",\"outcome\":\"ok\"}\n" : "}", e->out);
		return;
	}
	text_line(e, e->kind, text);
}

static void detail(struct emit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void detail(struct emit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdetail(e, fmt, NULL, ap);
	va_end(ap);
}

/* fmt as text, full in JSON and the long form. */
static void detail2(struct emit *e, const char *fmt, const char *full, ...)
	__attribute__((format(printf, 3, 4)));
static void detail2(struct emit *e, const char *fmt, const char *full, ...)
{
	va_list ap;

	va_start(ap, full);
	vdetail(e, fmt, full, ap);
	va_end(ap);
}

/* A path or value as a step's text shows it: quoted() as text; raw in
 * JSON, whose strings escape what they must. */
static const char *shown(const struct emit *e, const char *s)
{
	return e->json ? s : quoted(s);
}

/* Who writes the maps, in JSON's words and in the long form's. */
static const char *const writer_word[] = {
	[MAP_NONE] = "self", /* setgroups alone */
	[MAP_SELF] = "self",
	[MAP_DIRECT] = "helper",
	[MAP_NEWIDMAP] = "newidmap",
};

void show_bind_helper(struct emit *e, const struct step *s)
{
	begin(e, s);
	detail2(e, N_("start the helper that binds the namespaces' files"),
		N_("start the helper that binds the namespaces to their files, "
		   "forked now so that it stays in the caller's namespaces"));
}

void show_map_helper(struct emit *e, const struct step *s)
{
	begin(e, s);
	string(e, "writer", writer_word[s->helper.writer]);
	if (s->helper.writer == MAP_DIRECT)
		detail2(e, N_("start the helper that writes the id maps (it "
			      "has CAP_SETUID)"),
			N_("start the helper that writes the id maps, forked "
			   "now in the caller's user namespace, where it has "
			   "CAP_SETUID and CAP_SETGID"));
	else
		detail2(e, N_("start the helper that runs newuidmap and "
			      "newgidmap"),
			N_("start the helper that runs newuidmap and newgidmap, "
			   "forked now in the caller's user namespace: they "
			   "check the ranges against /etc/subuid and "
			   "/etc/subgid"));
}

void show_owner(struct emit *e, const struct step *s)
{
	begin(e, s);
	number(e, "uid", s->owner.uid);
	number(e, "gid", s->owner.gid);
	detail2(e, N_("uid %lld and gid %lld, who will own the user namespace"),
		N_("take on uid %lld and gid %lld, who will own the new user "
		   "namespace"),
		s->owner.uid, s->owner.gid);
}

void show_dumpable(struct emit *e, const struct step *s)
{
	begin(e, s);
	detail2(e, N_("dumpable again, so that /proc/self stays ours"),
		N_("become dumpable again (PR_SET_DUMPABLE): the change of ids "
		   "made /proc/self root's, and the maps are written through "
		   "it"));
}

void show_unshare(struct emit *e, const struct step *s)
{
	char mask[32], list[512];

	snprintf(mask, sizeof mask, MASK_FORMAT, s->unshare.mask);
	if (e->json) {
		begin(e, s);
		string(e, "mask", mask);
		number(e, "value", (long long)s->unshare.mask);
		key(e, "flags");
		names(e, s->unshare.mask, NULL, 0);
		detail(e, "unshare(2) with the effective flags");
		return;
	}
	names(e, s->unshare.mask, list, sizeof list);
	snprintf(mask + strlen(mask), sizeof mask - strlen(mask), " ");
	{
		char text[600];

		snprintf(text, sizeof text, "%s%s", mask, list);
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide; so are "requested", "implied", "added",
		 * "note" and "program". */
		text_line(e, _("effective"), text);
	}
}

void show_setgroups(struct emit *e, const struct step *s)
{
	const char *mode = s->maps.setgroups == SETGROUPS_DENY ? "deny"
							     : "allow";

	begin(e, s);
	string(e, "mode", mode);
	string(e, "writer", writer_word[s->maps.writer]);
	/* TRANSLATORS: %s is deny or allow, as written to the file. */
	detail2(e, "%s", N_("write %s to /proc/PID/setgroups"), mode);
}

void show_map(struct emit *e, const struct step *s)
{
	const struct idmap *map = s->maps.map;
	char lines[IDMAP_MAX_EXTENTS * 36 + 1];
	size_t len = 0;

	begin(e, s);
	string(e, "writer", writer_word[s->maps.writer]);
	if (e->json) {
		key(e, "map");
		putc('[', e->out);
	}
	for (size_t i = 0; i < map->n; i++) {
		const struct extent *x = &map->ext[i];

		if (e->json)
			fprintf(e->out,
				"%s{\"inner\":%u,\"outer\":%u,\"count\":%u}",
				i ? "," : "", x->inner, x->outer, x->count);
		if (len < sizeof lines)
			len += (size_t)snprintf(lines + len, sizeof lines - len,
						"%s%u %u %u", i ? ", " : "",
						x->inner, x->outer, x->count);
	}
	if (e->json)
		putc(']', e->out);
	if (s->maps.writer == MAP_NEWIDMAP)
		/* TRANSLATORS: %2$s is the tool (newuidmap or newgidmap),
		 * %1$s the lines of the map ("0 1000 1, 1 100000 65536"). */
		detail2(e, "%s", N_("%2$s writes %1$s"), lines,
			s->kind == STEP_UID_MAP ? "newuidmap" : "newgidmap");
	else
		/* TRANSLATORS: %s is the lines of the map ("0 1000 1, 1
		 * 100000 65536"), %s the file (uid_map or gid_map). */
		detail2(e, "%s", s->maps.writer == MAP_DIRECT
				       ? N_("the helper writes %s to "
					    "/proc/PID/%s")
				       : N_("write %s to /proc/self/%s"),
			lines, s->kind == STEP_UID_MAP ? "uid_map" : "gid_map");
}

/* An offset as seconds, decimals only as needed: "5", "-1.5". */
static const char *seconds(const struct offset *o, char *buf, size_t size)
{
	long long sec = o->sec;
	long nsec = o->nsec;
	const char *sign = "";
	size_t n;

	/* Kept as seconds and nanoseconds from 0 to 999999999 added to
	 * them: -1.5 is -2 and 500000000. */
	if (sec < 0 && nsec > 0) {
		sign = "-";
		sec = -(sec + 1);
		nsec = 1000000000L - nsec;
	} else if (sec < 0) {
		sign = "-";
		sec = -sec;
	}
	snprintf(buf, size, "%s%lld.%09ld", sign, sec, nsec);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[n - 1] = '\0';
	return buf;
}

static void clock_member(struct emit *e, const char *name,
			 const struct offset *o)
{
	if (!e->json)
		return;
	key(e, name);
	if (o)
		fprintf(e->out, "{\"seconds\":%lld,\"nanoseconds\":%ld}",
			o->sec, o->nsec);
	else
		fputs("null", e->out);
}

void show_clocks(struct emit *e, const struct step *s)
{
	const struct offset *mono = s->clocks.monotonic,
			    *boot = s->clocks.boottime;
	char a[48], b[48];

	begin(e, s);
	clock_member(e, "monotonic", mono);
	clock_member(e, "boottime", boot);
	if (mono && boot)
		/* TRANSLATORS: the clock offsets, in seconds ("5", "-1.5"). */
		detail(e, N_("monotonic %s s, boottime %s s"),
		       seconds(mono, a, sizeof a), seconds(boot, b, sizeof b));
	else if (mono)
		detail(e, N_("monotonic %s s"), seconds(mono, a, sizeof a));
	else
		detail(e, N_("boottime %s s"), seconds(boot, b, sizeof b));
}

void show_loopback(struct emit *e, const struct step *s)
{
	begin(e, s);
	boolean(e, "ping", s->loopback.ping);
	if (s->loopback.ping) {
		number(e, "low", s->loopback.low);
		number(e, "high", s->loopback.high);
		/* TRANSLATORS: %u-%u is a range of group ids. */
		detail2(e, N_("lo up; the groups %u-%u may ping"),
			N_("bring lo up in the new network namespace, and let "
			   "the groups %u-%u ping"),
			s->loopback.low, s->loopback.high);
	} else {
		detail2(e, N_("lo up; no group is mapped to ping"),
			N_("bring lo up in the new network namespace; no group "
			   "is mapped in it, so ping stays refused"));
	}
}

void show_propagation(struct emit *e, const struct step *s)
{
	const char *mode = propagations[s->propagation].name;

	begin(e, s);
	string(e, "mode", mode);
	/* TRANSLATORS: %s is the propagation as the option --propagation
	 * names it: private, shared or slave. */
	detail(e, N_("make / and every mount under it %s"), mode);
}

void show_signals(struct emit *e, const struct step *s)
{
	const int *sigs = s->forward ? forwarded_signals : ignored_signals;
	size_t n = s->forward ? n_forwarded_signals : n_ignored_signals;
	char list[4096], buf[8][16];
	const char *name[8];

	for (size_t i = 0; i < n && i < 8; i++)
		name[i] = sig_name(sigs[i], buf[i], sizeof buf[i]);
	begin(e, s);
	string(e, "action", s->forward ? "forward" : "ignore");
	names_member(e, "signals", name, n < 8 ? n : 8);
	if (!s->forward) {
		/* Sent by a process, these kill us, as util-linux. */
		static const char *const fatal[] = { "HUP", "QUIT" };

		names_member(e, "fatal_when_sent", fatal, 2);
	}
	sig_list(sigs, n, list, sizeof list);
	if (s->forward)
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		detail2(e, N_("forward %s to the child, not the terminal's"),
			N_("while waiting, forward %s to the child, but not the "
			   "terminal's (they reach it directly)"),
			list);
	else
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		detail2(e, N_("while waiting, ignore the terminal's %s"),
			N_("while waiting, ignore %s from the terminal (which "
			   "signals the child too) and INT and TERM from a "
			   "process; die of HUP or QUIT from a process, as "
			   "util-linux does"),
			list);
}

void show_fork(struct emit *e, const struct step *s)
{
	begin(e, s);
	boolean(e, "init", s->fork.init);
	if (s->fork.init)
		detail2(e, N_("the init runs as a child; its status is ours"),
			N_("fork: the init runs as a child, and the program as "
			   "its child; the program's exit status or fatal "
			   "signal is ours"));
	else
		detail2(e, N_("the program runs as a child; its status is ours"),
			N_("fork: the program runs as a child; its exit status "
			   "or fatal signal is ours"));
}

void show_kill_child(struct emit *e, const struct step *s)
{
	char sig[16];

	sig_name(s->kill.signal, sig, sizeof sig);
	begin(e, s);
	string(e, "signal", sig);
	boolean(e, "again", s->kill.again);
	boolean(e, "spared_as_pid1", s->kill.spared);
	if (s->kill.again)
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGKILL. */
		detail2(e, N_("SIG%s armed again after the change of ids"),
			N_("the child gets SIG%s if unshare dies, armed again: a "
			   "change of ids disarms it"),
			sig);
	else if (s->kill.spared)
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGTERM. */
		detail2(e, N_("SIG%s to the child if unshare dies; as pid 1 it "
			      "ignores it: add --init"),
			N_("the child gets SIG%s if unshare dies; as pid 1 of the "
			   "new pid namespace, the program ignores it unless it "
			   "handles it: for a sure end, add --init or use "
			   "--kill-child=KILL"),
			sig);
	else
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGTERM. */
		detail(e, N_("SIG%s to the child if unshare dies"), sig);
}

void show_binfmt_early(struct emit *e, const struct step *s)
{
	begin(e, s);
	detail2(e, N_("a binfmt_misc for the F interpreters, before the chroot"),
		N_("make a binfmt_misc of the new user namespace, mounted "
		   "nowhere yet, to register interpreters with the F flag in "
		   "before the chroot"));
}

void show_dir(struct emit *e, const struct step *s)
{
	const char *path = shown(e, s->dir.path);

	begin(e, s);
	string(e, "path", s->dir.path);
	switch (s->kind) {
	case STEP_ROOT:
		detail(e, N_("chroot to %s"), path);
		break;
	case STEP_WD:
		detail(e, N_("chdir to %s"), path);
		break;
	case STEP_PROC_PRIVATE:
		detail2(e, N_("make %s private first"),
			N_("make %s private first, so that the proc mounted on "
			   "it is not seen in the caller's namespace"),
			path);
		break;
	case STEP_PROC:
		boolean(e, "undo", s->dir.undo);
		detail(e, N_("mount proc on %s (nosuid, nodev, noexec)"), path);
		break;
	default: /* STEP_BINFMT */
		boolean(e, "undo", s->dir.undo);
		detail(e, N_("mount binfmt_misc on %s"), path);
		break;
	}
}

void show_interp(struct emit *e, const struct step *s)
{
	begin(e, s);
	string(e, "string", s->interp.string);
	boolean(e, "before_chroot", s->interp.early);
	if (s->interp.early)
		detail2(e, N_("register %s before the chroot (F flag)"),
			N_("register interpreter %s (F flag: before the chroot, "
			   "where it is opened)"),
			shown(e, s->interp.string));
	else
		detail(e, N_("register interpreter %s"),
		       shown(e, s->interp.string));
}

void show_id(struct emit *e, const struct step *s)
{
	begin(e, s);
	if (s->kind == STEP_SETGID) {
		number(e, "gid", s->id.id);
		detail(e, N_("gid %lld, no supplementary groups"), s->id.id);
	} else {
		number(e, "uid", s->id.id);
		detail(e, N_("uid %lld"), s->id.id);
	}
}

void show_keepcaps(struct emit *e, const struct step *s)
{
	begin(e, s);
	detail(e, N_("keep the capabilities through the setuid "
		     "(PR_SET_KEEPCAPS)"));
}

void show_keep_caps(struct emit *e, const struct step *s)
{
	begin(e, s);
	boolean(e, "new_user_namespace", s->caps.new_userns);
	if (s->caps.new_userns)
		detail(e, N_("the permitted capabilities become ambient"));
	else
		detail2(e, N_("the permitted capabilities become ambient, in "
			      "the caller's user namespace"),
			N_("the permitted capabilities become ambient; no new "
			   "user namespace: the program keeps our capabilities "
			   "in the caller's (as root, every one)"));
}

void show_persist(struct emit *e, const struct step *s)
{
	char text[4096];
	size_t len = 0;
	bool first = true;

	begin(e, s);
	if (e->json) {
		key(e, "files");
		putc('[', e->out);
	}
	text[0] = '\0';
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!s->files[i])
			continue;
		if (e->json) {
			fputs(first ? "{\"namespace\":" : ",{\"namespace\":",
			      e->out);
			json_string(e->out, f->name);
			fputs(",\"path\":", e->out);
			json_string(e->out, s->files[i]);
			fputs(",\"entry\":", e->out);
			json_string(e->out, f->ns_after);
			putc('}', e->out);
		}
		if (len < sizeof text)
			/* TRANSLATORS: the namespace's kind (net, mount...)
			 * and the file it is kept in, as "net in
			 * /run/netns/a"; a list of them follows --persist. */
			len += (size_t)snprintf(text + len, sizeof text - len,
						_("%s%s in %s"), first ? "" : ", ",
						f->name,
						shown(e, s->files[i]));
		first = false;
	}
	if (e->json)
		putc(']', e->out);
	/* TRANSLATORS: %s is the list of namespaces and their files. */
	detail2(e, "%s", N_("keep %s (bind mounts of /proc/PID/ns/ENTRY)"),
		text);
}

void show_environment(struct emit *e, const struct step *s)
{
	char *list = NULL;
	size_t n = 0, size = 0;
	FILE *f = open_memstream(&list, &size);

	begin(e, s);
	if (e->json) {
		key(e, "keep");
		putc('[', e->out);
	}
	/* Each name of every list, checked when taken (env_check_list); an
	 * empty item is passed over. */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p;) {
			size_t k = strcspn(p, ",");

			if (k > 0 && e->json) {
				char *name = strndup(p, k);

				if (n)
					putc(',', e->out);
				json_string(e->out, name ? name : "");
				free(name);
			}
			if (k > 0 && f)
				fprintf(f, "%s%.*s", n ? "," : "", (int)k, p);
			n += k > 0;
			p += k + (p[k] == ',');
		}
	if (e->json)
		putc(']', e->out);
	if (f)
		fclose(f);
	if (n && list)
		/* TRANSLATORS: %s is the names of the variables kept, such as
		 * "HOME,TERM". */
		detail(e, N_("clear the environment but %s and PATH"),
		       shown(e, list));
	else
		detail(e, N_("clear the environment but PATH"));
	free(list);
}

void show_init(struct emit *e, const struct step *s)
{
	begin(e, s);
	detail2(e, N_("pid 1 forks the program, passes signals on, reaps"),
		N_("init: pid 1 forks the program, forwards signals to it (not "
		   "the terminal's) and reaps orphans"));
}

/* The program and its arguments, or the shell: as text the "program"
 * line; as JSON, its argv and where the shell came from. */
static void program_members(struct emit *e, const struct step *s)
{
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;

	fputs("\"argv\":[", e->out);
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			putc(',', e->out);
		json_string(e->out, *a);
	}
	putc(']', e->out);
	if (s->exec.source) {
		fputs(",\"shell_from\":", e->out);
		json_string(e->out, s->exec.source);
	}
}

void show_exec(struct emit *e, const struct step *s)
{
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;
	char *text = NULL;
	size_t size = 0;
	FILE *f;

	if (e->json) {
		begin(e, s);
		putc(',', e->out);
		program_members(e, s);
		detail(e, "run the program");
		return;
	}
	if ((f = open_memstream(&text, &size)) == NULL)
		return;
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			putc(' ', f);
		print_word(f, *a);
	}
	if (s->exec.source)
		/* TRANSLATORS: %s is where the shell came from: $SHELL, the
		 * password database, the fallback. */
		fprintf(f, _(" (the shell, from %s)"), _(s->exec.source));
	fclose(f);
	/* TRANSLATORS: a label of the plan, in a column 12 characters
	 * wide. */
	text_line(e, _("program"), text);
	free(text);
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
 * array; without the reasons, one line of them all. */
static void implied(struct emit *e, const struct plan *plan)
{
	char all[1024];
	size_t len = 0;

	if (e->json)
		fputs(",\"implied\":[", e->out);
	all[0] = '\0';
	for (size_t i = 0; i < plan->nimplied; i++) {
		const struct implied *im = &plan->implied[i];
		char what[200], by[40], text[1024];

		snprintf(what, sizeof what, "%s%s", im->option ? "--" : "",
			 im->option ? row_name(im->option)
				    : unshare_flags[im->flag].name);
		snprintf(by, sizeof by, "--%s", row_name(im->by));
		if (e->json) {
			fputs(i ? ",{" : "{", e->out);
			member(e, true, "what", what);
			member(e, false, "by", by);
			member(e, false, "why", im->by->why);
			putc('}', e->out);
		} else if (e->reasons) {
			/* One line for all an option brings: the reason once. */
			if (i > 0 && plan->implied[i - 1].by == im->by)
				continue;
			while (i + 1 < plan->nimplied &&
			       plan->implied[i + 1].by == im->by) {
				const struct implied *next = &plan->implied[++i];
				size_t n = strlen(what);

				snprintf(what + n, sizeof what - n, ", %s%s",
					 next->option ? "--" : "",
					 next->option ? row_name(next->option)
						      : unshare_flags[next->flag].name);
			}
			/* TRANSLATORS: %s is what is brought in (options or
			 * flags), %s the option that brings it, %s why. */
			snprintf(text, sizeof text, _("%-8s by %s: %s"), what,
				 by, _(im->by->why));
			/* TRANSLATORS: a label of the plan, in a column 12
			 * characters wide. */
			text_line(e, _("implied"), text);
		} else if (len < sizeof all) {
			/* TRANSLATORS: what is brought in and the option that
			 * brings it, as "--fork (by --pid)", in a list. */
			len += (size_t)snprintf(all + len, sizeof all - len,
						_("%s%s (by %s)"),
						i ? ", " : "", what, by);
		}
	}
	if (e->json)
		putc(']', e->out);
	else if (!e->reasons && plan->nimplied)
		text_line(e, _("implied"), all);
}

/* What the kernel's closure added: "added" lines, or the "added" array;
 * without the reasons, one line of them all. */
static void added(struct emit *e, const struct plan *plan)
{
	int order[UNSHARE_NFLAGS] = { 0 };
	size_t n = added_in_order(plan, order);
	unsigned long mask = 0;

	if (e->json)
		fputs(",\"added\":[", e->out);
	for (size_t k = 0; k < n; k++) {
		const struct added *a = &plan->why[order[k]];
		const struct flag *flag = &unshare_flags[order[k]],
				  *by = &unshare_flags[a->by],
				  *from = &unshare_flags[a->origin];
		char text[1024], names[200];

		mask |= flag->bit;
		if (e->json) {
			fputs(k ? ",{" : "{", e->out);
			member(e, true, "flag", flag->name);
			member(e, false, "by", by->name);
			member(e, false, "from", from->name);
			member(e, false, "why", by->implies_why);
			putc('}', e->out);
			continue;
		}
		if (!e->reasons)
			continue;
		/* One line for all a flag brings: the reason once. */
		snprintf(names, sizeof names, "%s", flag->name);
		while (k + 1 < n && plan->why[order[k + 1]].by == a->by) {
			size_t len = strlen(names);

			mask |= unshare_flags[order[++k]].bit;
			snprintf(names + len, sizeof names - len, ", %s",
				 unshare_flags[order[k]].name);
		}
		if (from != by && e->full)
			/* TRANSLATORS: %s is the flags added, %s the flag
			 * whose rule brings them, %s the flag asked for that
			 * started the chain, %s why. */
			snprintf(text, sizeof text, _("%-8s by %s, from --%s: %s"),
				 names, by->name, from->name,
				 _(by->implies_why));
		else
			/* TRANSLATORS: %s is the flags added, %s the flag
			 * whose rule brings them, %s why. */
			snprintf(text, sizeof text, _("%-8s by %s: %s"),
				 names, by->name, _(by->implies_why));
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		text_line(e, _("added"), text);
	}
	if (e->json) {
		putc(']', e->out);
	} else if (!e->reasons && n) {
		char list[512], text[640];

		flags_names(mask, ", ", list, sizeof list);
		/* TRANSLATORS: %s is the flags the kernel's closure added;
		 * -vv is --verbose twice. */
		snprintf(text, sizeof text, _("%s (the closure; -vv says why)"),
			 list);
		text_line(e, _("added"), text);
	}
}

/* What a run leaves as it is, which one may not expect: "note" lines, or
 * the "notes" array, each {"note":KIND,"detail":...}. */
static void notes(struct emit *e, const struct plan *plan)
{
	bool lo_down = (plan->effective & UNSHARE_NET) &&
		       !(plan->opts & OPT_LOOPBACK);

	if (e->json) {
		fputs(",\"notes\":[", e->out);
		if (lo_down) {
			fputs("{\"note\":\"lo-down\",\"detail\":", e->out);
			json_string(e->out, "lo stays down in the new network "
				    "namespace, as util-linux leaves it: "
				    "connecting to 127.0.0.1 fails; --loopback "
				    "brings it up");
			putc('}', e->out);
		}
		putc(']', e->out);
	} else if (lo_down) {
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		text_line(e, _("note"), _("lo stays down in the new network "
					  "namespace; --loopback brings it "
					  "up"));
	}
}

static void print(struct emit *e, const struct plan *plan,
		  const struct steps *steps)
{
	FILE *out = e->out;
	char list[512];

	if (e->json) {
		fputs("{\"requested\":", out);
		names(e, plan->requested, NULL, 0);
	} else {
		if (plan->requested)
			flags_names(plan->requested, ", ", list, sizeof list);
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		text_line(e, _("requested"),
			  plan->requested ? list : _("(nothing)"));
	}
	implied(e, plan);
	added(e, plan);
	if (e->json) {
		char mask[32];

		snprintf(mask, sizeof mask, MASK_FORMAT, plan->effective);
		fputs(",\"effective\":{", out);
		member(e, true, "mask", mask);
		fprintf(out, ",\"value\":%lu,\"flags\":", plan->effective);
		names(e, plan->effective, NULL, 0);
		fputs("},\"steps\":[", out);
	} else if (!plan->effective) {
		snprintf(list, sizeof list, MASK_FORMAT " %s", 0ul,
			 _("(nothing: no unshare(2) call)"));
		text_line(e, _("effective"), list);
	}
	if (!steps) { /* --verbose as text: each step as it runs */
		notes(e, plan);
		return;
	}
	e->items = 0;
	for (size_t i = 0; i < steps->n; i++) {
		const struct step *s = &steps->step[i];

		/* The text's notes come before the program line. */
		if (!e->json && s->kind == STEP_EXEC)
			notes(e, plan);
		step_kinds[s->kind].show(e, s);
	}
	if (e->json) {
		putc(']', out);
		notes(e, plan);
		fputs(",\"program\":{", out);
		program_members(e, &steps->step[steps->n - 1]);
		fputs("}}", out);
	}
}

void plan_print(FILE *out, const char *prefix, const struct plan *plan,
		const struct steps *steps)
{
	struct emit e = { .out = out, .prefix = prefix,
			  .json = plan->opts & OPT_JSON,
			  .full = plan->verbosity >= 2,
			  .reasons = true,
			  .width = text_width(fileno(out)) };

	if (e.json)
		json_open(out, "plan");
	print(&e, plan, steps);
	if (e.json)
		fputs("}\n", out);
}

void say_plan(const struct plan *plan, const struct steps *steps)
{
	FILE *out = events_out();
	struct emit e = { .out = out, .prefix = VERBOSE_PREFIX,
			  .json = narrating_json(),
			  .full = narrating() >= 2,
			  .reasons = narrating() >= 2,
			  .width = text_width(fileno(out)) };

	if (!e.json) {
		/* The steps are said as they run (say_step). */
		print(&e, plan, NULL);
		return;
	}
	e.prefix = "";
	event(out, "plan");
	fputs(",\"plan\":", out);
	print(&e, plan, steps);
	fputs("}\n", out);
}

void say_step(const struct step *s, bool done)
{
	FILE *out = events_out();
	struct emit e = { .out = out, .prefix = VERBOSE_PREFIX,
			  .json = narrating_json(),
			  .full = narrating() >= 2,
			  .event = true,
			  .width = text_width(fileno(out)) };

	/* A fork is done in both processes: the parent's event, with the
	 * child's pid, says it (supervise_fork). */
	if (!narrating() || e.json != done || (done && s->kind == STEP_FORK))
		return;
	if (e.json)
		event(out, "step");
	step_kinds[s->kind].show(&e, s);
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
