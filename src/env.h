/* The program's environment: --clear-env and --keep-env.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_ENV_H
#define UNSHARE_ENV_H

#include <stdbool.h>
#include <stddef.h>

#include "steps.h"

/* The PATH the program gets when the environment is cleared. */
#define DEFAULT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

/* Step environment, just before exec (--clear-env, --keep-env): empty the
 * environment but for the kept variables (every list) and PATH.  Exits
 * 125 on failure. */
void env_apply(const struct step *s, struct run *run);

#endif
