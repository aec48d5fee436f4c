/* Dies of a real SIGSEGV (a fault, not a kill), for the tests: a pid 1
 * cannot be killed by a signal it sends itself, but a fault kills it. */
#include <stdio.h>

int main(void)
{
	volatile const int *p = NULL;

	fflush(stdout);
	/* cppcheck-suppress nullPointer ; the point of the program */
	return *p;
}
