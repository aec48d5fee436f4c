/* Strings from the command line or the file system, made safe to show in
 * a message, the way the shell writes them ($'...'); and UTF-8, which
 * JSON output needs to know as well.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "i18n.h"
#include "quote.h"

/* The code point of the UTF-8 sequence of n bytes at s. */
static unsigned long code_point(const unsigned char *s, size_t n)
{
	static const unsigned char lead_bits[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned long cp = s[0] & lead_bits[n];

	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	return cp;
}

size_t utf8_length(const unsigned char *s)
{
	unsigned char c = s[0];
	size_t n;
	unsigned long cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4;
	else
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	cp = code_point(s, n);
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

/* Characters a terminal shows as nothing, or that move text around: the
 * line and paragraph separators, the bidirectional controls (marks,
 * embeddings, overrides, isolates), with which a name can be made to
 * read as another or a line to look ended, and the invisible spaces and
 * joiners between words.  A fixed list, as the rest of the decision: the
 * same name is shown the same whatever the locale (see i18n.h). */
static bool hidden_format(unsigned long cp)
{
	return cp == 0x061c ||                    /* arabic letter mark */
	       cp == 0x200b ||                    /* zero width space */
	       cp == 0x200e || cp == 0x200f ||    /* LRM, RLM */
	       (cp >= 0x2028 && cp <= 0x202e) || /* LS, PS, LRE...RLO */
	       cp == 0x2060 ||                    /* word joiner */
	       (cp >= 0x2066 && cp <= 0x2069) || /* LRI...PDI */
	       cp == 0xfeff;                      /* zero width no-break */
}

unsigned long utf8_hidden(const unsigned char *s, size_t n)
{
	unsigned long cp = n > 1 ? code_point(s, n) : 0;

	return hidden_format(cp) ? cp : 0;
}

/* utf8_length() of a printable character, 0 for any other: control
 * characters (C0, DEL, and C1, which is U+0080 to U+009F), the format
 * characters of hidden_format(), and bytes that are not UTF-8. */
static size_t printable_char(const unsigned char *s)
{
	size_t n = utf8_length(s);
	unsigned long cp;

	if (n == 0)
		return 0;
	cp = code_point(s, n);
	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || hidden_format(cp))
		return 0;
	return n;
}

/* Whether the len bytes at s are all printable characters. */
static bool printable(const unsigned char *s, size_t len)
{
	size_t n;

	for (const unsigned char *end = s + len; s < end; s += n)
		if ((n = printable_char(s)) == 0 || n > (size_t)(end - s))
			return false;
	return true;
}

/* malloc(3) that leaves errno as it was, for the err(3) that may show
 * the result; NULL if there is no memory. */
static char *allocate(size_t size)
{
	int saved = errno;
	char *p = malloc(size);

	errno = saved;
	return p;
}

/* Keeps a result until eight more have been made. */
static const char *keep(char *out)
{
	static char *kept[8];
	static size_t next;

	if (out == NULL)
		return _("(a string that cannot be shown: no memory)");
	free(kept[next]);
	kept[next] = out;
	next = (next + 1) % (sizeof kept / sizeof kept[0]);
	return out;
}

/* The len bytes at s in the $'...' form. */
static const char *escaped(const unsigned char *s, size_t len)
{
	const unsigned char *end = s + len;
	/* At most four bytes for each of s's ("\377"), $'' and NUL. */
	char *out = allocate(4 * len + 4), *q = out;

	if (out == NULL)
		return keep(NULL);
	*q++ = '$';
	*q++ = '\'';
	while (s < end) {
		size_t n = printable_char(s);

		if (n > 0 && n <= (size_t)(end - s)) {
			if (*s == '\'' || *s == '\\')
				*q++ = '\\';
			memcpy(q, s, n);
			q += n;
			s += n;
			continue;
		}
		*q++ = '\\';
		switch (*s) {
		case '\n': *q++ = 'n'; break;
		case '\t': *q++ = 't'; break;
		case '\r': *q++ = 'r'; break;
		default: q += sprintf(q, "%03o", *s);
		}
		s++;
	}
	*q++ = '\'';
	*q = '\0';
	return keep(out);
}

size_t text_columns(const char *s, size_t len)
{
	mbstate_t state;
	size_t n = 0;

	memset(&state, 0, sizeof state);
	while (len > 0) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s, len, &state);
		int w;

		if (k == (size_t)-1 || k == (size_t)-2) {
			/* Not a character of the locale's: a column each
			 * byte, as a terminal shows a replacement. */
			memset(&state, 0, sizeof state);
			k = 1;
			w = 1;
		} else {
			k += k == 0; /* a NUL within len */
			w = wcwidth(wc);
		}
		n += w > 0 ? (size_t)w : 0; /* combining marks take none */
		s += k;
		len -= k;
	}
	return n;
}

const char *quoted(const char *s)
{
	size_t len = strlen(s);

	return printable((const unsigned char *)s, len)
		       ? s
		       : escaped((const unsigned char *)s, len);
}

const char *quoted_word(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	char *out;

	if (!printable(u, len))
		return escaped(u, len);
	if ((out = allocate(len + 3)) != NULL) {
		out[0] = '\'';
		memcpy(out + 1, s, len);
		out[len + 1] = '\'';
		out[len + 2] = '\0';
	}
	return keep(out);
}
