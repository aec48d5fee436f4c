/* Clock offsets of a new time namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_TIMENS_H
#define UNSHARE_TIMENS_H

#include <stdbool.h>

struct offset {
	bool set;
	long long sec;  /* may be negative */
	long nsec;      /* 0 to 999999999, added to sec */
};

/* "86400", "-1.5", "0.000000001": seconds, at most 9 decimals.  0 or -1.
 * Pure. */
int offset_parse(const char *s, struct offset *out);

struct plan;

/* Write --monotonic and --boottime to /proc/self/timens_offsets, before
 * any process enters the new time namespace.  Exits 125 on failure. */
void timens_apply(const struct plan *plan);

#endif
