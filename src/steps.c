/* The steps of a run, worked out from the plan, in the order main takes
 * them: plan_steps is the order of operations.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "steps.h"

/* An F interpreter ("fix binary"): the kernel opens the interpreter when
 * it is registered, at its path as the writer sees it. */
static bool fixed(const char *interp)
{
	const char *flags = strrchr(interp, ':');

	return flags && strchr(flags, 'F');
}

/* A step more; STEPS_MAX counts each kind's most. */
static struct step *add(struct steps *steps, enum step_kind kind)
{
	struct step *s;

	if (steps->n == STEPS_MAX)
		abort(); /* a kind added more often than STEPS_MAX allows */
	s = &steps->step[steps->n++];

	*s = (struct step){ .kind = kind };
	return s;
}

static void add_interps(const struct plan *plan, struct steps *steps,
			bool early)
{
	for (size_t i = 0; i < plan->n_interps; i++) {
		/* With --root or --pivot-root, an F interpreter is opened
		 * outside it: before (a qemu-user for a foreign root). */
		bool before = (plan->root_dir || plan->pivot_dir) &&
			      fixed(plan->interps[i]);
		struct step *s;

		if (before != early)
			continue;
		s = add(steps, STEP_INTERP);
		s->interp.string = plan->interps[i];
		s->interp.early = early;
	}
}

/* A step of the id maps, written by us or through the helper. */
static struct step *add_map(const struct plan *plan, struct steps *steps,
			    enum step_kind kind,
			    const struct idmap *map)
{
	struct step *s = add(steps, kind);

	s->maps.writer = plan->map_writer;
	s->maps.setgroups = plan->setgroups;
	s->maps.map = map;
	return s;
}

/* A directory step: root, pivot-root, wd, and the mounts on a
 * directory. */
static struct step *add_dir(const struct plan *plan, struct steps *steps,
			    enum step_kind kind, const char *path)
{
	struct step *s = add(steps, kind);

	s->dir.path = path;
	if (kind != STEP_ROOT && kind != STEP_PIVOT_ROOT) {
		s->dir.root = plan->root_dir ? plan->root_dir : plan->pivot_dir;
		s->dir.root_option = plan->root_dir ? "root" : "pivot-root";
	}
	/* A mount made in our new mount namespace propagates to the
	 * caller's, where it must not outlive a failure; but not from a
	 * mount namespace of a new user namespace, whose mounts the kernel
	 * makes slaves of the caller's (nor could one be undone after
	 * disable-userns). */
	s->dir.undo = (plan->propagation == PROP_SHARED ||
		       plan->propagation == PROP_UNCHANGED) &&
		      !(plan->effective & UNSHARE_USER);
	s->dir.userns = plan->effective & UNSHARE_USER;
	s->dir.uid_map = s->dir.userns ? &plan->uid_map : NULL;
	s->dir.pidns = plan->effective & UNSHARE_PID;
	/* A relative path after --wd starts from its directory. */
	if (*path != '/' && plan->wd_dir && kind != STEP_WD &&
	    kind != STEP_ROOT && kind != STEP_PIVOT_ROOT) {
		s->dir.wd = plan->wd_dir;
		path = plan->wd_dir;
		kind = STEP_WD;
	}
	/* After --root or --pivot-root, a path is in the new root; one
	 * relative to the working directory too, which is then its /
	 * (unless --wd moves it); --wd's own after --pivot-root alone
	 * (after --root's chroot(2), the working directory stays). */
	if (kind != STEP_ROOT && kind != STEP_PIVOT_ROOT &&
	    (*path == '/' || (kind != STEP_WD && plan->wd_dir == NULL) ||
	     (kind == STEP_WD && plan->pivot_dir)))
		s->dir.base = plan->root_dir ? plan->root_dir
					     : plan->pivot_dir;
	return s;
}

/* Whether a step so far makes a mount that a failure must undo (it is
 * seen outside), which takes CAP_SYS_ADMIN. */
