/* Printing the plan, as text or JSON: what was asked for, what the tool
 * and the kernel added, then each step through its row of the step
 * table; and the steps as --verbose says them while they run.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit.h"
#include "env.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "json.h"
#include "kinds.h"
#include "options.h"
#include "output.h"
#include "wrap.h"

/* What the tool's own rules added: "implied" lines, or the "implied"
 * array; without the reasons, one line of them all. */
static void implied(struct emit *e, const struct plan *plan)
{
	if (e->json)
		fputs(",\"implied\":[", e->out);
	for (size_t i = 0; i < plan->nimplied; i++) {
		const struct implied *im = &plan->implied[i];
		char what[200], by[40], text[1024];

		snprintf(what, sizeof what, "%s%s", im->option ? "--" : "",
			 im->option ? row_name(im->option)
				    : unshare_flags[im->flag].name);
		snprintf(by, sizeof by, "--%s", row_name(im->by));
		if (e->json) {
			fputs(i ? ",{" : "{", e->out);
			emit_member(e, true, "what", what);
			emit_member(e, false, "by", by);
			putc('}', e->out);
			continue;
		}
		/* One line for all an option brings. */
		while (i + 1 < plan->nimplied &&
		       plan->implied[i + 1].by == im->by) {
			const struct implied *next = &plan->implied[++i];
			size_t n = strlen(what);

			snprintf(what + n, sizeof what - n, ", %s%s",
				 next->option ? "--" : "",
				 next->option ? row_name(next->option)
					      : unshare_flags[next->flag].name);
		}
		/* TRANSLATORS: %s is what is brought in (options or flags),
		 * %s the option that brings it. */
		snprintf(text, sizeof text, _("%-8s by %s"), what, by);
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		emit_line(e, _("implied"), text);
	}
	if (e->json)
		putc(']', e->out);
}

/* What the kernel's closure added: "added" lines, or the "added" array;
 * without the reasons, one line of them all. */
static void added(struct emit *e, const struct plan *plan)
{
	int order[UNSHARE_NFLAGS] = { 0 };
	size_t n = 0;
	unsigned long mask = 0;

	/* The flags the closure added, in the order it added them, so that
	 * each reason comes after the flag it names. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->why[i].by >= 0)
			order[plan->why[i].step] = (int)i, n++;
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
			emit_member(e, true, "flag", flag->name);
			emit_member(e, false, "by", by->name);
			emit_member(e, false, "from", from->name);
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
		/* TRANSLATORS: %s is the flags added, %s the flag whose rule
		 * brings them, %s why. */
		snprintf(text, sizeof text, _("%-8s by %s: %s"), names,
			 by->name, _(by->implies_why));
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		emit_line(e, _("added"), text);
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
		emit_line(e, _("added"), text);
	}
}

/* What a run leaves as it is, which one may not expect: the notes, each
 * a word for JSON and a line of text. */
static const struct {
	char name[12];
	const char *text;
} note_rows[] = {
	{ "lo-down", N_("lo stays down in the new network namespace; "
			"--loopback brings it up") },
	{ "no-caps", N_("--keep-caps keeps nothing without a new user "
			"namespace (--user, -r)") },
	{ "setuid", N_("--keep-caps keeps the capabilities through "
		       "--setuid, unlike util-linux") },
	{ "groups", N_("--setgid keeps your supplementary groups: setgroups "
		       "is denied") },
	{ "pid1", N_("as pid 1 the program ignores --kill-child's signal "
		     "unless it handles it: add --init") },
	{ "no-ping", N_("--loopback: no group is mapped, so none may ping") },
	{ "host-net", N_("--mount-sysfs without --net shows the host's "
			 "network devices") },
	{ "ro-remount", N_("--ro-bind: a program with CAP_SYS_ADMIN in the "
			   "new namespaces may remount it read-write") },
};

/* Which notes apply: a bit a row. */
static unsigned notes_of(const struct plan *plan, const struct steps *steps)
{
	bool userns = plan->effective & UNSHARE_USER;
	unsigned n = 0;

	if ((plan->effective & UNSHARE_NET) && !(plan->opts & OPT_LOOPBACK))
		n |= 1 << 0;
	if ((plan->opts & OPT_KEEP_CAPS) && !userns)
		n |= 1 << 1;
	if ((plan->opts & OPT_MOUNT_SYSFS) && !(plan->effective & UNSHARE_NET))
		n |= 1 << 6;
	if ((plan->opts & OPT_KEEP_CAPS) && userns &&
	    plan->setuid_id != NO_ID && plan->setuid_id != 0)
		n |= 1 << 2;
	for (size_t i = 0; steps && i < steps->n; i++) {
		const struct step *s = &steps->step[i];

		if (s->kind == STEP_SETGID && s->id.denied)
			n |= 1 << 3;
		if (s->kind == STEP_KILL_CHILD && s->kill.spared)
			n |= 1 << 4;
		if (s->kind == STEP_LOOPBACK && !s->loopback.ping)
			n |= 1 << 5;
		if (s->kind == STEP_BIND && s->dir.read_only)
			n |= 1 << 7;
	}
	return n;
}

