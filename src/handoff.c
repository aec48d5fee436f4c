/* The hand-off to a script (see handoff.h).
 *
 * What the script learns is what the caller sees: the pid in the
 * caller's pid namespace and the namespaces' inodes, read through the
 * caller's /proc, opened before anything changed (a new pid namespace,
 * a new root, a proc of its own mounted over /proc).  The pid file is
 * written by the parent that waits for the program, which outlives it
 * and removes the file at the end, and which keeps the caller's
 * credentials (the program may run as another user).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "events.h"
#include "fail.h"
#include "handoff.h"
#include "i18n.h"
#include "json.h"
#include "kinds.h"
#include "show.h"
#include "undo.h"
#include "walk.h"

static bool handoff_predict(const struct step *s, struct prediction *p);
static bool handoff_pid_file_predict(const struct step *s,
				     struct prediction *p);
static bool handoff_wait_predict(const struct step *s, struct prediction *p);

static const char held_hint[] = N_("another run's program is named there, "
				   "and runs: give another file");

/* Why the pid file could not be written, from the parent's answer: a
 * file there that names a process that runs, that cannot be read to tell
 * (under --user, one of an id not mapped), or that is not ours to replace
 * (another user's, in a sticky directory). */
static const struct hint pid_file_hints[] = {
	{ EEXIST, held_hint },
	{ EACCES, N_("a file there cannot be read to tell whether a run "
		     "holds it: give another file") },
	{ EPERM, N_("a file there is another user's, in a sticky directory: "
		    "give another file") },
	{ 0, NULL },
};

/* The text of a pid file, at most: the largest pid (pid_max is at most
 * 2^22) and a newline. */
#define PID_TEXT_MAX sizeof "4194304\n"

/* Why a write of a pid file was refused with EFBIG: a file size limit
 * below its few bytes (ulimit -f, in blocks of 1024 bytes), as a hint in
 * buf; NULL if the limit is not that low. */
static const char *size_limit(char *buf, size_t size)
{
	struct rlimit l;

	if (getrlimit(RLIMIT_FSIZE, &l) != 0 || l.rlim_cur >= PID_TEXT_MAX)
		return NULL;
	snprintf(buf, size, _(hint_limit), "ulimit -f",
		 (long long)(l.rlim_cur / 1024));
	return buf;
}

/* The parent's answer to the child that sent its pid: 0, or why the
 * file was not written, and whether for a file already there. */
struct pid_answer {
	int err;
	bool there;
};

const char *file_split(const char *file, char *dir, size_t size)
{
	const char *slash = strrchr(file, '/');

	if (slash == NULL)
		snprintf(dir, size, ".");
	else
		snprintf(dir, size, "%.*s",
			 slash == file ? 1 : (int)(slash - file), file);
	return slash ? slash + 1 : file;
}

int file_unmakable(const char *file)
{
	char dir[PATH_MAX];
	struct stat st;
	struct statfs sfs;

	if (*file_split(file, dir, sizeof dir) == '\0')
		return EISDIR;
	if (stat(file, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return EISDIR;
	} else if (errno != ENOENT) {
		return errno;
	}
	if (stat(dir, &st) != 0)
		return errno;
	if (!S_ISDIR(st.st_mode))
		return ENOTDIR;
	/* A file system whose files are the kernel's makes none on request,
	 * even for root, whom access(2) lets through: proc says there is no
	 * such name, kernfs (sysfs, cgroup) that it is not permitted. */
	if (statfs(dir, &sfs) == 0) {
		if (sfs.f_type == PROC_SUPER_MAGIC)
			return ENOENT;
		if (sfs.f_type == SYSFS_MAGIC ||
		    sfs.f_type == CGROUP_SUPER_MAGIC ||
		    sfs.f_type == CGROUP2_SUPER_MAGIC)
			return EACCES;
	}
	return faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) != 0 ? errno
								       : 0;
}

