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

/* The table, written once: a row a kind, in run order: its name, the
 * function that runs it, the one that gives its values (show.c), the one
 * that foresees its failure (--dry-run), and its words, which say what
 * it does: --list=steps shows them, --dry-run and --verbose before the
 * step's values, and a step's failure starts with them (step_failed).
 * The preprocessor makes the rows (step_kinds) and the calls through
 * them (a switch: the table holds no pointer for the loader to relocate,
 * and stays out of RELRO).  The names of calls are not translated. */
#define STEP_KINDS(X)                                                        \
	X(CGROUP_MAKE, "cgroup-make", N_("make the run's cgroup"),           \
	  cgroup_make, show_cgroup, cgroup_predict)                          \
	X(CGROUP_SET, "cgroup-set",                                          \
	  N_("write values in the cgroup's files"),                          \
	  cgroup_set, show_cgroup, cgroup_set_predict)                       \
	X(BIND_HELPER, "bind-helper",                                        \
	  N_("start the helper that keeps the namespace files"),             \
	  persist_start, no_values, no_prediction)                           \
	X(MAP_HELPER, "map-helper",                                          \
	  N_("start the helper that writes the id maps"),                    \
	  userns_start_helper, show_map_helper, userns_helper_predict)       \
	X(HANDOFF, "hand-off", N_("open /proc and the pid file's directory"), \
	  handoff_open, show_handoff, handoff_predict)                       \
	X(OWNER, "owner", N_("take on --owner's ids"),                       \
	  userns_become_owner, show_owner, userns_owner_predict)             \
	X(DUMPABLE, "dumpable", N_("become dumpable again"),                 \
	  userns_dumpable, no_values, no_prediction)                         \
	X(UNSHARE, "unshare", "unshare(2)",                                  \
	  run_unshare, show_unshare, diagnose_predict)                       \
	X(SETGROUPS, "setgroups", N_("write setgroups"),                     \
	  userns_write, show_setgroups, no_prediction)                       \
	X(UID_MAP, "uid-map", N_("write the uid map"),                       \
	  userns_write, show_map, no_prediction)                             \
	X(GID_MAP, "gid-map", N_("write the gid map"),                       \
	  userns_write, show_map, no_prediction)                             \
	X(CLOCKS, "clocks", N_("set the clock offsets"),                     \
	  timens_apply, show_clocks, no_prediction)                          \
	X(LOOPBACK, "loopback", N_("bring lo up"),                           \
	  net_loopback, show_loopback, no_prediction)                        \
	X(HOSTNAME, "hostname", N_("set the hostname"),                      \
	  uts_set, show_name, no_prediction)                                 \
	X(DOMAINNAME, "domainname", N_("set the domain name"),               \
	  uts_set, show_name, no_prediction)                                 \
	X(SYSCTL, "sysctl", N_("write it to /proc/sys"),                     \
	  uts_sysctl, show_name, uts_sysctl_predict)                         \
	X(PROPAGATION, "propagation", N_("set the propagation of /"),        \
	  mounts_propagation, show_propagation,                              \
	  mounts_propagation_predict)                                        \
	X(SIGNALS, "signals", N_("set the waiting parent's signals"),        \
	  supervise_signals, show_signals, no_prediction)                    \
	X(FORK, "fork", N_("fork: the parent waits"),                        \
	  supervise_fork, show_fork, no_prediction)                          \
	X(DIE_WITH_PARENT, "parent-death",                                   \
	  N_("arm a signal for when unshare's parent ends"),                 \
	  supervise_die_with_parent, show_kill_child, no_prediction)         \
	X(KILL_CHILD, "kill-child",                                          \
	  N_("arm the child's parent-death signal"),                         \
	  supervise_arm, show_kill_child, no_prediction)                     \
	X(CGROUP_ENTER, "cgroup-enter",                                      \
	  N_("enter the cgroup, unshare the cgroup namespace"),              \
	  cgroup_enter, show_cgroup, cgroup_predict_enter)                   \
	X(BINFMT_EARLY, "binfmt-early",                                      \
	  N_("make a binfmt_misc for F interpreters"),                       \
	  mounts_binfmt_instance, no_values, no_prediction)                  \
	X(BIND_SOURCE, "bind-source", N_("take a copy of SRC's mounts"),     \
	  mounts_bind_source, show_dir, mounts_bind_predict)                 \
	X(ROOT, "root", N_("chroot there"),                                  \
	  mounts_chroot, show_dir, mounts_chroot_predict)                    \
	X(PIVOT_ROOT, "pivot-root", N_("make it the root: pivot_root(2)"),   \
	  pivot_root_to, show_dir, pivot_predict)                            \
	X(WD, "wd", N_("chdir there"),                                       \
	  mounts_chdir, show_dir, mounts_chdir_predict)                      \
	X(PROC_PRIVATE, "proc-private", N_("make proc's directory private"), \
	  mounts_proc_private, show_dir, mounts_dir_predict)                 \
	X(PROC, "proc", N_("mount proc"),                                    \
	  mounts_proc, show_dir, mounts_dir_predict)                         \
	X(BINFMT, "binfmt", N_("mount binfmt_misc"),                         \
	  mounts_binfmt, show_dir, mounts_dir_predict)                       \
	X(CGROUP_PRIVATE, "cgroup-private",                                  \
	  N_("make cgroup2's directory private"),                            \
	  mounts_proc_private, show_dir, mounts_dir_predict)                 \
	X(CGROUP_MOUNT, "cgroup-mount", N_("mount cgroup2"),                 \
	  mounts_cgroup, show_dir, mounts_dir_predict)                       \
	X(INTERP, "interpreter", N_("register an interpreter"),              \
	  mounts_register, show_interp, mounts_interp_predict)               \
	X(BIND, "bind", N_("bind that copy there"),                          \
	  mounts_bind, show_dir, mounts_bind_predict)                        \
	X(DEV, "dev", N_("make a minimal /dev there"),                       \
	  mounts_dev, show_dir, mounts_dev_predict)                          \
	X(TMPFS, "tmpfs", N_("mount a tmpfs there"),                         \
	  mounts_tmpfs, show_dir, mounts_dir_predict)                        \
	X(SYSFS, "sysfs", N_("mount a read-only sysfs there"),               \
	  mounts_sysfs, show_dir, mounts_dir_predict)                        \
	X(OLD_ROOT, "old-root", N_("detach the old root"),                   \
	  pivot_detach_old, no_values, no_prediction)                        \
	X(SETGID, "setgid", "setgid",                                        \
	  identity_setgid, show_id, identity_predict)                        \
	X(KEEPCAPS, "keepcaps", N_("keep the capabilities through setuid"),  \
	  identity_keepcaps, no_values, no_prediction)                       \
	X(SETUID, "setuid", "setuid",                                        \
	  identity_setuid, show_id, identity_predict)                        \
	X(KEEP_CAPS, "keep-caps", N_("make the capabilities ambient"),       \
	  identity_keep_caps, no_values, no_prediction)                      \
	X(PERSIST, "persist", N_("keep the namespaces in their files"),      \
	  persist_now, show_persist, persist_predict)                        \
	X(ENVIRONMENT, "environment", N_("clear the environment"),           \
	  env_apply, show_environment, no_prediction)                        \
	X(INIT, "init", N_("run an init as pid 1"),                          \
	  supervise_init, no_values, no_prediction)                          \
	X(INFO_FD, "info-fd",                                                \
	  N_("write the pid and namespaces to it"),                          \
	  handoff_info, show_handoff, no_prediction)                         \
	X(PID_FILE, "pid-file", N_("write the pid to it"),                   \
	  handoff_pid_file, show_handoff, handoff_pid_file_predict)          \
	X(WAIT_FD, "wait-fd",                                                \
	  N_("wait for a byte on it before the exec"),                       \
	  handoff_wait, show_handoff, handoff_wait_predict)                  \
	X(NO_NEW_PRIVS, "no-new-privs",                                      \
	  N_("exec grants no privileges (no_new_privs)"),                    \
	  identity_no_new_privs, no_values, no_prediction)                   \
	X(EXEC, "exec", N_("run the program"),                               \
	  exec_program, show_exec, exec_predict)

