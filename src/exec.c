/* Running the program, with the shell's exit statuses for failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "env.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "quote.h"
#include "show.h"

static bool exec_predict(const struct step *s, struct prediction *pred);

/* Why the program was refused ("Permission denied"), for a message that
 * names the place: the directory, the link or the file. */
enum refusal {
	REFUSED_UNSEEN, /* not seen again: things have changed since */
	REFUSED_DIR,	/* a directory on the way cannot be searched */
	REFUSED_LINK,	/* a symbolic link whose target cannot be reached */
	REFUSED_FILE,	/* not executable: no x bit, noexec, a directory */
	REFUSED_RUNNER, /* executable: what runs it (#!, loader) is not */
};

static bool searchable(const char *dir)
{
	return faccessat(AT_FDCWD, dir, X_OK, AT_EACCESS) == 0 ||
	       errno != EACCES;
}

/* The first directory on the way to the first len bytes of dir (the
 * working directory if len is 0) that cannot be searched, into buf. */
static bool unsearchable(const char *dir, size_t len, char *buf, size_t size)
{
	if (len == 0) {
		dir = ".";
		len = 1;
	}
	if (len >= size)
		return false;
	memcpy(buf, dir, len);
	buf[len] = '\0';
	if (buf[0] != '/' && !searchable(".")) {
		snprintf(buf, size, ".");
		return true;
	}
	for (size_t i = 1; i <= len; i++) {
		char c = buf[i];

		if (c != '/' && c != '\0')
			continue;
		buf[i] = '\0';
		if (!searchable(buf))
			return true;
		buf[i] = c;
	}
	return false;
}

/* Why file, in the directory of the first dirlen bytes of dir, gave
 * EACCES; the place into buf. */
static enum refusal refusal_of(const char *file, const char *dir,
			       size_t dirlen, char *buf, size_t size)
{
	struct stat st;

	if (stat(file, &st) != 0) {
		if (errno != EACCES)
			return REFUSED_UNSEEN;
		if (unsearchable(dir, dirlen, buf, size))
			return REFUSED_DIR;
		if (lstat(file, &st) != 0 || !S_ISLNK(st.st_mode))
			return REFUSED_UNSEEN;
		snprintf(buf, size, "%s", file);
		return REFUSED_LINK;
	}
	snprintf(buf, size, "%s", file);
	if (!S_ISREG(st.st_mode) ||
	    faccessat(AT_FDCWD, file, X_OK, AT_EACCESS) != 0)
		return REFUSED_FILE;
	/* Executable, yet refused (or, when execvp(3) went on, its
	 * interpreter missing): what runs it is at fault. */
	return REFUSED_RUNNER;
}

/* The first place where a search of PATH for name was refused: execvp(3)
 * fails with EACCES when it met a refusal on its way and found the
 * program nowhere else.  Searched again as execvp searches (an empty
 * entry is the working directory, no PATH the C library's default): path
 * (the run's, which the dry run cannot read in its environment); the
 * place into buf, as refusal_of says it. */
static enum refusal path_refusal(const char *path, const char *name,
				 char *buf, size_t size)
{
	char fallback[64], entry[PATH_MAX];
	const char *p, *end;

	if (path == NULL && confstr(_CS_PATH, fallback, sizeof fallback) > 0)
		path = fallback;
	for (p = path; p != NULL; p = *end ? end + 1 : NULL) {
		int dir = (int)((end = strchrnul(p, ':')) - p);
		enum refusal r;

		if ((size_t)snprintf(entry, sizeof entry, "%.*s%s%s", dir, p,
				     dir ? "/" : "", name) >= sizeof entry)
			continue;
		r = refusal_of(entry, p, (size_t)dir, buf, size);
		if (r != REFUSED_UNSEEN)
			return r;
	}
	return REFUSED_UNSEEN;
}

/* What runs a program: missing (ENOENT for a file that is there) or
 * refused. */
static const char interp_hint[] = N_("its #! interpreter or dynamic loader "
				     "is missing or cannot run");

/* Why path was refused (EACCES), as a hint into hint: the place that
 * refused it, if it can be found again; and into found, where a search
 * of PATH found it ("" if none did).  searched: path was looked for on
 * PATH (a program named without a slash), search_path (NULL: the C
 * library's default); a shell is not, whatever its name. */
