/* Who shares our process context (kcmp(2)), for --verbose and --list.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SHARING_H
#define UNSHARE_SHARING_H

#include <stdbool.h>
#include <sys/types.h>

#include "flags.h"
#include "steps.h"

/* The flags whose part of the context kcmp(2) can compare. */
#define SHARING_FLAGS                                                   \
	(UNSHARE_FS | UNSHARE_FILES | UNSHARE_SYSVSEM | UNSHARE_VM |    \
	 UNSHARE_SIGHAND)

/* How many sharers are named. */
#define SHARING_NAMED 8

/* Who shares one part of the context with us. */
struct sharing {
	size_t n;                      /* tasks that share it */
	pid_t named[SHARING_NAMED];    /* the first of them */
	size_t hidden;                 /* tasks we may not compare */
	pid_t unseen[SHARING_NAMED];   /* the first of them */
	int error;                     /* kcmp(2)'s errno where it cannot
					  work at all (ENOSYS), else 0 */
	bool no_undo_list;             /* sysvsem: we have none, so nothing
					  shares it (kcmp cannot say) */
	bool other_proc;               /* /proc is not our pid namespace's:
					  its pids are not ones kcmp(2)
					  takes, so nothing was compared */
};

/* Whether nothing could be told of who shares it. */
static inline bool sharing_unknown(const struct sharing *s)
{
	return s->error || s->other_proc;
}

/* For each flag of mask that kcmp(2) compares, which tasks share that
 * part of the context with us: our own threads, and for fs and sysvsem
 * (which sharing survives execve in) every process /proc shows, when
 * /proc is our pid namespace's (other_proc if not).  Forks a child for sysvsem: call it before unshare(2), never
 * after a new pid namespace, whose pid 1 the child would be.  out is
 * indexed as unshare_flags. */
void sharing_scan(unsigned long mask, struct sharing out[UNSHARE_NFLAGS]);

/* --verbose, before unshare(2): for each flag of named (the flags the
 * command line named, not those the closure added) that kcmp(2) compares, who shares that part of the context with us (or that
 * nothing does, and why).  Returns what it saw, for sharing_after
 * (malloc'd), or NULL when it says nothing. */
struct sharing *sharing_before(unsigned long named);

/* --verbose, after unshare(2): that the tasks seen before no longer share
 * those parts with us.  Frees seen; nothing if it is NULL. */
void sharing_after(unsigned long named, struct sharing *seen);

/* --verbose: the inode numbers of the /proc/self/ns entries that
 * unsharing mask changes (0 where an entry cannot be read), before
 * anything changes; run_unshare reports each against its inode after. */
void ns_snapshot(unsigned long mask, ino_t ino[UNSHARE_NFLAGS]);

#endif
