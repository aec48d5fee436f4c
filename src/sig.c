/* Signal names and numbers, from glibc's own table (sigabbrev_np).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>
#include <stdbool.h>
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

/* Other names of the same signals, which util-linux takes too: glibc's
 * abbreviation of SIGIO is POLL, so IO is here. */
static const struct {
	const char *name;
	int sig;
} aliases[] = { { "IOT", SIGABRT }, { "CLD", SIGCHLD }, { "POLL", SIGIO },
		{ "IO", SIGIO } };

/* After "RT": MIN, MIN+N, MAX, MAX-N, or N (MIN+N); N from 0. */
static int realtime(const char *s)
{
	int n, span = SIGRTMAX - SIGRTMIN;

	if (strncasecmp(s, "MIN", 3) == 0 || strncasecmp(s, "MAX", 3) == 0) {
		bool max = toupper((unsigned char)s[1]) == 'A';

		if (s[3] == '\0')
			return max ? SIGRTMAX : SIGRTMIN;
		if (s[3] != (max ? '-' : '+') || (n = number(s + 4, 0, span)) < 0)
			return -1;
		return max ? SIGRTMAX - n : SIGRTMIN + n;
	}
	return (n = number(s, 0, span)) < 0 ? -1 : SIGRTMIN + n;
}

int sig_parse(const char *s)
{
	if (isdigit((unsigned char)*s))
		return number(s, 1, SIGRTMAX);
	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	for (int sig = 1; sig < SIGRTMIN; sig++) {
		const char *name = sigabbrev_np(sig);

		if (name && strcasecmp(s, name) == 0)
			return sig;
	}
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (strcasecmp(s, aliases[i].name) == 0)
			return aliases[i].sig;
	if (strncasecmp(s, "RT", 2) == 0)
		return realtime(s + 2);
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
const int ignored_signals[] = { SIGINT, SIGTERM, SIGQUIT, SIGHUP };
const size_t n_ignored_signals =
	sizeof ignored_signals / sizeof ignored_signals[0];
