/* libFuzzer harness: a --flags list, its closure and names.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "flags.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *list = malloc(size + 1), msg[256];
	unsigned long mask = 0;

	if (list == NULL)
		return 0;
	memcpy(list, data, size);
	list[size] = '\0';
	if (flags_parse_list(list, &mask, msg, sizeof msg) == 0) {
		struct added why[UNSHARE_NFLAGS];
		char names[256];
		unsigned long closure;

		if (mask & ~UNSHARE_VALID)
			abort(); /* an unknown bit got through */
		closure = flags_closure(mask, why);
		if ((closure & mask) != mask || flags_closure(closure, NULL) != closure)
			abort();
		flags_names(closure, ", ", names, sizeof names);
	}
	free(list);
	return 0;
}
