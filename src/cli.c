/* The command line: getopt_long over arrays made from the option table,
 * and the help and usage from the same table (help.c, argp).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <argp.h>
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "events.h"
#include "fail.h"
#include "help.h"
#include "i18n.h"
#include "options.h"
#include "quote.h"
#include "suggest.h"

/* getopt_long's key for a row without a letter: KEY_ROW + its index. */
#define KEY_ROW 0x100

static const struct option_row *row_of_key(int key)
{
	if (key >= KEY_ROW && key < KEY_ROW + (int)option_count)
		return &option_rows[key - KEY_ROW];
	for (size_t i = 0; key > 0 && i < option_count; i++)
		if (option_rows[i].letter == key)
			return &option_rows[i];
	return NULL;
}

/* getopt_long's two arrays: a letter with ':' for a value it requires
 * (a namespace's letter takes none: -Ur is -U -r), and every long name,
 * with its =FILE or =DIR optional. */
static void getopt_arrays(struct option *longopts, char *shortopts)
{
	static const int has_arg[] = {
		[ARG_NONE] = no_argument,
		[ARG_REQUIRED] = required_argument,
		[ARG_OPTIONAL] = optional_argument,
		[ARG_NS_FILE] = optional_argument,
	};

	*shortopts++ = '+'; /* stop at the first non-option */
	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];

		longopts[i] = (struct option){ row_name(r), has_arg[r->arg],
					       NULL, KEY_ROW + (int)i };
		if (!r->letter)
			continue;
		*shortopts++ = (char)r->letter;
		if (r->arg == ARG_REQUIRED)
			*shortopts++ = ':';
	}
	longopts[option_count] = (struct option){ NULL, 0, NULL, 0 };
	*shortopts = '\0';
}

/* --json and --verbose settle how everything is said, a usage error
 * included, so they are looked for first: read as the options are read,
 * but past an error (an option after the one at fault counts too).
 * --json makes every message English; with --verbose as well, every
 * line on stderr becomes a JSON event. */
