/* The values of each kind of step, as JSON members and as the text's
 * values after what the step does (emit.h); the show column of the step
 * table, NULL for a kind that has none.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "json.h"
#include "quote.h"
#include "show.h"
#include "sig.h"

/* Who writes the maps, in JSON's words and the text's. */
static const char *const writer_word[] = {
	[MAP_NONE] = "self", /* setgroups alone */
	[MAP_SELF] = "self",
	[MAP_DIRECT] = "helper",
	[MAP_NEWIDMAP] = "newidmap",
};

void show_cgroup(struct emit *e, const struct step *s)
{
	emit_field(e, "name", s->cgroup.name);
	if (s->cgroup.parent)
		emit_string(e, "parent", s->cgroup.parent);
	if (s->cgroup.parent && s->kind == STEP_CGROUP_MAKE)
		emit_value(e, "in %s", quoted(s->cgroup.parent));
	if (s->kind != STEP_CGROUP_SET)
		return;
	if (e->json)
		fputs(",\"set\":[", e->out);
	for (size_t i = 0; i < s->cgroup.n_sets; i++) {
		const char *set = s->cgroup.sets[i];
		char *file = strndup(set, strcspn(set, "="));

		if (e->json) {
			fputs(i ? ",{" : "{", e->out);
			emit_member(e, true, "file", file ? file : "");
			emit_member(e, false, "value",
				    set + strcspn(set, "=") + 1);
			putc('}', e->out);
		} else {
			/* In apostrophes if it has a blank (cpu.max). */
			emit_value(e, "%s", strchr(set, ' ')
						    ? quoted_word(set, strlen(set))
						    : quoted(set));
		}
		free(file);
	}
	if (e->json)
		putc(']', e->out);
}

void show_map_helper(struct emit *e, const struct step *s)
{
	emit_field(e, "writer", writer_word[s->helper.writer]);
}

void show_owner(struct emit *e, const struct step *s)
{
	emit_number(e, "uid", s->owner.uid);
	emit_number(e, "gid", s->owner.gid);
	emit_value(e, "%lld:%lld", s->owner.uid, s->owner.gid);
}

void show_unshare(struct emit *e, const struct step *s)
{
	char mask[32], list[512], text[600];

	snprintf(mask, sizeof mask, MASK_FORMAT, s->unshare.mask);
	if (e->json) {
		emit_string(e, "mask", mask);
		emit_number(e, "value", (long long)s->unshare.mask);
		emit_key(e, "flags");
		emit_flags(e, s->unshare.mask, NULL, 0);
		return;
	}
	emit_flags(e, s->unshare.mask, list, sizeof list);
	snprintf(text, sizeof text, "%s %s", mask, list);
	/* TRANSLATORS: a label of the plan, in a column 12 characters
	 * wide; so are "requested", "implied", "added", "note" and
	 * "program". */
	emit_line(e, _("effective"), text);
	e->kind = NULL; /* said */
}

void show_setgroups(struct emit *e, const struct step *s)
{
	emit_field(e, "mode", s->maps.setgroups == SETGROUPS_DENY ? "deny"
								 : "allow");
	emit_string(e, "writer", writer_word[s->maps.writer]);
}

void show_map(struct emit *e, const struct step *s)
{
	const struct idmap *map = s->maps.map;

	emit_string(e, "writer", writer_word[s->maps.writer]);
	if (e->json) {
		emit_key(e, "map");
		putc('[', e->out);
	}
	for (size_t i = 0; i < map->n; i++) {
		const struct extent *x = &map->ext[i];

		if (e->json)
			fprintf(e->out,
				"%s{\"inner\":%u,\"outer\":%u,\"count\":%u}",
				i ? "," : "", x->inner, x->outer, x->count);
		emit_value(e, "%u %u %u%s", x->inner, x->outer, x->count,
			   i + 1 < map->n ? "," : "");
	}
	if (e->json)
		putc(']', e->out);
}

/* An offset as seconds, decimals only as needed: "5", "-1.5". */
static const char *seconds(const struct offset *o, char *buf, size_t size)
{
	long long sec = o->sec;
	long nsec = o->nsec;
	const char *sign = "";
	size_t n;

	/* Kept as seconds and nanoseconds from 0 to 999999999 added to
	 * them: -1.5 is -2 and 500000000. */
	if (sec < 0 && nsec > 0) {
		sign = "-";
		sec = -(sec + 1);
		nsec = 1000000000L - nsec;
	} else if (sec < 0) {
		sign = "-";
		sec = -sec;
	}
	snprintf(buf, size, "%s%lld.%09ld", sign, sec, nsec);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[n - 1] = '\0';
	return buf;
}

static void clock_member(struct emit *e, const char *name,
			 const struct offset *o)
{
	if (o) {
		char buf[48];

		emit_value(e, "%s %s s", name, seconds(o, buf, sizeof buf));
	}
	if (!e->json)
		return;
	emit_key(e, name);
	if (o)
		fprintf(e->out, "{\"seconds\":%lld,\"nanoseconds\":%ld}",
			o->sec, o->nsec);
	else
		fputs("null", e->out);
}

void show_clocks(struct emit *e, const struct step *s)
{
	clock_member(e, "monotonic", s->clocks.monotonic);
	clock_member(e, "boottime", s->clocks.boottime);
}

void show_loopback(struct emit *e, const struct step *s)
{
	emit_bool(e, "ping", s->loopback.ping);
	if (s->loopback.ping) {
		emit_number(e, "low", s->loopback.low);
		emit_number(e, "high", s->loopback.high);
		emit_value(e, "ping %u-%u", s->loopback.low, s->loopback.high);
	}
}

