/* The identity the program runs as.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_IDENTITY_H
#define UNSHARE_IDENTITY_H

#include <stdbool.h>

#include "plan.h"

/* Whether the program takes on other ids or capabilities. */
static inline bool identity_wanted(const struct plan *plan)
{
	return plan->setuid_id != NO_ID || plan->setgid_id != NO_ID ||
	       (plan->opts & OPT_KEEP_CAPS);
}

/* Last, before exec: --setgid, --setuid, --keep-caps.  Exits 125 on
 * failure. */
void identity_apply(const struct plan *plan);

#endif
