/* A table of text: aligned for a terminal, its long columns broken into
 * lines to fit it, or raw for scripts (--list's two tables).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_TABLE_H
#define UNSHARE_TABLE_H

#include <stdbool.h>
#include <stddef.h>

/* A column of a table: the name --output knows it by, its heading, and
 * whether its text may be broken into lines to fit the terminal. */
struct column {
	const char *name;
	const char *head;
	bool wraps;
	bool extra; /* shown only when --output names it */
};

/* The most columns a table has. */
#define TABLE_MAX_SHOWN 16

/* The columns shown: every one but the extra ones when list is NULL,
 * else those named in list (comma-separated, any case), in its order, as
 * indices into cols.
 * Returns how many, or 0 with a message in msg (a name the table lacks,
 * an empty one, one named twice). */
size_t table_columns(const char *list, const struct column *cols,
		     size_t ncols, size_t *shown, char *msg, size_t size);

/* Writes the table on stdout: cells[row * ncols + column], nrows rows,
 * the columns shown[0..nshown), with the heading line when heads; raw,
 * or aligned by display width and fitted to the terminal. */
void table_print(const struct column *cols, size_t ncols,
		 const char *const *cells, size_t nrows, const size_t *shown,
		 size_t nshown, bool heads, bool raw);

#endif
