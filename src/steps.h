/* The steps of a run: what happens around unshare(2), in the order it
 * happens, each a kind and the values it works with.  Worked out once
 * from the plan (plan_steps, steps.c); after that a step is the program:
 * main runs each through its kind's row of the step table (kinds.c),
 * which is handed the step and what earlier steps left (struct run),
 * never the plan, and the text and JSON of --dry-run and --verbose print
 * each through the same row.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_STEPS_H
#define UNSHARE_STEPS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "flags.h"
#include "idmap.h"
#include "offset.h"

/* The kinds, in the order a run takes them (an F interpreter's
 * registration comes twice: before the chroot, and after binfmt). */
enum step_kind {
	STEP_CGROUP_MAKE,  /* a cgroup of the run's own, before anything */
	STEP_BIND_HELPER,  /* start the helper that keeps namespaces in
			      their files, in the caller's namespaces */
	STEP_MAP_HELPER,   /* start the helper that writes the id maps from
			      outside */
	STEP_OWNER,        /* take on --owner's ids, before unshare(2) */
	STEP_DUMPABLE,     /* dumpable again after that change of ids */
	STEP_UNSHARE,      /* unshare(2) itself */
	STEP_SETGROUPS,    /* /proc/PID/setgroups */
	STEP_UID_MAP,      /* /proc/PID/uid_map, or newuidmap */
	STEP_GID_MAP,      /* /proc/PID/gid_map, or newgidmap */
	STEP_CLOCKS,       /* the clock offsets of a new time namespace */
	STEP_LOOPBACK,     /* lo up, and ping allowed, in a new network
			      namespace */
	STEP_PROPAGATION,  /* / and every mount under it */
	STEP_SIGNALS,      /* what the parent does with signals while it
			      waits: blocked from before the fork */
	STEP_FORK,         /* the program runs as a child; we wait */
	STEP_KILL_CHILD,   /* the child's parent-death signal */
	STEP_CGROUP_ENTER, /* the child enters the new cgroup and unshares
			      its cgroup namespace there */
	STEP_BINFMT_EARLY, /* binfmt_misc made before the chroot, mounted
			      nowhere yet, for F interpreters */
	STEP_ROOT,         /* chroot */
	STEP_WD,           /* chdir */
	STEP_PROC_PRIVATE, /* the directory of proc cut off from the
			      caller's mounts first */
	STEP_PROC,         /* mount proc */
	STEP_BINFMT,       /* mount binfmt_misc */
	STEP_CGROUP_PRIVATE, /* the directory of cgroup2 cut off from the
				caller's mounts first */
	STEP_CGROUP_MOUNT, /* mount the cgroup2 hierarchy of the new cgroup
			      namespace */
	STEP_INTERP,       /* register one interpreter */
	STEP_SETGID,
	STEP_KEEPCAPS,     /* PR_SET_KEEPCAPS: capabilities through setuid */
	STEP_SETUID,
	STEP_KEEP_CAPS,    /* the permitted capabilities made ambient */
	STEP_PERSIST,      /* keep the namespaces in their files */
	STEP_ENVIRONMENT,  /* --clear-env, --keep-env */
	STEP_INIT,         /* become the init of a new pid namespace */
	STEP_EXEC,         /* the program, or the shell; always last */
	STEP_NKINDS
};

/* Who writes the id maps. */
enum map_writer {
	MAP_NONE,     /* no maps (setgroups alone, if that) */
	MAP_SELF,     /* we do, to /proc/self: only our own id, alone */
	MAP_DIRECT,   /* a helper that stays behind with CAP_SETUID */
	MAP_NEWIDMAP, /* a helper running newuidmap and newgidmap */
};

/* --setgroups. */
enum { SETGROUPS_KEEP, SETGROUPS_ALLOW, SETGROUPS_DENY };

/* One step and the values it works with; the strings and maps are the
 * plan's, which outlives the steps. */
