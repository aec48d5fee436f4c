/* The plan, as text or JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OUTPUT_H
#define UNSHARE_OUTPUT_H

#include <stdio.h>

#include "plan.h"

/* The plan: one fact a line, each started with prefix; or, with
 * plan->json, one JSON document on one line: {"version":N,"plan":{...}}. */
void plan_print(FILE *out, const char *prefix, const struct plan *plan);

/* With --verbose, the plan on stderr: text lines after VERBOSE_PREFIX, or
 * a JSON line {"version":N,"event":"plan","plan":{...}}. */
void say_plan(const struct plan *plan);

/* Flushes standard output: 0 if all we wrote went out, else says why
 * and returns EXIT_TOOL (a full disk, a closed descriptor). */
int output_done(void);

#endif
