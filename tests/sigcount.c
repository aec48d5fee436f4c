/* Counts how many times one signal reaches it, for the terminal tests.
 *
 *   sigcount SIGNUM
 *
 * Prints "ready", waits for the signal (10 s at most, then exits 1), then
 * half a second more for any copy of it (a copy would come within
 * milliseconds), prints "SIGNUM N" (N deliveries)
 * and exits 0. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t count;

static void counted(int sig)
{
	(void)sig;
	count++;
}

/* Sleep for ms milliseconds in all, through any interruption. */
static void pause_for(long ms)
{
	struct timespec left = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&left, &left) != 0)
		;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = counted };
	int sig = argc == 2 ? atoi(argv[1]) : 0;

	if (sig <= 0 || sigaction(sig, &sa, NULL) != 0) {
		fprintf(stderr, "usage: sigcount SIGNUM\n");
		return 2;
	}
	printf("ready\n");
	fflush(stdout);
	for (int waited = 0; count == 0; waited += 10) {
		if (waited >= 10000) {
			printf("no signal %d in 10 s\n", sig);
			return 1;
		}
		pause_for(10);
	}
	pause_for(500);
	printf("%d %d\n", sig, (int)count);
	return 0;
}
