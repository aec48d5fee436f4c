/* Resolving the plan, and every reason to refuse it (resolve.c).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_RESOLVE_H
#define UNSHARE_RESOLVE_H

#include <stddef.h>

#include "plan.h"

/* Apply the tool's implications (from the option table), then the
 * kernel's closure.  Pure. */
void plan_resolve(struct plan *plan);

/* The first combination of options that cannot work, as a message in
 * msg, or NULL.  Pure; call after plan_resolve. */
const char *plan_conflict(const struct plan *plan, char *msg, size_t size);

/* After plan_resolve: the first reason the plan cannot run (a
 * combination, an id or map, two FILEs that are one, --list's columns)
 * as a message
 * (malloc'd), or NULL; the ids and maps are read into the plan, and, if
 * it can run, what its steps take from the system (plan->found: the
 * cgroup, the shell). */
char *plan_refusal(struct plan *plan);

/* Warn on stderr about each --map-users or --map-groups value written in
 * the old OUTER,INNER,COUNT form. */
void maps_warn_old_forms(const struct plan *plan);

#endif
