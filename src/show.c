/* How each kind of step prints: one line of text, or one JSON object of
 * the plan's "steps" (or of a --verbose event); the show column of the
 * step table.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "i18n.h"
#include "json.h"
#include "fail.h"
#include "quote.h"
#include "show.h"
#include "sig.h"

/* Who writes the maps, in JSON's words and in the long form's. */
static const char *const writer_word[] = {
	[MAP_NONE] = "self", /* setgroups alone */
	[MAP_SELF] = "self",
	[MAP_DIRECT] = "helper",
	[MAP_NEWIDMAP] = "newidmap",
};

void show_cgroup(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_string(e, "name", s->cgroup.name);
	if (s->cgroup.parent)
		emit_string(e, "parent", s->cgroup.parent);
	if (s->kind == STEP_CGROUP_ENTER)
		/* TRANSLATORS: %s is the cgroup's name. */
		emit_detail2(e, N_("move into %s; unshare the cgroup namespace"),
			     N_("move into the cgroup %s, then unshare(2) the "
				"cgroup namespace, whose root it becomes"),
			     emit_shown(e, s->cgroup.name));
	else if (s->cgroup.parent)
		/* TRANSLATORS: %s is the cgroup's name, %s the directory it
		 * is made in; "removed" when the program ends. */
		emit_detail2(e, N_("make %s in %s, removed at the end"),
			     N_("make the cgroup %s in %s; when the program "
				"ends, or a later step fails, what is left in "
				"it is killed and it is removed"),
			     emit_shown(e, s->cgroup.name),
			     emit_shown(e, s->cgroup.parent));
	else if (s->cgroup.error)
		/* TRANSLATORS: %s is the cgroup's name. */
		emit_detail(e, N_("make %s: where yours is could not be read"),
			    emit_shown(e, s->cgroup.name));
	else
		emit_detail(e, N_("make %s: no cgroup2 hierarchy is mounted"),
			    emit_shown(e, s->cgroup.name));
}

void show_bind_helper(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail2(e, N_("start the helper that binds the namespaces' files"),
		N_("start the helper that binds the namespaces to their files, "
		   "forked now so that it stays in the caller's namespaces"));
}

void show_map_helper(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_string(e, "writer", writer_word[s->helper.writer]);
	if (s->helper.writer == MAP_DIRECT)
		emit_detail2(e, N_("start the helper that writes the id maps (it "
			      "has CAP_SETUID)"),
			N_("start the helper that writes the id maps, forked "
			   "now in the caller's user namespace, where it has "
			   "CAP_SETUID and CAP_SETGID"));
	else
		emit_detail2(e, N_("start the helper that runs newuidmap and "
			      "newgidmap"),
			N_("start the helper that runs newuidmap and newgidmap, "
			   "forked now in the caller's user namespace: they "
			   "check the ranges against /etc/subuid and "
			   "/etc/subgid"));
}

void show_owner(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_number(e, "uid", s->owner.uid);
	emit_number(e, "gid", s->owner.gid);
	emit_detail2(e, N_("uid %lld and gid %lld, who will own the user namespace"),
		N_("take on uid %lld and gid %lld, who will own the new user "
		   "namespace"),
		s->owner.uid, s->owner.gid);
}

void show_dumpable(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail2(e, N_("dumpable again, so that /proc/self stays ours"),
		N_("become dumpable again (PR_SET_DUMPABLE): the change of ids "
		   "made /proc/self root's, and the maps are written through "
		   "it"));
}

void show_unshare(struct emit *e, const struct step *s)
{
	char mask[32], list[512];

	snprintf(mask, sizeof mask, MASK_FORMAT, s->unshare.mask);
	if (e->json) {
		emit_begin(e);
		emit_string(e, "mask", mask);
		emit_number(e, "value", (long long)s->unshare.mask);
		emit_key(e, "flags");
		emit_flags(e, s->unshare.mask, NULL, 0);
		emit_detail(e, "unshare(2) with the effective flags");
		return;
	}
	emit_flags(e, s->unshare.mask, list, sizeof list);
	snprintf(mask + strlen(mask), sizeof mask - strlen(mask), " ");
	{
		char text[600];

		snprintf(text, sizeof text, "%s%s", mask, list);
		/* TRANSLATORS: a label of the plan, in a column 12
		 * characters wide; so are "requested", "implied", "added",
		 * "note" and "program". */
		emit_line(e, _("effective"), text);
	}
}

