/* A directory walked one name at a time: walk_dir, for FILE's directory
 * (persist.c) and the DIR of the mount options (mounts.c).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "procfs.h"
#include "quote.h"
#include "walk.h"

/* The most links a walk follows, as the kernel's own path lookup. */
#define MAX_LINKS 40

/* Whether fd is on procfs. */
static bool on_proc(int fd)
{
	struct statfs sfs;

	return fstatfs(fd, &sfs) == 0 && sfs.f_type == PROC_SUPER_MAGIC;
}

/* Whether fd is our root, where ".." stays: the kernel's ".." there
 * would go up into a mount on top of it (the old root that
 * pivot_root(2) leaves there, until it is detached), out of the root. */
static bool at_root(int fd)
{
	struct stat here, root;

	return fstat(fd, &here) == 0 && stat("/", &root) == 0 &&
	       here.st_dev == root.st_dev && here.st_ino == root.st_ino;
}

/* Why a link on the way to --option=value is not followed: who owns
 * it. */
static void untrusted_link(const char *step, const char *option,
			   const char *value, const char *link, uid_t owner)
{
	/* TRANSLATORS: --%s=%s is the option and its file or directory,
	 * the next %s a link on the way to it ('/home/alice/ns'), %u its
	 * owner's uid (as this user namespace shows it). */
	complain(step, 0,
		 _("links on the way are followed only when root or you own "
		   "them"),
		 _("--%s=%s: %s is a link owned by uid %u"), option,
		 quoted(value), quoted_word(link, strlen(link)),
		 (unsigned)owner);
}

/* Whether a link's owner, as stat(2) shows it here, is root's or ours.
 * In a user namespace that maps neither the owner nor us (a DIR walked
 * after unshare(2)), both read as the overflow uid, whoever they are:
 * that owner is unknown, and not trusted. */
static bool trusted_owner(uid_t owner)
{
	char map[64] = "";
	FILE *f;

	if (owner != 0 && owner != getuid())
		return false;
	if (owner != (uid_t)proc_read_number("/proc/sys/kernel/overflowuid"))
		return true;
	/* The initial user namespace maps every id: there the overflow uid
	 * is a user of its own. */
	if ((f = fopen("/proc/self/uid_map", "re")) != NULL) {
		if (fgets(map, sizeof map, f) == NULL)
			map[0] = '\0';
		fclose(f);
	}
	return strncmp(map + strspn(map, " "), "0 ", 2) == 0 &&
	       strstr(map, " 4294967295") != NULL;
}

int walk_dir(const char *step, const char *option, const char *value,
	     const char *dir)
{
	char rest[2 * PATH_MAX], where[2 * PATH_MAX], target[PATH_MAX],
		spliced[3 * PATH_MAX];
	char *name = rest;
	int fd, links = 0;
	struct stat st;

	snprintf(rest, sizeof rest, "%s", dir);
	snprintf(where, sizeof where, "%s", *rest == '/' ? "/" : "");
	fd = open(*rest == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	while (fd >= 0) {
		size_t len;
		ssize_t n;
		char *end;
		int next;

		name += strspn(name, "/");
		if (*name == '\0')
			return fd;
		end = name + strcspn(name, "/");
		len = strlen(where);
		snprintf(where + len, sizeof where - len, "%s%.*s",
			 len && where[len - 1] != '/' ? "/" : "",
			 (int)(end - name), name);
		memmove(target, name, (size_t)(end - name));
		target[end - name] = '\0';
		if (strcmp(target, "..") == 0 && at_root(fd)) {
			name = end;
			continue;
		}
		next = openat(fd, target, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0 || fstat(next, &st) != 0)
			break;
		name = end;
		if (S_ISDIR(st.st_mode)) {
			close(fd);
			fd = next;
			continue;
		}
		if (!S_ISLNK(st.st_mode)) {
			close(next);
			errno = ENOTDIR;
			break;
		}
		if (!trusted_owner(st.st_uid)) {
			untrusted_link(step, option, value, where, st.st_uid);
			close(next);
			close(fd);
			errno = 0;
			return -1;
		}
		if (++links > MAX_LINKS) {
			close(next);
			errno = ELOOP;
			break;
		}
		/* A link in /proc, which no one can change: followed as the
		 * kernel follows it, for its text is not always where it
		 * leads (/proc/PID/root of a process in a mount namespace of
		 * its own reads as /). */
		if (on_proc(fd) && on_proc(next)) {
			close(next);
			next = openat(fd, target,
				      O_PATH | O_DIRECTORY | O_CLOEXEC);
			if (next < 0)
				break;
			close(fd);
			fd = next;
			continue;
		}
		n = readlinkat(next, "", target, sizeof target - 1);
		close(next);
		if (n < 0)
			break;
		/* The target, then what was left after the link. */
		target[n] = '\0';
		snprintf(spliced, sizeof spliced, "%s/%s", target, name);
		if (strlen(spliced) >= sizeof rest) {
			errno = ENAMETOOLONG;
			break;
		}
		memcpy(rest, spliced, strlen(spliced) + 1);
		name = rest;
		/* where names the link's directory again, or / */
		if (*target == '/') {
			close(fd);
			fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
			snprintf(where, sizeof where, "/");
		} else {
			char *slash = strrchr(where, '/');

			if (slash)
				slash[slash == where] = '\0';
			else
				*where = '\0';
		}
	}
	if (fd >= 0) {
		int e = errno;

		close(fd);
		errno = e;
	}
	return -1;
}
