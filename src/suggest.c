/* "Did you mean": a long option that is none of ours, even abbreviated,
 * named with the nearest of ours.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "suggest.h"

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

/* argp's own long options, which are not in our table. */
static const char *const argp_own[] = { "help", "usage", "version" };

/* A long option that is none of ours, not even abbreviated, gets "did you
 * mean" before argp refuses it.  Only our options are looked at: the scan
 * stops where argp will (the first non-option, or --).  argv[0] names us
 * in the messages. */
int suggest_option(char **argv, const struct argp_option *opts, bool quiet)
{
	for (int i = 1; argv[i]; i++) {
		const char *a = argv[i], *name, *best = NULL;
		size_t len, best_d = 64, d;
		const struct argp_option *match = NULL;
		bool known = false;

		if (a[0] != '-' || a[1] == '\0' || strcmp(a, "--") == 0)
			return 0;
		if (a[1] != '-') {
			/* A short option that takes a value ends its cluster,
			 * or takes the next word. */
			for (const char *c = a + 1; *c; c++) {
				const struct argp_option *o;

				for (o = opts; o->name || o->key || o->doc; o++)
					if (o->key == *c)
						break;
				if (o->key == *c && o->arg &&
				    !(o->flags & OPTION_ARG_OPTIONAL)) {
					if (c[1] == '\0' && argv[++i] == NULL)
						return 0;
					break;
				}
			}
			continue;
		}
		name = a + 2;
		len = strcspn(name, "=");
		for (const struct argp_option *o = opts;
		     o->name || o->key || o->doc; o++) {
			if (!o->name)
				continue;
			if (strncmp(o->name, name, len) == 0) {
				known = true;
				match = match ? match : o;
			}
			if ((d = distance(o->name, name, len)) < best_d)
				best_d = d, best = o->name;
		}
		for (size_t k = 0; k < sizeof argp_own / sizeof *argp_own; k++)
			known |= strncmp(argp_own[k], name, len) == 0;
		if (!known && quiet)
			return -1;
		if (!known) {
			fprintf(stderr, "%s: unrecognized option '%s'\n",
				argv[0], a);
			if (best && best_d <= 2)
				fprintf(stderr, "%s: did you mean '--%s'?\n",
					argv[0], best);
			fprintf(stderr, "Try `%s --help' or `%s --usage' for "
				"more information.\n", argv[0], argv[0]);
			exit(EXIT_TOOL);
		}
		/* Its value is the next word: skip it, if there is one. */
		if (match && match->arg &&
		    !(match->flags & OPTION_ARG_OPTIONAL) && name[len] != '=' &&
		    argv[++i] == NULL)
			return 0;
	}
	return 0;
}

