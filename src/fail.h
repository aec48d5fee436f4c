/* One frame for every failure:
 *
 *   unshare: WHAT: REASON
 *   hint: HINT
 *
 * WHAT is the site's one message, with its values (what failed, on
 * what): for a step's failure, what the step does (its row of the step
 * table) and what it worked on; REASON the system's words for the error,
 * if there was one; HINT a whole clause saying why or what to do, which a
 * site takes from a small table of its own, by errno.  Each part is
 * wrapped at the terminal's width (80 columns when stderr is none),
 * its further lines indented under its first word.  Under --verbose
 * --json the failed step goes out as an event first, and each part as
 * one message event.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_FAIL_H
#define UNSHARE_FAIL_H

#include <stdbool.h>

/* Our own failures, usage errors included; 126 and 127 are the program's
 * (cannot be run, not found), as in the shell. */
#define EXIT_TOOL 125
#define EXIT_CANNOT_RUN 126
#define EXIT_NOT_FOUND 127

/* A site's hints: the clause for an errno, marked N_(); a row with err 0
 * ends the table. */
struct hint {
	int err;
	const char *text;
};

/* What several sites say, marked N_(): whole clauses for a hint; and
 * hint_limit, a format: a limit's name (%s) and its value (%lld). */
extern const char hint_root[], hint_memory[], hint_proc[], hint_busy[],
	hint_mount_api[], hint_refused[], hint_unmapped[], hint_limit[];

/* The hint of hints for err, translated, or NULL if it has none. */
const char *hint_for(const struct hint *hints, int err);

/* The frame itself: what (whose text after a newline, if any, is its
 * hint when hint is NULL), the text of err unless err is 0, and the
 * hint unless it is NULL, on stderr.  Keeps errno. */
void frame(const char *what, int err, const char *hint);

/* WHAT (from fmt, a message of ours: _("...") at the call), the text of
 * err unless it is 0 and the hint unless it is NULL, in the frame.
 * Before it, with --verbose --json, an event that step (a word for the
 * step, as the plan names it: "proc", "maps"...; THIS_STEP for the one
 * running now; NULL for none) failed with err.  Keeps errno. */
void complain(const char *step, int err, const char *hint, const char *fmt,
	      ...) __attribute__((format(printf, 4, 5)));

/* complain(), then exit with status: 125, or 126 and 127 for a program
 * that cannot be run or is not found. */
_Noreturn void fail(int status, const char *step, int err, const char *hint,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The step running now failed: WHAT is what it does (its row's words),
 * then ": " and what fmt makes (the values it worked on: a path, an id;
 * no words of ours), if fmt is not NULL.  Exits 125. */
_Noreturn void step_failed(int err, const char *hint, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The step running now failed on --option=value, as typed: that is
 * WHAT, before the text of err unless it is 0, and the hint unless it is
 * NULL.  Exits 125. */
_Noreturn void option_failed(int err, const char *hint, const char *option,
			     const char *value);

/* --dry-run: the step would fail with err (0: refused with no errno) on
 * value, as given (said quoted), with hint unless it is NULL.  True. */
struct prediction;
bool predict_fail(struct prediction *p, int err, const char *value,
		  const char *hint);

/* --dry-run: step s lies under an earlier step's mount (s->covered): it
 * cannot tell (p->unsure), and says which.  True. */
struct step;
bool predict_covered(const struct step *s, struct prediction *p);

/* close(fd), errno kept: on a failure's way out. */
void close_keep_errno(int fd);

#endif
