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

/* The way to a cgroup one may make cgroups in, on this system: a hint
 * for a refusal, or brief, for --list. */
const char *cgroup_delegate_hint(bool brief);

#endif
