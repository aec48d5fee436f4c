/* Signal names and numbers, from glibc's own table (sigabbrev_np).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sig.h"

/* A whole decimal number in [lo, hi], or -1. */
static int number(const char *s, int lo, int hi)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	return errno || *end || v < lo || v > hi ? -1 : (int)v;
}

int sig_parse(const char *s)
{
	int n;

	if (isdigit((unsigned char)*s))
		return number(s, 1, SIGRTMAX);
	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	for (int sig = 1; sig < SIGRTMIN; sig++) {
		const char *name = sigabbrev_np(sig);

		if (name && strcasecmp(s, name) == 0)
			return sig;
	}
	if (strncasecmp(s, "RTMIN", 5) == 0) {
		if (s[5] == '\0')
			return SIGRTMIN;
		if (s[5] == '+' &&
		    (n = number(s + 6, 1, SIGRTMAX - SIGRTMIN)) > 0)
			return SIGRTMIN + n;
	}
	if (strncasecmp(s, "RTMAX", 5) == 0) {
		if (s[5] == '\0')
			return SIGRTMAX;
		if (s[5] == '-' &&
		    (n = number(s + 6, 1, SIGRTMAX - SIGRTMIN)) > 0)
			return SIGRTMAX - n;
	}
	return -1;
}

const char *sig_name(int sig, char *buf, size_t size)
{
	const char *name = sig < SIGRTMIN ? sigabbrev_np(sig) : NULL;

	if (name)
		snprintf(buf, size, "%s", name);
	else if (sig == SIGRTMIN)
		snprintf(buf, size, "RTMIN");
	else if (sig > SIGRTMIN && sig <= SIGRTMAX)
		snprintf(buf, size, "RTMIN+%d", sig - SIGRTMIN);
	else
		snprintf(buf, size, "%d", sig);
	return buf;
}

const int forwarded_signals[] = { SIGTERM, SIGINT,  SIGHUP,  SIGQUIT,
				  SIGUSR1, SIGUSR2, SIGWINCH };
const size_t n_forwarded_signals =
	sizeof forwarded_signals / sizeof forwarded_signals[0];
const int ignored_signals[] = { SIGINT, SIGTERM };
const size_t n_ignored_signals =
	sizeof ignored_signals / sizeof ignored_signals[0];

const char *sig_list(const int *sigs, size_t n, char *buf, size_t size)
{
	size_t len = 0;
	char name[16];

	buf[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i == 0 ? "" : i + 1 < n ? ", " : " and ",
					sig_name(sigs[i], name, sizeof name));
	return buf;
}
