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
#include <sys/types.h>

#include "flags.h"
#include "idmap.h"
#include "offset.h"
#include "words.h"

/* What the tool does beyond unshare(2): a bit each, of a uint64_t. */
#define OPT(n) (UINT64_C(1) << (n))
#define OPT_FORK OPT(0)          /* run the program as a child, supervise */
#define OPT_NO_FORK OPT(1)       /* never fork, even for --pid */
#define OPT_FORWARD OPT(2)       /* pass signals on to the child */
#define OPT_KILL_CHILD OPT(3)    /* the child gets a signal when we die */
#define OPT_MOUNT_PROC OPT(4)    /* mount a fresh proc */
#define OPT_INIT OPT(5)          /* a reaping init as pid 1 */
#define OPT_MAP_ROOT OPT(6)      /* -r */
#define OPT_MAP_CURRENT OPT(7)   /* -c */
#define OPT_MAP_USER OPT(8)      /* --map-user */
#define OPT_MAP_GROUP OPT(9)     /* --map-group */
#define OPT_MAP_USERS OPT(10)    /* --map-users, --map-auto, --map-subids */
#define OPT_MAP_GROUPS OPT(11)   /* --map-groups, --map-auto, --map-subids */
#define OPT_OWNER OPT(12)        /* --owner */
#define OPT_SETGROUPS OPT(13)    /* --setgroups */
#define OPT_KEEP_CAPS OPT(14)    /* --keep-caps */
#define OPT_PROPAGATION OPT(15)  /* --propagation */
#define OPT_MOUNT_BINFMT OPT(16) /* --mount-binfmt */
#define OPT_LOAD_INTERP OPT(17)  /* --load-interp */
#define OPT_MONOTONIC OPT(18)    /* --monotonic */
#define OPT_BOOTTIME OPT(19)     /* --boottime */
#define OPT_CLEAR_ENV OPT(20)    /* --clear-env, --keep-env */
#define OPT_DRY_RUN OPT(21)      /* print the plan, do nothing */
#define OPT_LIST OPT(22)         /* --list */
#define OPT_JSON OPT(23)         /* plan and events as JSON */
#define OPT_VERBOSE OPT(24)      /* narrate on stderr */
#define OPT_LOOPBACK OPT(25)     /* lo up in the new network namespace */
#define OPT_OUTPUT OPT(26)       /* --output: --list's columns */
#define OPT_NOHEADINGS OPT(27)   /* --list without its heading */
#define OPT_RAW OPT(28)          /* --list unaligned, a row a line */
#define OPT_NEW_CGROUP OPT(29)   /* a cgroup of the run's own */
#define OPT_MOUNT_CGROUP OPT(30) /* mount cgroup2 in the new namespaces */
#define OPT_HOSTNAME OPT(31)     /* --hostname */
#define OPT_DOMAINNAME OPT(32)   /* --domainname */
#define OPT_ROOT OPT(33)         /* --root: chroot */
#define OPT_PIVOT_ROOT OPT(34)   /* --pivot-root: pivot_root */
#define OPT_INFO_FD OPT(35)      /* the pid and namespaces to FD */
#define OPT_PID_FILE OPT(36)     /* the pid in FILE */
#define OPT_WAIT_FD OPT(37)      /* a byte on FD before the exec */
#define OPT_NO_NEW_PRIVS OPT(38) /* PR_SET_NO_NEW_PRIVS */
#define OPT_MOUNT_DEV OPT(39)    /* a minimal /dev */
#define OPT_TMPFS OPT(40)        /* --tmpfs */
#define OPT_MOUNT_SYSFS OPT(41)  /* a sysfs of the network namespace */
#define OPT_BIND OPT(42)         /* --bind, --ro-bind */
#define OPT_DIE_WITH_PARENT OPT(43) /* a signal when our parent ends */
#define OPT_SYSCTL OPT(44)       /* --sysctl */
#define OPT_DISABLE_USERNS OPT(45) /* the program makes no user namespace */

/* What --list lists. */
enum { LIST_FLAGS, LIST_OPTIONS, LIST_STEPS };

/* Where --mount-binfmt mounts without a DIR. */
#define BINFMT_DEFAULT "/proc/sys/fs/binfmt_misc"

#define PLAN_MAX_SPECS IDMAP_MAX_EXTENTS

/* The inner id -c gives: ours, whatever it is by then. */
extern const char map_current[];
#define NO_ID (-1)

#define PLAN_MAX_IMPLIED 8

