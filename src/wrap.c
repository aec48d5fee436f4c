/* Text for people, fitted to the terminal.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdlib.h>
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
