/* The option table, and how each option takes its value.  Pure: values
 * are checked for form here; names are looked up later (userns.c).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"
#include "i18n.h"
#include "options.h"
#include "quote.h"
#include "sig.h"

char *usage_message(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		errx(EXIT_TOOL, _("out of memory"));
	return s;
}

/* Refuse the value. */
#define USAGE(...)                                    \
	do {                                          \
		*msg = usage_message(__VA_ARGS__);    \
		return -1;                            \
	} while (0)

/* An optional value: the fixed default (or NULL, where the row has
 * none) if absent, refused if empty. */
static int value_or_default(const struct option_row *row, const char *value,
			    const char **out, char **msg)
{
	if (value && *value == '\0')
		USAGE(_("--%s=: give a value"), row_name(row));
	*out = value ? value : *row->fixed ? row->fixed : NULL;
	return 0;
}

/* --KIND=FILE; a bare --KIND (or its letter) keeps a FILE given before,
 * as util-linux does. */
static int take_ns_file(struct plan *plan, const struct option_row *row,
			const char *value, char **msg)
{
	return value ? value_or_default(row, value,
					&plan->persist[flag_index(row->flag)],
					msg)
		     : 0;
}

static int take_flags(struct plan *plan, const struct option_row *row,
		      const char *value, char **msg)
{
	char why[400];

	if (flags_parse_list(value, &plan->requested, why, sizeof why))
		USAGE("--%s: %s", row_name(row), why);
	return 0;
}

/* A value kept as given, in the plan's field at row->store: a path, or
 * an id or name read once the identity is known (userns.c). */
static int take_string(struct plan *plan, const struct option_row *row,
		       const char *value, char **msg)
{
	return value_or_default(row, value,
				(const char **)((char *)plan + row->store), msg);
}

/* The index of value (given: the row's value is required) among the
 * row's words; or -1, refused in *msg. */
static int word_index(const struct option_row *row, const char *value,
		      char **msg)
{
	const struct word *words = row_words(row);
	char list[200] = "";
	size_t len = 0;

	for (int i = 0; value && words[i].name; i++) {
		if (strcmp(value, words[i].name) == 0)
			return i;
		if (len < sizeof list)
			len += (size_t)snprintf(list + len, sizeof list - len,
						"%s%s", i ? ", " : "",
						words[i].name);
	}
	/* TRANSLATORS: the last %s is the words the option takes, as
	 * "allow, deny". */
	*msg = usage_message(_("--%s=%s: give one of %s"), row_name(row),
			     quoted(value), list);
	return -1;
}

static int take_propagation(struct plan *plan, const struct option_row *row,
			    const char *value, char **msg)
{
	return (plan->propagation = word_index(row, value, msg)) < 0 ? -1 : 0;
}

static int take_interp(struct plan *plan, const struct option_row *row,
		       const char *value, char **msg)
{
	if (plan->n_interps == MAX_INTERPS)
		USAGE(_("more than %d --%s"), MAX_INTERPS, row_name(row));
	if (value_or_default(row, value, &value, msg) != 0)
		return -1;
	if (plan_append(&plan->interps, &plan->n_interps, value) != 0)
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	return 0;
}

static int take_offset(struct plan *plan, const struct option_row *row,
		       const char *value, char **msg)
{
	if (offset_parse(value, row->sets == OPT_MONOTONIC ? &plan->monotonic
							   : &plan->boottime))
		USAGE(_("--%s=%s: give seconds, as -3600 or 1.5 (at most 9 "
			"decimals)"), row_name(row), quoted(value));
	return 0;
}

/* --new-cgroup[=NAME]: one path component, not . or .., not a name of
 * the kernel's own files (cgroup.*), checked now. */
static int take_cgroup_name(struct plan *plan, const struct option_row *row,
			    const char *value, char **msg)
{
	if (value && (*value == '\0' || strchr(value, '/') ||
		      strcmp(value, ".") == 0 || strcmp(value, "..") == 0 ||
		      strncmp(value, "cgroup.", 7) == 0 || strlen(value) > 255))
		USAGE(_("--%s=%s: not a cgroup name\none name of at most 255 "
			"bytes: no '/', not . or .. or cgroup.*"),
		      row_name(row), quoted(value));
	plan->cgroup_name = value;
	return 0;
}

/* --cgroup-set=FILE=VALUE, repeatable: FILE one of a cgroup's files,
 * never those that move, kill or freeze processes (that is unshare's to
 * do);
 * whether the cgroup has it is the kernel's to say. */
