/* The floor for the benchmark: unshare(2) with the mask given in argv[1],
 * then execvp of the rest.  Nothing else: no parsing, no messages, no
 * locale.  Not installed.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3)
		return 125;
	if (syscall(SYS_unshare, strtoul(argv[1], NULL, 0)) != 0)
		return 125;
	execvp(argv[2], argv + 2);
	return 127;
}
