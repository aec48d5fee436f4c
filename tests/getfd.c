/* What another process could take from a process of ours: pidfd_getfd
 * (Linux 5.6) on each of its descriptors, as a process of another uid,
 * or the program, would.  getfd PID prints a line a descriptor taken,
 * "N TARGET MODE" (TARGET as /proc/self/fd shows the copy, MODE r, w or
 * rw), and a line "refused ERRNO" for each other way the kernel said no
 * (EBADF, no such descriptor, is not said).  Exits 0, or 1 if PID
 * cannot be reached at all (pidfd_open).  Static, so that it runs in a
 * bare new root.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

int main(int argc, char **argv)
{
	int pidfd, said[256] = { 0 };

	if (argc != 2) {
		fprintf(stderr, "usage: getfd PID\n");
		return 2;
	}
	pidfd = (int)syscall(SYS_pidfd_open, atoi(argv[1]), 0);
	if (pidfd < 0) {
		printf("pidfd_open %s\n", strerror(errno));
		return 1;
	}
	for (int fd = 0; fd < 1024; fd++) {
		int copy = (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0), mode;
		char link[64], target[4096];
		ssize_t n;

		if (copy < 0) {
			if (errno != EBADF && errno < 256 && !said[errno]++)
				printf("refused %s\n", strerror(errno));
			continue;
		}
		snprintf(link, sizeof link, "/proc/self/fd/%d", copy);
		n = readlink(link, target, sizeof target - 1);
		target[n > 0 ? n : 0] = '\0';
		mode = fcntl(copy, F_GETFL) & O_ACCMODE;
		printf("%d %s %s\n", fd, n > 0 ? target : "?",
		       mode == O_RDWR ? "rw" : mode == O_WRONLY ? "w" : "r");
		close(copy);
	}
	return 0;
}
