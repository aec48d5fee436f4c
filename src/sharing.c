/* The step unshare, and what it changed: who shares our process context
 * (asked by --verbose and --list), and each namespace's inode before and
 * after.  A namespace has an inode to compare; the parts of a process
 * that fs, files, sysvsem, vm and sighand detach have none, but kcmp(2)
 * tells whether two tasks share one.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <linux/kcmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#include "child.h"
#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "json.h"
#include "kinds.h"
#include "procfs.h"
#include "quote.h"
#include "sharing.h"
#include "show.h"

/* What kcmp(2) compares for a flag, or -1. */
static int kcmp_type(unsigned long bit)
{
	switch (bit) {
	case UNSHARE_FS: return KCMP_FS;
	case UNSHARE_FILES: return KCMP_FILES;
	case UNSHARE_SYSVSEM: return KCMP_SYSVSEM;
	case UNSHARE_VM: return KCMP_VM;
	case UNSHARE_SIGHAND: return KCMP_SIGHAND;
	default: return -1;
	}
}

/* Whether task is a kernel thread (PF_KTHREAD in the flags, the ninth
 * field of /proc/PID/stat, after the name in parentheses, which may hold
 * anything): it shares none of these parts with a user process, and is
 * no candidate at all.  A kernel thread is in session 0, which getsid(2)
 * tells in one call: the file is read for those alone. */
static bool kernel_thread(pid_t task)
{
	char path[32], buf[512], *p;
	unsigned long flags = 0;
	ssize_t n;
	int fd;

	if (getsid(task) != 0)
		return false;
	snprintf(path, sizeof path, "/proc/%d/stat", (int)task);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	if ((p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %lu", &flags) != 1)
		return false;
	return flags & 0x00200000; /* PF_KTHREAD */
}

/* Compare task with us for every flag of mask; glibc has no kcmp(). */
static void compare(pid_t self, pid_t task, unsigned long mask,
		    struct sharing out[UNSHARE_NFLAGS])
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		struct sharing *s = &out[i];
		int type = kcmp_type(unshare_flags[i].bit);
		long r;

		if (!(mask & unshare_flags[i].bit) || type < 0 || s->error)
			continue;
		r = syscall(SYS_kcmp, self, task, type, 0, 0);
		if (r == 0) {
			if (s->n < SHARING_NAMED)
				s->named[s->n] = task;
			s->n++;
		} else if (r < 0 && (errno == EPERM || errno == EACCES)) {
			if (kernel_thread(task))
				return; /* for every flag alike */
			if (s->hidden < SHARING_NAMED)
				s->unseen[s->hidden] = task;
			s->hidden++;
		} else if (r < 0 && errno != ESRCH) { /* ESRCH: it ended */
			s->error = errno;
		}
	}
}

/* Every numeric entry of dir but skip. */
static void compare_dir(const char *dir, pid_t self, pid_t skip,
			unsigned long mask, struct sharing out[UNSHARE_NFLAGS])
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);

		if (*end == '\0' && pid > 0 && pid != skip)
			compare(self, (pid_t)pid, mask, out);
	}
	closedir(d);
}

/* Whether we have a semaphore undo list yet.  kcmp(2) compares the
 * lists' addresses, so two tasks that have none compare equal though they
 * share nothing: compare with a child forked without CLONE_SYSVSEM, which
 * has none.  -1 if that cannot be told, with errno saying why. */
static int has_undo_list(pid_t self)
{
	int hold[2], status, error;
	long r;
	pid_t child;

	if (pipe2(hold, O_CLOEXEC) != 0)
		return -1;
	if ((child = fork()) == 0) {
		char c;

		close(hold[1]);
		_exit(read(hold[0], &c, 1) < 0); /* until we close hold[1] */
	}
	close(hold[0]);
	r = child > 0 ? syscall(SYS_kcmp, self, child, KCMP_SYSVSEM, 0, 0)
		      : -1;
	error = errno;
	close(hold[1]);
	if (child > 0)
		wait_child(child, &status, 0);
	errno = error;
	return r < 0 ? -1 : r != 0;
}