/* The rows the option table may have: a bit each in plan.given. */
#define PLAN_MAX_ROWS 128

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
	uint64_t opts;                       /* OPT_*, asked and implied */
	uint64_t given[PLAN_MAX_ROWS / 64];  /* the options met, a bit a
						row of the option table */
	struct implied implied[PLAN_MAX_IMPLIED]; /* tool implications */
	size_t nimplied;
	int kill_signal;                     /* with OPT_KILL_CHILD */
	int parent_signal;                   /* with OPT_DIE_WITH_PARENT */
	bool parent_signal_given;            /* --die-with-parent=SIG, not
						bare (KILL) */
	int list;                            /* with OPT_LIST: LIST_* */
	int verbosity;                       /* how many --verbose */
	const char *list_columns;            /* with OPT_OUTPUT, as given */
	const char *proc_dir;                /* with OPT_MOUNT_PROC */
	const char *dev_dir;                 /* with OPT_MOUNT_DEV */
	const char *sysfs_dir;               /* with OPT_MOUNT_SYSFS */
	char *bind_srcs[MAX_BINDS];          /* --bind's SRCs, malloc'd, */
	const char *bind_dsts[MAX_BINDS];    /* their DSTs (SRC's path), */
	bool bind_ro[MAX_BINDS];             /* and --ro-bind's */
	size_t n_binds;
	const char *sysctls[MAX_SYSCTLS];    /* --sysctl's KEY=VALUE */
	size_t n_sysctls;
	char *tmpfs_dirs[MAX_TMPFS];         /* --tmpfs's DIRs, malloc'd, */
	const char *tmpfs_options[MAX_TMPFS]; /* and their OPTIONS, or
						 NULL */
	size_t n_tmpfs;
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
	uid_t self_uid;                      /* --owner's ids, or ours: */
	gid_t self_gid;                      /* the program's outside,
						before --setuid, --setgid */
	long long setuid_id, setgid_id;      /* or NO_ID */
	struct idmap uid_map, gid_map;
	/* Mounts, root, files, clocks, environment. */
	const char *persist[UNSHARE_NFLAGS]; /* FILE of --KIND=FILE */
	int propagation;                     /* PROP_* */
	const char *root_dir, *wd_dir;       /* --root, --wd */
	const char *pivot_dir;               /* --pivot-root */
	const char *hostname, *domainname;   /* --hostname, --domainname */
	int info_fd, wait_fd;                /* --info-fd, --wait-fd, or -1 */
	const char *pid_file;                /* --pid-file */
	const char *binfmt_dir;              /* --mount-binfmt */
	const char **interps;                /* --load-interp, malloc'd */
	size_t n_interps;
	struct offset monotonic, boottime;
	const char **keep_env;               /* --keep-env LISTs, malloc'd */
	size_t n_keep_env;
	char **argv;                         /* program and arguments, or NULL
						for the user's shell */
	const char *bare_ns;                 /* the long option of an
						optional value (--net,
						--mount-proc) argv came
						right after,
						given bare (--net /tmp/x),
						or NULL */
	/* What the steps take from the system, read once when the plan is
	 * checked (plan_refusal), so that plan_steps reads nothing. */
	struct {
		/* --new-cgroup, --mount-cgroup: the cgroup2 hierarchy's
		 * mount point and the caller's cgroup in it, if found (else
		 * cgroup_error says why: an errno, or 0 for none)... */
		bool cgroup_found;
		int cgroup_error;
		const char *cgroup_mount, *cgroup_parent;
		/* ...and the new cgroup's name.  (In static buffers of
		 * resolve.c: a run that takes no cgroup does not clear
		 * them.) */
		const char *cgroup_name;
		/* Without a program: the shell, and where it came from (a
		 * message marked N_()). */
		const char *shell, *shell_source;
	} found;
};

/* Whether row i of the option table was given; mark it given. */
static inline bool plan_given(const struct plan *plan, size_t i)
{
	return plan->given[i / 64] >> (i % 64) & 1;
}

static inline void plan_give(struct plan *plan, size_t i)
{
	plan->given[i / 64] |= UINT64_C(1) << (i % 64);
}

/* An empty plan: every field as "not given". */
void plan_init(struct plan *plan);

/* What the plan allocated (the values of repeatable options, the maps),
 * freed: it is empty again.  A run never needs it (exec and exit free
 * all); a program that makes many plans does. */
void plan_free(struct plan *plan);

/* Append value to a list of n values (malloc'd, grown by one).  0, or
 * -1 if there is no memory. */
int plan_append(const char ***list, size_t *n, const char *value);

/* Whether one of n --keep-env lists names the variable. */
bool env_kept(const char *const *lists, size_t n, const char *name);

#endif
