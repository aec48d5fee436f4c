/* Clock offsets as given on the command line.  Pure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>

#include "offset.h"

/* Far beyond any real use, and well inside what the kernel takes. */
#define MAX_SECONDS 1000000000000LL

int offset_parse(const char *s, struct offset *out)
{
	bool negative = *s == '-';
	long long sec = 0;
	long nsec = 0;

	if (*s == '-' || *s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	for (; isdigit((unsigned char)*s); s++) {
		sec = sec * 10 + (*s - '0');
		if (sec > MAX_SECONDS)
			return -1;
	}
	if (*s == '.') {
		int decimals = 0;

		s++;
		if (!isdigit((unsigned char)*s))
			return -1;
		for (; isdigit((unsigned char)*s); s++) {
			if (++decimals > 9)
				return -1;
			nsec = nsec * 10 + (*s - '0');
		}
		for (int d = decimals; d < 9; d++)
			nsec *= 10;
	}
	if (*s != '\0')
		return -1;
	/* The kernel wants whole seconds plus a positive fraction:
	 * -1.5 is -2 and 0.5. */
	if (negative) {
		sec = -sec;
		if (nsec) {
			sec -= 1;
			nsec = 1000000000L - nsec;
		}
	}
	*out = (struct offset){ .set = true, .sec = sec, .nsec = nsec };
	return 0;
}
