/* Undoing what was made when a later step fails.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "fail.h"
#include "i18n.h"
#include "quote.h"
#include "undo.h"

static struct action {
	enum { UMOUNT_PATH, UMOUNT_FD, ASK, CGROUP, UNLINK } what;
	const char *path; /* UMOUNT_*: where it is mounted; UMOUNT_PATH:
			     umount this */
	const char *option, *type; /* UMOUNT_*: what made it, of which
				      filesystem: for a failure's message */
	char link[32];    /* UMOUNT_FD: /proc/self/fd/FD */
	int fd;           /* UMOUNT_FD: this mount; ASK, CGROUP: send byte
			     on this, and wait for done */
	char byte, done;
	int dir;          /* UNLINK: the directory it is in, */
	const char *name; /* its name there, */
	struct stat file; /* and the file's own (device, inode, ctime):
			     another put there since is not ours */
	int flags;        /* AT_REMOVEDIR for a directory */
	pid_t pid;        /* CGROUP: an ASK of this process alone; UNLINK:
			     the process that undoes it */
	pid_t helper;     /* CGROUP: the watcher, which answers */
} actions[UNDO_MAX];
static volatile sig_atomic_t n_actions;

/* A cgroup's watcher died before it answered: the cgroup may stay. */
static bool cgroup_left;

/* Our /proc/self directory, opened before a chroot (undo_before_chroot):
 * after it, the path /proc/self leads into the new root, whose owner chose
 * what is there (files, links to other mounts).  -1 and chrooted: none
 * could be opened, and no path is ours any more. */
static int proc_self = -1;
static bool chrooted;

/* CAP_SYS_ADMIN was kept, permitted alone, across a change of uid, for
 * the unmounts (undo_keep_admin). */
static bool admin_kept;

/* The signals that end us before the program runs, from a terminal or
 * a supervisor: they undo too. */
static const int ending[] = { SIGTERM, SIGINT, SIGHUP };

/* What our mountinfo says of the mount id: MOUNTED if it is there,
 * PARENT if another is mounted on it or under it (has it as its parent);
 * -1 with errno if it cannot be read.  Its first field is the mount's
 * id, the second its parent's: read a byte at a time through a buffer,
 * with system calls alone. */
enum { MOUNTED = 1, PARENT = 2 };
static int mount_state(uint64_t id)
{
	char buf[4096];
	ssize_t n;
	int fd = -1, field = 0, state = 0;
	uint64_t number = 0;

	if (proc_self >= 0)
		fd = openat(proc_self, "mountinfo", O_RDONLY | O_CLOEXEC);
	else if (!chrooted)
		fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	else
		errno = ENOENT;
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++) {
			char c = buf[i];

			if (c == '\n') {
				field = 0;
				number = 0;
			} else if (c == ' ') {
				if (field == 0 && number == id)
					state |= MOUNTED;
				else if (field == 1 && number == id)
					state |= PARENT;
				field++;
				number = 0;
			} else if (field < 2 && c >= '0' && c <= '9') {
				number = number * 10 + (uint64_t)(c - '0');
			}
		}
	close_keep_errno(fd);
	return n < 0 ? -1 : state;
}

int umount_in(int dir, const char *path)
{
	int cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC), r = -1, e;

	if (cwd < 0)
		return -1;
	if (fchdir(dir) == 0)
		r = umount2(path, MNT_DETACH);
	e = errno;
	if (fchdir(cwd) != 0) {
		r = -1;
		e = errno;
	}
	close(cwd);
	errno = e;
	return r;
}

/* After a chroot: unmount link ("/proc/self/fd/N") as our /proc/self
 * opened before it leads to it.  Only system calls. */
static int umount_in_proc_self(const char *link)
{
	static const char self[] = "/proc/self/";

	if (proc_self < 0) {
		errno = ENOENT;
		return -1;
	}
	return umount_in(proc_self, link + sizeof self - 1);
}

/* umount_mount (undo.h) through link, fd's magic link ("/proc/self/fd/N"),
 * whose unmount reaches the topmost mount on ours; after a chroot from
 * our /proc/self as opened before it, never by the path.  Only system
 * calls. */
static int umount_through(int fd, const char *link)
{
	struct statx ours;
	int r, state;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID, &ours) != 0 ||
	    !(ours.stx_mask & STATX_MNT_ID))
		return -1;
	if ((state = mount_state(ours.stx_mnt_id)) < 0)
		return -1;
	if (state & PARENT) {
		errno = EBUSY;
		return -1;
	}
	r = chrooted ? umount_in_proc_self(link) : umount2(link, MNT_DETACH);
	/* Our fd holds the mount, so its id is nobody else's meanwhile. */
	if (r == 0 && (state = mount_state(ours.stx_mnt_id)) > 0 &&
	    (state & MOUNTED))
		return STAYED;
	return r;
}

