/* Running the program.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_EXEC_H
#define UNSHARE_EXEC_H

#include "steps.h"

/* Exec the program of step s (STEP_EXEC), searching PATH, or the shell
 * as a login shell ("-bash").  Does not return: on failure exits 127 (not
 * found) or 126 (cannot be run). */
_Noreturn void exec_program(const struct step *s, struct run *run);

/* Step environment, just before exec (--clear-env, --keep-env): empty the
 * environment but for the kept variables (every list) and PATH.  Exits
 * 125 on failure. */
void env_apply(const struct step *s, struct run *run);

#endif
