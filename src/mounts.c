/* Mounts in the new mount namespace, and the root and working directory.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "procfs.h"
#include "quote.h"
#include "show.h"
#include "undo.h"
#include "walk.h"

static bool mounts_chroot_predict(const struct step *s, struct prediction *p);
static bool mounts_chdir_predict(const struct step *s, struct prediction *p);
static bool mounts_dir_predict(const struct step *s, struct prediction *p);
static bool mounts_propagation_predict(const struct step *s,
				       struct prediction *p);
static bool mounts_interp_predict(const struct step *s, struct prediction *p);
static bool mounts_dev_predict(const struct step *s, struct prediction *p);
static bool mounts_bind_predict(const struct step *s, struct prediction *p);

static const struct hint propagation_hints[] = {
	{ EINVAL, N_("in a chroot, / is no mount point: add "
		     "--propagation=unchanged") },
	{ 0, NULL },
};

/* Make / and every mount under it s->propagation. */
static void mounts_propagation(const struct step *s, struct run *run)
{
	const char *name = propagations[s->propagation].name;

	(void)run;
	if (mount(NULL, "/", NULL, MS_REC | propagations[s->propagation].value,
		  NULL) != 0)
		step_failed(errno, hint_for(propagation_hints, errno), "%s",
			    name);
}

STEP_ROW(PROPAGATION, "propagation", N_("set the propagation of /"),
	 mounts_propagation, show_propagation, mounts_propagation_predict);

/* What the mounts of the mount options get: nosuid, nodev, noexec. */
#define SAFE_ATTRS (MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC)

/* A new filesystem of type with options (comma-separated, KEY=VALUE or
 * KEY, or NULL) and the mount attributes attrs, mounted nowhere yet
 * (fsopen, fsmount): its mount's descriptor, or -1 with errno. */
static int new_mount(const char *type, const char *options,
		     unsigned int attrs)
{
	char option[64];
	int fs, mnt = -1, r = 0;

	if ((fs = fsopen(type, FSOPEN_CLOEXEC)) < 0)
		return -1;
	for (const char *o = options; r == 0 && o && *o; o += strcspn(o, ",")) {
		char *value;

		o += *o == ',';
		snprintf(option, sizeof option, "%.*s", (int)strcspn(o, ","), o);
		if ((value = strchr(option, '=')) != NULL)
			*value++ = '\0';
		r = fsconfig(fs, value ? FSCONFIG_SET_STRING : FSCONFIG_SET_FLAG,
			     option, value, 0);
	}
	if (r == 0 && fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) == 0)
		mnt = fsmount(fs, FSMOUNT_CLOEXEC, attrs);
	close_keep_errno(fs);
	return mnt;
}

/* mount(2) on the directory fd: from inside it, as ".", never by a path
 * that may lead elsewhere by now. */
static int mount_on(int fd, const char *type, unsigned long flags)
{
	int cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC), r = -1, e;

	if (cwd < 0)
		return -1;
	if (fchdir(fd) == 0)
		r = mount(type, ".", type, flags, NULL);
	e = errno;
	if (fchdir(cwd) != 0) {
		r = -1;
		e = errno;
	}
	close(cwd);
	errno = e;
	return r;
}

/* The option of a directory step, for what it says. */
static const char *option_of(const struct step *s)
{
	return s->kind == STEP_PROC || s->kind == STEP_PROC_PRIVATE
		       ? "mount-proc"
	       : s->kind == STEP_BINFMT ? "mount-binfmt"
	       : s->kind == STEP_DEV    ? "mount-dev"
	       : s->kind == STEP_TMPFS  ? "tmpfs"
	       : s->kind == STEP_SYSFS  ? "mount-sysfs"
	       : s->kind == STEP_BIND || s->kind == STEP_BIND_SOURCE
		       ? (s->dir.read_only ? "ro-bind" : "bind")
					: "mount-cgroup";
}

/* s's directory, walked as FILE's is (walk_dir: a link someone else owns
 * is refused, and ends the run), once for the step that makes it private
 * and the one that mounts on it: its descriptor, or -1 with errno.  A
 * mount seen outside whose undo could not run is refused here, before
 * anything is mounted. */
static int dir_of(const struct step *s, struct run *run)
{
	const char *option = option_of(s);

	if (s->dir.undo && undo_can_unmount() != 0)
		/* TRANSLATORS: --%s is the option (mount-proc). */
		fail(EXIT_TOOL, THIS_STEP, errno,
		     _("mount /proc, or keep the mount inside: "
		       "--propagation=private"),
		     _("--%s: a failure could not undo it without /proc"),
		     option);
	if (run->mounts.dir_fd >= 0 && run->mounts.dir_path == s->dir.path)
		return run->mounts.dir_fd;
	if (run->mounts.dir_fd >= 0)
		close(run->mounts.dir_fd);
	run->mounts.dir_path = s->dir.path;
	run->mounts.dir_fd = walk_dir(THIS_STEP, option, s->dir.path, s->dir.path);
	if (run->mounts.dir_fd < 0 && errno == 0)
		exit(EXIT_TOOL);
	return run->mounts.dir_fd;
}

