/* The floor for the forked cases of the benchmark: unshare(2) with the
 * mask given in argv[1], fork, execvp of the rest in the child, and in
 * the parent a wait for it, whose exit status becomes ours.  Nothing
 * else: no signal set-up, no mounts.  Not installed.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	pid_t pid;
	int status;

	if (argc < 3)
		return 125;
	if (syscall(SYS_unshare, strtoul(argv[1], NULL, 0)) != 0)
		return 125;
	pid = fork();
	if (pid < 0)
		return 125;
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return 125;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
