/* Diagnosis of unshare(2) failures.  The kernel says only EPERM, EINVAL or
 * ENOSPC for the whole mask; here we find out which flag and why, trying
 * flags one at a time in throwaway children where the answer is not in
 * /proc.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
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
	char line[512];
	int depth = -1;
	FILE *f = fopen("/proc/self/status", "re");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, "NSpid:", 6) == 0) {
			char *save, *tok = strtok_r(line + 6, " \t\n", &save);

			for (; tok; tok = strtok_r(NULL, " \t\n", &save))
				depth++;
			break;
		}
	fclose(f);
	return depth;
}

static const char *names(unsigned long mask, char *buf, size_t size)
{
	flags_names(mask, ", ", buf, size);
	return buf;
}

const char *apparmor_hint(void)
{
	if (getuid() == 0 ||
	    proc_read_number("/proc/sys/kernel/"
			     "apparmor_restrict_unprivileged_userns") != 1)
		return NULL;
	return _("AppArmor restricts unprivileged user namespaces "
		 "(kernel.apparmor_restrict_unprivileged_userns is 1); give "
		 "the program an AppArmor profile that allows userns, or set "
		 "that sysctl to 0 (sysctl "
		 "kernel.apparmor_restrict_unprivileged_userns=0)");
}

/* A chrooted process (its root is no mount's root, as after chroot(2)
 * to a directory) may not make a user namespace; --pivot-root's root
 * is the mount namespace's own. */
static const char hint_chroot[] = N_("a chrooted process cannot make one: "
				     "use --pivot-root, not --root");

static bool chrooted(void)
{
	struct statx st;

	return statx(AT_FDCWD, "/", 0, 0, &st) == 0 &&
	       (st.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) &&
	       !(st.stx_attributes & STATX_ATTR_MOUNT_ROOT);
}

static void explain_eperm(unsigned long mask)
{
	unsigned long privileged = mask & UNSHARE_NAMESPACES & ~UNSHARE_USER;

	if (mask & UNSHARE_USER) {
		long long v = proc_read_number(
			"/proc/sys/kernel/unprivileged_userns_clone");

		if (v == 0 && getuid() != 0)
			warnx(_("unprivileged user namespaces are turned off "
			      "(/proc/sys/kernel/unprivileged_userns_clone is "
			      "0); run as root, or ask for it to be 1"));
		else if (chrooted())
			warnx("%s", _(hint_chroot));
		else if (apparmor_hint())
			warnx("%s", apparmor_hint());
		else
			warnx(_("a new user namespace is refused to a process "
			      "that is chrooted, whose user or group id has "
			      "no mapping in its user namespace, or that a "
			      "security module or seccomp filter holds back; "
			      "run it outside the chroot or sandbox"));
		return;
	}
	if (privileged && !has_cap(CAP_SYS_ADMIN)) {
		char buf[256];

		/* TRANSLATORS: %s is a list of flag names, such as
		 * "mount, net". */
		warnx(_("new namespaces (%s) need CAP_SYS_ADMIN, which this "
		      "process does not have; run as root, or add "
		      "--map-root-user (-r) so that they belong to a new user "
		      "namespace in which you have it"),
		      names(privileged, buf, sizeof buf));
		return;
	}
	warnx(_("this process has CAP_SYS_ADMIN, so a security module "
	      "(SELinux, AppArmor) or a seccomp filter refused it; check "
	      "the audit log, or run outside the container or sandbox"));
}

static void explain_einval(unsigned long mask)
{
	char buf[256];
	int sig;
	unsigned long threaded = mask & UNSHARE_SINGLE_THREADED, refused = 0;
	unsigned long long threads = proc_status_field("Threads:", 10);
	ino_t pid = ns_inode("pid");

	if (threads > 1 && threaded) {
		/* TRANSLATORS: %s is a list of flag names, such as
		 * "thread, vm, user"; %llu (always more than 1) the number
		 * of threads. */
		warnx(_("%s can be unshared only by a single-threaded process, "
		      "and this one has %llu threads (is something in "
		      "LD_PRELOAD starting threads?)"),
		      names(threaded, buf, sizeof buf), threads);
		return;
	}
	/* pid_for_children differs from pid, or cannot be read at all when
	 * no child has entered the new namespace yet. */
	if ((mask & UNSHARE_PID) && pid != 0 &&
	    ns_inode("pid_for_children") != pid) {
		warnx(_("pid: this process has already unshared a pid "
		      "namespace that only its children enter, and may not "
		      "start another before it forks; let the first unshare "
		      "fork (drop its --no-fork)"));
		return;
	}
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!(mask & f->bit) ||
		    probe(flags_closure(f->bit, NULL) | (mask & UNSHARE_USER),
			  &sig) != EINVAL)
			continue;
		refused |= f->bit;
		if (f->config)
			/* TRANSLATORS: %s is a flag name (such as "time"),
			 * %s a kernel version (such as "5.6"), %s the kernel
			 * configuration option (such as "CONFIG_TIME_NS"). */
			warnx(_("%s: this kernel refuses it: it is older than "
				"Linux %s or was built without %s"),
			      f->name, f->since, f->config);
		else
			/* TRANSLATORS: %s is a flag name (such as "files"),
			 * %s a kernel version (such as "2.6.16"). */
			warnx(_("%s: this kernel refuses it: it is older than "
				"Linux %s"), f->name, f->since);
	}
	if (!refused)
		/* TRANSLATORS: %s is a list of flag names, such as
		 * "mount, time". */
		warnx(_("each of %s works alone in a child process, but the "
		      "kernel refuses them together here; try fewer flags to "
		      "find the conflict"), names(mask, buf, sizeof buf));
}

