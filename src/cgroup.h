/* A cgroup of the run's own (--new-cgroup): made under the caller's
 * cgroup before anything else by a watcher that outlives us, its limits
 * written (--cgroup-set), entered by the child, which then unshares its
 * cgroup namespace there, and killed and removed when the run ends,
 * however it ends.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_CGROUP_H
#define UNSHARE_CGROUP_H

#include <stdbool.h>

#include "steps.h"

/* Step cgroup-make, first of all: refuse unless the caller may move
 * processes in its cgroup (a delegated one, or root's); then start the
 * watcher, which makes the cgroup s->cgroup.name in s->cgroup.parent
 * and hands it over: run->cgroup.dir, for cgroup-set and, without
 * --owner, for the fork to make the child in; and run->cgroup.sock, on
 * which the child asks the watcher to move it in otherwise.
 * When we end, however (exit, a signal, SIGKILL), the watcher kills
 * what is in it and removes it; if it died first (the program may kill
 * it, without -p), we say so and exit 125. */
void cgroup_make(const struct step *s, struct run *run);

/* Step cgroup-set: write each FILE=VALUE of s in the new cgroup. */
void cgroup_set(const struct step *s, struct run *run);

/* Step cgroup-enter, in the child: move into the new cgroup (unless
 * the fork made it there: run->cgroup.entered), then
 * unshare(2) the cgroup namespace there, whose root it becomes. */
void cgroup_enter(const struct step *s, struct run *run);

/* --dry-run: whether cgroup-make would fail (no cgroup v2, a cgroup not
 * delegated to us, the name taken), cgroup-set (a file its controller
 * does not give here, a controller the caller's cgroup does not enable)
 * and cgroup-enter (a domain controller enabled for the cgroup's
 * children, which keeps the child out; its unshare(2), when no unshare
 * step comes before it). */
bool cgroup_predict(const struct step *s, struct prediction *p);
bool cgroup_set_predict(const struct step *s, struct prediction *p);
bool cgroup_predict_enter(const struct step *s, struct prediction *p);

/* The way to a cgroup one may make cgroups in, on this system: a hint
 * for a refusal, or brief, for --list. */
const char *cgroup_delegate_hint(bool brief);

#endif