static void notes(struct emit *e, unsigned which)
{
	const char *names[sizeof note_rows / sizeof note_rows[0]];
	size_t n = 0;

	for (size_t i = 0; i < sizeof note_rows / sizeof note_rows[0]; i++) {
		if (!(which & 1u << i))
			continue;
		names[n++] = note_rows[i].name;
		if (!e->json)
			/* TRANSLATORS: a label of the plan, in a column 12
			 * characters wide. */
			emit_line(e, _("note"), _(note_rows[i].text));
	}
	emit_names(e, "notes", names, n);
}

/* One step, through its kind's row. */
static void show_step(struct emit *e, const struct step *s)
{
	const struct step_kind_row *row = step_kinds[s->kind];

	e->kind = row->name;
	e->doc = row->doc;
	emit_begin(e);
	step_show(e, s);
	emit_end(e);
}

/* A member whose value is text, or null if it is empty. */
static void text_or_null(struct emit *e, const char *name, const char *text)
{
	fprintf(e->out, ",\"%s\":", name);
	if (*text)
		json_string(e->out, text);
	else
		fputs("null", e->out);
}

/* --dry-run's predictions, as the member "predictions": each the step,
 * the verdict ("fails", or "cannot tell"), the errno's name and text
 * (null for none), the value it fails on, and the hint (or null). */
static void predictions(struct emit *e, const struct prediction *found,
			size_t n)
{
	fputs(",\"predictions\":[", e->out);
	for (size_t i = 0; i < n; i++) {
		const struct prediction *p = &found[i];
		const char *name = p->err ? strerrorname_np(p->err) : "";

		fputs(i ? ",{" : "{", e->out);
		emit_member(e, true, "step", step_name(p->step));
		emit_member(e, false, "verdict",
			    p->unsure ? "cannot tell" : "fails");
		text_or_null(e, "errno", name ? name : "?");
		text_or_null(e, "error", p->err ? i18n_strerror(p->err) : "");
		text_or_null(e, "value", p->value);
		text_or_null(e, "hint", p->hint);
		putc('}', e->out);
	}
	putc(']', e->out);
}

void say_predictions(const struct prediction *found, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct prediction *p = &found[i];
		const char *doc = _(step_kinds[p->step->kind]->doc);
		char what[1024];

		snprintf(what, sizeof what, "%s%s%s", doc, *p->what ? ": " : "",
			 p->what);
		if (p->unsure)
			/* TRANSLATORS: %s is a step that may fail or not:
			 * its words and its value ("wait for a byte on FD
			 * before the exec: 3"). */
			complain(NULL, 0, *p->hint ? p->hint : NULL,
				 _("--dry-run: cannot tell: %s"), what);
		else
			/* TRANSLATORS: %s is what would fail: the step's
			 * words ("unshare(2)", "run the program") and what
			 * it would fail on. */
			complain(NULL, p->err, *p->hint ? p->hint : NULL,
				 _("--dry-run: would fail: %s"), what);
	}
}

/* The plan, and its steps unless text_steps is false (--verbose says them
 * as they run); as JSON, --dry-run's predictions if found. */
