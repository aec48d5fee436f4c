/* unshare: run a program with parts of its context unshared.
 *
 * The order of operations, top to bottom: refuse a privileged exec;
 * parse, resolve and check the command line; show the plan; start the helpers
 * (namespace files, id maps) and take on --owner, unshare, write the id
 * maps and clock offsets, set propagation, fork and supervise, chroot,
 * mount proc and binfmt_misc, take on the program's ids, keep the
 * namespaces in files, set the environment, run an init, exec.  main
 * decides whether each step runs; a step, once called, does its work.
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

int main(int argc, char **argv)
{
	struct plan plan;
	ino_t before[UNSHARE_NFLAGS], after[UNSHARE_NFLAGS];
	int report_fd = -1, binfmt_fd = -1;
	struct map_helper helper;
	struct persist_helper persist;
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

	/* Parse (a failed parse has made its message an event if --verbose
	 * and --json are among the options), resolve, check.  With --verbose
	 * --json, every line of ours on stderr is an event from the plan on. */
	what = cli_parse(argc, argv, &plan, false, &usage);
	if (what == CLI_ERROR)
		cli_usage_error(usage);
	if (what != CLI_RUN)
		return info(what);
	if (plan.opts & OPT_JSON)
		i18n_english();
	plan_resolve(&plan);
	if ((plan.opts & (OPT_VERBOSE | OPT_JSON)) == (OPT_VERBOSE | OPT_JSON))
		json_messages();
	if ((bad = plan_conflict(&plan, msg, sizeof msg)) != NULL ||
	    (bad = userns_resolve(&plan)) != NULL)
		cli_usage_error(bad);

	/* Show. */
	userns_warn_old_forms(&plan);
	if (plan.opts & OPT_LIST)
		return list_flags(&plan);
	if (plan.opts & OPT_DRY_RUN) {
		plan_print(stdout, "", &plan);
		return output_done();
	}
	if (plan.opts & OPT_VERBOSE) {
		say_plan(&plan);
		ns_snapshot(plan.effective, before);
		sharing_report(&plan, false);
	}

	/* Act. */
	if (persist_wanted(&plan))
		persist_start(&plan, &persist);
	if (userns_needs_helper(&plan))
		userns_start_helper(&plan, &helper);
	if (plan.owner_uid != NO_ID)
		userns_become_owner(&plan);
	/* The full unsigned long: glibc's unshare(int) would cut it. */
	if (plan.effective &&
	    syscall(SYS_unshare, plan.effective) != 0) {
		say_failed(&plan, "unshare", errno);
		diagnose_unshare(errno, plan.effective);
		return EXIT_TOOL;
	}
	if (plan.opts & OPT_VERBOSE) {
		ns_snapshot(plan.effective, after);
		ns_report(&plan, before, after);
		sharing_report(&plan, true);
	}
	if ((plan.effective & UNSHARE_USER) && userns_has_maps(&plan))
		userns_write_maps(&plan, &helper);
	if (plan.opts & (OPT_MONOTONIC | OPT_BOOTTIME))
		timens_apply(&plan);
	if ((plan.effective & UNSHARE_MOUNT) &&
	    plan.propagation != PROP_UNCHANGED)
		mounts_propagation(&plan);

	/* From here on, in the child if there is one: the parent only
	 * waits and ends as the child does. */
	if (plan.opts & OPT_FORK)
		supervise_fork(&plan, &report_fd);
	if (mounts_binfmt_fixed_first(&plan))
		binfmt_fd = mounts_binfmt_fixed(&plan);
	if (plan.root_dir || plan.wd_dir)
		mounts_root(&plan);
	if (plan.opts & OPT_MOUNT_PROC)
		mounts_proc(&plan);
	if (plan.opts & OPT_MOUNT_BINFMT)
		mounts_binfmt(&plan, binfmt_fd);
	if (identity_wanted(&plan))
		identity_apply(&plan);
	if (persist_wanted(&plan))
		persist_now(&plan, &persist);
	if (plan.opts & OPT_CLEAR_ENV)
		env_apply(&plan);
	if (plan.opts & OPT_INIT)
		supervise_init(&plan, report_fd);
	exec_program(&plan);
}
