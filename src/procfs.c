/* Small readers of /proc files, and of our own capabilities.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "procfs.h"

char *proc_status_line(const char *key, char *line, size_t size)
{
	size_t klen = strlen(key);
	char *rest = NULL;
	FILE *f = fopen("/proc/self/status", "re");

	if (f == NULL)
		return NULL;
	while (rest == NULL && fgets(line, (int)size, f))
		if (strncmp(line, key, klen) == 0)
			rest = line + klen;
	fclose(f);
	return rest;
}

unsigned long long proc_status_field(const char *key, int base)
{
	char line[256], *rest = proc_status_line(key, line, sizeof line);

	return rest ? strtoull(rest, NULL, base) : 0;
}

bool proc_is_ours(void)
{
	char line[256], link[32], *end;
	char *rest = proc_status_line("NSpid:", line, sizeof line);
	ssize_t n;

	if (rest) {
		long pid = strtol(rest, &end, 10);

		return pid == getpid() && strspn(end, " \t\n") ==
						  strlen(end);
	}
	/* Before Linux 4.1, no NSpid: /proc/self names us by the pid of
	 * its namespace. */
	n = readlink("/proc/self", link, sizeof link - 1);
	if (n <= 0)
		return false;
	link[n] = '\0';
	return strtol(link, NULL, 10) == getpid();
}

ino_t ns_inode(const char *entry)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof path, "/proc/self/ns/%s", entry);
	return stat(path, &st) == 0 ? st.st_ino : 0;
}

long long proc_read_number(const char *path)
{
	long long v = -1;
	FILE *f = fopen(path, "re");

	if (f == NULL)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/* capget(2), not the CapEff line of /proc/self/status: the same set,
 * without /proc (which a chroot may lack), and a few dozen
 * instructions where reading that file through stdio took 15,000. */
uint64_t effective_caps(void)
{
	struct __user_cap_header_struct head = {
		_LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &head, data) != 0)
		return 0;
	return (uint64_t)data[1].effective << 32 | data[0].effective;
}

int has_cap(int cap)
{
	return cap >= 0 && cap < 64 && (effective_caps() >> cap) & 1;
}

/* A field of mountinfo, with the kernel's octal escapes (\040 for a
 * blank) undone, into out. */
static void unescape(const char *in, size_t len, char *out, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 1 < size; i++) {
		if (in[i] == '\\' && i + 3 < len && in[i + 1] >= '0' &&
		    in[i + 1] <= '3') {
			out[n++] = (char)((in[i + 1] - '0') * 64 +
					  (in[i + 2] - '0') * 8 + (in[i + 3] - '0'));
			i += 3;
		} else {
			out[n++] = in[i];
		}
	}
	out[n] = '\0';
}

/* One line of mountinfo: its id, its parent's, its root, its mount
 * point (unescaped) and its type.  Whether it could be read. */
struct mount_line {
	long id, parent;
	char root[8], point[PATH_MAX], type[32];
};

static bool mount_line(char *line, struct mount_line *m)
{
	char *dash = strstr(line, " - "), root[PATH_MAX], point[PATH_MAX];

	if (dash == NULL ||
	    sscanf(line, "%ld %ld %*s %4095s %4095s", &m->id, &m->parent,
		   root, point) != 4 ||
	    sscanf(dash + 3, "%31s", m->type) != 1)
		return false;
	snprintf(m->root, sizeof m->root, "%.7s", root);
	unescape(point, strlen(point), m->point, sizeof m->point);
	return true;
}

/* The mount point of the first cgroup2 mount of its hierarchy's root. */
static int find_mount(char *mnt, size_t size)
{
	struct mount_line m;
	char *line = NULL;
	size_t cap = 0;
	int found = -1;
	FILE *f = fopen("/proc/self/mountinfo", "re");

	if (f == NULL)
		return -1;
	errno = 0;
	while (found < 0 && getline(&line, &cap, f) > 0)
		if (mount_line(line, &m) && strcmp(m.type, "cgroup2") == 0 &&
		    strcmp(m.root, "/") == 0) {
			snprintf(mnt, size, "%s", m.point);
			found = 0;
		}
	if (found < 0 && !ferror(f))
		errno = 0;
	free(line);
	fclose(f);
	return found;
}

int cgroup_find(char *mnt, size_t mnt_size, char *dir, size_t dir_size)
{
	char *line = NULL, *path = NULL;
	size_t cap = 0, len = 0;
	int found = -1, why = 0;
	FILE *f = fopen("/proc/self/cgroup", "re");

	if (f == NULL)
		return -1;
	/* The unified hierarchy's line: 0::PATH */
	errno = 0;
	while (path == NULL && getline(&line, &cap, f) > 0)
		if (strncmp(line, "0::/", 4) == 0) {
			path = line + 3;
			len = strcspn(path, "\n");
			path[len] = '\0';
		}
	if (path == NULL)
		why = !ferror(f) ? 0 : errno ? errno : EIO;
	/* Outside our cgroup namespace's root, the kernel says /.. for each
	 * step up: it is under no mount of ours. */
	else if (strstr(path, "/../") ||
		 (len >= 3 && strcmp(path + len - 3, "/..") == 0))
		why = EXDEV;
	else if (find_mount(mnt, mnt_size) != 0)
		why = errno;
	else if (snprintf(dir, dir_size, "%s%s", mnt, len == 1 ? "" : path) >=
		 (int)dir_size)
		why = ENAMETOOLONG;
	else
		found = 0;
	free(line);
	fclose(f);
	errno = why;
	return found;
}

bool initial_userns(void)
{
	char map[64] = "";
	FILE *f = fopen("/proc/self/uid_map", "re");

	if (f != NULL) {
		if (fgets(map, sizeof map, f) == NULL)
			map[0] = '\0';
		fclose(f);
	}
	return strncmp(map + strspn(map, " "), "0 ", 2) == 0 &&
	       strstr(map, " 4294967295") != NULL;
}

bool proc_covered(char *cover, size_t size)
{
	struct mount_line *all = NULL, *grown;
	size_t n = 0, room = 0;
	char *line = NULL;
	size_t cap = 0;
	bool covered = false, visible = false;
	FILE *f = fopen("/proc/self/mountinfo", "re");

	if (f == NULL)
		return false;
	while (getline(&line, &cap, f) > 0) {
		if (n == room) {
			room = room ? 2 * room : 64;
			if ((grown = realloc(all, room * sizeof *all)) == NULL)
				break;
			all = grown;
		}
		n += mount_line(line, &all[n]);
	}
	free(line);
	fclose(f);
	/* A proc of its whole tree (root /) with nothing mounted on it is
	 * one the new one shows no more than; binfmt_misc's directory is
	 * one the kernel knows stays empty. */
	for (size_t i = 0; i < n && !visible; i++) {
		bool hidden = false;

		if (strcmp(all[i].type, "proc") != 0 ||
		    strcmp(all[i].root, "/") != 0)
			continue;
		for (size_t j = 0; j < n && !hidden; j++) {
			/* A mount on it has its point under the proc's. */
			if (all[j].parent != all[i].id || all[j].id == all[i].id ||
			    strcmp(all[j].point + strlen(all[i].point),
				   "/sys/fs/binfmt_misc") == 0)
				continue;
			hidden = true;
			if (!covered)
				snprintf(cover, size, "%s", all[j].point);
			covered = true;
		}
		visible = !hidden;
	}
	free(all);
	return covered && !visible;
}
