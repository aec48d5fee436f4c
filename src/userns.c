/* A new user namespace: its id maps, setgroups and owner.
 *
 * The kernel lets a process write its own maps only for its own id, alone
 * (and for a group, only after setgroups is denied).  That case needs no
 * helper: we write /proc/self/uid_map ourselves.  Anything more needs a
 * writer in the parent namespace: a helper forked before unshare(2) that
 * writes the maps itself when it has CAP_SETUID and CAP_SETGID, or runs
 * newuidmap and newgidmap (which check /etc/subuid and /etc/subgid).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "diagnose.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "procfs.h"
#include "show.h"

static bool userns_owner_predict(const struct step *s, struct prediction *p);
static bool userns_map_predict(const struct step *s, struct prediction *p);

/* Writes len bytes of text to path (from dir) in one write(2), as the
 * kernel wants it; -1 with errno set if that fails. */
static int write_file(int dir, const char *path, const char *text,
		      size_t len)
{
	int fd = openat(dir, path, O_WRONLY | O_CLOEXEC), saved;

	if (fd < 0)
		return -1;
	if (write(fd, text, len) == (ssize_t)len)
		return close(fd);
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

/* What a task answers: 0, an errno, or REFUSED: newuidmap or newgidmap
 * said no (in its own words, on stderr). */
#define REFUSED 255

static int write_map(const char *path, const struct idmap *map)
{
	/* Sized to the map (33 bytes at most a line), not to the longest
	 * one: 11 KB of stack, a page and its fault more, for one line. */
	char text[map->n * 33 + 1];
	size_t len = idmap_format(map, text, sizeof text);

	return write_file(AT_FDCWD, path, text, len) == 0 ? 0 : errno;
}

/* Run newuidmap or newgidmap PID INNER OUTER COUNT ...: 0, REFUSED, or
 * an errno (ENOENT: the tool is not there). */
static int run_newidmap(const char *tool, pid_t pid, const struct idmap *map)
{
	char *argv[2 + 3 * IDMAP_MAX_EXTENTS + 1];
	char numbers[IDMAP_MAX_EXTENTS * 3 + 1][12];
	size_t n = 0, k = 0;
	pid_t child;
	int status;

	argv[n++] = (char *)tool;
	snprintf(numbers[k], sizeof numbers[k], "%d", (int)pid);
	argv[n++] = numbers[k++];
	for (size_t i = 0; i < map->n; i++) {
		const uint32_t v[3] = { map->ext[i].inner, map->ext[i].outer,
					map->ext[i].count };

		for (int j = 0; j < 3; j++) {
			snprintf(numbers[k], sizeof numbers[k], "%u", v[j]);
			argv[n++] = numbers[k++];
		}
	}
	argv[n] = NULL;

	if ((child = fork()) < 0)
		return errno;
	if (child == 0) {
		execvp(tool, argv);
		_exit(errno == ENOENT ? EXIT_NOT_FOUND : EXIT_CANNOT_RUN);
	}
	if (wait_child(child, &status, 0) < 0)
		return errno;
	if (!WIFEXITED(status))
		return REFUSED;
	status = WEXITSTATUS(status);
	return status == 0		  ? 0
	       : status == EXIT_NOT_FOUND ? ENOENT
	       : status == EXIT_CANNOT_RUN ? EACCES
					  : REFUSED;
}

/* Do what map step s writes, for process pid (0: our own, /proc/self):
 * 0, an errno, or REFUSED. */
static int write_task(const struct step *s, pid_t pid)
{
	char path[64] = "/proc/self/";
	bool uid = s->kind == STEP_UID_MAP;

	if (pid)
		snprintf(path, sizeof path, "/proc/%d/", (int)pid);
	if (s->kind == STEP_SETGROUPS) {
		bool deny = s->maps.setgroups == SETGROUPS_DENY;

		if (s->maps.setgroups == SETGROUPS_KEEP)
			return 0;
		strcat(path, "setgroups");
		return write_file(AT_FDCWD, path, deny ? "deny" : "allow",
				  deny ? 4 : 5) == 0 ? 0 : errno;
	}
	if (s->maps.writer == MAP_NEWIDMAP)
		return run_newidmap(uid ? "newuidmap" : "newgidmap", pid,
				    s->maps.map);
	strcat(path, uid ? "uid_map" : "gid_map");
	return write_map(path, s->maps.map);
}

/* Map step s failed with code (an errno, or REFUSED), said: what it
 * wrote, why it failed, what to do.  Apart from userns_write, and never
 * inlined there, so that its buffer (11 KB) is not in the frame of every
 * run that maps ids. */
static _Noreturn __attribute__((noinline)) void
map_failed(const struct step *s, int code)
{
	static const struct hint hints[] = {
		{ EPERM, N_("it needs CAP_SETUID/CAP_SETGID above, with each "
			    "outer id mapped there") },
		{ 0, NULL },
	};
	char text[IDMAP_MAX_EXTENTS * 33 + 1];
	bool uid = s->kind == STEP_UID_MAP,
	     tool = s->maps.writer == MAP_NEWIDMAP && s->kind != STEP_SETGROUPS;
	const char *h = NULL;

	if (s->kind == STEP_SETGROUPS) {
		snprintf(text, sizeof text, "%s",
			 s->maps.setgroups == SETGROUPS_DENY ? "deny" : "allow");
	} else {
		/* The lines, one after another. */
		idmap_format(s->maps.map, text, sizeof text);
		for (char *nl = strchr(text, '\n'); nl && nl[1];
		     nl = strchr(nl, '\n'))
			*nl = ',';
		text[strcspn(text, "\n")] = '\0';
	}
	if (code == REFUSED) {
		char hint[256];

		/* TRANSLATORS: %s is the tool (newuidmap or newgidmap), %s
		 * the file (/etc/subuid or /etc/subgid). */
		snprintf(hint, sizeof hint, _("%s refused it: the ranges must "
					      "be yours in %s"),
			 uid ? "newuidmap" : "newgidmap",
			 uid ? "/etc/subuid" : "/etc/subgid");
		step_failed(0, hint, "%s", text);
	}
	if (code == ENOENT)
		h = tool ? _("install the uidmap package (newuidmap, "
			     "newgidmap)")
			 : _(hint_proc);
	else if (code == EPERM && apparmor_hint())
		h = apparmor_hint();
	else if (!tool && s->kind != STEP_SETGROUPS)
		h = hint_for(hints, code);
	step_failed(code, h, "%s", text);
}

/* In the helper: for each task asked (the kind of a map step), do it
 * for process pid and answer how it went.  End of file: all done, or
 * unshare(2) failed, or we died. */
static _Noreturn void helper_loop(const struct step *s, pid_t pid, int ask,
				  int answer)
{
	char task;
	ssize_t n;

	while ((n = read_byte(ask, &task)) == 1) {
		struct step t = { .kind = (enum step_kind)(unsigned char)task };

		t.maps.writer = s->helper.writer;
		t.maps.setgroups = s->helper.setgroups;
		t.maps.map = t.kind == STEP_UID_MAP ? s->helper.uid
						    : s->helper.gid;
		if (write_byte(answer, (char)write_task(&t, pid)) != 1)
			step_failed(errno, NULL, NULL);
	}
	if (n < 0)
		step_failed(errno, NULL, NULL);
	_exit(0);
}

/* Step map-helper, before unshare(2): start the helper that writes the
 * maps from outside, which waits until asked (run->helpers.map_ask).
 * Exits 125 on failure. */
static void userns_start_helper(const struct step *s, struct run *run)
{
	int ask[2], answer[2];
	pid_t parent = getpid();

	if (pipe2(ask, O_CLOEXEC) != 0 || pipe2(answer, O_CLOEXEC) != 0)
		step_failed(errno, NULL, NULL);
	if ((run->helpers.map = fork_or_fail()) == 0) {
		keep_only((int[]){ ask[0], answer[1] }, 2);
		helper_loop(s, parent, ask[0], answer[1]);
	}
	close(ask[0]);
	close(answer[1]);
	run->helpers.map_ask = ask[1];
	run->helpers.map_answer = answer[0];
}

STEP_ROW(MAP_HELPER, "map-helper",
	 N_("start the helper that writes the id maps"),
	 userns_start_helper, show_map_helper, NULL);

#define OWNER_HINT N_("it needs CAP_SETUID and CAP_SETGID: run as root")

/* Step owner, before unshare(2): take on --owner's ids.  Exits 125 on
 * failure. */
static void userns_become_owner(const struct step *s, struct run *run)
{
	(void)run;
	if (setgroups(0, NULL) != 0 ||
	    setresgid((gid_t)s->owner.gid, (gid_t)s->owner.gid,
		      (gid_t)s->owner.gid) != 0 ||
	    setresuid((uid_t)s->owner.uid, (uid_t)s->owner.uid,
		      (uid_t)s->owner.uid) != 0)
		step_failed(errno, errno == EPERM ? _(OWNER_HINT) : NULL,
			    "%lld:%lld", s->owner.uid, s->owner.gid);
}

STEP_ROW(OWNER, "owner", N_("take on --owner's ids"),
	 userns_become_owner, show_owner, userns_owner_predict);

/* --dry-run, owner: whether taking on --owner's ids would be refused
 * (the capabilities it takes), into *p. */
static bool userns_owner_predict(const struct step *s, struct prediction *p)
{
	/* Dropping the supplementary groups takes CAP_SETGID always; the
	 * uid, CAP_SETUID unless it is ours. */
	if (has_cap(CAP_SETGID) &&
	    (has_cap(CAP_SETUID) || (s->owner.uid == (long long)getuid() &&
				     s->owner.uid == (long long)geteuid())))
		return false;
	p->err = EPERM;
	snprintf(p->value, sizeof p->value, "%lld:%lld", s->owner.uid,
		 s->owner.gid);
	snprintf(p->what, sizeof p->what, "%s", p->value);
	snprintf(p->hint, sizeof p->hint, "%s", _(OWNER_HINT));
	return true;
}

/* Step dumpable, after owner: /proc/self ours again. */
static void userns_dumpable(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	/* The id change made us undumpable, which makes /proc/self root's:
	 * we could not write our own maps.  We hold no privilege now. */
	if (prctl(PR_SET_DUMPABLE, 1) != 0)
		step_failed(errno, NULL, NULL);
}

STEP_ROW(DUMPABLE, "dumpable", N_("become dumpable again"),
	 userns_dumpable, NULL, NULL);

/* Have the helper do step s; the last task, or a failed one, reaps it.
 * Its answer: 0, an errno, or REFUSED. */
static int ask_helper(const struct step *s, struct run *run)
{
	char answer;
	int status;
	ssize_t n = -1;

	if (write_byte(run->helpers.map_ask, (char)s->kind) != 1 ||
	    (n = read_byte(run->helpers.map_answer, &answer)) < 0)
		step_failed(errno, NULL, NULL);
	if (n == 1 && answer == 0 && !s->maps.last)
		return 0;
	close(run->helpers.map_ask);
	close(run->helpers.map_answer);
	if (wait_child(run->helpers.map, &status, 0) < 0)
		step_failed(errno, NULL, NULL);
	if (n != 1)
		helper_gone(&status);
	return (unsigned char)answer;
}

/* Steps setgroups, uid-map and gid-map, after unshare(2): write it, or
 * have the helper write it and wait for its answer.  Exits 125 on
 * failure. */
static void userns_write(const struct step *s, struct run *run)
{
	int code = s->maps.writer == MAP_DIRECT ||
				   s->maps.writer == MAP_NEWIDMAP
			   ? ask_helper(s, run)
			   : write_task(s, 0);

	if (code != 0)
		map_failed(s, code);
}

STEP_ROW(SETGROUPS, "setgroups", N_("write setgroups"),
	 userns_write, show_setgroups, NULL);

STEP_ROW(UID_MAP, "uid-map", N_("write the uid map"),
	 userns_write, show_map, userns_map_predict);

STEP_ROW(GID_MAP, "gid-map", N_("write the gid map"),
	 userns_write, show_map, userns_map_predict);

/* --dry-run, uid-map and gid-map: written by newuidmap or newgidmap, it
 * cannot tell (p->unsure).  Their refusal is the map step's, not the
 * helper's that runs them. */
static bool userns_map_predict(const struct step *s, struct prediction *p)
{
	/* newuidmap and newgidmap judge the maps by their own rules (their
	 * files, their privilege), when they run. */
	const char *tool = s->kind == STEP_UID_MAP ? "newuidmap" : "newgidmap";

	if (s->maps.writer != MAP_NEWIDMAP)
		return false;
	p->unsure = true;
	snprintf(p->value, sizeof p->value, "%s", tool);
	snprintf(p->what, sizeof p->what, "%s", tool);
	return true;
}

/* --disable-userns: the new user namespace allows one in it, ours; as
 * its maker we may say so. */
static void userns_limit(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	if (write_file(AT_FDCWD, "/proc/sys/user/max_user_namespaces", "1",
		       1) != 0)
		step_failed(errno, errno == ENOENT ? _(hint_proc) : NULL,
			    "/proc/sys/user/max_user_namespaces");
}

STEP_ROW(USERNS_LIMIT, "userns-limit",
	 N_("allow one user namespace in the new one"), userns_limit, NULL,
	 NULL);

/* --disable-userns: a user namespace nested in the new one, which allows
 * no more (the sysctl step): the program keeps its ids, each mapped to
 * itself, as the kernel lets a process map its own (the group once
 * setgroups is denied), through the caller's /proc (the hand-off's), as
 * the new root may have none.  A change of ids made us undumpable, and
 * /proc/self root's: dumpable for the three writes only. */
static void userns_nest(const struct step *s, struct run *run)
{
	const char *file[] = { "self/setgroups", "self/uid_map",
			       "self/gid_map" };
	char text[3][32] = { "deny" };
	size_t i = 0;

	(void)s;
	snprintf(text[1], sizeof text[1], "%u %u 1", (unsigned)geteuid(),
		 (unsigned)geteuid());
	snprintf(text[2], sizeof text[2], "%u %u 1", (unsigned)getegid(),
		 (unsigned)getegid());
	if (unshare(CLONE_NEWUSER) != 0)
		step_failed(errno, errno == ENOSPC
					   ? _("raise user.max_user_namespaces where "
					       "unshare runs")
					   : NULL, NULL);
	if (prctl(PR_SET_DUMPABLE, 1) != 0)
		step_failed(errno, NULL, NULL);
	for (; i < 3; i++)
		if (write_file(run->handoff.proc_fd, file[i], text[i],
			       strlen(text[i])) != 0)
			step_failed(errno, NULL, "/proc/%s", file[i]);
	/* Undumpable again until the exec (which sets it as for any
	 * program): our descriptors were opened with the caller's
	 * privileges, and the uid we now have may be another user's. */
	if (prctl(PR_SET_DUMPABLE, 0) != 0)
		step_failed(errno, NULL, NULL);
}

/* --dry-run: the nested namespace counts against the caller's limit
 * too, as the new one does. */
static bool userns_nest_predict(const struct step *s, struct prediction *p)
{
	long long max = proc_read_number("/proc/sys/user/max_user_namespaces");

	(void)s;
	if (max < 0 || max >= 2)
		return false;
	p->err = ENOSPC;
	snprintf(p->hint, sizeof p->hint, _("raise user.max_%s_namespaces "
					    "(here %lld, or a parent's)"),
		 "user", max);
	return true;
}

STEP_ROW(DISABLE_USERNS, "disable-userns",
	 N_("enter a user namespace that allows none in it"),
	 userns_nest, NULL, userns_nest_predict);
