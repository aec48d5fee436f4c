/* The step table: each kind of step, its name, how it runs, how it
 * prints and what it does, in the order a run takes them.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include "cgroup.h"
#include "env.h"
#include "exec.h"
#include "i18n.h"
#include "identity.h"
#include "kinds.h"
#include "mounts.h"
#include "net.h"
#include "persist.h"
#include "sharing.h"
#include "show.h"
#include "supervise.h"
#include "timens.h"
#include "userns.h"

/* The table: a row a kind, in run order. */
const struct step_kind_row step_kinds[STEP_NKINDS] = {
	[STEP_CGROUP_MAKE] = { "cgroup-make", cgroup_make, show_cgroup,
		N_("make a cgroup of the run's own in the caller's") },
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
	[STEP_CGROUP_ENTER] = { "cgroup-enter", cgroup_enter, show_cgroup,
		N_("move into that cgroup, and unshare(2) the cgroup "
		   "namespace there") },
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
	[STEP_CGROUP_PRIVATE] = { "cgroup-private", mounts_proc_private,
		show_dir,
		N_("make cgroup2's directory private: the new mount stays "
		   "inside") },
	[STEP_CGROUP_MOUNT] = { "cgroup-mount", mounts_cgroup, show_dir,
		N_("mount the cgroup2 hierarchy of the new cgroup namespace") },
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

