/* Writing JSON: our own small encoder (see README for why).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_JSON_H
#define UNSHARE_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included: ", \ and control characters
 * escaped, valid UTF-8 kept as it is, and each byte that is not part of
 * valid UTF-8 written as U+FFFD. */
void json_string(FILE *out, const char *s);

#endif
