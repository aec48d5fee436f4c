/* The plan, as text or JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OUTPUT_H
#define UNSHARE_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "plan.h"
#include "steps.h"

/* The plan and its steps: one fact a line, each started with prefix and
 * fitted to the terminal; or, with --json, one JSON document on one
 * line: {"version":N,"plan":{...}}, with the n predictions of --dry-run
 * as its member "predictions" (as text, say_predictions says them). */
void plan_print(FILE *out, const char *prefix, const struct plan *plan,
		const struct steps *steps, const struct prediction *found,
		size_t n);

/* The n predictions of --dry-run as text, on stderr: each that the run
 * would fail, a frame of its own. */
void say_predictions(const struct prediction *found, size_t n);

/* --dry-run: mark each step whose path (a directory, the program as
 * found on PATH), in the new root if any, lies under the directory of an
 * earlier step's mount (step.covered): what the run will find there is
 * that mount's, which the dry run cannot see.  Reads the file system to
 * resolve the paths. */
void steps_covered(struct steps *steps);

/* With --verbose, the plan on stderr: text lines after VERBOSE_PREFIX, or
 * a JSON line {"version":N,"event":"plan","plan":{...}}. */
void say_plan(const struct plan *plan, const struct steps *steps);

/* With --verbose, step s: as text its line, before it runs (done
 * false); as JSON, once it is done (done true), an event
 * {"version":N,"event":"step","step":KIND,MEMBERS...,"detail":...,
 * "outcome":"ok"}.  Nothing for a step that fails: its messages say it,
 * and with --json a failed step event. */
void say_step(const struct step *s, bool done);

/* Flushes standard output: 0 if all we wrote went out, else says why
 * and returns EXIT_TOOL (a full disk, a closed descriptor). */
int output_done(void);

#endif