static void print(struct emit *e, const struct plan *plan,
		  const struct steps *steps, bool text_steps,
		  const struct prediction *found, size_t n)
{
	FILE *out = e->out;
	char list[512];

	if (e->json) {
		fputs("{\"requested\":", out);
		emit_flags(e, plan->requested, NULL, 0);
	} else {
		if (plan->requested)
			flags_names(plan->requested, ", ", list, sizeof list);
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide. */
		emit_line(e, _("requested"),
			  plan->requested ? list : _("(nothing)"));
	}
	implied(e, plan);
	added(e, plan);
	if (e->json) {
		char mask[32];

		snprintf(mask, sizeof mask, MASK_FORMAT, plan->effective);
		fputs(",\"effective\":{", out);
		emit_member(e, true, "mask", mask);
		fprintf(out, ",\"value\":%lu,\"flags\":", plan->effective);
		emit_flags(e, plan->effective, NULL, 0);
		fputs("},\"steps\":[", out);
	} else if (!plan->effective) {
		snprintf(list, sizeof list, MASK_FORMAT " %s", 0ul,
			 _("(nothing)"));
		emit_line(e, _("effective"), list);
	}
	if (!text_steps) { /* --verbose as text: each step as it runs */
		notes(e, notes_of(plan, steps));
		return;
	}
	e->items = 0;
	for (size_t i = 0; i < steps->n; i++) {
		const struct step *s = &steps->step[i];

		/* The text's notes come before the program line. */
		if (!e->json && s->kind == STEP_EXEC)
			notes(e, notes_of(plan, steps));
		show_step(e, s);
	}
	if (e->json) {
		putc(']', out);
		notes(e, notes_of(plan, steps));
		if (found)
			predictions(e, found, n);
		fputs(",\"program\":{", out);
		emit_program(e, &steps->step[steps->n - 1]);
		fputs("}}", out);
	}
}

void plan_print(FILE *out, const char *prefix, const struct plan *plan,
		const struct steps *steps, const struct prediction *found,
		size_t n)
{
	struct emit e = { .out = out, .prefix = prefix,
			  .json = plan->opts & OPT_JSON,
			  .reasons = true,
			  .width = text_width(fileno(out)) };

	if (e.json)
		json_open(out, "plan");
	print(&e, plan, steps, true, found, n);
	if (e.json)
		fputs("}\n", out);
}

void say_plan(const struct plan *plan, const struct steps *steps)
{
	FILE *out = events_out();
	struct emit e = { .out = out, .prefix = VERBOSE_PREFIX,
			  .json = narrating_json(),
			  .reasons = narrating() >= 2,
			  .width = text_width(fileno(out)) };

	if (!e.json) {
		/* The steps are said as they run (say_step). */
		print(&e, plan, steps, false, NULL, 0);
		return;
	}
	e.prefix = "";
	event(out, "plan");
	fputs(",\"plan\":", out);
	print(&e, plan, steps, true, NULL, 0);
	fputs("}\n", out);
}

void say_step(const struct step *s, bool done)
{
	FILE *out;
	struct emit e;

	/* A fork is done in both processes: the parent's event, with the
	 * child's pid, says it (supervise_fork).  A silent run asks nothing
	 * more, the terminal's width least of all. */
	if (!narrating() || narrating_json() != done ||
	    (done && s->kind == STEP_FORK))
		return;
	out = events_out();
	e = (struct emit){ .out = out, .prefix = VERBOSE_PREFIX,
			   .json = narrating_json(),
			   .event = true,
			   .width = text_width(fileno(out)) };
	if (e.json)
		event(out, "step");
	show_step(&e, s);
}

int output_done(void)
{
	int error = fflush(stdout) == 0 ? 0 : errno;

	if (error == 0 && !ferror(stdout))
		return 0;
	/* An earlier write failed, and its errno is gone: EIO says it. */
	complain(NULL, error ? error : EIO, NULL, _("writing standard output"));
	return EXIT_TOOL;
}

/* path made absolute, its links and dots resolved as far as it exists
 * (realpath), the rest as written, into buf (PATH_MAX).  False if it
 * does not fit. */
static bool resolved(const char *path, char *buf)
{
	char head[PATH_MAX], real[PATH_MAX];
	size_t cut = strlen(path), end;

	if (cut >= sizeof head)
		return false;
	for (;;) {
		snprintf(head, sizeof head, "%.*s", (int)cut, path);
		if (realpath(*head ? head : ".", real) != NULL)
			break;
		if (cut == 0)
			return false;
		/* One name fewer. */
		while (cut > 0 && path[cut - 1] == '/')
			cut--;
		while (cut > 0 && path[cut - 1] != '/')
			cut--;
	}
	for (end = strlen(path); end > cut && path[end - 1] == '/'; end--)
		;
	return (size_t)snprintf(buf, PATH_MAX, "%s%s%.*s", real,
				end > cut && strcmp(real, "/") != 0 ? "/" : "",
				(int)(end - cut), path + cut) < PATH_MAX;
}

/* Whether the resolved path lies under the resolved directory dir. */
static bool lies_under(const char *path, const char *dir)
{
	size_t n = strcmp(dir, "/") == 0 ? 0 : strlen(dir);

	return strncmp(path, dir, n) == 0 && path[n] == '/' && path[n + 1];
}

/* path as seen from here: in the new root base, if any (NULL: none),
 * into buf (PATH_MAX). */
