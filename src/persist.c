/* Keeping namespaces in files.
 *
 * The helper is forked before unshare(2), so it stays in the caller's
 * namespaces, mount namespace above all: a bind mount made there is seen
 * by the caller and outlives us.  It is made an orphan at once (init reaps
 * it).  When told, it binds /proc/PID/ns/KIND of the process that
 * unshared onto each FILE (creating FILE if missing), answers, then waits:
 * 'u' undoes everything (a later step failed, or a signal ends us before
 * the program runs) and says when it is done; end of file keeps it (the
 * program was executed: our end is close-on-exec).
 *
 * FILE is a path anyone with write access to its directory may change
 * under us, so it is resolved once: opened without following a symbolic
 * link, checked, and from then on only its descriptor is used.  The bind
 * is made onto that descriptor (open_tree and move_mount), and undone
 * through the descriptor of the bind mount itself, never through the
 * path again.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <linux/nsfs.h>
#include <stdbool.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "events.h"
#include "fail.h"
#include "handoff.h"
#include "i18n.h"
#include "kinds.h"
#include "procfs.h"
#include "quote.h"
#include "show.h"
#include "undo.h"
#include "walk.h"

static bool persist_predict(const struct step *s, struct prediction *p);

/* Linux 6.8; older headers lack it. */
#ifndef NS_GET_MNTNS_ID
#define NS_GET_MNTNS_ID _IOR(NSIO, 0x5, uint64_t)
#endif

/* One FILE, as the helper holds it. */
struct kept {
	int dir;          /* the directory FILE is in, or -1 */
	const char *name; /* FILE's name in it */
	int file;         /* FILE itself, or -1 */
	int mount;        /* the bind mount on it, or -1 */
	bool created;     /* we made FILE: remove it on undo */
	struct stat st;
};

/* Whether the mount holding path propagates as shared. */
static bool on_shared_mount(const char *file)
{
	char line[4096], best[4096] = "", mnt[4096], path[PATH_MAX];
	size_t best_len = 0;
	FILE *f;

	if (realpath(file, path) == NULL || (f = fopen("/proc/self/mountinfo",
						      "re")) == NULL)
		return false;
	while (fgets(line, sizeof line, f)) {
		size_t len;

		/* id parent major:minor root mountpoint options [fields] - */
		if (sscanf(line, "%*s %*s %*s %*s %4095s", mnt) != 1)
			continue;
		len = strlen(mnt);
		if (strncmp(path, mnt, len) == 0 &&
		    (path[len] == '/' || path[len] == '\0' || len == 1) &&
		    len >= best_len) {
			best_len = len;
			snprintf(best, sizeof best, "%s", line);
		}
	}
	fclose(f);
	return strstr(best, " shared:") != NULL;
}

/* The id the kernel gave a mount namespace, or 0 if it cannot say. */
static uint64_t mntns_id(const char *path)
{
	uint64_t id = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		if (ioctl(fd, NS_GET_MNTNS_ID, &id) != 0)
			id = 0;
		close(fd);
	}
	return id;
}

/* Whether the mount fd is on is one of this mount namespace's (under our
 * root): its id is in /proc/self/mountinfo.  Yes if it cannot tell. */
static bool mount_is_ours(int fd)
{
	unsigned long long id;
	struct statx stx;
	bool found = false, start = true;
	char line[4096];
	FILE *f;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID, &stx) != 0 ||
	    !(stx.stx_mask & STATX_MNT_ID) ||
	    (f = fopen("/proc/self/mountinfo", "re")) == NULL)
		return true;
	/* The id starts a line (a long line comes in pieces). */
	while (!found && fgets(line, sizeof line, f)) {
		found = start && sscanf(line, "%llu", &id) == 1 &&
			id == stx.stx_mnt_id;
		start = strchr(line, '\n') != NULL;
	}
	/* Read only in part: it cannot tell either. */
	found = found || ferror(f);
	fclose(f);
	return found;
}

/* What FILE's failures say first: the option and FILE, as given. */
static const char file_what[] = "--%s=%s";

/* TRANSLATORS: %s is the file. */
static const char free_hint[] = N_("umount %s to free it");

static const char not_regular[] = N_("a namespace is kept on one (it is "
				     "made if missing)");

/* A failure of FILE (shown, as given), with err and hint: -1. */
static int file_failed(const struct flag *f, const char *shown, int err,
		       const char *hint)
{
	complain("persist", err, hint, file_what, f->name, shown);
	return -1;
}

/* FILE is no regular file: -1. */
static int irregular(const struct flag *f, const char *shown)
{
	complain("persist", 0, _(not_regular),
		 _("--%s=%s: not a regular file"), f->name, shown);
	return -1;
}

