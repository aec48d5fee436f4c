/* One frame for every failure (see fail.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "events.h"
#include "fail.h"
#include "i18n.h"

const char *hint_for(const struct hint *hints, int err)
{
	for (; hints->err; hints++)
		if (hints->err == err)
			return _(hints->text);
	return NULL;
}

static void vcomplain(const char *step, int err, const char *hint,
		      const char *fmt, va_list ap)
{
	int saved = errno;
	char what[8192];

	if (step)
		events_failed(step, err);
	vsnprintf(what, sizeof what, fmt, ap);
	if (err && hint)
		warnx("%s: %s; %s", what, i18n_strerror(err), hint);
	else if (err)
		warnx("%s: %s", what, i18n_strerror(err));
	else if (hint)
		warnx("%s; %s", what, hint);
	else
		warnx("%s", what);
	errno = saved;
}

void complain(const char *step, int err, const char *hint, const char *fmt,
	      ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(step, err, hint, fmt, ap);
	va_end(ap);
}

_Noreturn void fail(int status, const char *step, int err, const char *hint,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(step, err, hint, fmt, ap);
	va_end(ap);
	exit(status);
}
