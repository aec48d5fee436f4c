/* A directory walked one name at a time, a link followed only when it
 * can be trusted.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_WALK_H
#define UNSHARE_WALK_H

#include <stdbool.h>

/* The directory dir, opened one name at a time (O_PATH), never
 * following a symbolic link blindly: a link is followed only when root or
 * the caller owns it (so /var/run -> /run works), its target walked the
 * same way, or in /proc by the kernel itself.  Each name is opened before
 * it is looked at, so a swap after the look changes nothing.  The
 * descriptor; or -1 with errno, 0 once it said that a link someone else
 * owns is on the way, as a failure of step on --option=value (said
 * nowhere if option is NULL: --dry-run's foresight). */
int walk_dir(const char *step, const char *option, const char *value,
	     const char *dir);

/* The same for a path whose last name may be a file: its descriptor. */
int walk_path(const char *step, const char *option, const char *value,
	      const char *path);

/* --dry-run: walk_dir and walk_path (saying nothing) as the run will
 * walk in a new user namespace of uid map map (NULL: none), whose links
 * show their owners through it. */
struct idmap;
int walk_dir_as(const struct idmap *map, const char *dir);
int walk_path_as(const struct idmap *map, const char *path);

/* --dry-run's foresight of walk_dir (walk_path, with last) of path after
 * a chroot or pivot_root to root: path walked from root as /, as the
 * kernel then takes it (its own PATH_MAX; a link to /x leads to root's
 * x).  The descriptor; or -1 with errno, 0 where the walk refuses a
 * link or a ".." at /. */
int walk_under(const struct idmap *map, const char *root, const char *path,
	       bool last);

/* --dry-run's foresight of chdir(2) to dir after chroot(2) to root: dir
 * opened from root as /, every link followed in it, with openat2(2)
 * (Linux 5.6).  The descriptor (O_PATH), or -1 with errno (ENOSYS
 * without openat2). */
int open_in_root(const char *root, const char *dir);

/* --%s=%s, an option and its directory, leads out of the root by a ".."
 * at /: a message, with its hint after a newline, marked N_(). */
extern const char out_of_root_message[];

/* Whether path, read as written from / (or from the cwd, taken as /),
 * has a ".." at the root. */
bool leaves_root(const char *path);

#endif