/* The first directory of the way to dir that is not there, quoted, in
 * buf: what to create. */
static const char *first_missing(const char *dir, char *buf, size_t size)
{
	struct stat st;
	size_t len = 0;

	do {
		len += strspn(dir + len, "/");
		len += strcspn(dir + len, "/");
		snprintf(buf, size, "%.*s", (int)len, dir);
	} while (dir[len] && lstat(buf, &st) == 0);
	return quoted(buf);
}

/* FILE, opened for good: its directory, then FILE in it, made if
 * missing (O_EXCL, so never through a symbolic link), else opened
 * without following one and checked.  0, or -1 after saying why. */
static int open_file(const struct flag *f, const char *file, struct kept *k)
{
	const char *slash = strrchr(file, '/'), *shown = quoted(file);
	char dir[PATH_MAX];
	struct statfs sfs;

	/* Cut, it would name another directory. */
	if (slash && slash - file >= PATH_MAX)
		return file_failed(f, shown, ENAMETOOLONG, NULL);
	k->name = file_split(file, dir, sizeof dir);
	if (*k->name == '\0')
		return irregular(f, shown);
	if ((k->dir = walk_dir("persist", f->name, file, dir)) < 0) {
		char missing[PATH_MAX], hint[PATH_MAX + 64];

		/* TRANSLATORS: %s is a directory on the way to FILE. */
		snprintf(hint, sizeof hint, _("create the directory %s first"),
			 first_missing(dir, missing, sizeof missing));
		return errno ? file_failed(f, shown, errno,
					   errno == ENOENT ? hint : NULL)
			     : -1;
	}
	if (!mount_is_ours(k->dir)) {
		/* TRANSLATORS: --%s=%s is the option and its file. */
		complain("persist", 0,
			 _("run unshare there: nsenter "
			   "--mount=/proc/PID/ns/mnt unshare ..."),
			 _("--%s=%s: its directory is in another mount "
			   "namespace"), f->name, quoted(file));
		return -1;
	}
	k->file = openat(k->dir, k->name, O_WRONLY | O_CREAT | O_EXCL |
			 O_NOFOLLOW | O_CLOEXEC, 0444);
	if (k->file >= 0) {
		if (fstat(k->file, &k->st) != 0) {
			int e = errno;

			/* Just made by us (O_EXCL), and not yet known by its
			 * inode: removed by its name. */
			unlinkat(k->dir, k->name, 0);
			return file_failed(f, shown, e, NULL);
		}
		k->created = true;
		return 0;
	}
	if (errno != EEXIST ||
	    (k->file = openat(k->dir, k->name,
			      O_PATH | O_NOFOLLOW | O_CLOEXEC)) < 0 ||
	    fstat(k->file, &k->st) != 0)
		return file_failed(f, shown, errno, NULL);
	if (fstatfs(k->file, &sfs) == 0 && sfs.f_type == NSFS_MAGIC) {
		char hint[PATH_MAX + 64];

		snprintf(hint, sizeof hint, _(free_hint), shown);
		/* TRANSLATORS: --%s=%s is the option and the file as
		 * given. */
		complain("persist", 0, hint,
			 _("--%s=%s: it keeps a namespace already"), f->name,
			 shown);
		return -1;
	}
	/* A symbolic link is never followed: it is no regular file. */
	if (!S_ISREG(k->st.st_mode))
		return irregular(f, shown);
	return 0;
}

static const char admin_hint[] = N_("keeping a namespace needs "
				    "CAP_SYS_ADMIN here: run as root");

/* Why binding a namespace onto FILE (opened as k) failed, with what to
 * do. */
static void bind_failed(const struct flag *f, const char *file,
			const struct kept *k, const char *source)
{
	static const struct hint hints[] = {
		{ EPERM, admin_hint },
		{ ENOSYS, hint_mount_api },
		{ 0, NULL },
	};
	int e = errno;
	uint64_t ours, theirs;
	char hint[256];
	const char *h = hint_for(hints, e);
	struct stat now;
	/* A mount namespace kept where it could loop: EINVAL from mount(2),
	 * ELOOP from move_mount(2). */
	bool loop = f->bit == UNSHARE_MOUNT && (e == EINVAL || e == ELOOP);

	/* FILE removed since it was opened: it is what failed, not the
	 * namespace. */
	if (e == ENOENT && fstat(k->file, &now) == 0 && now.st_nlink == 0)
		h = _("it was removed while unshare ran");
	else if (loop && on_shared_mount(file))
		h = _("keep it on a private mount (mount --make-private)");
	else if (loop && (ours = mntns_id("/proc/self/ns/mnt")) != 0 &&
		 (theirs = mntns_id(source)) != 0 && theirs <= ours) {
		/* The kernel keeps a mount namespace only in a file of an
		 * older one, older by its id; the ids come in batches, one
		 * a CPU, so one made on another CPU may have a higher id
		 * though older. */
		/* TRANSLATORS: %llu is the id of the new mount namespace,
		 * %llu that of the file's. */
		snprintf(hint, sizeof hint, _("its id, %llu, is below the "
					      "file's, %llu: try taskset -c N"),
			 (unsigned long long)theirs, (unsigned long long)ours);
		h = hint;
	} else if (e == EBUSY)
		h = _(hint_busy);
	file_failed(f, quoted(file), e, h);
}

