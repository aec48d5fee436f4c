/* The steps of a run, worked out from the plan, in the order main takes
 * them: this function is the order of operations.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "i18n.h"
#include "names.h"
#include "plan.h"

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

static struct step *add(struct plan *plan, enum step_kind kind)
{
	struct step *s = &plan->steps[plan->n_steps++];

	*s = (struct step){ .kind = kind };
	return s;
}

static void add_interps(struct plan *plan, bool early)
{
	for (size_t i = 0; i < plan->n_interps; i++) {
		/* With --root, an F interpreter is opened outside it: before
		 * the chroot (a qemu-user for a foreign root). */
		bool before = plan->root_dir && fixed(plan->interps[i]);

		struct step *s;

		if (before != early)
			continue;
		s = add(plan, STEP_INTERP);
		s->interp.string = plan->interps[i];
		s->interp.early = early;
	}
}

void plan_steps(struct plan *plan)
{
	bool early_interps = false;
	struct step *s;

	plan->n_steps = 0;
	if (plan->owner_uid != NO_ID) {
		s = add(plan, STEP_OWNER);
		s->owner.uid = plan->owner_uid;
		s->owner.gid = plan->owner_gid;
	}
	if (plan->effective)
		add(plan, STEP_UNSHARE)->mask = plan->effective;
	if ((plan->effective & UNSHARE_USER) &&
	    (plan->map_writer != MAP_NONE ||
	     plan->setgroups != SETGROUPS_KEEP)) {
		s = add(plan, STEP_MAPS);
		s->maps.writer = plan->map_writer;
		s->maps.setgroups = plan->setgroups;
		s->maps.uid = &plan->uid_map;
		s->maps.gid = &plan->gid_map;
	}
	if (plan->monotonic.set || plan->boottime.set) {
		s = add(plan, STEP_CLOCKS);
		s->clocks.monotonic = plan->monotonic.set ? &plan->monotonic
							  : NULL;
		s->clocks.boottime = plan->boottime.set ? &plan->boottime
							: NULL;
	}
	if (plan->opts & OPT_LOOPBACK)
		add(plan, STEP_LOOPBACK);
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		add(plan, STEP_PROPAGATION)->propagation = plan->propagation;
	/* From here on, in the child if there is one. */
	if (plan->opts & OPT_FORK) {
		s = add(plan, STEP_FORK);
		s->fork.forward = plan->opts & OPT_FORWARD;
		s->fork.kill_signal =
			plan->opts & OPT_KILL_CHILD ? plan->kill_signal : 0;
		s->fork.init = plan->opts & OPT_INIT;
	}
	for (size_t i = 0; i < plan->n_interps; i++)
		early_interps |= plan->root_dir && fixed(plan->interps[i]);
	if (early_interps) {
		add(plan, STEP_BINFMT_EARLY);
		add_interps(plan, true);
	}
	if (plan->root_dir)
		add(plan, STEP_ROOT)->path = plan->root_dir;
	if (plan->root_dir || plan->wd_dir)
		add(plan, STEP_WD)->path = plan->wd_dir ? plan->wd_dir : "/";
	if (plan->opts & OPT_MOUNT_PROC)
		add(plan, STEP_PROC)->path = plan->proc_dir;
	if (plan->opts & OPT_MOUNT_BINFMT) {
		add(plan, STEP_BINFMT)->path = plan->binfmt_dir;
		add_interps(plan, false);
	}
	if (plan->setgid_id != NO_ID)
		add(plan, STEP_SETGID)->id = plan->setgid_id;
	if (plan->setuid_id != NO_ID)
		add(plan, STEP_SETUID)->id = plan->setuid_id;
	/* The kernel clears the parent-death signal when the ids change. */
	if ((plan->opts & OPT_KILL_CHILD) &&
	    (plan->setgid_id != NO_ID || plan->setuid_id != NO_ID))
		add(plan, STEP_REARM)->kill_signal = plan->kill_signal;
	if (plan->opts & OPT_KEEP_CAPS)
		add(plan, STEP_KEEP_CAPS);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i]) {
			add(plan, STEP_PERSIST)->persist = plan->persist;
			break;
		}
	if (plan->opts & OPT_CLEAR_ENV) {
		s = add(plan, STEP_ENVIRONMENT);
		s->env.lists = plan->keep_env;
		s->env.n = plan->n_keep_env;
	}
	if (plan->opts & OPT_INIT)
		add(plan, STEP_INIT);
	s = add(plan, STEP_EXEC);
	s->exec.argv = plan->argv;
	s->exec.path = plan->argv ? plan->argv[0]
				  : find_shell(plan, &s->exec.source);
}

const struct step *plan_step(const struct plan *plan, enum step_kind kind)
{
	for (size_t i = 0; i < plan->n_steps; i++)
		if (plan->steps[i].kind == kind)
			return &plan->steps[i];
	return NULL;
}
