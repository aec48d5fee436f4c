/* Turning a failed unshare(2) into what went wrong and what to do.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_DIAGNOSE_H
#define UNSHARE_DIAGNOSE_H

#include <stdbool.h>

#include "flags.h"
#include "steps.h"

/* With AppArmor restricting unprivileged user namespaces (Ubuntu 23.10
 * and later: kernel.apparmor_restrict_unprivileged_userns is 1), an
 * unprivileged process gets a user namespace, but no capability in it:
 * every write of its maps fails with EPERM.  Then what to do about it,
 * translated; else NULL. */
const char *apparmor_hint(void);

/* Whether this process is chrooted: its / is no mount's root, as after
 * chroot(2) to a directory. */
bool chrooted(void);

/* The frame of unshare(2) of mask failing with errno err, the step
 * running now: its flags, the reason, and why or what to do.  May try
 * flags in throwaway children. */
void diagnose_unshare(int err, unsigned long mask);

/* --dry-run, step unshare: its flags, and those a later step unshares,
 * tried in a throwaway child: whether it fails, how and why (*p). */
bool diagnose_predict(const struct step *s, struct prediction *p);

/* The same for the cgroup namespace alone (step cgroup-enter). */
bool diagnose_predict_cgroup(struct prediction *p);

#endif
