/* Clock offsets of a new time namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "plan.h"
#include "timens.h"

/* Far beyond any real use, and well inside what the kernel takes. */
#define MAX_SECONDS 1000000000000LL

int offset_parse(const char *s, struct offset *out)
{
	bool negative = *s == '-';
	long long sec = 0;
	long nsec = 0;
	int decimals = 0;

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

void timens_apply(const struct plan *plan)
{
	char text[128];
	int n = 0, fd;

	if (plan->monotonic.set)
		n += snprintf(text + n, sizeof text - (size_t)n,
			      "monotonic %lld %ld\n", plan->monotonic.sec,
			      plan->monotonic.nsec);
	if (plan->boottime.set)
		n += snprintf(text + n, sizeof text - (size_t)n,
			      "boottime %lld %ld\n", plan->boottime.sec,
			      plan->boottime.nsec);
	if (n == 0)
		return;
	/* One write: the kernel takes the offsets only before anything
	 * enters the namespace, and all at once. */
	if ((fd = open("/proc/self/timens_offsets", O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, text, (size_t)n) != n)
		errx(EXIT_TOOL, "writing the clock offsets to "
		     "/proc/self/timens_offsets failed: %s%s", strerror(errno),
		     errno == ERANGE || errno == EINVAL
			     ? " (an offset that would make a clock negative "
			       "or too large?)"
			     : "");
	close(fd);
	if (plan->verbose)
		warnx("time       offsets written: %.*s", n - 1, text);
}
