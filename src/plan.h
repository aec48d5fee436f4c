/* The plan: everything the command line asked for, worked out before
 * anything is done.  One struct, filled by the parser and passed down.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_PLAN_H
#define UNSHARE_PLAN_H

#include <stdbool.h>

#include "flags.h"

/* Our own failures, usage errors included; 126 and 127 are the program's
 * (cannot be run, not found), as in the shell. */
#define EXIT_TOOL 125
#define EXIT_CANNOT_RUN 126
#define EXIT_NOT_FOUND 127

struct plan {
	unsigned long requested;             /* bits asked for */
	unsigned long effective;             /* their closure */
	struct added why[UNSHARE_NFLAGS];    /* how each added bit came in */
	bool verbose;                        /* narrate on stderr */
	bool dry_run;                        /* print the plan, do nothing */
	char **argv;                         /* program and arguments, or NULL
						for the user's shell */
};

/* Parse the command line into *plan (exits on usage errors, --help and
 * --version).  The closure is filled in too. */
void cli_parse(int argc, char **argv, struct plan *plan);

#endif
