/* A new user namespace: its id maps, setgroups, owner, and the identity
 * the program runs as.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_USERNS_H
#define UNSHARE_USERNS_H

#include <sys/types.h>

#include "plan.h"

/* Work out the maps from the options and who will write them.  Returns a
 * message for a value that cannot work, or NULL. */
const char *userns_resolve(struct plan *plan, char *msg, size_t size);

/* Warn on stderr about each --map-users or --map-groups value written in
 * the old OUTER,INNER,COUNT form. */
void userns_warn_old_forms(const struct plan *plan);

/* A helper that writes the maps from outside the new namespace. */
struct map_helper {
	pid_t pid;
	int go;   /* we write a byte here once unshare(2) is done */
};

/* Before unshare(2): start the helper if the maps need one, then take on
 * --owner's ids.  Exits 125 on failure. */
void userns_before(const struct plan *plan, struct map_helper *helper);

/* After unshare(2): write setgroups and the maps, or have the helper do
 * it and wait for it.  Exits 125 on failure. */
void userns_after(const struct plan *plan, struct map_helper *helper);

/* Last, before exec: --setgid, --setuid, --keep-caps.  Exits 125 on
 * failure. */
void userns_identity(const struct plan *plan);

#endif
