/* A forked child and its supervision; the init for --init: the steps
 * signals, fork, kill-child and init.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SUPERVISE_H
#define UNSHARE_SUPERVISE_H

#include "steps.h"

/* Block the signals the parent will wait for (run->supervise.wait_set),
 * to pass them on if s->forward, else to ignore some; the mask before in
 * run->supervise.saved_mask. */
void supervise_signals(const struct step *s, struct run *run);

/* Fork.  Returns in the child only, with the signal mask and dispositions
 * the caller had, run->supervise.report_fd set to a descriptor on which
 * an init reports the program's wait status (-1 without --init), and
 * with --kill-child run->supervise.alive_fd set to a descriptor that
 * reads end of file once the parent is gone (else -1).  The parent
 * waits for the child and exits as it did; it never returns. */
void supervise_fork(const struct step *s, struct run *run);

/* Arm the parent-death signal, and make sure the parent did not end
 * before it was armed; else exit 125, not running the program.  In the
 * child, with --kill-child, against the parent that waits, again after a
 * change of ids (the kernel disarms it then), told by run's alive pipe
 * (getppid() cannot tell: in a new pid namespace it is 0).  With
 * --die-with-parent, against the caller (the waiting parent with --fork,
 * else the process that execs), after the last change of ids; if the
 * caller ended already, the signal now. */
void supervise_arm(const struct step *s, struct run *run);

/* Become an init: fork the program's process, forward signals to it, reap
 * every child, and exit with the program's status, reporting its raw wait
 * status on run->supervise.report_fd.  Returns in the program's process
 * only. */
void supervise_init(const struct step *s, struct run *run);

#endif
