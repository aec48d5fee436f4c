/* The program's environment.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "i18n.h"

int env_check_list(const char *list, char *msg, size_t size)
{
	size_t names = 0;

	/* An empty item (HOME,,TERM) is passed over, as util-linux does;
	 * a list of none is refused. */
	for (const char *p = list;; p++) {
		size_t len = strcspn(p, ",");

		if (memchr(p, '=', len) || (len == 0 && !names && !p[len])) {
			snprintf(msg, size, _("give variable names, "
					       "comma-separated, none with '='"));
			return -1;
		}
		names += len > 0;
		p += len;
		if (*p == '\0')
			return 0;
	}
}

bool env_kept(const struct plan *plan, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < plan->n_keep_env; i++)
		for (const char *p = plan->keep_env[i]; *p;) {
			size_t n = strcspn(p, ",");

			if (n == len && strncmp(p, name, len) == 0)
				return true;
			p += n + (p[n] == ',');
		}
	return false;
}
