/* The steps of a run: what happens around unshare(2), in the order it
 * happens, each a kind and its values.  Worked out once, with the plan
 * (plan_steps); main carries them out one by one, and the plan's text
 * and JSON describe the same list, so what --dry-run shows is what runs.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_STEPS_H
#define UNSHARE_STEPS_H

#include <stdbool.h>
#include <stddef.h>

#include "idmap.h"
#include "offset.h"

enum step_kind {
	STEP_OWNER,       /* take on --owner's ids, before unshare(2) */
	STEP_UNSHARE,     /* unshare(2) itself */
	STEP_MAPS,        /* setgroups and the id maps */
	STEP_CLOCKS,      /* the clock offsets of a new time namespace */
	STEP_LOOPBACK,    /* lo up, and ping allowed, in a new network
			     namespace */
	STEP_PROPAGATION, /* / and every mount under it */
	STEP_FORK,        /* the program runs as a child; we wait */
	STEP_BINFMT_EARLY, /* binfmt_misc made before the chroot, mounted
			      nowhere yet, for F interpreters */
	STEP_ROOT,        /* chroot */
	STEP_WD,          /* chdir */
	STEP_PROC,        /* mount proc */
	STEP_BINFMT,      /* mount binfmt_misc */
	STEP_INTERP,      /* register one interpreter */
	STEP_SETGID,
	STEP_SETUID,
	STEP_REARM,       /* --kill-child again: a change of ids disarms it */
	STEP_KEEP_CAPS,
	STEP_PERSIST,     /* keep the namespaces in their files */
	STEP_ENVIRONMENT, /* --clear-env, --keep-env */
	STEP_INIT,        /* become the init of a new pid namespace */
	STEP_EXEC,        /* the program, or the shell; always last */
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
			long long uid, gid;
		} owner;
		unsigned long mask; /* unshare */
		struct {
			enum map_writer writer;
			int setgroups; /* SETGROUPS_* */
			const struct idmap *uid, *gid; /* empty ones too */
		} maps;
		struct {
			const struct offset *monotonic, *boottime; /* or NULL */
		} clocks;
		int propagation; /* PROP_* */
		struct {
			bool forward;    /* pass signals on, or ignore some */
			int kill_signal; /* with --kill-child, or 0 */
			bool init;       /* the child will be the init */
		} fork;
		int kill_signal; /* rearm */
		const char *path; /* root, wd, proc, binfmt */
		struct {
			const char *string; /* as given to --load-interp */
			bool early;         /* registered before the chroot */
		} interp;
		long long id; /* setuid, setgid */
		const char *const *persist; /* FILE by flag index, or NULL */
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

#endif
