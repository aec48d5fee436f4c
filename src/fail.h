/* One frame for every failure: "unshare: WHAT: REASON; HINT".
 *
 * WHAT is the site's one message, with its values (what failed, on
 * what); REASON the system's words for the error, if there was one; HINT
 * a whole clause saying why or what to do, which a site takes from a
 * small table of its own, by errno.  Under --verbose --json the failed
 * step goes out as an event first.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_FAIL_H
#define UNSHARE_FAIL_H

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

/* The hint of hints for err, translated, or NULL if it has none. */
const char *hint_for(const struct hint *hints, int err);

/* WHAT (from fmt, a message of ours: _("...") at the call), then ": "
 * and the text of err unless err is 0, then "; " and hint unless it is
 * NULL, as one line on stderr.  Before it, with --verbose --json, an
 * event that step (a word for the step, as the plan names it: "proc",
 * "maps"...; NULL for none) failed with err.  Keeps errno. */
void complain(const char *step, int err, const char *hint, const char *fmt,
	      ...) __attribute__((format(printf, 4, 5)));

/* complain(), then exit with status: 125, or 126 and 127 for a program
 * that cannot be run or is not found. */
_Noreturn void fail(int status, const char *step, int err, const char *hint,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
