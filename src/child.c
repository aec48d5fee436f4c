/* Children of ours.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "fail.h"
#include "i18n.h"

_Noreturn void fork_failed(const char *what)
{
	static const struct hint hints[] = {
		{ EAGAIN, N_("a limit on processes is reached: the pids "
			     "cgroup (pids.max) or /proc/sys/kernel/threads-max "
			     "allows no more; raise the limit or end some "
			     "processes") },
		{ ENOMEM, N_("memory is short, or this is a pid namespace "
			     "whose init has exited, where no process can be "
			     "made") },
		{ 0, NULL },
	};
	int e = errno;
	struct rlimit nproc;

	if (e == EAGAIN && getrlimit(RLIMIT_NPROC, &nproc) == 0 &&
	    nproc.rlim_cur != RLIM_INFINITY) {
		char hint[512];

		snprintf(hint, sizeof hint,
			 /* TRANSLATORS: %llu is the limit on this user's
			  * processes. */
			 _("a limit on processes is reached: this user may "
			   "have %llu (ulimit -u, RLIMIT_NPROC), or the pids "
			   "cgroup (pids.max) or /proc/sys/kernel/threads-max "
			   "allows no more; raise the limit or end some "
			   "processes"),
			 (unsigned long long)nproc.rlim_cur);
		/* TRANSLATORS: %s is what forked (such as "id maps: the
		 * helper"). */
		fail(EXIT_TOOL, "fork", e, hint, _("%s: fork failed"), _(what));
	}
	fail(EXIT_TOOL, "fork", e, hint_for(hints, e), _("%s: fork failed"),
	     _(what));
}

pid_t fork_or_fail(const char *what)
{
	pid_t pid = fork();

	if (pid < 0)
		fork_failed(what);
	return pid;
}

pid_t wait_child(pid_t pid, int *status, int options)
{
	pid_t w;

	do
		w = waitpid(pid, status, options);
	while (w < 0 && errno == EINTR);
	return w;
}

ssize_t read_byte(int fd, char *c)
{
	ssize_t n;

	do
		n = read(fd, c, 1);
	while (n < 0 && errno == EINTR);
	return n;
}

ssize_t write_byte(int fd, char c)
{
	ssize_t n;

	do
		n = write(fd, &c, 1);
	while (n < 0 && errno == EINTR);
	return n;
}

ssize_t send_byte(int fd, char c)
{
	ssize_t n;

	do
		n = send(fd, &c, 1, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n;
}

int probe(unsigned long mask, int *sig)
{
	int status;
	pid_t pid = fork();

	*sig = 0;
	if (pid < 0)
		return -1;
	if (pid == 0)
		_exit(syscall(SYS_unshare, mask) == 0 ? 0 : errno);
	if (wait_child(pid, &status, 0) < 0)
		return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	*sig = WTERMSIG(status);
	return -1;
}
