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
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "show.h"

/* Step environment, just before exec (--clear-env, --keep-env): empty the
 * environment but for the kept variables (every list) and PATH.  Exits
 * 125 on failure. */
static void env_apply(const struct step *s, struct run *run)
{
	char **kept;
	size_t n = 0, names = 0;
	bool path_kept = false;

	(void)run;
	/* As many names, of any length, as the lists give. */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p; p++)
			names += *p == ',';
	if ((kept = calloc(names + s->env.n + 1, sizeof *kept)) == NULL)
		step_failed(ENOMEM, NULL, NULL);
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p;) {
			size_t len = strcspn(p, ",");
			char *name = strndup(p, len);
			const char *value;

			if (name == NULL)
				step_failed(ENOMEM, NULL, NULL);
			else if ((value = getenv(name)) != NULL) {
				if (asprintf(&kept[n], "%s=%s", name, value) < 0)
					step_failed(ENOMEM, NULL, NULL);
				n++;
				path_kept |= strcmp(name, "PATH") == 0;
			}
			free(name);
			p += len + (p[len] == ',');
		}
	if (clearenv() != 0)
		step_failed(errno, NULL, NULL);
	for (size_t i = 0; i < n; i++)
		if (putenv(kept[i]) != 0)
			step_failed(errno, NULL, NULL);
	free(kept); /* the strings are the environment's now */
	if (!path_kept && setenv("PATH", DEFAULT_PATH, 1) != 0)
		step_failed(errno, NULL, NULL);
	/* n_() loads the locale: asked only when something is said.  JSON
	 * says it in the step's own event, with the names (show_environment),
	 * once the step is done. */
	if (narrating() && !narrating_json())
		/* TRANSLATORS: --verbose; %zu is how many variables were kept
		 * (those set, of the ones --keep-env names). */
		say(THIS_STEP, n_("cleared but PATH and %zu variable",
					    "cleared but PATH and %zu variables",
					    n),
		    n);
}

STEP_ROW(ENVIRONMENT, "environment", N_("clear the environment"),
	 env_apply, show_environment, NULL);
