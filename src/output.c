/* Printing the plan, as text or JSON.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "exec.h"
#include "json.h"
#include "output.h"
#include "sig.h"

/* Where one plan is being written. */
struct emit {
	FILE *out;
	const char *prefix;
	bool json;
	int items; /* JSON: items written in the current array */
};

/* An argument as a shell would need it typed: bare when it is plain,
 * else in single quotes. */
static void print_word(FILE *out, const char *w)
{
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

/* The names of the flags in mask: "a, b" as text, ["a","b"] as JSON. */
static void names(struct emit *e, unsigned long mask, const char *sep)
{
	bool first = true;

	if (e->json)
		putc('[', e->out);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		if (!(mask & unshare_flags[i].bit))
			continue;
		if (!first)
			fputs(e->json ? "," : sep, e->out);
		first = false;
		if (e->json)
			json_string(e->out, unshare_flags[i].name);
		else
			fputs(unshare_flags[i].name, e->out);
	}
	if (e->json)
		putc(']', e->out);
}

/* One step: "LABEL  DETAIL" as text, {"step":KIND,"detail":DETAIL} as
 * JSON. */
static void step(struct emit *e, const char *label, const char *kind,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void step(struct emit *e, const char *label, const char *kind,
		 const char *fmt, ...)
{
	char detail[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	if (!e->json) {
		fprintf(e->out, "%s%-10s %s\n", e->prefix, label, detail);
		return;
	}
	fputs(e->items++ ? ",{\"step\":" : "{\"step\":", e->out);
	json_string(e->out, kind);
	fputs(",\"detail\":", e->out);
	json_string(e->out, detail);
	putc('}', e->out);
}

static void map_steps(struct emit *e, const char *name,
		      const struct idmap *map)
{
	for (size_t i = 0; i < map->n; i++)
		step(e, name, name, "%u %u %u", map->ext[i].inner,
		     map->ext[i].outer, map->ext[i].count);
}

/* What happens around unshare(2), in order. */
static void steps(struct emit *e, const struct plan *plan)
{
	static const char *const writer[] = {
		[MAP_SELF] = "by unshare itself",
		[MAP_DIRECT] = "by a helper with CAP_SETUID, from outside",
		[MAP_NEWIDMAP] = "by newuidmap and newgidmap, from outside",
	};
	static const char *const propagation[] = {
		[PROP_PRIVATE] = "private", [PROP_SHARED] = "shared",
		[PROP_SLAVE] = "slave",
	};

	if (plan->owner_uid != NO_ID)
		step(e, "step", "owner", "take on uid %lld and gid %lld, who "
		     "will own the new user namespace", plan->owner_uid,
		     plan->owner_gid);
	if (plan->setgroups != SETGROUPS_KEEP)
		step(e, "step", "setgroups", "setgroups %s",
		     plan->setgroups == SETGROUPS_DENY ? "deny" : "allow");
	if (plan->map_writer != MAP_NONE)
		step(e, "step", "maps", "write the id maps %s",
		     writer[plan->map_writer]);
	map_steps(e, "uid_map", &plan->uid_map);
	map_steps(e, "gid_map", &plan->gid_map);
	if (plan->monotonic.set)
		step(e, "step", "monotonic", "monotonic clock offset %lld s "
		     "%ld ns", plan->monotonic.sec, plan->monotonic.nsec);
	if (plan->boottime.set)
		step(e, "step", "boottime", "boot-time clock offset %lld s "
		     "%ld ns", plan->boottime.sec, plan->boottime.nsec);
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		step(e, "step", "propagation", "make / and every mount under "
		     "it %s", propagation[plan->propagation]);
	if (plan->opts & OPT_FORK) {
		step(e, "step", "fork", "fork: the program runs as a child; "
		     "its exit status or fatal signal is ours");
		step(e, "step", "signals", "while waiting, %s",
		     plan->opts & OPT_FORWARD
			     ? "forward TERM, INT, HUP, QUIT, USR1, USR2 and "
			       "WINCH to the child"
			     : "ignore INT and TERM");
	}
	if (plan->opts & OPT_KILL_CHILD) {
		char name[16];

		step(e, "step", "kill-child", "the child gets SIG%s if "
		     "unshare dies",
		     sig_name(plan->kill_signal, name, sizeof name));
	}
	if (plan->root_dir)
		step(e, "step", "root", "chroot to %s", plan->root_dir);
	if (plan->root_dir || plan->wd_dir)
		step(e, "step", "wd", "chdir to %s",
		     plan->wd_dir ? plan->wd_dir : "/");
	if (plan->opts & OPT_MOUNT_PROC)
		step(e, "step", "proc", "mount proc on %s (nosuid, nodev, "
		     "noexec)", plan->proc_dir);
	if (plan->opts & OPT_MOUNT_BINFMT)
		step(e, "step", "binfmt", "mount binfmt_misc on %s",
		     plan->binfmt_dir);
	for (size_t i = 0; i < plan->n_interps; i++)
		step(e, "step", "interpreter", "register interpreter %s",
		     plan->interps[i]);
	if (plan->setgid_id != NO_ID)
		step(e, "step", "setgid", "setgid %lld, no supplementary "
		     "groups", plan->setgid_id);
	if (plan->setuid_id != NO_ID)
		step(e, "step", "setuid", "setuid %lld", plan->setuid_id);
	if (plan->opts & OPT_KEEP_CAPS)
		step(e, "step", "keep-caps", "keep capabilities: the "
		     "permitted become ambient");
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			step(e, "step", "persist", "keep the %s namespace in "
			     "%s (a bind mount of /proc/PID/ns/%s)",
			     unshare_flags[i].name, plan->persist[i],
			     unshare_flags[i].ns_after);
	if (plan->opts & OPT_CLEAR_ENV)
		step(e, "step", "environment", "clear the environment but "
		     "%s%sPATH", plan->keep_env ? plan->keep_env : "",
		     plan->keep_env ? " and " : "");
	if (plan->opts & OPT_INIT)
		step(e, "step", "init", "init: pid 1 forks the program, "
		     "forwards signals to it and reaps orphans");
}

/* The flags the closure added, in the order it added them, so that each
 * reason comes after the flag it names.  Returns how many. */
static size_t added_in_order(const struct plan *plan,
			     int order[UNSHARE_NFLAGS])
{
	size_t n = 0;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->why[i].by >= 0)
			order[plan->why[i].step] = (int)i, n++;
	return n;
}

static void text_plan(struct emit *e, const struct plan *plan)
{
	int order[UNSHARE_NFLAGS] = { 0 };
	size_t n = added_in_order(plan, order);

	FILE *out = e->out;
	const char *p = e->prefix;

	fprintf(out, "%srequested  ", p);
	if (plan->requested)
		names(e, plan->requested, ", ");
	else
		fputs("(nothing)", out);
	putc('\n', out);
	for (size_t i = 0; i < plan->nimplied; i++)
		fprintf(out, "%simplied    %-8s %s brings %s: %s\n", p,
			plan->implied[i].what, plan->implied[i].rule->trigger,
			plan->implied[i].what, plan->implied[i].rule->why);
	for (size_t k = 0; k < n; k++) {
		const struct added *a = &plan->why[order[k]];
		const struct flag *by = &unshare_flags[a->by];

		fprintf(out, "%sadded      %-8s %s brings ", p,
			unshare_flags[order[k]].name, by->name);
		names(e, by->implies, " and ");
		if (a->origin != a->by)
			fprintf(out, " (from --%s)",
				unshare_flags[a->origin].name);
		fprintf(out, ": %s\n", by->implies_why);
	}
	fprintf(out, "%seffective  0x%08lx ", p, plan->effective);
	if (plan->effective)
		names(e, plan->effective, ", ");
	else
		fputs("(nothing: no unshare(2) call)", out);
	putc('\n', out);
	steps(e, plan);
	fprintf(out, "%sprogram    ", p);
	if (plan->argv) {
		for (char **a = plan->argv; *a; a++) {
			if (a != plan->argv)
				putc(' ', out);
			print_word(out, *a);
		}
		putc('\n', out);
	} else {
		const char *source, *shell = default_shell(&source);

		print_word(out, shell);
		fprintf(out, " (the shell, from %s)\n", source);
	}
}

static void json_plan(struct emit *e, const struct plan *plan)
{
	FILE *out = e->out;
	char buf[32];
	int order[UNSHARE_NFLAGS] = { 0 };
	size_t n = added_in_order(plan, order);

	fputs("{\"requested\":", out);
	names(e, plan->requested, "");
	fputs(",\"implied\":[", out);
	for (size_t i = 0; i < plan->nimplied; i++) {
		fputs(i ? ",{\"what\":" : "{\"what\":", out);
		json_string(out, plan->implied[i].what);
		fputs(",\"by\":", out);
		json_string(out, plan->implied[i].rule->trigger);
		fputs(",\"why\":", out);
		json_string(out, plan->implied[i].rule->why);
		putc('}', out);
	}
	fputs("],\"added\":[", out);
	for (size_t k = 0; k < n; k++) {
		const struct added *a = &plan->why[order[k]];

		fputs(k ? ",{\"flag\":" : "{\"flag\":", out);
		json_string(out, unshare_flags[order[k]].name);
		fputs(",\"by\":", out);
		json_string(out, unshare_flags[a->by].name);
		fputs(",\"from\":", out);
		json_string(out, unshare_flags[a->origin].name);
		fputs(",\"why\":", out);
		json_string(out, unshare_flags[a->by].implies_why);
		putc('}', out);
	}
	snprintf(buf, sizeof buf, "0x%08lx", plan->effective);
	fputs("],\"effective\":{\"mask\":", out);
	json_string(out, buf);
	fprintf(out, ",\"value\":%lu,\"flags\":", plan->effective);
	names(e, plan->effective, "");
	fputs("},\"steps\":[", out);
	e->items = 0;
	steps(e, plan);
	fputs("],\"program\":{\"argv\":[", out);
	if (plan->argv) {
		for (char **a = plan->argv; *a; a++) {
			if (a != plan->argv)
				putc(',', out);
			json_string(out, *a);
		}
		fputs("]}}", out);
	} else {
		const char *source, *shell = default_shell(&source);

		json_string(out, shell);
		fputs("],\"shell_from\":", out);
		json_string(out, source);
		fputs("}}", out);
	}
}

void plan_print(FILE *out, const char *prefix, const struct plan *plan)
{
	struct emit e = { .out = out, .prefix = prefix, .json = plan->json };

	if (!plan->json) {
		text_plan(&e, plan);
		return;
	}
	json_plan(&e, plan);
	fputc('\n', out);
}

void plan_json(FILE *out, const struct plan *plan)
{
	struct emit e = { .out = out, .prefix = "", .json = true };

	json_plan(&e, plan);
}