static void refusal_hint(const char *path, bool searched,
			 const char *search_path, char *hint,
			 char *found, size_t size)
{
	char where[PATH_MAX];
	const char *slash = strrchr(path, '/');
	enum refusal r;
	struct stat st;

	*found = '\0';
	if (searched && slash == NULL) {
		r = path_refusal(search_path, path, where, sizeof where);
		if (r != REFUSED_DIR && r != REFUSED_UNSEEN)
			snprintf(found, size, "%s", where);
	} else {
		r = refusal_of(path, path,
			       slash == NULL   ? 0 /* the working directory */
			       : slash == path ? 1
					       : (size_t)(slash - path),
			       where, sizeof where);
	}
	if (r == REFUSED_DIR)
		/* TRANSLATORS: %s is a directory on the way to the
		 * program. */
		snprintf(hint, size, _("the directory %s cannot be searched"),
			 quoted_word(where, strlen(where)));
	else if (r == REFUSED_LINK)
		snprintf(hint, size, "%s",
			 _("a symbolic link whose target cannot be reached"));
	else if (r == REFUSED_RUNNER)
		snprintf(hint, size, "%s", _(interp_hint));
	else if (r == REFUSED_FILE && stat(where, &st) == 0 &&
		 S_ISDIR(st.st_mode))
		snprintf(hint, size, "%s", _("it is a directory, not a program"));
	else
		snprintf(hint, size, "%s",
			 _("is it executable, and on a filesystem mounted "
			   "without noexec?"));
}

/* The hint when the program is not found (ENOENT): where the shell came
 * from, or to check the path or the name. */
static const char *missing_hint(const char *path, const char *source,
				char *hint, size_t size)
{
	if (source == NULL)
		return strchr(path, '/') ? _("check the path")
					 : _("not found on PATH: check the name");
	/* TRANSLATORS: %s is where the shell came from ($SHELL, the
	 * password database or "the fallback"). */
	snprintf(hint, size, _("it is the shell, from %s"), _(source));
	return hint;
}

/* The hint when the program is not found inside a new root: which. */
static const char *root_missing_hint(const struct step *s, char *hint,
				     size_t size)
{
	/* TRANSLATORS: --%s=%s is the new root's option and its directory
	 * as given. */
	snprintf(hint, size, _("looked for inside --%s=%s"),
		 s->exec.root_option, quoted(s->exec.root));
	return hint;
}

/* --net /tmp/x: the FILE, a word apart, was taken for the program: the
 * hint says how to write it. */
static const char *ns_file_hint(const struct step *s, char *hint,
				size_t size)
{
	/* TRANSLATORS: --%s is an option that takes its value attached
	 * only (a namespace's file, --mount-proc's directory...), then it
	 * as it should be written. */
	snprintf(hint, size, _("--%s takes its value after '=': --%s=%s"),
		 s->exec.bare_ns, s->exec.bare_ns, quoted(s->exec.path));
	return hint;
}

/* Why the exec of step s failed (errno e), said.  Apart from
 * exec_program, and never inlined there, so that its buffers (16 KB with
 * refusal_hint's) are not in the frame every run's exec is made from:
 * two pages of stack and their page faults fewer. */
static _Noreturn __attribute__((noinline)) void
exec_failed(const struct step *s, int e)
{
	const char *path = s->exec.path, *prog, *hint = NULL;
	char buf[2 * PATH_MAX + 256], found[PATH_MAX] = "";
	int status = EXIT_CANNOT_RUN;

	prog = quoted_word(path, strlen(path));
	if (e == ENOENT && strchr(path, '/') && access(path, F_OK) == 0) {
		/* The file is there: what is missing is what runs it. */
		hint = _(interp_hint);
	} else if (e == ENOENT) {
		status = EXIT_NOT_FOUND;
		hint = s->exec.root ? root_missing_hint(s, buf, sizeof buf)
				    : missing_hint(path, s->exec.source, buf,
						   sizeof buf);
	} else if (e == EACCES) {
		refusal_hint(path, s->exec.argv != NULL, getenv("PATH"), buf,
			     found, sizeof found);
		hint = buf;
	}
	if (s->exec.bare_ns)
		hint = ns_file_hint(s, buf, sizeof buf);
	if (*found)
		fail(status, THIS_STEP, e, hint, "%s: %s (%s)", events_doc(),
		     prog, quoted(found));
	fail(status, THIS_STEP, e, hint, "%s: %s", events_doc(), prog);
}

/* Exec the program of step s (STEP_EXEC), searching PATH, or the shell
 * as a login shell ("-bash").  Does not return: on failure exits 127 (not
 * found) or 126 (cannot be run). */
static _Noreturn void exec_program(const struct step *s, struct run *run)
{
	const char *path = s->exec.path;

	sigaction(SIGCHLD, &run->supervise.chld, NULL);
	if (s->exec.argv != NULL) {
		execvp(path, s->exec.argv);
	} else {
		/* The shell as a login shell: "-bash" for /bin/bash, as
		 * util-linux starts it, at the path given (no PATH search). */
		const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1
						       : path;
		char login[256], *shell_argv[2] = { login, NULL };

		snprintf(login, sizeof login, "-%s", base);
		execv(path, shell_argv);
	}
	exec_failed(s, errno);
}

STEP_ROW(EXEC, "exec", N_("run the program"),
	 exec_program, show_exec, exec_predict);

/* Whether the file name in the first len bytes of dir, under root (NULL:
 * /), exists and is executable by us: a file (root may search a
 * directory, which execve(2) refuses). */
