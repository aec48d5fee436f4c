/* What a program run by unshare sees, one fact a line, for the comparison
 * with util-linux (tests/differential.py): its namespaces, ids and maps,
 * capabilities, the propagation of /, its pid, whose proc is on /proc,
 * its root and working directory, environment, clock offsets, signals,
 * descriptors and argv[0].  Static, so that it runs in a bare --root.
 * Raw values: the comparison decides what "the same" means.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* The file's lines joined with ';', blanks squeezed, or "-" if it cannot
 * be read. */
static void file(const char *key, const char *path)
{
	char line[4096];
	FILE *f = fopen(path, "re");
	int first = 1;

	printf("%s:", key);
	if (f == NULL) {
		puts(" -");
		return;
	}
	while (fgets(line, sizeof line, f)) {
		char *tok, *save;
		int words = 0;

		printf("%s", first ? " " : ";");
		first = 0;
		for (tok = strtok_r(line, " \t\n", &save); tok;
		     tok = strtok_r(NULL, " \t\n", &save))
			printf("%s%s", words++ ? " " : "", tok);
	}
	fclose(f);
	putchar('\n');
}

/* Lines of /proc/self/status that start with one of the keys. */
static void status(void)
{
	static const char *const keys[] = { "CapInh:", "CapPrm:", "CapEff:",
					    "CapBnd:", "CapAmb:", "SigBlk:",
					    "SigIgn:", "NoNewPrivs:" };
	char line[512];
	FILE *f = fopen("/proc/self/status", "re");

	if (f == NULL)
		return;
	while (fgets(line, sizeof line, f))
		for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
			if (strncmp(line, keys[i], strlen(keys[i])) == 0)
				fputs(line, stdout);
	fclose(f);
}

/* The propagation of the mount at /: shared, slave, or private. */
static void propagation(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	const char *p = "-";

	if (f != NULL) {
		char line[4096], mnt[4096], *dash;

		while (fgets(line, sizeof line, f)) {
			if (sscanf(line, "%*s %*s %*s %*s %4095s", mnt) != 1 ||
			    strcmp(mnt, "/") != 0)
				continue;
			dash = strstr(line, " - ");
			if (dash)
				*dash = '\0';
			p = strstr(line, " shared:")   ? "shared"
			    : strstr(line, " master:") ? "slave"
						       : "private";
		}
		fclose(f);
	}
	printf("propagation: %s\n", p);
}

/* Descriptors open beyond 0, 1 and 2 (the one reading them aside). */
static void descriptors(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (d == NULL) {
		puts("fds: -");
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.' && atoi(e->d_name) > 2 &&
		    atoi(e->d_name) != dirfd(d))
			n++;
	closedir(d);
	printf("fds: %d\n", n);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	static const char *const ns[] = { "mnt", "uts", "ipc", "net", "pid",
					  "pid_for_children", "user",
					  "cgroup", "time", "time_for_children" };
	char path[PATH_MAX], buf[PATH_MAX];
	struct stat st;
	size_t n = 0;
	ssize_t len;
	gid_t groups[64];
	int ngroups;
	char **env;

	(void)argc;
	printf("argv0: %s\n", argv[0]);
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		snprintf(path, sizeof path, "/proc/self/ns/%s", ns[i]);
		if (stat(path, &st) == 0)
			printf("ns %s: %lu\n", ns[i], (unsigned long)st.st_ino);
		else
			printf("ns %s: -\n", ns[i]);
	}
	printf("ids: %u %u %u %u\n", (unsigned)getuid(), (unsigned)geteuid(),
	       (unsigned)getgid(), (unsigned)getegid());
	ngroups = getgroups(64, groups);
	printf("groups:");
	for (int i = 0; i < ngroups; i++)
		printf(" %u", (unsigned)groups[i]);
	putchar('\n');
	file("uid_map", "/proc/self/uid_map");
	file("gid_map", "/proc/self/gid_map");
	file("setgroups", "/proc/self/setgroups");
	file("timens_offsets", "/proc/self/timens_offsets");
	status();
	propagation();
	printf("pid: %d\nppid: %d\n", (int)getpid(), (int)getppid());
	/* Whose proc is on /proc: ours shows our pid as "self". */
	len = readlink("/proc/self", buf, sizeof buf - 1);
	buf[len > 0 ? len : 0] = '\0';
	printf("proc: %s\n", len <= 0 ? "-"
			     : atoi(buf) == (int)getpid() ? "own" : "other");
	printf("cwd: %s\n", getcwd(buf, sizeof buf) ? buf : "-");
	if (stat("/", &st) == 0)
		printf("root: %lu:%lu\n", (unsigned long)st.st_dev,
		       (unsigned long)st.st_ino);
	printf("umask: %04o\n", (unsigned)umask(0));
	descriptors();
	for (env = environ; env && *env; env++)
		n++;
	qsort(environ, n, sizeof *environ, by_name);
	for (env = environ; env && *env; env++)
		printf("env: %s\n", *env);
	return 0;
}
