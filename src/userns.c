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

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
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
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "userns.h"

/* Writes len bytes of text to path in one write(2), as the kernel wants
 * it; -1 with errno set if that fails. */
static int write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), saved;

	if (fd < 0)
		return -1;
	if (write(fd, text, len) == (ssize_t)len)
		return close(fd);
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

/* Why writing the map text (the lines of a map) to path failed (errno
 * e), said.  Apart from write_map_file, and never inlined there, so that
 * its buffer (11 KB) is not in the frame of every run that maps ids. */
static _Noreturn __attribute__((noinline)) void
map_refused(const char *kind, const char *path, char *text, int e)
{
	static const struct hint hints[] = {
		{ ENOENT, N_("is /proc mounted? id maps are written through "
			     "it") },
		{ EPERM, N_("the writer needs CAP_SETUID (CAP_SETGID for "
			    "groups) over the parent namespace, and every outer "
			    "id must be mapped there; unprivileged, map ranges "
			    "with auto or subids, which go through newuidmap "
			    "and newgidmap") },
		{ 0, NULL },
	};
	char hint[IDMAP_MAX_EXTENTS * 33 + 1 + 256];

	if (e == EPERM && apparmor_hint())
		fail(EXIT_TOOL, kind, e, apparmor_hint(), _("writing %s"),
		     path);
	if (e != EINVAL)
		fail(EXIT_TOOL, kind, e, hint_for(hints, e), _("writing %s"),
		     path);
	/* The lines, one after another. */
	for (char *nl = strchr(text, '\n'); nl && nl[1]; nl = strchr(nl, '\n'))
		*nl = ',';
	text[strcspn(text, "\n")] = '\0';
	/* TRANSLATORS: %s is the lines of the map, as "0 1000 1,1 100000
	 * 65536". */
	snprintf(hint, sizeof hint, _("the kernel refused these lines: %s"),
		 text);
	fail(EXIT_TOOL, kind, e, hint, _("writing %s"), path);
}

static void write_map_file(const char *kind, const char *path,
			   const struct idmap *map)
{
	/* Sized to the map (33 bytes at most a line), not to the longest
	 * one: 11 KB of stack, a page and its fault more, for one line. */
	char text[map->n * 33 + 1];
	size_t len = idmap_format(map, text, sizeof text);

	if (write_file(path, text, len) != 0)
		map_refused(kind, path, text, errno);
}

static void write_setgroups(const char *path, int mode)
{
	int e;

	if (mode == SETGROUPS_KEEP ||
	    (mode == SETGROUPS_DENY ? write_file(path, "deny", 4)
				    : write_file(path, "allow", 5)) == 0)
		return;
	e = errno;
	fail(EXIT_TOOL, "setgroups", e,
	     e == ENOENT   ? _("is /proc mounted? id maps are written through "
			       "it")
	     : e == EPERM ? apparmor_hint()
			  : NULL,
	     _("writing %s"), path);
}

/* Run newuidmap or newgidmap PID INNER OUTER COUNT ...; their own messages
 * go to our stderr. */
static void run_newidmap(const char *kind, const char *tool, pid_t pid,
			 const struct idmap *map, const char *file)
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

	child = fork_or_fail();
	if (child == 0) {
		int e;

		execvp(tool, argv);
		e = errno;
		fail(EXIT_TOOL, kind, e,
		     e == ENOENT ? _("mapping ranges without privilege needs "
				     "it: install the uidmap package (apt-get "
				     "install uidmap)")
				 : NULL,
		     _("cannot run %s"), tool);
	}
	if (wait_child(child, &status, 0) < 0)
		fail(EXIT_TOOL, kind, errno, NULL, _("waiting for %s"), tool);
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_TOOL)
		exit(EXIT_TOOL);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char hint[256];

		/* TRANSLATORS: %s is the file (/etc/subuid or
		 * /etc/subgid). */
		snprintf(hint, sizeof hint, _("the ranges must be yours in %s"),
			 file);
		/* TRANSLATORS: %s is the tool (newuidmap or newgidmap). */
		fail(EXIT_TOOL, kind, 0, hint,
		     _("%s refused the map (see its message above)"), tool);
	}
}

