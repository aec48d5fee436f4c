/* Writing a plan: the pieces every printer of it uses (see emit.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"
#include "i18n.h"
#include "json.h"
#include "quote.h"
#include "wrap.h"

/* An argument as a shell would need it typed: bare when it is plain,
 * else in single quotes. */
void emit_word(FILE *out, const char *w)
{
	const char *q = quoted(w);

	if (q != w) { /* control characters: the $'...' form */
		fputs(q, out);
		return;
	}
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU"
			    "VWXYZ0123456789_-+=/.,:@%") == strlen(w)) {
		fputs(w, out);
		return;
	}
	putc('\'', out);
	for (; *w; w++)
		if (*w == '\'')
			fputs("'\\''", out);
		else
			putc(*w, out);
	putc('\'', out);
}

/* A text line: the prefix, the label padded to its column (counted as
 * the terminal shows it: a translated label may have letters of more
 * than one byte, or two columns wide), then text broken at blanks to fit
 * the width, each further line indented under the first. */
void emit_line(const struct emit *e, const char *label,
		      const char *text)
{
	size_t width = text_columns(label, strlen(label)),
	       start = text_columns(e->prefix, strlen(e->prefix)) +
		       (width < LABEL_WIDTH ? LABEL_WIDTH : width) + 1;

	fprintf(e->out, "%s%s%*s ", e->prefix, label,
		width < LABEL_WIDTH ? (int)(LABEL_WIDTH - width) : 0, "");
	wrap_print(e->out, text, start, start, e->width);
}

/* The names of the flags in mask: "a, b" in buf for text; ["a","b"] on
 * the output for JSON. */
void emit_flags(struct emit *e, unsigned long mask, char *buf, size_t size)
{
	bool first = true;

	if (!e->json) {
		flags_names(mask, ", ", buf, size);
		return;
	}
	putc('[', e->out);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (!(mask & unshare_flags[i].bit))
			continue;
		if (!first)
			putc(',', e->out);
		first = false;
		json_string(e->out, unshare_flags[i].name);
	}
	putc(']', e->out);
}

/* One step: emit_begin(), its values, emit_end().  As text: "KIND
 * DOES: VALUES"; as JSON: {"step":KIND,MEMBERS...}. */
void emit_begin(struct emit *e)
{
	e->values[0] = '\0';
	e->n_values = 0;
	if (!e->json)
		return;
	if (e->event)
		fputs(",\"step\":", e->out);
	else
		fputs(e->items++ ? ",{\"step\":" : "{\"step\":", e->out);
	json_string(e->out, e->kind);
}

void emit_key(struct emit *e, const char *name)
{
	fprintf(e->out, ",\"%s\":", name);
}

void emit_number(struct emit *e, const char *name, long long v)
{
	if (e->json) {
		emit_key(e, name);
		fprintf(e->out, "%lld", v);
	}
}

void emit_string(struct emit *e, const char *name, const char *v)
{
	if (e->json) {
		emit_key(e, name);
		json_string(e->out, v);
	}
}

void emit_bool(struct emit *e, const char *name, bool v)
{
	if (e->json) {
		emit_key(e, name);
		fputs(v ? "true" : "false", e->out);
	}
}

/* Names as a JSON array member. */
void emit_names(struct emit *e, const char *name,
			 const char *const *v, size_t n)
{
	if (!e->json)
		return;
	emit_key(e, name);
	putc('[', e->out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			putc(',', e->out);
		json_string(e->out, v[i]);
	}
	putc(']', e->out);
}

void emit_value(struct emit *e, const char *fmt, ...)
{
	size_t n = e->n_values, size = sizeof e->values;
	va_list ap;

	if (e->json || n >= size - 1)
		return;
	if (n)
		e->values[n++] = ' ';
	va_start(ap, fmt);
	vsnprintf(e->values + n, size - n, fmt, ap);
	va_end(ap);
	e->n_values = strlen(e->values);
}

void emit_field(struct emit *e, const char *name, const char *v)
{
	emit_string(e, name, v);
	emit_value(e, "%s", quoted(v));
}

void emit_end(struct emit *e)
{
	char text[sizeof e->values + 256];

	if (e->json) {
		fputs(e->event ? ",\"outcome\":\"ok\"}\n" : "}", e->out);
		return;
	}
	if (e->kind == NULL) /* its show said it, as a line of its own */
		return;
	if (e->n_values)
		snprintf(text, sizeof text, "%s: %s", _(e->doc), e->values);
	else
		snprintf(text, sizeof text, "%s", _(e->doc));
	emit_line(e, e->kind, text);
}

/* One JSON member of an object: ,"key":"value" (no comma first). */
void emit_member(struct emit *e, bool first, const char *key,
		   const char *value)
{
	fprintf(e->out, "%s\"%s\":", first ? "" : ",", key);
	json_string(e->out, value);
}

/* The program and its arguments, or the shell: as text the "program"
 * line; as JSON, its argv and where the shell came from. */
void emit_program(struct emit *e, const struct step *s)
{
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;

	fputs("\"argv\":[", e->out);
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			putc(',', e->out);
		json_string(e->out, *a);
	}
	putc(']', e->out);
	if (s->exec.source) {
		fputs(",\"shell_from\":", e->out);
		json_string(e->out, s->exec.source);
	}
}

