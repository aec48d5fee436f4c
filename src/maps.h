/* The user namespace's ids and maps, worked out from the options.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MAPS_H
#define UNSHARE_MAPS_H

#include "plan.h"

/* Read the values given as ids or names (--owner, --setuid, --setgid,
 * --map-user, --map-group) and work out the maps from the map options
 * (reading /etc/subuid and /etc/subgid, and our capabilities, which say
 * who will write them).  Returns a message (malloc'd) for a value that
 * cannot work, or NULL. */
char *maps_resolve(struct plan *plan);

/* Warn on stderr about each --map-users or --map-groups value written in
 * the old OUTER,INNER,COUNT form. */
void maps_warn_old_forms(const struct plan *plan);

#endif