void sharing_scan(unsigned long mask, struct sharing out[UNSHARE_NFLAGS])
{
	pid_t self = getpid();

	memset(out, 0, UNSHARE_NFLAGS * sizeof out[0]);
	/* The pids of another namespace's /proc (a container's host /proc,
	 * or after a chroot) would be compared as ours: other tasks. */
	if (!proc_is_ours()) {
		for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
			out[i].other_proc = (mask & unshare_flags[i].bit) != 0;
		return;
	}
	if (mask & UNSHARE_SYSVSEM) {
		struct sharing *s = &out[flag_index(UNSHARE_SYSVSEM)];
		int has = has_undo_list(self);

		if (has < 0)
			s->error = errno;
		s->no_undo_list = has == 0;
		if (has <= 0)
			mask &= ~UNSHARE_SYSVSEM;
	}
	/* Our own threads, then every process /proc shows, for the parts
	 * that sharing survives execve in (fs, sysvsem): it gave us a
	 * files table, a memory and signal handlers of our own, and we
	 * share them with no child yet, so another process shares none of
	 * them (and comparing each task costs a kcmp(2) a part). */
	compare_dir("/proc/self/task", self, gettid(), mask, out);
	compare_dir("/proc", self, self, mask & (UNSHARE_FS | UNSHARE_SYSVSEM),
		    out);
}

/* A task's name as /proc/PID/comm gives it, into comm (32 bytes), quoted
 * (a process names itself), or "?". */
static const char *comm_of(pid_t task, char comm[32])
{
	char path[32];
	FILE *f;

	strcpy(comm, "?");
	snprintf(path, sizeof path, "/proc/%d/comm", (int)task);
	if ((f = fopen(path, "re")) != NULL) {
		if (fgets(comm, 32, f) == NULL)
			strcpy(comm, "?");
		comm[strcspn(comm, "\n")] = '\0';
		fclose(f);
	}
	return quoted(comm);
}

/* Why we may not compare task, in a word: kcmp(2) needs the right to
 * ptrace-read it, which a kernel thread never gives, nor a task that
 * holds a capability we lack (an init above a container's root, say);
 * else a security module or the task's own setting refused it. */
static const char *why_unseen(pid_t task)
{
	char path[32], line[256];
	unsigned long long caps = 0, ours = effective_caps();
	bool kthread = false;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)task);
	if ((f = fopen(path, "re")) == NULL)
		return "ended";
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "Kthread:", 8) == 0)
			kthread = strtol(line + 8, NULL, 10) == 1;
		else if (strncmp(line, "CapPrm:", 7) == 0)
			caps = strtoull(line + 7, NULL, 16);
	}
	fclose(f);
	return kthread ? "kthread" : caps & ~ours ? "capabilities" : "refused";
}

/* The first max of n tasks, " pid 12 (sh), pid 40 (make) and 3 more";
 * with why, each with why it could not be compared, in a word: " pid 1
 * (init: capabilities)". */
static void tasks_text(const pid_t *tasks, size_t n, size_t max, bool why,
		       char *buf, size_t size)
{
	size_t used = 0, shown = n < max ? n : max;
	char comm[32];

	if (shown > SHARING_NAMED)
		shown = SHARING_NAMED;
	buf[0] = '\0';
	for (size_t i = 0; i < shown && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used,
					 /* not translated: pid is a name,
					  * as ps(1) has it, why JSON's
					  * word */
					 "%s pid %d (%s%s%s)", i ? "," : "",
					 (int)tasks[i],
					 comm_of(tasks[i], comm),
					 why ? ": " : "",
					 why ? why_unseen(tasks[i]) : "");
	if (n > shown && used < size)
		/* TRANSLATORS: after the processes named, as in " pid 12
		 * (sh), pid 40 (make) and 3 more": %zu is how many
		 * processes more share it. */
		snprintf(buf + used, size - used, _(" and %zu more"),
			 n - shown);
}

/* The first of n tasks as a JSON array of {"pid":N,"name":"..."}, with
 * why each with its "reason"; then the member "KEY_count":n. */
static void tasks_json(FILE *out, const pid_t *tasks, size_t n, bool why,
		       const char *key)
{
	char comm[32];

	putc('[', out);
	for (size_t i = 0; i < n && i < SHARING_NAMED; i++) {
		fprintf(out, "%s{\"pid\":%d,\"name\":", i ? "," : "",
			(int)tasks[i]);
		comm_of(tasks[i], comm);
		json_string(out, comm);
		if (why) {
			fputs(",\"reason\":", out);
			json_string(out, why_unseen(tasks[i]));
		}
		putc('}', out);
	}
	fprintf(out, /* not translated: JSON */ "],\"%s_count\":%zu", key, n);
}

/* One report of who shares f's part, in the phase before or after
 * unshare(2): as text, text; as JSON an event {"event":"sharing","flag",
 * "phase","sharers","sharers_count","uncompared","uncompared_count",
 * "outcome"}, each task named there {"pid","name"} (an uncompared one
 * with its "reason", a word). */
