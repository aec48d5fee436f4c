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
	*source = "the fallback";
	return "/bin/sh";
}

_Noreturn void exec_program(const struct plan *plan)
{
	char *const *argv = plan->argv;
	const char *path, *source = NULL;

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
		errx(EXIT_CANNOT_RUN, "cannot run %s: its interpreter (#! "
		     "line) or dynamic loader was not found",
		     quoted_word(path, strlen(path)));
	if (errno == ENOENT && source != NULL)
		errx(EXIT_NOT_FOUND, "cannot run %s: %s (the shell, from %s)",
		     quoted_word(path, strlen(path)), strerror(errno), source);
	if (errno == ENOENT)
		errx(EXIT_NOT_FOUND, "cannot run %s: %s (%s)",
		     quoted_word(path, strlen(path)), strerror(errno),
		     strchr(path, '/') ? "check the path"
				       : "searched PATH; check the name");
	errx(EXIT_CANNOT_RUN, "cannot run %s: %s%s",
	     quoted_word(path, strlen(path)), strerror(errno),
	     errno == EACCES ? " (is it executable, and on a filesystem "
			       "mounted without noexec?)"
			     : "");
}
