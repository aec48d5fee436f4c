/* A new root by pivot_root(2).
 *
 * chroot(2) changes a process's root alone: the kernel then refuses it a
 * new user namespace, and the mount table still holds every mount of the
 * caller's.  pivot_root(2) makes DIR the mount namespace's root; the old
 * root, put on top of it by pivot_root(".", "."), is detached: what
 * stays is what is under DIR.  Detached only after the mounts of the
 * steps between: in a user namespace the kernel mounts a new proc only
 * where a proc is in view in the mount namespace, the old root's.  Both
 * need a mount namespace whose / is not shared (a plan with
 * --propagation=shared, or unchanged outside a new user namespace, is
 * refused): a new mount there would be seen outside, and pivot_root(2)
 * refuses one.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "show.h"
#include "undo.h"
#include "walk.h"

static bool pivot_predict(const struct step *s, struct prediction *p);

/* Step pivot-root: s->dir.path, bound onto itself unless it is a mount
 * point, becomes the root (pivot_root(2)), the working directory its /;
 * the old root stays mounted over it, out of the way of paths, and in
 * view for the kernel until old-root (run->mounts.old_root). */
static void pivot_root_to(const struct step *s, struct run *run)
{
	const char *dir = s->dir.path;
	struct statx st;
	struct stat walked, there;
	char *top;
	int fd;

	/* After it, the locale and the catalogs would be looked for in the
	 * new root; the undo reads our mounts through our /proc/self. */
	i18n_load_now();
	undo_before_chroot();
	/* Walked as the --mount-* DIRs are (a link someone else owns is
	 * refused); what the path leads to later must be what was walked. */
	if ((fd = walk_dir(THIS_STEP, "pivot-root", dir, dir)) < 0 && errno == 0)
		exit(EXIT_TOOL);
	if (fd < 0 || fstat(fd, &walked) != 0 ||
	    (run->mounts.old_root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    statx(fd, "", AT_EMPTY_PATH, STATX_TYPE, &st) != 0)
		option_failed(errno, NULL, "pivot-root", dir);
	close(fd);
	/* pivot_root(2) takes a mount's root; a mount point is left as it
	 * is, with what is mounted under it.  But not in a new user
	 * namespace: the mounts copied from the caller's are locked there,
	 * and pivot_root(2) refuses a locked one (EINVAL); a bind made
	 * there is not. */
	if ((s->dir.userns || !(st.stx_attributes_mask & st.stx_attributes &
				STATX_ATTR_MOUNT_ROOT)) &&
	    mount(dir, dir, NULL, MS_BIND | MS_REC, NULL) != 0)
		option_failed(errno, NULL, "pivot-root", dir);
	/* Into the mount on top, by a path from /: "." (or a relative DIR
	 * under the cwd) would stay under it, where pivot_root(2) refuses
	 * (EBUSY). */
	if ((top = realpath(dir, NULL)) == NULL || chdir(top) != 0)
		option_failed(errno, NULL, "pivot-root", dir);
	if (stat(".", &there) != 0 || there.st_dev != walked.st_dev ||
	    there.st_ino != walked.st_ino)
		/* Swapped since the walk. */
		option_failed(errno ? errno : ESTALE, NULL, "pivot-root", dir);
	if (syscall(SYS_pivot_root, ".", ".") != 0 || chdir("/") != 0)
		option_failed(errno, NULL, "pivot-root", dir);
	free(top);
}

STEP_ROW(PIVOT_ROOT, "pivot-root", N_("make it the root: pivot_root(2)"),
	 pivot_root_to, show_dir, pivot_predict);

/* Step old-root: the old root detached, with all under it. */
static void pivot_detach_old(const struct step *s, struct run *run)
{
	/* The old root's own ".", from which the kernel takes the mount on
	 * top, which is the old root itself; never "/", whose mount on top
	 * could be the new root, were the old one gone. */
	(void)s;
	if (umount_in(run->mounts.old_root, ".") != 0)
		step_failed(errno, NULL, NULL);
	close(run->mounts.old_root);
	run->mounts.old_root = -1;
}

STEP_ROW(OLD_ROOT, "old-root", N_("detach the old root"),
	 pivot_detach_old, NULL, NULL);

/* --dry-run: whether DIR is no directory, walked as the run walks it (a
 * link someone else owns refused with no errno), one we may not search,
 * which the run's chdir(2) into it refuses, or our root already, which
 * pivot_root(2) refuses (EBUSY; EINVAL for the bind of it a new user
 * namespace takes). */
static bool pivot_predict(const struct step *s, struct prediction *p)
{
	int fd = walk_dir_as(s->dir.uid_map, s->dir.path), e = errno;
	struct stat st, root;

	if (fd >= 0) {
		e = faccessat(fd, "", X_OK, AT_EACCESS | AT_EMPTY_PATH) != 0
			    ? errno
			    : 0;
		if (e == 0 && fstat(fd, &st) == 0 && stat("/", &root) == 0 &&
		    same_file(&st, &root))
			e = s->dir.userns ? EINVAL : EBUSY;
		close(fd);
	}
	return (fd < 0 || e) && predict_fail(p, e, s->dir.path, NULL);
}
