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
#include <sys/stat.h>
#include <unistd.h>

#include "env.h"
#include "events.h"
#include "exec.h"
#include "fail.h"
#include "i18n.h"
#include "quote.h"

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
 * entry is the working directory, no PATH the C library's default); the
 * PATH entry into entry. */
static enum refusal path_refusal(const char *name, char *buf, char *entry,
				 size_t size)
{
	char fallback[64];
	const char *path = getenv("PATH"), *p, *end;

	if (path == NULL && confstr(_CS_PATH, fallback, sizeof fallback) > 0)
		path = fallback;
	for (p = path; p != NULL; p = *end ? end + 1 : NULL) {
		int dir = (int)((end = strchrnul(p, ':')) - p);
		enum refusal r;

		if ((size_t)snprintf(entry, size, "%.*s%s%s", dir, p,
				     dir ? "/" : "", name) >= size)
			continue;
		r = refusal_of(entry, p, (size_t)dir, buf, size);
		if (r != REFUSED_UNSEEN) {
			/* Without the slashes it ends with, if any: the
			 * same directory as unsearchable() names. */
			while (dir > 1 && p[dir - 1] == '/')
				dir--;
			snprintf(entry, size, "%.*s", dir ? dir : 1,
				 dir ? p : ".");
			return r;
		}
	}
	return REFUSED_UNSEEN;
}

/* Why a program was refused, as the hint after "cannot run PROGRAM:
 * Permission denied": the place that refused it, if it can be found
 * again.  searched: path was looked for on PATH (a program named
 * without a slash); a shell is not, whatever its name. */
static void refusal_hint(const char *path, bool searched, char *hint,
			 size_t size)
{
	char where[PATH_MAX];
	const char *slash = strrchr(path, '/');

	if (searched && slash == NULL) {
		char entry[PATH_MAX];
		enum refusal r = path_refusal(path, where, entry, sizeof where);
		const char *shown = quoted_word(where, strlen(where));

		if (r == REFUSED_DIR && strcmp(where, entry) == 0)
			/* TRANSLATORS: %s is a directory named in PATH. */
			snprintf(hint, size, _("not found on PATH, and the PATH "
					       "directory %s cannot be "
					       "searched"), shown);
		else if (r == REFUSED_DIR)
			/* TRANSLATORS: %s is a directory named in PATH, %s a
			 * directory on the way to it. */
			snprintf(hint, size, _("not found on PATH, and the PATH "
					       "directory %s cannot be reached: "
					       "%s cannot be searched"),
				 quoted_word(entry, strlen(entry)), shown);
		else if (r == REFUSED_LINK)
			/* TRANSLATORS: %s is the file PATH led to; the same
			 * in the next messages. */
			snprintf(hint, size, _("found as %s, a symbolic link "
					       "whose target cannot be "
					       "reached"), shown);
		else if (r == REFUSED_FILE)
			snprintf(hint, size, _("found as %s: is it executable, "
					       "and on a filesystem mounted "
					       "without noexec?"), shown);
		else if (r == REFUSED_RUNNER)
			snprintf(hint, size, _("found as %s, but its interpreter "
					       "(#! line) or dynamic loader "
					       "cannot be run"), shown);
		if (r != REFUSED_UNSEEN)
			return;
	} else {
		size_t dir = slash == NULL   ? 0 /* the working directory */
			     : slash == path ? 1
					     : (size_t)(slash - path);

		switch (refusal_of(path, path, dir, where, sizeof where)) {
		case REFUSED_DIR:
			/* TRANSLATORS: %s is a directory on the way to the
			 * program. */
			snprintf(hint, size, _("the directory %s cannot be "
					       "searched"),
				 quoted_word(where, strlen(where)));
			return;
		case REFUSED_LINK:
			snprintf(hint, size, "%s",
				 _("a symbolic link whose target cannot be "
				   "reached"));
			return;
		case REFUSED_RUNNER:
			snprintf(hint, size, "%s",
				 _("its interpreter (#! line) or dynamic loader "
				   "cannot be run"));
			return;
		case REFUSED_FILE:
		case REFUSED_UNSEEN:
			break;
		}
	}
	snprintf(hint, size, "%s",
		 _("is it executable, and on a filesystem mounted without "
		   "noexec?"));
}

/* Why the exec of step s failed (errno e), said.  Apart from
 * exec_program, and never inlined there, so that its buffers (16 KB with
 * refusal_hint's) are not in the frame every run's exec is made from:
 * two pages of stack and their page faults fewer. */