static void report(const struct flag *f, const char *phase,
		   const struct sharing *s, const char *text)
{
	FILE *out = events_out();

	if (!narrating_json()) {
		say("sharing", "%s", text);
		return;
	}
	event(out, "sharing");
	fputs(",\"flag\":", out);
	json_string(out, f->name);
	fputs(",\"phase\":", out);
	json_string(out, phase);
	if (!sharing_unknown(s)) {
		fputs(",\"sharers\":", out);
		tasks_json(out, s->named, s->n, false, "sharers");
		fputs(",\"uncompared\":", out);
		tasks_json(out, s->unseen, s->hidden, true, "uncompared");
	} else {
		fputs(",\"unknown\":", out);
		json_string(out, s->other_proc ? "other-proc" : "kcmp");
	}
	fputs(",\"outcome\":\"ok\"}\n", out);
}

/* What was seen before: who shares it, or that nothing does; with a
 * second --verbose, why nothing does, and the tasks that could not be
 * compared, with why. */
static void say_before(const struct flag *f, const struct sharing *s,
		       char *buf, size_t size)
{
	static bool execve_said;
	char list[1024];
	size_t len;

	if (s->n > 0) {
		tasks_text(s->named, s->n, narrating() >= 2 ? SHARING_NAMED : 3,
			   false, list, sizeof list);
		/* TRANSLATORS: %s is a flag (fs, files, vm...), %s the
		 * processes that share it, after a space (" pid 12 (sh),
		 * pid 40 (make)"). */
		snprintf(buf, size, _("%s: shared with%s"), f->name, list);
	} else if (narrating() >= 2 &&
		   (s->no_undo_list ||
		    ((f->bit & (UNSHARE_FILES | UNSHARE_VM | UNSHARE_SIGHAND)) &&
		     !execve_said))) {
		/* execve's part said once, for the first of files, vm and
		 * sighand. */
		execve_said |= !s->no_undo_list;
		snprintf(buf, size, "%s: %s", f->name,
			 s->no_undo_list
				 ? _("ours alone already: we have no "
				     "semaphore undo list")
				 /* TRANSLATORS: said of files, vm or
				  * sighand. */
				 : _("ours alone already: execve gives each "
				     "program its own"));
	} else {
		/* TRANSLATORS: %s is a flag (fs, files, vm...). */
		snprintf(buf, size, _("%s: ours alone already"), f->name);
	}
	len = strlen(buf);
	if (narrating() < 2 || !s->hidden || len >= size)
		return;
	tasks_text(s->unseen, s->hidden, SHARING_NAMED, true, list,
		   sizeof list);
	/* TRANSLATORS: after what is said of a flag: %zu is how many tasks
	 * could not be compared, %s which and why, after a space. */
	snprintf(buf + len, size - len, n_("; %zu not compared:%s",
					   "; %zu not compared:%s", s->hidden),
		 s->hidden, list);
}

/* As text, once: how many tasks could not be compared (the most for any
 * flag: mostly the same tasks for each). */
static void uncompared_line(unsigned long mask,
			    const struct sharing before[UNSHARE_NFLAGS])
{
	size_t most = 0;
	char text[256];

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if ((mask & unshare_flags[i].bit) &&
		    !sharing_unknown(&before[i]) && before[i].hidden > most)
			most = before[i].hidden;
	if (most == 0 || narrating_json() || narrating() >= 2)
		return;
	/* TRANSLATORS: %zu is how many tasks could not be compared; -vv
	 * (--verbose twice) names them. */
	snprintf(text, sizeof text,
		 n_("%zu task not compared (no right to ptrace-read it; -vv "
		    "names it)",
		    "%zu tasks not compared (no right to ptrace-read them; "
		    "-vv names them)", most),
		 most);
	say("sharing", "%s", text);
}

struct sharing *sharing_before(unsigned long named)
{
	unsigned long mask = named & SHARING_FLAGS;
	struct sharing *before;
	char text[2048];

	if (!narrating() || mask == 0 ||
	    (before = calloc(UNSHARE_NFLAGS, sizeof *before)) == NULL)
		return NULL;
	sharing_scan(mask, before);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const struct sharing *s = &before[i];

		if (!(mask & f->bit))
			continue;
		if (s->other_proc)
			/* TRANSLATORS: %s is a flag (fs, files, sysvsem, vm,
			 * sighand). */
			snprintf(text, sizeof text,
				 _("%s: cannot tell who shares it: /proc is "
				   "not this pid namespace's"), f->name);
		else if (s->error)
			/* TRANSLATORS: %s is a flag (fs, files, sysvsem, vm,
			 * sighand), %s the system's error text. */
			snprintf(text, sizeof text,
				 _("%s: cannot tell who shares it: kcmp(2): "
				   "%s"), f->name, i18n_strerror(s->error));
		else
			say_before(f, s, text, sizeof text);
		report(f, "before", s, text);
	}
	uncompared_line(mask, before);
	return before;
}