void show_setgroups(struct emit *e, const struct step *s)
{
	const char *mode = s->maps.setgroups == SETGROUPS_DENY ? "deny"
							     : "allow";

	emit_begin(e);
	emit_string(e, "mode", mode);
	emit_string(e, "writer", writer_word[s->maps.writer]);
	/* TRANSLATORS: %s is deny or allow, as written to the file. */
	emit_detail2(e, "%s", N_("write %s to /proc/PID/setgroups"), mode);
}

void show_map(struct emit *e, const struct step *s)
{
	const struct idmap *map = s->maps.map;
	char lines[IDMAP_MAX_EXTENTS * 36 + 1];
	size_t len = 0;

	emit_begin(e);
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
		if (len < sizeof lines)
			len += (size_t)snprintf(lines + len, sizeof lines - len,
						"%s%u %u %u", i ? ", " : "",
						x->inner, x->outer, x->count);
	}
	if (e->json)
		putc(']', e->out);
	if (s->maps.writer == MAP_NEWIDMAP)
		/* TRANSLATORS: %2$s is the tool (newuidmap or newgidmap),
		 * %1$s the lines of the map ("0 1000 1, 1 100000 65536"). */
		emit_detail2(e, "%s", N_("%2$s writes %1$s"), lines,
			s->kind == STEP_UID_MAP ? "newuidmap" : "newgidmap");
	else
		/* TRANSLATORS: %s is the lines of the map ("0 1000 1, 1
		 * 100000 65536"), %s the file (uid_map or gid_map). */
		emit_detail2(e, "%s", s->maps.writer == MAP_DIRECT
				       ? N_("the helper writes %s to "
					    "/proc/PID/%s")
				       : N_("write %s to /proc/self/%s"),
			lines, s->kind == STEP_UID_MAP ? "uid_map" : "gid_map");
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
	const struct offset *mono = s->clocks.monotonic,
			    *boot = s->clocks.boottime;
	char a[48], b[48];

	emit_begin(e);
	clock_member(e, "monotonic", mono);
	clock_member(e, "boottime", boot);
	if (mono && boot)
		/* TRANSLATORS: the clock offsets, in seconds ("5", "-1.5"). */
		emit_detail(e, N_("monotonic %s s, boottime %s s"),
		       seconds(mono, a, sizeof a), seconds(boot, b, sizeof b));
	else if (mono)
		emit_detail(e, N_("monotonic %s s"), seconds(mono, a, sizeof a));
	else
		emit_detail(e, N_("boottime %s s"), seconds(boot, b, sizeof b));
}

void show_loopback(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_bool(e, "ping", s->loopback.ping);
	if (s->loopback.ping) {
		emit_number(e, "low", s->loopback.low);
		emit_number(e, "high", s->loopback.high);
		/* TRANSLATORS: %u-%u is a range of group ids. */
		emit_detail2(e, N_("lo up; the groups %u-%u may ping"),
			N_("bring lo up in the new network namespace, and let "
			   "the groups %u-%u ping"),
			s->loopback.low, s->loopback.high);
	} else {
		emit_detail2(e, N_("lo up; no group is mapped to ping"),
			N_("bring lo up in the new network namespace; no group "
			   "is mapped in it, so ping stays refused"));
	}
}

void show_propagation(struct emit *e, const struct step *s)
{
	const char *mode = propagations[s->propagation].name;

	emit_begin(e);
	emit_string(e, "mode", mode);
	/* TRANSLATORS: %s is the propagation as the option --propagation
	 * names it: private, shared or slave. */
	emit_detail(e, N_("make / and every mount under it %s"), mode);
}

void show_signals(struct emit *e, const struct step *s)
{
	const int *sigs = s->forward ? forwarded_signals : ignored_signals;
	size_t n = s->forward ? n_forwarded_signals : n_ignored_signals;
	char list[4096], buf[8][16];
	const char *name[8];

	for (size_t i = 0; i < n && i < 8; i++)
		name[i] = sig_name(sigs[i], buf[i], sizeof buf[i]);
	emit_begin(e);
	emit_string(e, "action", s->forward ? "forward" : "ignore");
	emit_names(e, "signals", name, n < 8 ? n : 8);
	if (!s->forward) {
		/* Sent by a process, these kill us, as util-linux. */
		static const char *const fatal[] = { "HUP", "QUIT" };

		emit_names(e, "fatal_when_sent", fatal, 2);
	}
	sig_list(sigs, n, list, sizeof list);
	if (s->forward)
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		emit_detail2(e, N_("forward %s to the child, not the terminal's"),
			N_("while waiting, forward %s to the child, but not the "
			   "terminal's (they reach it directly)"),
			list);
	else
		/* TRANSLATORS: %s is a list of signal names, such as "HUP,
		 * INT and TERM". */
		emit_detail2(e, N_("while waiting, ignore the terminal's %s"),
			N_("while waiting, ignore %s from the terminal (which "
			   "signals the child too) and INT and TERM from a "
			   "process; die of HUP or QUIT from a process, as "
			   "util-linux does"),
			list);
}

