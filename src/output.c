/* Printing the plan and the namespaces it changed.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "exec.h"
#include "output.h"
#include "sig.h"

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

static void print_map(FILE *out, const char *prefix, const char *name,
		      const struct idmap *map)
{
	for (size_t i = 0; i < map->n; i++)
		fprintf(out, "%s%-10s %u %u %u\n", prefix, name,
			map->ext[i].inner, map->ext[i].outer,
			map->ext[i].count);
}

/* What happens around unshare(2), in order. */
static void print_steps(FILE *out, const char *prefix,
			const struct plan *plan)
{
	char name[16];
	static const char *const writer[] = {
		[MAP_SELF] = "by unshare itself",
		[MAP_DIRECT] = "by a helper with CAP_SETUID, from outside",
		[MAP_NEWIDMAP] = "by newuidmap and newgidmap, from outside",
	};

	if (plan->owner_uid != NO_ID)
		fprintf(out, "%sstep       take on uid %lld and gid %lld, who "
			"will own the new user namespace\n", prefix,
			plan->owner_uid, plan->owner_gid);
	if (plan->setgroups != SETGROUPS_KEEP)
		fprintf(out, "%sstep       setgroups %s\n", prefix,
			plan->setgroups == SETGROUPS_DENY ? "deny" : "allow");
	if (plan->map_writer != MAP_NONE)
		fprintf(out, "%sstep       write the id maps %s\n", prefix,
			writer[plan->map_writer]);
	print_map(out, prefix, "uid_map", &plan->uid_map);
	print_map(out, prefix, "gid_map", &plan->gid_map);
	static const char *const propagation[] = {
		[PROP_PRIVATE] = "private", [PROP_SHARED] = "shared",
		[PROP_SLAVE] = "slave",
	};

	if (plan->monotonic.set)
		fprintf(out, "%sstep       monotonic clock offset %lld s %ld ns\n",
			prefix, plan->monotonic.sec, plan->monotonic.nsec);
	if (plan->boottime.set)
		fprintf(out, "%sstep       boot-time clock offset %lld s %ld ns\n",
			prefix, plan->boottime.sec, plan->boottime.nsec);
	if ((plan->effective & UNSHARE_MOUNT) &&
	    plan->propagation != PROP_UNCHANGED)
		fprintf(out, "%sstep       make / and every mount under it "
			"%s\n", prefix, propagation[plan->propagation]);
	if (plan->opts & OPT_FORK) {
		fprintf(out, "%sstep       fork: the program runs as a child; "
			"its exit status or fatal signal is ours\n", prefix);
		fprintf(out, "%sstep       while waiting, %s\n", prefix,
			plan->opts & OPT_FORWARD
				? "forward TERM, INT, HUP, QUIT, USR1, USR2 "
				  "and WINCH to the child"
				: "ignore INT and TERM");
	}
	if (plan->opts & OPT_KILL_CHILD)
		fprintf(out, "%sstep       the child gets SIG%s if unshare "
			"dies\n", prefix,
			sig_name(plan->kill_signal, name, sizeof name));
	if (plan->root_dir)
		fprintf(out, "%sstep       chroot to %s\n", prefix,
			plan->root_dir);
	if (plan->root_dir || plan->wd_dir)
		fprintf(out, "%sstep       chdir to %s\n", prefix,
			plan->wd_dir ? plan->wd_dir : "/");
	if (plan->opts & OPT_MOUNT_PROC)
		fprintf(out, "%sstep       mount proc on %s (nosuid, nodev, "
			"noexec)\n", prefix, plan->proc_dir);
	if (plan->opts & OPT_MOUNT_BINFMT)
		fprintf(out, "%sstep       mount binfmt_misc on %s\n", prefix,
			plan->binfmt_dir);
	for (size_t i = 0; i < plan->n_interps; i++)
		fprintf(out, "%sstep       register interpreter %s\n", prefix,
			plan->interps[i]);
	if (plan->setgid_id != NO_ID)
		fprintf(out, "%sstep       setgid %lld, no supplementary "
			"groups\n", prefix, plan->setgid_id);
	if (plan->setuid_id != NO_ID)
		fprintf(out, "%sstep       setuid %lld\n", prefix,
			plan->setuid_id);
	if (plan->opts & OPT_KEEP_CAPS)
		fprintf(out, "%sstep       keep capabilities: the permitted "
			"become ambient\n", prefix);
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (plan->persist[i])
			fprintf(out, "%sstep       keep the %s namespace in %s "
				"(a bind mount of /proc/%s/ns/%s)\n", prefix,
				unshare_flags[i].name, plan->persist[i],
				"PID", unshare_flags[i].ns_after);
	if (plan->opts & OPT_CLEAR_ENV)
		fprintf(out, "%sstep       clear the environment but %s%sPATH"
			"\n", prefix, plan->keep_env ? plan->keep_env : "",
			plan->keep_env ? " and " : "");
	if (plan->opts & OPT_INIT)
		fprintf(out, "%sstep       init: pid 1 forks the program, "
			"forwards signals to it and reaps orphans\n",
			prefix);
}

