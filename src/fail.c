/* One frame for every failure (see fail.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "quote.h"
#include "steps.h"
#include "wrap.h"

const char hint_root[] = N_("run as root, or add -r (--map-root-user)");
const char hint_memory[] = N_("memory is short, or this pid namespace's "
			      "init has exited");
const char hint_proc[] = N_("is /proc mounted?");
const char hint_busy[] = N_("unmount what is there (findmnt shows it), or "
			    "use another path");
const char hint_mount_api[] = N_("it needs Linux 5.2 (the new mount API)");
const char hint_refused[] = N_("privilege would not help: a security module, "
			       "a seccomp filter, or for user a chroot or an "
			       "unmapped id");
const char hint_unmapped[] = N_("not mapped in this user namespace: see "
				"--map-users, --map-groups");
/* TRANSLATORS: %s is a limit: a cgroup's limit file
 * ('/sys/fs/cgroup/a/cgroup.max.depth'), or ulimit -f; %lld its value. */
const char hint_limit[] = N_("%s is %lld, reached: raise it");

const char *hint_for(const struct hint *hints, int err)
{
	for (; hints->err; hints++)
		if (hints->err == err)
			return _(hints->text);
	return NULL;
}

/* A message's parts: what failed, then its hint if any. */
#define MOST_LINES 3

/* The lines label and text take, wrapped at width. */
static size_t lines_of(const char *label, const char *text, size_t width)
{
	size_t used = text_columns(label, strlen(label));

	return text && *text ? wrap_lines(text, used, used, width) : 0;
}

/* label, then text wrapped at width, its further lines under its first
 * word. */
static void part(const char *label, const char *text, size_t width)
{
	size_t used = text_columns(label, strlen(label));

	fputs(label, stderr);
	wrap_print(stderr, text, used, used, width);
}

/* *text, after label, kept to lines lines (left as it is if memory is
 * short). */
static void trim(char **text, const char *label, size_t width, size_t lines)
{
	size_t used = text_columns(label, strlen(label));
	char *kept;

	if (*text && (kept = wrap_trim(*text, used, used, width, lines))) {
		free(*text);
		*text = kept;
	}
}

void frame(const char *what, int err, const char *hint)
{
	int saved = errno;
	/* As JSON events, each part is one message, never broken. */
	size_t width = narrating_json() ? SIZE_MAX : text_width(2);
	const char *nl = hint ? NULL : strchr(what, '\n');
	char label[64], *line = NULL, *cut_line = NULL, *cut_hint = NULL;
	/* TRANSLATORS: the label of the line after an error that says what
	 * to do, as "hint: run as root". */
	const char *hint_label = _("hint: ");

	snprintf(label, sizeof label, "%s: ", program_invocation_short_name);
	if (nl || err) {
		if (asprintf(&line, "%.*s%s%s", nl ? (int)(nl - what) : INT32_MAX,
			     what, err ? ": " : "",
			     err ? i18n_strerror(err) : "") < 0)
			line = NULL;
	}
	if (nl)
		hint = nl + 1;
	if (hint && !*hint)
		hint = NULL;
	/* A value typed may be longer than a line, or than the three a
	 * message takes: each word cut to fit a line, then to a half, a
	 * quarter of one while the message is longer. */
	for (size_t room = width - text_columns(label, strlen(label)), k = 1;
	     width != SIZE_MAX && k <= 4; k *= 2) {
		free(cut_line);
		free(cut_hint);
		cut_line = wrap_cut(line ? line : what, room / k);
		cut_hint = hint ? wrap_cut(hint, room / k) : NULL;
		if (cut_line == NULL ||
		    lines_of(label, cut_line, width) +
				    lines_of(hint_label, cut_hint, width) <=
			    MOST_LINES)
			break;
	}
	/* Still longer, in words each short: the hint kept to the lines
	 * what failed leaves (one at least), what failed to the rest. */
	if (cut_line && width != SIZE_MAX &&
	    lines_of(label, cut_line, width) +
			    lines_of(hint_label, cut_hint, width) >
		    MOST_LINES) {
		size_t l = lines_of(label, cut_line, width);
		size_t h = !cut_hint ? 0 : l < MOST_LINES ? MOST_LINES - l : 1;

		trim(&cut_hint, hint_label, width, h);
		trim(&cut_line, label, width, MOST_LINES - h);
	}
	part(label, cut_line ? cut_line : line ? line : what, width);
	if (hint)
		part(hint_label, cut_hint ? cut_hint : hint, width);
	free(line);
	free(cut_line);
	free(cut_hint);
	errno = saved;
}

static void vcomplain(const char *step, int err, const char *hint,
		      const char *fmt, va_list ap)
{
	char what[8192];

	if (step)
		events_failed(step, err);
	vsnprintf(what, sizeof what, fmt, ap);
	frame(what, err, hint);
}

void complain(const char *step, int err, const char *hint, const char *fmt,
	      ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(step, err, hint, fmt, ap);
	va_end(ap);
}

_Noreturn void fail(int status, const char *step, int err, const char *hint,
		    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(step, err, hint, fmt, ap);
	va_end(ap);
	exit(status);
}

_Noreturn void option_failed(int err, const char *hint, const char *option,
			     const char *value)
{
	fail(EXIT_TOOL, THIS_STEP, err, hint, "--%s=%s", option, quoted(value));
}

_Noreturn void step_failed(int err, const char *hint, const char *fmt, ...)
{
	char values[8192] = "";

	if (fmt) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(values, sizeof values, fmt, ap);
		va_end(ap);
	}
	fail(EXIT_TOOL, THIS_STEP, err, hint, "%s%s%s", events_doc(),
	     fmt ? ": " : "", values);
}

bool predict_fail(struct prediction *p, int err, const char *value,
		  const char *hint)
{
	p->err = err;
	snprintf(p->value, sizeof p->value, "%s", value);
	snprintf(p->what, sizeof p->what, "%s", quoted(value));
	snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
	return true;
}

bool predict_covered(const struct step *s, struct prediction *p)
{
	char hint[sizeof p->hint];

	/* TRANSLATORS: %s is the directory of a mount made by an earlier
	 * step (--tmpfs, --mount-proc...). */
	snprintf(hint, sizeof hint, _("a mount made before it on %s covers it"),
		 quoted(s->covered.by));
	p->unsure = true;
	return predict_fail(p, 0, s->covered.path, hint);
}

void close_keep_errno(int fd)
{
	int e = errno;

	close(fd);
	errno = e;
}
