/* A new user namespace: its id maps, setgroups and owner.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_USERNS_H
#define UNSHARE_USERNS_H

#include <stdbool.h>
#include <sys/types.h>

#include "plan.h"

/* Read the values given as ids or names (--owner, --setuid, --setgid,
 * --map-user, --map-group) and work out the maps from the map options
 * (reading /etc/subuid and /etc/subgid, and our capabilities, which say
 * who will write them).  Returns a message (malloc'd) for a value that
 * cannot work, or NULL. */
char *userns_resolve(struct plan *plan);

/* Warn on stderr about each --map-users or --map-groups value written in
 * the old OUTER,INNER,COUNT form. */
void userns_warn_old_forms(const struct plan *plan);

/* A helper that writes the maps from outside the new namespace. */
struct map_helper {
	pid_t pid;
	int go;   /* we write a byte here once unshare(2) is done */
};

/* Whether the maps need a writer outside the namespace: ranges. */
static inline bool userns_needs_helper(const struct plan *plan)
{
	return plan->map_writer == MAP_DIRECT ||
	       plan->map_writer == MAP_NEWIDMAP;
}

/* Whether there is anything to write once the user namespace exists. */
static inline bool userns_has_maps(const struct plan *plan)
{
	return plan->map_writer != MAP_NONE ||
	       plan->setgroups != SETGROUPS_KEEP;
}

/* Before unshare(2), when the maps need it: start the helper, which waits
 * until told.  Exits 125 on failure. */
void userns_start_helper(const struct plan *plan, struct map_helper *helper);

/* Before unshare(2), with --owner: take on the owner's ids.  Exits 125 on
 * failure. */
void userns_become_owner(const struct plan *plan);

/* After unshare(2): write setgroups and the maps, or have the helper do
 * it and wait for it.  Exits 125 on failure. */
void userns_write_maps(const struct plan *plan, struct map_helper *helper);

#endif
