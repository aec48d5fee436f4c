/* --list: every flag, and whether this kernel and caller can use it, found
 * by trying it in a throwaway child; --list=options: every option and the
 * values it takes.  Each is made as rows of data first, then written as
 * text or as JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
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

/* s, then spaces to width columns: counted as the terminal shows them,
 * not in bytes (a translated text may have letters of more than one byte,
 * and letters two columns wide). */
static void padded(const char *s, size_t width)
{
	size_t n = text_columns(s, strlen(s));

	fputs(s, stdout);
	printf("%*s", n < width ? (int)(width - n) : 0, "");
}

/* The columns the table may take: COLUMNS when it is a number, as
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

enum { COL_FLAG, COL_OPTION, COL_VALUE, COL_INODE, COL_SHARED, COL_DETACHES,
       COL_STATUS, N_COLS };

/* The widest a wrapped text column gets before the other takes room. */
#define MIN_TEXT 12

/* The table: every cell measured, the two text columns (DETACHES,
 * STATUS) each as wide as its longest cell, or, where that would pass the
 * width the table may take, shared out and broken into lines at blanks. */
static void flags_text(const struct flag_row *rows)
{
	static const char *const heads[N_COLS] = {
		"FLAG", "OPTION", "VALUE", "NS INODE", "SHARED", "DETACHES",
		"STATUS"
	};
	char cells[UNSHARE_NFLAGS][COL_SHARED + 1][32];
	const char *texts[UNSHARE_NFLAGS][2];
	size_t width[N_COLS], fixed = 0, limit = table_width(), longest_word = 0;

	for (size_t c = 0; c < N_COLS; c++)
		width[c] = strlen(heads[c]);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag_row *r = &rows[i];

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
		texts[i][0] = _(r->flag->detaches);
		texts[i][1] = r->verdict;
		for (const char *w = r->verdict; *w; w += strspn(w, " ")) {
			size_t n = strcspn(w, " "), cols = text_columns(w, n);

			if (cols > longest_word)
				longest_word = cols;
			w += n;
		}
		for (size_t c = 0; c < N_COLS; c++) {
			const char *cell = c <= COL_SHARED ? cells[i][c]
							   : texts[i][c - COL_DETACHES];
			size_t n = text_columns(cell, strlen(cell));

			if (n > width[c])
				width[c] = n;
		}
	}
	/* Each column and its blank; two before DETACHES. */
	for (size_t c = 0; c <= COL_SHARED; c++)
		fixed += width[c] + 1;
	fixed += 1;
	if (limit && fixed + width[COL_DETACHES] + width[COL_STATUS] > limit) {
		size_t room = limit > fixed + 2 * MIN_TEXT ? limit - fixed - 1
							   : 2 * MIN_TEXT;
		/* STATUS: a third, or its longest word if that is more
		 * (within half); DETACHES the rest, STATUS what that
		 * leaves. */
		size_t status = room / 3;

		if (status < longest_word && longest_word <= room / 2)
			status = longest_word;
		if (status > width[COL_STATUS])
			status = width[COL_STATUS];
		if (room - status > width[COL_DETACHES])
			status = room - width[COL_DETACHES];
		width[COL_STATUS] = status;
		width[COL_DETACHES] = room - status;
	}

	for (size_t c = 0; c < N_COLS; c++) {
		if (c == COL_STATUS)
			puts(heads[c]);
		else {
			padded(heads[c], width[c] + (c == COL_SHARED) + 1);
		}
	}
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const char *left[2] = { texts[i][0], texts[i][1] };

		for (size_t c = 0; c <= COL_SHARED; c++)
			padded(cells[i][c], width[c] + (c == COL_SHARED) + 1);
		/* The text columns, a line of each at a time, under
		 * themselves. */
		for (bool first = true; first || *left[0] || *left[1];
		     first = false) {
			char line[2][512];

			if (!first)
				printf("%*s", (int)fixed, "");
			for (int t = 0; t < 2; t++) {
				size_t n = line_bytes(left[t],
						      width[COL_DETACHES + t]);

				snprintf(line[t], sizeof line[t], "%.*s",
					 (int)n, left[t]);
				left[t] += n;
				left[t] += strspn(left[t], " ");
			}
			if (*line[1]) {
				padded(line[0], width[COL_DETACHES] + 1);
				puts(line[1]);
			} else {
				puts(line[0]);
			}
		}
	}
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
		string_or_null("ns", f->ns);
		if (r->inode)
			printf(",\"inode\":%lu", r->inode);
		else
			fputs(",\"inode\":null", stdout);
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

static int list_flags(const struct plan *plan)
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
		flags_text(rows);
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

static void options_text(void)
{
	printf("%-20s %-5s %-9s %-13s %s\n", "OPTION", "SHORT", "ARGUMENT",
	       "VALUE", "WORDS");
	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];
		const char *words[MAX_WORDS];
		char buf[MAX_WORDS][16], name[32], letter[3] = "-";
		size_t n = words_of(r, words, buf, MAX_WORDS);

		snprintf(name, sizeof name, "--%s", row_name(r));
		if (r->letter)
			snprintf(letter, sizeof letter, "-%c", r->letter);
		printf("%-20s %-5s %-9s %-*s", name, letter,
		       argument_names[r->arg], n ? 13 : 0,
		       value_kinds[r->values]);
		for (size_t k = 0; k < n; k++)
			printf(" %s", words[k]);
		putchar('\n');
	}
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

int list(const struct plan *plan)
{
	if (plan->list == LIST_FLAGS)
		return list_flags(plan);
	if (plan->opts & OPT_JSON)
		options_json();
	else
		options_text();
	return output_done();
}
