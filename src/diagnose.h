/* Turning a failed unshare(2) into what went wrong and what to do.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_DIAGNOSE_H
#define UNSHARE_DIAGNOSE_H

#include "flags.h"

/* With AppArmor restricting unprivileged user namespaces (Ubuntu 23.10
 * and later: kernel.apparmor_restrict_unprivileged_userns is 1), an
 * unprivileged process gets a user namespace, but no capability in it:
 * every write of its maps fails with EPERM.  Then what to do about it,
 * translated; else NULL. */
const char *apparmor_hint(void);

/* Explain on stderr why unshare(2) of mask failed with errno err: which
 * flag, why, and what to do.  May try flags in throwaway children. */
void diagnose_unshare(int err, unsigned long mask);

/* --dry-run: unshare(2) of mask tried in a throwaway child; if it fails,
 * a warning on stderr that the run would fail, and why, as
 * diagnose_unshare would explain it. */
void diagnose_dry_run(unsigned long mask);

#endif