void plan_print(FILE *out, const char *prefix, const struct plan *plan)
{
	char names[256];

	flags_names(plan->requested, ", ", names, sizeof names);
	fprintf(out, "%srequested  %s\n", prefix,
		plan->requested ? names : "(nothing)");
	for (size_t i = 0; i < plan->nimplied; i++)
		fprintf(out, "%simplied    %-8s %s brings %s: %s\n", prefix,
			plan->implied[i].what, plan->implied[i].rule->trigger,
			plan->implied[i].what, plan->implied[i].rule->why);
	/* In the order the closure added them, so each reason comes after
	 * the flag it names. */
	for (int step = 0; step < (int)UNSHARE_NFLAGS; step++)
		for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
			const struct added *a = &plan->why[i];
			const struct flag *by;

			if (a->by < 0 || a->step != step)
				continue;
			by = &unshare_flags[a->by];
			flags_names(by->implies, " and ", names, sizeof names);
			fprintf(out, "%sadded      %-8s %s brings %s", prefix,
				unshare_flags[i].name, by->name, names);
			if (a->origin != a->by)
				fprintf(out, " (from --%s)",
					unshare_flags[a->origin].name);
			fprintf(out, ": %s\n", by->implies_why);
		}
	flags_names(plan->effective, ", ", names, sizeof names);
	fprintf(out, "%seffective  0x%08lx %s\n", prefix, plan->effective,
		plan->effective ? names : "(nothing: no unshare(2) call)");
	print_steps(out, prefix, plan);
	fprintf(out, "%sprogram    ", prefix);
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

static ino_t ns_inode(const char *entry)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof path, "/proc/self/ns/%s", entry);
	return stat(path, &st) == 0 ? st.st_ino : 0;
}

void ns_snapshot(unsigned long mask, ino_t ino[UNSHARE_NFLAGS])
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		ino[i] = (mask & unshare_flags[i].bit) && unshare_flags[i].ns
				 ? ns_inode(unshare_flags[i].ns_after)
				 : 0;
}

void ns_report(FILE *out, const char *prefix, unsigned long mask,
	       const ino_t before[UNSHARE_NFLAGS],
	       const ino_t after[UNSHARE_NFLAGS])
{
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (!(mask & f->bit) || f->ns == NULL)
			continue;
		fprintf(out, "%s%-17s %lu -> ", prefix, f->ns_after,
			(unsigned long)before[i]);
		if (after[i] == 0)
			/* pid_for_children until the first child is born */
			fprintf(out, "new (entered by the first child)\n");
		else
			fprintf(out, "%lu%s\n", (unsigned long)after[i],
				before[i] == after[i] ? " (unchanged!)" : "");
	}
}