static const char *in_root(const char *base, const char *path, char *buf)
{
	if (base == NULL)
		return path;
	snprintf(buf, PATH_MAX, "%s%s%s", base, *path == '/' ? "" : "/", path);
	return buf;
}

/* The directory step s mounts on as seen from here (into buf, PATH_MAX),
 * or NULL. */
static const char *mounts_on(const struct step *s, char *buf)
{
	switch (s->kind) {
	case STEP_PROC:
	case STEP_BINFMT:
	case STEP_CGROUP_MOUNT:
	case STEP_BIND:
	case STEP_DEV:
	case STEP_TMPFS:
	case STEP_SYSFS:
		/* Relative to --wd in a new root: not followed. */
		return s->dir.root && !s->dir.base
			       ? NULL
			       : in_root(s->dir.base, s->dir.path, buf);
	default:
		return NULL;
	}
}

/* The path step s works on as seen from here, or NULL; a program named
 * without a slash as found on PATH (in its new root, if any); into buf
 * (PATH_MAX). */
static const char *path_of(const struct step *s, char *buf)
{
	const char *path, *p, *root;

	switch (s->kind) {
	case STEP_WD:
	case STEP_PROC_PRIVATE:
	case STEP_CGROUP_PRIVATE:
	case STEP_BIND_SOURCE:
		return s->dir.root && !s->dir.base
			       ? NULL
			       : in_root(s->dir.base, s->dir.path, buf);
	case STEP_EXEC:
		root = s->exec.root;
		if (s->exec.argv == NULL || strchr(s->exec.path, '/'))
			return in_root(root, s->exec.path, buf);
		path = s->exec.default_path ? DEFAULT_PATH : getenv("PATH");
		/* As execvp(3) searches it: an empty entry is the working
		 * directory. */
		for (p = path; p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
			int len = (int)strcspn(p, ":");

			if (snprintf(buf, PATH_MAX, "%s%.*s/%s",
				     root ? root : "", len ? len : 1,
				     len ? p : ".", s->exec.path) < PATH_MAX &&
			    access(buf, X_OK) == 0)
				return buf;
		}
		return NULL;
	default:
		return mounts_on(s, buf);
	}
}

/* Whether path, as the run walks it, passes under the resolved
 * directory dir: one of the directories on its way, or itself, lies
 * under dir; or, with self, is dir (a file bound on the program). */
static bool passes_under(const char *path, const char *dir, bool self)
{
	char head[PATH_MAX], real[PATH_MAX];

	for (size_t i = 1; path[0] && i <= strlen(path); i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		snprintf(head, sizeof head, "%.*s", (int)i, path);
		if (resolved(head, real) &&
		    (lies_under(real, dir) ||
		     (self && path[i] == '\0' && strcmp(real, dir) == 0)))
			return true;
	}
	return false;
}

/* The #! interpreter of the program file path, as seen from here (in
 * root, if any), into buf (PATH_MAX); or NULL if it names none. */
static const char *interpreter_of(const char *root, const char *path,
				  char *buf)
{
	char line[256];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t n = fd >= 0 ? read(fd, line, sizeof line - 1) : -1;
	char *name = line + 2;

	if (fd >= 0)
		close(fd);
	if (n < 3 || line[0] != '#' || line[1] != '!')
		return NULL;
	line[n] = '\0';
	name += strspn(name, " \t");
	name[strcspn(name, " \t\n")] = '\0';
	if (*name != '/')
		return NULL;
	snprintf(buf, PATH_MAX, "%s%s", root ? root : "", name);
	return buf;
}

void steps_covered(struct steps *steps)
{
	char found[PATH_MAX], at[PATH_MAX], dir[PATH_MAX], interp[PATH_MAX];

	for (size_t j = 0; j < steps->n; j++) {
		struct step *s = &steps->step[j];
		const char *mine = path_of(s, found);
		/* What runs a script is looked for when it runs, too. */
		const char *runner = s->kind == STEP_EXEC && mine
					     ? interpreter_of(s->exec.root, mine,
							      interp)
					     : NULL;

		for (size_t i = 0; mine && i < j; i++) {
			const char *on = mounts_on(&steps->step[i], at);

			if (on == NULL || !resolved(on, dir) ||
			    (!passes_under(mine, dir, s->kind == STEP_EXEC) &&
			     !(runner && passes_under(runner, dir, true))))
				continue;
			/* Each as given. */
			s->covered.path = s->kind == STEP_EXEC ? s->exec.path
							       : s->dir.path;
			s->covered.by = steps->step[i].dir.path;
			break;
		}
	}
}
