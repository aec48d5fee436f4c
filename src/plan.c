/* Resolving the plan: the tool's own implications (data, like the
 * kernel's closure), then the closure, then the check of combinations.
 * Pure code.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stddef.h>
#include <string.h>

#include "plan.h"

static const struct tool_rule tool_rules[] = {
	{ .if_opts = OPT_INIT, .adds_opts = OPT_FORK,
	  .adds_flags = UNSHARE_PID, .trigger = "--init",
	  .why = "the init runs as pid 1 of a new pid namespace, in a child" },
	{ .if_flags = UNSHARE_PID, .unless_opts = OPT_NO_FORK,
	  .adds_opts = OPT_FORK, .trigger = "--pid",
	  .why = "a new pid namespace takes only children, so the program "
		 "must be one (--no-fork keeps the raw behaviour)" },
	{ .if_opts = OPT_KILL_CHILD, .adds_opts = OPT_FORK,
	  .trigger = "--kill-child",
	  .why = "only a child can be killed when unshare dies" },
#define MAPS_IN_USERNS(opt, name)                                          \
	{ .if_opts = (opt), .adds_flags = UNSHARE_USER, .trigger = (name),  \
	  .why = "ids are mapped in a new user namespace" }
	MAPS_IN_USERNS(OPT_MAP_ROOT, "--map-root-user"),
	MAPS_IN_USERNS(OPT_MAP_CURRENT, "--map-current-user"),
	MAPS_IN_USERNS(OPT_MAP_USER, "--map-user"),
	MAPS_IN_USERNS(OPT_MAP_GROUP, "--map-group"),
	MAPS_IN_USERNS(OPT_MAP_USERS, "--map-users"),
	MAPS_IN_USERNS(OPT_MAP_GROUPS, "--map-groups"),
	{ .if_opts = OPT_OWNER, .adds_flags = UNSHARE_USER,
	  .trigger = "--owner",
	  .why = "--owner names who owns a new user namespace" },
	{ .if_opts = OPT_SETGROUPS, .adds_flags = UNSHARE_USER,
	  .trigger = "--setgroups",
	  .why = "setgroups is a setting of a new user namespace" },
	{ .if_opts = OPT_LOAD_INTERP, .adds_opts = OPT_MOUNT_BINFMT,
	  .trigger = "--load-interp",
	  .why = "interpreters are registered in a binfmt_misc of our own" },
	{ .if_opts = OPT_MOUNT_BINFMT, .adds_flags = UNSHARE_USER | UNSHARE_MOUNT,
	  .trigger = "--mount-binfmt",
	  .why = "binfmt_misc has an instance per user namespace: in the "
		 "caller's, a registration would change the whole system" },
	{ .if_opts = OPT_PROPAGATION, .adds_flags = UNSHARE_MOUNT,
	  .trigger = "--propagation",
	  .why = "propagation is set in a new mount namespace" },
	{ .if_opts = OPT_MONOTONIC | OPT_BOOTTIME, .adds_flags = UNSHARE_TIME,
	  .trigger = "--monotonic/--boottime",
	  .why = "clock offsets belong to a new time namespace" },
	{ .if_opts = OPT_MOUNT_PROC, .adds_flags = UNSHARE_MOUNT,
	  .trigger = "--mount-proc",
	  .why = "proc is mounted in a mount namespace of its own, never in "
		 "the caller's" },
};

static const struct {
	unsigned opt;
	const char *name;
} opt_names[] = {
	{ OPT_FORK, "--fork" },
	{ OPT_NO_FORK, "--no-fork" },
	{ OPT_FORWARD, "--forward-signals" },
	{ OPT_KILL_CHILD, "--kill-child" },
	{ OPT_MOUNT_PROC, "--mount-proc" },
	{ OPT_INIT, "--init" },
	{ OPT_MAP_ROOT, "--map-root-user" },
	{ OPT_MAP_CURRENT, "--map-current-user" },
	{ OPT_MAP_USER, "--map-user" },
	{ OPT_MAP_GROUP, "--map-group" },
	{ OPT_MAP_USERS, "--map-users" },
	{ OPT_MAP_GROUPS, "--map-groups" },
	{ OPT_OWNER, "--owner" },
	{ OPT_SETGROUPS, "--setgroups" },
	{ OPT_KEEP_CAPS, "--keep-caps" },
	{ OPT_PROPAGATION, "--propagation" },
	{ OPT_MOUNT_BINFMT, "--mount-binfmt" },
	{ OPT_LOAD_INTERP, "--load-interp" },
	{ OPT_MONOTONIC, "--monotonic" },
	{ OPT_BOOTTIME, "--boottime" },
	{ OPT_CLEAR_ENV, "--clear-env" },
};

const char *opt_name(unsigned opt)
{
	for (size_t i = 0; i < sizeof opt_names / sizeof opt_names[0]; i++)
		if (opt_names[i].opt == opt)
			return opt_names[i].name;
	return "?";
}

void plan_init(struct plan *plan)
{
	memset(plan, 0, offsetof(struct plan, uid_map));
	plan->uid_map.n = plan->gid_map.n = 0;
	plan->owner_uid = plan->owner_gid = NO_ID;
	plan->setuid_id = plan->setgid_id = NO_ID;
}

static void note(struct plan *plan, const char *what,
		 const struct tool_rule *rule)
{
	if (plan->nimplied < PLAN_MAX_IMPLIED)
		plan->implied[plan->nimplied++] =
			(struct implied){ .what = what, .rule = rule };
}

void plan_resolve(struct plan *plan)
{
	unsigned long flags = plan->requested;
	bool changed = true;

	plan->nimplied = 0;
	while (changed) {
		changed = false;
		for (size_t i = 0; i < sizeof tool_rules / sizeof tool_rules[0];
		     i++) {
			const struct tool_rule *r = &tool_rules[i];
			unsigned new_opts = r->adds_opts & ~plan->opts;
			unsigned long new_flags = r->adds_flags & ~flags;

			if (!((plan->opts & r->if_opts) ||
			      (flags & r->if_flags)) ||
			    (plan->opts & r->unless_opts) ||
			    !(new_opts || new_flags))
				continue;
			for (unsigned o = 1; o <= new_opts; o <<= 1)
				if (new_opts & o)
					note(plan, opt_name(o), r);
			for (size_t f = 0; f < UNSHARE_NFLAGS; f++)
				if (new_flags & unshare_flags[f].bit)
					note(plan, unshare_flags[f].name, r);
			plan->opts |= new_opts;
			flags |= new_flags;
			changed = true;
		}
	}
	plan->effective = flags_closure(flags, plan->why);
	if ((plan->opts & OPT_MOUNT_BINFMT) && plan->binfmt_dir == NULL)
		plan->binfmt_dir = "/proc/sys/fs/binfmt_misc";
}

/* Combinations that cannot work, one line each; the first that applies
 * is reported.  "needs" rows fire when b is missing. */
