/* The words the command line and the steps share (words.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stddef.h>
#include <sys/mount.h>

#include "words.h"

const struct word propagations[PROP_COUNT + 1] = {
	[PROP_PRIVATE] = { "private", MS_PRIVATE },
	[PROP_SHARED] = { "shared", MS_SHARED },
	[PROP_SLAVE] = { "slave", MS_SLAVE },
	[PROP_UNCHANGED] = { "unchanged", 0 },
	{ NULL, 0 },
};
