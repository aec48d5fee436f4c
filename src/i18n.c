/* Messages in the user's language: the locale and the catalog, loaded
 * with the first message (see i18n.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include "i18n.h"

#if ENABLE_NLS && !defined(UNSHARE_NO_NLS)
#include <errno.h>
#include <locale.h>
#include <stdbool.h>
#include <stdlib.h>

#ifdef UNSHARE_STATIC
/* A static C library loads a category of the locale only if the program
 * links something that reads its data; gettext reads none of
 * LC_MESSAGES's, rpmatch does.  Without it setlocale(LC_MESSAGES) fails
 * in the static build, and every message would stay English. */
static int (*const keep_lc_messages)(const char *) __attribute__((used)) =
	rpmatch;
#endif

/* Whether the locale is settled: loaded, or English for good. */
static bool settled;

void i18n_init(void)
{
	int saved = errno; /* err(3) has yet to read it */

	if (settled)
		return;
	settled = true;
	setlocale(LC_CTYPE, "");
	setlocale(LC_MESSAGES, "");
	bindtextdomain(PACKAGE, LOCALEDIR);
	textdomain(PACKAGE);
	errno = saved;
}

void i18n_english(void)
{
	/* The C locale is glibc's own: nothing to read. */
	if (settled) {
		setlocale(LC_CTYPE, "C");
		setlocale(LC_MESSAGES, "C");
	}
	settled = true;
}

const char *i18n_gettext(const char *msgid)
{
	i18n_init();
	return gettext(msgid);
}

const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
{
	i18n_init();
	return ngettext(one, many, n);
}

void i18n_load_now(void)
{
	int saved = errno;

	i18n_init();
	/* Each catalog is opened with its first lookup: "" finds ours (its
	 * header), an error's text the C library's. */
	(void)gettext("");
	(void)strerror(ENOENT);
	errno = saved;
}

const char *i18n_strerror(int err)
{
	i18n_init();
	return strerror(err);
}
#endif
