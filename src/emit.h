/* Writing a plan, for people or as JSON: where it goes and how, and the
 * pieces every printer of it uses (a labelled line fitted to the
 * terminal, a step's JSON members and its values in the text).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_EMIT_H
#define UNSHARE_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "steps.h"

/* Where one plan is being written. */
struct emit {
	FILE *out;
	const char *prefix; /* text: what starts each line */
	bool json;
	bool reasons;       /* text: a line for each flag or option added,
			       with why (--dry-run, or a second --verbose) */
	size_t width;       /* text: the columns a line may take */
	int items;          /* JSON: items written in the current array */
	bool event;         /* JSON: the step as an event of --verbose, after
			       it was done */
	const char *kind;   /* the step being written: its label, and its
			       "step" in JSON (set before its show) */
	const char *doc;    /* what it does (N_()), for the text */
	char values[1024];  /* text: its values so far */
	size_t n_values;
};

/* The labels' column: the longest step name, and a blank. */
#define LABEL_WIDTH 12

/* An argument as a shell would need it typed: bare when it is plain,
 * else in single quotes. */
void emit_word(FILE *out, const char *w);

/* A text line: the prefix, the label padded to its column, then text
 * broken at blanks to fit the width, each further line indented under
 * the first. */
void emit_line(const struct emit *e, const char *label, const char *text);

/* The names of the flags in mask: "a, b" in buf for text; ["a","b"] on
 * the output for JSON. */
void emit_flags(struct emit *e, unsigned long mask, char *buf, size_t size);

/* One step: emit_begin() it, add its values, then emit_end() it.  As
 * JSON, {"step":KIND,MEMBERS...}: the values as members, nothing else;
 * as text, one line: the kind, what it does (e->doc) and its values,
 * unless its show wrote a line of its own and set e->kind to NULL. */
void emit_begin(struct emit *e);
void emit_end(struct emit *e);

/* A JSON member's key, then values of each kind; nothing as text. */
void emit_key(struct emit *e, const char *name);
void emit_number(struct emit *e, const char *name, long long v);
void emit_string(struct emit *e, const char *name, const char *v);
void emit_bool(struct emit *e, const char *name, bool v);
void emit_names(struct emit *e, const char *name, const char *const *v,
		size_t n);

/* A value as the text shows it (after a blank, if not the first);
 * nothing in JSON.  fmt puts values together, not words. */
void emit_value(struct emit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A string member in JSON, and the same value, quoted, in the text. */
void emit_field(struct emit *e, const char *name, const char *v);

/* One JSON member of an object: ,"key":"value" (no comma first). */
void emit_member(struct emit *e, bool first, const char *key,
		 const char *value);

/* The members "argv" (and "shell_from") of the exec step s. */
void emit_program(struct emit *e, const struct step *s);

#endif
