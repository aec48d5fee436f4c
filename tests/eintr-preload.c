/* Preloaded by the EINTR tests: in each process, the first waitpid(2)
 * fails with EINTR without waiting, as when a signal handler interrupts
 * it, so that the test shows the wait is asked again rather than
 * abandoned (a child whose SIGCHLD was already taken would never be
 * seen again). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t waitpid(pid_t pid, int *status, int options)
{
	static pid_t interrupted; /* the process whose wait was interrupted */
	pid_t (*real)(pid_t, int *, int);

	if (interrupted != getpid()) {
		interrupted = getpid();
		errno = EINTR;
		return -1;
	}
	real = (pid_t (*)(pid_t, int *, int))dlsym(RTLD_NEXT, "waitpid");
	return real(pid, status, options);
}
