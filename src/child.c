/* Children of ours.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"

_Noreturn void fork_failed(const char *what)
{
	static const struct hint hints[] = {
		{ EAGAIN, N_("a limit on processes: ulimit -u, pids.max or "
			     "kernel.threads-max") },
		{ ENOMEM, hint_memory },
		{ 0, NULL },
	};
	int e = errno;

	if (what == NULL)
		step_failed(e, hint_for(hints, e), NULL);
	fail(EXIT_TOOL, "fork", e, hint_for(hints, e), "%s", _(what));
}

pid_t fork_or_fail(void)
{
	pid_t pid = fork();

	if (pid < 0)
		fork_failed(NULL);
	return pid;
}

pid_t fork_into_or_fail(int cgroup, bool *entered)
{
	struct clone_args args = { .flags = CLONE_INTO_CGROUP,
				   .exit_signal = SIGCHLD,
				   .cgroup = (uint64_t)cgroup };
	pid_t pid;

	/* clone3 (Linux 5.7) forks as fork(2) does: glibc's own state in
	 * the child (its thread's id) is asked of the kernel where it
	 * matters (raise). */
	*entered = false;
	if (cgroup >= 0 &&
	    (pid = (pid_t)syscall(SYS_clone3, &args, sizeof args)) >= 0) {
		*entered = true;
		return pid;
	}
	return fork_or_fail();
}

_Noreturn void helper_gone(const int *status)
{
	/* The helper's message and its failed step's event are out. */
	if (!status || !WIFEXITED(*status) || WEXITSTATUS(*status) != EXIT_TOOL)
		/* TRANSLATORS: %s is what the step does (its row's words). */
		complain(THIS_STEP, 0, NULL, _("%s: no answer from the helper"),
			 events_doc());
	exit(EXIT_TOOL);
}

/* Close from..to, through close_range (Linux 5.9), else one by one up
 * to the most a process may have open. */
static void close_from(unsigned from, unsigned to)
{
	long max = sysconf(_SC_OPEN_MAX);

	if (close_range(from, to, 0) == 0)
		return;
	for (unsigned fd = from; fd <= to && (long)fd < max; fd++)
		close((int)fd);
}

void keep_only(const int *keep, size_t n)
{
	unsigned from = 3;

	/* Upwards from 3, each time to the least kept one above: n is a
	 * handful. */
	for (;;) {
		unsigned next = ~0U;

		for (size_t i = 0; i < n; i++)
			if (keep[i] >= (int)from && (unsigned)keep[i] < next)
				next = (unsigned)keep[i];
		if (next > from)
			close_from(from, next == ~0U ? ~0U : next - 1);
		if (next == ~0U)
			return;
		from = next + 1;
	}
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
	int err;

	return probe_each(&mask, 1, &err, sig) == 0 ? err : -1;
}

int probe_each(const unsigned long *masks, size_t n, int *errs, int *sig)
{
	int status, fd[2];
	ssize_t got = -1;
	pid_t pid;

	*sig = 0;
	if (n > PROBE_MAX || pipe2(fd, O_CLOEXEC) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		for (size_t i = 0; i < n; i++)
			errs[i] = syscall(SYS_unshare, masks[i]) == 0 ? 0 : errno;
		/* At most PROBE_MAX ints: one write, below PIPE_BUF. */
		_exit(write(fd[1], errs, n * sizeof *errs) !=
		      (ssize_t)(n * sizeof *errs));
	}
	close(fd[1]);
	do
		got = read(fd[0], errs, n * sizeof *errs);
	while (got < 0 && errno == EINTR);
	close(fd[0]);
	if (wait_child(pid, &status, 0) < 0)
		return -1;
	if (WIFSIGNALED(status)) {
		*sig = WTERMSIG(status);
		return -1;
	}
	if (got != (ssize_t)(n * sizeof *errs) || WEXITSTATUS(status) != 0) {
		errno = EIO;
		return -1;
	}
	return 0;
}
