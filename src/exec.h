/* Running the program.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_EXEC_H
#define UNSHARE_EXEC_H

#include "plan.h"

/* The shell to run when no program is given: $SHELL (unless the plan
 * clears it from the environment), else the user's login shell, else
 * /bin/sh.  *source says which. */
const char *default_shell(const struct plan *plan, const char **source);

/* Exec the plan's program (searching PATH), or the default shell as a
 * login shell ("-bash").  Does not return: on failure exits 127 (not
 * found) or 126 (cannot be run). */
_Noreturn void exec_program(const struct plan *plan);

#endif
