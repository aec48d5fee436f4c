/* The steps of a run, worked out from the plan, in the order main takes
 * them: plan_steps is the order of operations.  And the table of step
 * kinds: each one's name, how it runs, how it prints.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "diagnose.h"
#include "env.h"
#include "events.h"
#include "exec.h"
#include "i18n.h"
#include "identity.h"
#include "mounts.h"
#include "names.h"
#include "net.h"
#include "persist.h"
#include "plan.h"
#include "sharing.h"
#include "show.h"
#include "supervise.h"
#include "timens.h"
#include "userns.h"

/* Step unshare: the call itself, and with --verbose each namespace's
 * inode before and after, and who shared what was named. */
static void run_unshare(const struct step *s, struct run *run)
{
	ino_t after[UNSHARE_NFLAGS];

	/* The full unsigned long: glibc's unshare(int) would cut it. */
	if (syscall(SYS_unshare, s->unshare.mask) != 0) {
		events_failed(step_name(s), errno);
		diagnose_unshare(errno, s->unshare.mask);
		exit(EXIT_TOOL);
	}
	if (narrating()) {
		ns_snapshot(s->unshare.mask, after);
		ns_report(s->unshare.mask, run->before, after);
		sharing_after(s->unshare.named, run->sharers);
	}
}

/* The table: a row a kind, in run order. */
const struct step_kind_row step_kinds[STEP_NKINDS] = {
	[STEP_BIND_HELPER] = { "bind-helper", persist_start, show_bind_helper,
		N_("start the helper that binds the namespaces to their "
		   "files") },
	[STEP_MAP_HELPER] = { "map-helper", userns_start_helper,
		show_map_helper,
		N_("start the helper that writes the id maps from outside") },
	[STEP_OWNER] = { "owner", userns_become_owner, show_owner,
		N_("take on --owner's ids, who will own the user namespace") },
	[STEP_DUMPABLE] = { "dumpable", userns_dumpable, show_dumpable,
		N_("dumpable again after --owner, so that /proc/self stays "
		   "ours") },
	[STEP_UNSHARE] = { "unshare", run_unshare, show_unshare,
		N_("unshare(2) with the effective flags") },
	[STEP_SETGROUPS] = { "setgroups", userns_write, show_setgroups,
		N_("write /proc/PID/setgroups") },
	[STEP_UID_MAP] = { "uid-map", userns_write, show_map,
		N_("write /proc/PID/uid_map, or run newuidmap") },
	[STEP_GID_MAP] = { "gid-map", userns_write, show_map,
		N_("write /proc/PID/gid_map, or run newgidmap") },
	[STEP_CLOCKS] = { "clocks", timens_apply, show_clocks,
		N_("write the clock offsets of the new time namespace") },
	[STEP_LOOPBACK] = { "loopback", net_loopback, show_loopback,
		N_("bring lo up, and let the mapped groups ping") },
	[STEP_PROPAGATION] = { "propagation", mounts_propagation,
		show_propagation,
		N_("change the propagation of / and every mount under it") },
	[STEP_SIGNALS] = { "signals", supervise_signals, show_signals,
		N_("block the signals the parent waits for, to pass on or "
		   "ignore") },
	[STEP_FORK] = { "fork", supervise_fork, show_fork,
		N_("fork: the rest runs in the child; the parent waits") },
	[STEP_KILL_CHILD] = { "kill-child", supervise_arm, show_kill_child,
		N_("arm the child's parent-death signal") },
	[STEP_BINFMT_EARLY] = { "binfmt-early", mounts_binfmt_instance,
		show_binfmt_early,
		N_("a binfmt_misc, mounted nowhere yet, for F interpreters") },
	[STEP_ROOT] = { "root", mounts_chroot, show_dir,
		N_("chroot") },
	[STEP_WD] = { "wd", mounts_chdir, show_dir,
		N_("chdir") },
	[STEP_PROC_PRIVATE] = { "proc-private", mounts_proc_private,
		show_dir,
		N_("make proc's directory private: the new proc stays inside") },
	[STEP_PROC] = { "proc", mounts_proc, show_dir,
		N_("mount proc") },
	[STEP_BINFMT] = { "binfmt", mounts_binfmt, show_dir,
		N_("mount binfmt_misc") },
	[STEP_INTERP] = { "interpreter", mounts_register, show_interp,
		N_("register an interpreter in binfmt_misc") },
	[STEP_SETGID] = { "setgid", identity_setgid, show_id,
		N_("setgid, and no supplementary groups") },
	[STEP_KEEPCAPS] = { "keepcaps", identity_keepcaps, show_keepcaps,
		N_("keep the capabilities through the setuid "
		   "(PR_SET_KEEPCAPS)") },
	[STEP_SETUID] = { "setuid", identity_setuid, show_id,
		N_("setuid") },
	[STEP_KEEP_CAPS] = { "keep-caps", identity_keep_caps, show_keep_caps,
		N_("make the permitted capabilities ambient, to survive the "
		   "exec") },
	[STEP_PERSIST] = { "persist", persist_now, show_persist,
		N_("have the helper bind the namespaces to their files") },
	[STEP_ENVIRONMENT] = { "environment", env_apply, show_environment,
		N_("clear the environment, but the variables kept") },
	[STEP_INIT] = { "init", supervise_init, show_init,
		N_("become init: fork the program, pass signals on, reap") },
	[STEP_EXEC] = { "exec", exec_program, show_exec,
		N_("run the program") },
};

