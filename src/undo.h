/* Undoing what was made when a later step fails: the steps push what
 * would undo them; exit() runs it all, newest first, and so does a
 * SIGTERM, SIGINT or SIGHUP that ends us before the program runs.  exec
 * keeps it all: atexit handlers do not run then, and the signals' handlers
 * are reset to their defaults.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_UNDO_H
#define UNSHARE_UNDO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/* The most actions to undo at once. */
#define UNDO_MAX 24

/* Unmount path, or the mount fd is the root of (umount_mount), lazily,
 * if we end before exec.  The mount, of the filesystem type on path, was
 * made by option: an unmount that fails at exit says so, with them. */
void undo_umount(const char *option, const char *type, const char *path);
void undo_umount_fd(int fd, const char *option, const char *type,
		    const char *path);

/* Unmount (lazily) the mount whose root fd is, through the descriptor,
 * never a path that may lead elsewhere by now; unless something is
 * mounted on it or under it since (EBUSY): that one would go instead, or
 * with it, so ours stays.  0, -1 with errno, or STAYED when something was
 * mounted on it after all, between the look and the unmount, and went in
 * its place (no system call unmounts a mount that is not the topmost);
 * stayed_hint says so, marked N_(). */
#define STAYED 1
extern const char stayed_hint[];
int umount_mount(int fd);

/* Unmount path (lazily) as seen from the directory dir, which is the
 * working directory meanwhile (umount2 takes no directory descriptor),
 * and back: 0, or -1 with errno.  Only system calls. */
int umount_in(int dir, const char *path);

/* Just after a change of uid that kept our capabilities
 * (PR_SET_KEEPCAPS) for the unmounts alone: keep CAP_SYS_ADMIN alone, and
 * only in the permitted set, which the exec of a program under a uid that
 * is not 0 empties; the undo makes it effective when it runs.  0, or -1
 * with errno. */
int undo_keep_admin(void);

/* In the init, once it has forked the program's process: that process
 * undoes if the program cannot be run, the init never does: forget it
 * all, and drop CAP_SYS_ADMIN if kept for it. */
void undo_hand_over(void);

/* Just before a chroot: keep our /proc/self, through which the undo
 * reads the mount table and reaches its mounts' links from then on, never
 * through the new root's /proc, which its owner made. */
void undo_before_chroot(void);

/* Send byte on the socket fd, and wait until it answers done (or its
 * other end is gone), if we end before exec. */
void undo_ask(int fd, char byte, char done);

/* When this process ends, whenever it does (after supervising the
 * program too), but not in a child it forks: the watcher of the cgroup
 * name, our end of whose socket fd is, asked to kill what is in it and
 * remove it, and waited for (continued if stopped). */
void undo_cgroup(int fd, pid_t watcher, const char *name);

/* Whether a cgroup's watcher died before it answered (said already):
 * the cgroup may stay, and the exit status is 125. */
bool undo_left(void);

/* Whether a mount seen outside could be undone: its undo reads our mount
 * table and unmounts through /proc/self.  0, or -1 with errno. */
int undo_can_unmount(void);

/* Remove name in dir (unlinkat(2)'s flags: AT_REMOVEDIR for a
 * directory), made by option, when this process ends (or is ended by a
 * signal), whenever it does: not in a child it forks; not if another
 * file than the one there now is there by then.  A removal refused is
 * said. */
void undo_remove(int dir, const char *name, const char *option, int flags);

/* Whether two stats are of one file, as it was: device, inode and ctime
 * (an inode number is used again once free). */
bool same_file(const struct stat *a, const struct stat *b);

/* The descriptors the undo works with (its actions', our /proc/self),
 * into fds, at most max: for a process that keeps only what it needs
 * (keep_only).  Their number. */
size_t undo_fds(int *fds, size_t max);

/* Undo now whatever is to be undone, as an exit would. */
void undo_now(void);

#endif
