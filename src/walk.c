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
#include <linux/openat2.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "idmap.h"
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

/* The names between / and the cwd; very many if it is not under /. */
static int cwd_depth(void)
{
	char cwd[PATH_MAX];
	int depth = 0;

	if (getcwd(cwd, sizeof cwd) == NULL || *cwd != '/')
		return INT32_MAX / 2;
	for (const char *p = cwd; *p; p++)
		depth += p[0] == '/' && p[1] != '/' && p[1] != '\0';
	return depth;
}

/* TRANSLATORS: --%s=%s is the option and its directory. */
const char out_of_root_message[] =
	N_("--%s=%s: leads out of the root\nname it from the root: with "
	   "--pivot-root, /.. is the old root");

bool leaves_root(const char *path)
{
	int depth = 0;

	for (const char *p = path; *p; p += strcspn(p, "/")) {
		size_t n;

		p += strspn(p, "/");
		n = strcspn(p, "/");
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (depth-- == 0)
				return true;
		} else if (n && !(n == 1 && p[0] == '.')) {
			depth++;
		}
	}
	return false;
}

/* The id outer shows as in a user namespace of uid map map: its inner
 * id, or the overflow uid if map maps it not. */
static uid_t shown_as(const struct idmap *map, uid_t outer, uid_t overflow)
{
	for (size_t i = 0; i < map->n; i++)
		if (outer - map->ext[i].outer < map->ext[i].count)
			return map->ext[i].inner + (outer - map->ext[i].outer);
	return overflow;
}

/* Whether a link's owner, as stat(2) shows it here (or, map not NULL,
 * as a new user namespace of uid map map will show it, and us), is
 * root's or ours.  In a user namespace that maps neither the owner nor
 * us (a DIR walked after unshare(2)), both read as the overflow uid,
 * whoever they are: that owner is unknown, and not trusted. */
static bool trusted_owner(uid_t owner, const struct idmap *map)
{
	uid_t overflow = (uid_t)proc_read_number("/proc/sys/kernel/overflowuid"),
	      self = getuid();

	if (map) {
		owner = shown_as(map, owner, overflow);
		self = shown_as(map, self, overflow);
	}
	if (owner != 0 && owner != self)
		return false;
	if (owner != overflow)
		return true;
	/* The initial user namespace maps every id: there the overflow uid
	 * is a user of its own. */
	return !map && initial_userns();
}

/* A descriptor of the walk's /: root, or if it is -1, ours. */
static int open_root(int root)
{
	return root >= 0 ? fcntl(root, F_DUPFD_CLOEXEC, 0)
			 : open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* walk_dir, or with last, walk_path: the last name may be no
 * directory; from root as / (-1: ours). */
static int walk(const char *step, const char *option, const char *value,
		int root, const char *dir, bool last, const struct idmap *map)
{
	char rest[2 * PATH_MAX], where[2 * PATH_MAX], target[PATH_MAX],
		spliced[3 * PATH_MAX];
	char *name = rest;
	/* From / (root's, if given: after the chroot or the pivot the
	 * working directory is its /, where a relative path starts too),
	 * or from the cwd, at its depth (very deep if not under the root). */
	bool top = *dir == '/' || root >= 0;
	int fd, links = 0, depth = top ? 0 : cwd_depth();
	struct stat st;

	/* A path the kernel would refuse is refused as it would be, not
	 * walked cut short: the part that fits could name another place. */
	if (strlen(dir) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(rest, sizeof rest, "%s", dir);
	snprintf(where, sizeof where, "%s", top ? "/" : "");
	fd = top ? open_root(root)
		 : open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
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
		/* ".." at the root: after pivot_root(2), the old root is on
		 * top of it, and there ".." leads, from / or from a
		 * directory under it. */
		if (strcmp(target, "..") == 0 && depth == 0) {
			if (option)
				complain(step, 0, NULL, _(out_of_root_message),
					 option, quoted(value));
			errno = 0;
			break;
		}
		depth += strcmp(target, "..") == 0 ? -1
			 : strcmp(target, ".") == 0 ? 0
						   : 1;
		next = strcmp(target, "..") == 0 && depth == 0
			       ? open_root(root)
			       : openat(fd, target, O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0 || fstat(next, &st) != 0)
			break;
		name = end;
		if (S_ISDIR(st.st_mode)) {
			close(fd);
			fd = next;
			continue;
		}
		/* "file/" names no file: the kernel says ENOTDIR. */
		if (!S_ISLNK(st.st_mode) && last && *name == '\0') {
			close(fd);
			return next;
		}
		if (!S_ISLNK(st.st_mode)) {
			close(next);
			errno = ENOTDIR;
			break;
		}
		if (!trusted_owner(st.st_uid, map)) {
			if (option)
				untrusted_link(step, option, value, where,
					       st.st_uid);
			close(next);
			errno = 0;
			break;
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
		snprintf(spliced, sizeof spliced, "%s%s", target, name);
		if (strlen(spliced) >= sizeof rest) {
			errno = ENAMETOOLONG;
			break;
		}
		memcpy(rest, spliced, strlen(spliced) + 1);
		name = rest;
		/* where names the link's directory again, or / */
		if (*target == '/') {
			close(fd);
			fd = open_root(root);
			snprintf(where, sizeof where, "/");
			depth = 0;
		} else {
			depth--; /* the link's own name */
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

int walk_dir(const char *step, const char *option, const char *value,
	     const char *dir)
{
	return walk(step, option, value, -1, dir, false, NULL);
}

int walk_path(const char *step, const char *option, const char *value,
	      const char *path)
{
	return walk(step, option, value, -1, path, true, NULL);
}

int walk_under(const struct idmap *map, const char *root, const char *path,
	       bool last)
{
	int top = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC), fd;

	if (top < 0)
		return -1;
	/* Said nowhere: path stands for the value, never shown. */
	fd = walk(NULL, NULL, path, top, path, last, map);
	close_keep_errno(top);
	return fd;
}

int open_in_root(const char *root, const char *dir)
{
	struct open_how how = { .flags = O_PATH | O_DIRECTORY | O_CLOEXEC,
				.resolve = RESOLVE_IN_ROOT };
	int top = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC), fd;

	if (top < 0)
		return -1;
	fd = (int)syscall(SYS_openat2, top, dir, &how, sizeof how);
	close_keep_errno(top);
	return fd;
}

/* Said nowhere, as walk_under: the value is the path, never shown. */
int walk_dir_as(const struct idmap *map, const char *dir)
{
	return walk(NULL, NULL, dir, -1, dir, false, map);
}

int walk_path_as(const struct idmap *map, const char *path)
{
	return walk(NULL, NULL, path, -1, path, true, map);
}
