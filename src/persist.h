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

/* Step bind-helper, before unshare(2): start the helper that will bind
 * s->bind.files (with --fork, our child, reaped when we exit; else an
 * orphan, so that no one has to reap it), and leave its socket in
 * run->helpers.bind_sock: we send 'b' (bind), it answers 0 (done) or 1; later,
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
