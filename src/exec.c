/* Running the program, with the shell's exit statuses for failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exec.h"
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

/* The message for a program refused: 126, with the place that refused it
 * if it can be found again.  searched: path was looked for on PATH (a
 * program named without a slash); a shell is not, whatever its name. */
static _Noreturn void refused(const char *path, bool searched, int e)
{
	char where[PATH_MAX];
	const char *prog = quoted_word(path, strlen(path)),
		   *error = i18n_strerror(e), *slash = strrchr(path, '/');

	if (searched && slash == NULL) {
		char entry[PATH_MAX];

		switch (path_refusal(path, where, entry, sizeof where)) {
		case REFUSED_DIR:
			if (strcmp(where, entry) == 0)
				errx(EXIT_CANNOT_RUN,
				     /* TRANSLATORS: %s is the program, %s
				      * the error, %s a directory named in
				      * PATH; the same in the next
				      * messages. */
				     _("cannot run %s: %s (not found on PATH, "
				       "and the PATH directory %s cannot be "
				       "searched)"),
				     prog, error,
				     quoted_word(where, strlen(where)));
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: the last %s is a directory on
			      * the way to the PATH directory. */
			     _("cannot run %s: %s (not found on PATH, and the "
			       "PATH directory %s cannot be reached: %s "
			       "cannot be searched)"),
			     prog, error, quoted_word(entry, strlen(entry)),
			     quoted_word(where, strlen(where)));
		case REFUSED_LINK:
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: %s is the program, %s the error,
			      * %s the file PATH led to; the same in the next
			      * messages. */
			     _("cannot run %s: %s (found as %s, a symbolic "
			       "link whose target cannot be reached)"),
			     prog, error, quoted_word(where, strlen(where)));
		case REFUSED_FILE:
			errx(EXIT_CANNOT_RUN,
			     _("cannot run %s: %s (found as %s: is it "
			       "executable, and on a filesystem mounted "
			       "without noexec?)"),
			     prog, error, quoted_word(where, strlen(where)));
		case REFUSED_RUNNER:
			errx(EXIT_CANNOT_RUN,
			     _("cannot run %s: %s (found as %s, but its "
			       "interpreter (#! line) or dynamic loader "
			       "cannot be run)"),
			     prog, error, quoted_word(where, strlen(where)));
		case REFUSED_UNSEEN:
			break;
		}
	} else {
		size_t dir = slash == NULL   ? 0 /* the working directory */
			     : slash == path ? 1
					     : (size_t)(slash - path);

		switch (refusal_of(path, path, dir, where, sizeof where)) {
		case REFUSED_DIR:
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: %s is the program, %s the error,
			      * %s a directory on the way to it. */
			     _("cannot run %s: %s (the directory %s cannot be "
			       "searched)"),
			     prog, error, quoted_word(where, strlen(where)));
		case REFUSED_LINK:
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: %s is the program, %s the error;
			      * the same in the next messages. */
			     _("cannot run %s: %s (a symbolic link whose "
			       "target cannot be reached)"),
			     prog, error);
		case REFUSED_RUNNER:
			errx(EXIT_CANNOT_RUN,
			     _("cannot run %s: %s (its interpreter (#! line) "
			       "or dynamic loader cannot be run)"),
			     prog, error);
		case REFUSED_FILE:
		case REFUSED_UNSEEN:
			break;
		}
	}
	errx(EXIT_CANNOT_RUN,
	     _("cannot run %s: %s (is it executable, and on a filesystem "
	       "mounted without noexec?)"),
	     prog, error);
}

_Noreturn void exec_program(const struct step *s)
{
	const char *path = s->exec.path, *source = s->exec.source;
	int e;

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
	if (errno == ENOENT && strchr(path, '/') && access(path, F_OK) == 0)
		/* The file is there: what is missing is what runs it. */
		errx(EXIT_CANNOT_RUN,
		     _("cannot run %s: its interpreter (#! line) or "
		       "dynamic loader was not found"),
		     quoted_word(path, strlen(path)));
	e = errno; /* what is reported: set by execv(3), or by access(2) */
	if (e == ENOENT && source != NULL)
		errx(EXIT_NOT_FOUND,
		     /* TRANSLATORS: %s is the program, %s the error, %s
		      * where the shell came from ($SHELL, a file, the
		      * password database or "the fallback"). */
		     _("cannot run %s: %s (the shell, from %s)"),
		     quoted_word(path, strlen(path)), i18n_strerror(e),
		     _(source));
	if (e == ENOENT)
		errx(EXIT_NOT_FOUND,
		     strchr(path, '/')
			     /* TRANSLATORS: %s is the program, %s the
			      * error; the same in the next messages. */
			     ? _("cannot run %s: %s (check the path)")
			     : _("cannot run %s: %s (searched PATH; check the "
				 "name)"),
		     quoted_word(path, strlen(path)), i18n_strerror(e));
	if (e == EACCES)
		refused(path, s->exec.argv != NULL, e);
	errx(EXIT_CANNOT_RUN,
	     /* TRANSLATORS: %s is the program, %s the error. */
	     _("cannot run %s: %s"), quoted_word(path, strlen(path)),
	     i18n_strerror(e));
}
