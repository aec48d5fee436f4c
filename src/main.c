/* unshare: run a program with parts of its context unshared.
 *
 * The order of operations: refuse a privileged exec; parse, resolve and
 * check the command line, and list the steps of the run (steps.c, where
 * their order is); show the plan; then run each step, the last one the
 * exec.  A step is run and printed by its kind's row of the step table,
 * from its own values: the plan is the parser's and its printer's, and
 * nothing after the list of steps reads it.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "child.h"
#include "cli.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "list.h"
#include "output.h"
#include "resolve.h"
#include "quote.h"
#include "sharing.h"

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
	if (!getauxval(AT_SECURE))
		return;
	frame(_("refusing privilege from the program's file (set-user-ID, "
		"set-group-ID or file capabilities)"), 0,
	      _("remove it (chmod u-s,g-s; setcap -r), and run as root or "
		"with --user"));
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

/* --dry-run: step s foreseen by its kind's row into *p (or, under an
 * earlier step's mount, as unknown): whether it would fail. */
static bool predict_one(const struct step *s, struct prediction *p)
{
	*p = (struct prediction){ .step = s };
	return s->covered.by ? predict_covered(s, p) : step_predict(s, p);
}

/* Whether a step of kind works on the host's files from our own process
 * (not from a helper forked before --owner changed our ids). */
static bool walks(enum step_kind kind)
{
	switch (kind) {
	case STEP_BINFMT_EARLY:
	case STEP_BIND_SOURCE:
	case STEP_ROOT:
	case STEP_PIVOT_ROOT:
	case STEP_WD:
	case STEP_PROC_PRIVATE:
	case STEP_PROC:
	case STEP_BINFMT:
	case STEP_CGROUP_PRIVATE:
	case STEP_CGROUP_MOUNT:
	case STEP_INTERP:
	case STEP_BIND:
	case STEP_DEV:
	case STEP_TMPFS:
	case STEP_SYSFS:
	case STEP_EXEC:
		return true;
	default:
		return false;
	}
}

/* The steps that walk after the owner step (from i on) foreseen as the
 * run takes them: as --owner's ids, with no privilege over the host's
 * files.  By a child that takes those ids, as the step does, and sends
 * back each of its predictions (one write, under PIPE_BUF), into found
 * from *n on; false, and nothing foreseen, if it could not. */
static bool predict_as(const struct step *owner, const struct steps *steps,
		       size_t i, struct prediction *found, size_t *n)
{
	int fds[2];
	char ok = 0;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) != 0)
		return false;
	if ((pid = fork()) == 0) {
		keep_only(&fds[1], 1);
		ok = setgroups(0, NULL) == 0 &&
		     setresgid((gid_t)owner->owner.gid, (gid_t)owner->owner.gid,
			       (gid_t)owner->owner.gid) == 0 &&
		     setresuid((uid_t)owner->owner.uid, (uid_t)owner->owner.uid,
			       (uid_t)owner->owner.uid) == 0;
		if (write(fds[1], &ok, 1) != 1 || !ok)
			_exit(1);
		for (; i < steps->n; i++)
			if (walks(steps->step[i].kind) &&
			    predict_one(&steps->step[i], &found[0]) &&
			    write(fds[1], &found[0], sizeof found[0]) !=
				    (ssize_t)sizeof found[0])
				_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0 && read(fds[0], &ok, 1) == 1 && ok)
		while (read(fds[0], &found[*n], sizeof found[*n]) ==
		       (ssize_t)sizeof found[*n])
			(*n)++;
	close(fds[0]);
	if (pid > 0)
		wait_child(pid, NULL, 0);
	return ok;
}

static int by_step(const void *a, const void *b)
{
	const struct step *x = ((const struct prediction *)a)->step,
			  *y = ((const struct prediction *)b)->step;

	return (x > y) - (x < y);
}

/* --dry-run: every step foreseen into found, *n of them failing or
 * unsure, in the steps' order. */
static void predict_all(const struct steps *steps, struct prediction *found,
			size_t *n)
{
	size_t owner = steps->n;

	for (size_t i = 0; i < steps->n; i++) {
		const struct step *s = &steps->step[i];

		if (owner < i && walks(s->kind))
			continue;
		if (predict_one(s, &found[*n]))
			(*n)++;
		else if (s->kind == STEP_OWNER && geteuid() == 0)
			owner = i;
	}
	if (owner == steps->n)
		return;
	/* The child could not take the ids: as we see them. */
	if (!predict_as(&steps->step[owner], steps, owner + 1, found, n))
		for (size_t i = owner + 1; i < steps->n; i++)
			if (walks(steps->step[i].kind) &&
			    predict_one(&steps->step[i], &found[*n]))
				(*n)++;
	qsort(found, *n, sizeof *found, by_step);
}

/* --dry-run: the plan, and where the run would predictably fail, each
 * step foreseen by its kind's row: then 125, a check a script can use;
 * where a step's outcome cannot be foreseen, it says so. */
static int dry_run(const struct plan *plan, const struct steps *steps)
{
	static struct prediction found[STEPS_MAX];
	size_t n = 0, failures = 0;
	int status;

	predict_all(steps, found, &n);
	for (size_t i = 0; i < n; i++)
		failures += !found[i].unsure;
	plan_print(stdout, "", plan, steps, found, n);
	if (!(plan->opts & OPT_JSON))
		say_predictions(found, n);
	status = output_done();
	/* What it cannot tell is said, and fails nothing. */
	return status ? status : failures ? EXIT_TOOL : 0;
}

/* --verbose: what unshare(2) will change, seen before anything does. */
static void narrate_before(const struct steps *steps, struct run *run)
{
	for (size_t i = 0; i < steps->n; i++) {
		const struct step *u = &steps->step[i];

		if (u->kind != STEP_UNSHARE)
			continue;
		ns_snapshot(u->unshare.mask, run->narration.before);
		run->narration.sharers = sharing_before(u->unshare.named);
		return;
	}
}

int main(int argc, char **argv)
{
	struct plan plan;
	static struct steps steps;
	struct run run = RUN_INIT;
	enum cli_result what;
	char *usage;
	const char *bad;

	/* The caller, whom --die-with-parent follows, before any fork. */
	run.supervise.parent = getppid();

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
		  &run.supervise.chld);

	/* Parse, resolve, check. */
	what = cli_parse(argc, argv, &plan, &usage);
	if (what == CLI_ERROR)
		cli_usage_error(usage);
	if (what != CLI_RUN)
		return info(what);
	plan_resolve(&plan);
	if ((bad = plan_refusal(&plan)) != NULL)
		cli_usage_error(bad);
	plan_steps(&plan, &steps);

	/* Show: the plan and its steps; after this, only the steps. */
	if (plan.opts & OPT_VERBOSE)
		narration_init(plan.verbosity, plan.opts & OPT_JSON);
	maps_warn_old_forms(&plan);
	if (plan.opts & OPT_LIST)
		return list(&plan);
	if (plan.opts & OPT_DRY_RUN) {
		steps_covered(&steps);
		return dry_run(&plan, &steps);
	}
	if (narrating()) {
		say_plan(&plan, &steps);
		narrate_before(&steps, &run);
	}

	/* Act: each step in its order, through its kind's row, handed the
	 * step and what the steps before it left; the last one the exec. */
	for (size_t i = 0; i < steps.n; i++) {
		const struct step *s = &steps.step[i];

		events_at(step_name(s), step_kinds[s->kind]->doc);
		say_step(s, false);
		step_run(s, &run);
		say_step(s, true);
	}
	return EXIT_TOOL; /* not reached: the last step is the exec */
}