/* Undo what bind_all did: unmount the very mounts it made (through their
 * descriptors), and remove the files it made from the directories it
 * made them in, if the names still are those files. */
static void unbind(const char *const *files, const struct kept *kept)
{
	struct stat now;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct kept *k = &kept[i];

		/* Something mounted on ours since would go instead of ours
		 * (the unmount reaches the topmost): both stay, said; and if
		 * it came between the look and the unmount, it went, said. */
		int r = k->mount >= 0 ? umount_mount(k->mount) : 0;

		if (r == STAYED || (r != 0 && errno == EBUSY)) {
			char hint[PATH_MAX + 128];

			/* A mount put on ours meanwhile was unmounted in its
			 * place, or is on it still. */
			snprintf(hint, sizeof hint, _(free_hint),
				 quoted(files[i]));
			/* TRANSLATORS: --%s=%s is the option and the file as
			 * given. */
			complain("persist", r == STAYED ? 0 : EBUSY,
				 r == STAYED ? _(stayed_hint) : hint,
				 _("--%s=%s: the namespace stays kept in it"),
				 unshare_flags[i].name, quoted(files[i]));
			continue;
		}
		if (k->created &&
		    fstatat(k->dir, k->name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
		    now.st_dev == k->st.st_dev && now.st_ino == k->st.st_ino)
			unlinkat(k->dir, k->name, 0);
	}
}

/* In the helper: bind every FILE.  0, or -1 after undoing. */
static int bind_all(const char *const *files, pid_t pid,
		    struct kept *kept)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const char *file = files[i];
		char source[64];

		if (!file)
			continue;
		if (open_file(f, file, &kept[i]) != 0)
			goto fail;
		snprintf(source, sizeof source, "/proc/%d/ns/%s", (int)pid,
			 f->ns_after);
		kept[i].mount = open_tree(AT_FDCWD, source,
					  OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
		if (kept[i].mount >= 0 &&
		    move_mount(kept[i].mount, "", kept[i].file, "",
			       MOVE_MOUNT_F_EMPTY_PATH |
				       MOVE_MOUNT_T_EMPTY_PATH) == 0)
			continue;
		bind_failed(f, file, &kept[i], source);
		if (kept[i].mount >= 0)
			close(kept[i].mount); /* never attached */
		kept[i].mount = -1;
		goto fail;
	}
	return 0;
fail:
	unbind(files, kept);
	return -1;
}

static _Noreturn void helper(const char *const *files, pid_t pid, int sock)
{
	struct kept kept[UNSHARE_NFLAGS];
	char c, answer;
	ssize_t n;

	/* With --fork it lasts the run: none of the caller's descriptors
	 * (--info-fd's, whose reader waits for its end) stays in it. */
	keep_only(&sock, 1);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		kept[i] = (struct kept){ .dir = -1, .file = -1, .mount = -1 };
	if ((n = read_byte(sock, &c)) < 0) {
		complain(THIS_STEP, errno, NULL, "%s", events_doc());
		_exit(EXIT_TOOL);
	}
	if (n != 1 || c != 'b')
		_exit(0); /* a step before failed: nothing was made */
	answer = bind_all(files, pid, kept) == 0 ? 0 : 1;
	if (send_byte(sock, answer) != 1) {
		/* Unshare cannot know it is kept: keep nothing. */
		int e = errno;

		if (answer == 0)
			unbind(files, kept);
		complain(THIS_STEP, e, NULL, "%s", events_doc());
		_exit(EXIT_TOOL);
	}
	if (answer != 0)
		_exit(0);
	if (read(sock, &c, 1) == 1 && c == 'u') {
		unbind(files, kept);
		/* Done: the one who asked may go on (or die). */
		send(sock, "d", 1, MSG_NOSIGNAL);
	}
	_exit(0);
}

/* With --fork: the helper, our child, and our end of its socket; and
 * who we are, for a child of ours inherits the handler. */
static pid_t reaped_helper, reaper;
static int reaper_sock = -1;

/* At exit, in the process that started the helper: our end closed, the
 * helper, whose other ends are gone with the child, sees end of file and
 * ends, and is reaped. */
