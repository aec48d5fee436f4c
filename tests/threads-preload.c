/* Preloaded by the tests to make unshare multi-threaded before main(),
 * as a library with a thread of its own would. */
#include <pthread.h>
#include <unistd.h>

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

__attribute__((constructor)) static void start_thread(void)
{
	pthread_t t;

	pthread_create(&t, NULL, idle, NULL);
}