static void settle_output(int argc, char **argv, const struct option *longopts,
			  const char *shortopts)
{
	uint64_t opts = 0;
	int key;

	optind = 0;
	opterr = 0;
	while ((key = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct option_row *r = row_of_key(key);

		if (r)
			opts |= r->sets;
	}
	if (opts & OPT_JSON)
		i18n_english();
	if ((opts & (OPT_VERBOSE | OPT_JSON)) == (OPT_VERBOSE | OPT_JSON))
		json_messages();
}

/* getopt's complaint, in its words, but with what the user typed quoted
 * (getopt itself would print it raw, escape sequences and all), then
 * where --help answers.  After getopt_long returned '?': optopt is the
 * letter at fault, KEY_ROW and up for a known long option given wrongly,
 * or 0 for an unknown or ambiguous one, which is then argv[optind - 1]. */
static void option_error(char **argv, const struct option *longopts,
			 const char *shortopts)
{
	const struct option_row *row = optopt >= KEY_ROW ? row_of_key(optopt)
							 : NULL;
	const char *arg = argv[optind - 1], *name = arg + 2, *hint = NULL,
		   *near;
	char *what = NULL, *alt = NULL, c = (char)optopt;
	size_t len = strcspn(name, "="), matches = 0;
	int n = 0;

	if (optopt > 0 && optopt < KEY_ROW) {
		const char *letter = strchr(shortopts + 1, optopt);
		const struct option_row *prev;

		n = asprintf(&what, letter && letter[1] == ':'
					    ? _("option requires an argument -- %s")
					    : _("invalid option -- %s"),
			     quoted_word(&c, 1));
		/* -n=FILE: the letter before the '=' is a namespace's.  In
		 * the middle of a word of letters, getopt is still at it. */
		if (c == '=' && argv[optind] && argv[optind][0] == '-' &&
		    strchr(argv[optind], '='))
			arg = argv[optind];
		if (c == '=' && arg[0] == '-' && arg[1] != '-' &&
		    (prev = row_of_key(arg[strcspn(arg, "=") - 1])) &&
		    prev->arg == ARG_NS_FILE &&
		    /* TRANSLATORS: --%s=%s is the option and the file as
		     * they should be written. */
		    asprintf(&alt, _("a letter takes no file: write --%s=%s"),
			     row_name(prev),
			     quoted(arg + strcspn(arg, "=") + 1)) >= 0)
			hint = alt;
	} else if (row) {
		n = asprintf(&what, strchr(arg, '=')
				? _("option '--%s' doesn't allow an argument")
				: _("option '--%s' requires an argument"),
			     row_name(row));
	} else {
		for (size_t i = 0; longopts[i].name; i++)
			matches += strncmp(longopts[i].name, name, len) == 0;
		n = -2; /* ambiguous */
		if (matches < 2) {
			n = asprintf(&what, _("unrecognized option %s"),
				     quoted_word(arg, strlen(arg)));
			if ((near = suggest_option(arg)) != NULL &&
			    asprintf(&alt, _("did you mean '--%s'?"), near) >= 0)
				hint = alt;
		}
	}
	if (n >= 0) {
		frame(what, 0, hint);
	} else if (n == -2) {
		char *list = NULL;
		size_t size = 0;
		FILE *f = open_memstream(&list, &size);

		/* TRANSLATORS: %s is the option as typed; the options it may
		 * stand for follow. */
		if (f) {
			fprintf(f, _("option %s is ambiguous; possibilities:"),
				quoted_word(arg, strlen(arg)));
			/* Five at most, all of them but for --m and --ma: the
			 * message stays within three lines. */
			for (size_t i = 0, k = 0; longopts[i].name; i++) {
				if (strncmp(longopts[i].name, name, len) != 0)
					continue;
				if (k < 5)
					fprintf(f, " '--%s'", longopts[i].name);
				else if (k == 5)
					fputs(" ...", f);
				k++;
			}
			if (fclose(f) == 0)
				frame(list, 0, NULL);
		}
		free(list);
	}
	free(what);
	free(alt);
	fprintf(stderr, _("Try '%s --help' or '%s --usage' for more "
			  "information.\n"), program_invocation_short_name,
		program_invocation_short_name);
}

enum cli_result cli_parse(int argc, char **argv, struct plan *plan,
			  char **msg)
{
	struct option longopts[option_count + 1];
	char shortopts[2 * option_count + 2];
	const struct option_row *last = NULL;
	int key;

	plan_init(plan);
	*msg = NULL;
	getopt_arrays(longopts, shortopts);
	settle_output(argc, argv, longopts, shortopts);
	argv[0] = program_invocation_short_name;
	optind = 0; /* and start afresh */
	opterr = 0; /* option_error says it */
	while ((key = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct option_row *r = row_of_key(key);

		if (r == NULL) {
			/* What is wrong, and where to look; an unknown long
			 * option may be a typo of ours. */
			option_error(argv, longopts, shortopts);
			return CLI_ERROR;
		}
		if (r->stop)
			return r->stop == STOP_HELP    ? CLI_HELP
			       : r->stop == STOP_USAGE ? CLI_USAGE
						       : CLI_VERSION;
		plan_give(plan, (size_t)(r - option_rows));
		plan->opts |= r->sets;
		plan->requested |= r->flag;
		if (option_take(plan, r, optarg, msg) != 0)
			return CLI_ERROR;
		last = (r->arg == ARG_NS_FILE || r->arg == ARG_OPTIONAL) &&
				       !optarg
			       ? r
			       : NULL;
	}
	if (optind < argc)
		plan->argv = &argv[optind];
	/* --net /tmp/x, --mount-proc /proc: the program came right after
	 * a bare option that takes an attached value (not after --), for a
	 * hint if it cannot be run. */
	if (plan->argv && last && strncmp(argv[optind - 1], "--", 2) == 0 &&
	    argv[optind - 1][2])
		plan->bare_ns = row_name(last);
	return CLI_RUN;
}

_Noreturn void cli_usage_error(const char *msg)
{
	if (msg && *msg)
		frame(msg, 0, NULL);
	exit(EXIT_TOOL);
}

/* The help. */

static int help_key(size_t i)
{
	return option_rows[i].letter ? option_rows[i].letter
				     : KEY_ROW + (int)i;
}

void cli_help(FILE *out, bool usage_only)
{
	/* --usage by argp, from the names alone. */
	struct argp_option options[option_count + 1], *o = options;
	const struct argp argp = {
		.options = options,
		.args_doc = N_("[--] [PROGRAM [ARGUMENT...]]"),
	};
	char ns_names[UNSHARE_NFLAGS][32];
	size_t n_ns = 0;

	if (!usage_only) {
		help_print(out, program_invocation_short_name);
		return;
	}
	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];
		const char *name = row_name(r),
			   *arg = *r->arg_name ? r->arg_name : NULL;

		/* argp would show -m[FILE], which we do not take: the array
		 * only shows the usage, so the optional FILE goes into the
		 * long name. */
		if (r->arg == ARG_NS_FILE) {
			snprintf(ns_names[n_ns], sizeof ns_names[n_ns],
				 "%s[=%s]", name, arg);
			name = ns_names[n_ns++];
			arg = NULL;
		}
		*o++ = (struct argp_option){
			.name = name,
			.key = help_key(r->alias ? i - 1 : i),
			.arg = arg,
			.flags = (r->arg == ARG_OPTIONAL ? OPTION_ARG_OPTIONAL
							 : 0) |
				 (r->alias ? OPTION_ALIAS : 0),
		};
	}
	*o = (struct argp_option){ 0 };
	/* argp translates what it prints itself, "Usage:" from our
	 * catalog (our argp_domain, none, is the one textdomain names):
	 * help.c says the word too. */
	i18n_init();
	argp_help(&argp, out, ARGP_HELP_USAGE, program_invocation_short_name);
}