static int take_cgroup_set(struct plan *plan, const struct option_row *row,
			   const char *value, char **msg)
{
	size_t file = strcspn(value, "=");

	if (value[file] != '=' || memchr(value, '/', file) ||
	    !memchr(value, '.', file) || *value == '.' ||
	    strncmp(value, "cgroup.procs=", 13) == 0 ||
	    strncmp(value, "cgroup.threads=", 15) == 0 ||
	    strncmp(value, "cgroup.kill=", 12) == 0 ||
	    strncmp(value, "cgroup.freeze=", 14) == 0)
		USAGE(_("--%s=%s: give a cgroup's file, =, a value, as "
			"pids.max=100"), row_name(row), quoted(value));
	if (value[file + 1] == '\0') {
		char option[64];

		/* --cgroup-set=FILE=, as --hostname=. */
		snprintf(option, sizeof option, "%s=%.*s", row_name(row),
			 (int)(file < 40 ? file : 40), value);
		USAGE(_("--%s=: give a value"), option);
	}
	if (plan_append(&plan->cgroup_sets, &plan->n_cgroup_sets, value) != 0)
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	return 0;
}

/* --hostname, --domainname: what sethostname(2) and setdomainname(2)
 * take, checked now. */
static int take_uts_name(struct plan *plan, const struct option_row *row,
			 const char *value, char **msg)
{
	if (strlen(value) > HOST_NAME_MAX)
		USAGE(_("--%s=%s: at most %d bytes"), row_name(row),
		      quoted(value), HOST_NAME_MAX);
	return take_string(plan, row, value, msg);
}

const char fd_hint[] = N_("give an open file descriptor's number");

/* --info-fd, --wait-fd: a descriptor's number (whether it is open is
 * checked with the plan, resolve.c). */
static int take_fd(struct plan *plan, const struct option_row *row,
		   const char *value, char **msg)
{
	char *end;
	long fd;

	errno = 0;
	fd = strtol(value, &end, 10);
	/* Digits alone: no sign, no space before. */
	if (*value < '0' || *value > '9' || *end || fd > INT32_MAX || errno)
		USAGE("--%s=%s: %s", row_name(row), quoted(value), _(fd_hint));
	*(int *)((char *)plan + row->store) = (int)fd;
	return 0;
}

const char map_current[] = "(your own)";

/* -r and -c: both inner ids at once.  Like --map-user and --map-group,
 * each sets what a later one replaces, as util-linux reads them. */
static int take_map_both(struct plan *plan, const struct option_row *row,
			 const char *value, char **msg)
{
	(void)value;
	(void)msg;
	plan->map_user_arg = plan->map_group_arg =
		row->sets == OPT_MAP_CURRENT ? map_current : row->fixed;
	return 0;
}

/* --map-users, --map-groups, and --map-auto and --map-subids, which give
 * both the same fixed value. */
static int take_specs(struct plan *plan, const struct option_row *row,
		      const char *value, char **msg)
{
	bool users = row->sets & OPT_MAP_USERS,
	     groups = row->sets & OPT_MAP_GROUPS;
	const char *spec = value ? value : row->fixed;

	if ((users && plan->n_uid_specs == PLAN_MAX_SPECS) ||
	    (groups && plan->n_gid_specs == PLAN_MAX_SPECS)) {
		char why[200];

		/* idmap.c's words: the limit is the kernel's. */
		snprintf(why, sizeof why, _("more than %d ranges: the kernel "
					    "takes no more lines in a map"),
			 PLAN_MAX_SPECS);
		USAGE("--%s: %s", row_name(row), why);
	}
	if ((users &&
	     plan_append(&plan->uid_specs, &plan->n_uid_specs, spec) != 0) ||
	    (groups &&
	     plan_append(&plan->gid_specs, &plan->n_gid_specs, spec) != 0))
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	return 0;
}

/* The words a --map-users or --map-groups value may be besides a range
 * (idmap_parse reads them). */
static const struct word map_words[] = {
	{ "auto", 0 }, { "subids", 0 }, { "all", 0 }, { NULL, 0 } };

static const struct word setgroups_words[] = {
	{ "allow", SETGROUPS_ALLOW }, { "deny", SETGROUPS_DENY }, { NULL, 0 } };

static int take_setgroups(struct plan *plan, const struct option_row *row,
			  const char *value, char **msg)
{
	int i = word_index(row, value, msg);

	if (i < 0)
		return -1;
	plan->setgroups = (int)row_words(row)[i].value;
	return 0;
}

static const struct word list_words[] = {
	{ "flags", LIST_FLAGS }, { "options", LIST_OPTIONS },
	{ "steps", LIST_STEPS }, { NULL, 0 } };

static int take_list(struct plan *plan, const struct option_row *row,
		     const char *value, char **msg)
{
	int i;

	if (value_or_default(row, value, &value, msg) != 0)
		return -1;
	if ((i = word_index(row, value, msg)) < 0)
		return -1;
	plan->list = (int)row_words(row)[i].value;
	return 0;
}

/* -v: each one more; a second one says the long form. */
static int take_verbose(struct plan *plan, const struct option_row *row,
			const char *value, char **msg)
{
	(void)row;
	(void)value;
	(void)msg;
	plan->verbosity++;
	return 0;
}