/* Step hand-off, before anything changes: the caller's /proc, through
 * which the pid is read as the caller sees it, in run->handoff.proc_fd; with a
 * pid file (s->handoff.file), its directory, checked writable, in
 * run->handoff.pid_dir, and a socket pair to the parent that will write it. */
static void handoff_open(const struct step *s, struct run *run)
{
	const char *file = s->handoff.file;
	char dir[PATH_MAX];
	int e;

	if ((run->handoff.proc_fd = open("/proc", O_PATH | O_DIRECTORY | O_CLOEXEC)) <
	    0)
		step_failed(errno, _(hint_proc), "/proc");
	if (file == NULL)
		return;
	run->handoff.pid_name = file_split(file, dir, sizeof dir);
	if ((e = file_unmakable(file)) != 0)
		option_failed(e, NULL, "pid-file", file);
	/* Walked as --KIND=FILE's directory: a link someone else owns on
	 * the way is refused (it would have us write and remove our file
	 * where it leads). */
	if ((run->handoff.pid_dir = walk_dir(THIS_STEP, "pid-file", file, dir)) < 0 &&
	    errno == 0)
		exit(EXIT_TOOL);
	if (run->handoff.pid_dir < 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0,
		       run->handoff.pid_sock) != 0)
		option_failed(errno, NULL, "pid-file", file);
}

STEP_ROW(HANDOFF, "hand-off", N_("open /proc and the pid file's directory"),
	 handoff_open, show_handoff, handoff_predict);

/* The step failed on --option=fd. */
static _Noreturn void fd_failed(int err, const char *hint, const char *option,
				int fd)
{
	char number[16];

	snprintf(number, sizeof number, "%d", fd);
	option_failed(err, hint, option, number);
}

/* What the caller's /proc says of us: the target of a link (into buf),
 * or a file's first line. */
static const char *proc_read(const struct run *run, const char *path,
			     bool link, char *buf, size_t size)
{
	ssize_t n;
	int fd = -1;

	if (link)
		n = readlinkat(run->handoff.proc_fd, path, buf, size - 1);
	else if ((fd = openat(run->handoff.proc_fd, path, O_RDONLY | O_CLOEXEC)) < 0)
		n = -1;
	else
		n = read(fd, buf, size - 1);
	if (fd >= 0)
		close(fd);
	if (n < 0)
		step_failed(errno, _(hint_proc), "/proc/%s", path);
	buf[n] = '\0';
	return buf;
}

/* Our pid as the caller sees it. */
static long our_pid(const struct run *run)
{
	char buf[32];

	return strtol(proc_read(run, "self", true, buf, sizeof buf), NULL, 10);
}

/* The inode of our namespace of type ns ("net:[4026531840]" read), or 0
 * for a kind this kernel lacks. */
static unsigned long long ns_inode_of(const struct run *run, const char *ns)
{
	char path[64], link[64] = "";
	const char *inode;

	snprintf(path, sizeof path, /* not translated: a path */ "self/ns/%s",
		 ns);
	if (readlinkat(run->handoff.proc_fd, path, link, sizeof link - 1) < 0) {
		if (errno == ENOENT)
			return 0;
		step_failed(errno, NULL, "/proc/%s", path);
	}
	inode = strchr(link, '[');
	return inode ? strtoull(inode + 1, NULL, 10) : 0;
}

/* Step info-fd: {"version":N,"pid":PID,"ns":{TYPE:INODE...}} (and
 * "init_pid" with --init) on s->handoff.fd, which is then closed. */