static bool undoes_mounts(const struct steps *steps)
{
	for (size_t i = 0; i < steps->n; i++) {
		const struct step *s = &steps->step[i];

		if ((s->kind == STEP_PROC || s->kind == STEP_BINFMT ||
		     s->kind == STEP_CGROUP_MOUNT) && s->dir.undo)
			return true;
	}
	return false;
}

static bool any_file(const struct plan *plan)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			return true;
	return false;
}

/* The id the program runs as, as seen outside: given (by --setuid or
 * --setgid), in a new user namespace of map through it (-1 if it maps
 * it not); else self's (--owner's, or ours). */
static long long outer_id(long long given, long long self,
			  const struct idmap *map)
{
	if (given == NO_ID)
		return self;
	if (map == NULL)
		return given;
	for (size_t i = 0; i < map->n; i++)
		if ((uint32_t)given - map->ext[i].inner < map->ext[i].count)
			return map->ext[i].outer +
			       ((uint32_t)given - map->ext[i].inner);
	return -1;
}

void plan_steps(const struct plan *plan, struct steps *steps)
{
	bool new_cgroup = plan->opts & OPT_NEW_CGROUP,
	     found_cgroup = plan->found.cgroup_found,
	     userns = plan->effective & UNSHARE_USER,
	     helper = plan->map_writer == MAP_DIRECT ||
		      plan->map_writer == MAP_NEWIDMAP,
	     early_interps = false, files = any_file(plan),
	     new_root = plan->root_dir || plan->pivot_dir,
	     kill_child = plan->opts & OPT_KILL_CHILD;
	struct step *s, *last_map = NULL;
	int kill_signal = plan->kill_signal;

	steps->n = 0;
	/* A cgroup of our own first: refused unless we may make one, before
	 * anything else is made. */
	if (new_cgroup) {
		s = add(steps, STEP_CGROUP_MAKE);
		s->cgroup.name = plan->found.cgroup_name;
		s->cgroup.parent = found_cgroup ? plan->found.cgroup_parent
						: NULL;
		s->cgroup.error = plan->found.cgroup_error;
		/* The fork makes the child in it, as we are then: as the
		 * caller, unless we took on --owner's ids. */
		s->cgroup.into = !(plan->opts & OPT_OWNER);
		if (plan->n_cgroup_sets) {
			struct step *set = add(steps, STEP_CGROUP_SET);

			set->cgroup = s->cgroup;
			set->cgroup.sets = plan->cgroup_sets;
			set->cgroup.n_sets = plan->n_cgroup_sets;
			s->cgroup.for_set = true;
		}
	}
	/* The helpers start in the caller's namespaces, before anything
	 * changes. */
	if (files) {
		s = add(steps, STEP_BIND_HELPER);
		s->bind.files = plan->persist;
		s->bind.reaped = plan->opts & OPT_FORK;
	}
	if (userns && helper) {
		s = add(steps, STEP_MAP_HELPER);
		s->helper.writer = plan->map_writer;
		s->helper.setgroups = plan->setgroups;
		s->helper.uid = &plan->uid_map;
		s->helper.gid = &plan->gid_map;
	}
	/* What the hand-off at the end reads and writes, opened while we are
	 * still the caller: its /proc (disable-userns's too), FILE's
	 * directory. */
	if (plan->info_fd >= 0 || plan->pid_file ||
	    (plan->opts & OPT_DISABLE_USERNS))
		add(steps, STEP_HANDOFF)->handoff.file = plan->pid_file;
	if (plan->owner_uid != NO_ID) {
		s = add(steps, STEP_OWNER);
		s->owner.uid = plan->owner_uid;
		s->owner.gid = plan->owner_gid;
		add(steps, STEP_DUMPABLE);
	}
	/* With a cgroup of its own, the child unshares the cgroup namespace,
	 * once in it (cgroup-enter). */
	if (plan->effective & ~(new_cgroup ? UNSHARE_CGROUP : 0)) {
		s = add(steps, STEP_UNSHARE);
		s->unshare.mask =
			plan->effective & ~(new_cgroup ? UNSHARE_CGROUP : 0);
		s->unshare.named = plan->requested;
		s->unshare.later = plan->effective & (new_cgroup ? UNSHARE_CGROUP
								 : 0);
	}
	if (userns && plan->setgroups != SETGROUPS_KEEP)
		last_map = add_map(plan, steps, STEP_SETGROUPS, NULL);
	if (userns && plan->uid_map.n)
		last_map = add_map(plan, steps, STEP_UID_MAP, &plan->uid_map);
	if (userns && plan->gid_map.n)
		last_map = add_map(plan, steps, STEP_GID_MAP, &plan->gid_map);
	if (last_map)
		last_map->maps.last = true;
	if (plan->monotonic.set || plan->boottime.set) {
		s = add(steps, STEP_CLOCKS);
		s->clocks.monotonic = plan->monotonic.set ? &plan->monotonic
							  : NULL;
		s->clocks.boottime = plan->boottime.set ? &plan->boottime
							: NULL;
	}
	if (plan->opts & OPT_LOOPBACK) {
		s = add(steps, STEP_LOOPBACK);
		/* The groups mapped in a new user namespace (the kernel
		 * takes a range only if both its ends are mapped), or every
		 * group without one. */
		s->loopback.low = 0;
		s->loopback.high = ID_MAX;
		s->loopback.ping = !userns || idmap_span(&plan->gid_map,
							 &s->loopback.low,
							 &s->loopback.high);
	}
	/* Before the ids change, while we hold CAP_SYS_ADMIN over the new
	 * UTS namespace (-r, -c too). */
	if (plan->hostname)
		add(steps, STEP_HOSTNAME)->name = plan->hostname;
	if (plan->domainname)
		add(steps, STEP_DOMAINNAME)->name = plan->domainname;
	/* /proc/sys shows the namespaces of the process that reads it: the
	 * caller's /proc will do, before the root changes. */
	for (size_t i = 0; i < plan->n_sysctls; i++)
		add(steps, STEP_SYSCTL)->name = plan->sysctls[i];
	/* While we hold the new user namespace's capabilities. */
	if (plan->opts & OPT_DISABLE_USERNS)
		add(steps, STEP_USERNS_LIMIT);
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		add(steps, STEP_PROPAGATION)->propagation = plan->propagation;
	/* With --fork, the waiting parent dies with the caller (SIGKILL: it
	 * waits for the others), and the child with it, by --kill-child's
	 * signal or else --die-with-parent's. */
	if ((plan->opts & OPT_FORK) && (plan->opts & OPT_DIE_WITH_PARENT))
		add(steps, STEP_DIE_WITH_PARENT)->kill.signal = SIGKILL;
	if ((plan->opts & OPT_FORK) && (plan->opts & OPT_DIE_WITH_PARENT) &&
	    !(plan->opts & OPT_KILL_CHILD)) {
		kill_child = true;
		kill_signal = plan->parent_signal;
	}
	/* From here on, in the child if there is one. */
	if (plan->opts & OPT_FORK) {
		add(steps, STEP_SIGNALS)->forward = plan->opts & OPT_FORWARD;
		s = add(steps, STEP_FORK);
		s->fork.init = plan->opts & OPT_INIT;
		s->fork.kill_child = kill_child;
		s->fork.handoff[0] = plan->info_fd;
		s->fork.handoff[1] = plan->wait_fd;
	}
	if (kill_child) {
		s = add(steps, STEP_KILL_CHILD);
		s->kill.signal = kill_signal;
		/* The kernel spares pid 1 every signal it has no handler
		 * for, SIGKILL from outside aside. */
		s->kill.spared = kill_signal != SIGKILL &&
				 (plan->effective & UNSHARE_PID) &&
				 !(plan->opts & OPT_INIT);
	}
	if (new_cgroup) {
		s = add(steps, STEP_CGROUP_ENTER);
		s->cgroup.name = plan->found.cgroup_name;
		s->cgroup.parent = found_cgroup ? plan->found.cgroup_parent
						: NULL;
		s->cgroup.error = plan->found.cgroup_error;
		s->cgroup.alone = !(plan->effective & ~UNSHARE_CGROUP);
		/* --dry-run: what they enable may keep the child out. */
		s->cgroup.sets = plan->cgroup_sets;
		s->cgroup.n_sets = plan->n_cgroup_sets;
	}
	for (size_t i = 0; i < plan->n_interps; i++)
		early_interps |= new_root && fixed(plan->interps[i]);
	if (early_interps) {
		add(steps, STEP_BINFMT_EARLY);
		add_interps(plan, steps, true);
	}
	/* SRC in the new mount namespace (a copy of another's mounts is
	 * refused), before the root changes. */
	for (size_t i = 0; i < plan->n_binds; i++) {
		s = add(steps, STEP_BIND_SOURCE);
		s->dir.path = plan->bind_srcs[i];
		s->dir.uid_map = userns ? &plan->uid_map : NULL;
		s->dir.slot = (int)i;
		s->dir.read_only = plan->bind_ro[i];
	}
	if (plan->root_dir)
		add_dir(plan, steps, STEP_ROOT, plan->root_dir);
	/* It goes to the new /, --wd then from there. */
	if (plan->pivot_dir)
		add_dir(plan, steps, STEP_PIVOT_ROOT, plan->pivot_dir);
	if (plan->root_dir || plan->wd_dir) {
		s = add_dir(plan, steps, STEP_WD,
			    plan->wd_dir ? plan->wd_dir : "/");
		s->dir.given = plan->wd_dir != NULL;
	}
	if (plan->opts & OPT_MOUNT_PROC) {
		bool private = plan->propagation != PROP_PRIVATE;

		if (private)
			add_dir(plan, steps, STEP_PROC_PRIVATE, plan->proc_dir);
		add_dir(plan, steps, STEP_PROC, plan->proc_dir)->dir.again =
			private;
	}
	if (plan->opts & OPT_MOUNT_BINFMT) {
		add_dir(plan, steps, STEP_BINFMT, plan->binfmt_dir);
		add_interps(plan, steps, false);
	}
	if (plan->opts & OPT_MOUNT_CGROUP) {
		/* By default where the caller's hierarchy is mounted (or,
		 * without one, the usual place, which the mount names). */
		const char *dir = plan->cgroup_dir ? plan->cgroup_dir
				  : found_cgroup   ? plan->found.cgroup_mount
						   : "/sys/fs/cgroup";

		bool private = plan->propagation != PROP_PRIVATE;

		if (private)
			add_dir(plan, steps, STEP_CGROUP_PRIVATE, dir);
		add_dir(plan, steps, STEP_CGROUP_MOUNT, dir)->dir.again =
			private;
	}
	for (size_t i = 0; i < plan->n_binds; i++) {
		s = add_dir(plan, steps, STEP_BIND, plan->bind_dsts[i]);
		s->dir.options = plan->bind_srcs[i];
		s->dir.slot = (int)i;
		s->dir.read_only = plan->bind_ro[i];
	}
	/* The host's devices are bound from the old root, still in view. */
	if (plan->opts & OPT_MOUNT_DEV) {
		add_dir(plan, steps, STEP_DEV, plan->dev_dir)->dir.unmapped =
			userns &&
			(!idmap_has(&plan->uid_map, plan->self_uid, true) ||
			 !idmap_has(&plan->gid_map, plan->self_gid, true));
	}
	for (size_t i = 0; i < plan->n_tmpfs; i++)
		add_dir(plan, steps, STEP_TMPFS, plan->tmpfs_dirs[i])
			->dir.options = plan->tmpfs_options[i];
	if (plan->opts & OPT_MOUNT_SYSFS)
		add_dir(plan, steps, STEP_SYSFS, plan->sysfs_dir);
	/* In a user namespace, the kernel mounts a new proc only where one
	 * is in view: the old root goes after the mounts. */
	if (plan->pivot_dir)
		add(steps, STEP_OLD_ROOT);
	if (plan->setgid_id != NO_ID) {
		s = add(steps, STEP_SETGID);
		s->id.id = plan->setgid_id;
		s->id.denied = plan->setgroups == SETGROUPS_DENY;
		s->id.map = userns ? &plan->gid_map : NULL;
	}
	/* --keep-caps keeps the capabilities of a new user namespace; with
	 * none it keeps nothing, as in util-linux (a note of the plan says
	 * so): not root's every capability, ambient, for --setuid's uid. */
	if (plan->setuid_id != NO_ID) {
		bool keepcaps = (plan->opts & OPT_KEEP_CAPS) && userns;
		bool keep_admin = !keepcaps && plan->setuid_id != 0 &&
				  undoes_mounts(steps);

		if (keepcaps)
			add(steps, STEP_KEEPCAPS);
		s = add(steps, STEP_SETUID);
		s->id.id = plan->setuid_id;
		s->id.keep_admin = keep_admin;
		s->id.map = userns ? &plan->uid_map : NULL;
	}
	/* Once nothing needs the new user namespace's capabilities, with
	 * the program's ids. */
	if (plan->opts & OPT_DISABLE_USERNS)
		add(steps, STEP_DISABLE_USERNS);
	/* The kernel clears the parent-death signal when the ids change. */
	if (kill_child &&
	    (plan->setgid_id != NO_ID || plan->setuid_id != NO_ID)) {
		s = add(steps, STEP_KILL_CHILD);
		s->kill.signal = kill_signal;
		s->kill.again = true;
	}
	/* Without --fork, in the process that execs, after the last change
	 * of ids (which disarms it). */
	if ((plan->opts & OPT_DIE_WITH_PARENT) && !(plan->opts & OPT_FORK))
		add(steps, STEP_DIE_WITH_PARENT)->kill.signal =
			plan->parent_signal;
	if ((plan->opts & OPT_KEEP_CAPS) && userns)
		add(steps, STEP_KEEP_CAPS);
	if (files)
		add(steps, STEP_PERSIST)->bind.files = plan->persist;
	if (plan->opts & OPT_CLEAR_ENV) {
		s = add(steps, STEP_ENVIRONMENT);
		s->env.lists = plan->keep_env;
		s->env.n = plan->n_keep_env;
	}
	if (plan->opts & OPT_INIT) {
		s = add(steps, STEP_INIT);
		s->fork.handoff[0] = plan->info_fd;
		s->fork.handoff[1] = plan->wait_fd;
	}
	/* The hand-off, in the process that execs: all but the exec done. */
	if (plan->info_fd >= 0) {
		s = add(steps, STEP_INFO_FD);
		s->handoff.fd = plan->info_fd;
		s->handoff.init = plan->opts & OPT_INIT;
		s->handoff.kept = plan->info_fd == plan->wait_fd;
	}
	if (plan->pid_file) {
		s = add(steps, STEP_PID_FILE);
		s->handoff.file = plan->pid_file;
		s->handoff.uid_map = userns ? &plan->uid_map : NULL;
		s->handoff.gid_map = userns ? &plan->gid_map : NULL;
	}
	if (plan->wait_fd >= 0)
		add(steps, STEP_WAIT_FD)->handoff.fd = plan->wait_fd;
	if (plan->opts & OPT_NO_NEW_PRIVS)
		add(steps, STEP_NO_NEW_PRIVS);
	s = add(steps, STEP_EXEC);
	s->exec.argv = plan->argv;
	s->exec.path = plan->argv ? plan->argv[0] : plan->found.shell;
	s->exec.source = plan->found.shell_source;
	s->exec.root = plan->root_dir ? plan->root_dir : plan->pivot_dir;
	s->exec.root_option = plan->root_dir ? "root" : "pivot-root";
	s->exec.bare_ns = plan->bare_ns;
	s->exec.default_path =
		(plan->opts & OPT_CLEAR_ENV) &&
		!env_kept(plan->keep_env, plan->n_keep_env, "PATH");
	s->exec.uid = outer_id(plan->setuid_id, plan->self_uid,
			       userns ? &plan->uid_map : NULL);
	s->exec.gid = outer_id(plan->setgid_id, plan->self_gid,
			       userns ? &plan->gid_map : NULL);
}
