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
#include <unistd.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cgroup.h"
#include "child.h"
#include "columns.h"
#include "fail.h"
#include "i18n.h"
#include "json.h"
#include "kinds.h"
#include "list.h"
#include "options.h"
#include "output.h"
#include "procfs.h"
#include "quote.h"
#include "sharing.h"
#include "sig.h"
#include "wrap.h"

/* What STATUS says, in one word, the same in the text and in JSON (never
 * translated: scripts read it); each but usable explained once under the
 * table, with the way around. */
enum { ST_USABLE, ST_NEEDS_R, ST_NEEDS_ROOT, ST_REFUSED, ST_NOT_IN_KERNEL,
       ST_LIMIT, N_STATUS };

static const struct {
	const char *word;
	const char *legend; /* what it means, and the way around (N_()) */
} statuses[N_STATUS] = {
	[ST_USABLE] = { "usable", NULL },
	[ST_NEEDS_R] = { "needs-privilege",
		N_("add --map-root-user (-r) or --user") },
	[ST_NEEDS_ROOT] = { "needs-privilege",
		N_("no user namespace gives it here (CAP_SYS_ADMIN): run as "
		   "root") },
	[ST_REFUSED] = { "refused", hint_refused },
	[ST_NOT_IN_KERNEL] = { "not-in-kernel",
		N_("this kernel is older than the flag (-o since) or built "
		   "without it") },
	[ST_LIMIT] = { "limit-reached",
		N_("/proc/sys/user/max_TYPE_namespaces is reached (-o type)") },
};

/* The marks a cell may hold besides its value, each explained once under
 * the table where one is shown: the mark as the key shows it, and what
 * it means (N_()). */
enum { MARK_NONE, MARK_MORE, MARK_UNKNOWN, N_MARKS };

static const char *const marks[N_MARKS][2] = {
	[MARK_NONE] = { "-", N_("does not apply") },
	[MARK_MORE] = { "N+", N_("N, and tasks that could not be compared") },
	[MARK_UNKNOWN] = { "?", N_("kcmp(2) cannot tell here") },
};

/* One flag, as --list shows it. */
struct flag_row {
	const struct flag *flag;
	unsigned long inode;   /* of our /proc/self/ns entry, or 0 */
	const struct sharing *shared; /* for SHARING_FLAGS */
	int status;            /* ST_* */
};

/* probe_each(), where a probe that cannot run is the end of --list: a
 * verdict without it would be a guess. */