/* After unshare(2), the tasks that shared a part before are compared
 * again, and only they: the kernel made each part ours (a copy, or for
 * sysvsem no undo list at all), and in a new user namespace few others
 * may be compared any more. */
void sharing_after(unsigned long named, struct sharing *before)
{
	unsigned long mask = named & SHARING_FLAGS;
	pid_t self = getpid();
	char who[512], text[1024];

	if (before == NULL)
		return;
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const struct sharing *was = &before[i];
		struct sharing now[UNSHARE_NFLAGS];

		if (!(mask & f->bit) || sharing_unknown(was))
			continue;
		memset(now, 0, sizeof now);
		for (size_t j = 0; f->bit != UNSHARE_SYSVSEM && j < was->n &&
				   j < SHARING_NAMED;
		     j++)
			compare(self, was->named[j], f->bit, now);
		if (now[i].n > 0) {
			tasks_text(now[i].named, now[i].n, SHARING_NAMED, false,
				   who, sizeof who);
			/* TRANSLATORS: %s is a flag (fs, files, vm...), %s
			 * the processes that share it, after a space (" pid
			 * 12 (sh), pid 40 (make)"). */
			snprintf(text, sizeof text,
				 _("%s: still shared with%s"), f->name, who);
		} else if (now[i].hidden > 0) {
			snprintf(text, sizeof text,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %zu how many of the tasks that
				  * shared it could not be compared again. */
				 n_("%s: ours alone now; %zu not compared "
				    "again",
				    "%s: ours alone now; %zu not compared "
				    "again",
				    now[i].hidden),
				 f->name, now[i].hidden);
		} else {
			/* TRANSLATORS: %s is a flag (fs, files, vm...): no
			 * other task shares that part of us now. */
			snprintf(text, sizeof text, _("%s: ours alone now"),
				 f->name);
		}
		report(f, "after", &now[i], text);
	}
	free(before);
}

void ns_snapshot(unsigned long mask, ino_t ino[UNSHARE_NFLAGS])
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		ino[i] = (mask & unshare_flags[i].bit) && *unshare_flags[i].ns
				 ? ns_inode(unshare_flags[i].ns_after)
				 : 0;
}

static void ns_report(unsigned long mask, const ino_t before[UNSHARE_NFLAGS],
	       const ino_t after[UNSHARE_NFLAGS])
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!(mask & f->bit) || !*f->ns)
			continue;
		if (narrating_json()) {
			FILE *out = events_out();

			event(out, "namespace");
			fputs(",\"entry\":", out);
			json_string(out, f->ns_after);
			fprintf(out, ",\"before\":%lu,\"after\":",
				(unsigned long)before[i]);
			if (after[i])
				fprintf(out, "%lu", (unsigned long)after[i]);
			else
				fputs("null", out);
			fputs(",\"outcome\":\"ok\"}\n", out);
			continue;
		}
		fprintf(stderr, VERBOSE_PREFIX "%-17s %lu -> ", f->ns_after,
			(unsigned long)before[i]);
		if (before[i] == 0 && after[i] == 0)
			/* "?" stands for the inode number that could not be
			 * read. */
			fprintf(stderr, "? (%s)\n", _(hint_proc));
		else if (after[i] == 0)
			/* pid_for_children until the first child is born */
			fputs(_("new (entered by the first child)\n"), stderr);
		else if (before[i] == after[i])
			/* TRANSLATORS: %lu is the inode number of the
			 * namespace, the same after unshare(2) as before. */
			fprintf(stderr, _("%lu (unchanged!)\n"),
				(unsigned long)after[i]);
		else
			fprintf(stderr, "%lu\n", (unsigned long)after[i]);
	}
}

/* Step unshare: unshare(2) with s->unshare.mask, and with --verbose each
 * namespace's inode before and after, and who shared what was named.
 * Exits 125 on failure. */
static void run_unshare(const struct step *s, struct run *run)
{
	ino_t after[UNSHARE_NFLAGS];

	/* The full unsigned long: glibc's unshare(int) would cut it. */
	if (syscall(SYS_unshare, s->unshare.mask) != 0) {
		events_failed(THIS_STEP, errno);
		diagnose_unshare(errno, s->unshare.mask);
		exit(EXIT_TOOL);
	}
	if (narrating()) {
		ns_snapshot(s->unshare.mask, after);
		ns_report(s->unshare.mask, run->narration.before, after);
		sharing_after(s->unshare.named, run->narration.sharers);
	}
}

STEP_ROW(UNSHARE, "unshare", "unshare(2)",
	 run_unshare, show_unshare, diagnose_predict);
