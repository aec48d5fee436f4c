/* --list: every flag, and whether this kernel and caller can use it, found
 * by trying it in a throwaway child; --list=options: every option and the
 * values it takes.  Each is made as rows of data first, then written as
 * text or as JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <strings.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "child.h"
#include "fail.h"
#include "i18n.h"
#include "json.h"
#include "list.h"
#include "options.h"
#include "output.h"
#include "procfs.h"
#include "quote.h"
#include "sharing.h"
#include "sig.h"

/* One flag, as --list shows it. */
struct flag_row {
	const struct flag *flag;
	unsigned long inode;   /* of our /proc/self/ns entry, or 0 */
	const struct sharing *shared; /* for SHARING_FLAGS */
	const char *status;    /* usable, needs-privilege, not-in-kernel, ... */
	char verdict[400];     /* in words, with the way around */
};

/* probe(), where a probe that cannot run is the end of --list: a verdict
 * without it would be a guess. */
static int checked_probe(unsigned long mask)
{
	int sig, e = probe(mask, &sig);
	char name[16];

	if (e >= 0)
		return e;
	if (sig == 0)
		fork_failed(N_("--list: the child that tries each flag"));
	/* TRANSLATORS: SIG%s is the signal's name (SIGSYS). */
	fail(EXIT_TOOL, "list", 0,
	     sig == SIGSYS ? _("a seccomp filter kills a process that calls "
			       "unshare(2) here: --list cannot tell more")
			   : NULL,
	     _("--list: the child that tries each flag died of SIG%s"),
	     sig_name(sig, name, sizeof name));
}

static void judge(const struct flag *f, struct flag_row *v)
{
	unsigned long mask = flags_closure(f->bit, NULL);
	int e = checked_probe(mask);
	char path[64];

	switch (e) {
	case 0:
		v->status = "usable";
		snprintf(v->verdict, sizeof v->verdict, "%s",
			 f->bit == UNSHARE_NET
				 ? _("usable (lo starts down in it: add "
				     "--loopback to bring it up)")
				 : _("usable"));
		return;
	case EPERM:
		/* With CAP_SYS_ADMIN, privilege would not help: something
		 * refuses it. */
		if (has_cap(CAP_SYS_ADMIN)) {
			v->status = "refused";
			snprintf(v->verdict, sizeof v->verdict, "%s",
				 f->bit == UNSHARE_USER
				 ? _("refused to this process (a chroot, an "
				     "unmapped id, a security module or a "
				     "seccomp filter)")
				 : _("refused to this process (it has "
				     "CAP_SYS_ADMIN: a security module or a "
				     "seccomp filter)"));
			return;
		}
		v->status = "needs-privilege";
		if (f->bit == UNSHARE_USER)
			snprintf(v->verdict, sizeof v->verdict, "%s",
				 _("needs privilege (user namespaces are "
				   "refused to this process: a sysctl, a "
				   "chroot, a security module)"));
		else if (checked_probe(mask | UNSHARE_USER) == 0)
			snprintf(v->verdict, sizeof v->verdict, "%s",
				 _("needs privilege: add --map-root-user (-r) "
				   "or --user"));
		else
			snprintf(v->verdict, sizeof v->verdict, "%s",
				 _("needs privilege (CAP_SYS_ADMIN)"));
		return;
	case EINVAL:
		v->status = "not-in-kernel";
		if (f->config)
			snprintf(v->verdict, sizeof v->verdict,
				 /* TRANSLATORS: %s is a Linux version (4.6),
				  * %s the kernel's configuration option
				  * (CONFIG_CGROUPS). */
				 _("not in this kernel (first in Linux %s, "
				   "with %s)"),
				 f->since, f->config);
		else
			snprintf(v->verdict, sizeof v->verdict,
				 /* TRANSLATORS: %s is a Linux version
				  * (2.6.16). */
				 _("not in this kernel (first in Linux %s)"),
				 f->since);
		return;
	case ENOSPC:
	case EUSERS:
		v->status = "limit-reached";
		snprintf(path, sizeof path, "/proc/sys/user/max_%s_namespaces",
			 f->ns ? f->ns : "user");
		snprintf(v->verdict, sizeof v->verdict,
			 /* TRANSLATORS: %s is a file of /proc/sys/user, %lld
			  * the number in it. */
			 _("limit reached (%s is %lld)"), path,
			 proc_read_number(path));
		return;
	default:
		v->status = "refused";
		/* TRANSLATORS: %s is the system's error text. */
		snprintf(v->verdict, sizeof v->verdict, _("refused: %s"),
			 i18n_strerror(e));
	}
}

