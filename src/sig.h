/* Signal names and numbers.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SIG_H
#define UNSHARE_SIG_H

#include <stddef.h>

/* "KILL", "SIGKILL", "kill", "9", "IOT", "RTMIN+2", "RTMAX-1" or "RT3":
 * the signal number, or -1. */
int sig_parse(const char *s);

/* "KILL" for 9, "RTMIN+2", or the number. */
const char *sig_name(int sig, char *buf, size_t size);

/* The signals --forward-signals passes on to the child, and those the
 * supervisor ignores while it waits without it. */
extern const int forwarded_signals[];
extern const size_t n_forwarded_signals;
extern const int ignored_signals[];
extern const size_t n_ignored_signals;

#endif
