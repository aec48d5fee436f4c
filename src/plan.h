/* The plan: everything the command line asked for, worked out before
 * anything is done.  One struct, filled by the parser and passed down.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PLAN_H
#define UNSHARE_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flags.h"
#include "idmap.h"
#include "offset.h"
#include "words.h"

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
	OPT_DRY_RUN = 1 << 21,    /* print the plan, do nothing */
	OPT_LIST = 1 << 22,       /* --list */
	OPT_JSON = 1 << 23,       /* plan and events as JSON */
	OPT_VERBOSE = 1 << 24,    /* narrate on stderr */
	OPT_LOOPBACK = 1 << 25,   /* lo up in the new network namespace */
	OPT_OUTPUT = 1 << 26,     /* --output: --list's columns */
	OPT_NOHEADINGS = 1 << 27, /* --list without its heading */
	OPT_RAW = 1 << 28,        /* --list unaligned, a row a line */
	OPT_NEW_CGROUP = 1 << 29, /* a cgroup of the run's own */
	OPT_MOUNT_CGROUP = 1 << 30, /* mount cgroup2 in the new namespaces */
};

/* What --list lists. */
enum { LIST_FLAGS, LIST_OPTIONS, LIST_STEPS };

/* Where --mount-binfmt mounts without a DIR. */
#define BINFMT_DEFAULT "/proc/sys/fs/binfmt_misc"

#define PLAN_MAX_SPECS IDMAP_MAX_EXTENTS

/* The inner id -c gives: ours, whatever it is by then. */
extern const char map_current[];
#define NO_ID (-1)

#define PLAN_MAX_IMPLIED 8

struct option_row;

/* An option or flag that another option brought in. */
struct implied {
	const struct option_row *option; /* the option added, or NULL */
	int flag;                        /* else the flag's index */
	const struct option_row *by;     /* the option whose row implies it */
};

struct plan {
	unsigned long requested;             /* bits asked for */
	unsigned long effective;             /* closure of requested and
						implied flags */
	struct added why[UNSHARE_NFLAGS];    /* how each added bit came in */
	unsigned opts;                       /* OPT_*, asked and implied */
	uint64_t given;                      /* the options met, a bit a
						row of the option table */
	struct implied implied[PLAN_MAX_IMPLIED]; /* tool implications */
	size_t nimplied;
	int kill_signal;                     /* with OPT_KILL_CHILD */
	int list;                            /* with OPT_LIST: LIST_* */
	int verbosity;                       /* how many --verbose */
	const char *list_columns;            /* with OPT_OUTPUT, as given */
	const char *proc_dir;                /* with OPT_MOUNT_PROC */
	const char *cgroup_name;             /* --new-cgroup's, or NULL */
	const char *cgroup_dir;              /* --mount-cgroup's, or NULL */
	const char **cgroup_sets;            /* --cgroup-set's FILE=VALUE,
						malloc'd */
	size_t n_cgroup_sets;
	/* User namespace set-up: the values as given, read once the
	 * identity is known (maps_resolve), then the maps that will be
	 * written. */
	const char *map_user_arg, *map_group_arg; /* the inner id of our
						own: "0" for -r, map_current
						for -c, or --map-user's */
	const char *owner_arg;
	const char *setuid_arg, *setgid_arg;
	size_t n_uid_specs, n_gid_specs;
	const char **uid_specs, **gid_specs;  /* malloc'd, as given */
	enum map_writer map_writer;
	int setgroups;                       /* SETGROUPS_* */
	long long owner_uid, owner_gid;      /* or NO_ID */
	long long setuid_id, setgid_id;      /* or NO_ID */
	struct idmap uid_map, gid_map;
	/* Mounts, root, files, clocks, environment. */
	const char *persist[UNSHARE_NFLAGS]; /* FILE of --KIND=FILE */
	int propagation;                     /* PROP_* */
	const char *root_dir, *wd_dir;       /* --root, --wd */
	const char *binfmt_dir;              /* --mount-binfmt */
	const char **interps;                /* --load-interp, malloc'd */
	size_t n_interps;
	struct offset monotonic, boottime;
	const char **keep_env;               /* --keep-env LISTs, malloc'd */
	size_t n_keep_env;
	char **argv;                         /* program and arguments, or NULL
						for the user's shell */
	const char *bare_ns;                 /* the long namespace option
						argv came right after,
						given bare (--net /tmp/x),
						or NULL */
};

/* An empty plan: every field as "not given". */
void plan_init(struct plan *plan);

/* What the plan allocated (the values of repeatable options, the maps),
 * freed: it is empty again.  A run never needs it (exec and exit free
 * all); a program that makes many plans does. */
void plan_free(struct plan *plan);

/* Append value to a list of n values (malloc'd, grown by one).  0, or
 * -1 if there is no memory. */
int plan_append(const char ***list, size_t *n, const char *value);

#endif