/* The columns --output may name: those of every table of --list. */
static const struct word column_words[] = {
	{ "flag", 0 }, { "option", 0 }, { "value", 0 }, { "ns", 0 },
	{ "shared", 0 }, { "status", 0 }, { "detaches", 0 }, { "mask", 0 },
	{ "kernel", 0 }, { "since", 0 }, { "type", 0 }, { "uncompared", 0 },
	{ "short", 0 }, { "argument", 0 }, { "words", 0 },
	{ "help", 0 }, { "step", 0 }, { "does", 0 }, { NULL, 0 } };

static int take_kill_signal(struct plan *plan, const struct option_row *row,
			    const char *value, char **msg)
{
	if (row->sets == OPT_DIE_WITH_PARENT)
		plan->parent_signal_given = value != NULL;
	if (value_or_default(row, value, &value, msg) != 0)
		return -1;
	if ((*(row->sets == OPT_DIE_WITH_PARENT ? &plan->parent_signal
						: &plan->kill_signal) =
		     sig_parse(value)) < 0)
		USAGE(_("--%s=%s: give a signal's name, as TERM, or a number "
			"up to %d"), row_name(row), quoted(value), SIGRTMAX);
	return 0;
}

/* A --keep-env list: names, comma-separated, none with '=', not all
 * empty; as many and as long as given. */
static bool env_list_ok(const char *list)
{
	size_t names = 0;

	/* An empty item (HOME,,TERM) is passed over, as util-linux does;
	 * a list of none is refused. */
	for (const char *p = list;; p++) {
		size_t len = strcspn(p, ",");

		if (memchr(p, '=', len) || (len == 0 && !names && !p[len]))
			return false;
		names += len > 0;
		p += len;
		if (*p == '\0')
			return true;
	}
}

/* Repeatable: the lists add up. */
static int take_keep_env(struct plan *plan, const struct option_row *row,
			 const char *value, char **msg)
{
	if (!env_list_ok(value))
		USAGE("--%s=%s: %s", row_name(row), quoted(value),
		      _("give variable names, comma-separated, none with "
			"'='"));
	if (plan_append(&plan->keep_env, &plan->n_keep_env, value) != 0)
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	return 0;
}

/* One of --tmpfs's OPTIONS, len bytes at o: size=N, N with k, m, g or
 * %, or mode=OCTAL, as tmpfs(5) takes them. */
static bool tmpfs_option_ok(const char *o, size_t len)
{
	bool mode = strncmp(o, "mode=", 5) == 0;
	size_t digits;

	if (len <= 5 || (!mode && strncmp(o, "size=", 5) != 0))
		return false;
	digits = strspn(o + 5, mode ? "01234567" : "0123456789");
	if (mode)
		return 5 + digits == len && digits <= 4;
	return digits > 0 && digits <= 15 &&
	       (5 + digits == len ||
		(6 + digits == len && strchr("kmgKMG%", o[5 + digits])));
}

/* Whether the len bytes at dir name the root as typed: /, //, /. ... */
static bool names_root(const char *dir, size_t len)
{
	if (len == 0 || *dir != '/')
		return false;
	for (size_t i = 1; i < len; i++)
		if (dir[i] != '/' && (dir[i] != '.' || dir[i - 1] != '/' ||
				      (i + 1 < len && dir[i + 1] != '/')))
			return false;
	return true;
}

/* --tmpfs=DIR[:OPTIONS], repeatable: the OPTIONS checked now, DIR kept
 * apart (malloc'd, freed by plan_free). */
static int take_tmpfs(struct plan *plan, const struct option_row *row,
		      const char *value, char **msg)
{
	size_t len = strcspn(value, ":");
	const char *options = value[len] ? value + len + 1 : NULL;
	char *dir;

	if (plan->n_tmpfs == MAX_TMPFS)
		USAGE(_("more than %d --%s"), MAX_TMPFS, row_name(row));
	for (const char *o = options; len && o; o = strchr(o, ',')) {
		o += *o == ',';
		if (!tmpfs_option_ok(o, strcspn(o, ",")))
			len = 0;
	}
	if (len == 0)
		USAGE(_("--%s=%s: give a directory, then :size= and :mode=,\n"
			"write it as /tmp:size=64m,mode=1777 (or a size of 50%%)"),
		      row_name(row), quoted(value));
	/* Mounted on /, it would cover the root the program has, which
	 * stays the one below (as after --root and --pivot-root). */
	if (names_root(value, len))
		USAGE(_("--%s=%s: the program's root: a mount there goes "
			"unseen\ngive a directory below it, as /tmp"),
		      row_name(row), quoted(value));
	if ((dir = strndup(value, len)) == NULL)
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	plan->tmpfs_options[plan->n_tmpfs] = options;
	plan->tmpfs_dirs[plan->n_tmpfs++] = dir;
	return 0;
}

/* --bind=SRC[:DST] and --ro-bind, repeatable: DST named from / (the
 * new root's), SRC's own path without one; SRC kept apart (malloc'd,
 * freed by plan_free). */
