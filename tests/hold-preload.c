/* Preloaded by the race tests: holds a window open on demand.  At the
 * point $UNSHARE_TEST_HOLD_AT names, the process writes its pid to
 * $UNSHARE_TEST_HOLD.ready, then waits until the test writes to the FIFO
 * $UNSHARE_TEST_HOLD; meanwhile the test kills it, or changes the files
 * it works on.  The points:
 *   pdeathsig (the default)  the child, before it arms --kill-child
 *   exec                     just before the program is executed
 *   bind                     just after asking the helper to keep the
 *                            namespaces, before its answer is read
 *   answer                   in that helper, once it has bound them,
 *                            before it answers
 *   open_tree                in that helper, once it has opened FILE,
 *                            before it binds the namespace onto it
 *   umount                   an undo, once it has seen nothing on its
 *                            mount, before it unmounts
 *   pidfile                  the parent, as it writes the pid file's
 *                            text ("PID\n") to a file, before it is in
 *                            place
 * and one that waits for a signal, not for the FIFO:
 *   reap                     the waiting parent, its child gone (the
 *                            SIGCHLD taken), before it reaps it: it
 *                            writes "ready" on stderr and waits, 10 s at
 *                            most, until a SIGINT is pending (a key that
 *                            tests/terminal.py types on reading the
 *                            word) */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void hold(const char *at)
{
	const char *fifo = getenv("UNSHARE_TEST_HOLD"),
		   *want = getenv("UNSHARE_TEST_HOLD_AT");
	char path[4096], c;
	FILE *ready;
	int fd;

	if (fifo == NULL || strcmp(want ? want : "pdeathsig", at) != 0)
		return;
	snprintf(path, sizeof path, "%s.ready", fifo);
	if ((ready = fopen(path, "w")) != NULL) {
		fprintf(ready, "%d\n", (int)getpid());
		fclose(ready);
	}
	/* Opening a FIFO for reading waits for a writer; the byte it
	 * writes lets us go.  The writer that let an earlier hold go may
	 * still have it open, and then close it having written nothing
	 * more: that end of file is not for us, the wait goes on. */
	while ((fd = open(fifo, O_RDONLY)) >= 0) {
		ssize_t n = read(fd, &c, 1);

		if (n < 0)
			perror("hold-preload: read");
		close(fd);
		if (n != 0)
			break;
	}
}

int prctl(int option, ...)
{
	int (*real)(int, ...) = (int (*)(int, ...))dlsym(RTLD_NEXT, "prctl");
	unsigned long a[4];
	va_list ap;

	/* prctl takes up to four more arguments, unused ones ignored. */
	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	if (option == PR_SET_PDEATHSIG)
		hold("pdeathsig");
	return real(option, a[0], a[1], a[2], a[3]);
}

int execvp(const char *file, char *const argv[])
{
	int (*real)(const char *, char *const[]) =
		(int (*)(const char *, char *const[]))dlsym(RTLD_NEXT, "execvp");

	hold("exec");
	return real(file, argv);
}

int execv(const char *path, char *const argv[])
{
	int (*real)(const char *, char *const[]) =
		(int (*)(const char *, char *const[]))dlsym(RTLD_NEXT, "execv");

	hold("exec");
	return real(path, argv);
}

int open_tree(int dirfd, const char *path, unsigned flags)
{
	int (*real)(int, const char *, unsigned) =
		(int (*)(int, const char *, unsigned))dlsym(RTLD_NEXT,
							    "open_tree");

	hold("open_tree");
	return real(dirfd, path, flags);
}

int umount2(const char *target, int flags)
{
	int (*real)(const char *, int) =
		(int (*)(const char *, int))dlsym(RTLD_NEXT, "umount2");

	hold("umount");
	return real(target, flags);
}

ssize_t send(int fd, const void *buf, size_t len, int flags)
{
	ssize_t (*real)(int, const void *, size_t, int) =
		(ssize_t (*)(int, const void *, size_t, int))dlsym(RTLD_NEXT,
								    "send");
	ssize_t n;

	/* The helper answers 0 (kept) or 1. */
	if (len == 1 && *(const char *)buf == 0)
		hold("answer");
	n = real(fd, buf, len, flags);
	if (len == 1 && *(const char *)buf == 'b')
		hold("bind");
	return n;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	ssize_t (*real)(int, const void *, size_t) =
		(ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT,
							       "write");
	const char *text = buf;
	struct stat st;

	if (len > 1 && len < 32 && text[len - 1] == '\n' &&
	    strspn(text, "0123456789") == len - 1 && fstat(fd, &st) == 0 &&
	    S_ISREG(st.st_mode))
		hold("pidfile");
	return real(fd, buf, len);
}

/* The waiting parent reaps its child with WNOHANG once its SIGCHLD is
 * taken; a SIGINT it blocks, seen pending through a signalfd, is left
 * queued. */
pid_t waitpid(pid_t pid, int *status, int options)
{
	pid_t (*real)(pid_t, int *, int) =
		(pid_t (*)(pid_t, int *, int))dlsym(RTLD_NEXT, "waitpid");
	const char *want = getenv("UNSHARE_TEST_HOLD_AT");
	static int held;

	if ((options & WNOHANG) && want && strcmp(want, "reap") == 0 &&
	    !held++) {
		sigset_t intr;
		int fd;

		sigemptyset(&intr);
		sigaddset(&intr, SIGINT);
		fd = signalfd(-1, &intr, SFD_CLOEXEC);
		if (fputs("ready\n", stderr) == EOF || fd < 0 ||
		    poll(&(struct pollfd){ fd, POLLIN, 0 }, 1, 10000) != 1)
			perror("hold-preload: reap");
		if (fd >= 0)
			close(fd);
	}
	return real(pid, status, options);
}
