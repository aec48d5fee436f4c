/* Running the program.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_EXEC_H
#define UNSHARE_EXEC_H

#include <stdbool.h>

#include "steps.h"

/* Exec the program of step s (STEP_EXEC), searching PATH, or the shell
 * as a login shell ("-bash").  Does not return: on failure exits 127 (not
 * found) or 126 (cannot be run). */
_Noreturn void exec_program(const struct step *s, struct run *run);

/* --dry-run: whether the program of step s (STEP_EXEC) will not be found
 * on the PATH it will search (or confstr's default if there is none), or
 * at its path, inside its root; then how (*pred), with the run's hint. */
bool exec_predict(const struct step *s, struct prediction *pred);

#endif
