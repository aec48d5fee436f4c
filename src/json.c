/* Writing JSON strings.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stddef.h>

#include "json.h"

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 if it is not
 * one: no overlong forms, no surrogates, nothing past U+10FFFF. */
static size_t utf8_length(const unsigned char *s)
{
	unsigned char c = s[0];
	size_t n;
	unsigned long cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

void json_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	putc('"', out);
	while (*s) {
		size_t n = utf8_length(s);

		if (n == 0) {
			fputs("\\ufffd", out);
			s++;
			continue;
		}
		switch (*s) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		default:
			if (*s < 0x20 || *s == 0x7f)
				fprintf(out, "\\u%04x", *s);
			else
				fwrite(s, 1, n, out);
		}
		s += n;
	}
	putc('"', out);
}
