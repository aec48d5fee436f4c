/* libFuzzer harness: --map-users values (NUL-separated), the holes of a
 * single mapping, the checks and the text written to uid_map.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "idmap.h"

static char subid[] = "/tmp/fuzz-subid.XXXXXX";
static char selfmap[] = "/tmp/fuzz-selfmap.XXXXXX";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int a = mkstemp(subid), b = mkstemp(selfmap);

	(void)argc;
	(void)argv;
	if (a < 0 || b < 0 ||
	    write(a, "fuzz:100000:65536\n1000:300000:10\n", 33) != 33 ||
	    write(b, "0 0 4294967295\n", 15) != 15)
		abort();
	close(a);
	close(b);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct idmap map;
	const struct id_owner owner = { "fuzz", 1000, subid, selfmap };
	char *copy = malloc(size + 1), msg[512];
	bool old;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	map.n = 0;
	for (size_t i = 0; i < size;) {
		if (idmap_parse(copy + i, &owner, &map, &old, msg, sizeof msg))
			break;
		i += strlen(copy + i) + 1;
	}
	if (size > 8)
		idmap_add_single(&map, (uint32_t)data[0] << 8 | data[1],
				 (uint32_t)data[2] << 16 | data[3], msg,
				 sizeof msg);
	if (map.n > IDMAP_MAX_EXTENTS)
		abort();
	if (idmap_check(&map, msg, sizeof msg) == 0) {
		char text[IDMAP_MAX_EXTENTS * 33 + 1];

		idmap_format(&map, text, sizeof text);
	}
	free(copy);
	return 0;
}
