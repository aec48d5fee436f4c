/* A static interpreter for binfmt_misc tests: it needs nothing from the
 * root it runs in, so it can serve a chroot that lacks it.  Prints the
 * file it was asked to run. */
#include <stdio.h>

int main(int argc, char **argv)
{
	printf("interpreted %s\n", argc > 1 ? argv[1] : "(nothing)");
	return 0;
}