const char stayed_hint[] = N_("a mount put on it meanwhile was unmounted "
			      "in its place");

/* A mount that could not be undone, which the caller's namespace sees:
 * r from umount_through (or -1 from umount2) and errno (EBUSY:
 * something was mounted on it or under it meanwhile, which would go with
 * it). */
static void say_stays(const struct action *a, int r, int e)
{
	char hint[256];

	if (r == STAYED)
		snprintf(hint, sizeof hint, "%s", _(stayed_hint));
	else
		/* TRANSLATORS: %s is the filesystem (proc, binfmt_misc). */
		snprintf(hint, sizeof hint, _("the caller sees it too (findmnt "
					      "-t %s)"), a->type);
	/* TRANSLATORS: %s is the option (--mount-proc, --mount-binfmt), %s
	 * the directory. */
	complain("undo", r == STAYED ? 0 : e, hint,
		 _("%s: the mount on %s stays"), a->option, quoted(a->path));
}

/* Our capabilities, as capget(2) gives them; with set, as capset(2)
 * takes them.  System calls alone. */
static int caps(struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3],
		bool set)
{
	struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3,
						 0 };

	return (int)syscall(set ? SYS_capset : SYS_capget, &head, data);
}

/* Make CAP_SYS_ADMIN, kept for the unmounts, effective. */
static void raise_admin(void)
{
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (caps(data, false) != 0)
		return;
	data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective |=
		CAP_TO_MASK(CAP_SYS_ADMIN);
	caps(data, true);
}

/* Ask a cgroup's watcher to remove it, and wait for its answer: others
 * (to the child's move) may come first.  Stopped (the program may stop
 * it, as it may kill it, without -p), it is continued, as often as it
 * is stopped; dead before it answered, it is said, when telling, and
 * the exit status says it too (undo_left).  Only system calls, unless
 * telling. */
static void ask_watcher(const struct action *a, bool telling)
{
	struct pollfd p = { a->fd, POLLIN, 0 };
	char answer = 0;
	ssize_t n = 0;
	int status;

	if (send(a->fd, &a->byte, 1, MSG_NOSIGNAL) == 1)
		for (;;) {
			int r = poll(&p, 1, 100);

			if (r == 0) {
				kill(a->helper, SIGCONT);
				continue;
			}
			if (r < 0 && errno == EINTR)
				continue;
			if ((n = read(a->fd, &answer, 1)) < 0 && errno == EINTR)
				continue;
			if (n != 1 || answer == a->done)
				break;
		}
	if (n == 1 && answer == a->done)
		return;
	/* Ended without a word: gone its own way (having said why, or
	 * with the cgroup removed), or killed. */
	if (wait_child(a->helper, &status, 0) == a->helper &&
	    WIFEXITED(status)) {
		cgroup_left = WEXITSTATUS(status) != 0;
		return;
	}
	cgroup_left = true;
	if (telling)
		/* TRANSLATORS: %s is the cgroup's name. */
		complain("undo", 0, NULL, _("--new-cgroup: %s not removed: "
					    "its watcher died"),
			 quoted(a->name));
}

bool undo_left(void)
{
	return cgroup_left;
}

/* Whether the file an UNLINK names is still the one put there: a file
 * another run put there since (ours read as stale) is kept.  Ours not
 * known (its fstatat failed), or this one not, it goes by its name. */
