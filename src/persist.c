/* Keeping namespaces in files.
 *
 * The helper is forked before unshare(2), so it stays in the caller's
 * namespaces, mount namespace above all: a bind mount made there is seen
 * by the caller and outlives us.  It is made an orphan at once (init reaps
 * it).  When told, it binds /proc/PID/ns/KIND of the process that
 * unshared onto each FILE (creating FILE if missing), answers, then waits:
 * 'u' undoes everything (a later step failed), end of file keeps it (the
 * program was executed: the write end is close-on-exec).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diagnose.h"
#include "events.h"
#include "persist.h"
#include "undo.h"

bool persist_wanted(const struct plan *plan)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			return true;
	return false;
}

/* Whether the mount holding path propagates as shared. */
static bool on_shared_mount(const char *file)
{
	char line[4096], best[4096] = "", mnt[4096], path[PATH_MAX];
	size_t best_len = 0;
	bool shared = false;
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
	shared = strstr(best, " shared:") != NULL;
	return shared;
}

/* Undo what bind() did: unmount, and remove the files it made. */
static void unbind(const struct plan *plan, const bool *bound,
		   const bool *created)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (bound[i])
			umount2(plan->persist[i], MNT_DETACH);
		if (created[i])
			unlink(plan->persist[i]);
	}
}

/* In the helper: bind every FILE.  0, or -1 after undoing. */
static int bind_all(const struct plan *plan, pid_t pid, bool *bound,
		    bool *created)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const char *file = plan->persist[i];
		char source[64];
		int fd;

		if (!file)
			continue;
		fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
		if (fd >= 0) {
			created[i] = true;
			close(fd);
		} else if (errno != EEXIST) {
			warn("--%s=%s: cannot create it", f->name, file);
			goto fail;
		}
		snprintf(source, sizeof source, "/proc/%d/ns/%s", (int)pid,
			 f->ns_after);
		if (mount(source, file, NULL, MS_BIND, NULL) == 0) {
			bound[i] = true;
			continue;
		}
		if (errno == EINVAL && f->bit == UNSHARE_MOUNT &&
		    on_shared_mount(file))
			warnx("--%s=%s: the file is on a shared mount, where the "
			      "kernel refuses to keep a mount namespace "
			      "(EINVAL); put it under a private mount, as: "
			      "mkdir -p /run/unshare && mount --bind "
			      "/run/unshare /run/unshare && mount "
			      "--make-private /run/unshare", f->name, file);
		else if (errno == EPERM)
			warnx("--%s=%s: binding %s failed: %s; keeping a "
			      "namespace needs CAP_SYS_ADMIN in your mount "
			      "namespace (run as root)", f->name, file, source,
			      strerror(errno));
		else if (errno == EBUSY)
			warnx("--%s=%s: binding %s failed: %s; something "
			      "mounted on the file is in the way (findmnt %s "
			      "shows it): unmount it (umount %s), or choose "
			      "another file", f->name, file, source,
			      strerror(errno), file, file);
		else
			warnx("--%s=%s: binding %s failed: %s", f->name, file,
			      source, strerror(errno));
		goto fail;
	}
	return 0;
fail:
	unbind(plan, bound, created);
	return -1;
}

static _Noreturn void helper(const struct plan *plan, pid_t pid, int go,
			     int status)
{
	bool bound[UNSHARE_NFLAGS] = { false },
	     created[UNSHARE_NFLAGS] = { false };
	char c, answer;

	if (read(go, &c, 1) != 1 || c != 'b')
		_exit(0); /* a step before failed: nothing was made */
	answer = bind_all(plan, pid, bound, created) == 0 ? 0 : 1;
	if (write(status, &answer, 1) != 1 || answer != 0)
		_exit(0);
	close(status);
	if (read(go, &c, 1) == 1 && c == 'u')
		unbind(plan, bound, created);
	_exit(0);
}

void persist_start(const struct plan *plan, struct persist_helper *h)
{
	int go[2], status[2], st;
	pid_t pid, middle;

	pid = getpid();
	if (pipe2(go, O_CLOEXEC) != 0 || pipe2(status, O_CLOEXEC) != 0)
		err(EXIT_TOOL, "keeping namespaces: cannot make a pipe");
	if ((middle = fork()) < 0)
		fork_failed("keeping namespaces: the helper");
	if (middle == 0) {
		pid_t p = fork();

		if (p != 0)
			_exit(p < 0 ? EXIT_TOOL : 0);
		close(go[1]);
		close(status[0]);
		helper(plan, pid, go[0], status[1]);
	}
	close(go[0]);
	close(status[1]);
	if (waitpid(middle, &st, 0) < 0 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		errx(EXIT_TOOL, "keeping namespaces: cannot fork the helper");
	h->go = go[1];
	h->status = status[0];
}

void persist_now(const struct plan *plan, struct persist_helper *h)
{
	char answer = 1;

	if (write(h->go, "b", 1) != 1 ||
	    read(h->status, &answer, 1) != 1 || answer != 0)
		errx(EXIT_TOOL, "the namespaces were not kept in their files "
		     "(see above), so nothing was run");
	close(h->status);
	undo_write(h->go, 'u');
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			say(plan, "persist", "%s namespace kept in %s",
			    unshare_flags[i].name, plan->persist[i]);
}
