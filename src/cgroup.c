/* A cgroup of the run's own (see cgroup.h).
 *
 * Its life is the run's, kept by a watcher: forked first of all, it
 * stays in the caller's cgroup and namespaces with the caller's
 * credentials, whatever we take on later (a user namespace that does
 * not map root, --owner, --setuid).  It makes the cgroup and says which
 * (its inode: we open that one or none); when we ask or are gone (our
 * pidfd, even after a SIGKILL), it kills what is in it, waits until it
 * is empty and removes it, the program's own cgroups first.  The child
 * enters through the watcher, which writes its pid to the cgroup.procs
 * it opened as the caller (the kernel checks a move by the opener's
 * credentials, Linux 5.16), never by its name, which the parent's owner
 * may remove and make again meanwhile.  Still the caller at the fork
 * (no --owner), the fork makes the child in it instead
 * (CLONE_INTO_CGROUP, which spares the move's RCU grace period).  The
 * kernel tells the watcher who asks (SO_PASSCRED: only CAP_SYS_ADMIN
 * over its pid namespace may choose the pid), so nobody moves another
 * process with it; and no process that takes on other ids, or that the
 * program can reach, holds the file: the watcher alone, undumpable, in
 * its own session.  The child unshares the cgroup namespace once in it,
 * making it the namespace's root; we stay outside.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cgroup.h"
#include "child.h"
#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "quote.h"
#include "show.h"
#include "undo.h"

/* Linux 5.3; older headers lack it. */
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

const char *cgroup_delegate_hint(bool brief)
{
	char manager[64];

	/* systemd is pid 1, and runs this user's manager. */
	snprintf(manager, sizeof manager, "/run/user/%u/systemd/private",
		 (unsigned)getuid());
	if (access("/run/systemd/system", F_OK) == 0 &&
	    access(manager, F_OK) == 0)
		return brief ? "systemd-run --user --scope -p Delegate=yes"
			     : _("run it so: systemd-run --user --scope -p "
				 "Delegate=yes unshare ...");
	return brief ? _("root can delegate one, see unshare(1)")
		     : _("have root chown you a cgroup and its cgroup.procs, "
			 "then move you into it");
}

/* A failure, said as the run says it: it ends the run; or on a dry run,
 * what would end it (*p, an errno always), and the dry run goes on. */
