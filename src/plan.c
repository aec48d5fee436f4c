/* The plan: made empty, freed, its lists grown.  Pure code.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"

void plan_init(struct plan *plan)
{
	memset(plan, 0, sizeof *plan);
	plan->owner_uid = plan->owner_gid = NO_ID;
	plan->setuid_id = plan->setgid_id = NO_ID;
	plan->info_fd = plan->wait_fd = -1;
}

void plan_free(struct plan *plan)
{
	free(plan->uid_specs);
	free(plan->gid_specs);
	free(plan->interps);
	free(plan->keep_env);
	free(plan->cgroup_sets);
	for (size_t i = 0; i < plan->n_binds; i++)
		free(plan->bind_srcs[i]);
	for (size_t i = 0; i < plan->n_tmpfs; i++)
		free(plan->tmpfs_dirs[i]);
	idmap_free(&plan->uid_map);
	idmap_free(&plan->gid_map);
	plan_init(plan);
}

int plan_append(const char ***list, size_t *n, const char *value)
{
	const char **grown = realloc(*list, (*n + 1) * sizeof *grown);

	if (grown == NULL)
		return -1;
	grown[(*n)++] = value;
	*list = grown;
	return 0;
}

bool env_kept(const char *const *lists, size_t n_lists, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < n_lists; i++)
		for (const char *p = lists[i]; *p;) {
			size_t n = strcspn(p, ",");

			if (n == len && strncmp(p, name, len) == 0)
				return true;
			p += n + (p[n] == ',');
		}
	return false;
}