/* Mounted on: the next step walks its directory again. */
static void done_with_dir(struct run *run)
{
	if (run->mounts.dir_fd >= 0)
		close(run->mounts.dir_fd);
	run->mounts.dir_fd = -1;
	run->mounts.dir_path = NULL;
}

/* chroot, or chdir, to s->dir.path (chroot: the catalogs loaded first;
 * chdir: --wd's, or --root's /). */
static void mounts_chroot(const struct step *s, struct run *run)
{
	const char *dir = s->dir.path;

	/* After the chroot, the locale and the catalogs would be looked
	 * for in the new root. */
	(void)run;
	i18n_load_now();
	undo_before_chroot();
	if (chroot(dir) != 0)
		option_failed(errno, errno == EPERM ? _(hint_root) : NULL,
			      "root", dir);
}

STEP_ROW(ROOT, "root", N_("chroot there"),
	 mounts_chroot, show_dir, mounts_chroot_predict);

/* Why a directory step s failed with e, as a hint: inside a new root,
 * the path is looked for there.  The step fails with it: one buffer. */
static const char *dir_hint(const struct step *s, int e)
{
	static const struct hint dir_hints[] = {
		{ ENOENT, N_("give an existing directory") },
		{ ENOTDIR, N_("give an existing directory") },
		{ 0, NULL },
	};
	static char buf[3 * PATH_MAX];
	char inside[2 * PATH_MAX];
	size_t root_len;

	if (s->dir.root == NULL || (e != ENOENT && e != ENOTDIR))
		return hint_for(dir_hints, e);
	/* One slash between them: --root=/ is no prefix at all. */
	root_len = strlen(s->dir.root);
	while (root_len > 0 && s->dir.root[root_len - 1] == '/')
		root_len--;
	snprintf(inside, sizeof inside, "%.*s%s%s", (int)root_len, s->dir.root,
		 *s->dir.path == '/' ? "" : "/", s->dir.path);
	/* TRANSLATORS: --%s=%s is the option of the new root and its
	 * directory, the last %s the directory to make in it. */
	snprintf(buf, sizeof buf, _("it is inside --%s=%s: make %s"),
		 s->dir.root_option, quoted(s->dir.root), quoted(inside));
	return buf;
}

static void mounts_chdir(const struct step *s, struct run *run)
{
	const char *dir = s->dir.path;
	int fd = -1;

	/* Under --pivot-root the old root is on top of the new one until
	 * the end: a ".." that reaches / by path (/bin/..) leads into it,
	 * and the program would start there.  Walked as the mount DIRs. */
	if (run->mounts.old_root >= 0) {
		fd = walk_dir(THIS_STEP, "wd", dir, dir);
		if (fd < 0 && errno == 0)
			exit(EXIT_TOOL);
	}
	if (run->mounts.old_root >= 0 ? fd < 0 || fchdir(fd) != 0 : chdir(dir) != 0) {
		int e = errno;

		if (s->dir.given)
			option_failed(e, s->dir.root ? dir_hint(s, e) : NULL,
				      "wd", dir);
		option_failed(e, NULL, s->dir.root_option, s->dir.root);
	}
	if (fd >= 0)
		close(fd);
}

STEP_ROW(WD, "wd", N_("chdir there"),
	 mounts_chdir, show_dir, mounts_chdir_predict);

/* Unless everything was made private, the proc already mounted on DIR
 * may be a peer of the caller's: a new proc mounted over it would cover
 * the caller's /proc too.  Cut it off first, as util-linux does.
 * EINVAL: DIR is no mount point, nothing to cut. */
/* Make s->dir.path private, so that what is mounted on it next (proc,
 * cgroup2) is not seen outside. */
static void mounts_proc_private(const struct step *s, struct run *run)
{
	int dir = dir_of(s, run);

	if (dir < 0 || (mount_on(dir, NULL, MS_REC | MS_PRIVATE) != 0 &&
			errno != EINVAL)) {
		int e = errno;

		option_failed(e, dir_hint(s, e),
			      option_of(s), s->dir.path);
	}
}

STEP_ROW(PROC_PRIVATE, "proc-private", N_("make proc's directory private"),
	 mounts_proc_private, show_dir, mounts_dir_predict);

STEP_ROW(CGROUP_PRIVATE, "cgroup-private",
	 N_("make cgroup2's directory private"),
	 mounts_proc_private, show_dir, mounts_dir_predict);

/* Why the kernel would refuse s's new proc (EPERM), or NULL: one buffer.
 * It mounts one only for a process with CAP_SYS_ADMIN in the user
 * namespace of its pid namespace; and in a mount namespace of a user
 * namespace other than the initial one, only where a proc is in view
 * whole: one that something covers in part would be "too revealing"
 * (Docker and podman cover /proc/kcore, /proc/irq...). */
