/* Mounts in the new mount namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MOUNTS_H
#define UNSHARE_MOUNTS_H

#include "plan.h"

/* Make every mount private in a new mount namespace, so that nothing
 * mounted inside propagates out.  Exits 125 on failure. */
void mounts_make_private(const struct plan *plan);

/* Mount a fresh proc on plan->proc_dir.  Exits 125 on failure. */
void mounts_proc(const struct plan *plan);

#endif
