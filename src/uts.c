/* The names of a new UTS namespace.  Set after unshare(2) and the maps,
 * before the ids change: then we hold CAP_SYS_ADMIN over the namespace,
 * the user namespace that owns it being ours (-r, -c) or the caller's.
 * Their length was checked with the command line (HOST_NAME_MAX).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "quote.h"
#include "show.h"

/* sethostname(2) or setdomainname(2) of s->name, by the kind of s. */
static void uts_set(const struct step *s, struct run *run)
{
	size_t len = strlen(s->name);

	(void)run;
	if ((s->kind == STEP_HOSTNAME ? sethostname(s->name, len)
				      : setdomainname(s->name, len)) != 0)
		step_failed(errno, NULL, "%s", quoted(s->name));
}

/* /proc/sys/KEY of --sysctl's KEY=VALUE, into path. */
static void sysctl_path(const char *kv, char *path, size_t size)
{
	snprintf(path, size, "/proc/sys/%.*s", (int)strcspn(kv, "="), kv);
	for (char *p = path + strlen("/proc/sys/"); *p; p++)
		if (*p == '.')
			*p = '/';
}

/* Whether kv's key is the UTS namespace's, whose files in /proc/sys only
 * the initial user namespace's root may write. */
static bool sysctl_of_uts(const char *kv)
{
	return strncmp(kv, "kernel.hostname=", 16) == 0 ||
	       strncmp(kv, "kernel.domainname=", 18) == 0;
}

/* --sysctl: s->name's VALUE written to /proc/sys/KEY, its dots made
 * slashes. */
static void uts_sysctl(const struct step *s, struct run *run)
{
	const char *value = strchr(s->name, '=') + 1;
	char path[PATH_MAX];
	int fd;

	(void)run;
	sysctl_path(s->name, path, sizeof path);
	if ((fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)) < 0 ||
	    write(fd, value, strlen(value)) != (ssize_t)strlen(value))
		option_failed(errno,
			      errno == EACCES && sysctl_of_uts(s->name)
				      ? _("in a user namespace, --hostname and "
					  "--domainname set these")
				      : NULL,
			      "sysctl", s->name);
	close(fd);
}

/* --dry-run: KEY is not there; else the kernel reads VALUE when it is
 * written, which the dry run cannot tell. */
static bool uts_sysctl_predict(const struct step *s, struct prediction *p)
{
	char path[PATH_MAX];
	int e;

	sysctl_path(s->name, path, sizeof path);
	e = access(path, F_OK) != 0 ? errno : 0;
	/* There, whether it takes the value is the kernel's to say. */
	p->unsure = e == 0;
	return predict_fail(p, e, s->name, NULL);
}

STEP_ROW(HOSTNAME, "hostname", N_("set the hostname"),
	 uts_set, show_name, NULL);

STEP_ROW(DOMAINNAME, "domainname", N_("set the domain name"),
	 uts_set, show_name, NULL);

STEP_ROW(SYSCTL, "sysctl", N_("write it to /proc/sys"),
	 uts_sysctl, show_name, uts_sysctl_predict);
