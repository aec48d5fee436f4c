/* Keeping namespaces in files (--net=FILE and the like): bind mounts of
 * /proc/PID/ns entries, made in the caller's mount namespace by a helper
 * that never leaves it.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PERSIST_H
#define UNSHARE_PERSIST_H

#include <stdbool.h>

#include "steps.h"

/* The directory dir, opened one name at a time (O_PATH), never
 * following a symbolic link blindly: a link is followed only when root or
 * the caller owns it (so /var/run -> /run works), its target walked the
 * same way, or in /proc by the kernel itself.  Each name is opened before
 * it is looked at, so a swap after the look changes nothing.  The
 * descriptor; or -1 with errno, 0 once it said that a link someone else
 * owns is on the way, as a failure of step on --option=value. */
int walk_dir(const char *step, const char *option, const char *value,
	     const char *dir);

/* Step bind-helper, before unshare(2): start the helper that will bind
 * s->bind.files (with --fork, our child, reaped when we exit; else an
 * orphan, so that no one has to reap it), and leave its socket in
 * run->bind_sock: we send 'b' (bind), it answers 0 (done) or 1; later,
 * 'u' (undo), answered once undone.  Exits 125 on failure. */
void persist_start(const struct step *s, struct run *run);

/* Step persist, once the namespaces exist (and the pid namespace has its first
 * process): have the helper bind them all, and undo them if we exit
 * before exec.  Exits 125 if it could not. */
void persist_now(const struct step *s, struct run *run);

/* --dry-run, step bind-helper: whether a FILE that is not there could
 * not be made. */
bool persist_predict(const struct step *s, struct prediction *p);

#endif
