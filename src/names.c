/* User and group names.
 *
 * A static glibc can reach NSS only by loading, at run time, modules of
 * the very glibc version it was linked with: in a container image
 * without that libc (the reason for a static build) getpwnam would fail
 * or load a mismatched module.  So the static build (UNSHARE_STATIC)
 * reads the two files a minimal image has, with fgetpwent/fgetgrent,
 * which parse a stream and never touch NSS, and its messages name the
 * file.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "names.h"
#include "quote.h"

#ifdef UNSHARE_STATIC

const char passwd_source[] = "/etc/passwd";

static const char group_file[] = "/etc/group";

static const char static_hint[] = N_("this static build looks names up "
				     "there only, not through NSS: give the "
				     "number instead");

/* The entry of name (or of uid, if name is NULL) in /etc/passwd; NULL
 * with errno 0 if there is none, or the error that kept us from reading
 * the file (fclose may not change it).  fgetpwent's result lives in a
 * buffer of its own, past the fclose. */
static struct passwd *passwd_find(const char *name, uid_t uid)
{
	FILE *f = fopen(passwd_source, "re");
	struct passwd *pw;
	int err;

	if (f == NULL)
		return NULL;
	errno = 0;
	while ((pw = fgetpwent(f)) != NULL &&
	       (name ? strcmp(pw->pw_name, name) != 0 : pw->pw_uid != uid))
		;
	/* fgetpwent sets ENOENT at the end of the file. */
	err = pw == NULL && errno != ENOENT ? errno : 0;
	fclose(f);
	errno = err;
	return pw;
}

static struct group *group_find(const char *name)
{
	FILE *f = fopen(group_file, "re");
	struct group *gr;
	int err;

	if (f == NULL)
		return NULL;
	errno = 0;
	while ((gr = fgetgrent(f)) != NULL && strcmp(gr->gr_name, name) != 0)
		;
	err = gr == NULL && errno != ENOENT ? errno : 0;
	fclose(f);
	errno = err;
	return gr;
}

int name_to_id(const char *name, bool group, uint32_t *id, char *msg,
	       size_t size)
{
	const char *file = group ? group_file : passwd_source,
		   *shown = quoted_word(name, strlen(name));
	char what[512];
	int e;

	if (group) {
		struct group *gr = group_find(name);

		if (gr) {
			*id = gr->gr_gid;
			return 0;
		}
	} else {
		struct passwd *pw = passwd_find(name, 0);

		if (pw) {
			*id = pw->pw_uid;
			return 0;
		}
	}
	e = errno;
	if (e != 0 && group)
		/* TRANSLATORS: %s is the file (/etc/group), %s the group's
		 * name. */
		snprintf(what, sizeof what, _("cannot read %s to find the "
			 "group %s"), file, shown);
	else if (e != 0)
		/* TRANSLATORS: %s is the file (/etc/passwd), %s the user's
		 * name. */
		snprintf(what, sizeof what, _("cannot read %s to find the "
			 "user %s"), file, shown);
	else if (group)
		/* TRANSLATORS: %s is the group's name, %s the file
		 * (/etc/group). */
		snprintf(what, sizeof what, _("no group named %s in %s"), shown,
			 file);
	else
		/* TRANSLATORS: %s is the user's name, %s the file
		 * (/etc/passwd). */
		snprintf(what, sizeof what, _("no user named %s in %s"), shown,
			 file);
	/* What a failure says (see fail.h), made into msg. */
	if (e != 0)
		snprintf(msg, size, "%s: %s; %s", what, i18n_strerror(e),
			 _(static_hint));
	else
		snprintf(msg, size, "%s; %s", what, _(static_hint));
	return -1;
}

const struct passwd *user_entry(uid_t uid)
{
	return passwd_find(NULL, uid);
}

#else

/* Marked only: it is printed as _(source) where it is a message's, and
 * stays English in JSON ("shell_from"). */
/* TRANSLATORS: where the user's shell was found: "(the shell, from
 * the password database)" */
const char passwd_source[] = N_("the password database");

int name_to_id(const char *name, bool group, uint32_t *id, char *msg,
	       size_t size)
{
	if (group) {
		struct group *gr = getgrnam(name);

		if (gr) {
			*id = gr->gr_gid;
			return 0;
		}
	} else {
		struct passwd *pw = getpwnam(name);

		if (pw) {
			*id = pw->pw_uid;
			return 0;
		}
	}
	if (group)
		snprintf(msg, size, _("no group named %s"),
			 quoted_word(name, strlen(name)));
	else
		snprintf(msg, size, _("no user named %s"),
			 quoted_word(name, strlen(name)));
	return -1;
}

const struct passwd *user_entry(uid_t uid)
{
	return getpwuid(uid);
}

#endif