static void handoff_info(const struct step *s, struct run *run)
{
	struct sigaction ignore = { .sa_handler = SIG_IGN }, saved;
	char doc[1024];
	size_t n, done = 0;

	/* As json_open() starts a document; the keys are plain words. */
	n = (size_t)snprintf(doc, sizeof doc, "{\"version\":%d,\"pid\":%ld",
			     JSON_VERSION, our_pid(run));
	if (s->handoff.init) {
		/* The init is our parent: stat's fourth field, after the
		 * name in parentheses, which may hold anything. */
		char line[512];
		const char *end = strrchr(proc_read(run, "self/stat", false,
						    line, sizeof line), ')');

		n += (size_t)snprintf(doc + n, sizeof doc - n,
				      ",\"init_pid\":%ld",
				      end ? strtol(end + 4, NULL, 10) : 0L);
	}
	n += (size_t)snprintf(doc + n, sizeof doc - n, ",\"ns\":{");
	for (size_t i = 0, k = 0; i < UNSHARE_NFLAGS; i++) {
		const char *ns = unshare_flags[i].ns;
		unsigned long long inode = *ns ? ns_inode_of(run, ns) : 0;

		if (inode)
			n += (size_t)snprintf(doc + n, sizeof doc - n,
					      "%s\"%s\":%llu", k++ ? "," : "",
					      ns, inode);
	}
	n += (size_t)snprintf(doc + n, sizeof doc - n, "}}\n");
	/* A reader gone is an error of ours, not a signal that kills. */
	sigaction(SIGPIPE, &ignore, &saved);
	while (done < n) {
		ssize_t w = write(s->handoff.fd, doc + done, n - done);

		if (w < 0 && errno != EINTR)
			fd_failed(errno, NULL, "info-fd", s->handoff.fd);
		done += w > 0 ? (size_t)w : 0;
	}
	sigaction(SIGPIPE, &saved, NULL);
	if (!s->handoff.kept)
		close(s->handoff.fd);
}

STEP_ROW(INFO_FD, "info-fd", N_("write the pid and namespaces to it"),
	 handoff_info, show_handoff, NULL);

/* Step pid-file: the parent asked to write the pid to FILE, and its
 * answer waited for. */
static void handoff_pid_file(const struct step *s, struct run *run)
{
	int sock = run->handoff.pid_sock[1];
	struct pid_answer a = { 0, false };
	long pid = our_pid(run);

	/* Its answer; or if it could not hear us, the reason it sent before
	 * it closed its end, still there to read.  Not heard, it is told so
	 * (end of file), and answers nothing. */
	if (send(sock, &pid, sizeof pid, MSG_NOSIGNAL) == (ssize_t)sizeof pid)
		errno = EPIPE;
	else
		shutdown(sock, SHUT_WR);
	if (recv(sock, &a, sizeof a, MSG_WAITALL) != (ssize_t)sizeof a)
		a = (struct pid_answer){ errno, false };
	close(sock);
	/* Refused by a file there, or by its directory: which the caller
	 * may write in (the hand-off saw to it), so in the new user
	 * namespace, one of an owner or group that it does not map. */
	if (a.err) {
		char limit[128];

		option_failed(a.err,
			      a.there ? hint_for(pid_file_hints, a.err)
			      : a.err == EACCES && s->handoff.uid_map
				      ? _(hint_unmapped)
			      : a.err == EFBIG ? size_limit(limit, sizeof limit)
					       : NULL,
			      "pid-file", s->handoff.file);
	}
}

STEP_ROW(PID_FILE, "pid-file", N_("write the pid to it"),
	 handoff_pid_file, show_handoff, handoff_pid_file_predict);

/* A name of our own in the pid file's directory that no one can guess
 * (and so make first, in a sticky directory): into name. */
static void unguessable(char *name, size_t size)
{
	unsigned long long r = 0;

	if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
		r ^= (unsigned long long)getpid() << 32 ^ (unsigned long long)time(NULL);
	snprintf(name, size, /* not translated: a name */ ".unshare-%016llx.pid",
		 r);
}

/* Whether the pid file name in dir holds a process that runs (1):
 * another run's, which must not be written over; or 0 (no file, or one
 * a run killed left); or -1 if it cannot be read (EACCES, EPERM), so
 * that no one can tell. */
