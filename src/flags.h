/* The unshare(2) flags under our own names, and the closure the kernel
 * applies to them.  Everything that knows about flags reads the table in
 * flags.c: the options, the closure, the help, the plan and the tests.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_FLAGS_H
#define UNSHARE_FLAGS_H

#include <stddef.h>

/* Same values as the kernel's CLONE_* bits (checked in flags.c at compile
 * time), so a mask of ours can be passed to the system call as it is. */
#define UNSHARE_TIME    0x00000080UL /* CLONE_NEWTIME */
#define UNSHARE_VM      0x00000100UL /* CLONE_VM */
#define UNSHARE_FS      0x00000200UL /* CLONE_FS */
#define UNSHARE_FILES   0x00000400UL /* CLONE_FILES */
#define UNSHARE_SIGHAND 0x00000800UL /* CLONE_SIGHAND */
#define UNSHARE_THREAD  0x00010000UL /* CLONE_THREAD */
#define UNSHARE_MOUNT   0x00020000UL /* CLONE_NEWNS */
#define UNSHARE_SYSVSEM 0x00040000UL /* CLONE_SYSVSEM */
#define UNSHARE_CGROUP  0x02000000UL /* CLONE_NEWCGROUP */
#define UNSHARE_UTS     0x04000000UL /* CLONE_NEWUTS */
#define UNSHARE_IPC     0x08000000UL /* CLONE_NEWIPC */
#define UNSHARE_USER    0x10000000UL /* CLONE_NEWUSER */
#define UNSHARE_PID     0x20000000UL /* CLONE_NEWPID */
#define UNSHARE_NET     0x40000000UL /* CLONE_NEWNET */

#define UNSHARE_VALID                                                    \
	(UNSHARE_MOUNT | UNSHARE_UTS | UNSHARE_IPC | UNSHARE_NET |       \
	 UNSHARE_PID | UNSHARE_USER | UNSHARE_CGROUP | UNSHARE_TIME |    \
	 UNSHARE_FS | UNSHARE_FILES | UNSHARE_SYSVSEM | UNSHARE_VM |     \
	 UNSHARE_SIGHAND | UNSHARE_THREAD)

/* Flags that create a namespace (all but the process-context ones). */
#define UNSHARE_NAMESPACES                                               \
	(UNSHARE_MOUNT | UNSHARE_UTS | UNSHARE_IPC | UNSHARE_NET |       \
	 UNSHARE_PID | UNSHARE_USER | UNSHARE_CGROUP | UNSHARE_TIME)

/* Flags that unshare(2) accepts only while nothing else shares the
 * thread group, address space or signal handlers. */
#define UNSHARE_SINGLE_THREADED                                          \
	(UNSHARE_THREAD | UNSHARE_VM | UNSHARE_SIGHAND | UNSHARE_USER)

/* The texts are arrays, not pointers: a pointer in a table is one more
 * relocation the loader makes at every start (an empty text stands for
 * none).  Our name stays a pointer: as an array in a table, GCC 12 takes
 * it for as long as the rest of the table when it checks the messages
 * that print it (-Wformat-truncation, which a build without NLS makes an
 * error). */
struct flag {
	const char *name;      /* our name, also the long option */
	unsigned long bit;     /* UNSHARE_* */
	char kernel[16];       /* the kernel's name for the bit */
	char detaches[48];     /* what the flag gives the process its own
				  copy of */
	char ns[8];            /* /proc/self/ns entry, or "" */
	char ns_after[20];     /* entry that changes at unshare(2), or "" */
	char since[8];         /* first kernel whose unshare(2) accepts it */
	char config[16];       /* kernel option that builds it in, or "" */
	unsigned long implies; /* flags the kernel adds along with this one */
	char implies_why[56];  /* why it adds them, or "" */
};

#define UNSHARE_NFLAGS 14

/* How a mask is shown everywhere, in the text, in messages and in JSON:
 * 0x and at least 8 hex digits, zero-padded (0x0c040000), as the bits
 * above are written. */
#define MASK_FORMAT "0x%08lx"

extern const struct flag unshare_flags[UNSHARE_NFLAGS];

/* Why a flag is in the effective mask without being asked for. */
struct added {
	int by;     /* index of the flag whose rule added it, or -1 */
	int origin; /* index of the requested flag the chain started from */
	int step;   /* 0 for the first flag added, 1 for the next, ... */
};

const struct flag *flag_by_bit(unsigned long bit);
int flag_index(unsigned long bit);

/* Look a flag up by our name ("mount"), "UNSHARE_MOUNT" or the kernel's
 * name ("CLONE_NEWNS"), in any case.  NULL if unknown. */
const struct flag *flag_by_name(const char *name, size_t len);

/* Apply the implication rules until nothing changes.  Fills why[i] for
 * every flag index i (by = -1 for flags not added) when why is not NULL.
 * Returns the effective mask. */
unsigned long flags_closure(unsigned long requested, struct added *why);

/* Parse a --flags list: names and numbers (0x hex or decimal), comma
 * separated, OR-ed into *mask.  On failure returns -1 and writes a message
 * naming the bad item into msg. */
int flags_parse_list(const char *list, unsigned long *mask, char *msg,
		     size_t msgsize);

/* Write the names of the flags in mask, in table order, separated by sep.
 * Returns the length it needed (like snprintf). */
size_t flags_names(unsigned long mask, const char *sep, char *buf,
		   size_t size);

#endif
