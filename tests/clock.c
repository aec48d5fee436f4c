/* Prints CLOCK_MONOTONIC in seconds, for the time namespace tests. */
#include <stdio.h>
#include <time.h>

int main(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 1;
	printf("%lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
	return 0;
}