/* What a map step writes, through which file, for process pid (0: our
 * own, /proc/self). */
static void write_task(const struct step *s, pid_t pid)
{
	char path[64] = "/proc/self/";
	bool uid = s->kind == STEP_UID_MAP;

	if (pid)
		snprintf(path, sizeof path, "/proc/%d/", (int)pid);
	if (s->kind == STEP_SETGROUPS) {
		strcat(path, "setgroups");
		write_setgroups(path, s->maps.setgroups);
	} else if (s->maps.writer == MAP_NEWIDMAP) {
		run_newidmap(THIS_STEP, uid ? "newuidmap" : "newgidmap", pid,
			     s->maps.map,
			     uid ? "/etc/subuid" : "/etc/subgid");
	} else {
		strcat(path, uid ? "uid_map" : "gid_map");
		write_map_file(THIS_STEP, path, s->maps.map);
	}
}

/* In the helper: for each task asked (the kind of a map step), write it
 * for process pid and answer 0; a failure exits, its message said, and
 * the end of the answer pipe tells.  End of file: all done, or unshare(2)
 * failed, or we died. */
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
		write_task(&t, pid);
		if (write_byte(answer, 0) != 1)
			fail(EXIT_TOOL, THIS_STEP, errno, NULL,
			     _("id maps: the helper cannot answer"));
	}
	if (n < 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: the helper cannot read what to write"));
	_exit(0);
}

void userns_start_helper(const struct step *s, struct run *run)
{
	int ask[2], answer[2];
	pid_t parent = getpid();

	if (pipe2(ask, O_CLOEXEC) != 0 || pipe2(answer, O_CLOEXEC) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: cannot make a pipe"));
	if ((run->map_helper = fork_or_fail()) == 0) {
		close(ask[1]);
		close(answer[0]);
		helper_loop(s, parent, ask[0], answer[1]);
	}
	close(ask[0]);
	close(answer[1]);
	run->map_ask = ask[1];
	run->map_answer = answer[0];
}

void userns_become_owner(const struct step *s, struct run *run)
{
	(void)run;
	if (setgroups(0, NULL) != 0 ||
	    setresgid((gid_t)s->owner.gid, (gid_t)s->owner.gid,
		      (gid_t)s->owner.gid) != 0 ||
	    setresuid((uid_t)s->owner.uid, (uid_t)s->owner.uid,
		      (uid_t)s->owner.uid) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno,
		     errno == EPERM ? _("it needs CAP_SETUID and CAP_SETGID: "
					"run as root")
				    : NULL,
		     _("--owner=%lld:%lld: cannot take on those ids"),
		     s->owner.uid, s->owner.gid);
}

void userns_dumpable(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	/* The id change made us undumpable, which makes /proc/self root's:
	 * we could not write our own maps.  We hold no privilege now. */
	if (prctl(PR_SET_DUMPABLE, 1) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     "--owner: prctl(PR_SET_DUMPABLE)");
}

/* Have the helper do step s; the last task reaps it. */
static void ask_helper(const struct step *s, struct run *run)
{
	char answer;
	int status;
	ssize_t n;

	if (write_byte(run->map_ask, (char)s->kind) != 1)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: cannot wake the helper"));
	if ((n = read_byte(run->map_answer, &answer)) < 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: reading the helper's answer"));
	if (n == 1 && !s->maps.last)
		return;
	close(run->map_ask);
	close(run->map_answer);
	if (wait_child(run->map_helper, &status, 0) < 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: waiting for the helper"));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail(EXIT_TOOL, NULL, 0, NULL,
		     _("the id maps were not written (see above), so "
		       "nothing was run"));
	/* It ended well, yet without an answer: not written. */
	if (n != 1)
		fail(EXIT_TOOL, THIS_STEP, 0, NULL,
		     _("id maps: the helper ended without writing them, so "
		       "nothing was run"));
}

void userns_write(const struct step *s, struct run *run)
{
	if (s->maps.writer == MAP_DIRECT || s->maps.writer == MAP_NEWIDMAP)
		ask_helper(s, run);
	else
		write_task(s, 0);
}
