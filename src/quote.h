/* Strings from the command line or the file system, made safe to show.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_QUOTE_H
#define UNSHARE_QUOTE_H

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (1 to 4), or 0 if it is not
 * one: no overlong forms, no surrogates, nothing past U+10FFFF. */
size_t utf8_length(const unsigned char *s);

/* The code point of the character of n bytes at s (valid UTF-8, as
 * utf8_length() measured it) if it is one a terminal shows as nothing or
 * that moves text around (a line or paragraph separator, a bidirectional
 * control, an invisible space or joiner), else 0: the ones quoted()
 * escapes, and JSON too. */
unsigned long utf8_hidden(const unsigned char *s, size_t n);

/* The columns the first len bytes of text take on a terminal, read in
 * the charset of the locale's LC_CTYPE (a translation comes in it): two
 * for a wide character (CJK), none for a combining mark, one for each
 * other character, and one for each byte that is not a character. */
size_t text_columns(const char *s, size_t len);

/* s itself if every character of it is printable (UTF-8 included);
 * otherwise s in the shell's $'...' form, control characters and bytes
 * that are not UTF-8 escaped ($'a\nb', $'\033[2J', $'\377'), so that a
 * message cannot carry an escape sequence or a forged line to the
 * terminal.  The result lives until eight more calls have been made:
 * enough for one message. */
const char *quoted(const char *s);

/* The first len bytes of s between apostrophes ('text'), for a message
 * that marks where a word starts and ends; in the $'...' form as for
 * quoted() if they are not all printable.  Kept as quoted()'s are. */
const char *quoted_word(const char *s, size_t len);

#endif
