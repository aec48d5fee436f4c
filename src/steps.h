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
#include "words.h"

/* The kinds, in the order a run takes them: kinds.def. */
enum step_kind {
#define KIND(NAME) STEP_##NAME,
#include "kinds.def"
#undef KIND
	STEP_NKINDS
};

/* One step and the values it works with; the strings and maps are the
 * plan's, which outlives the steps. */
struct step {
	enum step_kind kind;
	struct {
		const char *path; /* this step's path (a directory, the
				     program) */
		const char *by;   /* the directory of an earlier step's
				     mount that it lies under */
	} covered; /* --dry-run (steps_covered): what the run finds there
		      is that mount's, or NULLs */
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
			const char *const *sets; /* cgroup-set, cgroup-enter:
						    FILE=VALUE */
			size_t n_sets;
			bool alone; /* cgroup-enter: no unshare step */
			bool for_set; /* cgroup-make: its directory kept for
					 cgroup-set */
			bool into; /* cgroup-make: and for the fork, which
				      makes the child in it */
		} cgroup; /* cgroup-make, cgroup-set, cgroup-enter */
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
			unsigned long later; /* --dry-run: flags a later step
						unshares (cgroup-enter) */
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
			int handoff[2];  /* --info-fd's and --wait-fd's FD, or
					    -1: the program's, which the
					    process that waits closes */
		} fork; /* fork, init */
		struct {
			int signal;
			bool again;  /* after a change of ids, which disarms */
			bool spared; /* as pid 1, the program ignores it unless
					it handles it */
		} kill;
		struct {
			const char *path;
			const char *root; /* after root, pivot-root: the
					     new root, as given, or NULL */
			const char *root_option; /* its option's name */
			const char *options; /* tmpfs: its options, or
						NULL; bind: SRC */
			int slot;         /* bind-source, bind: which */
			bool read_only;   /* bind-source, bind: --ro-bind */
			bool given;       /* wd: --wd's, not --root's / */
			bool undo;        /* proc, binfmt: seen outside, so
					     undone if a later step fails */
			const char *base; /* --dry-run: the new root (--root's
					     or --pivot-root's) the path is
					     in, or NULL for / */
			const char *wd;   /* --dry-run: --wd's directory, a
					     relative path's start, or
					     NULL */
			bool again;       /* its directory walked by the step
					     before (proc-private) */
			bool userns;      /* in a new user namespace */
			bool pidns;       /* proc: in a new pid namespace */
			bool unmapped;    /* dev: our uid or gid has no id
					     in the new user namespace,
					     where we then make no file */
			const struct idmap *uid_map; /* the new user
					     namespace's, through which
					     the run sees a link's owner,
					     or NULL without one */
		} dir; /* root, pivot-root, wd, proc-private, proc, binfmt,
			  cgroup-private, cgroup-mount, dev, tmpfs, sysfs,
			  bind-source, bind */
		struct {
			const char *string; /* as given to --load-interp */
			bool early;         /* registered before the chroot */
		} interp;
		struct {
			long long id;
			bool denied; /* setgid: setgroups denied by us */
			bool keep_admin; /* setuid: CAP_SYS_ADMIN kept,
					    permitted alone, to undo a mount
					    seen outside */
			const struct idmap *map; /* the new user namespace's
						    map of these ids, or
						    NULL without one */
		} id; /* setgid, setuid */
		struct {
			const char *const *lists; /* --keep-env LISTs */
			size_t n;
		} env;
		const char *name; /* hostname, domainname */
		struct {
			int fd;           /* info-fd, wait-fd: the FD */
			const char *file; /* hand-off, pid-file: FILE, or
					     NULL */
			bool init;        /* info-fd: the init's pid too */
			bool kept;        /* info-fd: the FD is --wait-fd's
					     too, closed after the wait */
			const struct idmap *uid_map, *gid_map; /* pid-file:
					     the maps of the new user
					     namespace the parent that
					     writes FILE is in, or NULL */
		} handoff; /* hand-off, info-fd, pid-file, wait-fd */
		struct {
			char *const *argv;  /* the program and its arguments, or
					       NULL for the shell */
			const char *path;   /* what is run: argv[0], searched on
					       PATH, or the shell's path */
			const char *source; /* where the shell came from (a
					       message marked N_()), or NULL */
			const char *root;   /* the new root, or NULL */
			const char *root_option; /* its option's name */
			bool default_path;  /* the environment cleared, PATH
					       not kept: DEFAULT_PATH */
			long long uid, gid; /* --dry-run: the ids it runs as,
					       as the file system outside
					       sees them (-1: one a new
					       user namespace maps not) */
			const char *bare_ns; /* the option of an optional
						value, as "net", that argv[0]
						came right after, given bare
						(--net /tmp/x), or NULL */
		} exec;
	};
};