static void checked_probes(const unsigned long *masks, size_t n, int *errs)
{
	int sig;
	char name[16];

	if (probe_each(masks, n, errs, &sig) == 0)
		return;
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

/* What an errno of unshare(2) says of a flag: ST_*; for EPERM without
 * CAP_SYS_ADMIN, ST_NEEDS_ROOT until a user namespace is tried. */
static int verdict(int e)
{
	switch (e) {
	case 0:
		return ST_USABLE;
	case EPERM:
		/* With CAP_SYS_ADMIN, privilege would not help: something
		 * refuses it. */
		return has_cap(CAP_SYS_ADMIN) ? ST_REFUSED : ST_NEEDS_ROOT;
	case EINVAL:
		return ST_NOT_IN_KERNEL;
	case ENOSPC:
	case EUSERS:
		return ST_LIMIT;
	default:
		return ST_REFUSED;
	}
}

/* Whether this kernel and caller can use each flag now: ST_*, in
 * rows[].status.  Each flag is tried with its closure, all in one child:
 * the flags without a user namespace first, then the user namespace,
 * whose capabilities would make the rest succeed.  A flag refused for
 * want of privilege is tried again in a second child, in a new user
 * namespace: usable with -r, or only as root. */
static void judge_all(struct flag_row *rows)
{
	unsigned long masks[UNSHARE_NFLAGS + 1];
	size_t order[UNSHARE_NFLAGS], again[UNSHARE_NFLAGS], n = 0;
	int errs[UNSHARE_NFLAGS + 1];

	for (int user = 0; user < 2; user++)
		for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
			unsigned long mask =
				flags_closure(rows[i].flag->bit, NULL);

			if (((mask & UNSHARE_USER) != 0) == (user == 1)) {
				order[n] = i;
				masks[n++] = mask;
			}
		}
	checked_probes(masks, n, errs);

	/* The second child: a user namespace, then each flag refused. */
	size_t tried = n;

	masks[0] = flags_closure(UNSHARE_USER, NULL);
	n = 0;
	for (size_t k = 0; k < tried; k++) {
		struct flag_row *r = &rows[order[k]];

		r->status = verdict(errs[k]);
		if (r->status == ST_NEEDS_ROOT &&
		    !(r->flag->bit & UNSHARE_USER)) {
			again[n++] = order[k];
			masks[n] = flags_closure(r->flag->bit, NULL);
		}
	}
	if (n == 0)
		return;
	checked_probes(masks, n + 1, errs);
	for (size_t k = 0; k < n; k++)
		if (errs[0] == 0 && errs[k + 1] == 0)
			rows[again[k]].status = ST_NEEDS_R;
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
 * for a namespace; or (uncompared) how many could not be compared. */
static const char *shared_text(const struct flag_row *r, bool uncompared,
			       char *buf, size_t size)
{
	if (!(r->flag->bit & SHARING_FLAGS))
		return "-";
	if (sharing_unknown(r->shared))
		return "?";
	if (uncompared)
		snprintf(buf, size, "%zu", r->shared->hidden);
	else
		snprintf(buf, size, "%zu%s", r->shared->n,
			 r->shared->hidden ? "+" : "");
	return buf;
}

/* The members of a flag in JSON without --output, in their order. */
static const size_t json_members[N_FLAG_COLS] = {
	COL_FLAG, COL_OPTION, COL_VALUE, COL_MASK, COL_KERNEL, COL_DETACHES,
	COL_SINCE, COL_TYPE, COL_NS, COL_SHARED, COL_UNCOMPARED, COL_STATUS,
};

/* A table as --raw, or aligned, with the columns --output chose. */
static void table(const struct plan *plan, const struct column *cols,
		  size_t ncols, const char *const *cells, size_t nrows,
		  const size_t *shown, size_t nshown)
{
	bool heads = !(plan->opts & OPT_NOHEADINGS);

	table_print(cols, ncols, cells, nrows, shown, nshown, heads,
		    plan->opts & OPT_RAW);
}

/* The mark a cell holds, or N_MARKS. */
static int mark_of(const char *cell)
{
	size_t n = strlen(cell);

	if (strcmp(cell, "-") == 0)
		return MARK_NONE;
	if (strcmp(cell, "?") == 0)
		return MARK_UNKNOWN;
	return n > 1 && cell[n - 1] == '+' ? MARK_MORE : N_MARKS;
}

/* One line of the key: "word: what it means", wrapped. */
static void key_line(const char *word, const char *legend)
{
	char line[512];

	snprintf(line, sizeof line, "%s: %s", word, _(legend));
	wrap_print(stdout, line, 0, 2, text_width(STDOUT_FILENO));
}

static void flags_text(const struct plan *plan, const struct flag_row *rows,
		       const size_t *shown, size_t nshown)
{
	char cells[UNSHARE_NFLAGS][COL_UNCOMPARED + 1][32];
	const char *text[UNSHARE_NFLAGS * N_FLAG_COLS];
	bool seen[N_STATUS] = { false }, marked[N_MARKS] = { false };

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag_row *r = &rows[i];
		const struct flag *f = r->flag;
		const char **row = &text[i * N_FLAG_COLS];
		char(*cell)[32] = cells[i];

		row[COL_FLAG] = f->name;
		row[COL_OPTION] = option_text(f, cell[COL_OPTION], 32);
		snprintf(cell[COL_VALUE], 32, MASK_FORMAT, f->bit);
		row[COL_VALUE] = row[COL_MASK] = cell[COL_VALUE];
		snprintf(cell[COL_NS], 32, "%lu", r->inode);
		row[COL_NS] = r->inode ? cell[COL_NS] : "-";
		row[COL_SHARED] = shared_text(r, false, cell[COL_SHARED], 32);
		row[COL_UNCOMPARED] =
			shared_text(r, true, cell[COL_UNCOMPARED], 32);
		row[COL_STATUS] = statuses[r->status].word;
		row[COL_DETACHES] = _(f->detaches);
		row[COL_KERNEL] = f->kernel;
		row[COL_SINCE] = f->since;
		row[COL_TYPE] = *f->ns ? f->ns : "-";
		for (size_t k = 0; k < nshown; k++) {
			int m = mark_of(row[shown[k]]);

			seen[r->status] |= shown[k] == COL_STATUS;
			if (m < N_MARKS && !flag_columns[shown[k]].wraps)
				marked[m] = true;
		}
	}
	table(plan, flag_columns, N_FLAG_COLS, text, UNSHARE_NFLAGS, shown,
	      nshown);
	/* What each word of STATUS and each mark shown means, once, under
	 * the table for people (not --raw or --noheadings, for scripts). */
	if (plan->opts & (OPT_RAW | OPT_NOHEADINGS))
		return;
	for (int st = 0; st < N_STATUS; st++)
		if (seen[st] && statuses[st].legend)
			key_line(statuses[st].word, statuses[st].legend);
	for (int m = 0; m < N_MARKS; m++)
		if (marked[m])
			key_line(marks[m][0], marks[m][1]);
}

