/* The hand-off to a script: what it learns of the program's process
 * before the exec (its pid and namespaces, as JSON on an FD; its pid in
 * a file), and a byte it sends when it is ready for the exec: the steps
 * hand-off, info-fd, pid-file and wait-fd.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_HANDOFF_H
#define UNSHARE_HANDOFF_H

#include <stdbool.h>

#include "steps.h"

/* In the parent, after the fork: with a pid file, wait for the child to
 * ask (or end), then write FILE whole (a file of its own renamed into
 * place), removed when this process ends, and answer. */
void handoff_serve(struct run *run);

/* FILE's name, and its directory into dir ("." for a bare name). */
const char *file_split(const char *file, char *dir, size_t size);

/* Why file could not be made (as a FILE of ours: in its directory, by
 * us), or 0. */
int file_unmakable(const char *file);

#endif
