/* The option table: one row for every option, kernel flags and the tool's
 * own alike.  The parser, the help, the option names in messages and the
 * tool's implications are all read from it.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_OPTIONS_H
#define UNSHARE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"

/* What an option takes. */
enum opt_arg {
	ARG_NONE,
	ARG_REQUIRED, /* --name=VALUE, --name VALUE, -X VALUE, -XVALUE */
	ARG_OPTIONAL, /* --name[=VALUE]: only attached */
	ARG_NS_FILE,  /* --name[=FILE]: the long form only; the letter
			 takes nothing, so that -Ur is -U -r */
};

/* Help groups, in the order --help shows them. */
enum opt_group {
	GROUP_NS = 1,
	GROUP_USERNS,
	GROUP_CONTEXT,
	GROUP_EXEC,
	GROUP_OUTPUT,
	GROUP_INFO,
};

/* What an option's value is, as --list=options tells completions and
 * scripts; see value_kinds in options.c for their words. */
enum opt_values {
	VALUES_NONE,      /* no value */
	VALUES_FILE,      /* a file */
	VALUES_DIR,       /* a directory */
	VALUES_USER,      /* a user: a name or a uid */
	VALUES_GROUP,     /* a group: a name or a gid */
	VALUES_WORD,      /* one of the row's words */
	VALUES_TEXT,      /* anything, the row's words included */
	VALUES_SIGNAL,    /* a signal's name or number */
	VALUES_FLAGS,     /* flag names or numbers, comma-separated */
	VALUES_VARIABLES, /* names of variables, comma-separated */
	VALUES_WORDS,     /* some of the row's words, comma-separated */
};

/* The word for each kind of value, as --list=options shows it (arrays
 * as long as the longest, not pointers, which the loader would relocate
 * at every start). */
extern const char value_kinds[][sizeof "variable-list"];

/* What the parser does on meeting an option besides taking it. */
enum opt_stop { STOP_NO, STOP_HELP, STOP_USAGE, STOP_VERSION };

/* How an option takes its value into the plan (option_take): an index,
 * not a pointer to the function, so that the table holds no pointer. */
enum opt_take {
	TAKE_NONE, TAKE_NS_FILE, TAKE_FLAGS, TAKE_STRING, TAKE_PROPAGATION,
	TAKE_INTERP, TAKE_OFFSET, TAKE_CGROUP_NAME, TAKE_CGROUP_SET,
	TAKE_UTS_NAME, TAKE_FD, TAKE_MAP_BOTH, TAKE_SPECS, TAKE_SETGROUPS,
	TAKE_LIST, TAKE_VERBOSE, TAKE_KILL_SIGNAL, TAKE_KEEP_ENV, TAKE_TMPFS,
	TAKE_BIND, TAKE_SYSCTL,
	TAKE_COUNT
};

/* The words an option knows (row_words), by index, as the takers. */
enum opt_words {
	WORDS_NONE, WORDS_PROPAGATION, WORDS_MAP, WORDS_SETGROUPS, WORDS_LIST,
	WORDS_COLUMNS, WORDS_COUNT
};

/* The texts of a row are arrays, not pointers: a pointer in a table is a
 * relocation the loader makes at every start (the table's texts were
 * more than a third of them); "" stands for none.  make bench measures
 * what they cost (bench/README.md). */
struct option_row {
	char name[20];          /* long name; "": the flag's own */
	int letter;             /* short option, or 0 */
	enum opt_arg arg;
	char arg_name[12];      /* in the help: "DIR" */
	enum opt_group group;
	char doc[52];           /* N_(); "": what the flag detaches, or
				   none */
	unsigned long flag;     /* the UNSHARE_* it asks for, or 0 */
	uint64_t sets;          /* OPT_* it sets */
	enum opt_take take;     /* how it reads its value, or TAKE_NONE */
	size_t store;           /* for some: where in the plan it goes */
	char fixed[28];         /* the value take gets when there is none */
	/* What it implies, unless one of 'unless' is set. */
	uint64_t implies_opts;
	unsigned long implies_flags;
	uint64_t unless;
	enum opt_stop stop;
	int alias;              /* another name of the row before it */
	enum opt_values values; /* what its value is */
	enum opt_words words;   /* the words it takes, or WORDS_NONE */
};

/* The hint for a value of --info-fd or --wait-fd refused (N_()). */
extern const char fd_hint[];

extern const struct option_row option_rows[];
extern const size_t option_count;

/* A message about a command line that cannot be run, whole however long
 * the values in it (malloc'd; exits 125 if there is no memory). */
char *usage_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Takes an option's value (NULL when an optional one is absent) into
 * the plan, as its row says: 0, or -1 with a message made in *msg
 * (malloc'd). */
int option_take(struct plan *plan, const struct option_row *row,
		const char *value, char **msg);

/* The words a row takes (a NULL name after the last), or NULL. */
const struct word *row_words(const struct option_row *row);

/* A row's long name: its own, or its flag's. */
const char *row_name(const struct option_row *row);

/* A row's help text: its own, or what its flag detaches. */
const char *row_doc(const struct option_row *row);

/* The row of a kernel flag's option, or NULL. */
const struct option_row *row_of_flag(unsigned long flag);

/* The first row that sets exactly these OPT_* bits, or NULL. */
const struct option_row *row_of_opt(uint64_t opt);

/* The long name of the option that sets one OPT_* bit, for messages:
 * "fork". */
const char *opt_name(uint64_t opt);

/* The namespace whose sysctl key is (net.ipv4.ip_forward: UNSHARE_NET),
 * or 0 for one that belongs to none. */
unsigned long sysctl_namespace(const char *key);

#endif
