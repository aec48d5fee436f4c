/* Signal names and numbers.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SIG_H
#define UNSHARE_SIG_H

#include <stddef.h>

/* "KILL", "SIGKILL", "kill" or "9": the signal number, or -1. */
int sig_parse(const char *s);

/* "KILL" for 9, "RTMIN+2", or the number. */
const char *sig_name(int sig, char *buf, size_t size);

#endif
