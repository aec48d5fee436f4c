/* Undoing what was made when a later step fails: the steps push what
 * would undo them; exit() runs it all, newest first, and so does a
 * SIGTERM, SIGINT or SIGHUP that ends us before the program runs.  exec
 * keeps it all: atexit handlers do not run then, and the signals' handlers
 * are reset to their defaults.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_UNDO_H
#define UNSHARE_UNDO_H

/* Unmount path (lazily) if we end before exec. */
void undo_umount(const char *path);

/* Send byte on the socket fd, and wait until it answers done (or its
 * other end is gone), if we end before exec. */
void undo_ask(int fd, char byte, char done);

#endif