static int take_bind(struct plan *plan, const struct option_row *row,
		     const char *value, char **msg)
{
	size_t len = strcspn(value, ":");
	const char *dst = value[len] ? value + len + 1 : value;

	if (plan->n_binds == MAX_BINDS)
		USAGE(_("more than %d --%s"), MAX_BINDS, "bind");
	if (len == 0 || *dst != '/')
		USAGE(_("--%s=%s: give SRC[:DST], DST a path from /"),
		      row_name(row), quoted(value));
	if ((plan->bind_srcs[plan->n_binds] = strndup(value, len)) == NULL)
		USAGE("--%s: %s", row_name(row), i18n_strerror(ENOMEM));
	plan->bind_dsts[plan->n_binds] = dst;
	plan->bind_ro[plan->n_binds++] = *row_name(row) == 'r';
	return 0;
}

unsigned long sysctl_namespace(const char *key)
{
	static const struct {
		char prefix[20];
		unsigned long flag;
	} keys[] = {
		{ "net.", UNSHARE_NET },
		{ "user.", UNSHARE_USER },
		{ "kernel.hostname=", UNSHARE_UTS },
		{ "kernel.domainname=", UNSHARE_UTS },
		{ "kernel.msg", UNSHARE_IPC },
		{ "kernel.shm", UNSHARE_IPC },
		{ "kernel.sem", UNSHARE_IPC },
		{ "fs.mqueue.", UNSHARE_IPC },
	};

	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strncmp(key, keys[i].prefix, strlen(keys[i].prefix)) == 0)
			return keys[i].flag;
	return 0;
}

/* --sysctl=KEY=VALUE, repeatable: KEY dotted names of letters, digits,
 * _ and -, of a namespace's (sysctl_namespace; its flag is checked once
 * the plan is whole). */
