/* The hand-off to a script: what it learns of the program's process
 * before the exec (its pid and namespaces, as JSON on an FD; its pid in
 * a file), and a byte it sends when it is ready for the exec: the steps
 * hand-off, info-fd, pid-file and wait-fd.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_HANDOFF_H
#define UNSHARE_HANDOFF_H

#include <stdbool.h>

#include "steps.h"

/* Step hand-off, before anything changes: the caller's /proc, through
 * which the pid is read as the caller sees it, in run->handoff.proc_fd; with a
 * pid file (s->handoff.file), its directory, checked writable, in
 * run->handoff.pid_dir, and a socket pair to the parent that will write it. */
void handoff_open(const struct step *s, struct run *run);

/* Step info-fd: {"version":N,"pid":PID,"ns":{TYPE:INODE...}} (and
 * "init_pid" with --init) on s->handoff.fd, which is then closed. */
void handoff_info(const struct step *s, struct run *run);

/* Step pid-file: the parent asked to write the pid to FILE, and its
 * answer waited for. */
void handoff_pid_file(const struct step *s, struct run *run);

/* In the parent, after the fork: with a pid file, wait for the child to
 * ask (or end), then write FILE whole (a file of its own renamed into
 * place), removed when this process ends, and answer. */
void handoff_serve(struct run *run);

/* Step wait-fd: a byte on s->handoff.fd, then it is closed; end of file
 * ends the run (125), undone. */
void handoff_wait(const struct step *s, struct run *run);

/* --dry-run: whether --pid-file's FILE could not be made (hand-off, which
 * opens its directory), or names a run that still runs (pid-file, which
 * refuses to replace it); wait-fd: it cannot tell (p->unsure). */
bool handoff_predict(const struct step *s, struct prediction *p);
bool handoff_pid_file_predict(const struct step *s, struct prediction *p);
bool handoff_wait_predict(const struct step *s, struct prediction *p);

/* FILE's name, and its directory into dir ("." for a bare name). */
const char *file_split(const char *file, char *dir, size_t size);

/* Why file could not be made (as a FILE of ours: in its directory, by
 * us), or 0. */
int file_unmakable(const char *file);

#endif