/* The option of a flag's row: "-m --mount", or "   --fs" under the long
 * names. */
static const char *option_text(const struct flag *f, char *buf, size_t size)
{
	const struct option_row *r = row_of_flag(f->bit);

	if (r && r->letter)
		snprintf(buf, size, "-%c --%s", r->letter, f->name);
	else
		snprintf(buf, size, "   --%s", f->name);
	return buf;
}

/* How many tasks share the flag's part of the context with us now: "3",
 * "3+" when some could not be compared, "?" when kcmp(2) cannot tell, "-"
 * for a namespace. */
static const char *shared_text(const struct flag_row *r, char *buf,
			       size_t size)
{
	if (!(r->flag->bit & SHARING_FLAGS))
		return "-";
	if (sharing_unknown(r->shared))
		return "?";
	snprintf(buf, size, "%zu%s", r->shared->n,
		 r->shared->hidden ? "+" : "");
	return buf;
}

/* A column of a table: the name --output knows it by, its heading, and
 * whether its text may be broken into lines to fit the terminal. */
struct column {
	const char *name;
	const char *head;
	bool wraps;
};

enum { COL_FLAG, COL_OPTION, COL_VALUE, COL_INODE, COL_SHARED, COL_DETACHES,
       COL_STATUS, N_FLAG_COLS };

static const struct column flag_columns[N_FLAG_COLS] = {
	{ "flag", "FLAG", false },        { "option", "OPTION", false },
	{ "value", "VALUE", false },      { "inode", "NS INODE", false },
	{ "shared", "SHARED", false },    { "detaches", "DETACHES", true },
	{ "status", "STATUS", true },
};

enum { OCOL_OPTION, OCOL_SHORT, OCOL_ARGUMENT, OCOL_VALUE, OCOL_WORDS,
       N_OPTION_COLS };

static const struct column option_columns[N_OPTION_COLS] = {
	{ "option", "OPTION", false },     { "short", "SHORT", false },
	{ "argument", "ARGUMENT", false }, { "value", "VALUE", false },
	{ "words", "WORDS", false },
};

#define MAX_SHOWN 16

/* The columns a table shows: every one, or those --output names, in its
 * order.  Returns how many, or 0 with a message in msg when a name is not
 * one of the table's. */
static size_t shown_columns(const struct plan *plan,
			    const struct column *cols, size_t ncols,
			    size_t *shown, char *msg, size_t size)
{
	const char *p = plan->list_columns;
	size_t n = 0;

	if (!p) {
		for (size_t c = 0; c < ncols; c++)
			shown[n++] = c;
		return n;
	}
	for (;;) {
		size_t len = strcspn(p, ","), c;

		for (c = 0; c < ncols; c++)
			if (len == strlen(cols[c].name) &&
			    strncasecmp(p, cols[c].name, len) == 0)
				break;
		if (c == ncols || n == MAX_SHOWN) {
			char name[64], names[160] = "";

			for (size_t k = 0; k < ncols; k++)
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
			else if (n == MAX_SHOWN)
				/* TRANSLATORS: %d is a number (16). */
				snprintf(msg, size, _("--output: at most %d "
						      "columns"), MAX_SHOWN);
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

/* The columns a table may take: COLUMNS when it is a number, as
 * util-linux's tools read it, else the terminal's width; 0 when neither
 * says (a pipe, a file): then a row is one line, however long. */
static size_t table_width(void)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;

	if (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);

		if (*end == '\0' && v > 0 && v <= 10000)
			return (size_t)v;
	}
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col > 0)
		return ws.ws_col;
	return 0;
}

