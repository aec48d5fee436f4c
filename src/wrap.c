/* Text for people, fitted to the terminal.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdlib.h>
#include <wchar.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "quote.h"
#include "wrap.h"

size_t text_width(int fd)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;

	if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if (env && *env) {
		char *end;
		long v = strtol(env, &end, 10);

		if (*end == '\0' && v > 0 && v <= 10000)
			return (size_t)v;
	}
	return 80;
}

size_t wrap_bytes(const char *text, size_t width)
{
	size_t used = 0, end = 0, cols = 0;

	while (text[used]) {
		size_t blank = strspn(text + used, " ");
		size_t word = strcspn(text + used + blank, " ");
		size_t w = text_columns(text + used, blank + word);

		if (word == 0) /* blanks at the end */
			return used;
		if (cols + w > width && end > 0)
			return end;
		cols += w;
		used += blank + word;
		end = used;
	}
	return used;
}

void wrap_print(FILE *out, const char *text, size_t used, size_t indent,
		size_t width)
{
	size_t room = width > used ? width - used : 1;

	for (;;) {
		size_t n = wrap_bytes(text, room);

		fwrite(text, 1, n, out);
		text += n;
		text += strspn(text, " ");
		if (*text == '\0')
			break;
		fprintf(out, "\n%*s", (int)indent, "");
		room = width > indent ? width - indent : 1;
	}
	putc('\n', out);
}

/* The columns and bytes of each character of the len bytes at s, as
 * text_columns() counts them, into at[i] (bytes before the i-th
 * character); their number. */
static size_t characters(const char *s, size_t len, size_t *at)
{
	size_t n = 0, off = 0;
	mbstate_t state;

	memset(&state, 0, sizeof state);
	while (off < len) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + off, len - off, &state);

		if (k == (size_t)-1 || k == (size_t)-2) {
			memset(&state, 0, sizeof state);
			k = 1;
		}
		at[n++] = off;
		off += k + (k == 0);
	}
	at[n] = len;
	return n;
}

/* The word of len bytes at s, cut to at most limit columns: its start,
 * an ellipsis, its end; appended to out at *n (of size bytes). */
static void cut_word(const char *s, size_t len, size_t limit, char *out,
		     size_t size, size_t *n)
{
	const char *dots = MB_CUR_MAX > 1 ? "\u2026" : "...";
	size_t dcols = MB_CUR_MAX > 1 ? 1 : 3;
	size_t *at = malloc((len + 1) * sizeof *at), chars, head, tail;
	size_t cols = text_columns(s, len);

	if (at == NULL || cols <= limit || limit <= dcols + 2) {
		*n += (size_t)snprintf(out + *n, size - *n, "%.*s", (int)len, s);
		free(at);
		return;
	}
	chars = characters(s, len, at);
	/* The start, half of what is left for the two; then the end. */
	for (head = 0; head < chars &&
		       text_columns(s, at[head + 1]) <= (limit - dcols) / 2;
	     head++)
		;
	for (tail = chars; tail > head &&
			   text_columns(s, at[head]) + dcols +
				   text_columns(s + at[tail - 1],
						len - at[tail - 1]) <=
			   limit;
	     tail--)
		;
	*n += (size_t)snprintf(out + *n, size - *n, "%.*s%s%.*s",
			       (int)at[head], s, dots,
			       (int)(len - at[tail]), s + at[tail]);
	free(at);
}

char *wrap_cut(const char *text, size_t limit)
{
	/* An ellipsis may take a byte more than what it stands for. */
	size_t size = 2 * strlen(text) + 8, n = 0;
	char *out = malloc(size);

	if (out == NULL)
		return NULL;
	out[0] = '\0';
	while (*text && n + 1 < size) {
		size_t blank = strspn(text, " "), word;

		n += (size_t)snprintf(out + n, size - n, "%.*s", (int)blank, text);
		text += blank;
		word = strcspn(text, " ");
		cut_word(text, word, limit, out, size, &n);
		text += word;
	}
	return out;
}

size_t wrap_lines(const char *text, size_t used, size_t indent, size_t width)
{
	size_t room = width > used ? width - used : 1, lines = 1;

	for (;;) {
		text += wrap_bytes(text, room);
		text += strspn(text, " ");
		if (*text == '\0')
			return lines;
		lines++;
		room = width > indent ? width - indent : 1;
	}
}

char *wrap_trim(const char *text, size_t used, size_t indent, size_t width,
		size_t lines)
{
	const char *dots = MB_CUR_MAX > 1 ? "\u2026" : "...";
	size_t dcols = MB_CUR_MAX > 1 ? 1 : 3;
	size_t room = width > used ? width - used : 1;
	const char *at = text;
	char *out;

	for (size_t n = 1;; n++) {
		const char *next = at + wrap_bytes(at, room);

		next += strspn(next, " ");
		if (*next == '\0')
			return strdup(text);
		if (n >= lines)
			break;
		at = next;
		room = width > indent ? width - indent : 1;
	}
	/* The last line kept, with room for the ellipsis. */
	at += wrap_bytes(at, room > dcols ? room - dcols : 1);
	return asprintf(&out, "%.*s%s", (int)(at - text), text, dots) < 0
		       ? NULL
		       : out;
}
