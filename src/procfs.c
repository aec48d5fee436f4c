/* Small readers of /proc files.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "procfs.h"

unsigned long long proc_status_field(const char *key, int base)
{
	char line[256];
	size_t klen = strlen(key);
	unsigned long long v = 0;
	FILE *f = fopen("/proc/self/status", "re");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f))
		if (strncmp(line, key, klen) == 0) {
			v = strtoull(line + klen, NULL, base);
			break;
		}
	fclose(f);
	return v;
}

long long proc_read_number(const char *path)
{
	long long v = -1;
	FILE *f = fopen(path, "re");

	if (f == NULL)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

int proc_has_cap(int cap)
{
	return (proc_status_field("CapEff:", 16) >> cap) & 1;
}