/* How many bytes of text make its next line of at most width columns,
 * broken after a word (the blank is left for skip_blanks), or inside a
 * word longer than the line. */
static size_t line_bytes(const char *text, size_t width)
{
	size_t used = 0, end = 0, cols = 0;

	while (text[used]) {
		size_t blank = strspn(text + used, " ");
		const char *piece = text + used + blank;
		/* A hyphen within a word ends a piece too, kept with it (a
		 * German compound, "System-V-IPC"); leading ones
		 * ("--loopback") do not. */
		size_t lead = strspn(piece, "-");
		size_t word = lead + strcspn(piece + lead, " -");
		size_t w;

		word += piece[word] == '-';
		w = text_columns(text + used, blank + word);

		if (cols + w > width) {
			if (end > 0)
				return end;
			/* One word too long: as much of it as fits. */
			for (end = 1; text[end] &&
				      text_columns(text, end + 1) <= width;
			     end++)
				;
			return end;
		}
		cols += w;
		used += blank + word;
		end = used;
	}
	return used;
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
	size_t width[MAX_SHOWN] = { 0 }, gap[MAX_SHOWN] = { 0 }, fixed = 0;
	size_t limit = table_width();
	size_t wraps[2] = { 0, 0 }, nwraps = 0, longest = 0;

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
	if (nwraps == 2)
		for (size_t i = 0; i < nrows; i++) {
			size_t n = longest_word(
				cells[i * ncols + shown[wraps[1]]]);

			if (n > longest)
				longest = n;
		}
	if (limit && nwraps &&
	    fixed + width[wraps[0]] + (nwraps == 2 ? width[wraps[1]] : 0) >
		    limit) {
		size_t room = limit > fixed + nwraps * MIN_TEXT
				      ? limit - fixed
				      : nwraps * MIN_TEXT;

		if (nwraps == 1) {
			width[wraps[0]] = room;
		} else {
			size_t second = room / 3;

			if (second < longest && longest <= room / 2)
				second = longest;
			if (second > width[wraps[1]])
				second = width[wraps[1]];
			if (room - second > width[wraps[0]])
				second = room - width[wraps[0]];
			width[wraps[1]] = second;
			width[wraps[0]] = room - second;
		}
	}

	for (size_t i = heads ? 0 : 1; i <= nrows; i++) {
		const char *left[MAX_SHOWN] = { NULL };
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
						   ? line_bytes(left[k], width[k])
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

/* A table as --raw, or aligned, with the columns --output chose. */
static void table(const struct plan *plan, const struct column *cols,
		  size_t ncols, const char *const *cells, size_t nrows,
		  const size_t *shown, size_t nshown)
{
	bool heads = !(plan->opts & OPT_NOHEADINGS);

	if (plan->opts & OPT_RAW)
		table_raw(cols, ncols, cells, nrows, shown, nshown, heads);
	else
		table_text(cols, ncols, cells, nrows, shown, nshown, heads);
}

static void flags_text(const struct plan *plan, const struct flag_row *rows,
		       const size_t *shown, size_t nshown)
{
	char cells[UNSHARE_NFLAGS][COL_SHARED + 1][32];
	const char *text[UNSHARE_NFLAGS * N_FLAG_COLS];

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag_row *r = &rows[i];
		const char **row = &text[i * N_FLAG_COLS];

		snprintf(cells[i][COL_FLAG], 32, "%s", r->flag->name);
		option_text(r->flag, cells[i][COL_OPTION], 32);
		snprintf(cells[i][COL_VALUE], 32, MASK_FORMAT, r->flag->bit);
		if (r->inode)
			snprintf(cells[i][COL_INODE], 32, "%lu", r->inode);
		else
			snprintf(cells[i][COL_INODE], 32, "-");
		{
			char buf[24];

			snprintf(cells[i][COL_SHARED], 32, "%s",
				 shared_text(r, buf, sizeof buf));
		}
		for (size_t c = 0; c <= COL_SHARED; c++)
			row[c] = cells[i][c];
		row[COL_DETACHES] = _(r->flag->detaches);
		row[COL_STATUS] = r->verdict;
	}
	table(plan, flag_columns, N_FLAG_COLS, text, UNSHARE_NFLAGS, shown,
	      nshown);
}

/* key and a string, or null. */
static void string_or_null(const char *key, const char *v)
{
	printf(",\"%s\":", key);
	if (v)
		json_string(stdout, v);
	else
		fputs("null", stdout);
}

static void flags_json(const struct flag_row *rows)
{
	json_open(stdout, "flags");
	putchar('[');
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag_row *r = &rows[i];
		const struct flag *f = r->flag;
		char option[32];

		printf("%s{\"name\":", i ? "," : "");
		json_string(stdout, f->name);
		snprintf(option, sizeof option, "--%s", f->name);
		string_or_null("option", option);
		printf(",\"value\":%lu,\"mask\":\"" MASK_FORMAT "\"", f->bit,
		       f->bit);
		string_or_null("kernel", f->kernel);
		string_or_null("detaches", f->detaches);
		string_or_null("since", f->since);
		/* As lsns(8) names them: the namespace's type, and its
		 * inode number. */
		string_or_null("type", f->ns);
		if (r->inode)
			printf(",\"ns\":%lu", r->inode);
		else
			fputs(",\"ns\":null", stdout);
		/* Tasks sharing it, and tasks that could not be compared. */
		if ((f->bit & SHARING_FLAGS) && !sharing_unknown(r->shared))
			printf(",\"sharers\":%zu,\"uncompared\":%zu",
			       r->shared->n, r->shared->hidden);
		else
			fputs(",\"sharers\":null,\"uncompared\":null", stdout);
		string_or_null("status", r->status);
		string_or_null("verdict", r->verdict);
		putchar('}');
	}
	puts("]}");
}