static void explain_enospc(unsigned long mask)
{
	bool found = false;
	int sig;

	if ((mask & UNSHARE_PID) && pid_ns_depth() >= MAX_PID_NESTING) {
		warnx(_("pid: this process is %d pid namespaces deep, and the "
		      "kernel nests at most %d; unshare from a process higher "
		      "up"), pid_ns_depth(), MAX_PID_NESTING);
		return;
	}
	/* Every other namespace is tried inside a new user namespace when
	 * one is asked for, so try that one alone first. */
	if ((mask & UNSHARE_USER) && probe(UNSHARE_USER, &sig) == ENOSPC)
		mask = UNSHARE_USER;
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		char path[64];
		long long max;

		if (!(mask & f->bit) || f->ns == NULL ||
		    probe(f->bit | (mask & UNSHARE_USER), &sig) != ENOSPC)
			continue;
		found = true;
		snprintf(path, sizeof path, "/proc/sys/user/max_%s_namespaces",
			 f->ns);
		max = proc_read_number(path);
		if (f->bit == UNSHARE_USER && max != 0) {
			/* The kernel does not say how deep we are. */
			/* TRANSLATORS: %d is the nesting limit, %s the file
			 * /proc/sys/user/max_user_namespaces, %lld its
			 * value. */
			warnx(_("user: the kernel refuses another user "
			      "namespace: either user namespaces are nested as "
			      "deep as the kernel allows (%d below the initial "
			      "one), or the limit in %s (%lld here) or in a "
			      "parent user namespace is reached; unshare from "
			      "a process higher up, or raise the limit"),
			      MAX_USER_NESTING, path, max);
			continue;
		}
		/* TRANSLATORS: %s and %s are the flag name (such as "net"),
		 * the second one as the kind of namespace ("the limit on net
		 * namespaces"); %s is a file such as
		 * /proc/sys/user/max_net_namespaces, %lld its value; the
		 * last %s is part of a sysctl name (such as "net"). */
		warnx(_("%s: the limit on %s namespaces is reached: %s is %lld "
		      "in this user namespace (a parent's limit counts too); "
		      "raise it (sysctl user.max_%s_namespaces=N) or end "
		      "processes that hold such namespaces"),
		      f->name, f->name, path, max, f->ns);
	}
	if (!found)
		warnx(_("a limit on namespaces is reached: a /proc/sys/user/"
		      "max_*_namespaces file of this or a parent user "
		      "namespace, or the nesting limit"));
}

/* Why unshare(2) of mask fails with err, and what to do. */
static void explain(int err, unsigned long mask)
{
	switch (err) {
	case EPERM:
		explain_eperm(mask);
		break;
	case EINVAL:
		explain_einval(mask);
		break;
	case ENOSPC:
	case EUSERS:
		explain_enospc(mask);
		break;
	case ENOMEM:
		warnx(_("the kernel is out of memory, or the process's pid "
		      "namespace has no init left to fork from"));
		break;
	}
}

void diagnose_unshare(int err, unsigned long mask)
{
	char buf[256], hex[32];

	/* The mask as everywhere (MASK_FORMAT), apart from the message: a
	 * msgid cannot hold a macro. */
	snprintf(hex, sizeof hex, MASK_FORMAT, mask);
	/* TRANSLATORS: %s is a list of flag names (such as "mount, user"),
	 * %s the same flags as a number (such as "0x10020000"), %s the
	 * system's error text. */
	warnx(_("unshare(2) of %s (%s) failed: %s"),
	      names(mask, buf, sizeof buf), hex, i18n_strerror(err));
	explain(err, mask);
}

/* --dry-run's hint for unshare(2) of mask failing with err: one clause
 * of what explain() says, or NULL. */
static const char *predict_hint(int err, unsigned long mask)
{
	if (err != EPERM)
		return NULL;
	if (!(mask & UNSHARE_USER))
		return has_cap(CAP_SYS_ADMIN)
			       ? NULL
			       : _("run as root, or add -r (--map-root-user)");
	return chrooted() ? _(hint_chroot) : apparmor_hint();
}

static bool predict(unsigned long mask, struct prediction *p)
{
	const char *hint;
	int sig;

	if (mask == 0 || (p->err = probe(mask, &sig)) <= 0)
		return false;
	names(mask, p->what, sizeof p->what);
	hint = predict_hint(p->err, mask);
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
