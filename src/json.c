/* Writing JSON: strings, and the start of each document.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stddef.h>

#include "json.h"
#include "quote.h"

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
			else if (*s == 0xc2 && s[1] < 0xa0)
				/* U+0080 to U+009F, the C1 controls: U+009B is
				 * a terminal's CSI. */
				fprintf(out, "\\u%04x", s[1]);
			else if (utf8_hidden(s, n))
				/* What the text escapes too: U+202E (RLO) would
				 * turn a line around, U+2028 look like its
				 * end. */
				fprintf(out, "\\u%04lx", utf8_hidden(s, n));
			else
				fwrite(s, 1, n, out);
		}
		s += n;
	}
	putc('"', out);
}

void json_open(FILE *out, const char *key)
{
	fprintf(out, "{\"version\":%d,", JSON_VERSION);
	json_string(out, key);
	putc(':', out);
}
