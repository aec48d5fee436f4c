/* Small readers of /proc files, and of our own capabilities.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PROCFS_H
#define UNSHARE_PROCFS_H

/* A "Key:" line of /proc/self/status, as a number in base (0 if absent). */
unsigned long long proc_status_field(const char *key, int base);

/* A number from a one-line file, or -1. */
long long proc_read_number(const char *path);

/* Whether this process has capability cap in its effective set. */
int has_cap(int cap);

#endif
