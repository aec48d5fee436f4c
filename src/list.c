/* --list: every flag, and whether this kernel and caller can use it, found
 * by trying it in a throwaway child.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>

#include "diagnose.h"
#include "i18n.h"
#include "json.h"
#include "list.h"
#include "output.h"
#include "quote.h"
#include "procfs.h"
#include "sharing.h"

struct verdict {
	const char *status; /* usable, needs-privilege, not-in-kernel, ... */
	char text[400];     /* in words, with the way around */
};

/* probe(), where a probe that cannot run is the end of --list: a verdict
 * without it would be a guess. */
static int checked_probe(unsigned long mask)
{
	int e = probe(mask);

	if (e < 0)
		fork_failed(N_("--list: the child that tries each flag"));
	return e;
}

static void judge(const struct flag *f, struct verdict *v)
{
	unsigned long mask = flags_closure(f->bit, NULL);
	int e = checked_probe(mask);
	char path[64];

	switch (e) {
	case 0:
		v->status = "usable";
		snprintf(v->text, sizeof v->text, "%s", _("usable"));
		return;
	case EPERM:
		/* With CAP_SYS_ADMIN, privilege would not help: something
		 * refuses it. */
		if (has_cap(CAP_SYS_ADMIN)) {
			v->status = "refused";
			snprintf(v->text, sizeof v->text, "%s",
				 f->bit == UNSHARE_USER
				 ? _("refused to this process (a chroot, an "
				     "unmapped id, a security module or a "
				     "seccomp filter)")
				 : _("refused to this process (it has "
				     "CAP_SYS_ADMIN: a security module or a "
				     "seccomp filter)"));
			return;
		}
		v->status = "needs-privilege";
		if (f->bit == UNSHARE_USER)
			snprintf(v->text, sizeof v->text, "%s",
				 _("needs privilege (user namespaces are "
				   "refused to this process: a sysctl, a "
				   "chroot, a security module)"));
		else if (checked_probe(mask | UNSHARE_USER) == 0)
			snprintf(v->text, sizeof v->text, "%s",
				 _("needs privilege: add --map-root-user (-r) "
				   "or --user"));
		else
			snprintf(v->text, sizeof v->text, "%s",
				 _("needs privilege (CAP_SYS_ADMIN)"));
		return;
	case EINVAL:
		v->status = "not-in-kernel";
		if (f->config)
			snprintf(v->text, sizeof v->text,
				 /* TRANSLATORS: %s is a Linux version (4.6),
				  * %s the kernel's configuration option
				  * (CONFIG_CGROUPS). */
				 _("not in this kernel (first in Linux %s, "
				   "with %s)"),
				 f->since, f->config);
		else
			snprintf(v->text, sizeof v->text,
				 /* TRANSLATORS: %s is a Linux version
				  * (2.6.16). */
				 _("not in this kernel (first in Linux %s)"),
				 f->since);
		return;
	case ENOSPC:
	case EUSERS:
		v->status = "limit-reached";
		snprintf(path, sizeof path, "/proc/sys/user/max_%s_namespaces",
			 f->ns ? f->ns : "user");
		snprintf(v->text, sizeof v->text,
			 /* TRANSLATORS: %s is a file of /proc/sys/user, %lld
			  * the number in it. */
			 _("limit reached (%s is %lld)"), path,
			 proc_read_number(path));
		return;
	default:
		v->status = "refused";
		/* TRANSLATORS: %s is the system's error text. */
		snprintf(v->text, sizeof v->text, _("refused: %s"),
			 i18n_strerror(e));
	}
}

/* How many tasks share the flag's part of the context with us now: "3",
 * "3+" when some could not be compared, "?" when kcmp(2) cannot tell, "-"
 * for a namespace. */
static const char *shared_text(const struct flag *f, const struct sharing *s,
			       char *buf, size_t size)
{
	if (!(f->bit & SHARING_FLAGS))
		return "-";
	if (s->error)
		return "?";
	snprintf(buf, size, "%zu%s", s->n, s->hidden ? "+" : "");
	return buf;
}

/* s, then spaces to width columns: counted as the terminal shows them,
 * not in bytes (a translated text may have letters of more than one byte,
 * and letters two columns wide). */
static void padded(const char *s, size_t width)
{
	size_t n = text_columns(s, strlen(s));

	fputs(s, stdout);
	printf("%*s", n < width ? (int)(width - n) : 0, "");
}

int list_flags(const struct plan *plan)
{
	struct verdict verdicts[UNSHARE_NFLAGS];
	struct sharing shared[UNSHARE_NFLAGS];

	/* Every verdict first, so that nothing is printed if one fails. */
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		judge(&unshare_flags[i], &verdicts[i]);
	sharing_scan(SHARING_FLAGS, shared);
	if (!(plan->opts & OPT_JSON)) {
		printf("%-8s %-13s %-10s %-10s %-6s  %-60s %s\n", "FLAG",
		       "OPTION", "VALUE", "NS INODE", "SHARED", "DETACHES",
		       "STATUS");
	} else {
		json_open(stdout, "flags");
		putchar('[');
	}
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];
		const struct verdict *v = &verdicts[i];
		unsigned long ino = f->ns ? (unsigned long)ns_inode(f->ns) : 0;
		char option[32];

		snprintf(option, sizeof option, "%s%c%s--%s",
			 f->key ? "-" : "", f->key ? f->key : ' ',
			 f->key ? " " : "   ", f->name);
		if (!(plan->opts & OPT_JSON)) {
			char inode[24], sharers[24];

			snprintf(inode, sizeof inode, "%lu", ino);
			printf("%-8s %-13s " MASK_FORMAT " %-10s %-6s  ",
			       f->name, f->key ? option : option + 1, f->bit,
			       ino ? inode : "-",
			       shared_text(f, &shared[i], sharers,
					   sizeof sharers));
			padded(_(f->detaches), 60);
			printf(" %s\n", v->text);
			continue;
		}
		printf("%s{\"name\":", i ? "," : "");
		json_string(stdout, f->name);
		fputs(",\"option\":", stdout);
		snprintf(option, sizeof option, "--%s", f->name);
		json_string(stdout, option);
		printf(",\"value\":%lu,\"mask\":\"" MASK_FORMAT "\",\"kernel\":",
		       f->bit, f->bit);
		json_string(stdout, f->kernel);
		fputs(",\"detaches\":", stdout);
		json_string(stdout, f->detaches);
		fputs(",\"since\":", stdout);
		json_string(stdout, f->since);
		fputs(",\"ns\":", stdout);
		if (f->ns)
			json_string(stdout, f->ns);
		else
			fputs("null", stdout);
		if (ino)
			printf(",\"inode\":%lu", ino);
		else
			fputs(",\"inode\":null", stdout);
		/* Tasks sharing it, and tasks that could not be compared. */
		if ((f->bit & SHARING_FLAGS) && !shared[i].error)
			printf(",\"sharers\":%zu,\"uncompared\":%zu",
			       shared[i].n, shared[i].hidden);
		else
			fputs(",\"sharers\":null,\"uncompared\":null", stdout);
		fputs(",\"status\":", stdout);
		json_string(stdout, v->status);
		fputs(",\"verdict\":", stdout);
		json_string(stdout, v->text);
		putchar('}');
	}
	if (plan->opts & OPT_JSON)
		puts("]}");
	return output_done();
}
