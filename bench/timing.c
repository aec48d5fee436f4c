/* Wall time and peak memory of commands, run interleaved: round after
 * round, each command once, so that drift in the machine falls on all of
 * them alike.  Prints, for each command, the median wall time in
 * microseconds, the largest ru_maxrss (KiB) of its direct process, the
 * median of its page faults (ru_minflt and ru_majflt) and the median of
 * its CPU time in microseconds (ru_utime and ru_stime).  The CPU time is
 * that of every process the command started: as their subreaper, timing
 * reaps after the command those it left behind (bubblewrap's outer
 * process exits without reaping its child), with the clock stopped.
 *
 *   timing RUNS CMD1 -- CMD2 -- ...   (each CMD a program and arguments)
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CMDS 16

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	char **cmds[MAX_CMDS];
	int ncmds = 0, runs;
	double *times[MAX_CMDS], *faults[MAX_CMDS], *cpu[MAX_CMDS];
	long maxrss[MAX_CMDS] = { 0 };

	if (argc < 3 || (runs = atoi(argv[1])) <= 0)
		return 2;
	cmds[ncmds++] = &argv[2];
	for (int i = 2; i < argc && ncmds < MAX_CMDS; i++)
		if (strcmp(argv[i], "--") == 0) {
			argv[i] = NULL;
			if (i + 1 < argc)
				cmds[ncmds++] = &argv[i + 1];
		}
	for (int c = 0; c < ncmds; c++) {
		times[c] = calloc((size_t)runs, sizeof(double));
		faults[c] = calloc((size_t)runs, sizeof(double));
		cpu[c] = calloc((size_t)runs, sizeof(double));
		if (times[c] == NULL || faults[c] == NULL || cpu[c] == NULL)
			return 3;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
		return 3;
	for (int r = 0; r < runs; r++)
		for (int c = 0; c < ncmds; c++) {
			struct timespec t0, t1;
			struct rusage ru, left;
			int status;
			pid_t pid;

			clock_gettime(CLOCK_MONOTONIC, &t0);
			if ((pid = fork()) == 0) {
				int null = open("/dev/null", O_WRONLY);

				dup2(null, 1);
				dup2(null, 2);
				execv(cmds[c][0], cmds[c]);
				_exit(127);
			}
			if (pid < 0 || wait4(pid, &status, 0, &ru) < 0)
				return 3;
			clock_gettime(CLOCK_MONOTONIC, &t1);
			if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
				fprintf(stderr, "timing: command %d failed\n", c + 1);
				return 4;
			}
			times[c][r] = (double)(t1.tv_sec - t0.tv_sec) * 1e6 +
				      (double)(t1.tv_nsec - t0.tv_nsec) / 1e3;
			if (ru.ru_maxrss > maxrss[c])
				maxrss[c] = ru.ru_maxrss;
			faults[c][r] = (double)(ru.ru_minflt + ru.ru_majflt);
			cpu[c][r] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
				    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
			while (wait4(-1, NULL, 0, &left) > 0)
				cpu[c][r] += (double)(left.ru_utime.tv_sec + left.ru_stime.tv_sec) * 1e6 +
					     (double)(left.ru_utime.tv_usec + left.ru_stime.tv_usec);
		}
	for (int c = 0; c < ncmds; c++) {
		qsort(times[c], (size_t)runs, sizeof(double), cmp);
		qsort(faults[c], (size_t)runs, sizeof(double), cmp);
		qsort(cpu[c], (size_t)runs, sizeof(double), cmp);
		printf("%.1f %ld %.0f %.0f\n", times[c][runs / 2], maxrss[c],
		       faults[c][runs / 2], cpu[c][runs / 2]);
	}
	return 0;
}