/* A kind without values, or without a failure to foresee. */
static void no_values(struct emit *e, const struct step *s)
{
	(void)e;
	(void)s;
}

static bool no_prediction(const struct step *s, struct prediction *p)
{
	(void)s;
	(void)p;
	return false;
}

/* A name or words as long as the row's array would lose their NUL, and
 * C takes such an initializer without a word: refused here instead. */
#define FITS(kind, name_text, doc_text, run, show, predict)                  \
	_Static_assert(sizeof(name_text) <= sizeof step_kinds[0].name &&     \
			       sizeof(doc_text) <= sizeof step_kinds[0].doc, \
		       #kind ": its name or words are too long for the row");
STEP_KINDS(FITS)
#undef FITS

const struct step_kind_row step_kinds[STEP_NKINDS] = {
#define ROW(kind, name, doc, run, show, predict) [STEP_##kind] = { name, doc },
	STEP_KINDS(ROW)
#undef ROW
};

void step_run(const struct step *s, struct run *run)
{
	switch (s->kind) {
#define RUN(kind, name, doc, run_it, show, predict)                          \
	case STEP_##kind:                                                    \
		run_it(s, run);                                              \
		return;
		STEP_KINDS(RUN)
#undef RUN
	case STEP_NKINDS:
		break;
	}
}

void step_show(struct emit *e, const struct step *s)
{
	switch (s->kind) {
#define SHOW(kind, name, doc, run, show, predict)                            \
	case STEP_##kind:                                                    \
		show(e, s);                                                  \
		return;
		STEP_KINDS(SHOW)
#undef SHOW
	case STEP_NKINDS:
		break;
	}
}

bool step_predict(const struct step *s, struct prediction *p)
{
	switch (s->kind) {
#define PREDICT(kind, name, doc, run, show, predict)                         \
	case STEP_##kind:                                                    \
		return predict(s, p);
		STEP_KINDS(PREDICT)
#undef PREDICT
	case STEP_NKINDS:
		break;
	}
	return false;
}