static int list_flags(const struct plan *plan, const size_t *shown,
		      size_t nshown)
{
	struct flag_row rows[UNSHARE_NFLAGS];
	struct sharing shared[UNSHARE_NFLAGS];

	/* Every verdict first, so that nothing is printed if one fails. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		rows[i].flag = f;
		rows[i].inode = f->ns ? (unsigned long)ns_inode(f->ns) : 0;
		rows[i].shared = &shared[i];
		judge(f, &rows[i]);
	}
	sharing_scan(SHARING_FLAGS, shared);
	if (plan->opts & OPT_JSON)
		flags_json(rows);
	else
		flags_text(plan, rows, shown, nshown);
	return output_done();
}

/* What an option's value is, in the words of --list=options. */
static const char *const argument_names[] = {
	[ARG_NONE] = "none",
	[ARG_REQUIRED] = "required",
	[ARG_OPTIONAL] = "optional",
	[ARG_NS_FILE] = "optional",
};

/* The words a row takes, in *words (at most max), as --list=options shows
 * them: its table's, or every flag's name, or every signal's name and the
 * range of their numbers ("1-64").  Returns how many. */
static size_t words_of(const struct option_row *r, const char **words,
		       char (*buf)[16], size_t max)
{
	size_t n = 0;

	switch (r->values) {
	case VALUES_FLAGS:
		for (size_t i = 0; i < UNSHARE_NFLAGS && n < max; i++)
			words[n++] = unshare_flags[i].name;
		return n;
	case VALUES_SIGNAL:
		for (int sig = 1; sig <= SIGRTMAX && n + 1 < max; sig++) {
			const char *name = sig_name(sig, buf[n], sizeof buf[n]);

			if (*name < '0' || *name > '9')
				words[n] = name, n++;
		}
		snprintf(buf[n], sizeof buf[n], "1-%d", SIGRTMAX);
		words[n] = buf[n];
		return n + 1;
	default:
		for (size_t i = 0; r->words && r->words[i].name && n < max; i++)
			words[n++] = r->words[i].name;
		return n;
	}
}

#define MAX_WORDS 96

static void options_text(const struct plan *plan, const size_t *shown,
			 size_t nshown)
{
	/* Each row's cells, its words in one text. */
	char(*own)[3][32] = calloc(option_count, sizeof *own);
	char(*words_text)[1024] = calloc(option_count, sizeof *words_text);
	const char **text = calloc(option_count * N_OPTION_COLS, sizeof *text);

	if (!own || !words_text || !text)
		fail(EXIT_TOOL, "list", ENOMEM, NULL, "--list");
	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];
		const char *words[MAX_WORDS], **row = &text[i * N_OPTION_COLS];
		char buf[MAX_WORDS][16];
		size_t n = words_of(r, words, buf, MAX_WORDS), used = 0;

		snprintf(own[i][0], 32, "--%s", row_name(r));
		snprintf(own[i][1], 32, r->letter ? "-%c" : "-", r->letter);
		for (size_t k = 0; k < n; k++)
			used += (size_t)snprintf(words_text[i] + used,
						 sizeof words_text[i] - used,
						 "%s%s", k ? " " : "", words[k]);
		row[OCOL_OPTION] = own[i][0];
		row[OCOL_SHORT] = own[i][1];
		row[OCOL_ARGUMENT] = argument_names[r->arg];
		row[OCOL_VALUE] = value_kinds[r->values];
		row[OCOL_WORDS] = words_text[i];
	}
	table(plan, option_columns, N_OPTION_COLS, text, option_count, shown,
	      nshown);
	free(own);
	free(words_text);
	free(text);
}

