/* Runs a program in a child that shares our fs and System V semaphore
 * undo list, the two parts of the context that sharing survives execve,
 * for the tests of what --verbose and --list say about sharing.
 *
 *   share-exec PROGRAM [ARGUMENT...]
 *
 * Makes an undo list first (a semop with SEM_UNDO on a private
 * semaphore), so that there is one to share; prints "share-exec PID" on
 * stderr; waits for the child and exits with its status.  With
 * SHARE_EXEC_UNDUMPABLE set, makes itself undumpable first, so that only
 * a process with CAP_SYS_PTRACE over it may compare it. */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sembuf up = { 0, 1, SEM_UNDO };
	int sem, status;
	long child;

	if (argc < 2) {
		fprintf(stderr, "usage: share-exec PROGRAM [ARGUMENT...]\n");
		return 2;
	}
	if ((sem = semget(IPC_PRIVATE, 1, 0600)) < 0 || semop(sem, &up, 1) != 0) {
		perror("share-exec: semaphore");
		return 2;
	}
	if (getenv("SHARE_EXEC_UNDUMPABLE") &&
	    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) {
		perror("share-exec: prctl");
		return 2;
	}
	fprintf(stderr, "share-exec %d\n", (int)getpid());
	/* A fork that keeps fs and the undo list shared: clone(2) with no
	 * new stack, so that the child goes on from here like fork's. */
	child = syscall(SYS_clone, CLONE_FS | CLONE_SYSVSEM | SIGCHLD, 0, NULL,
			NULL, 0);
	if (child == 0) {
		execvp(argv[1], argv + 1);
		perror("share-exec: exec");
		_exit(127);
	}
	if (child < 0 || waitpid((pid_t)child, &status, 0) < 0) {
		perror("share-exec");
		return 2;
	}
	semctl(sem, 0, IPC_RMID);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
