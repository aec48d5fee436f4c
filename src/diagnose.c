/* Diagnosis of unshare(2) failures.  The kernel says only EPERM, EINVAL or
 * ENOSPC for the whole mask; here we find out which flag and why, trying
 * flags one at a time in throwaway children where the answer is not in
 * /proc.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>

#include "child.h"
#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "procfs.h"

/* Levels below the initial namespace that the kernel allows (measured on
 * 6.x: kernel/user_namespace.c and kernel/pid_namespace.c). */
#define MAX_USER_NESTING 33
#define MAX_PID_NESTING 32

/* How deep this process's pid namespace is (0 in the initial one): the
 * NSpid line of /proc/self/status has a pid for each level.  -1 if
 * unknown. */
static int pid_ns_depth(void)
{
	char line[512], *save;
	char *tok = proc_status_line("NSpid:", line, sizeof line);
	int depth = -1;

	if (tok == NULL)
		return -1;
	for (tok = strtok_r(tok, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save))
		depth++;
	return depth;
}

const char *apparmor_hint(void)
{
	if (getuid() == 0 ||
	    proc_read_number("/proc/sys/kernel/"
			     "apparmor_restrict_unprivileged_userns") != 1)
		return NULL;
	return _("AppArmor: allow userns, or "
		 "kernel.apparmor_restrict_unprivileged_userns=0");
}

/* A chrooted process (its root is no mount's root, as after chroot(2)
 * to a directory) may not make a user namespace; --pivot-root's root
 * is the mount namespace's own. */
static const char hint_chroot[] = N_("a chrooted process cannot make one: "
				     "use --pivot-root, not --root");

bool chrooted(void)
{
	struct statx st;

	return statx(AT_FDCWD, "/", 0, 0, &st) == 0 &&
	       (st.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
	       !(st.stx_attributes & STATX_ATTR_MOUNT_ROOT);
}

/* The hints below: why unshare(2) of mask failed, and what to do,
 * translated (into buf where it has values). */

/* A seccomp filter on this process (Seccomp: 2 in /proc/self/status),
 * as Docker's default profile puts, which refuses unshare(2) with EPERM
 * before the kernel looks at anything else. */
static const char hint_seccomp[] = N_("run it without the seccomp filter "
				      "(Seccomp: 2 in /proc/self/status)");

static const char *explain_eperm(unsigned long mask)
{
	unsigned long privileged = mask & UNSHARE_NAMESPACES & ~UNSHARE_USER;

	if (mask & UNSHARE_USER) {
		if (getuid() != 0 &&
		    proc_read_number("/proc/sys/kernel/"
				     "unprivileged_userns_clone") == 0)
			return _("run as root, or set sysctl "
				 "kernel.unprivileged_userns_clone=1");
		if (chrooted())
			return _(hint_chroot);
		if (apparmor_hint())
			return apparmor_hint();
	} else if (privileged && !has_cap(CAP_SYS_ADMIN)) {
		return _(hint_root);
	}
	return proc_status_field("Seccomp:", 10) == 2 ? _(hint_seccomp)
						      : _(hint_refused);
}

static const char *explain_einval(unsigned long mask, char *buf,
				  size_t size)
{
	int sig;
	unsigned long long threads = proc_status_field("Threads:", 10);
	ino_t pid = ns_inode("pid");

	if (threads > 1 && (mask & UNSHARE_SINGLE_THREADED)) {
		/* TRANSLATORS: %llu (always more than 1) is the number of
		 * threads. */
		snprintf(buf, size, _("it needs a single-threaded process; this "
				      "one has %llu threads (LD_PRELOAD?)"),
			 threads);
		return buf;
	}
	/* pid_for_children differs from pid, or cannot be read at all when
	 * no child has entered the new namespace yet. */
	if ((mask & UNSHARE_PID) && pid != 0 &&
	    ns_inode("pid_for_children") != pid)
		return _("a pid namespace is unshared already: let that "
			 "unshare fork");
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!(mask & f->bit) || !*f->config ||
		    probe(flags_closure(f->bit, NULL) | (mask & UNSHARE_USER),
			  &sig) != EINVAL)
			continue;
		/* TRANSLATORS: %s is a flag name (such as "time"), %s a
		 * kernel version (such as "5.6"), %s the kernel's
		 * configuration option (such as "CONFIG_TIME_NS"). */
		snprintf(buf, size, _("this kernel lacks %s (Linux %s, %s)"),
			 f->name, f->since, f->config);
		return buf;
	}
	return _("try fewer flags to find the one the kernel refuses");
}

