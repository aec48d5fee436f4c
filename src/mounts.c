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

void mounts_chroot(const char *dir)
{
	int e;

	/* After the chroot, the locale and the catalogs would be looked
	 * for in the new root. */
	i18n_load_now();
	if (chroot(dir) == 0)
		return;
	e = errno;
	if (e == EPERM)
		errx(EXIT_TOOL, _("--root=%s: chroot failed: %s (it needs "
				  "CAP_SYS_CHROOT: run as root or add -r)"),
		     quoted(dir), i18n_strerror(e));
	errx(EXIT_TOOL, _("--root=%s: chroot failed: %s"), quoted(dir),
	     i18n_strerror(e));
}

void mounts_chdir(const struct plan *plan, const char *dir)
{
	int e;

	if (chdir(dir) == 0)
		return;
	e = errno;
	if (!plan->wd_dir)
		err(EXIT_TOOL, _("--root=%s: chdir to its /"),
		    quoted(plan->root_dir));
	if (plan->root_dir)
		errx(EXIT_TOOL, _("--wd=%s: %s (the path is inside --root)"),
		     quoted(dir), i18n_strerror(e));
	errx(EXIT_TOOL, "--wd=%s: %s", quoted(dir), i18n_strerror(e));
}

void mounts_proc(const struct plan *plan, const char *dir)
{
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

/* Register an interpreter through the register file in the binfmt_misc
 * whose root is dirfd (the kernel tries the last registered first). */
void mounts_register(const struct plan *plan, const struct step *s, int dirfd)
{
	const char *string = s->interp.string, *where;
	size_t len = strlen(string);
	int fd;

	if ((fd = openat(dirfd, "register", O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, string, len) != (ssize_t)len) {
		int e = errno;

		/* Translated only now: a run that says nothing loads no
		 * catalog. */
		where = s->interp.early
				/* TRANSLATORS: shown quoted where the messages
				 * about registering an interpreter have a
				 * directory ("... registering it in
				 * %s/register failed"). */
				? _("binfmt_misc (before the chroot)")
				: plan->binfmt_dir;
		/* TRANSLATORS: %s is the interpreter string as given, %s the
		 * directory of the binfmt_misc, %s the system's error text. */
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
		     : e == ENOENT && s->interp.early
			     ? _("--load-interp=%s: registering it in "
				 "%s/register failed: %s (with the F "
				 "flag the interpreter is opened now, "
				 "outside --root)")
			     : _("--load-interp=%s: registering it in "
				 "%s/register failed: %s"),
		     quoted(string), quoted(where), i18n_strerror(e));
	}
	close(fd);
	/* TRANSLATORS: --verbose; %s is the interpreter string. */
	say(plan, "binfmt", N_("registered %s"), quoted(string));
}

int mounts_binfmt_instance(void)
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
	return mnt;
}

int mounts_binfmt(const struct plan *plan, const char *dir, int instance)
{
	int dirfd;

	if ((instance >= 0
		     ? move_mount(instance, "", AT_FDCWD, dir,
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
	if (instance >= 0)
		close(instance);
	undo_if_seen_outside(plan, dir);
	/* TRANSLATORS: --verbose; %s is the directory. */
	say(plan, "mount", N_("binfmt_misc on %s"), quoted(dir));
	if ((dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(EXIT_TOOL, L_("--mount-binfmt: %s"), quoted(dir));
	return dirfd;
}
