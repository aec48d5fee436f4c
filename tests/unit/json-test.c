/* Unit tests of the JSON string encoder.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "tap.h"

static void encodes(const char *in, const char *want, const char *what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	json_string(f, in);
	fclose(f);
	ok(strcmp(buf, want) == 0, "%s: got %s", what, buf);
	free(buf);
}

static void opens(const char *key, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	json_open(f, key);
	fclose(f);
	ok(strcmp(buf, want) == 0, "a document opened with %s: got %s", key,
	   buf);
	free(buf);
}

int main(void)
{
	encodes("", "\"\"", "empty");
	encodes("plain /path", "\"plain /path\"", "plain text as it is");
	encodes("a\"b", "\"a\\\"b\"", "quote");
	encodes("a\\b", "\"a\\\\b\"", "backslash");
	encodes("a\nb\tc\rd", "\"a\\nb\\tc\\rd\"", "newline, tab, return");
	encodes("\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"", "control characters");
	encodes("\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80",
		"\"\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80\"",
		"valid UTF-8 of 2, 3 and 4 bytes kept");
	encodes("a\xff" "b", "\"a\\ufffdb\"", "a byte that is never UTF-8");
	encodes("\xc3", "\"\\ufffd\"", "a sequence cut short at the end");
	encodes("\xc3(", "\"\\ufffd(\"", "a sequence cut short in the middle");
	encodes("\xc0\xaf", "\"\\ufffd\\ufffd\"", "an overlong form");
	encodes("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"", "an overlong 3-byte form");
	encodes("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate");
	encodes("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
		"past U+10FFFF");
	encodes("\x80", "\"\\ufffd\"", "a lone continuation byte");
	encodes("a\xc2\x80\xc2\x9b[2J\xc2\x9f\xc2\xa0",
		"\"a\\u0080\\u009b[2J\\u009f\xc2\xa0\"",
		"C1 controls escaped (U+009B is CSI), U+00A0 kept");
	encodes("a\xe2\x80\xae" "b\xe2\x80\xa8" "c\xe2\x81\xa6" "d\xef\xbb\xbf"
		"e\xe2\x80\x94",
		"\"a\\u202eb\\u2028c\\u2066d\\ufeffe\xe2\x80\x94\"",
		"what the text escapes (RLO, LS, LRI, BOM), escaped; a dash kept");
	opens("plan", "{\"version\":4,\"plan\":");
	opens("event", "{\"version\":4,\"event\":");
	return tap_done();
}