static _Noreturn __attribute__((noinline)) void
exec_failed(const struct step *s, int e)
{
	const char *path = s->exec.path, *source = s->exec.source, *prog;
	char hint[2 * PATH_MAX + 256];

	prog = quoted_word(path, strlen(path));
	/* TRANSLATORS: %s is the program; the reason follows. */
	if (e == ENOENT && strchr(path, '/') && access(path, F_OK) == 0)
		/* The file is there: what is missing is what runs it. */
		fail(EXIT_CANNOT_RUN, THIS_STEP, e,
		     _("its interpreter (#! line) or dynamic loader was not "
		       "found"),
		     _("cannot run %s"), prog);
	if (e == ENOENT && source != NULL) {
		/* TRANSLATORS: %s is where the shell came from ($SHELL, the
		 * password database or "the fallback"). */
		snprintf(hint, sizeof hint, _("it is the shell, from %s"),
			 _(source));
		fail(EXIT_NOT_FOUND, THIS_STEP, e, hint, _("cannot run %s"), prog);
	}
	if (e == ENOENT)
		fail(EXIT_NOT_FOUND, THIS_STEP, e,
		     strchr(path, '/') ? _("check the path")
				       : _("not found on PATH: check the name"),
		     _("cannot run %s"), prog);
	if (e == EACCES) {
		refusal_hint(path, s->exec.argv != NULL, hint, sizeof hint);
		fail(EXIT_CANNOT_RUN, THIS_STEP, e, hint, _("cannot run %s"), prog);
	}
	fail(EXIT_CANNOT_RUN, THIS_STEP, e, NULL, _("cannot run %s"), prog);
}

_Noreturn void exec_program(const struct step *s, struct run *run)
{
	const char *path = s->exec.path;

	sigaction(SIGCHLD, &run->chld, NULL);
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

/* Whether the file root + path (root NULL: /) exists and is executable
 * by us. */
static bool runnable(const char *root, const char *dir, const char *name)
{
	char *file;
	bool ok;

	if (asprintf(&file, "%s%s%s%s", root ? root : "", dir,
		     *dir && dir[strlen(dir) - 1] != '/' ? "/" : "",
		     name) < 0)
		return true; /* no memory: say nothing */
	ok = access(file, X_OK) == 0;
	free(file);
	return ok;
}

void exec_predict(const struct step *s, const char *root, const char *path)
{
	const char *prog = s->exec.path, *hint;
	char def[256], source[256];

	if (strchr(prog, '/') || s->exec.argv == NULL) {
		if (runnable(root, "", prog))
			return;
	} else {
		if (path == NULL) {
			confstr(_CS_PATH, def, sizeof def);
			path = def;
		}
		for (const char *p = path;; p++) {
			size_t len = strcspn(p, ":");
			char *dir = strndup(p, len);
			bool found = !dir || runnable(root, len ? dir : ".",
						      prog);

			free(dir);
			if (found)
				return;
			p += len;
			if (*p == '\0')
				break;
		}
	}
	if (s->exec.source) {
		/* The same hint as the run's. */
		snprintf(source, sizeof source, _("it is the shell, from %s"),
			 _(s->exec.source));
		hint = source;
	} else {
		hint = strchr(prog, '/') ? _("check the path")
					 : _("not found on PATH: check the name");
	}
	/* TRANSLATORS: %s is the program; the reason follows. */
	complain(NULL, access(prog, F_OK) == 0 && !root ? EACCES : ENOENT,
		 hint, _("--dry-run: the run would fail: cannot run %s"),
		 quoted_word(prog, strlen(prog)));
}

void env_apply(const struct step *s, struct run *run)
{
	char **kept;
	size_t n = 0, names = 0;
	bool path_kept = false;

	(void)run;
	/* As many names, of any length, as the lists give. */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p; p++)
			names += *p == ',';
	if ((kept = calloc(names + s->env.n + 1, sizeof *kept)) == NULL)
		fail(EXIT_TOOL, THIS_STEP, ENOMEM, NULL, "--keep-env");
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p;) {
			size_t len = strcspn(p, ",");
			char *name = strndup(p, len);
			const char *value;

			if (name == NULL)
				fail(EXIT_TOOL, THIS_STEP, ENOMEM, NULL,
				     "--keep-env");
			else if ((value = getenv(name)) != NULL) {
				if (asprintf(&kept[n], "%s=%s", name, value) < 0)
					fail(EXIT_TOOL, THIS_STEP, ENOMEM,
					     NULL, "--keep-env");
				n++;
				path_kept |= strcmp(name, "PATH") == 0;
			}
			free(name);
			p += len + (p[len] == ',');
		}
	if (clearenv() != 0)
		fail(EXIT_TOOL, THIS_STEP, 0, NULL,
		     _("--clear-env: clearenv failed"));
	for (size_t i = 0; i < n; i++)
		if (putenv(kept[i]) != 0)
			fail(EXIT_TOOL, THIS_STEP, errno, NULL,
			     "--keep-env: putenv(3)");
	free(kept); /* the strings are the environment's now */
	if (!path_kept && setenv("PATH", DEFAULT_PATH, 1) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     "--clear-env: setenv(3)");
	/* n_() loads the locale: asked only when something is said. */
	if (narrating())
		/* TRANSLATORS: --verbose; %zu is how many variables were kept
		 * (those set, of the ones --keep-env names). */
		say(THIS_STEP, n_("cleared but PATH and %zu variable",
					    "cleared but PATH and %zu variables",
					    n),
		    n);
}
