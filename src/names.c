/* User and group names.
 *
 * A static glibc can reach NSS only by loading, at run time, modules of
 * the very glibc version it was linked with: in a container image
 * without that libc (the reason for a static build) getpwnam would fail
 * or load a mismatched module.  So the static build (UNSHARE_STATIC)
 * reads the two files a minimal image has itself, a line at a time, never
 * through NSS, and its messages name the file.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "names.h"
#include "quote.h"

/* That no user (or group) has that name, into msg; its length. */
static size_t unknown(const char *name, bool group, char *msg, size_t size)
{
	const char *shown = quoted_word(name, strlen(name));

	if (group)
		snprintf(msg, size, _("no group named %s"), shown);
	else
		snprintf(msg, size, _("no user named %s"), shown);
	return strlen(msg);
}

#ifdef UNSHARE_STATIC

const char passwd_source[] = "/etc/passwd";

static const char group_file[] = "/etc/group";

static const char static_hint[] = N_("this static build reads only "
				     "/etc/passwd and /etc/group: give a "
				     "number");

/* The fields of the next entry of f, split at ':' in place into fields
 * (n of them, the last one keeping any further colons): read with
 * getline, in time linear in the line's length (fgetpwent re-reads a
 * long line each time it grows its buffer, by one KiB: 16 MiB took a
 * minute).  Blank lines, comments and lines of fewer fields are passed
 * over.  1 for an entry, 0 at the end of the file, -1 with errno set if
 * it cannot be read.  *line (of *size bytes) is getline's buffer. */
static int next_entry(FILE *f, char **line, size_t *size, char **fields,
		      int n)
{
	ssize_t len;

	errno = 0;
	while ((len = getline(line, size, f)) >= 0) {
		char *p = *line;
		int k = 1;

		if (len > 0 && p[len - 1] == '\n')
			p[len - 1] = '\0';
		if (*p == '\0' || *p == '#')
			continue;
		fields[0] = p;
		while (k < n && (p = strchr(p, ':')) != NULL) {
			*p++ = '\0';
			fields[k++] = p;
		}
		if (k == n)
			return 1;
	}
	return ferror(f) ? -1 : 0;
}

/* An id field: decimal digits, from 0 to 4294967294. */
static bool id_field(const char *s, uint32_t *id)
{
	unsigned long long v = 0;

	if (*s == '\0')
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || (v = v * 10 + (unsigned)(*s - '0')) >
						     UINT32_MAX - 1)
			return false;
	}
	*id = (uint32_t)v;
	return true;
}

/* The entry of name (or of uid, if name is NULL) in /etc/passwd; NULL
 * with errno 0 if there is none, or the error that kept us from reading
 * the file.  The entry lives until the next call. */
static struct passwd *passwd_find(const char *name, uid_t uid)
{
	static struct passwd pw;
	static char *line;
	static size_t size;
	FILE *f = fopen(passwd_source, "re");
	char *field[7];
	uint32_t u, g;
	int rc, err;

	if (f == NULL)
		return NULL;
	while ((rc = next_entry(f, &line, &size, field, 7)) > 0)
		if (id_field(field[2], &u) && id_field(field[3], &g) &&
		    (name ? strcmp(field[0], name) == 0 : u == uid))
			break;
	err = rc < 0 ? errno : 0;
	fclose(f);
	errno = err;
	if (rc <= 0)
		return NULL;
	pw = (struct passwd){ .pw_name = field[0], .pw_passwd = field[1],
			      .pw_uid = u, .pw_gid = g, .pw_gecos = field[4],
			      .pw_dir = field[5], .pw_shell = field[6] };
	return &pw;
}

/* The gid of the group name in /etc/group: 0 and *gid, or -1 with errno
 * 0 if there is none, or the error that kept us from reading the file. */
static int group_find(const char *name, uint32_t *gid)
{
	FILE *f = fopen(group_file, "re");
	char *line = NULL, *field[4];
	size_t size = 0;
	int rc, err;

	if (f == NULL)
		return -1;
	while ((rc = next_entry(f, &line, &size, field, 4)) > 0)
		if (strcmp(field[0], name) == 0 && id_field(field[2], gid))
			break;
	err = rc < 0 ? errno : 0;
	free(line);
	fclose(f);
	errno = err;
	return rc > 0 ? 0 : -1;
}

int name_to_id(const char *name, bool group, uint32_t *id, char *msg,
	       size_t size)
{
	const char *file = group ? group_file : passwd_source;
	size_t n;
	int e;

	if (group) {
		if (group_find(name, id) == 0)
			return 0;
	} else {
		struct passwd *pw = passwd_find(name, 0);

		if (pw) {
			*id = pw->pw_uid;
			return 0;
		}
	}
	/* What a failure says (see fail.h), made into msg: what, then the
	 * hint on a line of its own. */
	if ((e = errno) != 0)
		n = (size_t)snprintf(msg, size, "%s: %s", file,
				     i18n_strerror(e));
	else
		n = unknown(name, group, msg, size);
	if (n < size)
		snprintf(msg + n, size - n, "\n%s", _(static_hint));
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
	unknown(name, group, msg, size);
	return -1;
}

const struct passwd *user_entry(uid_t uid)
{
	return getpwuid(uid);
}

#endif
