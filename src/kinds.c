/* The step table: each kind of step, its name, how it runs, how it
 * prints and what it does, in the order a run takes them.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include "cgroup.h"
#include "diagnose.h"
#include "env.h"
#include "exec.h"
#include "handoff.h"
#include "i18n.h"
#include "identity.h"
#include "kinds.h"
#include "mounts.h"
#include "net.h"
#include "persist.h"
#include "pivot.h"
#include "sharing.h"
#include "show.h"
#include "supervise.h"
#include "timens.h"
#include "userns.h"
#include "uts.h"

/* The table: a row a kind, in run order.  Its words say what the step
 * does: --list=steps shows them, --dry-run and --verbose before the
 * step's values, and a step's failure starts with them (step_failed);
 * so does --dry-run's prediction that it would fail. */
const struct step_kind_row step_kinds[STEP_NKINDS] = {
	[STEP_CGROUP_MAKE] = { "cgroup-make", cgroup_make, show_cgroup,
		N_("make the run's cgroup"), cgroup_predict },
	[STEP_CGROUP_SET] = { "cgroup-set", cgroup_set, show_cgroup,
		N_("write values in the cgroup's files"), cgroup_set_predict },
	[STEP_BIND_HELPER] = { "bind-helper", persist_start, NULL,
		N_("start the helper that keeps the FILEs"), persist_predict },
	[STEP_MAP_HELPER] = { "map-helper", userns_start_helper, show_map_helper,
		N_("start the helper that writes the id maps") },
	[STEP_HANDOFF] = { "hand-off", handoff_open, show_handoff,
		N_("open what the hand-off uses") },
	[STEP_OWNER] = { "owner", userns_become_owner, show_owner,
		N_("take on --owner's ids") },
	[STEP_DUMPABLE] = { "dumpable", userns_dumpable, NULL,
		N_("become dumpable again") },
	[STEP_UNSHARE] = { "unshare", run_unshare, show_unshare,
		/* not translated: the call */ "unshare(2)", diagnose_predict },
	[STEP_SETGROUPS] = { "setgroups", userns_write, show_setgroups,
		N_("write setgroups") },
	[STEP_UID_MAP] = { "uid-map", userns_write, show_map,
		N_("write the uid map") },
	[STEP_GID_MAP] = { "gid-map", userns_write, show_map,
		N_("write the gid map") },
	[STEP_CLOCKS] = { "clocks", timens_apply, show_clocks,
		N_("set the clock offsets") },
	[STEP_LOOPBACK] = { "loopback", net_loopback, show_loopback,
		N_("bring lo up") },
	[STEP_HOSTNAME] = { "hostname", uts_set, show_name,
		N_("set the hostname") },
	[STEP_DOMAINNAME] = { "domainname", uts_set, show_name,
		N_("set the domain name") },
	[STEP_PROPAGATION] = { "propagation", mounts_propagation, show_propagation,
		N_("set the propagation of /") },
	[STEP_SIGNALS] = { "signals", supervise_signals, show_signals,
		N_("set the waiting parent's signals") },
	[STEP_FORK] = { "fork", supervise_fork, show_fork,
		N_("fork: the parent waits") },
	[STEP_KILL_CHILD] = { "kill-child", supervise_arm, show_kill_child,
		N_("arm the child's parent-death signal") },
	[STEP_CGROUP_ENTER] = { "cgroup-enter", cgroup_enter, show_cgroup,
		N_("enter the cgroup, unshare the cgroup namespace"),
		cgroup_predict_enter },
	[STEP_BINFMT_EARLY] = { "binfmt-early", mounts_binfmt_instance,
		NULL,
		N_("make a binfmt_misc for F interpreters") },
	[STEP_ROOT] = { "root", mounts_chroot, show_dir, N_("chroot to DIR") },
	[STEP_PIVOT_ROOT] = { "pivot-root", pivot_root_to, show_dir,
		N_("make DIR the root: pivot_root(2)"), pivot_predict },
	[STEP_WD] = { "wd", mounts_chdir, show_dir, N_("chdir to DIR") },
	[STEP_PROC_PRIVATE] = { "proc-private", mounts_proc_private, show_dir,
		N_("make proc's directory private") },
	[STEP_PROC] = { "proc", mounts_proc, show_dir, N_("mount proc") },
	[STEP_BINFMT] = { "binfmt", mounts_binfmt, show_dir,
		N_("mount binfmt_misc") },
	[STEP_CGROUP_PRIVATE] = { "cgroup-private", mounts_proc_private, show_dir,
		N_("make cgroup2's directory private") },
	[STEP_CGROUP_MOUNT] = { "cgroup-mount", mounts_cgroup, show_dir,
		N_("mount cgroup2") },
	[STEP_INTERP] = { "interpreter", mounts_register, show_interp,
		N_("register an interpreter") },
	[STEP_OLD_ROOT] = { "old-root", pivot_detach_old, NULL,
		N_("detach the old root") },
	/* The calls' own names, untranslated. */
	[STEP_SETGID] = { "setgid", identity_setgid, show_id, "setgid" },
	[STEP_KEEPCAPS] = { "keepcaps", identity_keepcaps, NULL,
		N_("keep the capabilities through setuid") },
	[STEP_SETUID] = { "setuid", identity_setuid, show_id, "setuid" },
	[STEP_KEEP_CAPS] = { "keep-caps", identity_keep_caps, NULL,
		N_("make the capabilities ambient") },
	[STEP_PERSIST] = { "persist", persist_now, show_persist,
		N_("keep the namespaces in their FILEs") },
	[STEP_ENVIRONMENT] = { "environment", env_apply, show_environment,
		N_("clear the environment") },
	[STEP_INIT] = { "init", supervise_init, NULL,
		N_("run an init as pid 1") },
	[STEP_INFO_FD] = { "info-fd", handoff_info, show_handoff,
		N_("write the pid and namespaces to FD") },
	[STEP_PID_FILE] = { "pid-file", handoff_pid_file, show_handoff,
		N_("write the pid to FILE"), handoff_predict },
	[STEP_WAIT_FD] = { "wait-fd", handoff_wait, show_handoff,
		N_("wait for a byte on FD before the exec") },
	[STEP_NO_NEW_PRIVS] = { "no-new-privs", identity_no_new_privs, NULL,
		N_("exec grants no privileges (no_new_privs)") },
	[STEP_EXEC] = { "exec", exec_program, show_exec,
		N_("run the program"), exec_predict },
};
