/* Running the program, with the shell's exit statuses for failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec.h"

const char *default_shell(const char **source)
{
	const char *shell = getenv("SHELL");
	struct passwd *pw;

	if (shell && *shell) {
		*source = "$SHELL";
		return shell;
	}
	pw = getpwuid(getuid());
	if (pw && pw->pw_shell && *pw->pw_shell) {
		*source = "the password database";
		return pw->pw_shell;
	}
	*source = "the fallback";
	return "/bin/sh";
}

_Noreturn void exec_program(const struct plan *plan)
{
	char *shell_argv[2];
	char *const *argv = plan->argv;
	const char *source = NULL;

	if (argv == NULL) {
		shell_argv[0] = (char *)default_shell(&source);
		shell_argv[1] = NULL;
		argv = shell_argv;
	}
	execvp(argv[0], argv);
	if (errno == ENOENT && strchr(argv[0], '/') && access(argv[0], F_OK) == 0)
		/* The file is there: what is missing is what runs it. */
		errx(EXIT_CANNOT_RUN, "cannot run '%s': its interpreter (#! "
		     "line) or dynamic loader was not found", argv[0]);
	if (errno == ENOENT)
		errx(EXIT_NOT_FOUND, "cannot run '%s': %s (%s)", argv[0],
		     strerror(errno),
		     strchr(argv[0], '/') ? "check the path"
					  : "searched PATH; check the name");
	errx(EXIT_CANNOT_RUN, "cannot run '%s': %s%s", argv[0],
	     strerror(errno),
	     errno == EACCES ? " (is it executable, and on a filesystem "
			       "mounted without noexec?)"
			     : "");
}
