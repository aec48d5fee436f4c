/* Messages in the user's language (gettext), with the locale loaded only
 * when there is something to say.
 *
 * Loading a locale costs more than the rest of a silent run (setlocale
 * reads a dozen files), and the usual run prints nothing: so the first
 * message that is translated loads it, and a run that prints nothing
 * never does.  Mark every message of ours: _("text") where it is used;
 * N_("text") in a table, then _(entry) where the entry is used;
 * n_("one", "many", n) where a number decides the form.  Anything glibc
 * words itself (strerror, strsignal) goes through the i18n_ forms below,
 * since an argument may be evaluated before the message that uses it.
 * err(3) and warn(3) add strerror(errno) themselves, after their
 * arguments: a format of theirs with no words of ours to translate
 * ("--setuid=%lld") is written L_("..."), which loads the locale for
 * those words and is not in the catalog.
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
const char *i18n_strsignal(int sig);

const char *i18n_loaded(const char *format) __attribute__((format_arg(1)));

#define _(msgid) i18n_gettext(msgid)
#define n_(one, many, n) i18n_ngettext(one, many, n)
#define L_(format) i18n_loaded(format)
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
#define L_(format) ((const char *)(format))
#define n_(one, many, n) i18n_ngettext(one, many, n)
#define i18n_strerror(err) strerror(err)
#define i18n_strsignal(sig) strsignal(sig)
#endif

#define N_(msgid) msgid

#endif