static int held(int dir, const char *name)
{
	char text[32] = "";
	int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	long pid;

	if (fd < 0)
		return errno == EACCES || errno == EPERM ? -1 : 0;
	if (read(fd, text, sizeof text - 1) < 0)
		text[0] = '\0';
	close(fd);
	pid = strtol(text, NULL, 10);
	return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* text, n bytes of it, written whole to fd: 0, or the errno (a short
 * write is written on, for the error that cut it: EFBIG past a file
 * size limit). */
static int write_whole(int fd, const char *text, int n)
{
	ssize_t w;

	for (int done = 0; done < n; done += (int)w)
		if ((w = write(fd, text + done, (size_t)(n - done))) <= 0)
			return w < 0 ? errno : EIO;
	return 0;
}

/* FILE, whole, linked into place from a file with no name (O_TMPFILE),
 * so that a SIGKILL meanwhile leaves nothing: 0, or the errno (EEXIST:
 * a file is there).  Linked through its descriptor (AT_EMPTY_PATH, which
 * a kernel before Linux 6.10 grants only with CAP_DAC_READ_SEARCH), else
 * through /proc/self/fd. */
static int link_pid_file(int dir, const char *name, const char *text, int n)
{
	char link[32];
	int fd, e = 0;

	if ((fd = openat(dir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644)) < 0)
		return errno;
	e = write_whole(fd, text, n);
	snprintf(link, sizeof link, /* not translated: a path */
		 "/proc/self/fd/%d", fd);
	if (e == 0 && linkat(fd, "", dir, name, AT_EMPTY_PATH) != 0 &&
	    (errno == EEXIST ||
	     linkat(AT_FDCWD, link, dir, name, AT_SYMLINK_FOLLOW) != 0))
		e = errno;
	close(fd);
	return e;
}

/* FILE, whole, where no file with no name can be linked: a file of our
 * own in its directory, renamed into place.  0, or the errno. */
static int rename_pid_file(int dir, const char *name, const char *text,
			   int n)
{
	char tmp[64];
	int fd, e = 0;

	for (int tries = 0;; tries++) {
		unguessable(tmp, sizeof tmp);
		fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL |
					      O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd >= 0 || errno != EEXIST || tries == 10)
			break;
	}
	if (fd < 0)
		return errno;
	e = write_whole(fd, text, n);
	if (close(fd) != 0 && e == 0)
		e = errno;
	if (e == 0 &&
	    renameat2(dir, tmp, dir, name, RENAME_NOREPLACE) != 0) {
		e = errno;
		/* Stale, or a file system without NOREPLACE. */
		if ((e == EEXIST && held(dir, name) == 0) || e == EINVAL)
			e = renameat(dir, tmp, dir, name) != 0 ? errno : 0;
	}
	if (e != 0)
		unlinkat(dir, tmp, 0);
	return e;
}

/* FILE, whole: linked into place, or renamed; removed when this process
 * ends.  A FILE that names a process that runs is another run's: EEXIST;
 * one that cannot be read is kept too: EACCES.  One left by a run killed
 * is removed (if it is still the file read as stale; EPERM: another
 * user's in a sticky directory), and ours linked in its place: a SIGKILL
 * meanwhile leaves no file of ours.  0, or the errno, and *there set if
 * it is a file already there that refused it. */
