/* Mounts in the new mount namespace, and the root and working directory.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "events.h"
#include "i18n.h"
#include "mounts.h"
#include "quote.h"
#include "undo.h"

/* The mount(2) flag of each --propagation but unchanged. */
static const unsigned long propagation_flags[] = {
	[PROP_PRIVATE] = MS_PRIVATE,
	[PROP_SHARED] = MS_SHARED,
	[PROP_SLAVE] = MS_SLAVE,
};

void mounts_propagation(const struct plan *plan)
{
	const char *name = propagation_names[plan->propagation];

	if (mount(NULL, "/", NULL, MS_REC | propagation_flags[plan->propagation],
		  NULL) != 0) {
		int e = errno;

		if (e == EINVAL)
			/* TRANSLATORS: %s is the --propagation mode as given
			 * (private, shared or slave), %s the system's error
			 * text. */
			errx(EXIT_TOOL, _("making / %s in the new mount "
					  "namespace failed: %s (is / a mount "
					  "point? in a chroot it may not be)"),
			     name, i18n_strerror(e));
		/* TRANSLATORS: %s is the --propagation mode as given
		 * (private, shared or slave), %s the system's error text. */
		errx(EXIT_TOOL,
		     _("making / %s in the new mount namespace failed: %s"),
		     name, i18n_strerror(e));
	}
	/* TRANSLATORS: --verbose; %s is the --propagation mode as given
	 * (private, shared or slave). */
	say(plan, "mount", N_("/ and everything under it made %s"), name);
}

/* A mount that propagates to the caller's namespace must not outlive a
 * failure: unmount it if we exit before exec. */
static void undo_if_seen_outside(const struct plan *plan, const char *path)
{
	if (plan->propagation == PROP_SHARED ||
	    plan->propagation == PROP_UNCHANGED)
		undo_umount(path);
}

void mounts_root(const struct plan *plan)
{
	if (plan->root_dir) {
		/* After the chroot, the locale and the catalogs would be
		 * looked for in the new root. */
		i18n_load_now();
		if (chroot(plan->root_dir) != 0) {
			int e = errno;

			if (e == EPERM)
				errx(EXIT_TOOL, _("--root=%s: chroot failed: "
						  "%s (it needs "
						  "CAP_SYS_CHROOT: run as root "
						  "or add -r)"),
				     quoted(plan->root_dir), i18n_strerror(e));
			errx(EXIT_TOOL, _("--root=%s: chroot failed: %s"),
			     quoted(plan->root_dir), i18n_strerror(e));
		}
		if (!plan->wd_dir && chdir("/") != 0)
			err(EXIT_TOOL, _("--root=%s: chdir to its /"),
			    quoted(plan->root_dir));
	}
	if (plan->wd_dir && chdir(plan->wd_dir) != 0) {
		int e = errno;

		if (plan->root_dir)
			errx(EXIT_TOOL,
			     _("--wd=%s: %s (the path is inside --root)"),
			     quoted(plan->wd_dir), i18n_strerror(e));
		errx(EXIT_TOOL, "--wd=%s: %s", quoted(plan->wd_dir),
		     i18n_strerror(e));
	}
}

void mounts_proc(const struct plan *plan)
{
	const char *dir = plan->proc_dir;

	/* Unless everything was made private, the proc already mounted on
	 * DIR may be a peer of the caller's: a new proc mounted over it
	 * would cover the caller's /proc too.  Cut it off first, as
	 * util-linux does.  EINVAL: DIR is no mount point, nothing to cut. */
	if (plan->propagation != PROP_PRIVATE &&
	    mount(NULL, dir, NULL, MS_REC | MS_PRIVATE, NULL) != 0 &&
	    errno != EINVAL && errno != ENOENT)
		errx(EXIT_TOOL, _("--mount-proc: making %s private before "
		     "mounting proc on it failed: %s"), quoted(dir),
		     i18n_strerror(errno));
	if (mount("proc", dir, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
		  NULL) == 0) {
		undo_if_seen_outside(plan, dir);
		/* TRANSLATORS: --verbose; %s is the directory. */
		say(plan, "mount", N_("proc on %s"), quoted(dir));
		return;
	}
	switch (errno) {
	case ENOENT:
	case ENOTDIR:
		errx(EXIT_TOOL, _("--mount-proc: cannot mount proc on %s: %s; "
		     "give an existing directory"), quoted(dir),
		     i18n_strerror(errno));
	case EPERM:
		errx(EXIT_TOOL, _("--mount-proc: cannot mount proc on %s: %s; "
		     "in a user namespace proc can be mounted only for a pid "
		     "namespace it owns: add --pid"), quoted(dir),
		     i18n_strerror(errno));
	case EBUSY:
		/* TRANSLATORS: %s is the directory, %s the system's error
		 * text, %s the directory again. */
		errx(EXIT_TOOL, _("--mount-proc: cannot mount proc on %s: %s; "
		     "what is mounted there is in the way (findmnt %s shows "
		     "it): unmount it, or give another directory"),
		     quoted(dir), i18n_strerror(errno), quoted(dir));
	default:
		errx(EXIT_TOOL, _("--mount-proc: cannot mount proc on %s: %s"),
		     quoted(dir), i18n_strerror(errno));
	}
}

/* An interpreter with the F flag ("fix binary"): the kernel opens the
 * interpreter as it is registered, at its path as the writer sees it. */
static bool fixed(const char *interp)
{
	const char *flags = strrchr(interp, ':');

	return flags && strchr(flags, 'F');
}

bool mounts_binfmt_fixed_first(const struct plan *plan)
{
	if (plan->root_dir)
		for (size_t i = 0; i < plan->n_interps; i++)
			if (fixed(plan->interps[i]))
				return true;
	return false;
}

