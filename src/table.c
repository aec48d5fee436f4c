/* A table of text: aligned for a terminal, its long columns broken into
 * lines to fit it, or raw for scripts.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "i18n.h"
#include "quote.h"
#include "table.h"
#include "wrap.h"

size_t table_columns(const char *list, const struct column *cols,
		     size_t ncols, size_t *shown, char *msg, size_t size)
{
	const char *p = list;
	size_t n = 0;

	if (!p) {
		for (size_t c = 0; c < ncols; c++)
			if (!cols[c].extra)
				shown[n++] = c;
		return n;
	}
	for (;;) {
		size_t len = strcspn(p, ","), c, k = 0;

		for (c = 0; c < ncols; c++)
			if (len == strlen(cols[c].name) &&
			    strncasecmp(p, cols[c].name, len) == 0)
				break;
		while (k < n && shown[k] != c)
			k++;
		if (c == ncols || k < n) {
			char name[64], names[200] = "";

			for (k = 0; k < ncols; k++)
				snprintf(names + strlen(names),
					 sizeof names - strlen(names), "%s%s",
					 k ? ", " : "", cols[k].name);
			snprintf(name, sizeof name, "%.*s", (int)len, p);
			if (len == 0)
				snprintf(msg, size,
					 /* TRANSLATORS: %s is the columns'
					  * names ("flag, option, value"). */
					 _("--output: a column's name is "
					   "empty; give some of: %s"),
					 names);
			else if (c < ncols)
				/* TRANSLATORS: %s is a column's name. */
				snprintf(msg, size, _("--output: %s is named "
						      "twice"), quoted(name));
			else
				/* TRANSLATORS: the first %s is what was
				 * given, the second the columns' names
				 * ("flag, option, value"). */
				snprintf(msg, size,
					 _("--output: %s is not a column of "
					   "this table; give some of: %s"),
					 quoted(name), names);
			return 0;
		}
		shown[n++] = c;
		if (p[len] == '\0')
			return n;
		p += len + 1;
	}
}

/* The widest a wrapped text column gets before the other takes room. */
#define MIN_TEXT 12

/* The longest word of s, in columns. */
static size_t longest_word(const char *s)
{
	size_t longest = 0;

	for (s += strspn(s, " "); *s; s += strspn(s, " ")) {
		size_t n = strcspn(s, " "), cols = text_columns(s, n);

		if (cols > longest)
			longest = cols;
		s += n;
	}
	return longest;
}

/* A table's rows, cells[row * ncols + column], as --raw writes them: a
 * row a line, its cells parted by one blank, and in a cell each blank,
 * backslash or control character as \xHH, so that a script splits the
 * line at blanks. */
static void table_raw(const struct column *cols, size_t ncols,
		      const char *const *cells, size_t nrows,
		      const size_t *shown, size_t nshown, bool heads)
{
	for (size_t i = heads ? 0 : 1; i <= nrows; i++) {
		for (size_t k = 0; k < nshown; k++) {
			const char *s = i ? cells[(i - 1) * ncols + shown[k]]
					  : cols[shown[k]].head;

			if (k)
				putchar(' ');
			/* What aligns a cell in the table ("   --fs") goes. */
			s += strspn(s, " ");
			for (; *s; s++) {
				unsigned char ch = (unsigned char)*s;

				if (ch <= ' ' || ch == '\\' || ch == 0x7f)
					printf("\\x%02x", ch);
				else
					putchar(ch);
			}
		}
		putchar('\n');
	}
}

/* A table, aligned: each column as wide as its widest cell (counted as
 * the terminal shows them), one blank between columns and two before the
 * first that wraps.  Where the rows would pass the width the table may
 * take, the columns that wrap share what the others leave (the second of
 * two a third, or its longest word if that is more, within half) and are
 * broken into lines at blanks, each under itself.  No line ends in
 * blanks. */
