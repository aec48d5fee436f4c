/* Mounts in the new mount namespace.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <string.h>
#include <sys/mount.h>

#include "mounts.h"

void mounts_make_private(const struct plan *plan)
{
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		errx(EXIT_TOOL,
		     "making / private in the new mount namespace failed: %s%s",
		     strerror(errno),
		     errno == EINVAL ? " (is / a mount point? in a chroot it "
				       "may not be)" : "");
	if (plan->verbose)
		warnx("mount      / and everything under it made private");
}

void mounts_proc(const struct plan *plan)
{
	const char *dir = plan->proc_dir;

	if (mount("proc", dir, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
		  NULL) == 0) {
		if (plan->verbose)
			warnx("mount      proc on %s", dir);
		return;
	}
	switch (errno) {
	case ENOENT:
	case ENOTDIR:
		errx(EXIT_TOOL, "--mount-proc: cannot mount proc on %s: %s; "
		     "give an existing directory", dir, strerror(errno));
	case EPERM:
		errx(EXIT_TOOL, "--mount-proc: cannot mount proc on %s: %s; "
		     "in a user namespace proc can be mounted only for a pid "
		     "namespace it owns: add --pid", dir, strerror(errno));
	default:
		errx(EXIT_TOOL, "--mount-proc: cannot mount proc on %s: %s",
		     dir, strerror(errno));
	}
}
