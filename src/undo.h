/* Undoing what was made when a later step fails: the steps push what
 * would undo them; exit() runs it all, newest first.  exec keeps it all,
 * since atexit handlers do not run then.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_UNDO_H
#define UNSHARE_UNDO_H

/* Unmount path (lazily) if we exit before exec. */
void undo_umount(const char *path);

/* Write one byte to fd if we exit before exec. */
void undo_write(int fd, char byte);

#endif