struct sharing;

/* What the steps of a run hand on to later ones, by concern. */
struct run {
	struct {
		pid_t map;            /* writes the maps from outside */
		int map_ask, map_answer; /* its pipes: a task, then 0 or
					    why */
		int bind_sock;        /* the helper binding the namespaces'
					 files */
	} helpers;
	struct {
		ino_t before[UNSHARE_NFLAGS]; /* inodes before */
		struct sharing *sharers;      /* who shared before */
	} narration; /* --verbose */
	struct {
		sigset_t wait_set, saved_mask; /* signals: what the parent
						  waits for, and the mask
						  before */
		bool forward;         /* signals: passed on */
		int report_fd;        /* the init reports the program's
					 status here */
		int alive_fd;         /* --kill-child: end of file once the
					 parent is gone */
		struct sigaction chld; /* SIGCHLD as the caller gave it,
					  for the exec to put back */
		pid_t parent;         /* the caller: our parent at the
					 start */
	} supervise;
	struct {
		int dir;              /* cgroup-make: the new cgroup, for
					 cgroup-set */
		int sock;             /* cgroup-make: our end of the talk
					 with its watcher */
		bool entered;         /* the child was made in it by the
					 fork */
	} cgroup;
	struct {
		int binfmt_fd;        /* the binfmt_misc to register in */
		int dir_fd;           /* a mount's directory, walked once */
		int binds[MAX_BINDS]; /* bind-source: the copies, for bind */
		const char *dir_path; /* for the step of this path */
		int old_root;         /* pivot-root: the old root, until
					 old-root detaches it */
	} mounts;
	struct {
		int proc_fd;          /* the caller's /proc */
		int pid_dir;          /* the pid file's directory, */
		const char *pid_name; /* its name there, */
		int pid_sock[2];      /* and the parent's end of the talk
					 about it, and the child's */
	} handoff;
};

#define RUN_INIT                                                         \
	{ .helpers = { .map = -1, .map_ask = -1, .map_answer = -1,       \
		       .bind_sock = -1 },                                \
	  .supervise = { .report_fd = -1, .alive_fd = -1 },              \
	  .cgroup = { .dir = -1, .sock = -1 },                           \
	  .mounts = { .binfmt_fd = -1, .dir_fd = -1, .old_root = -1 },   \
	  .handoff = { .proc_fd = -1, .pid_dir = -1,                     \
		       .pid_sock = { -1, -1 } } }

/* One of each kind of step, kill-child twice, and a step for each
 * --load-interp and --tmpfs, two for each --bind. */
#define STEPS_MAX                                                       \
	(STEP_NKINDS + 1 + MAX_INTERPS + MAX_TMPFS + 2 * MAX_BINDS +     \
	 MAX_SYSCTLS)

/* What a run does, in order: made from the plan once (plan_steps), then
 * run and printed without it. */
struct steps {
	struct step step[STEPS_MAX];
	size_t n;
};

/* What --dry-run foresees of a step, without doing it (a predict
 * function of the step table): the errno it would fail with, what it
 * would fail on (its values, as its failure names them) and why, or what
 * to do. */
struct prediction {
	const struct step *step; /* which (the caller's) */
	int err;          /* 0: refused with no errno (a link of another
			     user's) */
	bool unsure;      /* it cannot tell without doing the step: not a
			     failure, said as "cannot tell" */
	char value[512];  /* what it would fail on, as given (JSON) */
	char what[512];
	char hint[512];
};

/* The plan is the parser's: a step's values are all a runner sees. */
struct plan;

/* The steps of a run, in their order, from a plan resolved and checked
 * (plan_refusal, which read what they take from the system: the
 * cgroup, the shell).  Pure: values into steps.  The one reader of the
 * plan on this side. */
void plan_steps(const struct plan *plan, struct steps *steps);

#endif
