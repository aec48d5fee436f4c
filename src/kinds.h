/* The step table: a row for each kind of step, its name, how it runs,
 * how it prints, what it does.  Above the runners and the printers: it
 * names them; they never name it (a runner's failures and narration name
 * the step running now, THIS_STEP, which main sets from here).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_KINDS_H
#define UNSHARE_KINDS_H

#include <stdbool.h>

#include "steps.h"

struct emit;

/* A kind of step: its name (the one word the plan's JSON, the events,
 * --list=steps and the tests use), and what it does, in a few words
 * (N_()): --list=steps, the text of --dry-run and --verbose, and the WHAT
 * of its failures.  Arrays: a row holds no pointer (see kinds.c). */
struct step_kind_row {
	char name[16];
	char doc[48];
};

extern const struct step_kind_row step_kinds[STEP_NKINDS];

/* Step s, run through its kind's function, handed what the steps before
 * it left. */
void step_run(const struct step *s, struct run *run);

/* Its values, as JSON members and the text's (show.c); none for some
 * kinds. */
void step_show(struct emit *e, const struct step *s);

/* --dry-run: whether it would fail, and how (*p), foreseen without doing
 * anything. */
bool step_predict(const struct step *s, struct prediction *p);

/* The kind's name: "uid-map". */
static inline const char *step_name(const struct step *s)
{
	return step_kinds[s->kind].name;
}

#endif
