/* The step table: a row for each kind of step, its name, how it runs,
 * how it prints, what it does.  Each row is its module's, beside its
 * runner (STEP_ROW); the table collects them (kinds.c).  A runner's
 * failures and narration name the step running now, THIS_STEP, which
 * main sets from here.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_KINDS_H
#define UNSHARE_KINDS_H

#include <stdbool.h>

#include "steps.h"

struct emit;

/* The longest name and words a row may have: --list=steps, the labels
 * of --dry-run and --verbose and the failures are laid out for them. */
#define STEP_NAME_MAX 15
#define STEP_DOC_MAX 47

/* A kind of step: its name (the one word the plan's JSON, the events,
 * --list=steps and the tests use), what it does, in a few words (N_()):
 * --list=steps, the text of --dry-run and --verbose, and the WHAT of its
 * failures; the function that runs it, the one that gives its values
 * (show.c; NULL: none), and the one that foresees its failure for
 * --dry-run (NULL: it cannot fail predictably). */
struct step_kind_row {
	const char *name;
	const char *doc;
	void (*run)(const struct step *s, struct run *run);
	void (*show)(struct emit *e, const struct step *s);
	bool (*predict)(const struct step *s, struct prediction *p);
};

/* The row of the kind STEP_NAME (kinds.def), step_row_NAME, written by
 * its module beside its runner, one line (tmux keeps a command's table
 * entry in the command's file):
 *
 *   STEP_ROW(UID_MAP, "uid-map", N_("write the uid map"), userns_write,
 *            show_map, NULL);
 *
 * A name or words longer than the row allows is refused here, as C
 * would take it without a word. */
#define STEP_ROW(NAME, name_text, doc_text, run, show, predict)            \
	_Static_assert(sizeof(name_text) <= STEP_NAME_MAX + 1 &&            \
			       sizeof(doc_text) <= STEP_DOC_MAX + 1,        \
		       #NAME ": its name or words are too long for the row"); \
	const struct step_kind_row step_row_##NAME = { name_text, doc_text, \
						       run, show, predict }

#define KIND(NAME) extern const struct step_kind_row step_row_##NAME;
#include "kinds.def"
#undef KIND

/* The step table: each kind's row, by kind (kinds.c). */
extern const struct step_kind_row *const step_kinds[STEP_NKINDS];

/* Step s, run through its kind's function, handed what the steps before
 * it left. */
void step_run(const struct step *s, struct run *run);

/* Its values, as JSON members and the text's (show.c); none for some
 * kinds. */
void step_show(struct emit *e, const struct step *s);

/* --dry-run: whether it would fail, and how (*p), foreseen without doing
 * anything. */
bool step_predict(const struct step *s, struct prediction *p);

/* The kind's name: "uid-map". */
static inline const char *step_name(const struct step *s)
{
	return step_kinds[s->kind]->name;
}

#endif
