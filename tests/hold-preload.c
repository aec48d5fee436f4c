/* Preloaded by the --kill-child race test.  In the process that arms the
 * parent-death signal (the child), prctl(PR_SET_PDEATHSIG) first writes
 * its pid to $UNSHARE_TEST_HOLD.ready, then waits until the test writes
 * to the FIFO $UNSHARE_TEST_HOLD.  Meanwhile the test kills unshare: the
 * window between fork and arming, held open on demand. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

int prctl(int option, ...)
{
	int (*real)(int, ...) = (int (*)(int, ...))dlsym(RTLD_NEXT, "prctl");
	const char *hold = getenv("UNSHARE_TEST_HOLD");
	unsigned long a[4];
	va_list ap;

	/* prctl takes up to four more arguments, unused ones ignored. */
	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	if (option == PR_SET_PDEATHSIG && hold) {
		char path[4096];
		FILE *ready;
		char c;
		int fd;

		snprintf(path, sizeof path, "%s.ready", hold);
		if ((ready = fopen(path, "w")) != NULL) {
			fprintf(ready, "%d\n", (int)getpid());
			fclose(ready);
		}
		/* Opening a FIFO for reading waits for a writer. */
		if ((fd = open(hold, O_RDONLY)) >= 0) {
			if (read(fd, &c, 1) < 0)
				perror("hold-preload: read");
			close(fd);
		}
	}
	return real(option, a[0], a[1], a[2], a[3]);
}
