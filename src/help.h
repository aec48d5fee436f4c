/* --help, from the option table, in its order.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_HELP_H
#define UNSHARE_HELP_H

#include <stddef.h>
#include <stdio.h>

#include "options.h"

/* An option's text in --help, translated: the table's, or made (what kind
 * of namespace, which signals are forwarded) in buf. */
const char *help_text(const struct option_row *r, char *buf, size_t size);

/* The usage line for name, doc, each group's title and options (with
 * their text at column 29, in the table's order), then after; every
 * text wrapped at 79 columns. */
void help_print(FILE *out, const char *name, const char *doc,
		const char *after);

#endif
