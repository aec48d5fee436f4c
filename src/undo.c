/* Undoing what was made when a later step fails.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <unistd.h>

#include "undo.h"

#define UNDO_MAX 8

static struct action {
	const char *path; /* umount this, or */
	int fd;           /* send byte on this, and wait for done */
	char byte, done;
} actions[UNDO_MAX];
static volatile sig_atomic_t n_actions;

/* The signals that end us before the program runs, from a terminal or
 * a supervisor: they undo too. */
static const int ending[] = { SIGTERM, SIGINT, SIGHUP };

/* Newest first; each action taken off before it runs, so that a signal
 * arriving meanwhile never runs one twice.  Only system calls: it runs
 * in a signal handler too. */
static void run_all(void)
{
	while (n_actions > 0) {
		struct action *a = &actions[--n_actions];
		char answer;

		if (a->path)
			umount2(a->path, MNT_DETACH);
		else if (send(a->fd, &a->byte, 1, MSG_NOSIGNAL) == 1)
			/* Until done, or the other end is gone; answers to
			 * earlier requests may come first. */
			while (read(a->fd, &answer, 1) == 1 && answer != a->done)
				;
	}
}

/* Undo, then die of the signal as we would have. */
static void on_ending_signal(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	run_all();
	sigaction(sig, &dfl, NULL);
	raise(sig); /* pending until the handler returns */
}

/* Once, with the first action: each ending signal that is not ignored
 * runs the undo.  exec resets them to their defaults. */
static void catch_ending_signals(void)
{
	struct sigaction act = { .sa_handler = on_ending_signal }, old;

	sigfillset(&act.sa_mask);
	for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++)
		if (sigaction(ending[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(ending[i], &act, NULL);
}

static void push(struct action a)
{
	sigset_t all, saved;

	if (n_actions == 0) {
		atexit(run_all);
		catch_ending_signals();
	}
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	if (n_actions < UNDO_MAX)
		actions[n_actions++] = a;
	sigprocmask(SIG_SETMASK, &saved, NULL);
}

void undo_umount(const char *path)
{
	push((struct action){ .path = path, .fd = -1 });
}

void undo_ask(int fd, char byte, char done)
{
	push((struct action){ .path = NULL, .fd = fd, .byte = byte,
			      .done = done });
}
