/* Resolving the plan, and every reason to refuse it: the tool's own
 * implications (rows of the option table, like the kernel's closure is
 * rows of the flag table), then the closure; then the check of
 * combinations, the ids and maps read from their values (--owner,
 * --setuid, --setgid, --map-user, --map-group and the map options, as
 * ids or names, with /etc/subuid and /etc/subgid; userns.c writes them),
 * the FILEs and --list's columns.  What is refused at plan time is
 * refused here.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "fail.h"
#include "columns.h"
#include "names.h"
#include "options.h"
#include "procfs.h"
#include "quote.h"
#include "resolve.h"
#include "sig.h"
#include "walk.h"

static void note(struct plan *plan, struct implied what)
{
	if (plan->nimplied < PLAN_MAX_IMPLIED)
		plan->implied[plan->nimplied++] = what;
}

/* Whether a row's implication applies: the option was given, or its flag
 * is asked for (by --flags too), or another option implied it. */
static bool row_applies(const struct plan *plan, size_t i,
			unsigned long flags, uint64_t implied_opts)
{
	const struct option_row *r = &option_rows[i];

	if (plan->opts & r->unless)
		return false;
	return plan_given(plan, i) || (r->flag && (flags & r->flag)) ||
	       (r->sets && (implied_opts & r->sets) == r->sets);
}