void show_propagation(struct emit *e, const struct step *s)
{
	emit_field(e, "mode", propagations[s->propagation].name);
}

void show_signals(struct emit *e, const struct step *s)
{
	const int *sigs = s->forward ? forwarded_signals : ignored_signals;
	size_t n = s->forward ? n_forwarded_signals : n_ignored_signals;
	char buf[8][16];
	const char *name[8];

	emit_field(e, "action", s->forward ? "forward" : "ignore");
	for (size_t i = 0; i < n && i < 8; i++) {
		name[i] = sig_name(sigs[i], buf[i], sizeof buf[i]);
		emit_value(e, "%s", name[i]);
	}
	emit_names(e, "signals", name, n < 8 ? n : 8);
	if (!s->forward) {
		/* Sent by a process, these kill us, as util-linux. */
		static const char *const fatal[] = { "HUP", "QUIT" };

		emit_names(e, "fatal_when_sent", fatal, 2);
	}
}

void show_fork(struct emit *e, const struct step *s)
{
	emit_bool(e, "init", s->fork.init);
}

void show_kill_child(struct emit *e, const struct step *s)
{
	char sig[16];

	sig_name(s->kill.signal, sig, sizeof sig);
	emit_string(e, "signal", sig);
	if (s->kind == STEP_KILL_CHILD) {
		emit_bool(e, "again", s->kill.again);
		emit_bool(e, "spared_as_pid1", s->kill.spared);
	}
	emit_value(e, "SIG%s", sig);
	/* Armed again after a change of ids: the same fact, not said twice
	 * in the text. */
	if (s->kill.again && !e->json)
		e->kind = NULL;
}

void show_dir(struct emit *e, const struct step *s)
{
	emit_field(e, "path", s->dir.path);
	if (s->kind == STEP_PROC || s->kind == STEP_BINFMT ||
	    s->kind == STEP_CGROUP_MOUNT)
		emit_bool(e, "undo", s->dir.undo);
	if (s->kind == STEP_TMPFS && s->dir.options)
		emit_field(e, "options", s->dir.options);
	if (s->kind == STEP_BIND)
		emit_field(e, "source", s->dir.options);
	if (s->kind == STEP_BIND || s->kind == STEP_BIND_SOURCE)
		emit_bool(e, "read_only", s->dir.read_only);
}

void show_interp(struct emit *e, const struct step *s)
{
	emit_field(e, "string", s->interp.string);
	emit_bool(e, "before_chroot", s->interp.early);
}

void show_id(struct emit *e, const struct step *s)
{
	emit_number(e, s->kind == STEP_SETGID ? "gid" : "uid", s->id.id);
	emit_value(e, "%lld", s->id.id);
	if (s->kind == STEP_SETGID)
		emit_bool(e, "groups_kept", s->id.denied);
	else
		emit_bool(e, "keeps_admin", s->id.keep_admin);
}

void show_persist(struct emit *e, const struct step *s)
{
	bool first = true;

	if (e->json) {
		emit_key(e, "files");
		putc('[', e->out);
	}
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!s->bind.files[i])
			continue;
		emit_value(e, "%s=%s", f->name, quoted(s->bind.files[i]));
		if (!e->json)
			continue;
		fputs(first ? "{" : ",{", e->out);
		emit_member(e, true, "namespace", f->name);
		emit_member(e, false, "path", s->bind.files[i]);
		emit_member(e, false, "entry", f->ns_after);
		putc('}', e->out);
		first = false;
	}
	if (e->json)
		putc(']', e->out);
}

void show_environment(struct emit *e, const struct step *s)
{
	bool first = true;

	if (e->json) {
		emit_key(e, "keep");
		putc('[', e->out);
	}
	emit_value(e, "PATH");
	/* Each name of every list, checked when taken (take_keep_env); an
	 * empty item is passed over. */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p;) {
			size_t k = strcspn(p, ",");
			char *name = k ? strndup(p, k) : NULL;

			if (name && e->json) {
				fputs(first ? "" : ",", e->out);
				json_string(e->out, name);
				first = false;
			} else if (name) {
				emit_value(e, "%s", quoted(name));
			}
			free(name);
			p += k + (p[k] == ',');
		}
	if (e->json)
		putc(']', e->out);
}

void show_exec(struct emit *e, const struct step *s)
{
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;
	char *text = NULL;
	size_t size = 0;
	FILE *f;

	if (e->json) {
		putc(',', e->out);
		emit_program(e, s);
		return;
	}
	if ((f = open_memstream(&text, &size)) == NULL)
		return;
	for (char *const *a = argv; *a; a++) {
		if (a != argv)
			putc(' ', f);
		emit_word(f, *a);
	}
	if (s->exec.source)
		/* TRANSLATORS: %s is where the shell came from: $SHELL, the
		 * password database, the fallback. */
		fprintf(f, _(" (the shell, from %s)"), _(s->exec.source));
	fclose(f);
	/* TRANSLATORS: a label of the plan, in a column 12 characters
	 * wide. */
	emit_line(e, _("program"), text);
	e->kind = NULL; /* said */
	free(text);
}

void show_name(struct emit *e, const struct step *s)
{
	emit_field(e, "name", s->name);
}

void show_handoff(struct emit *e, const struct step *s)
{
	if (s->kind == STEP_HANDOFF)
		emit_value(e, "/proc");
	if (s->kind == STEP_HANDOFF || s->kind == STEP_PID_FILE) {
		if (s->handoff.file)
			emit_field(e, "file", s->handoff.file);
		return;
	}
	emit_number(e, "fd", s->handoff.fd);
	emit_value(e, "%d", s->handoff.fd);
	if (s->kind == STEP_INFO_FD)
		emit_bool(e, "init", s->handoff.init);
}
