/* A forked child and its supervision.
 *
 * The parent blocks the signals it waits for before forking, so none is
 * lost or acted on by default; the child sets its mask back before
 * anything else (and the exec SIGCHLD's disposition, exec.c), so the
 * program starts as it would have without us.  The parent ends as the
 * child did: same exit code, or death by the same signal.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "events.h"
#include "fail.h"
#include "handoff.h"
#include "i18n.h"
#include "kinds.h"
#include "show.h"
#include "sig.h"
#include "undo.h"

/* Die of sig: no core file of ours, default action, unblocked, raised. */
static _Noreturn void die_of(int sig)
{
	sigset_t set;

	/* What an exit would undo (a cgroup of the run's own), undone
	 * before we die. */
	undo_now();
	prctl(PR_SET_DUMPABLE, 0);
	setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* Still here: the signal does not kill by default, or we are an
	 * init that the kernel shields.  Say it as the shell would. */
	exit(128 + sig);
}

/* Exit as a process with this wait status did. */
static _Noreturn void end_like(int status)
{
	/* What the exit would undo, now: a cgroup that could not be
	 * removed (its watcher killed) ends the run with 125. */
	undo_now();
	if (undo_left())
		exit(EXIT_TOOL);
	events_passing_status();
	if (WIFEXITED(status))
		exit(WEXITSTATUS(status));
	die_of(WTERMSIG(status));
}

/* A signal the kernel sent, not a process: a terminal's key (Ctrl-C) or
 * its hangup. */
static bool from_terminal(const siginfo_t *info)
{
	return info->si_code == SI_KERNEL;
}

/* Whether the signal reached the child (or the program) already: a
 * terminal's key signals the whole foreground process group, the child
 * included, so passing it on would deliver it twice; but a hangup goes to
 * the session leader alone, which we may be (ssh -t host unshare -f,
 * tmux new 'unshare ...'), and then only we got it.  A signal from
 * kill(2), even to our process group, cannot be told from one sent to us
 * alone, so it did not. */
static bool reached_child(const siginfo_t *info, bool leader)
{
	return from_terminal(info) && !(info->si_signo == SIGHUP && leader);
}

/* Pass a signal we got on to pid (the child, or the init's program),
 * unless it reached pid already; leader: we lead the session.  --verbose
 * says which, under kind. */
static void pass_on(const char *kind, const siginfo_t *info, pid_t pid,
		    bool leader)
{
	char name[16];

	sig_name(info->si_signo, name, sizeof name);
	if (reached_child(info, leader)) {
		/* TRANSLATORS: SIG%s is a signal's name, as SIGINT. */
		say(kind, N_("SIG%s not forwarded: the terminal signals pid %d "
			     "too"), name, (int)pid);
		return;
	}
	say(kind, N_("SIG%s to pid %d"), name, (int)pid);
	kill(pid, info->si_signo);
}

/* Arm the parent-death signal, and make sure the parent did not end
 * before it was armed; else exit 125, not running the program.  In the
 * child, with --kill-child, against the parent that waits, again after a
 * change of ids (the kernel disarms it then), told by run's alive pipe
 * (getppid() cannot tell: in a new pid namespace it is 0).  With
 * --die-with-parent, against the caller (the waiting parent with --fork,
 * else the process that execs), after the last change of ids; if the
 * caller ended already, the signal now. */
static void supervise_arm(const struct step *s, struct run *run)
{
	bool child = s->kind == STEP_KILL_CHILD;
	char c;

	if (prctl(PR_SET_PDEATHSIG, s->kill.signal) != 0)
		step_failed(errno, NULL, NULL);
	if (child && read(run->supervise.alive_fd, &c, 1) == 0) {
		/* TRANSLATORS: %s is what the step does (its row's words). */
		complain(THIS_STEP, 0, NULL, _("%s: unshare died first"),
			 events_doc());
		_exit(EXIT_TOOL);
	}
	/* The caller ended before it was armed: the signal it would have
	 * sent. */
	if (!child && getppid() != run->supervise.parent) {
		raise(s->kill.signal);
		/* TRANSLATORS: %s is what the step does (its row's words). */
		complain(THIS_STEP, 0, NULL, _("%s: the caller ended first"),
			 events_doc());
		_exit(EXIT_TOOL);
	}
}

STEP_ROW(KILL_CHILD, "kill-child", N_("arm the child's parent-death signal"),
	 supervise_arm, show_kill_child, NULL);

STEP_ROW(DIE_WITH_PARENT, "parent-death",
	 N_("arm a signal for when unshare's parent ends"),
	 supervise_arm, show_kill_child, NULL);

