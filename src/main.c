/* unshare: run a program with parts of its context unshared.
 *
 * The order of operations: refuse a privileged exec; parse, resolve and
 * check the command line, and list the steps of the run (steps.c, where
 * their order is); show the plan; start the helpers (namespace files, id
 * maps); then carry out each step, the last one the exec.  The plan's
 * text and JSON are written from the same list of steps.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cli.h"
#include "diagnose.h"
#include "env.h"
#include "events.h"
#include "exec.h"
#include "i18n.h"
#include "identity.h"
#include "list.h"
#include "mounts.h"
#include "net.h"
#include "output.h"
#include "persist.h"
#include "plan.h"
#include "quote.h"
#include "sharing.h"
#include "supervise.h"
#include "timens.h"
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

/* What the steps of a run hand on to later ones. */
struct run {
	struct map_helper maps;       /* writes the maps from outside */
	struct persist_helper persist; /* binds the namespaces' files */
	ino_t before[UNSHARE_NFLAGS]; /* --verbose: inodes before */
	struct sharing *sharers;      /* --verbose: who shared before */
	int report_fd;                /* the init reports the program's
					 status here */
	int alive_fd;                 /* --kill-child: end of file once the
					 parent is gone */
	int binfmt_fd;                /* the binfmt_misc to register in */
};

static void do_unshare(const struct plan *plan, const struct step *s,
		       struct run *run)
{
	ino_t after[UNSHARE_NFLAGS];

	/* The full unsigned long: glibc's unshare(int) would cut it. */
	if (syscall(SYS_unshare, s->mask) != 0) {
		events_failed("unshare", errno);
		diagnose_unshare(errno, s->mask);
		exit(EXIT_TOOL);
	}
	if (narrating()) {
		ns_snapshot(s->mask, after);
		ns_report(s->mask, run->before, after);
		sharing_after(plan, run->sharers);
	}
}

/* One step, as plan_steps lists it. */
static void act(const struct plan *plan, const struct step *s,
		struct run *run)
{
	switch (s->kind) {
	case STEP_OWNER:
		userns_become_owner(plan);
		break;
	case STEP_UNSHARE:
		do_unshare(plan, s, run);
		break;
	case STEP_MAPS:
		userns_write_maps(plan, &run->maps);
		break;
	case STEP_CLOCKS:
		timens_apply(s);
		break;
	case STEP_LOOPBACK:
		net_loopback(plan);
		break;
	case STEP_PROPAGATION:
		mounts_propagation(plan);
		break;
	case STEP_FORK:
		/* The parent waits and ends as the child does: from here
		 * on, this is the child. */
		supervise_fork(plan, &run->report_fd, &run->alive_fd);
		break;
	case STEP_BINFMT_EARLY:
		run->binfmt_fd = mounts_binfmt_instance();
		break;
	case STEP_ROOT:
		mounts_chroot(s->path);
		break;
	case STEP_WD:
		mounts_chdir(plan, s->path);
		break;
	case STEP_PROC:
		mounts_proc(plan, s->path);
		break;
	case STEP_BINFMT:
		run->binfmt_fd = mounts_binfmt(plan, s->path, run->binfmt_fd);
		break;
	case STEP_INTERP:
		mounts_register(plan, s, run->binfmt_fd);
		break;
	case STEP_SETGID:
		identity_setgid(plan, s->id);
		break;
	case STEP_SETUID:
		identity_setuid(plan, s->id);
		break;
	case STEP_REARM:
		supervise_arm(plan, run->alive_fd);
		break;
	case STEP_KEEP_CAPS:
		identity_keep_caps(plan);
		break;
	case STEP_PERSIST:
		persist_now(plan, &run->persist);
		break;
	case STEP_ENVIRONMENT:
		env_apply(plan);
		break;
	case STEP_INIT:
		supervise_init(run->report_fd);
		break;
	case STEP_EXEC:
		exec_program(s);
	}
}

int main(int argc, char **argv)
{
	struct plan plan;
	struct run run = { .report_fd = -1, .alive_fd = -1, .binfmt_fd = -1 };
	enum cli_result what;
	char msg[1024], *usage;
	const char *bad;
	const struct step *s;

	/* Our name starts every message, and argv[0] is the caller's
	 * choice: one that cannot be shown as it is gives way to ours. */
	if (quoted(program_invocation_short_name) !=
	    program_invocation_short_name)
		program_invocation_short_name = (char *)"unshare";
	refuse_secure();
	setvbuf(stderr, stderr_line, _IOLBF, sizeof stderr_line);

	/* Parse, resolve, check. */
	what = cli_parse(argc, argv, &plan, &usage);
	if (what == CLI_ERROR)
		cli_usage_error(usage);
	if (what != CLI_RUN)
		return info(what);
	plan_resolve(&plan);
	if ((bad = plan_conflict(&plan, msg, sizeof msg)) != NULL ||
	    (bad = userns_resolve(&plan)) != NULL ||
	    (bad = persist_conflict(&plan)) != NULL ||
	    (bad = list_conflict(&plan, msg, sizeof msg)) != NULL)
		cli_usage_error(bad);
	plan_steps(&plan);

	/* Show. */
	if (plan.opts & OPT_VERBOSE)
		narration_init(plan.verbosity, plan.opts & OPT_JSON);
	userns_warn_old_forms(&plan);
	if (plan.opts & OPT_LIST)
		return list(&plan);
	if (plan.opts & OPT_DRY_RUN) {
		plan_print(stdout, "", &plan);
		return output_done();
	}
	if (narrating()) {
		say_plan(&plan);
		ns_snapshot(plan.effective, run.before);
		run.sharers = sharing_before(&plan);
	}

	/* Act: first the helpers, which must start in the caller's
	 * namespaces, then each step in its order, the last one the exec. */
	if (plan_step(&plan, STEP_PERSIST))
		persist_start(&plan, &run.persist);
	if ((s = plan_step(&plan, STEP_MAPS)) &&
	    (s->maps.writer == MAP_DIRECT || s->maps.writer == MAP_NEWIDMAP))
		userns_start_helper(&plan, &run.maps);
	for (size_t i = 0; i < plan.n_steps; i++)
		act(&plan, &plan.steps[i], &run);
	return EXIT_TOOL; /* not reached: the last step is the exec */
}
