/* libFuzzer harness: JSON strings from any bytes.  The output must be
 * one JSON string: quoted, with no raw control character or lone byte.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), *out = NULL;
	size_t len = 0;
	FILE *f;

	if (s == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	f = open_memstream(&out, &len);
	json_string(f, s);
	fclose(f);
	if (len < 2 || out[0] != '"' || out[len - 1] != '"')
		abort();
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)out[i] < 0x20)
			abort();
	free(out);
	free(s);
	return 0;
}
