/* The columns of --list's tables (see columns.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include "columns.h"

const struct column flag_columns[N_FLAG_COLS] = {
	{ "flag", "FLAG", false, false },
	{ "option", "OPTION", false, false },
	{ "value", "VALUE", false, true },
	{ "ns", "NS", false, false },
	{ "shared", "SHARED", false, false },
	{ "status", "STATUS", false, false },
	{ "detaches", "DETACHES", true, false },
	{ "mask", "MASK", false, true },
	{ "kernel", "KERNEL", false, true },
	{ "since", "SINCE", false, true },
	{ "type", "TYPE", false, true },
	{ "uncompared", "UNCOMPARED", false, true },
};

const struct column option_columns[N_OPTION_COLS] = {
	{ "option", "OPTION", false, false },
	{ "short", "SHORT", false, false },
	{ "argument", "ARGUMENT", false, false },
	{ "value", "VALUE", false, false },
	{ "words", "WORDS", true, false },
	{ "help", "HELP", true, true },
};

const struct column step_columns[N_STEP_COLS] = {
	{ "step", "STEP", false, false },
	{ "does", "DOES", true, false },
};

_Static_assert(N_FLAG_COLS <= TABLE_MAX_SHOWN, "a table of too many columns");
