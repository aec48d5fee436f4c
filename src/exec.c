/* Running the program, with the shell's exit statuses for failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	errx(EXIT_CANNOT_RUN,
	     /* TRANSLATORS: %s is the program, %s the error. */
	     e == EACCES ? _("cannot run %s: %s (is it executable, and on a "
			     "filesystem mounted without noexec?)")
			 : _("cannot run %s: %s"),
	     quoted_word(path, strlen(path)), i18n_strerror(e));
}
