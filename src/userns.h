/* A new user namespace: its id maps, setgroups and owner.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_USERNS_H
#define UNSHARE_USERNS_H

#include <stdbool.h>
#include <sys/types.h>

#include "steps.h"

/* Step map-helper, before unshare(2): start the helper that writes the
 * maps from outside, which waits until asked (run->helpers.map_ask).
 * Exits 125 on failure. */
void userns_start_helper(const struct step *s, struct run *run);

/* Step owner, before unshare(2): take on --owner's ids.  Exits 125 on
 * failure. */
void userns_become_owner(const struct step *s, struct run *run);

/* Step dumpable, after owner: /proc/self ours again. */
void userns_dumpable(const struct step *s, struct run *run);

/* Steps setgroups, uid-map and gid-map, after unshare(2): write it, or
 * have the helper write it and wait for its answer.  Exits 125 on
 * failure. */
void userns_write(const struct step *s, struct run *run);

/* --dry-run, owner: whether taking on --owner's ids would be refused
 * (the capabilities it takes), into *p. */
bool userns_owner_predict(const struct step *s, struct prediction *p);

/* --dry-run, map-helper: through newuidmap and newgidmap, it cannot
 * tell (p->unsure). */
bool userns_helper_predict(const struct step *s, struct prediction *p);

#endif
