/* The step table: each kind's row, in the order a run takes them.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include "kinds.h"

/* The kinds are listed once, in kinds.def; each module writes its rows
 * beside its runners (STEP_ROW).  The rows hold pointers, and so does
 * this table, which the loader relocates: an X-macro table of arrays and
 * switches held none.  Measured against that build (readelf -r, -l;
 * callgrind and bench/timing as make bench runs them, 3000 interleaved
 * runs): 248 relative relocations more (437), RELRO 9,776 bytes for 6,448
 * (one page more, one page fault more), about 3,200 user instructions
 * more before the exec (2 %), and CPU time within 0.4 %: some
 * microseconds, below 0.1 % of a run's wall time (3 to 4 ms), under its
 * spread.  Pointers cost less than the 1 % that would pay for the
 * switches, so the simpler form stays: a kind's row sits with its code,
 * NULL where it has no values or no failure to foresee. */
const struct step_kind_row *const step_kinds[STEP_NKINDS] = {
#define KIND(NAME) [STEP_##NAME] = &step_row_##NAME,
#include "kinds.def"
#undef KIND
};

void step_run(const struct step *s, struct run *run)
{
	step_kinds[s->kind]->run(s, run);
}

void step_show(struct emit *e, const struct step *s)
{
	if (step_kinds[s->kind]->show)
		step_kinds[s->kind]->show(e, s);
}

bool step_predict(const struct step *s, struct prediction *p)
{
	return step_kinds[s->kind]->predict &&
	       step_kinds[s->kind]->predict(s, p);
}
