/* Undoing what was made when a later step fails.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdlib.h>
#include <sys/mount.h>
#include <unistd.h>

#include "undo.h"

#define UNDO_MAX 8

static struct action {
	const char *path; /* umount this, or */
	int fd;           /* write byte to this */
	char byte;
} actions[UNDO_MAX];
static int n_actions;

static void run_all(void)
{
	while (n_actions > 0) {
		struct action *a = &actions[--n_actions];

		if (a->path)
			umount2(a->path, MNT_DETACH);
		else if (write(a->fd, &a->byte, 1) != 1)
			continue;
	}
}

static void push(struct action a)
{
	if (n_actions == 0)
		atexit(run_all);
	if (n_actions < UNDO_MAX)
		actions[n_actions++] = a;
}

void undo_umount(const char *path)
{
	push((struct action){ .path = path, .fd = -1 });
}

void undo_write(int fd, char byte)
{
	push((struct action){ .path = NULL, .fd = fd, .byte = byte });
}
