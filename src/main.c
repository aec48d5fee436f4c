/* unshare: run a program with parts of its context unshared.
 *
 * The order of operations: refuse a privileged exec; parse, resolve and
 * check the command line, and list the steps of the run (steps.c, where
 * their order is); show the plan; then run each step, the last one the
 * exec.  A step is run and printed by its kind's row of the step table,
 * from its own values: the plan is the parser's, and nothing after the
 * list of steps reads it.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "cli.h"
#include "diagnose.h"
#include "env.h"
#include "events.h"
#include "exec.h"
#include "i18n.h"
#include "kinds.h"
#include "list.h"
#include "maps.h"
#include "output.h"
#include "persist.h"
#include "plan.h"
#include "quote.h"
#include "sharing.h"
#include "userns.h"

#ifdef __SANITIZE_ADDRESS__
/* Only in a build with --enable-sanitizers.  The sanitizers read their
 * settings through /proc, which a test may have taken away, so the ones
 * the test suite needs are built in: no leak check (LeakSanitizer cannot
 * stop the world from inside a new pid namespace), no change to the core
 * file limit the program inherits, LD_PRELOAD allowed. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0:disable_coredump=0:verify_asan_link_order=0";
}
#endif

/* A program started with privilege from its file (set-user-ID,
 * set-group-ID or file capabilities) would create namespaces on the
 * file's behalf, not the user's: with CAP_SYS_ADMIN from the file, any
 * user could mount over the system.  The kernel marks every such exec
 * secure (AT_SECURE), whatever gave the privilege.  Refuse, before
 * anything else. */
static void refuse_secure(void)
{
	uid_t ruid, euid, suid;
	gid_t rgid, egid, sgid;

	if (!getauxval(AT_SECURE))
		return;
	if (getresuid(&ruid, &euid, &suid) != 0 ||
	    getresgid(&rgid, &egid, &sgid) != 0)
		ruid = euid = rgid = egid = (uid_t)-1;
	warnx(_("refusing to run with privilege from its file: set-user-ID, "
		"set-group-ID or file capabilities (real uid %d, effective "
		"%d; real gid %d, effective %d); remove them (chmod u-s,g-s; "
		"setcap -r) and run it as root or with --user"),
	      (int)ruid, (int)euid, (int)rgid, (int)egid);
	/* Nothing else at all: not even exit handlers. */
	_exit(EXIT_TOOL);
}

/* Each line we write to stderr leaves in one write(2).  Unbuffered,
 * stdio writes a line in pieces (warnx alone makes three), and once we
 * fork, the pieces of two processes interleave: a JSON event cut in two
 * by another is no longer JSON.  Every message of ours ends in a newline
 * before any fork, exec or _exit, so nothing is left behind in the
 * buffer or copied into a child. */
static char stderr_line[BUFSIZ];

/* What --help, --usage and --version print: 0, or 125 if it could not be
 * written. */
static int info(enum cli_result what)
{
	if (what == CLI_VERSION)
		/* The GNU form: name and version, copyright, licence and its
		 * warranty, authors. */
		printf("%s\n%s", PACKAGE_STRING,
		       _("Copyright (C) 2026 the unshare authors.\n"
			 "License GPL-2.0-or-later: GNU GPL version 2 or later "
			 "<https://gnu.org/licenses/old-licenses/gpl-2.0.html>."
			 "\n"
			 "This is free software: you are free to change and "
			 "redistribute it.\n"
			 "There is NO WARRANTY, to the extent permitted by "
			 "law.\n"
			 "\n"
			 "Written by the unshare authors (see the AUTHORS "
			 "file).\n"));
	else
		cli_help(stdout, what == CLI_USAGE);
	return output_done();
}

int main(int argc, char **argv)
{
	struct plan plan;
	static struct steps steps;
	struct run run = RUN_INIT;
	enum cli_result what;
	char msg[1024], *usage;
	const char *bad;

	/* Our name starts every message, and argv[0] is the caller's
	 * choice: one that cannot be shown as it is gives way to ours. */
	if (quoted(program_invocation_short_name) !=
	    program_invocation_short_name)
		program_invocation_short_name = (char *)"unshare";
	refuse_secure();
	setvbuf(stderr, stderr_line, _IOLBF, sizeof stderr_line);
	/* An inherited SIG_IGN for SIGCHLD would reap our children for us
	 * (waitpid: ECHILD): the default until the exec puts it back. */
	sigaction(SIGCHLD, &(struct sigaction){ .sa_handler = SIG_DFL },
		  &run.chld);

	/* Parse, resolve, check. */
	what = cli_parse(argc, argv, &plan, &usage);
	if (what == CLI_ERROR)
		cli_usage_error(usage);
	if (what != CLI_RUN)
		return info(what);
	plan_resolve(&plan);
	if ((bad = plan_conflict(&plan, msg, sizeof msg)) != NULL ||
	    (bad = maps_resolve(&plan)) != NULL ||
	    (bad = persist_conflict(&plan)) != NULL ||
	    (bad = list_conflict(&plan, msg, sizeof msg)) != NULL)
		cli_usage_error(bad);
	plan_steps(&plan, &steps);

	/* Show. */
	if (plan.opts & OPT_VERBOSE)
		narration_init(plan.verbosity, plan.opts & OPT_JSON);
	maps_warn_old_forms(&plan);
	if (plan.opts & OPT_LIST)
		return list(&plan);
	if (plan.opts & OPT_DRY_RUN) {
		plan_print(stdout, "", &plan, &steps);
		/* Where the run would predictably fail, it is said now. */
		diagnose_dry_run(plan.effective);
		exec_predict(&steps.step[steps.n - 1], plan.root_dir,
			     (plan.opts & OPT_CLEAR_ENV) && !env_kept(&plan, "PATH")
				     ? DEFAULT_PATH
				     : getenv("PATH"));
		return output_done();
	}
	if (narrating()) {
		say_plan(&plan, &steps);
		ns_snapshot(plan.effective, run.before);
		run.sharers = sharing_before(plan.requested);
	}

	/* Act: each step in its order, through its kind's row, handed the
	 * step and what the steps before it left; the last one the exec. */
	for (size_t i = 0; i < steps.n; i++) {
		const struct step *s = &steps.step[i];

		events_at(step_name(s));
		say_step(s, false);
		step_kinds[s->kind].run(s, &run);
		say_step(s, true);
	}
	return EXIT_TOOL; /* not reached: the last step is the exec */
}