static const char *proc_refusal(const struct step *s)
{
	char cover[PATH_MAX];

	if (s->dir.userns && !s->dir.pidns)
		return _("proc needs a pid namespace of this user namespace: "
			 "add --pid");
	if ((s->dir.userns || !initial_userns()) &&
	    proc_covered(cover, sizeof cover)) {
		static char buf[PATH_MAX + 128];

		/* TRANSLATORS: %s is where something is mounted over part
		 * of /proc ('/proc/irq'). */
		snprintf(buf, sizeof buf, _("a mount on %s covers part of "
					    "proc: a new one would show what "
					    "it hides"),
			 quoted(cover));
		return buf;
	}
	return NULL;
}

/* A new filesystem of type (or the instance made before, if not -1),
 * nosuid, nodev, noexec, put on s's directory by option through the
 * mount API (a kernel without it, before Linux 5.2, gets mount(2), which
 * --verbose says): the mount's descriptor, open until the exec, or -1.
 * One seen outside (s->dir.undo) is undone if we exit before the exec,
 * through that descriptor, never by a path that may lead elsewhere by
 * then.  A failure's hint is hints', else dir_hint's. */
static int mount_seen(const struct step *s, struct run *run,
		      const char *option, const char *type, int instance,
		      const struct hint *hints)
{
	const char *dir = s->dir.path;
	int fd = dir_of(s, run), mnt = instance;
	bool failed = fd < 0;

	if (!failed && mnt < 0)
		mnt = new_mount(type, NULL, SAFE_ATTRS);
	if (!failed && mnt >= 0)
		failed = move_mount(mnt, "", fd, "",
				    MOVE_MOUNT_F_EMPTY_PATH |
					    MOVE_MOUNT_T_EMPTY_PATH) != 0;
	else if (!failed)
		failed = errno != ENOSYS ||
			 mount_on(fd, type,
				  MS_NOSUID | MS_NODEV | MS_NOEXEC) != 0;
	if (failed) {
		int e = errno;
		const char *hint = hint_for(hints, e);

		if (e == EPERM && s->kind == STEP_PROC)
			hint = proc_refusal(s);
		option_failed(e, hint ? hint : dir_hint(s, e), option_of(s),
			      dir);
	}
	if (mnt < 0 && s->dir.undo)
		/* TRANSLATORS: --verbose; %s is the filesystem (proc,
		 * binfmt_misc). */
		say(THIS_STEP, N_("%s mounted with mount(2), a kernel "
				      "without fsopen(2): a failure undoes it "
				      "by its path"), type);
	done_with_dir(run);
	if (!s->dir.undo)
		return mnt;
	if (mnt >= 0)
		undo_umount_fd(mnt, option, type, dir);
	else
		undo_umount(option, type, dir);
	return mnt;
}

static const struct hint busy_hints[] = {
	{ EBUSY, hint_busy },
	{ 0, NULL },
};

static void mounts_proc(const struct step *s, struct run *run)
{
	mount_seen(s, run, "--mount-proc", "proc", -1, busy_hints);
}

STEP_ROW(PROC, "proc", N_("mount proc"),
	 mounts_proc, show_dir, mounts_dir_predict);

/* Mount on s->dir.path, nosuid, nodev, noexec: the cgroup2 hierarchy as
 * the cgroup namespace sees it; a new proc. */
static void mounts_cgroup(const struct step *s, struct run *run)
{
	static const struct hint hints[] = {
		{ EPERM, hint_root },
		{ 0, NULL },
	};

	/* Through the mount API, also over the caller's cgroup2 on DIR,
	 * which mount(2) would not mount there again (EBUSY) and a new user
	 * namespace cannot unmount (it is locked to the mounts around it). */
	mount_seen(s, run, "--mount-cgroup", "cgroup2", -1, hints);
}

STEP_ROW(CGROUP_MOUNT, "cgroup-mount", N_("mount cgroup2"),
	 mounts_cgroup, show_dir, mounts_dir_predict);

static const struct hint register_hints[] = {
	{ EINVAL, N_("the form is :name:type:offset:magic:mask:interpreter:"
		     "flags") },
	{ EACCES, hint_root },
	{ EPERM, hint_root },
	{ EEXIST, N_("that name is taken") },
	{ 0, NULL },
};

/* Register an interpreter through the register file in the binfmt_misc
 * whose root is dirfd (the kernel tries the last registered first). */
