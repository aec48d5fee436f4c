/* The flag table and the closure.  Pure code: no system calls here.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "flags.h"
#include "i18n.h"
#include "quote.h"

/* Our values must be the kernel's, or the mask we pass means something
 * else to it. */
#define SAME_BIT(ours, theirs) \
	_Static_assert((ours) == (unsigned long)(theirs), #ours " != " #theirs)
SAME_BIT(UNSHARE_MOUNT, CLONE_NEWNS);
SAME_BIT(UNSHARE_UTS, CLONE_NEWUTS);
SAME_BIT(UNSHARE_IPC, CLONE_NEWIPC);
SAME_BIT(UNSHARE_NET, CLONE_NEWNET);
SAME_BIT(UNSHARE_PID, CLONE_NEWPID);
SAME_BIT(UNSHARE_USER, CLONE_NEWUSER);
SAME_BIT(UNSHARE_CGROUP, CLONE_NEWCGROUP);
SAME_BIT(UNSHARE_TIME, CLONE_NEWTIME);
SAME_BIT(UNSHARE_FS, CLONE_FS);
SAME_BIT(UNSHARE_FILES, CLONE_FILES);
SAME_BIT(UNSHARE_SYSVSEM, CLONE_SYSVSEM);
SAME_BIT(UNSHARE_VM, CLONE_VM);
SAME_BIT(UNSHARE_SIGHAND, CLONE_SIGHAND);
SAME_BIT(UNSHARE_THREAD, CLONE_THREAD);

/* What a flag detaches and why the kernel adds others are marked N_(),
 * and translated where they are shown. */
const struct flag unshare_flags[UNSHARE_NFLAGS] = {
	{ "mount", UNSHARE_MOUNT, "CLONE_NEWNS",
	  /* TRANSLATORS: what a flag gives the process its own copy of,
	   * in --help ("new mount namespace: mount table") and --list. */
	  N_("mount table"),
	  "mnt", "mnt", "2.6.16", "",
	  UNSHARE_FS,
	  /* TRANSLATORS: why the kernel adds a flag, after "added fs
	   * mount brings fs: " in --dry-run and --verbose. */
	  N_("root and cwd point into the mount table") },
	{ "uts", UNSHARE_UTS, "CLONE_NEWUTS", N_("hostname and domain name"),
	  "uts", "uts", "2.6.19", "CONFIG_UTS_NS", 0, "" },
	{ "ipc", UNSHARE_IPC, "CLONE_NEWIPC",
	  N_("System V IPC and POSIX message queues"),
	  "ipc", "ipc", "2.6.19", "CONFIG_IPC_NS", UNSHARE_SYSVSEM,
	  N_("semaphore undo belongs to the old IPC namespace") },
	{ "net", UNSHARE_NET, "CLONE_NEWNET",
	  N_("network devices, addresses, routes, firewall"),
	  "net", "net", "2.6.24", "CONFIG_NET_NS", 0, "" },
	{ "pid", UNSHARE_PID, "CLONE_NEWPID",
	  N_("process ids (for its children)"),
	  "pid", "pid_for_children", "3.8", "CONFIG_PID_NS", 0, "" },
	{ "user", UNSHARE_USER, "CLONE_NEWUSER",
	  N_("user and group ids, capabilities"),
	  "user", "user", "3.8", "CONFIG_USER_NS", UNSHARE_THREAD | UNSHARE_FS,
	  N_("a user namespace belongs to one process alone") },
	{ "cgroup", UNSHARE_CGROUP, "CLONE_NEWCGROUP",
	  N_("cgroup root directory"),
	  "cgroup", "cgroup", "4.6", "CONFIG_CGROUPS", 0, "" },
	{ "time", UNSHARE_TIME, "CLONE_NEWTIME",
	  N_("monotonic and boot-time clocks"),
	  "time", "time_for_children", "5.6", "CONFIG_TIME_NS", 0, "" },
	{ "fs", UNSHARE_FS, "CLONE_FS", N_("root, working directory and umask"),
	  "", "", "2.6.16", "", 0, "" },
	{ "files", UNSHARE_FILES, "CLONE_FILES", N_("file descriptor table"),
	  "", "", "2.6.16", "", 0, "" },
	{ "sysvsem", UNSHARE_SYSVSEM, "CLONE_SYSVSEM",
	  N_("System V semaphore undo list"), "", "", "2.6.26", "", 0, "" },
	{ "vm", UNSHARE_VM, "CLONE_VM", N_("address space"),
	  "", "", "2.6.16", "", UNSHARE_SIGHAND,
	  N_("signal handlers are addresses in the address space") },
	{ "sighand", UNSHARE_SIGHAND, "CLONE_SIGHAND",
	  N_("signal handler table"),
	  "", "", "2.6.16", "", UNSHARE_THREAD,
	  N_("a thread group shares one signal handler table") },
	{ "thread", UNSHARE_THREAD, "CLONE_THREAD", N_("thread group"),
	  "", "", "2.6.16", "", UNSHARE_VM,
	  N_("a thread group shares one address space") },
};

int flag_index(unsigned long bit)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (unshare_flags[i].bit == bit)
			return (int)i;
	return -1;
}

