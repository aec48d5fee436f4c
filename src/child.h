/* Children of ours: forked with a diagnosis if that fails, waited for
 * through signals, and the throwaway child that tries unshare(2).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_CHILD_H
#define UNSHARE_CHILD_H

#include <stdbool.h>
#include <sys/types.h>

/* fork(2) failed (errno says how) in what, a message marked N_()
 * ("--list: the child that tries each flag"), or NULL for the step
 * running now: say why and what to do, then exit 125. */
_Noreturn void fork_failed(const char *what);

/* fork(2) in the step running now, or fork_failed(NULL).  Into: the
 * child born in the cgroup whose directory is open as cgroup (clone3's
 * CLONE_INTO_CGROUP, checked against our credentials now), *entered then
 * true; else, or where the kernel refuses it, a plain fork. */
pid_t fork_or_fail(void);
pid_t fork_into_or_fail(int cgroup, bool *entered);

/* A helper of the step running now ended without answering: if it
 * said why (its wait status, if known, is an exit with 125), nothing
 * more is said; else that it did not answer.  Exits 125. */
_Noreturn void helper_gone(const int *status);

/* waitpid(2), asked again for as long as a signal handler interrupts it
 * (EINTR): a wait that gave up then would lose the child. */
pid_t wait_child(pid_t pid, int *status, int options);

/* What a process of ours that outlives a fork keeps: the n descriptors
 * of keep (-1 for none) and stdin, stdout and stderr; every other one,
 * whatever it inherited (the caller's, or one opened before a pivot or
 * with privileges it gives up), closed (close_range). */
void keep_only(const int *keep, size_t n);

/* One byte of the talk with a helper, asked again for as long as a
 * signal handler interrupts it (EINTR).  read_byte: 1, 0 at the end, or
 * -1 (errno says why).  write_byte to a pipe and send_byte to a socket
 * (never raising SIGPIPE): 1, or -1. */
ssize_t read_byte(int fd, char *c);
ssize_t write_byte(int fd, char c);
ssize_t send_byte(int fd, char c);

/* unshare(2) of mask tried in a throwaway child (probe_each): 0, or the
 * errno it failed with; -1 if the child could not be made (errno says
 * why, and *sig is 0) or died of a signal (*sig says which: a seccomp
 * filter that kills on unshare(2) sends SIGSYS). */
int probe(unsigned long mask, int *sig);

/* unshare(2) of each of masks in turn, all in one child, each errno (or
 * 0) in errs: what one leaves (a user namespace's capabilities) counts
 * for the next, so the caller orders them.  0, or -1 as probe says (the
 * child made no report: errno EIO). */
#define PROBE_MAX 32
int probe_each(const unsigned long *masks, size_t n, int *errs, int *sig);

#endif
