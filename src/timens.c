/* Clock offsets of a new time namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "show.h"

/* Write the offsets of step s (--monotonic, --boottime) to
 * /proc/self/timens_offsets, before any process enters the new time
 * namespace.  Exits 125 on failure. */
static void timens_apply(const struct step *s, struct run *run)
{
	static const struct hint hints[] = {
		{ ERANGE, N_("an offset that would make a clock negative or "
			     "too large?") },
		{ EINVAL, N_("an offset that would make a clock negative or "
			     "too large?") },
		{ 0, NULL },
	};
	const struct offset *mono = s->clocks.monotonic,
			    *boot = s->clocks.boottime;
	char text[128];
	int n = 0, fd;

	(void)run;
	/* The kernel's words (not translated): time_namespaces(7). */
	if (mono)
		n += snprintf(text + n, sizeof text - (size_t)n,
			      /* not translated */ "monotonic %lld %ld\n",
			      mono->sec, mono->nsec);
	if (boot)
		n += snprintf(text + n, sizeof text - (size_t)n,
			      /* not translated */ "boottime %lld %ld\n",
			      boot->sec, boot->nsec);
	/* One write: the kernel takes the offsets only before anything
	 * enters the namespace, and all at once. */
	if ((fd = open("/proc/self/timens_offsets", O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, text, (size_t)n) != n)
		step_failed(errno, hint_for(hints, errno), NULL);
	close(fd);
}

STEP_ROW(CLOCKS, "clocks", N_("set the clock offsets"),
	 timens_apply, show_clocks, NULL);
