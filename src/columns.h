/* The columns of --list's three tables (flags, options, steps): the
 * names --output knows them by, checked at plan time (resolve.c) and
 * shown by --list (list.c).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_COLUMNS_H
#define UNSHARE_COLUMNS_H

#include "table.h"

/* The columns, each by one name: its heading, its --output word and its
 * JSON key; every JSON member is one.  The text shows those after
 * DETACHES only when --output names them. */
enum { COL_FLAG, COL_OPTION, COL_VALUE, COL_NS, COL_SHARED, COL_STATUS,
       COL_DETACHES, COL_MASK, COL_KERNEL, COL_SINCE, COL_TYPE,
       COL_UNCOMPARED, N_FLAG_COLS };

/* HELP (translated, as --help says it) only when --output names it: the
 * other columns are never translated. */
enum { OCOL_OPTION, OCOL_SHORT, OCOL_ARGUMENT, OCOL_VALUE, OCOL_WORDS,
       OCOL_HELP, N_OPTION_COLS };

/* --list=steps: the step table's kinds, in the order a run takes them. */
enum { SCOL_STEP, SCOL_DOES, N_STEP_COLS };

extern const struct column flag_columns[N_FLAG_COLS],
	option_columns[N_OPTION_COLS], step_columns[N_STEP_COLS];

#endif