static bool runnable(const char *root, const char *dir, size_t len,
		     const char *name)
{
	struct stat st;
	char *file;
	bool ok;

	if (asprintf(&file, "%s%.*s%s%s", root ? root : "", (int)len, dir,
		     len && dir[len - 1] != '/' ? "/" : "", name) < 0)
		return true; /* no memory: say nothing */
	ok = access(file, X_OK) == 0 && stat(file, &st) == 0 &&
	     !S_ISDIR(st.st_mode);
	free(file);
	return ok;
}

/* --dry-run: whether the program of step s (STEP_EXEC) will not be found
 * on the PATH it will search (or confstr's default if there is none), or
 * at its path, inside its root; then how (*pred), with the run's hint. */
static bool exec_predict_here(const struct step *s, struct prediction *pred)
{
	const char *prog = s->exec.path, *root = s->exec.root, *hint;
	const char *path = s->exec.default_path ? DEFAULT_PATH : getenv("PATH");
	char def[256], source[2 * PATH_MAX + 256], found[PATH_MAX],
		inside[PATH_MAX];
	int e;

	if (strchr(prog, '/') || s->exec.argv == NULL) {
		if (runnable(root, "", 0, prog))
			return false;
	} else {
		if (path == NULL) {
			confstr(_CS_PATH, def, sizeof def);
			path = def;
		}
		for (const char *p = path;; p += strcspn(p, ":") + 1) {
			size_t len = strcspn(p, ":");

			if (runnable(root, len ? p : ".", len ? len : 1, prog))
				return false;
			if (p[len] == '\0')
				break;
		}
	}
	/* Found but not runnable, or on a way we may not search: for a
	 * name searched on PATH, a refusal anywhere on it (execvp's
	 * EACCES). */
	snprintf(inside, sizeof inside, "%s%s", root ? root : "", prog);
	if (root && !strchr(prog, '/'))
		/* PATH inside the new root: not searched, but its / */
		e = access(root, X_OK) != 0 && errno == EACCES ? EACCES
							       : ENOENT;
	else if (strchr(prog, '/') || s->exec.argv == NULL)
		e = access(inside, F_OK) == 0 || errno == EACCES ? EACCES
								 : ENOENT;
	else
		e = path_refusal(path, prog, found, sizeof found) !=
				    REFUSED_UNSEEN
			    ? EACCES
			    : ENOENT;
	/* Inside a new root, the file as we see it from here. */
	if (e == EACCES)
		refusal_hint(inside, s->exec.argv != NULL, path, source, found,
			     sizeof found);
	else
		*found = '\0';
	hint = s->exec.bare_ns ? ns_file_hint(s, source, sizeof source)
	       : e == EACCES   ? source
			       : missing_hint(prog, s->exec.source, source,
					      sizeof source);
	predict_fail(pred, e, prog, hint);
	/* Said as the run says it. */
	snprintf(pred->what, sizeof pred->what, *found ? "%s (%s)" : "%s",
		 quoted_word(prog, strlen(prog)), quoted(found));
	return true;
}

/* --dry-run, exec: as exec_predict_here, by the ids the program runs as
 * (s->exec.uid, gid) where they are not ours: searching PATH and the
 * directories on the program's way takes their permissions.  Looked at
 * by a child that takes them, which we can as root (not root, the
 * change itself is refused first, foreseen by its step; an id unmapped
 * in the new user namespace the same). */
static bool exec_predict(const struct step *s, struct prediction *pred)
{
	int fds[2];
	char found = 0;
	pid_t pid;

	if (geteuid() != 0 || s->exec.uid < 0 || s->exec.gid < 0 ||
	    (s->exec.uid == (long long)geteuid() &&
	     s->exec.gid == (long long)getegid()) ||
	    pipe2(fds, O_CLOEXEC) != 0)
		return exec_predict_here(s, pred);
	if ((pid = fork()) == 0) {
		keep_only(&fds[1], 1);
		if (setgroups(0, NULL) == 0 &&
		    setresgid((gid_t)s->exec.gid, (gid_t)s->exec.gid,
			      (gid_t)s->exec.gid) == 0 &&
		    setresuid((uid_t)s->exec.uid, (uid_t)s->exec.uid,
			      (uid_t)s->exec.uid) == 0)
			found = exec_predict_here(s, pred) ? 'y' : 'n';
		if (write(fds[1], &found, 1) == 1 && found == 'y' &&
		    write(fds[1], pred, sizeof *pred) != (ssize_t)sizeof *pred)
			_exit(1);
		_exit(0);
	}
	close(fds[1]);
	if (pid < 0 || read(fds[0], &found, 1) != 1 ||
	    (found == 'y' &&
	     read(fds[0], pred, sizeof *pred) != (ssize_t)sizeof *pred))
		found = 0;
	close(fds[0]);
	if (pid > 0)
		wait_child(pid, NULL, 0);
	/* The child could not look: as we see it. */
	return found ? found == 'y' : exec_predict_here(s, pred);
}
