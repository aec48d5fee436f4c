/* Writing JSON: our own small encoder (see README for why).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_JSON_H
#define UNSHARE_JSON_H

#include <stdio.h>

/* s as a JSON string, quotes included: ", \ and control characters (C0,
 * DEL and the C1 controls U+0080 to U+009F) escaped, valid UTF-8 kept as it is, and each byte that is not part of
 * valid UTF-8 written as U+FFFD. */
void json_string(FILE *out, const char *s);

/* The version of our JSON, the first member of each document we write
 * (the --dry-run plan, the --list flags, each --verbose event line).
 * Within a version, keys are only added; a key removed, or one whose
 * meaning or type changes, makes the next version.  2: --list's "ns"
 * is the inode number (it was the entry's name, now "type"), as lsns(8)
 * has them. */
#define JSON_VERSION 4

/* Opens a document: {"version":N,"KEY": -- the caller writes KEY's
 * value, any further members, and the closing brace. */
void json_open(FILE *out, const char *key);

#endif
