/* Messages in the user's language (gettext), with the locale loaded only
 * when there is something to say.
 *
 * Loading a locale costs more than the rest of a silent run (setlocale
 * reads a dozen files), and the usual run prints nothing: so the first
 * message that is translated loads it, and a run that prints nothing
 * never does.  Mark every message of ours: _("text") where it is used;
 * N_("text") in a table, then _(entry) where the entry is used;
 * n_("one", "many", n) where a number decides the form.  The C
 * library's words for an error go through i18n_strerror, which loads the
 * locale first (an argument may be evaluated before the message that
 * uses it); a failure says them through fail() or complain() (fail.h),
 * which do.  make lint checks both rules (tools/check-messages).
 *
 * Only LC_MESSAGES (the language) and LC_CTYPE (its character set) are
 * taken from the environment: nothing we parse or print as data (numbers,
 * the quoting of names) may change with the locale, or with whether a
 * message happened to come first.  With --json, everything is English:
 * JSON is read by programs, its text included (i18n_english).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_I18N_H
#define UNSHARE_I18N_H

#include <string.h>

#if ENABLE_NLS && !defined(UNSHARE_NO_NLS)
#include <libintl.h>

/* Loads the locale and our catalog, once; keeps errno. */
void i18n_init(void);
/* From here on, English (the C locale) whatever the environment says. */
void i18n_english(void);
/* Loads the locale and opens the catalogs, ours and the C library's,
 * now rather than with the first message: before a chroot. */
void i18n_load_now(void);
const char *i18n_gettext(const char *msgid) __attribute__((format_arg(1)));
const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
	__attribute__((format_arg(1))) __attribute__((format_arg(2)));
const char *i18n_strerror(int err);

#define _(msgid) i18n_gettext(msgid)
#define n_(one, many, n) i18n_ngettext(one, many, n)
#else
static inline void i18n_init(void)
{
}
static inline void i18n_english(void)
{
}
static inline void i18n_load_now(void)
{
}
static inline const char *i18n_ngettext(const char *one, const char *many,
					unsigned long n)
	__attribute__((format_arg(1))) __attribute__((format_arg(2)));
static inline const char *i18n_ngettext(const char *one, const char *many,
					unsigned long n)
{
	return n == 1 ? one : many;
}

#define _(msgid) ((const char *)(msgid))
#define n_(one, many, n) i18n_ngettext(one, many, n)
#define i18n_strerror(err) strerror(err)
#endif

#define N_(msgid) msgid

#endif