void show_fork(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_bool(e, "init", s->fork.init);
	if (s->fork.init)
		emit_detail2(e, N_("the init runs as a child; its status is ours"),
			N_("fork: the init runs as a child, and the program as "
			   "its child; the program's exit status or fatal "
			   "signal is ours"));
	else
		emit_detail2(e, N_("the program runs as a child; its status is ours"),
			N_("fork: the program runs as a child; its exit status "
			   "or fatal signal is ours"));
}

void show_kill_child(struct emit *e, const struct step *s)
{
	char sig[16];

	sig_name(s->kill.signal, sig, sizeof sig);
	emit_begin(e);
	emit_string(e, "signal", sig);
	emit_bool(e, "again", s->kill.again);
	emit_bool(e, "spared_as_pid1", s->kill.spared);
	if (s->kill.again)
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGKILL. */
		emit_detail2(e, N_("SIG%s armed again after the change of ids"),
			N_("the child gets SIG%s if unshare dies, armed again: a "
			   "change of ids disarms it"),
			sig);
	else if (s->kill.spared)
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGTERM. */
		emit_detail2(e, N_("SIG%s to the child if unshare dies; as pid 1 it "
			      "ignores it: add --init"),
			N_("the child gets SIG%s if unshare dies; as pid 1 of the "
			   "new pid namespace, the program ignores it unless it "
			   "handles it: for a sure end, add --init or use "
			   "--kill-child=KILL"),
			sig);
	else
		/* TRANSLATORS: SIG%s is a signal's name, such as SIGTERM. */
		emit_detail(e, N_("SIG%s to the child if unshare dies"), sig);
}

void show_binfmt_early(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail2(e, N_("a binfmt_misc for the F interpreters, before the chroot"),
		N_("make a binfmt_misc of the new user namespace, mounted "
		   "nowhere yet, to register interpreters with the F flag in "
		   "before the chroot"));
}

void show_dir(struct emit *e, const struct step *s)
{
	const char *path = emit_shown(e, s->dir.path);

	emit_begin(e);
	emit_string(e, "path", s->dir.path);
	switch (s->kind) {
	case STEP_ROOT:
		emit_detail(e, N_("chroot to %s"), path);
		break;
	case STEP_WD:
		emit_detail(e, N_("chdir to %s"), path);
		break;
	case STEP_PROC_PRIVATE:
		emit_detail2(e, N_("make %s private first"),
			N_("make %s private first, so that the proc mounted on "
			   "it is not seen in the caller's namespace"),
			path);
		break;
	case STEP_PROC:
		emit_bool(e, "undo", s->dir.undo);
		emit_detail(e, N_("mount proc on %s (nosuid, nodev, noexec)"), path);
		break;
	case STEP_CGROUP_PRIVATE:
		emit_detail2(e, N_("make %s private first"),
			     N_("make %s private first, so that cgroup2 mounted "
				"on it is not seen in the caller's namespace"),
			     path);
		break;
	case STEP_CGROUP_MOUNT:
		emit_bool(e, "undo", s->dir.undo);
		emit_detail(e, N_("mount cgroup2 on %s (nosuid, nodev, noexec)"),
			    path);
		break;
	default: /* STEP_BINFMT */
		emit_bool(e, "undo", s->dir.undo);
		emit_detail(e, N_("mount binfmt_misc on %s"), path);
		break;
	}
}

void show_interp(struct emit *e, const struct step *s)
{
	emit_begin(e);
	emit_string(e, "string", s->interp.string);
	emit_bool(e, "before_chroot", s->interp.early);
	if (s->interp.early)
		emit_detail2(e, N_("register %s before the chroot (F flag)"),
			N_("register interpreter %s (F flag: before the chroot, "
			   "where it is opened)"),
			emit_shown(e, s->interp.string));
	else
		emit_detail(e, N_("register interpreter %s"),
		       emit_shown(e, s->interp.string));
}

