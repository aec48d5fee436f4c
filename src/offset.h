/* Clock offsets as given on the command line.  Pure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OFFSET_H
#define UNSHARE_OFFSET_H

#include <stdbool.h>

struct offset {
	bool set;
	long long sec;  /* may be negative */
	long nsec;      /* 0 to 999999999, added to sec */
};

/* "86400", "-1.5", "0.000000001": seconds, at most 9 decimals.  0 or -1. */
int offset_parse(const char *s, struct offset *out);

#endif