/* Whether this caller can make a cgroup of its own (--new-cgroup) in
 * its cgroup, dir: one it may move processes in (root's, or delegated). */
enum { CG_USABLE, CG_NEEDS_DELEGATION, CG_NONE };

static int new_cgroup_status(char *dir, size_t size)
{
	char mnt[4096], procs[4200];

	if (cgroup_find(mnt, sizeof mnt, dir, size) != 0)
		return CG_NONE;
	snprintf(procs, sizeof procs, "%s/cgroup.procs", dir);
	return access(dir, W_OK) == 0 && access(procs, W_OK) == 0
		       ? CG_USABLE
		       : CG_NEEDS_DELEGATION;
}

/* --new-cgroup, which no row has: a line under the table, and in JSON
 * the member "new_cgroup": {"status":...,"parent":...}. */
static void new_cgroup_line(const struct plan *plan)
{
	static const char *const json_status[] = {
		[CG_USABLE] = "usable",
		[CG_NEEDS_DELEGATION] = "needs-delegation",
		[CG_NONE] = "no-cgroup2",
	};
	char dir[4096] = "", line[4400];
	int st = new_cgroup_status(dir, sizeof dir);

	if (plan->opts & OPT_JSON) {
		printf(",\"new_cgroup\":{\"status\":\"%s\",\"parent\":",
		       json_status[st]);
		if (st == CG_NONE)
			fputs("null", stdout);
		else
			json_string(stdout, dir);
		putchar('}');
		return;
	}
	if (plan->opts & (OPT_RAW | OPT_NOHEADINGS | OPT_OUTPUT))
		return;
	/* Its status in JSON's word, as a flag's; where it needs
	 * delegation, the way to it on this system. */
	if (st == CG_NONE)
		snprintf(line, sizeof line, "--new-cgroup: %s", json_status[st]);
	else
		snprintf(line, sizeof line, "--new-cgroup: %s (%s)%s%s",
			 json_status[st], quoted(dir),
			 st == CG_USABLE ? "" : ": ",
			 st == CG_USABLE ? "" : cgroup_delegate_hint(true));
	wrap_print(stdout, line, 0, 2, text_width(STDOUT_FILENO));
}

/* The rows of a table as the JSON array of key: each an object of the
 * members of the columns shown, each written by member(data, row, c). */
static void json_rows(const char *key, size_t nrows, const size_t *shown,
		      size_t nshown, const void *data,
		      void (*member)(const void *data, size_t i, size_t c))
{
	json_open(stdout, key);
	putchar('[');
	for (size_t i = 0; i < nrows; i++) {
		fputs(i ? ",{" : "{", stdout);
		for (size_t k = 0; k < nshown; k++) {
			if (k)
				putchar(',');
			member(data, i, shown[k]);
		}
		putchar('}');
	}
	putchar(']');
}

/* Flag i's member for column c: a number, a string, or null. */
static void flag_member(const void *rows, size_t i, size_t c)
{
	const struct flag_row *r = (const struct flag_row *)rows + i;
	const struct flag *f = r->flag;
	bool counted = (f->bit & SHARING_FLAGS) && !sharing_unknown(r->shared);
	/* The columns that are text, null where NULL; type as lsns(8)
	 * names it, as the namespace's inode. */
	const char *const texts[N_FLAG_COLS] = {
		[COL_FLAG] = f->name,
		[COL_STATUS] = statuses[r->status].word,
		[COL_DETACHES] = f->detaches,
		[COL_KERNEL] = f->kernel,
		[COL_SINCE] = f->since,
		[COL_TYPE] = *f->ns ? f->ns : NULL,
	};

	printf("\"%s\":", flag_columns[c].name);
	switch (c) {
	case COL_VALUE:
		printf("%lu", f->bit);
		return;
	case COL_MASK:
		printf("\"" MASK_FORMAT "\"", f->bit);
		return;
	case COL_OPTION:
		printf("\"--%s\"", f->name);
		return;
	case COL_NS:
		if (!r->inode)
			break;
		printf("%lu", r->inode);
		return;
	/* Tasks sharing it, and tasks that could not be compared. */
	case COL_SHARED:
	case COL_UNCOMPARED:
		if (!counted)
			break;
		printf("%zu", c == COL_SHARED ? r->shared->n : r->shared->hidden);
		return;
	default:
		if (!texts[c])
			break;
		json_string(stdout, texts[c]);
		return;
	}
	fputs("null", stdout);
}

/* The flags as JSON: every member, or with --output those of the columns
 * it names, in its order, as lsns -J -o has them. */
static void flags_json(const struct plan *plan, const struct flag_row *rows,
		       const size_t *shown, size_t nshown)
{
	if (!plan->list_columns) {
		shown = json_members;
		nshown = N_FLAG_COLS;
	}
	json_rows("flags", UNSHARE_NFLAGS, shown, nshown, rows, flag_member);
	if (!plan->list_columns)
		new_cgroup_line(plan);
	puts("}");
}

