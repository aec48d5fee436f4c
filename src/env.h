/* The PATH of a cleared environment (--clear-env): set by env.c, searched
 * by exec.c.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_ENV_H
#define UNSHARE_ENV_H

/* The PATH the program gets when the environment is cleared. */
#define DEFAULT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

#endif