/* The shell to run when no program is given: $SHELL (unless the
 * environment is cleared and SHELL not kept: it would be gone by then),
 * else the caller's login shell, else /bin/sh.  Found before anything
 * changes: after unshare(2) our uid may be another (the overflow uid in
 * a user namespace without maps), and after --root the password
 * database another file.  *source says where it came from. */
static const char *find_shell(const struct plan *plan, const char **source)
{
	const char *shell = !(plan->opts & OPT_CLEAR_ENV) ||
					    env_kept(plan, "SHELL")
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

/* An F interpreter ("fix binary"): the kernel opens the interpreter when
 * it is registered, at its path as the writer sees it. */
static bool fixed(const char *interp)
{
	const char *flags = strrchr(interp, ':');

	return flags && strchr(flags, 'F');
}

static struct step *add(struct steps *steps, enum step_kind kind)
{
	struct step *s = &steps->step[steps->n++];

	*s = (struct step){ .kind = kind };
	return s;
}

static void add_interps(const struct plan *plan, struct steps *steps,
			bool early)
{
	for (size_t i = 0; i < plan->n_interps; i++) {
		/* With --root, an F interpreter is opened outside it: before
		 * the chroot (a qemu-user for a foreign root). */
		bool before = plan->root_dir && fixed(plan->interps[i]);
		struct step *s;

		if (before != early)
			continue;
		s = add(steps, STEP_INTERP);
		s->interp.string = plan->interps[i];
		s->interp.early = early;
		s->interp.where = early ? NULL : plan->binfmt_dir;
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

/* A directory step: root, wd, proc-private, proc, binfmt. */
static struct step *add_dir(const struct plan *plan, struct steps *steps,
			    enum step_kind kind, const char *path)
{
	struct step *s = add(steps, kind);

	s->dir.path = path;
	/* A mount made in our new mount namespace propagates to the
	 * caller's, where it must not outlive a failure. */
	s->dir.undo = plan->propagation == PROP_SHARED ||
		      plan->propagation == PROP_UNCHANGED;
	return s;
}

static bool any_file(const struct plan *plan)
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			return true;
	return false;
}

void plan_steps(const struct plan *plan, struct steps *steps)
{
	bool userns = plan->effective & UNSHARE_USER,
	     helper = plan->map_writer == MAP_DIRECT ||
		      plan->map_writer == MAP_NEWIDMAP,
	     early_interps = false, files = any_file(plan);
	struct step *s, *last_map = NULL;

	steps->n = 0;
	/* The helpers start in the caller's namespaces, before anything
	 * changes. */
	if (files)
		add(steps, STEP_BIND_HELPER)->files = plan->persist;
	if (userns && helper) {
		s = add(steps, STEP_MAP_HELPER);
		s->helper.writer = plan->map_writer;
		s->helper.setgroups = plan->setgroups;
		s->helper.uid = &plan->uid_map;
		s->helper.gid = &plan->gid_map;
	}
	if (plan->owner_uid != NO_ID) {
		s = add(steps, STEP_OWNER);
		s->owner.uid = plan->owner_uid;
		s->owner.gid = plan->owner_gid;
		add(steps, STEP_DUMPABLE);
	}
	if (plan->effective) {
		s = add(steps, STEP_UNSHARE);
		s->unshare.mask = plan->effective;
		s->unshare.named = plan->requested;
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
		s->loopback.ping = net_ping_groups(&plan->gid_map, userns,
						   &s->loopback.low,
						   &s->loopback.high);
	}
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		add(steps, STEP_PROPAGATION)->propagation = plan->propagation;
	/* From here on, in the child if there is one. */
	if (plan->opts & OPT_FORK) {
		add(steps, STEP_SIGNALS)->forward = plan->opts & OPT_FORWARD;
		s = add(steps, STEP_FORK);
		s->fork.init = plan->opts & OPT_INIT;
		s->fork.kill_child = plan->opts & OPT_KILL_CHILD;
	}
	if (plan->opts & OPT_KILL_CHILD) {
		s = add(steps, STEP_KILL_CHILD);
		s->kill.signal = plan->kill_signal;
		/* The kernel spares pid 1 every signal it has no handler
		 * for, SIGKILL from outside aside. */
		s->kill.spared = plan->kill_signal != SIGKILL &&
				 (plan->effective & UNSHARE_PID) &&
				 !(plan->opts & OPT_INIT);
	}
	for (size_t i = 0; i < plan->n_interps; i++)
		early_interps |= plan->root_dir && fixed(plan->interps[i]);
	if (early_interps) {
		add(steps, STEP_BINFMT_EARLY);
		add_interps(plan, steps, true);
	}
	if (plan->root_dir)
		add_dir(plan, steps, STEP_ROOT, plan->root_dir);
	if (plan->root_dir || plan->wd_dir) {
		s = add_dir(plan, steps, STEP_WD,
			    plan->wd_dir ? plan->wd_dir : "/");
		s->dir.root = plan->root_dir;
		s->dir.given = plan->wd_dir != NULL;
	}
	if (plan->opts & OPT_MOUNT_PROC) {
		if (plan->propagation != PROP_PRIVATE)
			add_dir(plan, steps, STEP_PROC_PRIVATE, plan->proc_dir);
		add_dir(plan, steps, STEP_PROC, plan->proc_dir);
	}
	if (plan->opts & OPT_MOUNT_BINFMT) {
		add_dir(plan, steps, STEP_BINFMT, plan->binfmt_dir);
		add_interps(plan, steps, false);
	}
	if (plan->setgid_id != NO_ID) {
		s = add(steps, STEP_SETGID);
		s->id.id = plan->setgid_id;
		s->id.denied = plan->setgroups == SETGROUPS_DENY;
	}
	if (plan->setuid_id != NO_ID) {
		if (plan->opts & OPT_KEEP_CAPS)
			add(steps, STEP_KEEPCAPS);
		add(steps, STEP_SETUID)->id.id = plan->setuid_id;
	}
	/* The kernel clears the parent-death signal when the ids change. */
	if ((plan->opts & OPT_KILL_CHILD) &&
	    (plan->setgid_id != NO_ID || plan->setuid_id != NO_ID)) {
		s = add(steps, STEP_KILL_CHILD);
		s->kill.signal = plan->kill_signal;
		s->kill.again = true;
	}
	if (plan->opts & OPT_KEEP_CAPS) {
		s = add(steps, STEP_KEEP_CAPS);
		s->caps.new_userns = userns;
		s->caps.setuid = plan->setuid_id != NO_ID;
	}
	if (files)
		add(steps, STEP_PERSIST)->files = plan->persist;
	if (plan->opts & OPT_CLEAR_ENV) {
		s = add(steps, STEP_ENVIRONMENT);
		s->env.lists = plan->keep_env;
		s->env.n = plan->n_keep_env;
	}
	if (plan->opts & OPT_INIT)
		add(steps, STEP_INIT);
	s = add(steps, STEP_EXEC);
	s->exec.argv = plan->argv;
	s->exec.path = plan->argv ? plan->argv[0]
				  : find_shell(plan, &s->exec.source);
}
