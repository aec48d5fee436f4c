/* "Did you mean" for mistyped long options.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SUGGEST_H
#define UNSHARE_SUGGEST_H

#include <argp.h>
#include <stdbool.h>

/* Scan our options in argv (up to the first non-option or --) for a long
 * one that matches none of opts, not even as an abbreviation: say so,
 * with the nearest of ours, and exit 125; or, quiet, return -1.  0 when
 * every long option is known. */
int suggest_option(char **argv, const struct argp_option *opts, bool quiet);

#endif
