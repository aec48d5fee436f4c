/* A new root that is the mount namespace's own root, where a user
 * namespace can be made (a chroot's cannot): the steps pivot-root and
 * old-root.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PIVOT_H
#define UNSHARE_PIVOT_H

#include <stdbool.h>

#include "steps.h"

/* Step pivot-root: s->dir.path, bound onto itself unless it is a mount
 * point, becomes the root (pivot_root(2)), the working directory its /;
 * the old root stays mounted over it, out of the way of paths, and in
 * view for the kernel until old-root (run->mounts.old_root). */
void pivot_root_to(const struct step *s, struct run *run);

/* Step old-root: the old root detached, with all under it. */
void pivot_detach_old(const struct step *s, struct run *run);

/* --dry-run: whether DIR is no directory. */
bool pivot_predict(const struct step *s, struct prediction *p);

#endif