static const struct {
	unsigned a, b;
	bool needs;
	const char *message;
} conflicts[] = {
	{ OPT_NO_FORK, OPT_INIT, false,
	  "--init needs a child process to be the init; drop --no-fork" },
	{ OPT_NO_FORK, OPT_KILL_CHILD, false,
	  "--kill-child needs a child process to kill; drop --no-fork" },
	{ OPT_NO_FORK, OPT_FORWARD, false,
	  "--forward-signals needs a child process; drop --no-fork" },
	{ OPT_NO_FORK, OPT_FORK, false,
	  "--fork and --no-fork contradict each other; keep one" },
	{ OPT_FORWARD, OPT_FORK, true,
	  "--forward-signals needs a child to forward to; add --fork" },
	{ OPT_MAP_ROOT, OPT_MAP_CURRENT, false,
	  "--map-root-user and --map-current-user both map your ids; keep "
	  "one" },
	{ OPT_MAP_ROOT, OPT_MAP_USER | OPT_MAP_GROUP, false,
	  "--map-root-user already maps your ids to 0; drop --map-user and "
	  "--map-group, or use them alone" },
	{ OPT_MAP_CURRENT, OPT_MAP_USER | OPT_MAP_GROUP, false,
	  "--map-current-user already maps your ids to themselves; drop "
	  "--map-user and --map-group, or use them alone" },
};

const char *plan_conflict(const struct plan *plan)
{
	if (plan->list &&
	    (plan->requested || plan->opts || plan->argv || plan->dry_run ||
	     plan->verbose || plan->root_dir || plan->wd_dir ||
	     plan->setuid_id != NO_ID || plan->setgid_id != NO_ID))
		return "--list shows every flag and runs nothing: give it "
		       "alone, or with --json";
	if (plan->json && !plan->list && !plan->dry_run && !plan->verbose)
		return "--json changes what --list, --dry-run and --verbose "
		       "print: add one of them";
	if (plan->persist[flag_index(UNSHARE_PID)] &&
	    !(plan->opts & OPT_FORK))
		return "--pid=FILE needs a process in the new pid namespace "
		       "to keep it: drop --no-fork";
	for (size_t i = 0; i < sizeof conflicts / sizeof conflicts[0]; i++)
		if ((plan->opts & conflicts[i].a) &&
		    !(plan->opts & conflicts[i].b) == conflicts[i].needs)
			return conflicts[i].message;
	return NULL;
}