static void reap_helper(void)
{
	int st;

	if (getpid() != reaper)
		return;
	close(reaper_sock);
	wait_child(reaped_helper, &st, 0);
}

/* Step bind-helper, before unshare(2): start the helper that will bind
 * s->bind.files (with --fork, our child, reaped when we exit; else an
 * orphan, so that no one has to reap it), and leave its socket in
 * run->helpers.bind_sock: we send 'b' (bind), it answers 0 (done) or 1; later,
 * 'u' (undo), answered once undone.  Exits 125 on failure. */
static void persist_start(const struct step *s, struct run *run)
{
	int sock[2], st;
	pid_t pid = getpid(), child;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sock) != 0)
		step_failed(errno, NULL, NULL);
	/* A parent that waits for the program (--fork) outlives the
	 * helper, and reaps it: no zombie is left to an init that does not
	 * reap.  Without one, we become the program, which must not find a
	 * child it did not make: the helper is made an orphan, by a middle
	 * child that ends at once. */
	if ((child = fork_or_fail()) == 0) {
		if (!s->bind.reaped && fork_or_fail() != 0)
			_exit(0);
		close(sock[0]);
		helper(s->bind.files, pid, sock[1]);
	}
	close(sock[1]);
	run->helpers.bind_sock = sock[0];
	if (s->bind.reaped) {
		reaped_helper = child;
		reaper = pid;
		reaper_sock = sock[0];
		atexit(reap_helper);
		return;
	}
	if (wait_child(child, &st, 0) < 0)
		step_failed(errno, NULL, NULL);
	/* Not 0: the middle one said why. */
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
		helper_gone(&st);
}

STEP_ROW(BIND_HELPER, "bind-helper",
	 N_("start the helper that keeps the namespace files"),
	 persist_start, NULL, NULL);

/* Step persist, once the namespaces exist (and the pid namespace has its first
 * process): have the helper bind them all, and undo them if we exit
 * before exec.  Exits 125 if it could not. */
static void persist_now(const struct step *s, struct run *run)
{
	char answer = 1;
	ssize_t n;

	(void)s;
	/* From before the helper is asked: a signal that ends us while it
	 * binds has the binds undone too. */
	undo_ask(run->helpers.bind_sock, 'u', 'd');
	if (send_byte(run->helpers.bind_sock, 'b') != 1 ||
	    (n = read_byte(run->helpers.bind_sock, &answer)) < 0)
		step_failed(errno, NULL, NULL);
	if (n != 1)
		helper_gone(NULL);
	/* Not 0: the helper said why, its event included. */
	if (answer != 0)
		exit(EXIT_TOOL);
}

STEP_ROW(PERSIST, "persist", N_("keep the namespaces in their files"),
	 persist_now, show_persist, persist_predict);

/* A prediction that keeping flag i's namespace fails with err. */
static bool kept_fails(struct prediction *p, size_t i, int err,
		       const char *hint)
{
	const char *file = p->step->bind.files[i];

	p->err = err;
	snprintf(p->value, sizeof p->value, "%s", file);
	snprintf(p->what, sizeof p->what, file_what, unshare_flags[i].name,
		 quoted(file));
	snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
	return true;
}

/* --dry-run, step bind-helper: whether a FILE that is not there could
 * not be made. */
static bool persist_predict(const struct step *s, struct prediction *p)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const char *file = s->bind.files[i];
		char dir[PATH_MAX];
		struct stat st;
		struct statfs sfs;
		int fd, err;

		if (file == NULL)
			continue;
		/* Its directory walked as the run walks it: a link someone
		 * else owns on the way is refused, with no errno. */
		file_split(file, dir, sizeof dir);
		if ((fd = walk_dir(NULL, NULL, NULL, dir)) < 0 && errno == 0)
			return kept_fails(p, i, 0, NULL);
		if (fd >= 0)
			close(fd);
		/* One there is bound on as it is; a directory, or one that
		 * keeps a namespace already, is refused with no errno. */
		if (stat(file, &st) == 0 && S_ISDIR(st.st_mode))
			return kept_fails(p, i, 0, _(not_regular));
		if (statfs(file, &sfs) == 0 && sfs.f_type == NSFS_MAGIC)
			return kept_fails(p, i, 0, NULL);
		if (stat(file, &st) != 0 && (err = file_unmakable(file)) != 0)
			return kept_fails(p, i, err, NULL);
	}
	/* The helper binds in the caller's mount namespace, where that
	 * takes CAP_SYS_ADMIN. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (s->bind.files[i] && !has_cap(CAP_SYS_ADMIN))
			return kept_fails(p, i, EPERM, _(admin_hint));
	return false;
}
