/* What --verbose says as things happen, on stderr: text, or with --json
 * JSON lines, each an object that starts {"version":N,"event":KIND.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_EVENTS_H
#define UNSHARE_EVENTS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "flags.h"

/* What starts each line of --verbose text. */
#define VERBOSE_PREFIX "unshare: "

/* Where --verbose writes: stderr, or under --verbose --json the real
 * stderr, once json_messages() has made stderr a stream of message
 * events. */
FILE *events_out(void);

/* Starts an event line on out: {"version":N,"event":KIND -- the caller
 * writes the rest, the closing brace and the newline. */
void event(FILE *out, const char *kind);

/* As the step of a message, a failure or an event: the step running now,
 * as main last set it (events_at).  A runner need not know its own
 * name. */
#define THIS_STEP ""

/* The step running now, by its kind's name, and what it does (its
 * row's doc, marked N_()): main, before each. */
void events_at(const char *step, const char *doc);

/* What the step running now does, translated: the WHAT of its failures
 * (step_failed). */
const char *events_doc(void);

/* How much --verbose says, and in what form: set once, before the
 * first thing is said (main), and read by whatever narrates.  0: say
 * nothing; 1: one short line a fact; 2 and more: the long form. */
void narration_init(int verbosity, bool json);

/* The count of --verbose (0 when nothing is said). */
int narrating(void);

/* Whether what is said goes out as JSON lines. */
bool narrating_json(void);

/* With --verbose, on stderr: "unshare: KIND  DETAIL", or a JSON line
 * {"version":N,"event":"step","step":KIND,"detail":DETAIL,
 * "outcome":"ok"}. */
void say(const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* say(), for a step that made a process: with --json, its pid is a
 * member too ("pid":PID), for a script to hand to another tool. */
void say_pid(const char *kind, pid_t pid, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* With --verbose --json: that step kind failed, with errno err (0 for
 * none), as a JSON line on stderr, before the messages that explain it. */
void events_failed(const char *kind, int err);

/* With --verbose --json, from here on every line of ours on stderr is
 * JSON: what err(3), warn(3) and the diagnoses write becomes
 * {"version":N,"event":"message","text":...}, and if our process then
 * ends with a status other than 0 (not one passed on from the program),
 * a last {"version":N,"event":"exit","status":S,"outcome":"failed"}. */
void json_messages(void);

/* The status we are about to end with is the program's (or the child's):
 * no exit event for it. */
void events_passing_status(void);

#endif