struct step {
	enum step_kind kind;
	union {
		struct {
			const char *const *files; /* FILE by flag index, or
						     NULL */
			bool reaped; /* bind-helper: a parent that waits
					(--fork) reaps it */
		} bind; /* bind-helper, persist */
		struct {
			const char *name;   /* the new cgroup's */
			const char *parent; /* the directory it is made in:
					       the caller's cgroup, or NULL
					       if there is no cgroup2 */
			int error; /* parent NULL: the errno of reading
				      where it is, or 0 (there is none) */
		} cgroup; /* cgroup-make, cgroup-enter */
		struct {
			enum map_writer writer;
			int setgroups; /* SETGROUPS_* */
			const struct idmap *uid, *gid; /* empty ones too */
		} helper;     /* map-helper: what it will write */
		struct {
			long long uid, gid;
		} owner;
		struct {
			unsigned long mask;  /* the flags */
			unsigned long named; /* --verbose: those whose sharing
						is reported */
		} unshare;
		struct {
			enum map_writer writer;
			int setgroups;           /* setgroups: SETGROUPS_* */
			const struct idmap *map; /* uid-map, gid-map */
			bool last;               /* the helper's last task:
						    it is then reaped */
		} maps;
		struct {
			const struct offset *monotonic, *boottime; /* or NULL */
		} clocks;
		struct {
			bool ping;             /* let some groups ping */
			uint32_t low, high;    /* those groups */
		} loopback;
		int propagation; /* PROP_* */
		bool forward;    /* signals: pass them on, or ignore some */
		struct {
			bool init;       /* the child will be the init */
			bool kill_child; /* a kill-child step will arm it */
		} fork;
		struct {
			int signal;
			bool again;  /* after a change of ids, which disarms */
			bool spared; /* as pid 1, the program ignores it unless
					it handles it */
		} kill;
		struct {
			const char *path;
			const char *root; /* wd: --root's, or NULL */
			bool given;       /* wd: --wd's, not --root's / */
			bool undo;        /* proc, binfmt: seen outside, so
					     undone if a later step fails */
		} dir; /* root, wd, proc-private, proc, binfmt,
			  cgroup-private, cgroup-mount */
		struct {
			const char *string; /* as given to --load-interp */
			bool early;         /* registered before the chroot */
			const char *where;  /* binfmt's directory, or NULL */
		} interp;
		struct {
			long long id;
			bool denied; /* setgid: setgroups denied by us */
			bool keep_admin; /* setuid: CAP_SYS_ADMIN kept,
					    permitted alone, to undo a mount
					    seen outside */
		} id; /* setgid, setuid */
		struct {
			const char *const *lists; /* --keep-env LISTs */
			size_t n;
		} env;
		struct {
			char *const *argv;  /* the program and its arguments, or
					       NULL for the shell */
			const char *path;   /* what is run: argv[0], searched on
					       PATH, or the shell's path */
			const char *source; /* where the shell came from (a
					       message marked N_()), or NULL */
		} exec;
	};
};

struct sharing;

/* What the steps of a run hand on to later ones. */
struct run {
	pid_t map_helper;             /* writes the maps from outside */
	int map_ask, map_answer;      /* its pipes: a task, then 0 or 1 */
	int bind_sock;                /* the helper binding the namespaces'
					 files */
	ino_t before[UNSHARE_NFLAGS]; /* --verbose: inodes before */
	struct sharing *sharers;      /* --verbose: who shared before */
	sigset_t wait_set, saved_mask; /* signals: what the parent waits
					  for, and the mask before */
	bool forward;                 /* signals: passed on */
	int report_fd;                /* the init reports the program's
					 status here */
	int alive_fd;                 /* --kill-child: end of file once the
					 parent is gone */
	int binfmt_fd;                /* the binfmt_misc to register in */
	int cgroup_dir;               /* cgroup-make: where it made the */
	const char *cgroup_name;      /* new cgroup, by this name */
	struct sigaction chld;        /* SIGCHLD as the caller gave it, for
					 the exec to put back */
};

#define RUN_INIT                                                  \
	{ .map_helper = -1, .map_ask = -1, .map_answer = -1,      \
	  .bind_sock = -1, .report_fd = -1, .alive_fd = -1,       \
	  .binfmt_fd = -1, .cgroup_dir = -1 }

#endif
