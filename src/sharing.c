/* Who shares our process context.  A namespace has an inode to compare;
 * the parts of a process that fs, files, sysvsem, vm and sighand detach
 * have none, but kcmp(2) tells whether two tasks share one.  Asked only
 * by --verbose and --list.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kcmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "child.h"
#include "events.h"
#include "i18n.h"
#include "procfs.h"
#include "quote.h"
#include "sharing.h"

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
	/* Our own threads, then every process /proc shows. */
	compare_dir("/proc/self/task", self, gettid(), mask, out);
	compare_dir("/proc", self, self, mask, out);
}

/* " pid 12 (sh), pid 40 (make) and 3 more"; a name is quoted, since a
 * process names itself. */
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

static void sharers(const struct sharing *s, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < s->n && i < SHARING_NAMED && used < size; i++) {
		const char *sep = ", ";
		char comm[32];

		if (i == 0)
			sep = " ";
		else if (i + 1 == s->n)
			/* TRANSLATORS: before the last of the processes that
			 * share a part, as in "pid 12 (sh) and pid 40
			 * (make)". */
			sep = _(" and ");
		used += (size_t)snprintf(buf + used, size - used,
					 _("%spid %d (%s)"), sep,
					 (int)s->named[i],
					 comm_of(s->named[i], comm));
	}
	if (s->n > SHARING_NAMED && used < size)
		/* TRANSLATORS: after the processes named, as in "pid 12
		 * (sh), pid 40 (make) and 3 more": %zu is how many
		 * processes more share it. */
		snprintf(buf + used, size - used, _(" and %zu more"),
			 s->n - SHARING_NAMED);
}

/* Why we may not compare task: kcmp(2) needs the right to ptrace-read
 * it, which a kernel thread never gives, nor a task that holds a
 * capability we lack (an init above a container's root, say); else a
 * security module or the task's own setting refused it. */
static const char *why_unseen(pid_t task)
{
	char path[32], line[256];
	unsigned long long caps = 0, ours = effective_caps();
	bool kthread = false;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/status", (int)task);
	if ((f = fopen(path, "re")) == NULL)
		return _("it has ended");
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "Kthread:", 8) == 0)
			kthread = strtol(line + 8, NULL, 10) == 1;
		else if (strncmp(line, "CapPrm:", 7) == 0)
			caps = strtoull(line + 7, NULL, 16);
	}
	fclose(f);
	if (kthread)
		return _("a kernel thread");
	if (caps & ~ours)
		return _("it holds capabilities this process lacks");
	return _("a security module or its own setting refuses us");
}

/* " pid 1 (init: a kernel thread), pid 2 (...)": the tasks we may not
 * compare, and why. */
static void unseen(const struct sharing *s, char *buf, size_t size)
{
	size_t used = 0;
	char comm[32];

	buf[0] = '\0';
	for (size_t i = 0; i < s->hidden && i < SHARING_NAMED && used < size;
	     i++)
		/* TRANSLATORS: a task we may not compare, and why, as in
		 * " pid 1 (init: a kernel thread)". */
		used += (size_t)snprintf(buf + used, size - used, _("%spid %d "
					 "(%s: %s)"), i ? ", " : " ",
					 (int)s->unseen[i],
					 comm_of(s->unseen[i], comm),
					 why_unseen(s->unseen[i]));
	if (s->hidden > SHARING_NAMED && used < size)
		snprintf(buf + used, size - used, _(" and %zu more"),
			 s->hidden - SHARING_NAMED);
}

/* Why nothing shares it: execve gives files, vm and sighand anew. */
static const char *why_alone(unsigned long bit)
{
	switch (bit) {
	case UNSHARE_FILES:
		return _("execve gives every program a file table of its "
			 "own, so --files matters only to a program that "
			 "shares one and has not exec'd");
	case UNSHARE_VM:
		return _("execve gives every program an address space of its "
			 "own, so --vm matters only to a program that shares "
			 "one and has not exec'd");
	case UNSHARE_SIGHAND:
		return _("execve gives every program signal handlers of its "
			 "own, so --sighand matters only to a program that "
			 "shares them and has not exec'd");
	default:
		return _("sharing it survives execve, but no task we may "
			 "compare shares it");
	}
}

/* Why nothing shares it, for s. */
static const char *why_none(const struct flag *f, const struct sharing *s)
{
	if (s->no_undo_list)
		return _("we have no semaphore undo list (the first semop(2) "
			 "with SEM_UNDO makes one), so there is none to "
			 "share");
	return why_alone(f->bit);
}

static void report_before(unsigned long mask,
			  struct sharing before[UNSHARE_NFLAGS])
{
	char who[512], why[1024], detail[2048];

	sharing_scan(mask, before);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const struct sharing *s = &before[i];

