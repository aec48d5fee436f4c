/* The plan, as text or JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OUTPUT_H
#define UNSHARE_OUTPUT_H

#include <stdio.h>

#include "plan.h"

/* What starts each line of --verbose text. */
#define VERBOSE_PREFIX "unshare: "

/* The plan: one fact a line, each started with prefix; or, with
 * plan->json, one JSON document on one line: {"version":N,"plan":{...}}. */
void plan_print(FILE *out, const char *prefix, const struct plan *plan);

/* The plan as one JSON object, without a newline. */
void plan_json(FILE *out, const struct plan *plan);

/* Flushes standard output: 0 if all we wrote went out, else says why
 * and returns EXIT_TOOL (a full disk, a closed descriptor). */
int output_done(void);

#endif
