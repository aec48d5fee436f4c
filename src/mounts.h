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

/* --root: chroot to dir (no chdir).  Exits 125 on failure. */
void mounts_chroot(const char *dir);

/* --wd, or / after --root.  Exits 125 on failure. */
void mounts_chdir(const struct plan *plan, const char *dir);

/* Mount a fresh proc on dir, through the mount API (fsopen, fsmount,
 * move_mount) so that a failure undoes it through its descriptor; with
 * mount(2) on a kernel without it.  Exits 125 on failure. */
void mounts_proc(const struct plan *plan, const char *dir);

/* Before the chroot, for F interpreters: make this user namespace's
 * binfmt_misc, mounted nowhere yet, and return its mount, to register in
 * and then for mounts_binfmt.  Exits 125 on failure. */
int mounts_binfmt_instance(void);

/* Mount binfmt_misc on dir: the instance from mounts_binfmt_instance if it
 * is not -1, else a new one.  Returns the mount's root, to register in
 * (the mount itself, kept open until the exec: a failure undoes it
 * through it).  Exits 125 on failure. */
int mounts_binfmt(const struct plan *plan, const char *dir, int instance);

/* Register the interpreter of step s (STEP_INTERP) in the binfmt_misc
 * whose root is dirfd.  Exits 125 on failure. */
void mounts_register(const struct plan *plan, const struct step *s,
		     int dirfd);

#endif