const struct flag *flag_by_bit(unsigned long bit)
{
	int i = flag_index(bit);

	return i < 0 ? NULL : &unshare_flags[i];
}

static int name_is(const char *want, const char *name, size_t len)
{
	return strlen(want) == len && strncasecmp(want, name, len) == 0;
}

const struct flag *flag_by_name(const char *name, size_t len)
{
	static const char prefix[] = "UNSHARE_";
	const size_t plen = sizeof prefix - 1;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (name_is(f->name, name, len) ||
		    name_is(f->kernel, name, len) ||
		    (len > plen && strncasecmp(name, prefix, plen) == 0 &&
		     name_is(f->name, name + plen, len - plen)))
			return f;
	}
	return NULL;
}

unsigned long flags_closure(unsigned long requested, struct added *why)
{
	int queue[UNSHARE_NFLAGS];
	int origin[UNSHARE_NFLAGS];
	size_t head = 0, tail = 0, first_added;
	unsigned long mask = requested;

	if (why)
		for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
			why[i] = (struct added){ -1, -1, -1 };

	/* Breadth first from the requested flags, in table order, so every
	 * added flag is explained by the shortest chain. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (requested & unshare_flags[i].bit) {
			origin[i] = (int)i;
			queue[tail++] = (int)i;
		}

	first_added = tail;
	while (head < tail) {
		int f = queue[head++];

		for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
			unsigned long bit = unshare_flags[i].bit;

			if (!(unshare_flags[f].implies & bit) || (mask & bit))
				continue;
			mask |= bit;
			origin[i] = origin[f];
			if (why)
				why[i] = (struct added){
					.by = f,
					.origin = origin[f],
					.step = (int)(tail - first_added),
				};
			queue[tail++] = (int)i;
		}
	}
	return mask;
}

/* A number in --flags: 0x hex or decimal, the whole item. */
static int parse_number(const char *s, size_t len, unsigned long *out)
{
	char buf[32], *end;
	int base = 10;
	size_t skip;

	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (len > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
		base = 16;
	else if (buf[0] < '0' || buf[0] > '9')
		return -1;
	/* strtoul would take a sign or blanks; the checks above and below
	 * leave it only digits. */
	skip = base == 16 ? 2 : 0;
	if (strspn(buf + skip, base == 16 ? "0123456789abcdefABCDEF"
					  : "0123456789") != len - skip)
		return -1;
	errno = 0;
	*out = strtoul(buf, &end, base);
	if (errno || *end)
		return -1;
	return 0;
}

int flags_parse_list(const char *list, unsigned long *mask, char *msg,
		     size_t msgsize)
{
	const char *p = list;

	for (;;) {
		size_t len = strcspn(p, ",");
		const struct flag *f;
		unsigned long n;

		if (len == 0) {
			snprintf(msg, msgsize,
				 _("empty item in flag list %s"),
				 quoted_word(list, strlen(list)));
			return -1;
		}
		if ((f = flag_by_name(p, len)) != NULL) {
			*mask |= f->bit;
		} else if (parse_number(p, len, &n) == 0) {
			if (n & ~UNSHARE_VALID) {
				unsigned long bad = n & ~UNSHARE_VALID;
				unsigned long nbad =
					(unsigned long)__builtin_popcountl(bad);

				/* MASK_FORMAT written out: a message put
				 * together from a macro is not found in the
				 * catalog. */
				snprintf(msg, msgsize,
					 /* TRANSLATORS: the first 0x%08lx is
					  * the unknown bits, %s the item of
					  * --flags as given, the second
					  * 0x%08lx all the known bits. */
					 n_("unknown bit 0x%08lx in %s: the "
					    "known bits are 0x%08lx "
					    "(unshare --list -o flag,value)",
					    "unknown bits 0x%08lx in %s: the "
					    "known bits are 0x%08lx "
					    "(unshare --list -o flag,value)",
					    nbad),
					 bad, quoted_word(p, len),
					 UNSHARE_VALID);
				return -1;
			}
			*mask |= n;
		} else {
			char names[160];

			flags_names(UNSHARE_VALID, ", ", names, sizeof names);
			snprintf(msg, msgsize,
				 /* TRANSLATORS: the first %s is the item of
				  * --flags as given, the second the list of
				  * flag names. */
				 _("unknown flag %s: give a flag name "
				   "(%s) or a number"),
				 quoted_word(p, len), names);
			return -1;
		}
		if (p[len] == '\0')
			return 0;
		p += len + 1;
	}
}

size_t flags_names(unsigned long mask, const char *sep, char *buf,
		   size_t size)
{
	size_t n = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (!(mask & unshare_flags[i].bit))
			continue;
		int w = snprintf(n < size ? buf + n : NULL,
				 n < size ? size - n : 0, "%s%s",
				 n ? sep : "", unshare_flags[i].name);
		n += (size_t)w;
	}
	return n;
}
