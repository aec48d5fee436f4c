/* User and group names: through NSS in the usual build; from /etc/passwd
 * and /etc/group alone in the static one.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_NAMES_H
#define UNSHARE_NAMES_H

#include <pwd.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where user entries come from, for messages: "the password database"
 * (NSS), or "/etc/passwd" in the static build. */
extern const char passwd_source[];

/* The id of the user (group if group) called name.  0, or -1 with the
 * reason in msg: no such name, or (static build) the file that could not
 * be read. */
int name_to_id(const char *name, bool group, uint32_t *id, char *msg,
	       size_t size);

/* The password entry of uid, or NULL.  Lives until the next call. */
const struct passwd *user_entry(uid_t uid);

#endif
