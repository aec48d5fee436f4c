/* The identity the program runs as.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_IDENTITY_H
#define UNSHARE_IDENTITY_H

#include <stdbool.h>

#include "plan.h"

/* --setgid: the group id, and no supplementary groups.  Exits 125 on
 * failure. */
void identity_setgid(const struct plan *plan, long long gid);

/* --setuid (keeping the capabilities with --keep-caps).  Exits 125 on
 * failure. */
void identity_setuid(const struct plan *plan, long long uid);

/* --keep-caps: the permitted capabilities made ambient, to survive the
 * exec.  Exits 125 on failure. */
void identity_keep_caps(const struct plan *plan);

#endif