static void refuse(struct prediction *p, int err, const char *hint,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void refuse(struct prediction *p, int err, const char *hint,
		   const char *fmt, ...)
{
	char what[4400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (p == NULL)
		fail(EXIT_TOOL, THIS_STEP, err, hint, "%s", what);
	p->err = err ? err : ENOENT;
	snprintf(p->what, sizeof p->what, "%.*s", (int)sizeof p->what - 1,
		 what);
	snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
}

/* The caller's cgroup, where s makes the new one, if we may: its
 * descriptor, or -1 once refused (on a dry run, into *p). */
static int open_parent(const struct step *s, struct prediction *p)
{
	const char *parent = s->cgroup.parent;
	int dir;

	if (parent == NULL && s->cgroup.error == EXDEV)
		refuse(p, 0, _("run unshare in a cgroup inside it"),
		       _("--new-cgroup: your cgroup is outside your cgroup "
			 "namespace (/proc/self/cgroup)"));
	else if (parent == NULL)
		/* The error of reading where it is, or none: then there is no
		 * cgroup2, or this process is in none. */
		refuse(p, s->cgroup.error,
		       s->cgroup.error ? NULL
				       : _("no cgroup2 in /proc/self/mountinfo, "
					   "or no 0:: line in /proc/self/cgroup"),
		       _("--new-cgroup: no cgroup to make it in"));
	if (parent == NULL)
		return -1;
	if ((dir = open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0) {
		refuse(p, errno, NULL, "--new-cgroup: %s", quoted(parent));
		return -1;
	}
	/* Moving a process takes writing to the cgroup.procs of the common
	 * ancestor of where it is and where it goes: ours. */
	if (faccessat(dir, "cgroup.procs", W_OK, AT_EACCESS) != 0) {
		int e = errno;

		/* A prediction's WHAT is longer: the hint in brief. */
		refuse(p, e, cgroup_delegate_hint(p != NULL),
		       _("--new-cgroup: your cgroup, %s"), quoted(parent));
		close(dir);
		return -1;
	}
	return dir;
}

/* What is said of the cgroup in more than one place. */
static const char cgroup_gone[] = N_("it was removed while unshare ran");
static const char no_process[] = N_("a cgroup that enables controllers for "
				    "its children holds no process");
#define MAKE_FAILED _("--new-cgroup: cannot make the cgroup %s in %s")
#define TAKEN _("give another name, or remove it (rmdir)")
#define REPLACED _("--new-cgroup: %s was replaced as it was made")
#define OPEN_FAILED "--new-cgroup: %s"

/* Whether word is one of the words of the file at path. */
static bool has_word(const char *path, const char *word)
{
	char buf[4096], *w, *save;
	FILE *f = fopen(path, "re");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	for (w = strtok_r(buf, " \n", &save); w; w = strtok_r(NULL, " \n", &save))
		if (strcmp(w, word) == 0)
			return true;
	return false;
}

/* The cgroup v2 hierarchy's root cgroup, from parent (a cgroup of it) up
 * to the topmost directory with a cgroup.controllers, into root: false
 * if that is a cgroup under the root (it has cgroup.events), as in a
 * cgroup namespace, whose cgroup.controllers lists only what its parent
 * enables. */
static bool hierarchy_root(const char *parent, char *root, size_t size)
{
	char path[4500];
	char *slash;

	snprintf(root, size, "%s", parent);
	while ((slash = strrchr(root, '/')) != NULL && slash != root) {
		snprintf(path, sizeof path, "%.*s/cgroup.controllers",
			 (int)(slash - root), root);
		if (access(path, F_OK) != 0)
			break;
		*slash = '\0';
	}
	snprintf(path, sizeof path, "%s/cgroup.events", root);
	return access(path, F_OK) != 0;
}

/* The v1 hierarchy a controller is bound to (its cgroup v2 files are
 * io.*, its name blkio), as /proc/cgroups says: 0 for none (cgroup v2
 * may have it), or -1 if the kernel has no such controller, or has it
 * off (cgroup_disable=, 0 in the column enabled), which it then takes
 * as a name it does not know.  Since Linux 6.14 it lists only those
 * with cgroup v1 files (memory is not, without CONFIG_MEMCG_V1): one it
 * does not list, or all if it cannot be read, is cgroup v2's if the
 * root cgroup above parent has it (0), else unknown (-1), or -2 if that
 * root is not seen. */
static int v1_hierarchy(const char *parent, const char *controller)
{
	char line[256], name[64], root[4400], path[4500];
	const char *legacy = strcmp(controller, "io") == 0 ? "blkio"
							  : controller;
	int hierarchy = -3, h, on;
	FILE *f = fopen("/proc/cgroups", "re");

	while (f && hierarchy == -3 && fgets(line, sizeof line, f))
		if (sscanf(line, "%63s %d %*d %d", name, &h, &on) == 3 &&
		    strcmp(name, legacy) == 0)
			hierarchy = on ? h : -1;
	if (f)
		fclose(f);
	if (hierarchy != -3)
		return hierarchy;
	if (!hierarchy_root(parent, root, sizeof root))
		return -2;
	snprintf(path, sizeof path, "%s/cgroup.controllers", root);
	return has_word(path, controller) ? 0 : -1;
}

/* Which files a cgroup has, and what each takes. */
#define SEE_DOCS N_("see the kernel's cgroup-v2 documentation")

static const char subtree_control[] = "cgroup.subtree_control";

/* Whether set ("FILE=VALUE") writes cgroup.subtree_control. */
static bool sets_subtree(const char *set)
{
	return strncmp(set, subtree_control, sizeof subtree_control - 1) == 0 &&
	       set[sizeof subtree_control - 1] == '=';
}

/* Whether the kernel parses the value of set, a write of
 * cgroup.subtree_control in a cgroup made in parent: words "+NAME" or
 * "-NAME" of controllers it knows, by their cgroup v2 names (io, not
 * blkio), and not of those of cgroup v1 alone, apart by spaces (empty
 * words skipped), with white space around them.  1 if it does, 0 if not
 * (EINVAL), -1 if that cannot be told. */
static int subtree_parses(const char *parent, const char *set)
{
	static const char *const v1_only[] = { "blkio", "cpuacct", "devices",
					       "freezer", "net_cls",
					       "net_prio" };
	const char *w = set + sizeof subtree_control;
	size_t len = strlen(w), n;
	char name[64];
	int parses = 1, hierarchy;

	for (; len && isspace((unsigned char)*w); w++, len--)
		;
	for (; len && isspace((unsigned char)w[len - 1]); len--)
		;
	for (; len; w += n + (n < len), len -= n + (n < len)) {
		if ((n = strcspn(w, " ")) > len)
			n = len;
		if (n == 0)
			continue;
		snprintf(name, sizeof name, "%.*s", (int)n - 1, w + 1);
		if ((*w != '+' && *w != '-') || n - 1 >= sizeof name ||
		    (hierarchy = v1_hierarchy(parent, name)) == -1)
			return 0;
		for (size_t i = 0; i < sizeof v1_only / sizeof *v1_only; i++)
			if (strcmp(name, v1_only[i]) == 0)
				return 0;
		if (hierarchy == -2)
			parses = -1;
	}
	return parses;
}

/* Whether a word from w on, of a value written to cgroup.subtree_control,
 * or of a value written there after it (of the n sets from later on, in
 * the order the run writes them), names the controller name again
 * ("+NAME" or "-NAME"): the last word that names it decides. */
static bool named_again(const char *w, const char *name,
			const char *const *later, size_t n)
{
	size_t len = strlen(name);

	for (size_t k; *w; w += k) {
		w += strspn(w, " ");
		k = strcspn(w, " ");
		if (k == len + 1 && strncmp(w + 1, name, len) == 0)
			return true;
	}
	for (; n; later++, n--)
		if (sets_subtree(*later))
			return named_again(*later + sizeof subtree_control, name,
					   later + 1, n - 1);
	return false;
}

/* The first controller "+NAME" of a value of set, a write of
 * cgroup.subtree_control, that no later word names again (of it, or of
 * the n_later sets written after it, later), and that parent does not
 * enable for its children (which the kernel refuses: ENOENT); or, with domain, the first that it
 * does enable and that is a domain controller, which leaves the cgroup
 * no room for a process of its own (all but the threaded cpu, cpuset,
 * perf_event and pids).  Into name; false if there is none. */
static bool subtree_controller(const char *parent, const char *set,
			       const char *const *later, size_t n_later,
			       bool domain, char *name, size_t size)
{
	static const char *const threaded[] = { "cpu", "cpuset",
						"perf_event", "pids" };
	const char *w = set + sizeof subtree_control;
	char path[4400];

	snprintf(path, sizeof path, "%s/%s", parent, subtree_control);
	for (size_t n; *w; w += n) {
		bool fits = true;

		w += strspn(w, " ");
		n = strcspn(w, " ");
		if (n < 2 || *w != '+')
			continue;
		snprintf(name, size, "%.*s", (int)n - 1, w + 1);
		if (named_again(w + n, name, later, n_later))
			continue;
		for (size_t i = 0; domain && i < sizeof threaded / sizeof *threaded;
		     i++)
			fits &= strcmp(name, threaded[i]) != 0;
		if (has_word(path, name) == domain && fits)
			return true;
	}
	return false;
}

/* A cgroup under parent, into path: false if it has none. */
static bool under(const char *parent, char *path, size_t size)
{
	DIR *d = opendir(parent);
	const struct dirent *e;
	bool found = false;

	while (d && !found && (e = readdir(d)) != NULL)
		if (e->d_type == DT_DIR && e->d_name[0] != '.') {
			snprintf(path, size, "%s/%s", parent, e->d_name);
			found = true;
		}
	if (d)
		closedir(d);
	return found;
}

/* Why the file of set ("FILE=VALUE") is not in a cgroup made under
 * parent, as a hint in buf; on a dry run (dry), NULL where it cannot be
 * told before (it may be there). */
static const char *missing(const char *parent, const char *set, bool dry,
			   char *buf, size_t size)
{
	size_t file = strcspn(set, "="), dot = strcspn(set, ".");
	char controller[64], path[4400];
	int hierarchy = -1;

	snprintf(controller, sizeof controller, "%.*s", (int)dot, set);
	/* There, what its value enables: a controller the kernel refuses,
	 * if one is. */
	if (sets_subtree(set) &&
	    !subtree_controller(parent, set, NULL, 0, false, controller,
				sizeof controller))
		return dry ? NULL : _(SEE_DOCS);
	snprintf(path, sizeof path, "%s/cgroup.subtree_control", parent);
	if (strcmp(controller, "cgroup") != 0)
		hierarchy = v1_hierarchy(parent, controller);
	if (hierarchy > 0) {
		/* TRANSLATORS: %s is a controller (memory), twice. */
		snprintf(buf, size, _("%s is cgroup v1's here: boot with "
				      "cgroup_no_v1=%s"), controller, controller);
		return buf;
	}
	if (hierarchy == 0 && !has_word(path, controller)) {
		/* TRANSLATORS: %s is a controller (memory). */
		snprintf(buf, size, _("enable %s in your cgroup's "
				      "cgroup.subtree_control"), controller);
		return buf;
	}
	if (!dry)
		return _(SEE_DOCS);
	/* A parent but the root has the files its children get; the root
	 * lacks some (cgroup.events, cgroup.kill...): there, any cgroup
	 * under it has them, as one made there would. */
	snprintf(path, sizeof path, "%s/cgroup.events", parent);
	if (access(path, F_OK) == 0)
		snprintf(path, sizeof path, "%s/%.*s", parent, (int)file, set);
	else if (!under(parent, path, sizeof path))
		return NULL;
	else
		snprintf(path + strlen(path), sizeof path - strlen(path),
			 "/%.*s", (int)file, set);
	return access(path, F_OK) == 0 ? NULL : _(SEE_DOCS);
}

#define SET_FAILED "--cgroup-set=%s"

/* A number from the file name in the cgroup dir, "max" as LLONG_MAX;
 * or the value of key in it (a flat keyed file); -1 if unread. */
static long long cgroup_number(const char *dir, const char *name,
			       const char *key)
{
	char path[4400], line[256];
	long long n = -1;
	size_t len = key ? strlen(key) : 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((f = fopen(path, "re")) == NULL)
		return -1;
	while (n < 0 && fgets(line, sizeof line, f))
		if (key == NULL)
			n = strncmp(line, "max", 3) == 0 ? LLONG_MAX
							  : strtoll(line, NULL, 10);
		else if (strncmp(line, key, len) == 0 && line[len] == ' ')
			n = strtoll(line + len + 1, NULL, 10);
	fclose(f);
	return n;
}

/* Whether a cgroup made in parent would pass the limits of parent and
 * each cgroup above it (the kernel refuses one with EAGAIN): if not,
 * the limit reached, its file and value, as a hint in buf. */
static const char *limit_reached(const char *parent, char *buf, size_t size)
{
	char dir[4400];
	long long level = 1, max, now;

	snprintf(dir, sizeof dir, "%s", parent);
	/* Up to the root of the hierarchy, which has no such files. */
	while ((max = cgroup_number(dir, "cgroup.max.depth", NULL)) >= 0) {
		const char *file = "cgroup.max.depth";

		if (level <= max) {
			file = "cgroup.max.descendants";
			max = cgroup_number(dir, file, NULL);
			now = cgroup_number(dir, "cgroup.stat",
					    "nr_descendants");
			if (max < 0 || now < max)
				file = NULL;
		}
		if (file) {
			char path[4500];

			snprintf(path, sizeof path, "%s/%s", quoted(dir), file);
			snprintf(buf, size, _(hint_limit), path, max);
			return buf;
		}
		char *slash = strrchr(dir, '/');

		if (slash == NULL || slash == dir)
			break;
		*slash = '\0';
		level++;
	}
	return NULL;
}

/* --dry-run: whether cgroup-make would fail (no cgroup v2, a cgroup not
 * delegated to us, the name taken), cgroup-set (a file its controller
 * does not give here, a controller the caller's cgroup does not enable)
 * and cgroup-enter (a domain controller enabled for the cgroup's
 * children, which keeps the child out; its unshare(2), when no unshare
 * step comes before it). */
static bool cgroup_predict(const struct step *s, struct prediction *p)
{
	int dir = open_parent(s, p);
	char limit[4600];
	bool taken;

	if (dir < 0)
		return true;
	taken = faccessat(dir, s->cgroup.name, F_OK, AT_SYMLINK_NOFOLLOW) == 0;
	close(dir);
	if (taken)
		refuse(p, EEXIST, TAKEN, MAKE_FAILED, quoted(s->cgroup.name),
		       quoted(s->cgroup.parent));
	else if (limit_reached(s->cgroup.parent, limit, sizeof limit))
		refuse(p, EAGAIN, limit, OPEN_FAILED, quoted(s->cgroup.name));
	else
		return false;
	snprintf(p->value, sizeof p->value, "%s", s->cgroup.name);
	return true;
}

/* Whether the cgroups made in parent are domains, which can enable
 * domain controllers for their children: the root's, and a domain's (a
 * threaded subtree's cannot). */
static bool makes_domains(const char *parent)
{
	char path[4400], type[32] = "";
	FILE *f;

	snprintf(path, sizeof path, "%s/cgroup.type", parent);
	if ((f = fopen(path, "re")) == NULL)
		return errno == ENOENT;
	if (fgets(type, sizeof type, f) == NULL)
		type[0] = '\0';
	fclose(f);
	return strcmp(type, "domain\n") == 0;
}

/* Whether the kernel takes each write of s in a cgroup made in parent, as
 * far as can be told: each a write of cgroup.subtree_control in a
 * domain, of controllers the kernel is seen to know and that parent
 * enables for its children. */
static bool sets_told(const struct step *s)
{
	char name[64];

	for (size_t i = 0; i < s->cgroup.n_sets; i++)
		if (!sets_subtree(s->cgroup.sets[i]) ||
		    !makes_domains(s->cgroup.parent) ||
		    subtree_parses(s->cgroup.parent, s->cgroup.sets[i]) < 0 ||
		    subtree_controller(s->cgroup.parent, s->cgroup.sets[i],
				       NULL, 0, false, name, sizeof name))
			return false;
	return true;
}

static bool cgroup_set_predict(const struct step *s, struct prediction *p)
{
	char buf[256];

	for (size_t i = 0; s->cgroup.parent && i < s->cgroup.n_sets; i++) {
		const char *why;

		/* A value it cannot parse, before any controller it names. */
		if (sets_subtree(s->cgroup.sets[i]) &&
		    subtree_parses(s->cgroup.parent, s->cgroup.sets[i]) == 0) {
			refuse(p, EINVAL, _(SEE_DOCS), SET_FAILED,
			       quoted(s->cgroup.sets[i]));
			return true;
		}
		why = missing(s->cgroup.parent, s->cgroup.sets[i], true, buf,
			      sizeof buf);
		if (why) {
			refuse(p, ENOENT, why, SET_FAILED,
			       quoted(s->cgroup.sets[i]));
			return true;
		}
	}
	/* Whether it takes each value, the kernel says as it is written. */
	if (s->cgroup.parent == NULL || s->cgroup.n_sets == 0 || sets_told(s))
		return false;
	p->unsure = true;
	snprintf(p->value, sizeof p->value, "%s", s->cgroup.sets[0]);
	snprintf(p->what, sizeof p->what, SET_FAILED,
		 quoted(s->cgroup.sets[0]));
	return true;
}

static bool cgroup_predict_enter(const struct step *s, struct prediction *p)
{
	char name[64];

	/* Enabling a domain controller for its children, the cgroup holds
	 * no process of its own: the child's move in is refused.  What the
	 * writes leave enabled: one a later write disables does not count. */
	for (size_t i = 0; s->cgroup.parent && sets_told(s) &&
			   i < s->cgroup.n_sets; i++)
		if (subtree_controller(s->cgroup.parent, s->cgroup.sets[i],
				       s->cgroup.sets + i + 1,
				       s->cgroup.n_sets - i - 1, true, name,
				       sizeof name)) {
			refuse(p, EBUSY, _(no_process), "%s",
			       quoted(s->cgroup.name));
			snprintf(p->value, sizeof p->value, "%s",
				 s->cgroup.name);
			return true;
		}
	return s->cgroup.alone && diagnose_predict_cgroup(p);
}

/* Whether the cgroup cg has processes, in it or under it, after waiting
 * up to ms for it to have none (cgroup.events says "populated 0", and
 * wakes a poll for POLLPRI when that changes).  One that cannot be read
 * is taken as empty: its removal then tells. */
static bool populated(int cg, int ms)
{
	char buf[128];
	int fd = openat(cg, "cgroup.events", O_RDONLY | O_CLOEXEC);
	struct pollfd p = { fd, POLLPRI, 0 };
	bool full = false;

	if (fd < 0)
		return false;
	do {
		ssize_t n = pread(fd, buf, sizeof buf - 1, 0);

		buf[n > 0 ? n : 0] = '\0';
		full = strstr(buf, "populated 1") != NULL;
	} while (full && poll(&p, 1, ms) > 0);
	close(fd);
	return full;
}

/* A SIGKILL to each process in cg: cgroup.kill (Linux 5.14), else one
 * by one. */
static void kill_all(int cg)
{
	char buf[4096];
	pid_t pid = 0;
	ssize_t n;
	int fd = openat(cg, "cgroup.kill", O_WRONLY | O_CLOEXEC);
	bool killed = fd >= 0 && write(fd, "1", 1) == 1;

	if (fd >= 0)
		close(fd);
	if (killed)
		return;
	fd = openat(cg, "cgroup.procs", O_RDONLY | O_CLOEXEC);
	while (fd >= 0 && (n = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++)
			if (buf[i] >= '0' && buf[i] <= '9') {
				pid = pid * 10 + (buf[i] - '0');
			} else {
				if (pid > 0)
					kill(pid, SIGKILL);
				pid = 0;
			}
	if (fd >= 0)
		close(fd);
}

/* Remove the cgroup cg, name in dir, once empty, the cgroups under it
 * first (the program's own), deepest first.  Its processes are killed
 * each round: one that entered after a kill (our child, which moves in
 * as we are killed) is killed by the next.  Refused while anything is
 * left (EBUSY), it is tried again a few times.  0, or -1 with errno. */
static int remove_tree(int dir, const char *name, int cg)
{
	/* Empty, with no cgroup under it, as it mostly is by now. */
	if (unlinkat(dir, name, AT_REMOVEDIR) == 0)
		return 0;
	for (int round = 0; round < 5; round++) {
		int list = openat(cg, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *d = list >= 0 ? fdopendir(list) : NULL;
		struct dirent *de;

		if (d == NULL && list >= 0)
			close(list);
		while (d && (de = readdir(d)) != NULL) {
			int sub;

			if (de->d_type != DT_DIR || strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			sub = openat(cg, de->d_name,
				     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0) {
				remove_tree(cg, de->d_name, sub);
				close(sub);
			}
		}
		if (d)
			closedir(d);
		kill_all(cg);
		if (populated(cg, 1000))
			errno = EBUSY;
		else if (unlinkat(dir, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
			return 0;
		if (errno != EBUSY && errno != EINTR)
			return -1;
	}
	return -1;
}

/* Why the cgroup cg is still busy, after remove_tree gave up: what is
 * left in it, as a hint. */
static const char *busy_hint(int cg)
{
	return populated(cg, 0)
		       ? _("remove it with rmdir once its processes are gone")
		       : _("nothing runs in it now: remove it, and cgroups "
			   "made in it, with rmdir");
}

/* A byte heard on sock, into *c, and the pid of the process that sent
 * it, as the kernel says (SO_PASSCRED), into *pid (0 if it did not
 * say): 1, 0 at the end, or -1. */
static ssize_t hear(int sock, char *c, pid_t *pid)
{
	union {
		struct cmsghdr h;
		char buf[CMSG_SPACE(sizeof(struct ucred))];
	} control;
	struct iovec v = { c, 1 };
	struct msghdr m = { .msg_iov = &v, .msg_iovlen = 1,
			    .msg_control = control.buf,
			    .msg_controllen = sizeof control.buf };
	struct ucred who;
	ssize_t n;

	*pid = 0;
	while ((n = recvmsg(sock, &m, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
		;
	for (struct cmsghdr *h = n == 1 ? CMSG_FIRSTHDR(&m) : NULL; h;
	     h = CMSG_NXTHDR(&m, h))
		if (h->cmsg_level == SOL_SOCKET &&
		    h->cmsg_type == SCM_CREDENTIALS) {
			memcpy(&who, CMSG_DATA(h), sizeof who);
			*pid = who.pid;
		}
	return n;
}

/* Move pid into cg, as the opener of its cgroup.procs: 0, or the errno,
 * as the one byte the answer is (never the byte that says done). */
static char move_in(int cg, pid_t pid)
{
	char text[16];
	int n = snprintf(text, sizeof text, "%d", (int)pid), e = 0,
	    fd = openat(cg, "cgroup.procs", O_WRONLY | O_CLOEXEC);

	/* Not told who: "0" would move us. */
	if (pid <= 0)
		e = ESRCH;
	else if (fd < 0 || write(fd, text, (size_t)n) != n)
		e = errno ? errno : EIO;
	if (fd >= 0)
		close(fd);
	return (char)(e == 'd' || e > 255 ? EIO : e);
}

/* Out of the caller's process group and session, once the cgroup is
 * made and said (a new session is a new scheduling autogroup, which a
 * loaded machine serves late: the run waits for the answer), with every
 * signal blocked since the fork (in mask, what to restore): one sent to
 * the group meanwhile is dropped, as the caller had it too and ends or
 * undoes the run; ignoring a pending signal discards it. */
static void leave_group(const sigset_t *mask)
{
	struct sigaction drop = { .sa_handler = SIG_IGN }, old;
	sigset_t pending;

	setsid();
	if (sigpending(&pending) == 0)
		for (int sig = 1; sig < NSIG; sig++)
			if (sig != SIGKILL && sig != SIGSTOP &&
			    sigismember(&pending, sig) == 1 &&
			    sigaction(sig, &drop, &old) == 0)
				sigaction(sig, &old, NULL);
	sigprocmask(SIG_SETMASK, mask, NULL);
}

/* The watcher: make the cgroup s names in parent and say its inode on
 * sock; move in whoever asks (an 'e' on sock); then wait until asked to
 * end (another byte on sock), or until we are gone (pidfd readable, or
 * sock's end); then kill what is in it, remove it, and answer. */
static _Noreturn void watch(const struct step *s, int parent, int sock,
			    int pidfd)
{
	const char *name = s->cgroup.name;
	struct pollfd p[2] = { { sock, POLLIN, 0 }, { pidfd, POLLIN, 0 } };
	struct stat st;
	bool asked = false, failed = false;
	int cg, e, r, on = 1;
	sigset_t all, mask;
	ssize_t sent;
	pid_t who;
	char c;

	/* Signals blocked until leave_group; on after a write to a pipe
	 * that is gone.  Of the descriptors, only ours: one of the caller's
	 * (a pipe a script reads to its end, --info-fd) must not outlive
	 * the run in us.  Undumpable: what we open as the caller, nobody
	 * takes from us (pidfd_getfd, ptrace) but one who may already. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &mask);
	keep_only((int[]){ parent, sock, pidfd }, 3);
	signal(SIGPIPE, SIG_IGN);
	/* Who asks to be moved in, the kernel tells: without, nobody is. */
	if (prctl(PR_SET_DUMPABLE, 0) != 0 ||
	    setsockopt(sock, SOL_SOCKET, SO_PASSCRED, &on, sizeof on) != 0) {
		complain(THIS_STEP, errno, NULL, "%s", events_doc());
		_exit(EXIT_TOOL);
	}
	if (mkdirat(parent, name, 0755) != 0) {
		char limit[4600];

		e = errno;
		/* At a limit, the hint names where it is. */
		if (e == EAGAIN &&
		    limit_reached(s->cgroup.parent, limit, sizeof limit))
			complain(THIS_STEP, e, limit, OPEN_FAILED, quoted(name));
		else
			complain(THIS_STEP, e,
				 e == EEXIST ? TAKEN
				 : e == EACCES || e == EPERM
					 ? cgroup_delegate_hint(false)
				 : e == ENODEV ? _(cgroup_gone)
					       : NULL,
				 MAKE_FAILED, quoted(name),
				 quoted(s->cgroup.parent));
		_exit(EXIT_TOOL);
	}
	if ((cg = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					       O_CLOEXEC)) < 0 ||
	    fstat(cg, &st) != 0) {
		e = errno;
		unlinkat(parent, name, AT_REMOVEDIR);
		complain(THIS_STEP, e, NULL, OPEN_FAILED, quoted(name));
		_exit(EXIT_TOOL);
	}
	/* Made by us, so ours: one the owner of the parent made in its
	 * place meanwhile is not, and is left alone. */
	if (st.st_uid != geteuid()) {
		complain(THIS_STEP, 0, NULL, REPLACED, quoted(name));
		_exit(EXIT_TOOL);
	}
	sent = send(sock, &st.st_ino, sizeof st.st_ino, MSG_NOSIGNAL);
	e = sent == (ssize_t)sizeof st.st_ino ? 0 : errno;
	leave_group(&mask);
	while (e == 0) {
		ssize_t n;

		while ((r = poll(p, pidfd >= 0 ? 2 : 1, -1)) < 0 &&
		       errno == EINTR)
			;
		/* We are gone. */
		if (r > 0 && !(p[0].revents & (POLLIN | POLLHUP)))
			break;
		/* Asked, or the end of the socket; without poll, waited for
		 * on the socket alone. */
		if ((n = hear(sock, &c, &who)) == 1 && c == 'e') {
			if (send_byte(sock, move_in(cg, who)) == 1)
				continue;
			/* Not answered, the child hears our end. */
			e = errno;
			failed = true;
			break;
		}
		/* Asked; or a socket that fails: said, and answered as if
		 * asked. */
		e = n < 0 ? errno : 0;
		asked = n != 0;
		break;
	}
	if (e)
		complain(THIS_STEP, e, NULL, "%s", events_doc());
	r = remove_tree(parent, name, cg);
	e = errno;
	if (r != 0)
		complain(THIS_STEP, e, e == EBUSY ? busy_hint(cg) : NULL,
			 _("%s: removing %s"), "--new-cgroup", quoted(name));
	if (asked)
		send_byte(sock, 'd');
	_exit(r || failed ? EXIT_TOOL : 0);
}

/* Step cgroup-make, first of all: refuse unless the caller may move
 * processes in its cgroup (a delegated one, or root's); then start the
 * watcher, which makes the cgroup s->cgroup.name in s->cgroup.parent
 * and hands it over: run->cgroup.dir, for cgroup-set and, without
 * --owner, for the fork to make the child in; and run->cgroup.sock, on
 * which the child asks the watcher to move it in otherwise.
 * When we end, however (exit, a signal, SIGKILL), the watcher kills
 * what is in it and removes it; if it died first (the program may kill
 * it, without -p), we say so and exit 125. */
static void cgroup_make(const struct step *s, struct run *run)
{
	int parent = open_parent(s, NULL), sv[2], pidfd;
	struct stat st;
	ino_t made;
	ssize_t n;
	pid_t pid;

	/* What tells the watcher we are gone: our pidfd (Linux 5.3), else
	 * the end of our socket. */
	pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		step_failed(errno, NULL, NULL);
	if ((pid = fork_or_fail()) == 0) {
		close(sv[0]);
		watch(s, parent, sv[1], pidfd);
	}
	close(sv[1]);
	if (pidfd >= 0)
		close(pidfd);
	/* From here on, our end, whenever it comes, has it removed. */
	run->cgroup.sock = sv[0];
	undo_cgroup(sv[0], pid, s->cgroup.name);
	/* The watcher says which cgroup it made (its inode), or ends after
	 * saying why not. */
	errno = 0;
	if ((n = recv(sv[0], &made, sizeof made, MSG_WAITALL)) != sizeof made) {
		int e = errno;
		siginfo_t end = { 0 };

		/* It said why: our status only.  Left unreaped (WNOWAIT)
		 * for the undo, which would take a watcher it cannot wait
		 * for as one killed. */
		while (n == 0 && waitid(P_PID, (id_t)pid, &end,
					WEXITED | WNOWAIT) != 0 &&
		       errno == EINTR)
			;
		if (end.si_pid == pid && end.si_code == CLD_EXITED &&
		    end.si_status == EXIT_TOOL)
			exit(EXIT_TOOL);
		step_failed(e, NULL, NULL);
	}
	if ((run->cgroup.dir = openat(parent, s->cgroup.name, O_RDONLY |
				      O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0 ||
	    fstat(run->cgroup.dir, &st) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL, OPEN_FAILED,
		     quoted(s->cgroup.name));
	if (st.st_ino != made)
		fail(EXIT_TOOL, THIS_STEP, 0, NULL, REPLACED,
		     quoted(s->cgroup.name));
	close(parent);
	if (!s->cgroup.for_set && !s->cgroup.into) {
		close(run->cgroup.dir);
		run->cgroup.dir = -1;
	}
}

STEP_ROW(CGROUP_MAKE, "cgroup-make", N_("make the run's cgroup"),
	 cgroup_make, show_cgroup, cgroup_predict);

/* Step cgroup-set: write each FILE=VALUE of s in the new cgroup. */
static void cgroup_set(const struct step *s, struct run *run)
{
	static const struct hint hints[] = {
		{ EINVAL, SEE_DOCS },
		{ ERANGE, SEE_DOCS },
		{ 0, NULL },
	};
	char file[256], buf[256];

	for (size_t i = 0; i < s->cgroup.n_sets; i++) {
		const char *set = s->cgroup.sets[i],
			   *value = set + strcspn(set, "=") + 1;
		ssize_t len = (ssize_t)strlen(value);
		int fd, e;

		snprintf(file, sizeof file, "%.*s", (int)(value - set - 1), set);
		if ((fd = openat(run->cgroup.dir, file, O_WRONLY | O_CLOEXEC)) >= 0 &&
		    write(fd, value, (size_t)len) == len) {
			close(fd);
			continue;
		}
		e = errno;
		fail(EXIT_TOOL, THIS_STEP, e,
		     e == ENOENT ? missing(s->cgroup.parent, set, false, buf,
					   sizeof buf)
				 : hint_for(hints, e),
		     SET_FAILED, quoted(set));
	}
	/* Opened as the caller: kept no longer than needed. */
	if (!s->cgroup.into) {
		close(run->cgroup.dir);
		run->cgroup.dir = -1;
	}
}

STEP_ROW(CGROUP_SET, "cgroup-set", N_("write values in the cgroup's files"),
	 cgroup_set, show_cgroup, cgroup_set_predict);

/* Step cgroup-enter, in the child: move into the new cgroup (unless
 * the fork made it there: run->cgroup.entered), then
 * unshare(2) the cgroup namespace there, whose root it becomes. */
static void cgroup_enter(const struct step *s, struct run *run)
{
	char answer = 0;
	ssize_t n;
	int e;

	/* Made in it by the fork; else the watcher moves us, the sender
	 * its kernel names. */
	if (run->cgroup.entered)
		n = 1;
	else if (send_byte(run->cgroup.sock, 'e') != 1 ||
		 (n = read_byte(run->cgroup.sock, &answer)) < 0)
		step_failed(errno, NULL, NULL);
	/* Its end, or its last word ('d'): it is gone. */
	if (n == 0 || answer == 'd')
		helper_gone(NULL);
	if ((e = (unsigned char)answer) != 0)
		step_failed(e,
			    e == EBUSY ? _(no_process)
			    : e == EACCES || e == EPERM || e == ENOENT
				    ? _("a move takes write access to "
					"cgroup.procs of both cgroups' common "
					"ancestor")
			    : e == ENODEV ? _(cgroup_gone)
					  : NULL,
			    "%s", quoted(s->cgroup.name));
	if (unshare(CLONE_NEWCGROUP) != 0) {
		e = errno;
		step_failed(e, e == EPERM ? _(hint_root) : NULL, "unshare(2)");
	}
}

STEP_ROW(CGROUP_ENTER, "cgroup-enter",
	 N_("enter the cgroup, unshare the cgroup namespace"),
	 cgroup_enter, show_cgroup, cgroup_predict_enter);
