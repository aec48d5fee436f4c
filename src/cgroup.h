/* A cgroup of the run's own (--new-cgroup): made under the caller's
 * cgroup before anything else, entered by the child, which then unshares
 * its cgroup namespace there, and killed and removed when the run ends.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_CGROUP_H
#define UNSHARE_CGROUP_H

#include <stdbool.h>

#include "steps.h"

/* Step cgroup-make, first of all: refuse unless the caller may move
 * processes in its cgroup (a delegated one, or root's), then make the
 * cgroup s->cgroup.name in s->cgroup.parent; a failure of any later step,
 * or the end of the run, kills what is left in it and removes it. */
void cgroup_make(const struct step *s, struct run *run);

/* Step cgroup-enter, in the child: move into the new cgroup, then
 * unshare(2) the cgroup namespace there, whose root it becomes. */
void cgroup_enter(const struct step *s, struct run *run);

/* --dry-run: whether cgroup-make would fail (no cgroup v2, a cgroup not
 * delegated to us, the name taken), and cgroup-enter (its unshare(2),
 * when no unshare step comes before it). */
bool cgroup_predict(const struct step *s, struct prediction *p);
bool cgroup_predict_enter(const struct step *s, struct prediction *p);

#endif
