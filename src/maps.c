/* The user namespace's ids and maps, worked out from the options at plan
 * time: --owner, --setuid, --setgid, --map-user, --map-group and the map
 * options read as ids or names, with /etc/subuid and /etc/subgid.  The
 * steps that write them at run time are in userns.c.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "i18n.h"
#include "idmap.h"
#include "maps.h"
#include "names.h"
#include "options.h"
#include "procfs.h"
#include "quote.h"

/* The id our own single mapping maps from: --owner's if given. */
static uid_t self_uid(const struct plan *plan)
{
	return plan->owner_uid != NO_ID ? (uid_t)plan->owner_uid : geteuid();
}

static gid_t self_gid(const struct plan *plan)
{
	return plan->owner_gid != NO_ID ? (gid_t)plan->owner_gid : getegid();
}

/* --owner=UID:GID, each a number or a name. */
static char *owner_ids(struct plan *plan)
{
	const char *arg = plan->owner_arg, *colon = strchr(arg, ':');
	char user[256], why[300];
	uint32_t uid, gid;

	if (colon == NULL || (size_t)(colon - arg) >= sizeof user) {
		return usage_message(_("--%s=%s: give UID:GID"),
			 opt_name(OPT_OWNER), quoted(arg));
	}
	memcpy(user, arg, (size_t)(colon - arg));
	user[colon - arg] = '\0';
	if (id_parse(user, false, true, &uid, why, sizeof why) != 0 ||
	    id_parse(colon + 1, true, true, &gid, why, sizeof why) != 0) {
		return usage_message("--%s=%s: %s", opt_name(OPT_OWNER),
			 quoted(arg), why);
	}
	plan->owner_uid = uid;
	plan->owner_gid = gid;
	return NULL;
}

/* --setuid, --setgid: a number or a name. */
static char *program_id(const char *option, const char *arg, bool group,
			long long *id)
{
	char why[300];
	uint32_t v;

	if (id_parse(arg, group, true, &v, why, sizeof why) != 0) {
		return usage_message("--%s: %s", option, why);
	}
	*id = v;
	return NULL;
}

/* Ranges from --map-users (or --map-groups) values. */
static char *add_specs(const char *option, const char **specs,
		       size_t n, const struct id_owner *owner, int cap,
		       struct idmap *map)
{
	char why[400];

	for (size_t i = 0; i < n; i++) {
		bool old_form = false;

		if (strcmp(specs[i], "all") == 0 && !has_cap(cap)) {
			/* TRANSLATORS: %s is the option (--map-users or
			 * --map-groups), %s the capability (CAP_SETUID or
			 * CAP_SETGID), %s the file (/etc/subuid or
			 * /etc/subgid) */
			return usage_message(_("%s=all: only a process "
				 "with %s may map every id; unprivileged, use "
				 "auto or subids (from %s)"), option,
				 cap == CAP_SETUID ? "CAP_SETUID" : "CAP_SETGID",
				 owner->subid_file);
		}
		if (idmap_parse(specs[i], owner, map, &old_form, why,
				sizeof why) != 0) {
			return usage_message("%s: %s", option, why);
		}
	}
	return NULL;
}

/* Said after parsing, not while: a plan is made without side effects, and
 * with --verbose --json this goes out as an event.  A value that parsed
 * is in the old form exactly when it has a comma. */
void maps_warn_old_forms(const struct plan *plan)
{
	for (size_t i = 0; i < plan->n_uid_specs; i++)
		if (strchr(plan->uid_specs[i], ','))
			warnx(_("--map-users=%s is the old OUTER,INNER,COUNT "
			      "form; write INNER:OUTER:COUNT"),
			      quoted(plan->uid_specs[i]));
	for (size_t i = 0; i < plan->n_gid_specs; i++)
		if (strchr(plan->gid_specs[i], ','))
			warnx(_("--map-groups=%s is the old OUTER,INNER,COUNT "
			      "form; write INNER:OUTER:COUNT"),
			      quoted(plan->gid_specs[i]));
}

/* The inner id for our own: -r's 0, -c's ourself, or --map-user's. */
static char *single(const char *option, const char *arg, bool group,
		    uint32_t self, struct idmap *map)
{
	char why[300];
	uint32_t inner;

	if (arg == NULL)
		return NULL;
	if (arg == map_current)
		inner = self;
	else if (id_parse(arg, group, true, &inner, why, sizeof why) != 0)
		return usage_message("%s=%s: %s", option, quoted(arg), why);
	if (idmap_add_single(map, inner, self, why, sizeof why) != 0)
		return usage_message("%s: %s", option, why);
	return NULL;
}

/* Whether a value reads /etc/subuid (or subgid), where lines may name the
 * user: only then is the name looked up (NSS is not free). */
