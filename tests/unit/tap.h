/* A few lines of TAP for the C unit tests.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_TAP_H
#define UNSHARE_TAP_H

#include <stdio.h>

static int tap_count, tap_failed;

#define ok(cond, ...)                                                    \
	do {                                                             \
		int ok_ = !!(cond);                                      \
		printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_count);  \
		printf(__VA_ARGS__);                                     \
		putchar('\n');                                           \
		if (!ok_) {                                              \
			tap_failed++;                                    \
			printf("#   failed at %s:%d: %s\n", __FILE__,     \
			       __LINE__, #cond);                         \
		}                                                        \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