static const char *explain_enospc(unsigned long mask, char *buf,
				  size_t size)
{
	int sig;

	if ((mask & UNSHARE_PID) && pid_ns_depth() >= MAX_PID_NESTING) {
		snprintf(buf, size, _("this process is %d pid namespaces deep, "
				      "the most there can be"), pid_ns_depth());
		return buf;
	}
	/* Every other namespace is tried inside a new user namespace when
	 * one is asked for, so try that one alone first. */
	if ((mask & UNSHARE_USER) && probe(UNSHARE_USER, &sig) == ENOSPC)
		mask = UNSHARE_USER;
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		char path[64];
		long long max;

		if (!(mask & f->bit) || !*f->ns ||
		    probe(f->bit | (mask & UNSHARE_USER), &sig) != ENOSPC)
			continue;
		snprintf(path, sizeof path, "/proc/sys/user/max_%s_namespaces",
			 f->ns);
		max = proc_read_number(path);
		/* The kernel does not say how deep we are. */
		if (f->bit == UNSHARE_USER && max != 0)
			/* TRANSLATORS: %d is the nesting limit. */
			snprintf(buf, size, _("at most %d nested user namespaces, "
					      "or raise user.max_user_namespaces"),
				 MAX_USER_NESTING);
		else
			/* TRANSLATORS: %s is part of a sysctl's name (such
			 * as "net"), %lld its value. */
			snprintf(buf, size, _("raise user.max_%s_namespaces (here "
					      "%lld, or a parent's)"), f->ns, max);
		return buf;
	}
	return _("raise a user.max_*_namespaces sysctl, or nest less deep");
}

/* Why unshare(2) of mask fails with err, and what to do; or NULL. */
static const char *explain(int err, unsigned long mask, char *buf,
			   size_t size)
{
	switch (err) {
	case EPERM:
		return explain_eperm(mask);
	case EINVAL:
		return explain_einval(mask, buf, size);
	case ENOSPC:
	case EUSERS:
		return explain_enospc(mask, buf, size);
	case ENOMEM:
		return _(hint_memory);
	}
	return NULL;
}

void diagnose_unshare(int err, unsigned long mask)
{
	char flags[256], what[512], hint[512];

	flags_names(mask, ", ", flags, sizeof flags);
	snprintf(what, sizeof what, "%s: %s", events_doc(), flags);
	frame(what, err, explain(err, mask, hint, sizeof hint));
}

/* --dry-run: unshare(2) of mask tried in a throwaway child; whether it
 * fails, how (*p) and why (the run's hint). */
static bool predict(unsigned long mask, struct prediction *p)
{
	const char *hint;
	int sig;

	if (mask == 0 || (p->err = probe(mask, &sig)) <= 0)
		return false;
	flags_names(mask, ", ", p->what, sizeof p->what);
	flags_names(mask, ",", p->value, sizeof p->value);
	hint = explain(p->err, mask, p->hint, sizeof p->hint);
	if (hint != p->hint)
		snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
	return true;
}

bool diagnose_predict(const struct step *s, struct prediction *p)
{
	return predict(s->unshare.mask | s->unshare.later, p);
}

bool diagnose_predict_cgroup(struct prediction *p)
{
	return predict(UNSHARE_CGROUP, p);
}
