/* Unit tests of quoted(): strings made safe to show in a message.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <locale.h>
#include <string.h>

#include "quote.h"
#include "tap.h"

static void shows(const char *in, const char *want, const char *what)
{
	const char *got = quoted(in);

	ok(strcmp(got, want) == 0, "%s: got %s", what, got);
}

int main(void)
{
	const char *plain = "/tmp/a b'c\\d";
	const char *kept[9];

	ok(quoted(plain) == plain, "printable text is s itself, unquoted");
	shows("", "", "empty");
	shows("\xc3\xa9t\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80",
	      "\xc3\xa9t\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80",
	      "printable UTF-8 of 2, 3 and 4 bytes as it is");
	shows("\x1b[2J", "$'\\033[2J'", "an escape sequence");
	shows("a\nunshare: fake", "$'a\\nunshare: fake'", "a forged line");
	shows("\t\r\x7f", "$'\\t\\r\\177'", "tab, return, DEL");
	shows("it's\\\n", "$'it\\'s\\\\\\n'", "quote and backslash escaped");
	shows("\xc2\x9b" "1m", "$'\\302\\2331m'", "a C1 control (CSI)");
	shows("\xc2\xa0", "\xc2\xa0", "U+00A0, the first printable past C1");
	shows("a\xff" "b", "$'a\\377b'", "a byte that is never UTF-8");
	shows("\xc3", "$'\\303'", "a sequence cut short");
	shows("\xc0\xaf", "$'\\300\\257'", "an overlong form");
	shows("\xed\xa0\x80", "$'\\355\\240\\200'", "a surrogate");
	shows("\xf4\x90\x80\x80", "$'\\364\\220\\200\\200'",
	      "past U+10FFFF");
	/* Format characters that hide or move text, each class. */
	shows("a\xe2\x80\xa8" "b", "$'a\\342\\200\\250b'",
	      "U+2028, the line separator");
	shows("a\xe2\x80\xa9" "b", "$'a\\342\\200\\251b'",
	      "U+2029, the paragraph separator");
	shows("\xe2\x80\xaa\xe2\x80\xae", "$'\\342\\200\\252\\342\\200\\256'",
	      "U+202A and U+202E, an embedding and an override");
	shows("gpj.\xe2\x80\xae" "exe", "$'gpj.\\342\\200\\256exe'",
	      "U+202E, a name made to read as another");
	shows("\xe2\x81\xa6x\xe2\x81\xa9", "$'\\342\\201\\246x\\342\\201\\251'",
	      "U+2066 and U+2069, an isolate");
	shows("\xe2\x80\x8f", "$'\\342\\200\\217'", "U+200F, a mark");
	shows("\xd8\x9c", "$'\\330\\234'", "U+061C, the arabic letter mark");
	shows("a\xe2\x80\x8b" "b", "$'a\\342\\200\\213b'",
	      "U+200B, a space of no width");
	shows("\xef\xbb\xbf", "$'\\357\\273\\277'", "U+FEFF");
	shows("\xe2\x80\xa7\xe2\x80\xaf", "\xe2\x80\xa7\xe2\x80\xaf",
	      "U+2027 and U+202F, beside the separators, as they are");
	shows("\xe2\x80\x8d", "\xe2\x80\x8d",
	      "U+200D, the joiner of emoji sequences, as it is");

	ok(strcmp(quoted_word("mount,bogus", 5), "'mount'") == 0,
	   "quoted_word: a printable word between apostrophes");
	ok(strcmp(quoted_word("a\033b,c", 3), "$'a\\033b'") == 0,
	   "quoted_word: an unprintable one in the $'...' form");
	ok(strcmp(quoted_word("\xc3\xa9", 1), "$'\\303'") == 0,
	   "quoted_word: a character cut by the length is not printable");

	/* Columns, in the locale's charset: the C locale first (ASCII),
	 * then UTF-8, where a translation's letters may be wide. */
	ok(text_columns("new uts", 7) == 7, "columns: ASCII, one each");
	ok(text_columns("a\xc3\xa4", 3) == 3,
	   "columns: bytes that are not ASCII, one each in the C locale");
	ok(setlocale(LC_CTYPE, "C.UTF-8") != NULL, "the C.UTF-8 locale");
	ok(text_columns("a\xc3\xa4", 3) == 2, "columns: a letter of 2 bytes");
	ok(text_columns("\xe6\x97\xa5\xe6\x9c\xac", 6) == 4,
	   "columns: two CJK letters, two columns each");
	ok(text_columns("e\xcc\x81", 3) == 1,
	   "columns: a combining accent takes none");
	ok(text_columns("a\xff" "b", 3) == 3,
	   "columns: a byte that is no character, one");
	ok(text_columns("\xe6\x97\xa5x", 2) == 2,
	   "columns: a character cut by the length, a column a byte");
	setlocale(LC_CTYPE, "C");

	for (int i = 0; i < 8; i++)
		kept[i] = quoted("\n");
	ok(strcmp(kept[0], "$'\\n'") == 0,
	   "the eighth result before is still there");
	return tap_done();
}
