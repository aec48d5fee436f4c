/* Clock offsets of a new time namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "events.h"
#include "i18n.h"
#include "plan.h"
#include "timens.h"

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
	/* One write: the kernel takes the offsets only before anything
	 * enters the namespace, and all at once. */
	if ((fd = open("/proc/self/timens_offsets", O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, text, (size_t)n) != n)
		errx(EXIT_TOOL,
		     errno == ERANGE || errno == EINVAL
			     ? _("writing the clock offsets to "
				 "/proc/self/timens_offsets failed: %s (an "
				 "offset that would make a clock negative or "
				 "too large?)")
			     : _("writing the clock offsets to "
				 "/proc/self/timens_offsets failed: %s"),
		     i18n_strerror(errno));
	close(fd);
	for (char *nl = strchr(text, '\n'); nl && nl < text + n - 1;
	     nl = strchr(nl, '\n'))
		*nl = ';';
	text[n - 1] = '\0';
	/* TRANSLATORS: --verbose; %s is what was written, such as
	 * "monotonic 5 0;boottime -2 500000000". */
	say(plan, "time", N_("offsets written: %s"), text);
}