void show_id(struct emit *e, const struct step *s)
{
	emit_begin(e);
	if (s->kind == STEP_SETGID) {
		emit_number(e, "gid", s->id.id);
		emit_bool(e, "groups_kept", s->id.denied);
		if (s->id.denied)
			/* TRANSLATORS: %lld is a group id. */
			emit_detail2(e, N_("gid %lld; your supplementary groups stay"),
				     N_("gid %lld; setgroups is denied, so the "
					"kernel keeps the supplementary groups "
					"you had (they show as the overflow "
					"group)"),
				     s->id.id);
		else
			emit_detail(e, N_("gid %lld, no supplementary groups"),
				    s->id.id);
	} else {
		emit_number(e, "uid", s->id.id);
		emit_bool(e, "keeps_admin", s->id.keep_admin);
		if (s->id.keep_admin)
			/* TRANSLATORS: %lld is a user id. */
			emit_detail2(e, N_("uid %lld; CAP_SYS_ADMIN kept for "
					   "the undo"),
				     N_("uid %lld; CAP_SYS_ADMIN kept, permitted "
					"alone, to unmount what the caller "
					"sees if a later step fails (the exec "
					"drops it)"),
				     s->id.id);
		else
			emit_detail(e, N_("uid %lld"), s->id.id);
	}
}

void show_keepcaps(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail(e, N_("keep the capabilities through the setuid "
		     "(PR_SET_KEEPCAPS)"));
}

void show_keep_caps(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail(e, N_("the permitted capabilities become ambient"));
}

void show_persist(struct emit *e, const struct step *s)
{
	char text[4096];
	size_t len = 0;
	bool first = true;

	emit_begin(e);
	if (e->json) {
		emit_key(e, "files");
		putc('[', e->out);
	}
	text[0] = '\0';
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!s->bind.files[i])
			continue;
		if (e->json) {
			fputs(first ? "{\"namespace\":" : ",{\"namespace\":",
			      e->out);
			json_string(e->out, f->name);
			fputs(",\"path\":", e->out);
			json_string(e->out, s->bind.files[i]);
			fputs(",\"entry\":", e->out);
			json_string(e->out, f->ns_after);
			putc('}', e->out);
		}
		if (len < sizeof text)
			/* TRANSLATORS: the namespace's kind (net, mount...)
			 * and the file it is kept in, as "net in
			 * /run/netns/a"; a list of them follows --persist. */
			len += (size_t)snprintf(text + len, sizeof text - len,
						_("%s%s in %s"), first ? "" : ", ",
						f->name,
						emit_shown(e, s->bind.files[i]));
		first = false;
	}
	if (e->json)
		putc(']', e->out);
	/* TRANSLATORS: %s is the list of namespaces and their files. */
	emit_detail2(e, "%s", N_("keep %s (bind mounts of /proc/PID/ns/ENTRY)"),
		text);
}

void show_environment(struct emit *e, const struct step *s)
{
	char *list = NULL;
	size_t n = 0, size = 0;
	FILE *f = open_memstream(&list, &size);

	emit_begin(e);
	if (e->json) {
		emit_key(e, "keep");
		putc('[', e->out);
	}
	/* Each name of every list, checked when taken (env_check_list); an
	 * empty item is passed over. */
	for (size_t i = 0; i < s->env.n; i++)
		for (const char *p = s->env.lists[i]; *p;) {
			size_t k = strcspn(p, ",");

			if (k > 0 && e->json) {
				char *name = strndup(p, k);

				if (n)
					putc(',', e->out);
				json_string(e->out, name ? name : "");
				free(name);
			}
			if (k > 0 && f)
				fprintf(f, "%s%.*s", n ? "," : "", (int)k, p);
			n += k > 0;
			p += k + (p[k] == ',');
		}
	if (e->json)
		putc(']', e->out);
	if (f)
		fclose(f);
	if (n && list)
		/* TRANSLATORS: %s is the names of the variables kept, such as
		 * "HOME,TERM". */
		emit_detail(e, N_("clear the environment but %s and PATH"),
		       emit_shown(e, list));
	else
		emit_detail(e, N_("clear the environment but PATH"));
	free(list);
}

void show_init(struct emit *e, const struct step *s)
{
	(void)s;
	emit_begin(e);
	emit_detail2(e, N_("pid 1 forks the program, passes signals on, reaps"),
		N_("init: pid 1 forks the program, forwards signals to it (not "
		   "the terminal's) and reaps orphans"));
}

void show_exec(struct emit *e, const struct step *s)
{
	char *shell_argv[2] = { (char *)s->exec.path, NULL };
	char *const *argv = s->exec.argv ? s->exec.argv : shell_argv;
	char *text = NULL;
	size_t size = 0;
	FILE *f;

	if (e->json) {
		emit_begin(e);
		putc(',', e->out);
		emit_program(e, s);
		emit_detail(e, "run the program");
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
	free(text);
}

