/* --help, from the option table, in its order.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_HELP_H
#define UNSHARE_HELP_H

#include <stdio.h>

/* The usage line for name, what the tool does, each group's title and
 * options (one line each, their text at column 30, in the table's
 * order), examples and the exit statuses, in lines of 79 columns. */
void help_print(FILE *out, const char *name);

#endif