void plan_resolve(struct plan *plan)
{
	unsigned long flags = plan->requested;
	uint64_t implied_opts = 0;
	bool changed = true;

	plan->nimplied = 0;
	while (changed) {
		changed = false;
		for (size_t i = 0; i < option_count; i++) {
			const struct option_row *r = &option_rows[i];
			uint64_t new_opts = r->implies_opts & ~plan->opts;
			unsigned long new_flags = r->implies_flags & ~flags;

			if (!(new_opts || new_flags) ||
			    !row_applies(plan, i, flags, implied_opts))
				continue;
			for (uint64_t o = 1; o && o <= new_opts; o <<= 1)
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
/* TRANSLATORS: in these, %1$s and %2$s are the names of two options,
 * without the leading "--". */
#define NEEDS_CHILD N_("--%2$s needs a child process: drop --%1$s")
#define EXCLUDE N_("--%2$s and --%1$s exclude each other: keep one")
#define NEEDS N_("--%1$s needs --%2$s")
static const struct {
	uint64_t a, b;
	bool needs;
	const char *message;
} conflicts[] = {
	{ OPT_NO_FORK, OPT_INIT, false, NEEDS_CHILD },
	{ OPT_NO_FORK, OPT_KILL_CHILD, false, NEEDS_CHILD },
	{ OPT_NO_FORK, OPT_FORWARD, false, NEEDS_CHILD },
	{ OPT_NO_FORK, OPT_NEW_CGROUP, false, NEEDS_CHILD },
	{ OPT_NO_FORK, OPT_PID_FILE, false, NEEDS_CHILD },
	{ OPT_ROOT, OPT_PIVOT_ROOT, false, EXCLUDE },
	/* The kernel makes no user namespace in a chroot. */
	{ OPT_DISABLE_USERNS, OPT_ROOT, false,
	  N_("--%1$s cannot nest a user namespace in --%2$s's chroot\n"
	     "use --pivot-root") },
	/* The host's devices are out of sight in a chroot: --pivot-root
	 * (the man page says it). */
	{ OPT_MOUNT_DEV, OPT_ROOT, false, EXCLUDE },
	/* The waiting parent writes FILE, with --owner's ids by then. */
	{ OPT_OWNER, OPT_PID_FILE, false, EXCLUDE },
	{ OPT_NO_FORK, OPT_FORK, false, EXCLUDE },
	{ OPT_OUTPUT, OPT_LIST, true, NEEDS },
	{ OPT_NOHEADINGS, OPT_LIST, true, NEEDS },
	{ OPT_RAW, OPT_LIST, true, NEEDS },
	{ OPT_NOHEADINGS, OPT_JSON, false, EXCLUDE },
	{ OPT_RAW, OPT_JSON, false, EXCLUDE },
	{ OPT_JSON, OPT_LIST | OPT_DRY_RUN | OPT_VERBOSE, true,
	  N_("--%1$s needs --list, --dry-run or --verbose") },
};

const char *plan_conflict(const struct plan *plan, char *msg, size_t size)
{
	uint64_t mounts;

	if ((plan->opts & OPT_LIST) &&
	    ((plan->opts & ~(OPT_LIST | OPT_JSON | LIST_SHAPES)) ||
	     plan->requested || plan->argv || plan->root_dir ||
	     plan->wd_dir || plan->setuid_arg || plan->setgid_arg)) {
		/* lsns's habits: -r raw, -n no headings, which are ours
		 * for -r --map-root-user and -n --net. */
		if ((plan->opts & OPT_MAP_ROOT) || plan->requested == UNSHARE_NET) {
			bool r = plan->opts & OPT_MAP_ROOT;

			/* TRANSLATORS: %1$s is -r or -n, %2$s our long
			 * option for it, %3$s the one lsns's means. */
			snprintf(msg, size, _("--list runs nothing: %1$s is %2$s "
					      "here\nfor lsns's %1$s, write %3$s"),
				 r ? "-r" : "-n",
				 r ? "--map-root-user" : "--net",
				 r ? "--raw" : "--noheadings");
			return msg;
		}
		return _("--list runs nothing: give it alone\nit goes with "
			 "--json, -o, --noheadings and --raw");
	}
	/* The kernel mounts a sysfs in a user namespace only for a network
	 * namespace it owns. */
	if ((plan->opts & OPT_MOUNT_SYSFS) && (plan->effective & UNSHARE_USER) &&
	    !(plan->effective & UNSHARE_NET)) {
		snprintf(msg, size, _(NEEDS), opt_name(OPT_MOUNT_SYSFS),
			 row_name(row_of_flag(UNSHARE_NET)));
		return msg;
	}
	if ((plan->opts & OPT_DISABLE_USERNS) &&
	    !(plan->effective & UNSHARE_USER)) {
		snprintf(msg, size, _("--%s needs a new user namespace: add -r "
				      "or -c"), opt_name(OPT_DISABLE_USERNS));
		return msg;
	}
	/* With -f, the child has one death signal, --kill-child's: one
	 * given to --die-with-parent (KILL too) that differs is refused. */
	if ((plan->opts & OPT_FORK) && (plan->opts & OPT_KILL_CHILD) &&
	    (plan->opts & OPT_DIE_WITH_PARENT) && plan->parent_signal_given &&
	    plan->parent_signal != plan->kill_signal) {
		char a[48], b[48], name[16];

		snprintf(a, sizeof a, "%s=%s", opt_name(OPT_KILL_CHILD),
			 sig_name(plan->kill_signal, name, sizeof name));
		snprintf(b, sizeof b, "%s=%s", opt_name(OPT_DIE_WITH_PARENT),
			 sig_name(plan->parent_signal, name, sizeof name));
		snprintf(msg, size, _(EXCLUDE), b, a);
		return msg;
	}
	for (size_t i = 0; i < plan->n_sysctls; i++) {
		unsigned long flag = sysctl_namespace(plan->sysctls[i]);
		char given[64];

		snprintf(given, sizeof given, "%s=%.*s", opt_name(OPT_SYSCTL),
			 (int)strcspn(plan->sysctls[i], "="), plan->sysctls[i]);
		/* --disable-userns writes this one. */
		if ((plan->opts & OPT_DISABLE_USERNS) &&
		    strcmp(given, "sysctl=user.max_user_namespaces") == 0) {
			snprintf(msg, size, _(EXCLUDE), given,
				 opt_name(OPT_DISABLE_USERNS));
			return msg;
		}
		if (plan->effective & flag)
			continue;
		snprintf(msg, size, _(NEEDS), given,
			 row_name(row_of_flag(flag)));
		return msg;
	}
	if ((plan->opts & OPT_LOOPBACK) && !(plan->effective & UNSHARE_NET)) {
		snprintf(msg, size, _(NEEDS), opt_name(OPT_LOOPBACK),
			 row_name(row_of_flag(UNSHARE_NET)));
		return msg;
	}
	/* pivot_root(2) refuses a root whose mount, or its parent's, is
	 * shared; and a new root made shared would show outside, as would
	 * the mounts of a /dev, a tmpfs, a sysfs or a bind: but not from
	 * the mount namespace of a new user namespace, whose mounts the
	 * kernel makes slaves of the caller's, that nothing reaches from
	 * there (and none is shared, unless made so). */
	mounts = plan->opts & (OPT_PIVOT_ROOT | OPT_MOUNT_DEV | OPT_TMPFS |
			       OPT_MOUNT_SYSFS | OPT_BIND);
	if (plan->effective & UNSHARE_USER)
		mounts &= plan->propagation == PROP_SHARED ? OPT_PIVOT_ROOT : 0;
	if (mounts != 0 &&
	    (plan->propagation == PROP_SHARED ||
	     plan->propagation == PROP_UNCHANGED)) {
		char given[64];

		snprintf(given, sizeof given, "%s=%s", opt_name(OPT_PROPAGATION),
			 propagations[plan->propagation].name);
		/* One of them: --pivot-root's, the lowest bit, first. */
		snprintf(msg, size, _(EXCLUDE), opt_name(mounts & -mounts),
			 given);
		return msg;
	}
	if (plan->persist[flag_index(UNSHARE_PID)] &&
	    !(plan->opts & OPT_FORK)) {
		char pid_file[PATH_MAX + 64];

		/* --pid=FILE as typed. */
		snprintf(pid_file, sizeof pid_file, "%s=%s",
			 row_name(row_of_flag(UNSHARE_PID)),
			 quoted(plan->persist[flag_index(UNSHARE_PID)]));
		snprintf(msg, size, _(NEEDS_CHILD), opt_name(OPT_NO_FORK),
			 pid_file);
		return msg;
	}
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
			return usage_message(_("%s=all needs %s\nunprivileged, "
					       "use auto or subids (from %s)"),
				 option,
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
	for (size_t i = 0; i < plan->n_uid_specs + plan->n_gid_specs; i++) {
		bool users = i < plan->n_uid_specs;
		const char *spec = users ? plan->uid_specs[i]
					 : plan->gid_specs[i - plan->n_uid_specs];

		if (strchr(spec, ','))
			complain(NULL, 0, NULL,
				 _("--%s=%s: the old OUTER,INNER,COUNT form; "
				   "write INNER:OUTER:COUNT"),
				 opt_name(users ? OPT_MAP_USERS : OPT_MAP_GROUPS),
				 quoted(spec));
	}
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

/* The ids and maps, from the values as given. */
static char *maps_resolve(struct plan *plan)
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
	plan->self_uid = plan->owner_uid != NO_ID ? (uid_t)plan->owner_uid
						  : geteuid();
	plan->self_gid = plan->owner_gid != NO_ID ? (gid_t)plan->owner_gid
						  : getegid();
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
		return usage_message("--%s: %s", opt_name(OPT_OWNER),
				     _("it needs CAP_SETUID and CAP_SETGID: "
				       "run as root"));
	/* Both /etc/subuid and /etc/subgid are keyed by the user: its name
	 * or its uid (subgid(5), newgidmap and util-linux read it so); the
	 * caller's, not --owner's (util-linux reads them so), whose id is
	 * the one of a single map (-r, -c). */
	uid = plan->self_uid;
	gid = plan->self_gid;
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
				_("--setgroups=allow cannot go with -r, -c, "
				  "--map-group\nyour gid is mapped only with "
				  "setgroups denied"));
		plan->setgroups = SETGROUPS_DENY;
	}
	return NULL;
}

/* Whether map gives an inner id to outer id. */
static bool maps_outer(const struct idmap *map, uint32_t id)
{
	for (size_t i = 0; i < map->n; i++)
		if (id - map->ext[i].outer < map->ext[i].count)
			return true;
	return false;
}

/* --disable-userns maps the program's ids in the nested namespace to
 * themselves, which they must be in the new one (the own ids, unless
 * --setuid or --setgid change them, whose step says if unmapped). */
static char *nest_unmapped(const struct plan *plan)
{
	if (!(plan->opts & OPT_DISABLE_USERNS) ||
	    ((plan->setuid_id != NO_ID ||
	      maps_outer(&plan->uid_map, plan->self_uid)) &&
	     (plan->setgid_id != NO_ID ||
	      maps_outer(&plan->gid_map, plan->self_gid))))
		return NULL;
	return usage_message(_("--%s needs the program's uid and gid mapped"
			       "\nadd -r or -c, or --map-user and "
			       "--map-group"), opt_name(OPT_DISABLE_USERNS));
}

/* Whether paths a and b name the same file: the same name in the same
 * directory, which is where the bind mount goes (two hard links are two
 * places to mount on). */
static bool same_place(const char *a, const char *b)
{
	const char *na = strrchr(a, '/'), *nb = strrchr(b, '/');
	char da[PATH_MAX], db[PATH_MAX];
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return true;
	if (strcmp(na ? na + 1 : a, nb ? nb + 1 : b) != 0)
		return false;
	snprintf(da, sizeof da, "%.*s", na ? (int)(na - a) + 1 : 1,
		 na ? a : ".");
	snprintf(db, sizeof db, "%.*s", nb ? (int)(nb - b) + 1 : 1,
		 nb ? b : ".");
	return stat(da, &sa) == 0 && stat(db, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Two FILEs that are one; or a FILE that is the pid file, which would
 * be written over the namespace bound there (EBUSY). */
static char *persist_conflict(const struct plan *plan)
{
	const char *name[UNSHARE_NFLAGS + 1] = { 0 },
		   *file[UNSHARE_NFLAGS + 1] = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i]) {
			name[n] = unshare_flags[i].name;
			file[n++] = plan->persist[i];
		}
	if (plan->pid_file) {
		name[n] = opt_name(OPT_PID_FILE);
		file[n++] = plan->pid_file;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (same_place(file[i], file[j]))
				/* TRANSLATORS: --%s=%s, twice: the options
				 * and their files as given. */
				return usage_message(
					_("--%s=%s and --%s=%s are the same "
					  "file\ngive each its own file"),
					name[i], quoted(file[i]), name[j],
					quoted(file[j]));
	return NULL;
}


/* --info-fd and --wait-fd: descriptors open the way their step uses
 * them (the document is written, the byte read), none of the program's
 * standard three (each is closed after its step), and not one pipe for
 * both (we would read back our own document): one socket may be both. */
static char *fds_unfit(const struct plan *plan)
{
	static const uint64_t opt[] = { OPT_INFO_FD, OPT_WAIT_FD };
	const int fd[] = { plan->info_fd, plan->wait_fd };
	struct stat st[2];

	for (size_t i = 0; i < 2; i++) {
		int fl;

		if (fd[i] < 0)
			continue;
		if ((fl = fcntl(fd[i], F_GETFL)) < 0 || fstat(fd[i], &st[i]) != 0)
			return usage_message("--%s=%d: %s\n%s", opt_name(opt[i]),
					     fd[i], i18n_strerror(errno),
					     _(fd_hint));
		if (fd[i] <= STDERR_FILENO)
			/* TRANSLATORS: --%s=%d is the option as given; the
			 * hint's --%s=3 3%s&%d an example of another. */
			return usage_message(_("--%s=%d: the program's standard "
					       "input, output or error\nthe step "
					       "closes it: pass a copy, as "
					       "--%s=3 3%s&%d"),
					     opt_name(opt[i]), fd[i],
					     opt_name(opt[i]), i ? "<" : ">",
					     fd[i]);
		if ((fl & O_PATH) ||
		    (fl & O_ACCMODE) == (i ? O_WRONLY : O_RDONLY))
			/* TRANSLATORS: --%s=%d is the option as given. */
			return usage_message(_("--%s=%d: opened the wrong way\n"
					       "--info-fd is written (3>file), "
					       "--wait-fd read (4<fifo)"),
					     opt_name(opt[i]), fd[i]);
	}
	if (fd[0] >= 0 && fd[1] >= 0 && st[0].st_dev == st[1].st_dev &&
	    st[0].st_ino == st[1].st_ino &&
	    (S_ISFIFO(st[0].st_mode) || S_ISREG(st[0].st_mode)))
		return usage_message(_("--%s=%d and --%s=%d are one file\nthe "
				       "byte would be read from the document: "
				       "give two, or one socket"),
				     opt_name(opt[0]), fd[0], opt_name(opt[1]),
				     fd[1]);
	return NULL;
}

/* Under --pivot-root, the old root is on top of the new one until the
 * end: a directory of ours that climbs out of / leads there.  Said of
 * what is typed; a link is the walk's to refuse (walk.c). */
static char *dirs_leave_root(const struct plan *plan)
{
	const struct {
		const char *option, *dir;
		bool relative; /* read from the cwd, which may be --wd */
	} dirs[] = {
		{ "wd", plan->wd_dir, false },
		{ "mount-proc", plan->proc_dir, plan->wd_dir != NULL },
		{ "mount-binfmt", plan->binfmt_dir, plan->wd_dir != NULL },
		{ "mount-cgroup", plan->cgroup_dir, plan->wd_dir != NULL },
		{ "mount-dev", plan->dev_dir, plan->wd_dir != NULL },
		{ "mount-sysfs", plan->sysfs_dir, plan->wd_dir != NULL },
	};

	if (plan->pivot_dir == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (dirs[i].dir && (*dirs[i].dir == '/' || !dirs[i].relative) &&
		    leaves_root(dirs[i].dir))
			return usage_message(_(out_of_root_message),
					     dirs[i].option, quoted(dirs[i].dir));
	for (size_t i = 0; i < plan->n_tmpfs; i++)
		if ((*plan->tmpfs_dirs[i] == '/' || plan->wd_dir == NULL) &&
		    leaves_root(plan->tmpfs_dirs[i]))
			return usage_message(_(out_of_root_message), "tmpfs",
					     quoted(plan->tmpfs_dirs[i]));
	for (size_t i = 0; i < plan->n_binds; i++)
		if (leaves_root(plan->bind_dsts[i]))
			return usage_message(_(out_of_root_message),
					     plan->bind_ro[i] ? "ro-bind" : "bind",
					     quoted(plan->bind_dsts[i]));
	return NULL;
}

/* What --output names that the table of --list does not have, as a
 * message in msg, or NULL. */
static const char *output_conflict(const struct plan *plan, char *msg,
				   size_t size)
{
	static const struct {
		const struct column *cols;
		size_t n;
	} tables[] = {
		[LIST_FLAGS] = { flag_columns, N_FLAG_COLS },
		[LIST_OPTIONS] = { option_columns, N_OPTION_COLS },
		[LIST_STEPS] = { step_columns, N_STEP_COLS },
	};
	size_t shown[TABLE_MAX_SHOWN];

	if (!(plan->opts & OPT_LIST) ||
	    table_columns(plan->list_columns, tables[plan->list].cols,
			  tables[plan->list].n, shown, msg, size))
		return NULL;
	return msg;
}

/* The shell to run when no program is given: $SHELL (unless the
 * environment is cleared and SHELL not kept: it would be gone by then),
 * else the caller's login shell, else /bin/sh.  Found before anything
 * changes: after unshare(2) our uid may be another (the overflow uid in
 * a user namespace without maps), and after --root the password
 * database another file.  *source says where it came from. */
static const char *find_shell(const struct plan *plan,
			      const char **source)
{
	const char *shell =
		!(plan->opts & OPT_CLEAR_ENV) ||
				env_kept(plan->keep_env, plan->n_keep_env,
					 "SHELL")
			? getenv("SHELL")
			: NULL;
	const struct passwd *pw;

	if (shell && *shell) {
		*source = "$SHELL";
		return shell;
	}
	pw = user_entry(getuid());
	if (pw && pw->pw_shell && *pw->pw_shell) {
		*source = passwd_source;
		return pw->pw_shell;
	}
	/* TRANSLATORS: where the shell came from, shown as the last %s of
	 * "(the shell, from %s)", as are $SHELL and the password database.
	 * JSON keeps it in English. */
	*source = N_("the fallback");
	return "/bin/sh";
}

/* What the steps take from the system, into plan->found: read here,
 * once, so that plan_steps turns values into steps and reads nothing. */
static void plan_find(struct plan *plan)
{
	static char mount[PATH_MAX], parent[PATH_MAX], name[256];

	if (plan->opts & (OPT_NEW_CGROUP | OPT_MOUNT_CGROUP)) {
		plan->found.cgroup_found =
			cgroup_find(mount, sizeof mount, parent,
				    sizeof parent) == 0;
		plan->found.cgroup_error =
			plan->found.cgroup_found ? 0 : errno;
		plan->found.cgroup_mount = mount;
		plan->found.cgroup_parent = parent;
	}
	if (plan->opts & OPT_NEW_CGROUP) {
		if (plan->cgroup_name)
			snprintf(name, sizeof name, "%s", plan->cgroup_name);
		else
			snprintf(name, sizeof name,
				 /* not translated: a name */ "unshare-%d",
				 (int)getpid());
		plan->found.cgroup_name = name;
	}
	if (plan->argv == NULL)
		plan->found.shell = find_shell(plan, &plan->found.shell_source);
}

char *plan_refusal(struct plan *plan)
{
	char msg[1024];
	const char *conflict = plan_conflict(plan, msg, sizeof msg);
	char *bad;

	if (conflict)
		return usage_message("%s", conflict);
	if ((bad = fds_unfit(plan)) != NULL || (bad = dirs_leave_root(plan)))
		return bad;
	if ((bad = maps_resolve(plan)) == NULL &&
	    (bad = nest_unmapped(plan)) == NULL &&
	    (bad = persist_conflict(plan)) == NULL &&
	    (conflict = output_conflict(plan, msg, sizeof msg)) != NULL)
		bad = usage_message("%s", conflict);
	if (bad == NULL)
		plan_find(plan);
	return bad;
}
