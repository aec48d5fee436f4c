/* What --verbose says as things happen, on stderr: the plan, each
 * namespace before and after, each step and its outcome; as text, or with
 * --json as JSON lines, our messages and a failed exit included.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "events.h"
#include "i18n.h"
#include "json.h"
#include "wrap.h"

/* With --verbose --json, where our events go (the real stderr), once
 * json_messages() has made stderr a stream of message events. */
static FILE *events;
#define EVENTS (events ? events : stderr)

FILE *events_out(void)
{
	return EVENTS;
}

/* Every event line carries the version: a line may be read alone,
 * whichever process wrote it. */
void event(FILE *out, const char *kind)
{
	json_open(out, "event");
	json_string(out, kind);
}

/* The one setting of narration, made by main before anything is said:
 * narrators need not be handed the plan to know whether to speak. */
static struct {
	int verbosity;
	bool json;
} narration;

/* The step running now, and what it does (N_()). */
static const char *now = "?", *now_doc = "";

void events_at(const char *step, const char *doc)
{
	now = step;
	now_doc = doc;
}

const char *events_doc(void)
{
	return _(now_doc);
}

/* step, or for THIS_STEP the step running now. */
static const char *events_step(const char *step)
{
	return step && *step == '\0' ? now : step;
}

void narration_init(int verbosity, bool json)
{
	narration.verbosity = verbosity;
	narration.json = json;
}

int narrating(void)
{
	return narration.verbosity;
}

bool narrating_json(void)
{
	return narration.json;
}

/* fmt is a message marked N_() by the caller, translated here: only a
 * run that says something loads the locale. */
static void vsay(const char *kind, pid_t pid, const char *fmt, va_list ap)
{
	if (!narration.json) {
		char text[4096];

		vsnprintf(text, sizeof text, _(fmt), ap);
		fprintf(stderr, VERBOSE_PREFIX "%-12s ", events_step(kind));
		wrap_print(stderr, text, strlen(VERBOSE_PREFIX) + 13,
			   strlen(VERBOSE_PREFIX) + 13, text_width(2));
		return;
	}
	/* JSON carries the values, not the sentence. */
	event(EVENTS, "step");
	fputs(",\"step\":", EVENTS);
	json_string(EVENTS, events_step(kind));
	if (pid > 0)
		fprintf(EVENTS, ",\"pid\":%d", (int)pid);
	fputs(",\"outcome\":\"ok\"}\n", EVENTS);
}

void say(const char *kind, const char *fmt, ...)
{
	va_list ap;

	if (!narration.verbosity)
		return;
	va_start(ap, fmt);
	vsay(kind, 0, fmt, ap);
	va_end(ap);
}

void say_pid(const char *kind, pid_t pid, const char *fmt, ...)
{
	va_list ap;

	if (!narration.verbosity)
		return;
	va_start(ap, fmt);
	vsay(kind, pid, fmt, ap);
	va_end(ap);
}

void events_failed(const char *kind, int err)
{
	if (events == NULL) /* no JSON events */
		return;
	fflush(stderr); /* the messages before it */
	event(events, "step");
	fputs(",\"step\":", events);
	json_string(events, events_step(kind));
	fputs(",\"outcome\":\"failed\"", events);
	if (err) {
		fputs(",\"errno\":", events);
		json_string(events, strerrorname_np(err) ? strerrorname_np(err)
							 : "?");
		fputs(",\"error\":", events);
		json_string(events, i18n_strerror(err));
	}
	fputs("}\n", events);
	fflush(events);
}

/* --verbose --json: the lines written to stderr (by err(3) and warn(3),
 * the diagnoses, a failed exec) become message events.  Each is
 * gathered in full, then goes out in one line; a line that outgrows
 * the buffer goes out in pieces, each still an event. */
static struct {
	char text[4096];
	size_t n;
} pending;

static void message_event(void)
{
	char *line = NULL;
	size_t size = 0;
	FILE *f;

	pending.text[pending.n] = '\0';
	pending.n = 0;
	if ((f = open_memstream(&line, &size)) == NULL)
		return;
	event(f, "message");
	fputs(",\"text\":", f);
	json_string(f, pending.text);
	fputs("}\n", f);
	/* One write(2), however long: the events of two processes must
	 * not interleave. */
	if (fclose(f) == 0 && fflush(EVENTS) == 0 &&
	    write(fileno(EVENTS), line, size) != (ssize_t)size) {
		/* Nowhere left to say it. */
	}
	free(line);
}

static ssize_t to_events(void *cookie, const char *buf, size_t size)
{
	(void)cookie;
	for (size_t i = 0; i < size; i++) {
		if (buf[i] == '\n') {
			message_event();
			continue;
		}
		if (pending.n == sizeof pending.text - 1)
			message_event();
		pending.text[pending.n++] = buf[i];
	}
	return (ssize_t)size;
}

static bool passing_status;

void events_passing_status(void)
{
	passing_status = true;
}

/* Any last partial line, then how our own process ends, if it fails. */
static void exit_event(int status, void *arg)
{
	(void)arg;
	fflush(stderr);
	if (pending.n)
		message_event();
	if (status != 0 && !passing_status) {
		event(EVENTS, "exit");
		fprintf(EVENTS, ",\"status\":%d,\"outcome\":\"failed\"}\n",
			status);
	}
	fflush(EVENTS);
}

void json_messages(void)
{
	static char line[BUFSIZ];
	FILE *messages;

	if (events != NULL)
		return;
	messages = fopencookie(NULL, "w",
			       (cookie_io_functions_t){ .write = to_events });
	if (messages == NULL)
		return;
	setvbuf(messages, line, _IOLBF, sizeof line);
	events = stderr;
	stderr = messages;
	on_exit(exit_event, NULL);
}
