/* Running the program, with the shell's exit statuses for failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "env.h"
#include "exec.h"
#include "i18n.h"
#include "names.h"
#include "quote.h"

const char *default_shell(const struct plan *plan, const char **source)
{
	/* With --clear-env, SHELL is gone by the time the shell runs,
	 * unless it is kept: say what will be. */
	const char *shell = !(plan->opts & OPT_CLEAR_ENV) ||
					    env_kept(plan, "SHELL")
				    ? getenv("SHELL")
				    : NULL;
	const struct passwd *pw;

	if (shell && *shell) {
		*source = "$SHELL";
		return shell;
	}
	pw = user_entry(getuid());
	if (pw && pw->pw_shell && *pw->pw_shell) {
		*source = passwd_source;
		return pw->pw_shell;
	}
	/* TRANSLATORS: where the shell came from, shown as the last %s of
	 * "(the shell, from %s)", as are $SHELL and the password database.
	 * JSON keeps it in English. */
	*source = N_("the fallback");
	return "/bin/sh";
}

/* Where a search of PATH for name met "Permission denied", for a message
 * that names it: execvp(3) fails with EACCES when it met that on its way
 * and found the program nowhere else.  The first such place is written
 * to buf, searched as execvp searches (an empty entry is the working
 * directory, no PATH is the C library's default). */
enum denied {
	DENIED_NOWHERE, /* not seen again: the search has changed since */
	DENIED_DIR,	/* buf: a directory that cannot be searched */
	DENIED_FILE,	/* buf: the program, found but not runnable */
};

static enum denied path_denied(const char *name, char *buf, size_t size)
{
	char fallback[64];
	const char *path = getenv("PATH"), *p, *end;

	if (path == NULL && confstr(_CS_PATH, fallback, sizeof fallback) > 0)
		path = fallback;
	for (p = path; p != NULL; p = *end ? end + 1 : NULL) {
		int dir = (int)((end = strchrnul(p, ':')) - p);
		struct stat st;

		if ((size_t)snprintf(buf, size, "%.*s%s%s", dir, p,
				     dir ? "/" : "", name) >= size)
			continue;
		if (stat(buf, &st) != 0) {
			if (errno != EACCES)
				continue;
			snprintf(buf, size, "%.*s", dir ? dir : 1,
				 dir ? p : ".");
			return DENIED_DIR;
		}
		if (!S_ISREG(st.st_mode) || access(buf, X_OK) != 0)
			return DENIED_FILE;
	}
	return DENIED_NOWHERE;
}

_Noreturn void exec_program(const struct plan *plan)
{
	char *const *argv = plan->argv;
	const char *path, *source = NULL;
	int e;

	if (argv != NULL) {
		path = argv[0];
		execvp(path, argv);
	} else {
		/* The shell as a login shell: "-bash" for /bin/bash, as
		 * util-linux starts it, at the path given (no PATH search). */
		const char *base;
		char login[256], *shell_argv[2] = { login, NULL };

		path = default_shell(plan, &source);
		base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
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
	if (e == EACCES && source == NULL && !strchr(path, '/')) {
		char where[PATH_MAX];

		switch (path_denied(path, where, sizeof where)) {
		case DENIED_DIR:
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: %s is the program, %s the error,
			      * %s a directory named in PATH. */
			     _("cannot run %s: %s (not found on PATH, and "
			       "its directory %s cannot be searched)"),
			     quoted_word(path, strlen(path)),
			     i18n_strerror(e),
			     quoted_word(where, strlen(where)));
		case DENIED_FILE:
			errx(EXIT_CANNOT_RUN,
			     /* TRANSLATORS: %s is the program, %s the error,
			      * %s the file PATH led to. */
			     _("cannot run %s: %s (found as %s: is it "
			       "executable, and on a filesystem mounted "
			       "without noexec?)"),
			     quoted_word(path, strlen(path)),
			     i18n_strerror(e),
			     quoted_word(where, strlen(where)));
		case DENIED_NOWHERE:
			break;
		}
	}
	errx(EXIT_CANNOT_RUN,
	     /* TRANSLATORS: %s is the program, %s the error. */
	     e == EACCES ? _("cannot run %s: %s (is it executable, and on a "
			     "filesystem mounted without noexec?)")
			 : _("cannot run %s: %s"),
	     quoted_word(path, strlen(path)), i18n_strerror(e));
}