		if (!(mask & f->bit))
			continue;
		if (s->other_proc) {
			/* TRANSLATORS: %s is a flag (fs, files, sysvsem, vm,
			 * sighand). */
			say("sharing",
			    N_("%s: cannot tell who shares it: /proc is not "
			       "this pid namespace's (none is mounted, or it "
			       "shows another's), so its pids are not ones to "
			       "compare"),
			    f->name);
			continue;
		}
		if (s->error) {
			say("sharing", s->error == ENOSYS
			    /* TRANSLATORS: %s is a flag (fs, files, sysvsem,
			     * vm, sighand), %s the system's error text. */
			    ? N_("%s: cannot tell who shares it: kcmp(2) "
				 "failed: %s (a kernel without CONFIG_KCMP)")
			    /* TRANSLATORS: %s is a flag (fs, files, sysvsem,
			     * vm, sighand), %s the system's error text. */
			    : N_("%s: cannot tell who shares it: kcmp(2) "
				 "failed: %s"),
			    f->name, i18n_strerror(s->error));
			continue;
		}
		sharers(s, who, sizeof who);
		unseen(s, why, sizeof why);
		if (s->n > 0 && s->hidden)
			snprintf(detail, sizeof detail,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %s the processes that share it,
				  * after a space (" pid 12 (sh) and pid 40
				  * (make)"), %zu how many tasks could not be
				  * compared, %s which and why, after a space
				  * (" pid 1 (init: a kernel thread)"). */
				 n_("%s: shared with%s; %zu other task could "
				    "not be compared (kcmp(2) needs the right "
				    "to ptrace-read it):%s",
				    "%s: shared with%s; %zu other tasks could "
				    "not be compared (kcmp(2) needs the right "
				    "to ptrace-read them):%s", s->hidden),
				 f->name, who, s->hidden, why);
		else if (s->n > 0)
			/* TRANSLATORS: %s is a flag (fs, files, vm...), %s
			 * the processes that share it, after a space ("
			 * pid 12 (sh) and pid 40 (make)"). */
			snprintf(detail, sizeof detail, _("%s: shared with%s"),
				 f->name, who);
		else if (s->hidden)
			snprintf(detail, sizeof detail,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %s why nothing shares it, %zu how
				  * many tasks could not be compared, %s which
				  * and why, after a space (" pid 1 (init: a
				  * kernel thread)"). */
				 n_("%s: ours alone already: %s; %zu other "
				    "task could not be compared (kcmp(2) needs "
				    "the right to ptrace-read it):%s",
				    "%s: ours alone already: %s; %zu other "
				    "tasks could not be compared (kcmp(2) "
				    "needs the right to ptrace-read them):%s",
				    s->hidden),
				 f->name, why_none(f, s), s->hidden, why);
		else
			snprintf(detail, sizeof detail,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %s why nothing shares it. */
				 _("%s: ours alone already: %s"), f->name,
				 why_none(f, s));
		/* Made whole here, since n_() needs the count: say() gets
		 * no format of ours to translate. */
		say("sharing", "%s", detail);
	}
}

/* After unshare(2), the tasks that shared a part before are compared
 * again, and only they: the kernel made each part ours (a copy, or for
 * sysvsem no undo list at all), and in a new user namespace few others
 * may be compared any more. */
static void report_after(unsigned long mask,
			 const struct sharing before[UNSHARE_NFLAGS])
{
	pid_t self = getpid();
	char who[512], detail[1024];

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const struct sharing *was = &before[i];
		struct sharing now[UNSHARE_NFLAGS];

		if (!(mask & f->bit) || sharing_unknown(was))
			continue;
		if (f->bit == UNSHARE_SYSVSEM) {
			say("sharing", was->no_undo_list
			    ? N_("%s: ours alone now")
			    /* TRANSLATORS: %s is the flag sysvsem. */
			    : N_("%s: ours alone now (unshare(2) dropped our "
				 "semaphore undo list)"),
			    f->name);
			continue;
		}
		memset(now, 0, sizeof now);
		for (size_t j = 0; j < was->n && j < SHARING_NAMED; j++)
			compare(self, was->named[j], f->bit, now);
		if (now[i].n > 0) {
			sharers(&now[i], who, sizeof who);
			/* TRANSLATORS: %s is a flag (fs, files, vm...), %s
			 * the processes that share it, after a space ("
			 * pid 12 (sh) and pid 40 (make)"). */
			say("sharing", N_("%s: still shared with%s"),
			    f->name, who);
		} else if (now[i].hidden > 0) {
			snprintf(detail, sizeof detail,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %zu how many tasks could not be
				  * compared (English says both alike). */
				 n_("%s: ours alone now, as unshare(2) leaves "
				    "it, but %zu of the tasks that shared it "
				    "could not be compared again",
				    "%s: ours alone now, as unshare(2) leaves "
				    "it, but %zu of the tasks that shared it "
				    "could not be compared again",
				    now[i].hidden),
				 f->name, now[i].hidden);
			say("sharing", "%s", detail);
		} else if (was->n > 0) {
			sharers(was, who, sizeof who);
			snprintf(detail, sizeof detail,
				 /* TRANSLATORS: %s is a flag (fs, files,
				  * vm...), %s the processes that shared it,
				  * after a space (" pid 12 (sh) and pid 40
				  * (make)"). */
				 n_("%s: ours alone now:%s no longer shares it",
				    "%s: ours alone now:%s no longer share it",
				    was->n),
				 f->name, who);
			say("sharing", "%s", detail);
		} else {
			/* TRANSLATORS: %s is a flag (fs, files, vm...): no
			 * other task shares that part of us now. */
			say("sharing", N_("%s: ours alone now"), f->name);
		}
	}
}

struct sharing *sharing_before(unsigned long named)
{
	unsigned long mask = named & SHARING_FLAGS;
	struct sharing *seen;

	if (!narrating() || mask == 0 ||
	    (seen = calloc(UNSHARE_NFLAGS, sizeof *seen)) == NULL)
		return NULL;
	report_before(mask, seen);
	return seen;
}

void sharing_after(unsigned long named, struct sharing *seen)
{
	if (seen == NULL)
		return;
	report_after(named & SHARING_FLAGS, seen);
	free(seen);
}
