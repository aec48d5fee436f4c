/* The plan: everything the command line asked for, worked out before
 * anything is done.  One struct, filled by the parser and passed down.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PLAN_H
#define UNSHARE_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "flags.h"
#include "idmap.h"
#include "offset.h"

/* Our own failures, usage errors included; 126 and 127 are the program's
 * (cannot be run, not found), as in the shell. */
#define EXIT_TOOL 125
#define EXIT_CANNOT_RUN 126
#define EXIT_NOT_FOUND 127

/* What the tool does beyond unshare(2). */
enum {
	OPT_FORK = 1 << 0,        /* run the program as a child, supervise */
	OPT_NO_FORK = 1 << 1,     /* never fork, even for --pid */
	OPT_FORWARD = 1 << 2,     /* pass signals on to the child */
	OPT_KILL_CHILD = 1 << 3,  /* the child gets a signal when we die */
	OPT_MOUNT_PROC = 1 << 4,  /* mount a fresh proc */
	OPT_INIT = 1 << 5,        /* a reaping init as pid 1 */
	OPT_MAP_ROOT = 1 << 6,    /* -r */
	OPT_MAP_CURRENT = 1 << 7, /* -c */
	OPT_MAP_USER = 1 << 8,    /* --map-user */
	OPT_MAP_GROUP = 1 << 9,   /* --map-group */
	OPT_MAP_USERS = 1 << 10,  /* --map-users, --map-auto, --map-subids */
	OPT_MAP_GROUPS = 1 << 11, /* --map-groups, --map-auto, --map-subids */
	OPT_OWNER = 1 << 12,      /* --owner */
	OPT_SETGROUPS = 1 << 13,  /* --setgroups */
	OPT_KEEP_CAPS = 1 << 14,  /* --keep-caps */
	OPT_PROPAGATION = 1 << 15, /* --propagation */
	OPT_MOUNT_BINFMT = 1 << 16, /* --mount-binfmt */
	OPT_LOAD_INTERP = 1 << 17, /* --load-interp */
	OPT_MONOTONIC = 1 << 18,  /* --monotonic */
	OPT_BOOTTIME = 1 << 19,   /* --boottime */
	OPT_CLEAR_ENV = 1 << 20,  /* --clear-env, --keep-env */
};

/* --propagation. */
enum { PROP_PRIVATE, PROP_SHARED, PROP_SLAVE, PROP_UNCHANGED };

#define PLAN_MAX_INTERPS 8

/* The options that userns_resolve reads. */
#define OPT_USERNS_SETUP                                                  \
	(OPT_MAP_ROOT | OPT_MAP_CURRENT | OPT_MAP_USER | OPT_MAP_GROUP |  \
	 OPT_MAP_USERS | OPT_MAP_GROUPS | OPT_OWNER | OPT_SETGROUPS)

/* --setgroups. */
enum { SETGROUPS_KEEP, SETGROUPS_ALLOW, SETGROUPS_DENY };

/* Who writes the id maps. */
enum {
	MAP_NONE,     /* no maps */
	MAP_SELF,     /* we do, to /proc/self: only our own id, alone */
	MAP_DIRECT,   /* a helper that stays behind with CAP_SETUID */
	MAP_NEWIDMAP, /* a helper running newuidmap and newgidmap */
};

#define PLAN_MAX_SPECS IDMAP_MAX_EXTENTS
#define NO_ID (-1)

/* A tool-level implication: when one of the options (or flags) that
 * trigger it is in the plan, it adds options and flags. */
struct tool_rule {
	unsigned if_opts;
	unsigned long if_flags;
	unsigned unless_opts;
	unsigned adds_opts;
	unsigned long adds_flags;
	const char *trigger; /* the option, as typed */
	const char *why;
};

#define PLAN_MAX_IMPLIED 8

struct implied {
	const char *what;              /* "--fork", "--mount", ... */
	const struct tool_rule *rule;
};

struct plan {
	unsigned long requested;             /* bits asked for */
	unsigned long effective;             /* closure of requested and
						implied flags */
	struct added why[UNSHARE_NFLAGS];    /* how each added bit came in */
	unsigned opts;                       /* OPT_*, asked and implied */
	struct implied implied[PLAN_MAX_IMPLIED]; /* tool implications */
	size_t nimplied;
	int kill_signal;                     /* with OPT_KILL_CHILD */
	const char *proc_dir;                /* with OPT_MOUNT_PROC */
	/* User namespace set-up: the values as given (read at the end, when
	 * --owner is known; the arrays are at the end of the plan), then the
	 * maps that will be written. */
	size_t n_uid_specs, n_gid_specs;
	const char *map_user_arg, *map_group_arg;
	int map_writer;                      /* MAP_* */
	int setgroups;                       /* SETGROUPS_* */
	long long owner_uid, owner_gid;      /* or NO_ID */
	long long setuid_id, setgid_id;      /* or NO_ID */
	/* Mounts, root, files, clocks, environment. */
	const char *persist[UNSHARE_NFLAGS]; /* FILE of --KIND=FILE */
	int propagation;                     /* PROP_* */
	const char *root_dir, *wd_dir;       /* --root, --wd */
	const char *binfmt_dir;              /* --mount-binfmt */
	const char *interps[PLAN_MAX_INTERPS]; /* --load-interp */
	size_t n_interps;
	struct offset monotonic, boottime;
	const char *keep_env;                /* --keep-env LIST */
	bool verbose;                        /* narrate on stderr */
	bool dry_run;                        /* print the plan, do nothing */
	bool json;                           /* plan and events as JSON */
	bool list;                           /* --list */
	char **argv;                         /* program and arguments, or NULL
						for the user's shell */

	/* Large, and read only up to their counts above (or n): plan_init
	 * leaves them out, since zeroing 14 KiB on every run costs more than
	 * the rest of the parsing. */
	struct idmap uid_map, gid_map;
	const char *uid_specs[PLAN_MAX_SPECS], *gid_specs[PLAN_MAX_SPECS];
};

/* An empty plan: every field as "not given". */
void plan_init(struct plan *plan);

/* Parse the command line into *plan, then resolve it.  argp exits on
 * usage errors, --help and --version, unless flags (argp's) say
 * ARGP_NO_EXIT; then a refusal returns EXIT_TOOL. */
int cli_parse(int argc, char **argv, struct plan *plan, unsigned flags);

/* Apply the tool rules, then the kernel's closure.  Pure. */
void plan_resolve(struct plan *plan);

/* The first combination of options that cannot work, as a message, or
 * NULL.  Pure; call after plan_resolve. */
const char *plan_conflict(const struct plan *plan);

/* The option that sets one OPT_* bit, for messages: "--fork". */
const char *opt_name(unsigned opt);

#endif