static bool names_subids(const char **specs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(specs[i], "auto") == 0 ||
		    strcmp(specs[i], "subids") == 0)
			return true;
	return false;
}

char *maps_resolve(struct plan *plan)
{
	uid_t uid, caller;
	gid_t gid;
	const struct passwd *pw;
	struct id_owner users, groups;
	bool ranges;
	char why[400];
	char *bad;

	if ((plan->owner_arg && (bad = owner_ids(plan))) ||
	    (plan->setuid_arg &&
	     (bad = program_id("setuid", plan->setuid_arg, false,
			       &plan->setuid_id))) ||
	    (plan->setgid_arg &&
	     (bad = program_id("setgid", plan->setgid_arg, true,
			       &plan->setgid_id))))
		return bad;
	if (!(plan->opts & (OPT_MAP_ROOT | OPT_MAP_CURRENT | OPT_MAP_USER |
			    OPT_MAP_GROUP | OPT_MAP_USERS | OPT_MAP_GROUPS |
			    OPT_SETGROUPS)))
		return NULL;

	/* --owner takes privilege, which nothing after can give: said
	 * first, rather than what a range needs (the caller's in
	 * /etc/subuid, to newuidmap). */
	if (plan->owner_uid != NO_ID &&
	    (plan->n_uid_specs || plan->n_gid_specs) &&
	    (~effective_caps() & ((1ULL << CAP_SETUID) | (1ULL << CAP_SETGID))))
		return usage_message(_("--%s needs CAP_SETUID and CAP_SETGID to "
				       "take on those ids: run as root"),
				     opt_name(OPT_OWNER));
	/* Both /etc/subuid and /etc/subgid are keyed by the user: its name
	 * or its uid (subgid(5), newgidmap and util-linux read it so); the
	 * caller's, not --owner's (util-linux reads them so), whose id is
	 * the one of a single map (-r, -c). */
	uid = self_uid(plan);
	gid = self_gid(plan);
	caller = plan->owner_uid != NO_ID ? geteuid() : uid;
	pw = names_subids(plan->uid_specs, plan->n_uid_specs) ||
			     names_subids(plan->gid_specs, plan->n_gid_specs)
		     ? user_entry(caller)
		     : NULL;
	users = (struct id_owner){ pw ? pw->pw_name : NULL, caller,
				   "/etc/subuid", "/proc/self/uid_map",
				   "--add-subuids", .libsubid = true };
	groups = (struct id_owner){ pw ? pw->pw_name : NULL, caller,
				    "/etc/subgid", "/proc/self/gid_map",
				    "--add-subgids", .group = true,
				    .libsubid = true };
	if ((bad = add_specs("--map-users", plan->uid_specs,
			     plan->n_uid_specs, &users, CAP_SETUID,
			     &plan->uid_map)) ||
	    (bad = add_specs("--map-groups", plan->gid_specs,
			     plan->n_gid_specs, &groups, CAP_SETGID,
			     &plan->gid_map)) ||
	    (bad = single("--map-user", plan->map_user_arg, false, uid,
			  &plan->uid_map)) ||
	    (bad = single("--map-group", plan->map_group_arg, true, gid,
			  &plan->gid_map)))
		return bad;
	if (idmap_check(&plan->uid_map, why, sizeof why) != 0) {
		return usage_message("--map-users: %s", why);
	}
	if (idmap_check(&plan->gid_map, why, sizeof why) != 0) {
		return usage_message("--map-groups: %s", why);
	}

	/* With --owner, we are root until just before unshare(2): a helper
	 * forked then writes even a single map, as util-linux's does, so
	 * the group's needs no setgroups denied. */
	ranges = plan->n_uid_specs || plan->n_gid_specs;
	if (plan->uid_map.n == 0 && plan->gid_map.n == 0)
		plan->map_writer = MAP_NONE;
	else if (!ranges && plan->owner_uid == NO_ID)
		plan->map_writer = MAP_SELF;
	else if ((~effective_caps() & (UINT64_C(1) << CAP_SETUID |
				       UINT64_C(1) << CAP_SETGID)) == 0)
		plan->map_writer = MAP_DIRECT;
	else
		plan->map_writer = MAP_NEWIDMAP;

	/* Our own gid alone, with no --map-groups, is mapped as the kernel
	 * lets a process map it itself: once setgroups is denied.  So does
	 * util-linux, even when a helper writes the uid ranges; not with
	 * --owner. */
	if (plan->gid_map.n && plan->n_gid_specs == 0 &&
	    plan->owner_uid == NO_ID) {
		if (plan->setgroups == SETGROUPS_ALLOW)
			return usage_message(
				_("--setgroups=allow cannot go with "
				"--map-group (or -r, -c): the kernel lets a "
				"process map its own group only once setgroups "
				"is denied"));
		plan->setgroups = SETGROUPS_DENY;
	}
	return NULL;
}
