/* A forked child and its supervision; the init for --init.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SUPERVISE_H
#define UNSHARE_SUPERVISE_H

#include "plan.h"

/* Fork.  Returns in the child only, with the signal mask and dispositions
 * the caller had, *report_fd set to a descriptor on which an init reports
 * the program's wait status (-1 without --init), and with --kill-child
 * the parent-death signal armed and *alive_fd set to a descriptor that
 * reads end of file once the parent is gone (else -1).  The parent waits
 * for the child and exits as it did; it never returns. */
void supervise_fork(const struct plan *plan, int *report_fd, int *alive_fd);

/* In the child, with --kill-child: arm the parent-death signal, again
 * after a change of ids (the kernel disarms it then), and make sure the
 * parent did not die before it was armed; else exit 125, not running
 * the program.  alive is supervise_fork's *alive_fd.  (getppid() cannot
 * tell: in a new pid namespace it is 0 anyway.) */
void supervise_arm(const struct plan *plan, int alive);

/* Become an init: fork the program's process, forward signals to it, reap
 * every child, and exit with the program's status, reporting its raw wait
 * status on report_fd.  Returns in the program's process only. */
void supervise_init(int report_fd);

#endif
