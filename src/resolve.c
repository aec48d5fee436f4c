/* Resolving the plan: the tool's own implications (rows of the option
 * table, like the kernel's closure is rows of the flag table), then the
 * closure, then the check of combinations.  Pure code.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "options.h"
#include "plan.h"

static void note(struct plan *plan, struct implied what)
{
	if (plan->nimplied < PLAN_MAX_IMPLIED)
		plan->implied[plan->nimplied++] = what;
}

/* Whether a row's implication applies: the option was given, or its flag
 * is asked for (by --flags too), or another option implied it. */
static bool row_applies(const struct plan *plan, size_t i,
			unsigned long flags, unsigned implied_opts)
{
	const struct option_row *r = &option_rows[i];

	if (plan->opts & r->unless)
		return false;
	return (plan->given >> i & 1) || (r->flag && (flags & r->flag)) ||
	       (r->sets && (implied_opts & r->sets) == r->sets);
}

void plan_resolve(struct plan *plan)
{
	unsigned long flags = plan->requested;
	unsigned implied_opts = 0;
	bool changed = true;

	plan->nimplied = 0;
	while (changed) {
		changed = false;
		for (size_t i = 0; i < option_count; i++) {
			const struct option_row *r = &option_rows[i];
			unsigned new_opts = r->implies_opts & ~plan->opts;
			unsigned long new_flags = r->implies_flags & ~flags;

			if (!(new_opts || new_flags) ||
			    !row_applies(plan, i, flags, implied_opts))
				continue;
			for (unsigned o = 1; o && o <= new_opts; o <<= 1)
				if (new_opts & o)
					note(plan, (struct implied){
						.option = row_of_opt(o),
						.flag = -1, .by = r });
			for (size_t f = 0; f < UNSHARE_NFLAGS; f++)
				if (new_flags & unshare_flags[f].bit)
					note(plan, (struct implied){
						.flag = (int)f, .by = r });
			plan->opts |= new_opts;
			implied_opts |= new_opts;
			flags |= new_flags;
			changed = true;
		}
	}
	plan->effective = flags_closure(flags, plan->why);
	if ((plan->opts & OPT_MOUNT_BINFMT) && plan->binfmt_dir == NULL)
		plan->binfmt_dir = BINFMT_DEFAULT;
}

/* What shapes --list's text table. */
#define LIST_SHAPES (OPT_OUTPUT | OPT_NOHEADINGS | OPT_RAW)

/* Combinations that cannot work, one line each; the first that applies
 * is reported.  "needs" rows fire when b is missing.  The message names
 * a's option as %1$s and b's as %2$s. */
static const struct {
	unsigned a, b;
	bool needs;
	const char *message;
} conflicts[] = {
	{ OPT_NO_FORK, OPT_INIT, false,
	  /* TRANSLATORS: in these, %1$s and %2$s are the names of two
	   * options, without the leading "--". */
	  N_("--%2$s needs a child process to be the init; drop --%1$s") },
	{ OPT_NO_FORK, OPT_KILL_CHILD, false,
	  N_("--%2$s needs a child process to kill; drop --%1$s") },
	{ OPT_NO_FORK, OPT_FORWARD, false,
	  N_("--%2$s needs a child process to forward to; drop --%1$s") },
	{ OPT_NO_FORK, OPT_NEW_CGROUP, false,
	  N_("--%2$s needs a child process to put in the cgroup, and a parent "
	     "to remove it; drop --%1$s") },
	{ OPT_NO_FORK, OPT_FORK, false,
	  N_("--%2$s and --%1$s contradict each other; keep one") },
	{ OPT_OUTPUT, OPT_LIST, true,
	  N_("--%1$s shapes the table --%2$s prints: add --%2$s") },
	{ OPT_NOHEADINGS, OPT_LIST, true,
	  N_("--%1$s shapes the table --%2$s prints: add --%2$s") },
	{ OPT_RAW, OPT_LIST, true,
	  N_("--%1$s shapes the table --%2$s prints: add --%2$s") },
	{ OPT_NOHEADINGS, OPT_JSON, false,
	  N_("--%1$s shapes --list's table, and --%2$s prints none: keep "
	     "one") },
	{ OPT_RAW, OPT_JSON, false,
	  N_("--%1$s shapes --list's table, and --%2$s prints none: keep "
	     "one") },
	{ OPT_JSON, OPT_LIST | OPT_DRY_RUN | OPT_VERBOSE, true,
	  N_("--%1$s changes what --list, --dry-run and --verbose print: "
	     "add one of them") },
};

const char *plan_conflict(const struct plan *plan, char *msg, size_t size)
{
	if ((plan->opts & OPT_LIST) &&
	    ((plan->opts & ~(OPT_LIST | OPT_JSON | LIST_SHAPES)) ||
	     plan->requested || plan->argv || plan->root_dir ||
	     plan->wd_dir || plan->setuid_arg || plan->setgid_arg))
		return _("--list shows every flag and runs nothing: give it "
			 "alone, or with --json, --output, --noheadings or "
			 "--raw");
	if ((plan->opts & OPT_LOOPBACK) && !(plan->effective & UNSHARE_NET))
		return _("--loopback brings lo up in a new network namespace: "
			 "add --net");
	if (plan->persist[flag_index(UNSHARE_PID)] &&
	    !(plan->opts & OPT_FORK))
		/* TRANSLATORS: FILE as --help shows it. */
		return _("--pid=FILE needs a process in the new pid "
			 "namespace to keep it: drop --no-fork");
	for (size_t i = 0; i < sizeof conflicts / sizeof conflicts[0]; i++)
		if ((plan->opts & conflicts[i].a) &&
		    !(plan->opts & conflicts[i].b) == conflicts[i].needs) {
			snprintf(msg, size, _(conflicts[i].message),
				 opt_name(conflicts[i].a),
				 opt_name(conflicts[i].b));
			return msg;
		}
	return NULL;
}