static int write_pid_file(const struct run *run, long pid, bool *there)
{
	int dir = run->handoff.pid_dir, n, e;
	const char *name = run->handoff.pid_name;
	struct stat seen, now;
	char text[32];

	n = snprintf(text, sizeof text, "%ld\n", pid);
	e = link_pid_file(dir, name, text, n);
	if (e == EEXIST &&
	    fstatat(dir, name, &seen, AT_SYMLINK_NOFOLLOW) == 0) {
		int h = held(dir, name);

		*there = true;
		if (h != 0)
			return h > 0 ? EEXIST : EACCES;
		if (fstatat(dir, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
		    same_file(&seen, &now) && unlinkat(dir, name, 0) != 0)
			return errno;
		*there = false;
		e = link_pid_file(dir, name, text, n);
	}
	/* A file system with no O_TMPFILE (EOPNOTSUPP; EISDIR before Linux
	 * 3.11), or no way to link it (ENOENT: no /proc of ours). */
	if (e == EOPNOTSUPP || e == EISDIR || e == ENOENT)
		e = rename_pid_file(dir, name, text, n);
	if (e == 0)
		undo_remove(dir, name, "--pid-file", 0);
	return e;
}

void handoff_serve(struct run *run)
{
	struct sigaction ignore = { .sa_handler = SIG_IGN }, saved;
	int sock = run->handoff.pid_sock[0];
	struct pid_answer a;
	long pid;
	ssize_t n;

	if (sock < 0)
		return;
	/* Its padding too: all of it is sent. */
	memset(&a, 0, sizeof a);
	/* A file size limit is an error of ours (EFBIG), not a signal that
	 * kills: SIGXFSZ ignored while the file is written. */
	sigaction(SIGXFSZ, &ignore, &saved);
	/* Until the child asks, or ends before it could (end of file); a
	 * failure to hear it is its answer. */
	while ((n = recv(sock, &pid, sizeof pid, MSG_WAITALL)) < 0 &&
	       errno == EINTR)
		;
	a.err = n < 0 ? errno
		: n == (ssize_t)sizeof pid ? write_pid_file(run, pid, &a.there)
					   : EPIPE;
	sigaction(SIGXFSZ, &saved, NULL);
	if (n != 0)
		send(sock, &a, sizeof a, MSG_NOSIGNAL);
	close(sock);
}

/* Step wait-fd: a byte on s->handoff.fd, then it is closed; end of file
 * ends the run (125), undone. */
static void handoff_wait(const struct step *s, struct run *run)
{
	ssize_t n;
	char c;

	(void)run;
	while ((n = read(s->handoff.fd, &c, 1)) < 0 && errno == EINTR)
		;
	if (n < 0)
		fd_failed(errno, NULL, "wait-fd", s->handoff.fd);
	if (n == 0)
		fd_failed(0, _("end of file: the run is called off"), "wait-fd",
			  s->handoff.fd);
	close(s->handoff.fd);
}

STEP_ROW(WAIT_FD, "wait-fd", N_("wait for a byte on it before the exec"),
	 handoff_wait, show_handoff, handoff_wait_predict);

/* --dry-run: whether --pid-file's FILE could not be made (hand-off, which
 * opens its directory), or names a run that still runs (pid-file, which
 * refuses to replace it); wait-fd: it cannot tell (p->unsure). */
static bool handoff_predict(const struct step *s, struct prediction *p)
{
	char dir[PATH_MAX];
	int fd, e;

	if (s->handoff.file == NULL)
		return false;
	/* As the run checks it: first whether it can be made at all, then
	 * its directory walked as the run walks it, where a link someone
	 * else owns on the way is refused, with no errno. */
	if ((e = file_unmakable(s->handoff.file)) != 0)
		return predict_fail(p, e, s->handoff.file, NULL);
	file_split(s->handoff.file, dir, sizeof dir);
	if ((fd = walk_dir(NULL, NULL, NULL, dir)) >= 0)
		close(fd);
	return fd < 0 && errno == 0 && predict_fail(p, 0, s->handoff.file, NULL);
}

/* Whether gid is one of ours: the effective group or a supplementary
 * one. */
static bool our_group(gid_t gid)
{
	int n = getgroups(0, NULL);
	gid_t *list = n > 0 ? calloc((size_t)n, sizeof *list) : NULL;
	bool ours = gid == getegid();

	n = list ? getgroups(n, list) : 0;
	for (int i = 0; i < n && !ours; i++)
		ours = list[i] == gid;
	free(list);
	return ours;
}

/* Whether the parent that writes the pid file is privileged over st (its
 * capabilities override the file's mode): outside a new user namespace,
 * root; in one, whose every capability it has, only over a file whose
 * owner and group the namespace maps. */
static bool privileged_over(const struct step *s, const struct stat *st)
{
	if (s->handoff.uid_map == NULL)
		return geteuid() == 0;
	return idmap_has(s->handoff.uid_map, st->st_uid, true) &&
	       idmap_has(s->handoff.gid_map, st->st_gid, true);
}

/* Whether that parent, in the new user namespace, may do what mask asks
 * (R_OK, W_OK, X_OK: the mode's bits) to path, whose status is st: 1
 * with the caller's ids, by its mode, or by privilege over it; 0 if not;
 * -1 where an access ACL decides for one not its owner, which is not
 * read here.  Outside one, the caller's view (faccessat) has said so
 * already. */
static int parent_may(const struct step *s, const char *path,
		      const struct stat *st, int mask)
{
	int bits = st->st_uid == geteuid() ? (int)st->st_mode >> 6
		   : our_group(st->st_gid) ? (int)st->st_mode >> 3
					   : (int)st->st_mode;

	if (s->handoff.uid_map == NULL || privileged_over(s, st))
		return 1;
	if (st->st_uid != geteuid() &&
	    getxattr(path, /* not translated: a name */
		     "system.posix_acl_access", NULL, 0) >= 0)
		return -1;
	return (bits & mask) == mask;
}

static bool handoff_pid_file_predict(const struct step *s, struct prediction *p)
{
	const char *file = s->handoff.file;
	char dir[PATH_MAX];
	struct stat d, f;
	bool there = lstat(file, &f) == 0;
	char limit[128];
	int h, e, may;

	/* Unmakable, the hand-off foresees it; a directory the parent may
	 * not write in, in the new user namespace, a live run's file, one
	 * that cannot be read, or a stale one not ours to remove is this
	 * step's to refuse. */
	if (file_unmakable(file) != 0)
		return false;
	file_split(file, dir, sizeof dir);
	if (stat(dir, &d) != 0)
		return false;
	if ((may = parent_may(s, dir, &d, W_OK | X_OK)) == 0)
		return predict_fail(p, EACCES, file, _(hint_unmapped));
	/* It is written before it is linked into place: a file size limit
	 * below its bytes refuses it first; one of fewer bytes than the
	 * largest pid takes, if the pid is that long. */
	if (size_limit(limit, sizeof limit)) {
		struct rlimit l;

		p->unsure = getrlimit(RLIMIT_FSIZE, &l) == 0 && l.rlim_cur > 0;
		return predict_fail(p, EFBIG, file, limit);
	}
	/* The parent reads it first: one it may not read, whatever it
	 * holds, is kept. */
	if (may > 0 && there && !S_ISLNK(f.st_mode))
		may = parent_may(s, file, &f, R_OK);
	h = may == 0 ? -1 : held(AT_FDCWD, file);
	/* What an ACL allows it, or one that its privilege in the namespace
	 * reads and the caller cannot, is told as it is written. */
	if (may < 0 || (h < 0 && may > 0 && s->handoff.uid_map)) {
		p->unsure = true;
		return predict_fail(p, 0, file,
				    _("an ACL, or privilege in the new user "
				      "namespace, decides as it is written"));
	}
	if (h > 0)
		e = EEXIST;
	else if (h < 0)
		e = EACCES;
	/* Another user's, in a sticky directory: only its owner, the
	 * directory's or one privileged over it may remove it. */
	else if (there && (d.st_mode & S_ISVTX) && f.st_uid != geteuid() &&
		 d.st_uid != geteuid() && !privileged_over(s, &f))
		e = EPERM;
	else
		return false;
	return predict_fail(p, e, file, hint_for(pid_file_hints, e));
}

static bool handoff_wait_predict(const struct step *s, struct prediction *p)
{
	/* Whether a byte comes is the writer's to say, at the time. */
	p->unsure = true;
	snprintf(p->value, sizeof p->value, "%d", s->handoff.fd);
	snprintf(p->what, sizeof p->what, "%d", s->handoff.fd);
	return true;
}
