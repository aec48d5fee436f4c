/* The command line: getopt_long over arrays made from the option table,
 * and argp to show the help from the same table.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_CLI_H
#define UNSHARE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "plan.h"

/* What the command line asks for. */
enum cli_result { CLI_RUN, CLI_HELP, CLI_USAGE, CLI_VERSION, CLI_ERROR };

/* Parse argv into an empty plan, as util-linux's unshare reads it: up to
 * the first argument that is not an option (or --), the rest being the
 * program's.  --json and --verbose are looked for first, since they
 * settle how everything is said, a usage error included: --json makes
 * every message English, and with --verbose as well every line on
 * stderr becomes a JSON event.  Only parses: no names are looked up,
 * nothing is printed but getopt's own messages, nothing exits.  On CLI_ERROR, *msg is what to
 * say (malloc'd), or NULL when getopt said it.
 * argv[0] becomes our short name, which getopt's messages give. */
enum cli_result cli_parse(int argc, char **argv, struct plan *plan,
			  char **msg);

/* --help (or, with usage_only, --usage) on out, made from the table. */
void cli_help(FILE *out, bool usage_only);

/* A command line that cannot be run: msg (if any; after a newline in it,
 * its hint) on stderr, then exit 125.  An unknown option or a missing
 * value has been said by the parser, with where to look. */
_Noreturn void cli_usage_error(const char *msg);

#endif