static bool still_ours(const struct action *a)
{
	struct stat st;

	if (a->file.st_ino == 0)
		return true;
	if (fstatat(a->dir, a->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno != ENOENT;
	return same_file(&st, &a->file);
}

bool same_file(const struct stat *a, const struct stat *b)
{
	/* An inode number is used again once free, its ctime not. */
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* Newest first; each action taken off before it runs, so that a signal
 * arriving meanwhile never runs one twice.  Only system calls, unless
 * telling: it runs in a signal handler too, where a mount that stays
 * cannot be told of (that takes the catalog, stdio, and under --json the
 * events).  At exit it is. */
static void run_all(bool telling)
{
	if (admin_kept)
		raise_admin();
	while (n_actions > 0) {
		struct action *a = &actions[--n_actions];
		char answer;
		int r = 0;

		if (a->what == UNLINK) {
			if (a->pid == getpid() && still_ours(a))
				while ((r = unlinkat(a->dir, a->name,
						     a->flags)) != 0 &&
				       errno == EINTR)
					;
			if (r != 0 && telling && errno != ENOENT)
				/* TRANSLATORS: %s is the option (--pid-file,
				 * --new-cgroup), %s the file's or cgroup's
				 * name. */
				complain("undo", errno, NULL, _("%s: removing %s"),
					 a->option, quoted(a->name));
			continue;
		}
		if (a->what == UMOUNT_PATH)
			r = umount2(a->path, MNT_DETACH);
		else if (a->what == UMOUNT_FD)
			r = umount_through(a->fd, a->link);
		else if (a->what == CGROUP && a->pid != getpid())
			continue;
		else if (a->what == CGROUP)
			ask_watcher(a, telling);
		else if (send(a->fd, &a->byte, 1, MSG_NOSIGNAL) == 1)
			/* Until done, or the other end is gone; answers to
			 * earlier requests may come first. */
			while (read(a->fd, &answer, 1) == 1 && answer != a->done)
				;
		if (r != 0 && telling)
			say_stays(a, r, errno);
	}
}

/* Undo, then die of the signal as we would have.  The init of a new pid
 * namespace (the child of -p -f without --init) is spared by the kernel
 * every signal it has no handler for, its own raise() included: it would
 * go on to run the program, its undo done.  It ends as the shell says a
 * death by that signal, 128 + the signal's number, instead. */
static void on_ending_signal(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	run_all(false);
	if (getpid() == 1)
		_exit(128 + sig);
	sigaction(sig, &dfl, NULL);
	raise(sig); /* pending until the handler returns */
}

/* Once, with the first action: each ending signal that is not ignored
 * runs the undo.  exec resets them to their defaults. */
static void catch_ending_signals(void)
{
	struct sigaction act = { .sa_handler = on_ending_signal }, old;

	sigfillset(&act.sa_mask);
	for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++)
		if (sigaction(ending[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(ending[i], &act, NULL);
}

static void push(struct action a)
{
	sigset_t all, saved;

	if (n_actions == 0) {
		atexit(undo_now);
		catch_ending_signals();
	}
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	if (n_actions < UNDO_MAX)
		actions[n_actions++] = a;
	sigprocmask(SIG_SETMASK, &saved, NULL);
}

void undo_umount(const char *option, const char *type, const char *path)
{
	push((struct action){ .what = UMOUNT_PATH, .path = path,
			      .option = option, .type = type, .fd = -1 });
}

void undo_umount_fd(int fd, const char *option, const char *type,
		    const char *path)
{
	struct action a = { .what = UMOUNT_FD, .fd = fd, .option = option,
			    .type = type, .path = path };

	snprintf(a.link, sizeof a.link, "/proc/self/fd/%d", fd);
	push(a);
}

int umount_mount(int fd)
{
	char link[32];

	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	return umount_through(fd, link);
}

void undo_cgroup(int fd, pid_t watcher, const char *name)
{
	push((struct action){ .what = CGROUP, .fd = fd, .byte = 'r',
			      .done = 'd', .pid = getpid(), .helper = watcher,
			      .name = name });
}

int undo_can_unmount(void)
{
	if (proc_self >= 0)
		return 0;
	if (chrooted) {
		errno = ENOENT;
		return -1;
	}
	return access("/proc/self/mountinfo", R_OK);
}

void undo_remove(int dir, const char *name, const char *option, int flags)
{
	struct stat st = { 0 };

	/* Just put there: the file we remove at the end, and no other. */
	fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW);
	push((struct action){ .what = UNLINK, .fd = -1, .dir = dir,
			      .name = name, .option = option, .flags = flags,
			      .pid = getpid(), .file = st });
}

size_t undo_fds(int *fds, size_t max)
{
	size_t n = 0;

	if (proc_self >= 0 && n < max)
		fds[n++] = proc_self;
	for (sig_atomic_t i = 0; i < n_actions && n < max; i++)
		fds[n++] = actions[i].what == UNLINK ? actions[i].dir
						     : actions[i].fd;
	return n;
}

void undo_now(void)
{
	run_all(true);
}

int undo_keep_admin(void)
{
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { 0 };
	int i = CAP_TO_INDEX(CAP_SYS_ADMIN);

	if (caps(data, false) != 0)
		return -1;
	if (!(data[i].permitted & CAP_TO_MASK(CAP_SYS_ADMIN))) {
		errno = EPERM;
		return -1;
	}
	for (int j = 0; j < _LINUX_CAPABILITY_U32S_3; j++)
		data[j].permitted = data[j].effective = 0;
	data[i].permitted = CAP_TO_MASK(CAP_SYS_ADMIN);
	if (caps(data, true) != 0)
		return -1;
	admin_kept = true;
	return 0;
}

void undo_hand_over(void)
{
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	sigset_t all, saved;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	n_actions = 0;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (admin_kept && caps(data, false) == 0) {
		data[CAP_TO_INDEX(CAP_SYS_ADMIN)].permitted &=
			~CAP_TO_MASK(CAP_SYS_ADMIN);
		data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &=
			~CAP_TO_MASK(CAP_SYS_ADMIN);
		caps(data, true);
		admin_kept = false;
	}
}

void undo_before_chroot(void)
{
	proc_self = open("/proc/self", O_PATH | O_DIRECTORY | O_CLOEXEC);
	chrooted = true;
}

void undo_ask(int fd, char byte, char done)
{
	push((struct action){ .what = ASK, .fd = fd, .byte = byte,
			      .done = done });
}
