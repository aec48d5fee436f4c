/* What we say about the plan and what it did.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OUTPUT_H
#define UNSHARE_OUTPUT_H

#include <stdio.h>
#include <sys/types.h>

#include "plan.h"

/* The plan, one fact a line, each line started with prefix. */
void plan_print(FILE *out, const char *prefix, const struct plan *plan);

/* Inode numbers of the /proc/self/ns entries that unsharing mask changes
 * (0 where an entry cannot be read). */
void ns_snapshot(unsigned long mask, ino_t ino[UNSHARE_NFLAGS]);

/* One line per namespace in mask: entry, inode before -> after. */
void ns_report(FILE *out, const char *prefix, unsigned long mask,
	       const ino_t before[UNSHARE_NFLAGS],
	       const ino_t after[UNSHARE_NFLAGS]);

#endif
