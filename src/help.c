/* --help: the options of each group in the order of the option table
 * (argp, which shows --usage, would sort them by name: --boottime would
 * head the namespaces), one line each: the option at column 2, its text
 * at column 30; then examples to copy.  At most 80 lines of at most 79
 * columns; the man page says the rest.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "help.h"
#include "i18n.h"
#include "options.h"
#include "wrap.h"

#define DOC_COLUMN 30
#define WIDTH 79

static const char *const group_title[] = {
	[GROUP_NS] = N_("Namespaces (=FILE keeps one in FILE):"),
	[GROUP_USERNS] = N_("User namespace and ids (each map option implies -U):"),
	[GROUP_CONTEXT] = N_("Process context (each a private copy):"),
	[GROUP_EXEC] = N_("Execution:"),
	[GROUP_OUTPUT] = N_("Output:"),
	[GROUP_INFO] = NULL, /* last, untitled */
};

/* Commands a person would copy, with what each does. */
static const struct {
	const char *command, *doc;
} examples[] = {
	{ "unshare -r", N_("a root shell in a user namespace; see unshare(1)") },
};

/* head, then text (if any) at its column: after a long head, on a line
 * of its own. */
static void line(FILE *out, const char *head, const char *text)
{
	size_t len = strlen(head);

	fputs(head, out);
	if (text == NULL) {
		fputc('\n', out);
		return;
	}
	/* One blank at least: at DOC_COLUMN - 1, one alone. */
	if (len > DOC_COLUMN - 1) {
		fprintf(out, "\n%*s", DOC_COLUMN, "");
		len = DOC_COLUMN;
	}
	fprintf(out, "%*s", (int)(DOC_COLUMN - len), "");
	wrap_print(out, text, DOC_COLUMN, DOC_COLUMN, WIDTH);
}

/* Option i and its text, with the options after it in its group that
 * have none (--usage and --version after --help, --raw after
 * --noheadings) on its line.  The index after them. */
static size_t print_row(FILE *out, size_t i)
{
	const char *doc = row_doc(&option_rows[i]);
	char head[160];
	size_t len = 0;

	do {
		const struct option_row *r = &option_rows[i];
		enum opt_arg arg = r->arg;
		char letter[8] = "";

		if (r->letter)
			snprintf(letter, sizeof letter, "-%c, ", r->letter);
		len += (size_t)snprintf(
			head + len, sizeof head - len, "%s%s--%s%s%s%s",
			len ? ", " : r->letter ? "  " : "      ", letter,
			row_name(r),
			arg == ARG_NONE ? "" : arg == ARG_REQUIRED ? "=" : "[=",
			arg == ARG_NONE ? "" : r->arg_name,
			arg == ARG_NONE || arg == ARG_REQUIRED ? "" : "]");
	} while (++i < option_count && !option_rows[i].alias &&
		 !row_doc(&option_rows[i]) &&
		 option_rows[i].group == option_rows[i - 1].group);
	line(out, head, doc ? _(doc) : NULL);
	return i;
}

void help_print(FILE *out, const char *name)
{
	/* As argp's --usage begins, in its words. */
	fprintf(out, "%s %s [OPTION...] %s\n", _("Usage:"), name,
		_("[--] [PROGRAM [ARGUMENT...]]"));
	fprintf(out, "%s\n", _("Run PROGRAM (by default your shell) with parts "
			       "of its context unshared."));
	for (int g = GROUP_NS; g <= GROUP_INFO; g++) {
		/* The untitled last group ends the one before it; the first
		 * follows the usage at once, and Output Execution (room for
		 * the options). */
		if (group_title[g])
			fprintf(out, "%s %s\n",
				g == GROUP_NS || g == GROUP_OUTPUT ? "" : "\n",
				_(group_title[g]));
		for (size_t i = 0; i < option_count;)
			if ((int)option_rows[i].group == g &&
			    !option_rows[i].alias)
				i = print_row(out, i);
			else
				i++;
	}
	/* On a line each, no title: room for the options. */
	for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
		char head[64];

		snprintf(head, sizeof head, " %s %s", _("Example:"),
			 examples[i].command);
		line(out, head, _(examples[i].doc));
	}
	wrap_print(out, _("Exit status: the program's; 125 unshare failed, 126 "
			  "cannot run, 127 not found."),
		   0, 0, WIDTH);
#ifdef UNSHARE_STATIC
	wrap_print(out, _("This static build reads names from /etc/passwd "
			  "and /etc/group only."), 0, 0, WIDTH);
#endif
}
