/* Mounts in the new mount namespace, and the root and working directory.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MOUNTS_H
#define UNSHARE_MOUNTS_H

#include "plan.h"

/* --propagation (default private; not unchanged), recursively from /.
 * Exits 125 on failure. */
void mounts_propagation(const struct plan *plan);

/* --root and --wd (one at least).  Exits 125 on failure. */
void mounts_root(const struct plan *plan);

/* Mount a fresh proc on plan->proc_dir.  Exits 125 on failure. */
void mounts_proc(const struct plan *plan);

/* Mount binfmt_misc and register --load-interp's interpreters.  Exits
 * 125 on failure. */
void mounts_binfmt(const struct plan *plan);

#endif