static void table_text(const struct column *cols, size_t ncols,
		       const char *const *cells, size_t nrows,
		       const size_t *shown, size_t nshown, bool heads)
{
	size_t width[TABLE_MAX_SHOWN] = { 0 }, gap[TABLE_MAX_SHOWN] = { 0 }, fixed = 0;
	size_t limit = text_width(STDOUT_FILENO);
	size_t wraps[2] = { 0, 0 }, nwraps = 0, least[2] = { 0, 0 };

	for (size_t k = 0; k < nshown; k++) {
		const struct column *col = &cols[shown[k]];

		width[k] = heads ? text_columns(col->head, strlen(col->head)) : 0;
		for (size_t i = 0; i < nrows; i++) {
			const char *cell = cells[i * ncols + shown[k]];
			size_t n = text_columns(cell, strlen(cell));

			if (n > width[k])
				width[k] = n;
		}
		gap[k] = k == 0 ? 0 : 1;
		if (col->wraps && nwraps < 2) {
			if (nwraps == 0 && k > 0)
				gap[k] = 2;
			wraps[nwraps++] = k;
		} else {
			fixed += width[k];
		}
		fixed += gap[k];
	}
	/* A word is never broken: a column that wraps is at least as wide
	 * as its longest word. */
	for (size_t w = 0; w < nwraps; w++)
		for (size_t i = 0; i < nrows; i++) {
			size_t n = longest_word(
				cells[i * ncols + shown[wraps[w]]]);

			if (n > least[w])
				least[w] = n;
		}
	if (limit && nwraps &&
	    fixed + width[wraps[0]] + (nwraps == 2 ? width[wraps[1]] : 0) >
		    limit) {
		size_t room = limit > fixed + nwraps * MIN_TEXT
				      ? limit - fixed
				      : nwraps * MIN_TEXT;

		if (nwraps == 1) {
			width[wraps[0]] = room > least[0] ? room : least[0];
		} else {
			size_t second = room / 3;

			if (second < least[1] && least[1] <= room / 2)
				second = least[1];
			if (second > width[wraps[1]])
				second = width[wraps[1]];
			if (room - second > width[wraps[0]])
				second = room - width[wraps[0]];
			width[wraps[1]] = second > least[1] ? second : least[1];
			width[wraps[0]] = room - second > least[0] ? room - second
								   : least[0];
		}
	}

	for (size_t i = heads ? 0 : 1; i <= nrows; i++) {
		const char *left[TABLE_MAX_SHOWN] = { NULL };
		bool more = true;

		for (size_t k = 0; k < nshown; k++)
			left[k] = i ? cells[(i - 1) * ncols + shown[k]]
				    : cols[shown[k]].head;
		/* A line of each column at a time; the columns that do not
		 * wrap have all of theirs on the first. */
		for (bool first = true; more; first = false) {
			size_t pending = 0;

			more = false;
			for (size_t k = 0; k < nshown; k++) {
				bool wraps_here = (nwraps > 0 && k == wraps[0]) ||
						  (nwraps > 1 && k == wraps[1]);
				size_t n = wraps_here && limit
						   ? wrap_bytes(left[k], width[k])
						   : strlen(left[k]);
				char line[512];

				if (!first && !wraps_here)
					n = 0;
				snprintf(line, sizeof line, "%.*s", (int)n,
					 left[k]);
				left[k] += n;
				if (wraps_here) {
					left[k] += strspn(left[k], " ");
					more |= *left[k] != '\0';
				}
				pending += gap[k];
				if (*line) {
					size_t w = text_columns(line,
								strlen(line));

					printf("%*s%s", (int)pending, "", line);
					pending = w < width[k] ? width[k] - w : 0;
				} else {
					pending += width[k];
				}
			}
			putchar('\n');
		}
	}
}

void table_print(const struct column *cols, size_t ncols,
		 const char *const *cells, size_t nrows, const size_t *shown,
		 size_t nshown, bool heads, bool raw)
{
	if (raw)
		table_raw(cols, ncols, cells, nrows, shown, nshown, heads);
	else
		table_text(cols, ncols, cells, nrows, shown, nshown, heads);
}
