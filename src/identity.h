/* The identity the program runs as: the steps setgid, keepcaps, setuid
 * and keep-caps.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_IDENTITY_H
#define UNSHARE_IDENTITY_H

#include "steps.h"

/* --setgid: the group id, and no supplementary groups.  Exits 125 on
 * failure. */
void identity_setgid(const struct step *s, struct run *run);

/* --keep-caps with --setuid: capabilities kept through the change of uid
 * (PR_SET_KEEPCAPS).  Exits 125 on failure. */
void identity_keepcaps(const struct step *s, struct run *run);

/* --setuid.  Exits 125 on failure. */
void identity_setuid(const struct step *s, struct run *run);

/* --keep-caps: the permitted capabilities made ambient, to survive the
 * exec.  Exits 125 on failure. */
void identity_keep_caps(const struct step *s, struct run *run);

/* --no-new-privs: PR_SET_NO_NEW_PRIVS, just before the exec, which then
 * grants no privilege (set-user-ID, file capabilities). */
void identity_no_new_privs(const struct step *s, struct run *run);

/* --dry-run, setgid and setuid: whether the id would be refused
 * (unmapped in a new user namespace, or not ours without the
 * capability), into *p. */
bool identity_predict(const struct step *s, struct prediction *p);

#endif
