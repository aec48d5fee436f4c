/* Small readers of /proc files, and of our own capabilities.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PROCFS_H
#define UNSHARE_PROCFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The rest of the "Key:" line of /proc/self/status, read into line (of
 * size bytes); NULL if there is none. */
char *proc_status_line(const char *key, char *line, size_t size);

/* A "Key:" line of /proc/self/status, as a number in base (0 if absent). */
unsigned long long proc_status_field(const char *key, int base);

/* Whether /proc shows the processes of our own pid namespace, by their
 * pids there: its NSpid line for us (our pid in the namespace of that
 * /proc, then in each one nested below it) is our pid alone.  A /proc of
 * an outer namespace shows us with more numbers, one of an inner
 * namespace does not show us, and there may be none mounted. */
bool proc_is_ours(void);

/* The inode of our /proc/self/ns/ENTRY (which namespace it is), or 0 if
 * it cannot be read. */
ino_t ns_inode(const char *entry);

/* A number from a one-line file, or -1. */
long long proc_read_number(const char *path);

/* This process's effective capabilities, bit N for capability N (0 if
 * they cannot be read). */
uint64_t effective_caps(void);

/* Whether this process has capability cap in its effective set. */
int has_cap(int cap);

/* Where the cgroup v2 hierarchy is mounted in our mount namespace (the
 * first cgroup2 mount of its root, from /proc/self/mountinfo:
 * /sys/fs/cgroup on a unified system, /sys/fs/cgroup/unified on a hybrid
 * one), in mnt; and our cgroup's directory there (the mount point and our
 * path of /proc/self/cgroup), in dir.  0; or -1 if there is none (errno
 * 0), with errno if the files could not be read, ENAMETOOLONG if dir
 * cannot hold the path, EXDEV if our cgroup is outside our cgroup
 * namespace's root (the kernel's /.. in the path). */
int cgroup_find(char *mnt, size_t mnt_size, char *dir, size_t dir_size);

/* Whether this process is in the initial user namespace (its uid_map
 * maps every id). */
bool initial_userns(void);

/* Whether every proc mounted in our mount namespace has another mount
 * on part of it: then a new proc, in a mount namespace of a user
 * namespace not the initial one, would show what those hide, and the
 * kernel refuses it (EPERM, "too revealing").  The first such mount's
 * point in cover. */
bool proc_covered(char *cover, size_t size);

#endif