/* Which interpreters register_interps registers. */
enum interps { ALL, FIXED_ONLY, NOT_FIXED };

/* Register interpreters, in the order given (the kernel tries the last
 * registered first), through the register file in the binfmt_misc whose
 * root is dirfd; where names it (NULL: the one made before the chroot,
 * mounted nowhere yet). */
static void register_interps(const struct plan *plan, int dirfd,
			     const char *where, enum interps which)
{
	for (size_t i = 0; i < plan->n_interps; i++) {
		const char *s = plan->interps[i];
		size_t len = strlen(s);
		int fd;

		if ((which == FIXED_ONLY && !fixed(s)) ||
		    (which == NOT_FIXED && fixed(s)))
			continue;
		if ((fd = openat(dirfd, "register", O_WRONLY | O_CLOEXEC)) < 0 ||
		    write(fd, s, len) != (ssize_t)len) {
			int e = errno;

			/* Translated only now: a run that says nothing loads
			 * no catalog. */
			if (where == NULL)
				/* TRANSLATORS: shown quoted where the messages
				 * about registering an interpreter have a
				 * directory ("... registering it in
				 * %s/register failed"). */
				where = _("binfmt_misc (before the chroot)");
			/* TRANSLATORS: %s is the interpreter string as given,
			 * %s the directory of the binfmt_misc, %s the
			 * system's error text. */
			errx(EXIT_TOOL,
			     e == EINVAL
				     ? _("--load-interp=%s: registering it in "
					 "%s/register failed: %s (the form "
					 "is :name:type:offset:magic:mask:"
					 "interpreter:flags)")
			     : e == EACCES || e == EPERM
				     ? _("--load-interp=%s: registering it in "
					 "%s/register failed: %s (map root "
					 "with -r to write there)")
			     : e == EEXIST
				     ? _("--load-interp=%s: registering it in "
					 "%s/register failed: %s (that name "
					 "is taken)")
			     : e == ENOENT && which == FIXED_ONLY
				     ? _("--load-interp=%s: registering it in "
					 "%s/register failed: %s (with the F "
					 "flag the interpreter is opened now, "
					 "outside --root)")
				     : _("--load-interp=%s: registering it in "
					 "%s/register failed: %s"),
			     quoted(s), quoted(where), i18n_strerror(e));
		}
		close(fd);
		/* TRANSLATORS: --verbose; %s is the interpreter string. */
		say(plan, "binfmt", N_("registered %s"), quoted(s));
	}
}

int mounts_binfmt_fixed(const struct plan *plan)
{
	int fs, mnt;

	/* A binfmt_misc of this user namespace's own, mounted nowhere yet
	 * (so that it can propagate nowhere): the same instance that
	 * mounts_binfmt attaches after the chroot. */
	if ((fs = fsopen("binfmt_misc", FSOPEN_CLOEXEC)) < 0 ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) != 0 ||
	    (mnt = fsmount(fs, FSMOUNT_CLOEXEC,
			   MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV |
				   MOUNT_ATTR_NOEXEC)) < 0)
		errx(EXIT_TOOL,
		     errno == ENOSYS
			     ? _("--load-interp with the F flag and --root: "
				 "cannot make a binfmt_misc to register in "
				 "before the chroot: %s (it needs fsopen(2), "
				 "Linux 5.2)")
			     : _("--load-interp with the F flag and --root: "
				 "cannot make a binfmt_misc to register in "
				 "before the chroot: %s"),
		     i18n_strerror(errno));
	close(fs);
	register_interps(plan, mnt, NULL, FIXED_ONLY);
	return mnt;
}

void mounts_binfmt(const struct plan *plan, int fixed_fd)
{
	const char *dir = plan->binfmt_dir;
	int dirfd;

	if ((fixed_fd >= 0
		     ? move_mount(fixed_fd, "", AT_FDCWD, dir,
				  MOVE_MOUNT_F_EMPTY_PATH)
		     : mount("binfmt_misc", dir, "binfmt_misc",
			     MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) != 0) {
		int e = errno;

		if (e == EBUSY)
			/* TRANSLATORS: %s is the directory, %s the system's
			 * error text, %s the directory again. */
			errx(EXIT_TOOL, _("--mount-binfmt: cannot mount "
			     "binfmt_misc on %s: %s; the kernel will not mount "
			     "a filesystem twice on one place, and this user "
			     "namespace's binfmt_misc is there already "
			     "(findmnt %s shows it): use that one, or give "
			     "another directory"), quoted(dir),
			     i18n_strerror(e), quoted(dir));
		errx(EXIT_TOOL,
		     e == ENOENT
			     ? _("--mount-binfmt: cannot mount binfmt_misc on "
				 "%s: %s; give an existing directory")
		     : e == ENODEV
			     ? _("--mount-binfmt: cannot mount binfmt_misc on "
				 "%s: %s (a kernel without CONFIG_BINFMT_MISC)")
			     : _("--mount-binfmt: cannot mount binfmt_misc on "
				 "%s: %s"),
		     quoted(dir), i18n_strerror(e));
	}
	if (fixed_fd >= 0)
		close(fixed_fd);
	undo_if_seen_outside(plan, dir);
	/* TRANSLATORS: --verbose; %s is the directory. */
	say(plan, "mount", N_("binfmt_misc on %s"), quoted(dir));
	if ((dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(EXIT_TOOL, L_("--mount-binfmt: %s"), quoted(dir));
	register_interps(plan, dirfd, dir, fixed_fd < 0 ? ALL : NOT_FIXED);
	close(dirfd);
}
