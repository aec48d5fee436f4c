/* "Did you mean": a long option that is none of ours, named with the
 * nearest of ours.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <string.h>

#include "options.h"
#include "suggest.h"

/* Names further than this from every one of ours get no suggestion. */
#define NEAR 2

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/* Edit distance between a and the first blen bytes of b. */
static size_t distance(const char *a, const char *b, size_t blen)
{
	size_t alen = strlen(a), row[64];

	if (alen >= 64 || blen >= 64)
		return 64;
	for (size_t j = 0; j <= blen; j++)
		row[j] = j;
	for (size_t i = 1; i <= alen; i++) {
		size_t prev = row[0];

		row[0] = i;
		for (size_t j = 1; j <= blen; j++) {
			size_t tmp = row[j];

			row[j] = a[i - 1] == b[j - 1]
					 ? prev
					 : 1 + min3(prev, row[j], row[j - 1]);
			prev = tmp;
		}
	}
	return row[blen];
}

const char *suggest_option(const char *word)
{
	const char *name, *best = NULL;
	size_t len, best_d = NEAR + 1;

	if (strncmp(word, "--", 2) != 0)
		return NULL;
	name = word + 2;
	len = strcspn(name, "=");
	for (size_t i = 0; i < option_count; i++) {
		const char *ours = row_name(&option_rows[i]);
		size_t d;

		if (strncmp(ours, name, len) == 0)
			return NULL; /* an abbreviation: known, or ambiguous */
		if ((d = distance(ours, name, len)) < best_d)
			best_d = d, best = ours;
	}
	return best;
}
