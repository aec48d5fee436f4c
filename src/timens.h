/* Clock offsets of a new time namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_TIMENS_H
#define UNSHARE_TIMENS_H

#include "steps.h"

/* Write the offsets of step s (--monotonic, --boottime) to
 * /proc/self/timens_offsets, before any process enters the new time
 * namespace.  Exits 125 on failure. */
void timens_apply(const struct step *s, struct run *run);

#endif
