/* Text for people, fitted to the terminal: its width, and lines broken
 * at blanks only.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_WRAP_H
#define UNSHARE_WRAP_H

#include <stdio.h>
#include <stddef.h>

/* The columns text written to fd may take: the terminal's width when fd
 * is one, else COLUMNS when it is a number (as util-linux's tools read
 * it), else 80. */
size_t text_width(int fd);

/* How many bytes of text make its next line of at most width columns,
 * broken at a blank (the blank left for the next line to skip); a word
 * wider than the line is never cut: it makes a line of its own. */
size_t wrap_bytes(const char *text, size_t width);

/* Writes text on out: its first line after what is already written on
 * it (used columns), the others after indent blanks, each at most width
 * columns, broken at blanks; then a newline. */
void wrap_print(FILE *out, const char *text, size_t used, size_t indent,
		size_t width);

/* text, each word (between blanks) wider than limit columns cut to it:
 * its start, an ellipsis (one in the locale's charset), its end, so a
 * long value typed keeps what tells it apart.  Allocated; NULL if
 * memory is short. */
char *wrap_cut(const char *text, size_t limit);

/* The lines wrap_print() would make of text. */
size_t wrap_lines(const char *text, size_t used, size_t indent, size_t width);

/* text as wrap_print() would lay it out, kept to its first lines lines
 * (at least one), and ended with an ellipsis where it is cut.
 * Allocated; NULL if memory is short. */
char *wrap_trim(const char *text, size_t used, size_t indent, size_t width,
		size_t lines);

#endif