static int list_flags(const struct plan *plan, const size_t *shown,
		      size_t nshown)
{
	struct flag_row rows[UNSHARE_NFLAGS];
	struct sharing shared[UNSHARE_NFLAGS];

	/* Every status first, so that nothing is printed if a try fails. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		rows[i].flag = f;
		rows[i].inode = *f->ns ? (unsigned long)ns_inode(f->ns) : 0;
		rows[i].shared = &shared[i];
	}
	judge_all(rows);
	sharing_scan(SHARING_FLAGS, shared);
	if (plan->opts & OPT_JSON) {
		flags_json(plan, rows, shown, nshown);
	} else {
		flags_text(plan, rows, shown, nshown);
		new_cgroup_line(plan);
	}
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
		for (const struct word *w = row_words(r); w && w->name && n < max;
		     w++)
			words[n++] = w->name;
		return n;
	}
}

#define MAX_WORDS 96

/* An option's HELP, as --help says it: the text of its line (an
 * alias's, its option's; --raw's, --noheadings', on whose line it is),
 * or "-" where the line has none (--help, --usage and --version). */
static const char *option_help(const struct option_row *r)
{
	while (r->alias || (!row_doc(r) && r > option_rows &&
			    r[-1].group == r->group))
		r--;
	return row_doc(r) ? _(row_doc(r)) : "-";
}

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
		row[OCOL_HELP] = option_help(r);
	}
	table(plan, option_columns, N_OPTION_COLS, text, option_count, shown,
	      nshown);
	free(own);
	free(words_text);
	free(text);
}

/* Option i's member for column c: "option":"mount", ... */
static void option_member(const void *data, size_t i, size_t c)
{
	const struct option_row *r = &option_rows[i];
	const char *words[MAX_WORDS];
	char buf[MAX_WORDS][16];
	size_t n;
	/* The columns that are text. */
	const char *const texts[N_OPTION_COLS] = {
		[OCOL_OPTION] = row_name(r),
		[OCOL_ARGUMENT] = argument_names[r->arg],
		[OCOL_VALUE] = value_kinds[r->values],
		[OCOL_HELP] = option_help(r),
	};

	(void)data;
	printf("\"%s\":", option_columns[c].name);
	switch (c) {
	case OCOL_SHORT:
		if (r->letter)
			printf("\"%c\"", r->letter);
		else
			fputs("null", stdout);
		break;
	case OCOL_WORDS:
		n = words_of(r, words, buf, MAX_WORDS);
		putchar('[');
		for (size_t k = 0; k < n; k++) {
			if (k)
				putchar(',');
			json_string(stdout, words[k]);
		}
		putchar(']');
		break;
	default:
		json_string(stdout, texts[c]);
	}
}

static void steps_text(const struct plan *plan, const size_t *shown,
		       size_t nshown)
{
	const char *text[STEP_NKINDS * N_STEP_COLS];

	for (size_t i = 0; i < STEP_NKINDS; i++) {
		text[i * N_STEP_COLS + SCOL_STEP] = step_kinds[i]->name;
		text[i * N_STEP_COLS + SCOL_DOES] = _(step_kinds[i]->doc);
	}
	table(plan, step_columns, N_STEP_COLS, text, STEP_NKINDS, shown,
	      nshown);
}

/* Step kind i's member for column c. */
static void step_member(const void *data, size_t i, size_t c)
{
	(void)data;
	printf("\"%s\":", step_columns[c].name);
	json_string(stdout, c == SCOL_STEP ? step_kinds[i]->name
					   : step_kinds[i]->doc);
}

int list(const struct plan *plan)
{
	size_t shown[TABLE_MAX_SHOWN], n;
	char msg[256];
	bool json = plan->opts & OPT_JSON;

	if (plan->list == LIST_FLAGS) {
		n = table_columns(plan->list_columns, flag_columns,
				  N_FLAG_COLS, shown, msg, sizeof msg);
		return list_flags(plan, shown, n);
	}
	if (plan->list == LIST_STEPS) {
		n = table_columns(plan->list_columns, step_columns,
				  N_STEP_COLS, shown, msg, sizeof msg);
		if (json)
			json_rows("steps", STEP_NKINDS, shown, n, NULL,
				  step_member);
		else
			steps_text(plan, shown, n);
	} else {
		n = table_columns(plan->list_columns, option_columns,
				  N_OPTION_COLS, shown, msg, sizeof msg);
		if (json)
			json_rows("options", option_count, shown, n, NULL,
				  option_member);
		else
			options_text(plan, shown, n);
	}
	if (json)
		puts("}");
	return output_done();
}