/* Add sig to the signals we wait for, unless we started with it ignored
 * (nohup, a background job's INT): blocked, it would be queued for us all
 * the same, so it is left out and stays ignored, as util-linux leaves
 * it. */
static void wait_for(sigset_t *set, int sig)
{
	struct sigaction now;

	if (sigaction(sig, NULL, &now) == 0 && now.sa_handler == SIG_IGN)
		return;
	sigaddset(set, sig);
}

/* Block the signals the parent will wait for (run->supervise.wait_set),
 * to pass them on if s->forward, else to ignore some; the mask before in
 * run->supervise.saved_mask. */
static void supervise_signals(const struct step *s, struct run *run)
{
	sigemptyset(&run->supervise.wait_set);
	sigaddset(&run->supervise.wait_set, SIGCHLD);
	if (s->forward)
		for (size_t i = 0; i < n_forwarded_signals; i++)
			wait_for(&run->supervise.wait_set, forwarded_signals[i]);
	else
		for (size_t i = 0; i < n_ignored_signals; i++)
			wait_for(&run->supervise.wait_set, ignored_signals[i]);
	run->supervise.forward = s->forward;
	sigprocmask(SIG_BLOCK, &run->supervise.wait_set,
		    &run->supervise.saved_mask);
}

STEP_ROW(SIGNALS, "signals", N_("set the waiting parent's signals"),
	 supervise_signals, show_signals, NULL);

/* The waiting parent, once it forked, keeps what it still works with:
 * the child's pipes (alive, the init's report), the talk about the pid
 * file and its directory, and what its undo uses (the cgroup's watcher,
 * the helper that keeps the namespaces' files).  Not the hand-off's
 * descriptors, which are the program's (a reader of --info-fd would wait
 * for our end as long), nor the caller's /proc, nor the new cgroup's
 * directory: what we opened as the caller, --owner's ids given up since,
 * stays nowhere a process of another uid could take it from. */
static void parent_keeps(struct run *run, int alive, int report)
{
	int keep[UNDO_MAX + 6] = { alive, report, run->handoff.pid_sock[0],
				   run->handoff.pid_dir, run->helpers.bind_sock };
	size_t n = 5;

	n += undo_fds(keep + n, sizeof keep / sizeof keep[0] - n);
	keep_only(keep, n);
	run->handoff.pid_sock[1] = run->handoff.proc_fd = run->cgroup.dir = -1;
	run->helpers.map_ask = run->helpers.map_answer = -1;
	run->mounts.binfmt_fd = run->mounts.dir_fd = -1;
}

/* Fork.  Returns in the child only, with the signal mask and dispositions
 * the caller had, run->supervise.report_fd set to a descriptor on which
 * an init reports the program's wait status (-1 without --init), and
 * with --kill-child run->supervise.alive_fd set to a descriptor that
 * reads end of file once the parent is gone (else -1).  The parent
 * waits for the child and exits as it did; it never returns. */
