/* libFuzzer harness: the whole command line, argv made of the input's
 * NUL-separated pieces, parsed, resolved and checked, then the plan
 * printed as text and as JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"
#include "plan.h"
#include "resolve.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	static struct steps steps;
	char *copy = malloc(size + 1), *argv[MAX_ARGS + 2];
	int argc = 0;
	struct plan *plan = malloc(sizeof *plan);
	char *usage = NULL;

	if (copy == NULL || plan == NULL) {
		free(copy);
		free(plan);
		return 0;
	}
	if (!null)
		null = fopen("/dev/null", "w");
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[argc++] = "unshare";
	for (size_t i = 0; i < size && argc <= MAX_ARGS;) {
		argv[argc++] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;
	if (cli_parse(argc, argv, plan, &usage) == CLI_RUN) {
		char *bad;

		plan_resolve(plan);
		if ((bad = plan_refusal(plan)) == NULL &&
		    !(plan->opts & OPT_LIST)) {
			plan_steps(plan, &steps);
			plan_print(null, "", plan, &steps, NULL, 0);
			plan->opts ^= OPT_JSON;
			plan_print(null, "", plan, &steps, NULL, 0);
		}
		free(bad);
	}
	free(usage);
	plan_free(plan);
	free(plan);
	free(copy);
	return 0;
}
