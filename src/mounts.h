/* Mounts in the new mount namespace, and the root and working directory.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MOUNTS_H
#define UNSHARE_MOUNTS_H

#include <stdbool.h>

#include "plan.h"

/* --propagation (default private; not unchanged), recursively from /.
 * Exits 125 on failure. */
void mounts_propagation(const struct plan *plan);

/* --root and --wd (one at least).  Exits 125 on failure. */
void mounts_root(const struct plan *plan);

/* Mount a fresh proc on plan->proc_dir.  Exits 125 on failure. */
void mounts_proc(const struct plan *plan);

/* Whether some --load-interp has the F flag and --root is given: then
 * those are registered before the chroot, so that the interpreter is
 * found outside the new root (a qemu-user for a foreign chroot). */
bool mounts_binfmt_fixed_first(const struct plan *plan);

/* Before the chroot: make this user namespace's binfmt_misc, mounted
 * nowhere yet, and register the F interpreters in it.  Returns its mount
 * for mounts_binfmt.  Exits 125 on failure. */
int mounts_binfmt_fixed(const struct plan *plan);

/* Mount binfmt_misc on its directory (the one from mounts_binfmt_fixed,
 * if fixed_fd is not -1) and register the interpreters not registered
 * yet.  Exits 125 on failure. */
void mounts_binfmt(const struct plan *plan, int fixed_fd);

#endif