static void options_json(void)
{
	json_open(stdout, "options");
	putchar('[');
	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];
		const char *words[MAX_WORDS];
		char buf[MAX_WORDS][16], letter[2] = { (char)r->letter, '\0' };
		size_t n = words_of(r, words, buf, MAX_WORDS);

		printf("%s{\"name\":", i ? "," : "");
		json_string(stdout, row_name(r));
		string_or_null("short", r->letter ? letter : NULL);
		string_or_null("argument", argument_names[r->arg]);
		string_or_null("value", value_kinds[r->values]);
		fputs(",\"words\":[", stdout);
		for (size_t k = 0; k < n; k++) {
			if (k)
				putchar(',');
			json_string(stdout, words[k]);
		}
		fputs("]}", stdout);
	}
	puts("]}");
}

const char *list_conflict(const struct plan *plan, char *msg, size_t size)
{
	size_t shown[MAX_SHOWN];

	if (!(plan->opts & OPT_LIST))
		return NULL;
	if (plan->list == LIST_FLAGS
		    ? !shown_columns(plan, flag_columns, N_FLAG_COLS, shown, msg,
				     size)
		    : !shown_columns(plan, option_columns, N_OPTION_COLS, shown,
				     msg, size))
		return msg;
	return NULL;
}

int list(const struct plan *plan)
{
	size_t shown[MAX_SHOWN], n;
	char msg[256];

	if (plan->list == LIST_FLAGS) {
		n = shown_columns(plan, flag_columns, N_FLAG_COLS, shown, msg,
				  sizeof msg);
		return list_flags(plan, shown, n);
	}
	n = shown_columns(plan, option_columns, N_OPTION_COLS, shown, msg,
			  sizeof msg);
	if (plan->opts & OPT_JSON)
		options_json();
	else
		options_text(plan, shown, n);
	return output_done();
}