static void mounts_register(const struct step *s, struct run *run)
{
	int dirfd = run->mounts.binfmt_fd;
	const char *string = s->interp.string;
	size_t len = strlen(string);
	int fd;

	if ((fd = openat(dirfd, "register", O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, string, len) != (ssize_t)len) {
		int e = errno;
		const char *hint = hint_for(register_hints, e);

		if (e == ENOENT && s->interp.early)
			hint = _("with the F flag the interpreter is opened "
				 "now, outside --root");
		else if ((e == EACCES || e == EPERM) && geteuid() != 0)
			/* Unmapped in the new user namespace, whoever we
			 * were outside. */
			hint = _("root of the new user namespace registers: "
				 "add -r (--map-root-user)");
		option_failed(e, hint, "load-interp", string);
	}
	close(fd);
}

STEP_ROW(INTERP, "interpreter", N_("register an interpreter"),
	 mounts_register, show_interp, mounts_interp_predict);

/* binfmt_misc: an instance of the new user namespace's, mounted nowhere
 * yet, for F interpreters registered before the chroot; mounted on
 * s->dir.path (that instance, if any); either way its root, to register
 * in, in run->mounts.binfmt_fd, where mounts_register writes
 * s->interp.string. */
static void mounts_binfmt_instance(const struct step *s, struct run *run)
{
	/* A binfmt_misc of this user namespace's own, mounted nowhere yet
	 * (so that it can propagate nowhere): the same instance that
	 * mounts_binfmt attaches after the chroot. */
	int mnt = new_mount("binfmt_misc", NULL, SAFE_ATTRS);

	(void)s;
	if (mnt < 0)
		step_failed(errno, errno == ENOSYS ? _(hint_mount_api) : NULL,
			    NULL);
	run->mounts.binfmt_fd = mnt;
}

STEP_ROW(BINFMT_EARLY, "binfmt-early",
	 N_("make a binfmt_misc for F interpreters"),
	 mounts_binfmt_instance, NULL, NULL);

static void mounts_binfmt(const struct step *s, struct run *run)
{
	static const struct hint hints[] = {
		{ EBUSY, hint_busy },
		{ ENODEV, N_("a kernel without CONFIG_BINFMT_MISC") },
		{ 0, NULL },
	};
	const char *dir = s->dir.path;
	int mnt = mount_seen(s, run, "--mount-binfmt", "binfmt_misc",
			     run->mounts.binfmt_fd, hints),
	    dirfd;

	/* The mount's root is where to register: the mount itself, or
	 * (mounted with mount(2)) the directory. */
	if (mnt >= 0) {
		run->mounts.binfmt_fd = mnt;
		return;
	}
	if ((dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		option_failed(errno, NULL, option_of(s), dir);
	run->mounts.binfmt_fd = dirfd;
}

STEP_ROW(BINFMT, "binfmt", N_("mount binfmt_misc"),
	 mounts_binfmt, show_dir, mounts_dir_predict);

/* Whether path is a directory: 0, or why not. */
static int directory(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return errno;
	return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

/* path, one of step s, as the run takes it: a relative one after --wd
 * from its directory (into buf, PATH_MAX). */
static const char *from_wd(const struct step *s, const char *path, char *buf)
{
	if (s->dir.wd == NULL || *path == '/')
		return path;
	snprintf(buf, PATH_MAX, "%s/%s", s->dir.wd, path);
	return buf;
}

/* The path of s as the step will see it: in the new root, if any; NULL
 * if that root is no directory.  The root as its own step resolved it
 * (links on its way followed, or refused by pivot-root's walk): only
 * the path in it is walked again. */
static const char *seen_path(const struct step *s, char *buf, size_t size)
{
	char real[PATH_MAX], wd_buf[PATH_MAX];
	const char *path = from_wd(s, s->dir.path, wd_buf);

	if (s->dir.base == NULL)
		return snprintf(buf, size, "%s", path) < (int)size ? buf : NULL;
	/* A new root that is none: its own step says so. */
	if (directory(s->dir.base) != 0 || realpath(s->dir.base, real) == NULL)
		return NULL;
	snprintf(buf, size, "%s%s%s", strcmp(real, "/") ? real : "",
		 *path == '/' ? "" : "/", path);
	return buf;
}

/* path (s's, or the directory it is made in), or with last its file,
 * walked as the step walks it: in the new root, if any, from that root
 * as / (after the chroot or the pivot, path alone is what the kernel
 * measures, and a link to /x leads to its x); links' owners as the new
 * user namespace, if any, shows them.  The descriptor; or -1
 * with errno, 0 where the walk refuses with none. */
static int seen_walk(const struct step *s, const char *path, bool last)
{
	char wd_buf[PATH_MAX];

	path = from_wd(s, path, wd_buf);
	if (s->dir.base)
		return walk_under(s->dir.uid_map, s->dir.base, path, last);
	return last ? walk_path_as(s->dir.uid_map, path)
		    : walk_dir_as(s->dir.uid_map, path);
}

/* --dry-run: whether step s would fail, and how (*p): root (the
 * directory, and CAP_SYS_CHROOT), wd (the directory, in the new root),
 * the mount steps (their directory, walked as the run walks it; for
 * proc, whether the kernel mounts one for us at all), propagation
 * (whether / is no mount point: a chroot), interpreter (it cannot tell:
 * p->unsure). */
static bool mounts_chroot_predict(const struct step *s, struct prediction *p)
{
	int e = directory(s->dir.path);

	/* The directory must be one we may search, which chroot(2) checks
	 * first; then the capability, which in a new user namespace we
	 * hold. */
	if (e == 0 && faccessat(AT_FDCWD, s->dir.path, X_OK, AT_EACCESS) != 0)
		e = errno;
	if (e == 0 && !s->dir.userns && !has_cap(CAP_SYS_CHROOT))
		e = EPERM;
	return e && predict_fail(p, e, s->dir.path,
				 e == EPERM ? _(hint_root) : NULL);
}

static bool mounts_chdir_predict(const struct step *s, struct prediction *p)
{
	char buf[2 * PATH_MAX];
	const char *path = seen_path(s, buf, sizeof buf);
	int e = 0;

	/* Under --pivot-root, walked as the run walks it: a link someone
	 * else owns, or one that leaves the root, refused with no errno;
	 * under --root, looked up in it as chdir(2) does after the chroot.
	 * From the new root: the path alone is what the kernel measures. */
	if (path && s->dir.root &&
	    (strcmp(s->dir.root_option, "pivot-root") == 0 || s->dir.base)) {
		int fd = strcmp(s->dir.root_option, "pivot-root") == 0
				 ? seen_walk(s, s->dir.path, false)
				 : open_in_root(s->dir.base, s->dir.path);

		if (fd < 0 && errno == ENOSYS)
			goto joined;
		if (fd < 0)
			return predict_fail(p, errno, s->dir.path,
					    dir_hint(s, errno));
		if (faccessat(fd, ".", X_OK, AT_EACCESS) != 0)
			e = errno;
		close(fd);
		return e && predict_fail(p, e, s->dir.path, NULL);
	}
joined:
	e = path ? directory(path) : 0;
	if (e == 0 && path && faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) != 0)
		e = errno;
	return e && predict_fail(p, e, s->dir.path,
				 s->dir.root ? dir_hint(s, e) : NULL);
}

/* A minimal /dev: the host's devices that every program expects, bound
 * from where it has them (a user namespace may make no device node);
 * the links to them; and what a new devpts and a tmpfs give. */
static const char dev_nodes[][8] = { "null", "zero", "full",
				     "random", "urandom", "tty" };
static const char dev_links[][2][16] = {
	{ "fd", "/proc/self/fd" },      { "stdin", "/proc/self/fd/0" },
	{ "stdout", "/proc/self/fd/1" }, { "stderr", "/proc/self/fd/2" },
	{ "ptmx", "pts/ptmx" },
};
#define N_DEV_NODES (sizeof dev_nodes / sizeof dev_nodes[0])
/* A devpts of its own, whose ptmx makes terminals of the run's (not
 * nodev); a tmpfs for shared memory. */
static const struct {
	char name[4], type[8], options[40];
	unsigned int attrs;
} dev_mounts[] = {
	{ "pts", "devpts", "newinstance,ptmxmode=0666,mode=620",
	  MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC },
	{ "shm", "tmpfs", "mode=1777", SAFE_ATTRS },
};

/* A new mount (mnt, closed) put on name in the directory dir, which is
 * made first (a file to bind a device on, or a directory): 0, or -1 with
 * errno. */
static int dev_put(int mnt, int dir, const char *name, bool file)
{
	int fd = -1, r;

	if (mnt < 0)
		return -1;
	r = file ? (fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL |
						   O_CLOEXEC, 0666)) < 0
		 : mkdirat(dir, name, 0755);
	if (r == 0)
		r = move_mount(mnt, "", dir, name, MOVE_MOUNT_F_EMPTY_PATH);
	if (fd >= 0)
		close_keep_errno(fd);
	close_keep_errno(mnt);
	return r;
}

/* Whether fd is the directory root names (the program's, once it is
 * in it): a mount there would cover it, and the program's root stays the
 * one below.  1 or 0, or -1 with errno if either cannot be read. */
static int is_root(int fd, const char *root)
{
	struct stat a, b;

	if (fstat(fd, &a) != 0 || stat(root, &b) != 0)
		return -1;
	return same_file(&a, &b);
}

/* As options.c says it of --tmpfs=/: the same words. */
static const char root_unseen[] = N_("--%s=%s: the program's root: a mount "
				     "there goes unseen\ngive a directory "
				     "below it, as /tmp");

/* A new filesystem of type with options and the mount attributes attrs
 * put on s's directory: the mount's descriptor (a failure ends the
 * run). */
static int fs_on_dir(const struct step *s, struct run *run, const char *type,
		     const char *options, unsigned int attrs)
{
	int fd = dir_of(s, run), mnt = -1, root = 0;

	/* Reached through .. or a link: the command line could not tell. */
	if (fd >= 0 && (root = is_root(fd, "/")) < 0)
		option_failed(errno, NULL, option_of(s), s->dir.path);
	if (fd >= 0 && root)
		fail(EXIT_TOOL, THIS_STEP, 0, NULL, _(root_unseen),
		     option_of(s), quoted(s->dir.path));
	if (fd < 0 || (mnt = new_mount(type, options, attrs)) < 0 ||
	    move_mount(mnt, "", fd, "", MOVE_MOUNT_F_EMPTY_PATH |
						MOVE_MOUNT_T_EMPTY_PATH) != 0) {
		int e = errno;

		option_failed(e, e == ENOSYS ? _(hint_mount_api) : dir_hint(s, e),
			      option_of(s), s->dir.path);
	}
	done_with_dir(run);
	return mnt;
}

/* A tmpfs's files may be run (not noexec): a scratch space. */
/* On s->dir.path: a tmpfs with s->dir.options, nosuid and nodev; a
 * sysfs, read-only, nosuid, nodev, noexec (the network namespace's
 * devices in its class/net). */
static void mounts_tmpfs(const struct step *s, struct run *run)
{
	close(fs_on_dir(s, run, "tmpfs", s->dir.options,
			MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV));
}

STEP_ROW(TMPFS, "tmpfs", N_("mount a tmpfs there"),
	 mounts_tmpfs, show_dir, mounts_dir_predict);

/* The sysfs of the network namespace we are in. */
static void mounts_sysfs(const struct step *s, struct run *run)
{
	close(fs_on_dir(s, run, "sysfs", NULL, SAFE_ATTRS | MOUNT_ATTR_RDONLY));
}

STEP_ROW(SYSFS, "sysfs", N_("mount a read-only sysfs there"),
	 mounts_sysfs, show_dir, mounts_dir_predict);

/* A host's node that is no device (a file bound over it, say). */
static const char not_a_device[] = N_("the host's node is no character "
				      "device: --mount-dev binds the host's");

/* A minimal /dev on s->dir.path: a tmpfs; null, zero, full, random,
 * urandom and tty bound from the host's /dev (from run->mounts.old_root
 * under --pivot-root); a devpts of its own on pts, ptmx a link to its
 * ptmx; a tmpfs on shm; fd, stdin, stdout, stderr links to
 * /proc/self/fd.  Its prediction: as mounts_dir_predict, or a device of
 * the host's is missing. */
static void mounts_dev(const struct step *s, struct run *run)
{
	const char *dir = s->dir.path;
	/* The host's /: the old root under --pivot-root's new one. */
	int host = run->mounts.old_root >= 0 ? dup(run->mounts.old_root)
				       : open("/", O_PATH | O_CLOEXEC),
	    nodes[N_DEV_NODES], mnt;
	char path[16];
	struct stat st;

	/* Each device taken before anything covers the host's /dev. */
	for (size_t i = 0; i < N_DEV_NODES; i++) {
		snprintf(path, sizeof path, /* not translated: a path */ "dev/%s",
			 dev_nodes[i]);
		nodes[i] = open_tree(host, path, OPEN_TREE_CLONE |
						 OPEN_TREE_CLOEXEC |
						 AT_SYMLINK_NOFOLLOW);
		if (nodes[i] < 0 || fstat(nodes[i], &st) != 0)
			step_failed(errno, errno == ENOSYS ? _(hint_mount_api)
							   : NULL, "/%s",
				    path);
		if (!S_ISCHR(st.st_mode))
			step_failed(ENODEV, _(not_a_device), "/%s", path);
	}
	close(host);
	mnt = fs_on_dir(s, run, "tmpfs", "mode=755", SAFE_ATTRS);
	/* Our uid or gid unmapped in a new user namespace: the kernel
	 * makes no file for us there (EOVERFLOW). */
	for (size_t i = 0; i < N_DEV_NODES; i++)
		if (dev_put(nodes[i], mnt, dev_nodes[i], true) != 0)
			step_failed(errno,
				    errno == EOVERFLOW ? _(hint_unmapped)
						       : NULL,
				    "%s/%s", quoted(dir), dev_nodes[i]);
	for (size_t i = 0; i < sizeof dev_mounts / sizeof dev_mounts[0]; i++)
		if (dev_put(new_mount(dev_mounts[i].type, dev_mounts[i].options,
				      dev_mounts[i].attrs),
			    mnt, dev_mounts[i].name, false) != 0)
			step_failed(errno, NULL, "%s/%s", quoted(dir),
				    dev_mounts[i].name);
	for (size_t i = 0; i < sizeof dev_links / sizeof dev_links[0]; i++)
		if (symlinkat(dev_links[i][1], mnt, dev_links[i][0]) != 0)
			step_failed(errno, NULL, "%s/%s", quoted(dir),
				    dev_links[i][0]);
	close(mnt);
}

STEP_ROW(DEV, "dev", N_("make a minimal /dev there"),
	 mounts_dev, show_dir, mounts_dev_predict);

/* --dry-run: step s refused with no errno, as the run says it: message
 * (--%s=%s, s's option and path), its hint after a newline.  True. */
static bool predict_said(const struct step *s, struct prediction *p,
			 const char *message)
{
	char *nl;

	predict_fail(p, 0, s->dir.path, NULL);
	snprintf(p->what, sizeof p->what, message, option_of(s),
		 quoted(s->dir.path));
	if ((nl = strchr(p->what, '\n')) != NULL) {
		*nl = '\0';
		snprintf(p->hint, sizeof p->hint, "%s", nl + 1);
	}
	return true;
}

/* --dry-run: whether s's path in a new root has a ".." at its /, which
 * the run's walk refuses there (the dry run's walk, from our /, cannot
 * tell). */
static bool leaves_new_root(const struct step *s, struct prediction *p)
{
	return s->dir.base && leaves_root(s->dir.path) &&
	       predict_said(s, p, _(out_of_root_message));
}

static bool mounts_dir_predict(const struct step *s, struct prediction *p)
{
	char buf[2 * PATH_MAX];
	const char *hint;

	if (seen_path(s, buf, sizeof buf) == NULL)
		return false;
	if (leaves_new_root(s, p))
		return true;
	/* The directory walked as the run walks it, by the first step on
	 * it; a link someone else owns is refused with no errno. */
	if (!s->dir.again) {
		int fd = seen_walk(s, s->dir.path, false), root = 0;

		if (fd < 0)
			return predict_fail(p, errno, s->dir.path,
					    dir_hint(s, errno));
		if (s->kind == STEP_TMPFS || s->kind == STEP_SYSFS)
			root = is_root(fd, s->dir.base ? s->dir.base : "/");
		if (root < 0) {
			int e = errno;

			close(fd);
			return predict_fail(p, e, s->dir.path, NULL);
		}
		if (root) {
			close(fd);
			return predict_said(s, p, _(root_unseen));
		}
		close(fd);
	}
	if (s->kind == STEP_PROC &&
	    (hint = proc_refusal(s)) != NULL)
		return predict_fail(p, EPERM, s->dir.path, hint);
	return false;
}

static bool mounts_interp_predict(const struct step *s, struct prediction *p)
{
	/* The kernel parses the registration when it is written. */
	p->unsure = true;
	return predict_fail(p, 0, s->interp.string, NULL);
}

static bool mounts_propagation_predict(const struct step *s,
				       struct prediction *p)
{
	/* In a chroot, / is no mount point: the kernel has no mount to
	 * change there. */
	return chrooted() &&
	       predict_fail(p, EINVAL, propagations[s->propagation].name,
			    hint_for(propagation_hints, EINVAL));
}

static bool mounts_dev_predict(const struct step *s, struct prediction *p)
{
	char path[64];
	struct stat st;

	if (mounts_dir_predict(s, p))
		return true;
	for (size_t i = 0; i < N_DEV_NODES; i++) {
		int r;

		snprintf(path, sizeof path, "/dev/%s", dev_nodes[i]);
		if ((r = lstat(path, &st)) != 0 || !S_ISCHR(st.st_mode)) {
			predict_fail(p, r != 0 ? errno : ENODEV, path,
				     r != 0 ? NULL : _(not_a_device));
			snprintf(p->what, sizeof p->what, "%s", path);
			return true;
		}
	}
	if (s->dir.unmapped) {
		predict_fail(p, EOVERFLOW, s->dir.path, _(hint_unmapped));
		snprintf(p->what, sizeof p->what, "%s/%s",
			 quoted(s->dir.path), dev_nodes[0]);
		return true;
	}
	return false;
}

/* The hint of a --bind that failed with e on s's path: EINVAL, SRC's
 * kind is not DST's (move_mount(2)). */
static const char *bind_hint(const struct step *s, int e)
{
	return e == ENOSYS ? _(hint_mount_api)
	       : s->kind != STEP_BIND ? NULL
	       : e == EINVAL ? _("a directory binds on a directory, a file on "
				 "a file")
			     : dir_hint(s, e);
}

/* SRC walked as DIR's are (a link someone else owns is refused), its
 * mounts copied (OPEN_TREE_CLONE, AT_RECURSIVE), read-only with
 * --ro-bind: attached by the step bind. */
/* --bind, --ro-bind: a copy of SRC's mounts taken before the root
 * changes (read-only for --ro-bind), then put on DST in the new root,
 * made there if missing (removed again on failure).  --dry-run: SRC, or
 * DST's directory in the new root, cannot be walked. */
static void mounts_bind_source(const struct step *s, struct run *run)
{
	struct mount_attr ro = { .attr_set = MOUNT_ATTR_RDONLY };
	const char *src = s->dir.path;
	int fd = walk_path(THIS_STEP, option_of(s), src, src), mnt = -1;

	if (fd < 0 && errno == 0)
		exit(EXIT_TOOL);
	if (fd >= 0)
		mnt = open_tree(fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC |
						AT_RECURSIVE | AT_EMPTY_PATH);
	if (mnt >= 0 && s->dir.read_only &&
	    mount_setattr(mnt, "", AT_EMPTY_PATH | AT_RECURSIVE, &ro,
			  sizeof ro) != 0)
		mnt = -1;
	if (mnt < 0)
		option_failed(errno, bind_hint(s, errno), option_of(s), src);
	close(fd);
	run->mounts.binds[s->dir.slot] = mnt;
}

/* DST missing in a new root: made there, in its directory walked as
 * DIR's are, a directory or an empty file as the copy mnt is, and
 * removed if we end before the exec.  Its descriptor, or -1 with errno
 * (0: said). */
static int made_dst(const struct step *s, int mnt)
{
	const char *path = s->dir.path, *name = strrchr(path, '/') + 1;
	char parent[PATH_MAX];
	struct stat st;
	int dir, fd = -1, r;

	snprintf(parent, sizeof parent, "%.*s", (int)(name - path), path);
	if (!*name || !strcmp(name, ".") || !strcmp(name, "..")) {
		errno = ENOENT;
		return -1;
	}
	if (fstat(mnt, &st) != 0)
		return -1;
	if ((dir = walk_dir(THIS_STEP, option_of(s), path, parent)) < 0)
		return -1;
	r = S_ISDIR(st.st_mode) ? mkdirat(dir, name, 0755)
	    : (fd = openat(dir, name, O_WRONLY | O_CREAT | O_EXCL |
					      O_CLOEXEC, 0644)) < 0 ? -1 : 0;
	if (fd >= 0)
		close_keep_errno(fd);
	if (r != 0) {
		close_keep_errno(dir);
		return -1;
	}
	undo_remove(dir, name, option_of(s),
		    S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0);
	return openat(dir, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
}

/* SRC's copy put on DST, walked as DIR's are; made if missing in a new
 * root, and then unmounted and removed if we end before the exec. */
static void mounts_bind(const struct step *s, struct run *run)
{
	const char *dst = s->dir.path;
	int mnt = run->mounts.binds[s->dir.slot],
	    fd = walk_path(THIS_STEP, option_of(s), dst, dst);
	bool made = false;

	if (fd < 0 && errno == ENOENT && s->dir.root)
		made = (fd = made_dst(s, mnt)) >= 0;
	if (fd < 0 && errno == 0)
		exit(EXIT_TOOL);
	if (fd < 0 || move_mount(mnt, "", fd, "", MOVE_MOUNT_F_EMPTY_PATH |
							  MOVE_MOUNT_T_EMPTY_PATH) != 0)
		option_failed(errno, bind_hint(s, errno), option_of(s), dst);
	close(fd);
	if (made)
		undo_umount_fd(mnt, option_of(s), "bind", dst);
	else
		close(mnt);
}

STEP_ROW(BIND_SOURCE, "bind-source", N_("take a copy of the source's mounts"),
	 mounts_bind_source, show_dir, mounts_bind_predict);

STEP_ROW(BIND, "bind", N_("bind that copy there"),
	 mounts_bind, show_dir, mounts_bind_predict);

static bool mounts_bind_predict(const struct step *s, struct prediction *p)
{
	char buf[2 * PATH_MAX];
	const char *path = seen_path(s, buf, sizeof buf);
	int fd = path ? seen_walk(s, s->dir.path, true) : -1;
	struct stat at, from;
	bool unlike;

	if (path == NULL)
		return false;
	if (leaves_new_root(s, p))
		return true;
	/* A DST missing in a new root is made, in its directory. */
	if (fd < 0 && errno == ENOENT && s->kind == STEP_BIND && s->dir.root &&
	    strrchr(s->dir.path, '/')[1]) {
		char parent[PATH_MAX];

		snprintf(parent, sizeof parent, "%.*s",
			 (int)(strrchr(s->dir.path, '/') - s->dir.path + 1),
			 s->dir.path);
		if ((fd = seen_walk(s, parent, false)) >= 0) {
			int w = faccessat(fd, ".", W_OK, AT_EACCESS);

			close_keep_errno(fd);
			if (w == 0)
				return false;
			return predict_fail(p, errno, s->dir.path, NULL);
		}
	}
	if (fd < 0)
		return predict_fail(p, errno, s->dir.path, bind_hint(s, errno));
	/* SRC's kind, as the run finds it, against DST's. */
	unlike = s->kind == STEP_BIND && fstat(fd, &at) == 0 &&
		 stat(s->dir.options, &from) == 0 &&
		 S_ISDIR(at.st_mode) != S_ISDIR(from.st_mode);
	close(fd);
	return unlike && predict_fail(p, EINVAL, s->dir.path,
				      bind_hint(s, EINVAL));
}
