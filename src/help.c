/* --help: the options of each group in the order of the option table
 * (argp, which shows --usage, would sort them by name: --boottime would
 * head the namespaces), laid out as argp lays out a help: the option at
 * column 2, its text at column 29, lines of at most 79 columns.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "help.h"
#include "i18n.h"
#include "options.h"
#include "quote.h"
#include "sig.h"

#define DOC_COLUMN 29
#define WIDTH 79

static const char *const group_title[] = {
	[GROUP_NS] = N_("Namespaces (each a new one of its kind):"),
	[GROUP_USERNS] = N_("User namespace and identity (each map option "
			    "implies --user):"),
	[GROUP_CONTEXT] = N_("Process context (each a private copy):"),
	[GROUP_EXEC] = N_("Execution:"),
	[GROUP_OUTPUT] = N_("Output:"),
	[GROUP_INFO] = NULL, /* last, untitled */
};

/* text from column col on, broken at blanks so that no line passes
 * WIDTH, each line after the first indented to indent.  Within a line
 * the blanks are kept as written (two after a full stop). */
static void wrap(FILE *out, const char *text, size_t col, size_t indent)
{
	size_t gap = col > indent; /* blanks before the first word */

	while (*text) {
		size_t word = strcspn(text, " ");
		size_t width = text_columns(text, word);

		if (col > indent && col + gap + width > WIDTH) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else {
			fprintf(out, "%*s", (int)gap, "");
			col += gap;
		}
		fwrite(text, 1, word, out);
		col += width;
		text += word;
		gap = strspn(text, " ");
		text += gap;
	}
	fputc('\n', out);
}

const char *help_text(const struct option_row *r, char *buf, size_t size)
{
	char list[200];

	if (r->group == GROUP_NS && r->flag)
		/* TRANSLATORS: the first %s is the kind of namespace, as
		 * the option names it (mount, uts, ...), the second what it
		 * gives the program its own copy of. */
		snprintf(buf, size, _("new %s namespace: %s"), row_name(r),
			 _(row_doc(r)));
	else if (r->sets == OPT_FORWARD)
		/* TRANSLATORS: %s is a list of signal names (HUP, INT, ...). */
		snprintf(buf, size, _("pass %s on to the child (without it INT "
				      "and TERM are ignored while waiting); "
				      "implies --fork"),
			 sig_list(forwarded_signals, n_forwarded_signals, list,
				  sizeof list));
	else
		return _(row_doc(r));
	return buf;
}

/* "--name=ARG", "--name[=ARG]" or "--name". */
static int long_form(char *buf, size_t size, const struct option_row *r)
{
	return snprintf(buf, size, "--%s%s%s%s", row_name(r),
			r->arg == ARG_NONE	 ? ""
			: r->arg == ARG_REQUIRED ? "="
						 : "[=",
			r->arg == ARG_NONE ? "" : _(r->arg_name),
			r->arg == ARG_NONE || r->arg == ARG_REQUIRED ? "" : "]");
}

/* One option, its other names (aliases follow it in the table) and its
 * text. */
static void print_row(FILE *out, size_t i)
{
	const struct option_row *r = &option_rows[i];
	char head[160], text[512];
	size_t len;

	len = (size_t)snprintf(head, sizeof head, r->letter ? "  -%c, " : "      ",
			       r->letter);
	len += (size_t)long_form(head + len, sizeof head - len, r);
	for (size_t j = i + 1; j < option_count && option_rows[j].alias; j++) {
		len += (size_t)snprintf(head + len, sizeof head - len, ", ");
		len += (size_t)long_form(head + len, sizeof head - len,
					 &option_rows[j]);
	}
	/* The text at its column; after a long head, on a line of its own. */
	fputs(head, out);
	if (len < DOC_COLUMN) {
		fprintf(out, "%*s", (int)(DOC_COLUMN - len), "");
		len = DOC_COLUMN;
	} else if (len > DOC_COLUMN + 3) {
		fprintf(out, "\n%*s", DOC_COLUMN, "");
		len = DOC_COLUMN;
	}
	wrap(out, help_text(r, text, sizeof text), len, DOC_COLUMN);
}

void help_print(FILE *out, const char *name, const char *doc,
		const char *after)
{
	fprintf(out, _("Usage: %s [OPTION...] [--] [PROGRAM [ARGUMENT...]]\n"),
		name);
	wrap(out, doc, 0, 0);
	for (int g = GROUP_NS; g <= GROUP_INFO; g++) {
		fputc('\n', out);
		if (group_title[g])
			fprintf(out, " %s\n", _(group_title[g]));
		for (size_t i = 0; i < option_count; i++)
			if ((int)option_rows[i].group == g &&
			    !option_rows[i].alias)
				print_row(out, i);
	}
	fputc('\n', out);
	wrap(out, after, 0, 0);
}
