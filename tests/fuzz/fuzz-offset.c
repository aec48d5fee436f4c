/* libFuzzer harness: --monotonic and --boottime values.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "offset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct offset o;

	if (s == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (offset_parse(s, &o) == 0 && (o.nsec < 0 || o.nsec > 999999999))
		abort();
	free(s);
	return 0;
}
