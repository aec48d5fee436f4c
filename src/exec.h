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

/* --dry-run: if the program of step s (STEP_EXEC) will not be found on
 * PATH (path, or confstr's default if NULL), or at its path, inside root
 * (NULL: /), a warning on stderr with the hint the run would give. */
void exec_predict(const struct step *s, const char *root, const char *path);

/* Step environment, just before exec (--clear-env, --keep-env): empty the
 * environment but for the kept variables (every list) and PATH.  Exits
 * 125 on failure. */
void env_apply(const struct step *s, struct run *run);

#endif
