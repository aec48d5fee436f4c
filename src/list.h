/* --list: every flag, and whether this kernel and caller can use it.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_LIST_H
#define UNSHARE_LIST_H

#include <stddef.h>

#include "plan.h"

/* --list: the table of flags (or, with --json, the JSON document
 * {"version":N,"flags":[...]}, one object a flag) on stdout; with
 * --list=options the options ({"version":N,"options":[...]}).  Returns
 * the exit status. */
int list(const struct plan *plan);

#endif