static int take_sysctl(struct plan *plan, const struct option_row *row,
		       const char *value, char **msg)
{
	size_t len = strspn(value, "abcdefghijklmnopqrstuvwxyz"
				   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");

	if (plan->n_sysctls == MAX_SYSCTLS)
		USAGE(_("more than %d --%s"), MAX_SYSCTLS, row_name(row));
	if (value[len] != '=' || len == 0 || *value == '.' ||
	    value[len - 1] == '.' || memmem(value, len, "..", 2))
		USAGE(_("--%s=%s: give a key, =, a value, as net.ipv4.ip_forward=1"),
		      row_name(row), quoted(value));
	if (sysctl_namespace(value) == 0)
		/* TRANSLATORS: --%s=%s is the option and its value, %.*s
		 * the key. */
		USAGE(_("--%s=%s: %.*s is no namespace's\nnamespaced: net.*, "
			"kernel.hostname, kernel.domainname, kernel.msg*, "
			"kernel.shm*, kernel.sem*, fs.mqueue.*, user.*"),
		      row_name(row), quoted(value), (int)len, value);
	plan->sysctls[plan->n_sysctls++] = value;
	return 0;
}

const char value_kinds[][sizeof "variable-list"] = {
	[VALUES_NONE] = "-",
	[VALUES_FILE] = "file",
	[VALUES_DIR] = "directory",
	[VALUES_USER] = "user",
	[VALUES_GROUP] = "group",
	[VALUES_WORD] = "word",
	[VALUES_TEXT] = "text",
	[VALUES_SIGNAL] = "signal",
	[VALUES_FLAGS] = "flag-list",
	[VALUES_VARIABLES] = "variable-list",
	[VALUES_WORDS] = "word-list",
};

/* The names of the options' values (FILE, DIR, LIST...) are names, not
 * words: untranslated in --help and where a message names them
 * (--pid=FILE), as a man page's synopsis has them. */
#define NS(bit, c, ...)                                                 \
	{ .letter = (c), .arg = ARG_NS_FILE, .arg_name = "FILE",         \
	  .group = GROUP_NS, .flag = (bit), .take = TAKE_NS_FILE,         \
	  .values = VALUES_FILE, __VA_ARGS__ }
#define STRING(field) .take = TAKE_STRING, .store = offsetof(struct plan, field)
#define CONTEXT(bit) { .group = GROUP_CONTEXT, .flag = (bit) }

/* Each text is one line of --help: at most 49 columns, in every
 * language.  What needs more words is in the man page.  A row without
 * one is named on the line of the row before it in its group. */
const struct option_row option_rows[] = {
	/* Namespaces, in the order of the flag table. */
	NS(UNSHARE_MOUNT, 'm'),
	NS(UNSHARE_UTS, 'u'),
	NS(UNSHARE_IPC, 'i'),
	NS(UNSHARE_NET, 'n'),
	NS(UNSHARE_PID, 'p', .implies_opts = OPT_FORK, .unless = OPT_NO_FORK),
	NS(UNSHARE_USER, 'U'),
	NS(UNSHARE_CGROUP, 'C'),
	NS(UNSHARE_TIME, 'T'),
	{ "mount-proc", 0, ARG_OPTIONAL, "DIR", GROUP_NS,
	  N_("mount proc on DIR (/proc); implies -m"),
	  .sets = OPT_MOUNT_PROC, STRING(proc_dir), .fixed = "/proc",
	  .values = VALUES_DIR, .implies_flags = UNSHARE_MOUNT },
	{ "mount-dev", 0, ARG_OPTIONAL, "DIR", GROUP_NS,
	  N_("make a minimal /dev on DIR"),
	  .sets = OPT_MOUNT_DEV, STRING(dev_dir), .fixed = "/dev",
	  .values = VALUES_DIR, .implies_flags = UNSHARE_MOUNT },
	{ "tmpfs", 0, ARG_REQUIRED, "DIR[:OPT]", GROUP_NS,
	  N_("mount a tmpfs on DIR"),
	  .sets = OPT_TMPFS, .take = TAKE_TMPFS, .values = VALUES_DIR,
	  .implies_flags = UNSHARE_MOUNT },
	{ "bind", 0, ARG_REQUIRED, "SRC[:DST]", GROUP_NS,
	  N_("bind SRC on DST (by default SRC's path)"),
	  .sets = OPT_BIND, .take = TAKE_BIND, .values = VALUES_FILE,
	  .implies_flags = UNSHARE_MOUNT },
	{ "ro-bind", 0, ARG_REQUIRED, "SRC[:DST]", GROUP_NS,
	  N_("the same, read-only"),
	  .sets = OPT_BIND, .take = TAKE_BIND, .values = VALUES_FILE,
	  .implies_flags = UNSHARE_MOUNT },
	{ "mount-sysfs", 0, ARG_OPTIONAL, "DIR", GROUP_NS,
	  N_("mount a read-only sysfs on DIR"),
	  .sets = OPT_MOUNT_SYSFS, STRING(sysfs_dir), .fixed = "/sys",
	  .values = VALUES_DIR, .implies_flags = UNSHARE_MOUNT },
	{ "sysctl", 0, ARG_REQUIRED, "KEY=VAL", GROUP_NS,
	  N_("write VAL to /proc/sys/KEY; repeatable"),
	  .sets = OPT_SYSCTL, .take = TAKE_SYSCTL },
	{ "new-cgroup", 0, ARG_OPTIONAL, "NAME", GROUP_NS,
	  N_("run in a cgroup of its own; implies -C, -f"),
	  .sets = OPT_NEW_CGROUP, .take = TAKE_CGROUP_NAME,
	  .values = VALUES_TEXT,
	  .implies_opts = OPT_FORK, .implies_flags = UNSHARE_CGROUP },
	{ "cgroup-set", 0, ARG_REQUIRED, "FILE=VAL", GROUP_NS,
	  N_("write VAL to FILE of that cgroup; repeatable"),
	  .take = TAKE_CGROUP_SET, .values = VALUES_TEXT,
	  .implies_opts = OPT_NEW_CGROUP },
	{ "mount-cgroup", 0, ARG_OPTIONAL, "DIR", GROUP_NS,
	  N_("mount its cgroup2 on DIR; implies -m, -C"),
	  .sets = OPT_MOUNT_CGROUP, STRING(cgroup_dir), .values = VALUES_DIR,
	  .implies_flags = UNSHARE_MOUNT | UNSHARE_CGROUP },
	{ "propagation", 0, ARG_REQUIRED, "MODE", GROUP_NS,
	  N_("private (default), shared, slave or unchanged"),
	  .sets = OPT_PROPAGATION, .take = TAKE_PROPAGATION,
	  .values = VALUES_WORD, .words = WORDS_PROPAGATION,
	  .implies_flags = UNSHARE_MOUNT },
	{ "mount-binfmt", 0, ARG_OPTIONAL, "DIR", GROUP_NS,
	  N_("mount a binfmt_misc on DIR; implies -U, -m"),
	  .sets = OPT_MOUNT_BINFMT, STRING(binfmt_dir), .values = VALUES_DIR,
	  .fixed = BINFMT_DEFAULT,
	  .implies_flags = UNSHARE_USER | UNSHARE_MOUNT },
	{ "load-interp", 'l', ARG_REQUIRED, "SPEC", GROUP_NS,
	  N_("register an interpreter in that binfmt_misc"),
	  .sets = OPT_LOAD_INTERP, .take = TAKE_INTERP, .values = VALUES_TEXT,
	  .implies_opts = OPT_MOUNT_BINFMT },
	{ "loopback", 0, ARG_NONE, "", GROUP_NS,
	  N_("bring lo up"),
	  .sets = OPT_LOOPBACK },
	{ "monotonic", 0, ARG_REQUIRED, "OFFSET", GROUP_NS,
	  N_("move the monotonic clock by OFFSET seconds"),
	  .sets = OPT_MONOTONIC, .take = TAKE_OFFSET, .values = VALUES_TEXT,
	  .implies_flags = UNSHARE_TIME },
	{ "boottime", 0, ARG_REQUIRED, "OFFSET", GROUP_NS,
	  N_("the same for the boot-time clock"),
	  .sets = OPT_BOOTTIME, .take = TAKE_OFFSET, .values = VALUES_TEXT,
	  .implies_flags = UNSHARE_TIME },
	{ "hostname", 0, ARG_REQUIRED, "NAME", GROUP_NS,
	  N_("set the hostname"),
	  .sets = OPT_HOSTNAME, .take = TAKE_UTS_NAME,
	  .store = offsetof(struct plan, hostname), .values = VALUES_TEXT,
	  .implies_flags = UNSHARE_UTS },
	{ "domainname", 0, ARG_REQUIRED, "NAME", GROUP_NS,
	  N_("set the domain name"),
	  .sets = OPT_DOMAINNAME, .take = TAKE_UTS_NAME,
	  .store = offsetof(struct plan, domainname), .values = VALUES_TEXT,
	  .implies_flags = UNSHARE_UTS },

	/* User namespace and identity. */
	{ "map-root-user", 'r', ARG_NONE, "", GROUP_USERNS,
	  N_("map your uid and gid to root (0)"),
	  .sets = OPT_MAP_ROOT, .take = TAKE_MAP_BOTH, .fixed = "0",
	  .implies_flags = UNSHARE_USER },
	{ "map-current-user", 'c', ARG_NONE, "", GROUP_USERNS,
	  N_("map your uid and gid to themselves"),
	  .sets = OPT_MAP_CURRENT, .take = TAKE_MAP_BOTH,
	  .implies_flags = UNSHARE_USER },
	{ "map-user", 0, ARG_REQUIRED, "USER", GROUP_USERNS,
	  N_("map your uid to USER"),
	  .sets = OPT_MAP_USER, STRING(map_user_arg), .values = VALUES_USER,
	  .implies_flags = UNSHARE_USER },
	{ "map-group", 0, ARG_REQUIRED, "GROUP", GROUP_USERNS,
	  N_("map your gid to GROUP"),
	  .sets = OPT_MAP_GROUP, STRING(map_group_arg), .values = VALUES_GROUP,
	  .implies_flags = UNSHARE_USER },
	{ "map-users", 0, ARG_REQUIRED, "SPEC", GROUP_USERNS,
	  N_("map uids: INNER:OUTER:COUNT, auto, subids, all"),
	  .sets = OPT_MAP_USERS, .take = TAKE_SPECS, .values = VALUES_TEXT,
	  .words = WORDS_MAP, .implies_flags = UNSHARE_USER },
	{ "map-groups", 0, ARG_REQUIRED, "SPEC", GROUP_USERNS,
	  N_("the same for gids"),
	  .sets = OPT_MAP_GROUPS, .take = TAKE_SPECS, .values = VALUES_TEXT,
	  .words = WORDS_MAP, .implies_flags = UNSHARE_USER },
	/* Option names alone, not translated. */
	{ "map-auto", 0, ARG_NONE, "", GROUP_USERNS,
	  "--map-users=auto --map-groups=auto",
	  .sets = OPT_MAP_USERS | OPT_MAP_GROUPS, .take = TAKE_SPECS,
	  .fixed = "auto", .implies_flags = UNSHARE_USER },
	{ "map-subids", 0, ARG_NONE, "", GROUP_USERNS,
	  "--map-users=subids --map-groups=subids",
	  .sets = OPT_MAP_USERS | OPT_MAP_GROUPS, .take = TAKE_SPECS,
	  .fixed = "subids", .implies_flags = UNSHARE_USER },
	/* UID:GID, allow|deny: not words, not translated. */
	{ "owner", 0, ARG_REQUIRED, "UID:GID", GROUP_USERNS,
	  N_("who owns the new user namespace (needs root)"),
	  .sets = OPT_OWNER, STRING(owner_arg), .values = VALUES_TEXT,
	  .implies_flags = UNSHARE_USER },
	{ "setgroups", 0, ARG_REQUIRED, "allow|deny", GROUP_USERNS,
	  N_("setgroups(2) in the new user namespace"),
	  .sets = OPT_SETGROUPS, .take = TAKE_SETGROUPS, .values = VALUES_WORD,
	  .words = WORDS_SETGROUPS, .implies_flags = UNSHARE_USER },
	{ "setuid", 'S', ARG_REQUIRED, "USER", GROUP_USERNS,
	  N_("run the program as USER"),
	  STRING(setuid_arg), .values = VALUES_USER },
	{ "setgid", 'G', ARG_REQUIRED, "GROUP", GROUP_USERNS,
	  N_("run the program as GROUP"),
	  STRING(setgid_arg), .values = VALUES_GROUP },
	{ "keep-caps", 0, ARG_NONE, "", GROUP_USERNS,
	  N_("make the capabilities ambient"),
	  .sets = OPT_KEEP_CAPS },
	{ "disable-userns", 0, ARG_NONE, "", GROUP_USERNS,
	  N_("the program can make no user namespace"),
	  .sets = OPT_DISABLE_USERNS },

	/* Process context, in the order of the flag table. */
	CONTEXT(UNSHARE_FS),
	CONTEXT(UNSHARE_FILES),
	CONTEXT(UNSHARE_SYSVSEM),
	CONTEXT(UNSHARE_VM),
	CONTEXT(UNSHARE_SIGHAND),
	CONTEXT(UNSHARE_THREAD),
	{ "flags", 0, ARG_REQUIRED, "LIST", GROUP_CONTEXT,
	  N_("flags by name or number, comma-separated"),
	  .take = TAKE_FLAGS, .values = VALUES_FLAGS },

	/* Execution. */
	{ "fork", 'f', ARG_NONE, "", GROUP_EXEC,
	  N_("fork and wait for the child; or never fork"),
	  .sets = OPT_FORK },
	/* On --fork's line of --help, which says both. */
	{ "no-fork", 0, ARG_NONE, "", GROUP_EXEC, "",
	  .sets = OPT_NO_FORK },
	{ "kill-child", 0, ARG_OPTIONAL, "SIGNAL", GROUP_EXEC,
	  N_("kill the child if unshare dies; implies -f"),
	  .sets = OPT_KILL_CHILD, .take = TAKE_KILL_SIGNAL, .fixed = "KILL",
	  .values = VALUES_SIGNAL, .implies_opts = OPT_FORK },
	{ "die-with-parent", 0, ARG_OPTIONAL, "SIG", GROUP_EXEC,
	  N_("end the run when unshare's parent ends"),
	  .sets = OPT_DIE_WITH_PARENT, .take = TAKE_KILL_SIGNAL,
	  .fixed = "KILL", .values = VALUES_SIGNAL },
	{ "forward-signals", 0, ARG_NONE, "", GROUP_EXEC,
	  N_("pass signals on to the child; implies -f"),
	  .sets = OPT_FORWARD, .implies_opts = OPT_FORK },
	{ "init", 0, ARG_NONE, "", GROUP_EXEC,
	  N_("run the program under an init; implies -p"),
	  .sets = OPT_INIT, .implies_opts = OPT_FORK,
	  .implies_flags = UNSHARE_PID },
	{ "root", 'R', ARG_REQUIRED, "DIR", GROUP_EXEC,
	  N_("chroot there"),
	  .sets = OPT_ROOT, STRING(root_dir), .values = VALUES_DIR },
	{ "pivot-root", 0, ARG_REQUIRED, "DIR", GROUP_EXEC,
	  N_("make it the root: pivot_root(2)"),
	  .sets = OPT_PIVOT_ROOT, STRING(pivot_dir), .values = VALUES_DIR,
	  .implies_flags = UNSHARE_MOUNT },
	{ "wd", 'w', ARG_REQUIRED, "DIR", GROUP_EXEC,
	  N_("chdir there"),
	  STRING(wd_dir), .values = VALUES_DIR },
	{ "clear-env", 0, ARG_NONE, "", GROUP_EXEC,
	  N_("an empty environment but a default PATH"),
	  .sets = OPT_CLEAR_ENV },
	{ "keep-env", 0, ARG_REQUIRED, "LIST", GROUP_EXEC,
	  N_("keep only the variables in LIST, and PATH"),
	  .sets = OPT_CLEAR_ENV, .take = TAKE_KEEP_ENV,
	  .values = VALUES_VARIABLES },
	{ "whitelist-env", 0, ARG_REQUIRED, "LIST", GROUP_EXEC, "",
	  .sets = OPT_CLEAR_ENV, .take = TAKE_KEEP_ENV, .alias = 1,
	  .values = VALUES_VARIABLES },
	{ "no-new-privs", 0, ARG_NONE, "", GROUP_EXEC,
	  N_("exec grants no privileges (no_new_privs)"),
	  .sets = OPT_NO_NEW_PRIVS },
	{ "info-fd", 0, ARG_REQUIRED, "FD", GROUP_EXEC,
	  N_("write the pid and namespaces to it"),
	  .sets = OPT_INFO_FD, .take = TAKE_FD,
	  .store = offsetof(struct plan, info_fd), .values = VALUES_TEXT },
	{ "pid-file", 0, ARG_REQUIRED, "FILE", GROUP_EXEC,
	  N_("write the pid to it"),
	  .sets = OPT_PID_FILE, STRING(pid_file), .values = VALUES_FILE,
	  .implies_opts = OPT_FORK, .unless = OPT_NO_FORK },
	{ "wait-fd", 0, ARG_REQUIRED, "FD", GROUP_EXEC,
	  N_("wait for a byte on it before the exec"),
	  .sets = OPT_WAIT_FD, .take = TAKE_FD,
	  .store = offsetof(struct plan, wait_fd), .values = VALUES_TEXT },
	{ "dry-run", 0, ARG_NONE, "", GROUP_EXEC,
	  N_("print the plan; 125 if the run would fail"),
	  .sets = OPT_DRY_RUN },

	/* Output. */
	{ "list", 0, ARG_OPTIONAL, "WHAT", GROUP_OUTPUT,
	  N_("list flags (the default), options or steps"),
	  .sets = OPT_LIST, .take = TAKE_LIST, .fixed = "flags",
	  .values = VALUES_WORD, .words = WORDS_LIST },
	{ "output", 'o', ARG_REQUIRED, "LIST", GROUP_OUTPUT,
	  N_("the columns of --list to show, in order"),
	  .sets = OPT_OUTPUT, STRING(list_columns), .values = VALUES_WORDS,
	  .words = WORDS_COLUMNS },
	{ "noheadings", 0, ARG_NONE, "", GROUP_OUTPUT,
	  N_("--list: no heading; cells parted by a blank"),
	  .sets = OPT_NOHEADINGS },
	/* On --noheadings' line of --help, which says both. */
	{ "raw", 0, ARG_NONE, "", GROUP_OUTPUT, "",
	  .sets = OPT_RAW },
	{ "json", 'J', ARG_NONE, "", GROUP_OUTPUT,
	  N_("JSON from --list, --dry-run and --verbose"),
	  .sets = OPT_JSON },
	{ "verbose", 'v', ARG_NONE, "", GROUP_OUTPUT,
	  N_("explain the plan and the run on stderr"),
	  .sets = OPT_VERBOSE, .take = TAKE_VERBOSE },
	/* One line of --help for the three, without a text. */
	{ "help", 'h', ARG_NONE, "", GROUP_INFO, "", .stop = STOP_HELP },
	{ "usage", 0, ARG_NONE, "", GROUP_INFO, "", .stop = STOP_USAGE },
	{ "version", 'V', ARG_NONE, "", GROUP_INFO, "",
	  .stop = STOP_VERSION },
};

const size_t option_count = sizeof option_rows / sizeof option_rows[0];

/* The parser keeps the options it met as a bit a row. */
_Static_assert(sizeof option_rows / sizeof option_rows[0] <= PLAN_MAX_ROWS,
	       "more options than bits in plan.given");

/* Each taker, by its index in a row. */
static int (*const takers[TAKE_COUNT])(struct plan *plan,
				       const struct option_row *row,
				       const char *value, char **msg) = {
	[TAKE_NS_FILE] = take_ns_file, [TAKE_FLAGS] = take_flags,
	[TAKE_STRING] = take_string, [TAKE_PROPAGATION] = take_propagation,
	[TAKE_INTERP] = take_interp, [TAKE_OFFSET] = take_offset,
	[TAKE_CGROUP_NAME] = take_cgroup_name,
	[TAKE_CGROUP_SET] = take_cgroup_set, [TAKE_UTS_NAME] = take_uts_name,
	[TAKE_FD] = take_fd, [TAKE_MAP_BOTH] = take_map_both,
	[TAKE_SPECS] = take_specs, [TAKE_SETGROUPS] = take_setgroups,
	[TAKE_LIST] = take_list, [TAKE_VERBOSE] = take_verbose,
	[TAKE_KILL_SIGNAL] = take_kill_signal, [TAKE_KEEP_ENV] = take_keep_env,
	[TAKE_TMPFS] = take_tmpfs, [TAKE_BIND] = take_bind,
	[TAKE_SYSCTL] = take_sysctl,
};

int option_take(struct plan *plan, const struct option_row *row,
		const char *value, char **msg)
{
	return row->take ? takers[row->take](plan, row, value, msg) : 0;
}

const struct word *row_words(const struct option_row *row)
{
	static const struct word *const lists[WORDS_COUNT] = {
		[WORDS_PROPAGATION] = propagations, [WORDS_MAP] = map_words,
		[WORDS_SETGROUPS] = setgroups_words, [WORDS_LIST] = list_words,
		[WORDS_COLUMNS] = column_words,
	};

	return lists[row->words];
}

const char *row_name(const struct option_row *row)
{
	return *row->name ? row->name : flag_by_bit(row->flag)->name;
}

const char *row_doc(const struct option_row *row)
{
	return *row->doc ? row->doc
	       : row->flag ? flag_by_bit(row->flag)->detaches
			   : NULL;
}

const struct option_row *row_of_flag(unsigned long flag)
{
	for (size_t i = 0; i < option_count; i++)
		if (option_rows[i].flag == flag)
			return &option_rows[i];
	return NULL;
}

const struct option_row *row_of_opt(uint64_t opt)
{
	for (size_t i = 0; i < option_count; i++)
		if (option_rows[i].sets == opt)
			return &option_rows[i];
	return NULL;
}

const char *opt_name(uint64_t opt)
{
	const struct option_row *row = row_of_opt(opt);

	return row ? row_name(row) : "?";
}