static void supervise_fork(const struct step *s, struct run *run)
{
	int alive[2] = { -1, -1 }, report[2] = { -1, -1 }, status = 0;
	bool leader = getsid(0) == getpid();
	pid_t pid;

	if ((s->fork.kill_child && pipe2(alive, O_CLOEXEC) != 0) ||
	    (s->fork.init && pipe2(report, O_CLOEXEC) != 0))
		step_failed(errno, NULL, NULL);

	/* Into the new cgroup, if we may still: a move through its
	 * watcher waits for every CPU to pass a grace period (milliseconds),
	 * a fork into it does not. */
	pid = fork_into_or_fail(run->cgroup.dir, &run->cgroup.entered);
	if (pid == 0) {
		if (run->cgroup.dir >= 0)
			close(run->cgroup.dir);
		run->cgroup.dir = -1;
		if (s->fork.kill_child) {
			/* Its write end, held by the parent alone, is closed
			 * when the parent dies: readable then, at end of
			 * file. */
			close(alive[1]);
			if (fcntl(alive[0], F_SETFL, O_NONBLOCK) != 0)
				step_failed(errno, NULL, NULL);
		}
		if (report[0] >= 0)
			close(report[0]);
		if (run->handoff.pid_sock[0] >= 0)
			close(run->handoff.pid_sock[0]); /* the parent's end */
		run->supervise.report_fd = report[1];
		run->supervise.alive_fd = alive[0];
		sigprocmask(SIG_SETMASK, &run->supervise.saved_mask, NULL);
		return;
	}

	/* alive[1] stays open until we die; the child's ends go, by name:
	 * with the caller's stdin closed, one of them is descriptor 0, which
	 * keep_only leaves as the caller's. */
	if (alive[0] >= 0)
		close(alive[0]);
	if (report[1] >= 0)
		close(report[1]);
	parent_keeps(run, alive[1], report[0]);
	/* The child: the init, with --init. */
	say_pid(THIS_STEP, pid, N_("the child's pid is %d"), (int)pid);
	/* With --pid-file, the child asks us to write it, once it is
	 * ready. */
	handoff_serve(run);

	for (;;) {
		siginfo_t info;
		int sig = sigwaitinfo(&run->supervise.wait_set, &info);

		if (sig == SIGCHLD) {
			pid_t w = wait_child(pid, &status, WNOHANG);

			if (w == pid)
				break;
			if (w < 0)
				step_failed(errno, NULL, "%d", (int)pid);
		} else if (sig > 0 && (run->supervise.forward ||
				       (sig == SIGHUP && leader &&
					from_terminal(&info)))) {
			/* Forwarded; and whatever --forward-signals says, the
			 * hangup that came to us alone, as the session's
			 * leader: the child then ends, and we as it does. */
			pass_on("signals", &info, pid, leader);
		} else if ((sig == SIGHUP || sig == SIGQUIT) &&
			   !from_terminal(&info)) {
			/* Sent by a process, as kill(1) does: we die of it,
			 * as util-linux's unshare does (and --kill-child
			 * signals the child).  INT and TERM we wait
			 * through. */
			die_of(sig);
		}
	}
	/* A terminal's key reaches the child and us at once, and the child
	 * may be gone before our signal is queued: said all the same, as
	 * the loop says it, only when we forward (ignored, it is not). */
	if (narrating() && run->supervise.forward) {
		const struct timespec now = { 0, 0 };
		siginfo_t info;

		while (sigtimedwait(&run->supervise.wait_set, &info, &now) > 0)
			if (info.si_signo != SIGCHLD &&
			    reached_child(&info, leader))
				pass_on("signals", &info, pid, leader);
	}

	/* An init reports the program's own status, signal included, which
	 * it cannot die of itself. */
	if (report[0] >= 0) {
		int reported;

		if (read(report[0], &reported, sizeof reported) ==
		    (ssize_t)sizeof reported)
			status = reported;
	}
	end_like(status);
}

STEP_ROW(FORK, "fork", N_("fork: the parent waits"),
	 supervise_fork, show_fork, NULL);

/* Become an init: fork the program's process, forward signals to it, reap
 * every child, and exit with the program's status, reporting its raw wait
 * status on run->supervise.report_fd.  Returns in the program's process
 * only. */
static void supervise_init(const struct step *s, struct run *run)
{
	int report_fd = run->supervise.report_fd;
	sigset_t all, saved_mask;
	int status = 0, sig;
	pid_t program, w;

	(void)s;
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &saved_mask);

	program = fork_or_fail();
	if (program == 0) {
		close(report_fd);
		sigprocmask(SIG_SETMASK, &saved_mask, NULL);
		return;
	}
	/* The init never execs: what close-on-exec would close, and the
	 * rest, closed here.  It keeps its report to the parent alone;
	 * nothing opened before a pivot (the caller's /proc, the pid
	 * file's directory) stays in the process the program sees as pid
	 * 1. */
	undo_hand_over();
	keep_only(&report_fd, 1);
	/* TRANSLATORS: the init's pid, then the program's. */
	say_pid(THIS_STEP, program, N_("pid %d runs the program as pid %d"),
	    (int)getpid(), (int)program);

	for (;;) {
		siginfo_t info;

		sig = sigwaitinfo(&all, &info);
		if (sig > 0 && sig != SIGCHLD)
			pass_on(THIS_STEP, &info, program, false);
		if (sig != SIGCHLD)
			continue;
		/* Reap everything: the program and any orphan. */
		while ((w = wait_child(-1, &status, WNOHANG)) > 0)
			if (w == program)
				goto done;
	}
done:
	if (write(report_fd, &status, sizeof status) != (ssize_t)sizeof status)
		complain(THIS_STEP, errno, NULL, "%s", events_doc());
	/* Our exit ends every process left in the namespace. */
	_exit(WIFEXITED(status) ? WEXITSTATUS(status)
				: 128 + WTERMSIG(status));
}

STEP_ROW(INIT, "init", N_("run an init as pid 1"), supervise_init, NULL, NULL);
