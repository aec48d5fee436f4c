/* The command line: argp options built from the flag table.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <argp.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "sig.h"
#include "suggest.h"
#include "env.h"
#include "userns.h"

const char *argp_program_version = PACKAGE_STRING;

/* Keys of options without a short letter.  A flag's long-only option is
 * KEY_FLAG + its index in the table. */
enum {
	KEY_FLAG = 0x100,
	KEY_FLAGS = KEY_FLAG + UNSHARE_NFLAGS,
	KEY_DRY_RUN,
	KEY_NO_FORK,
	KEY_FORWARD,
	KEY_KILL_CHILD,
	KEY_MOUNT_PROC,
	KEY_INIT,
	KEY_MAP_USER,
	KEY_MAP_GROUP,
	KEY_MAP_USERS,
	KEY_MAP_GROUPS,
	KEY_MAP_AUTO,
	KEY_MAP_SUBIDS,
	KEY_OWNER,
	KEY_SETGROUPS,
	KEY_KEEP_CAPS,
	KEY_PROPAGATION,
	KEY_MOUNT_BINFMT,
	KEY_MONOTONIC,
	KEY_BOOTTIME,
	KEY_CLEAR_ENV,
	KEY_KEEP_ENV,
	KEY_LIST,
	KEY_JSON,
};

enum { GROUP_NS = 1, GROUP_USERNS, GROUP_CONTEXT, GROUP_EXEC, GROUP_OUTPUT };

/* The flag options come from the table; these are the rest. */
static const struct argp_option fixed_options[] = {
	{ "flags", KEY_FLAGS, "LIST", 0,
	  "unshare the flags in LIST: names or numbers (0x hex or decimal), "
	  "comma-separated; repeatable", GROUP_CONTEXT },
	{ "mount-proc", KEY_MOUNT_PROC, "DIR", OPTION_ARG_OPTIONAL,
	  "mount a fresh proc on DIR (default /proc) in the new mount "
	  "namespace, after the fork; implies --mount", GROUP_NS },
	{ "propagation", KEY_PROPAGATION, "MODE", 0,
	  "private (the default), shared, slave or unchanged: how mounts in "
	  "the new mount namespace propagate; implies --mount", GROUP_NS },
	{ "mount-binfmt", KEY_MOUNT_BINFMT, "DIR", OPTION_ARG_OPTIONAL,
	  "mount a binfmt_misc of the new user namespace's own on DIR "
	  "(default /proc/sys/fs/binfmt_misc); implies --user and --mount",
	  GROUP_NS },
	{ "load-interp", 'l', "STRING", 0,
	  "register an interpreter (:name:type:offset:magic:mask:interpreter:"
	  "flags) in that binfmt_misc; implies --mount-binfmt; repeatable",
	  GROUP_NS },
	{ "monotonic", KEY_MONOTONIC, "OFFSET", 0,
	  "move the monotonic clock by OFFSET seconds (may be negative or "
	  "fractional); implies --time", GROUP_NS },
	{ "boottime", KEY_BOOTTIME, "OFFSET", 0,
	  "move the boot-time clock by OFFSET seconds; implies --time",
	  GROUP_NS },
	{ NULL, 0, NULL, 0, "User namespace and identity (each map option "
	  "implies --user):", GROUP_USERNS },
	{ "map-root-user", 'r', NULL, 0,
	  "map your uid and gid to 0 (root) in the new user namespace",
	  GROUP_USERNS },
	{ "map-current-user", 'c', NULL, 0,
	  "map your uid and gid to themselves", GROUP_USERNS },
	{ "map-user", KEY_MAP_USER, "UID|NAME", 0,
	  "map your uid to UID", GROUP_USERNS },
	{ "map-group", KEY_MAP_GROUP, "GID|NAME", 0,
	  "map your gid to GID (implies --setgroups=deny)", GROUP_USERNS },
	{ "map-users", KEY_MAP_USERS, "SPEC", 0,
	  "map a range of uids: INNER:OUTER:COUNT, or auto (your first "
	  "/etc/subuid range from 0), subids (that range to itself), all "
	  "(every uid, with privilege); repeatable", GROUP_USERNS },
	{ "map-groups", KEY_MAP_GROUPS, "SPEC", 0,
	  "the same for gids, from /etc/subgid", GROUP_USERNS },
	{ "map-auto", KEY_MAP_AUTO, NULL, 0,
	  "--map-users=auto --map-groups=auto", GROUP_USERNS },
	{ "map-subids", KEY_MAP_SUBIDS, NULL, 0,
	  "--map-users=subids --map-groups=subids", GROUP_USERNS },
	{ "owner", KEY_OWNER, "UID:GID", 0,
	  "take on these ids before unsharing, so that the new user "
	  "namespace belongs to them (needs root)", GROUP_USERNS },
	{ "setgroups", KEY_SETGROUPS, "allow|deny", 0,
	  "allow or deny setgroups(2) in the new user namespace",
	  GROUP_USERNS },
	{ "setuid", 'S', "UID", 0,
	  "run the program as UID (in the new user namespace)",
	  GROUP_USERNS },
	{ "setgid", 'G', "GID", 0,
	  "run the program as GID, with no supplementary groups",
	  GROUP_USERNS },
	{ "keep-caps", KEY_KEEP_CAPS, NULL, 0,
	  "make the permitted capabilities ambient, so that they survive "
	  "exec under a uid other than 0", GROUP_USERNS },
	{ NULL, 0, NULL, 0, "Execution:", GROUP_EXEC },
	{ "fork", 'f', NULL, 0,
	  "run the program as a child and wait for it; its exit status or "
	  "the signal it died of is ours", GROUP_EXEC },
	{ "no-fork", KEY_NO_FORK, NULL, 0,
	  "do not fork even for --pid: the program stays outside the new pid "
	  "namespace", GROUP_EXEC },
	{ "kill-child", KEY_KILL_CHILD, "SIGNAL", OPTION_ARG_OPTIONAL,
	  "send SIGNAL (name or number, default KILL) to the child when "
	  "unshare dies; implies --fork", GROUP_EXEC },
	{ "forward-signals", KEY_FORWARD, NULL, 0,
	  "pass TERM, INT, HUP, QUIT, USR1, USR2 and WINCH on to the child "
	  "(without it INT and TERM are ignored while waiting)", GROUP_EXEC },
	{ "init", KEY_INIT, NULL, 0,
	  "run a small init as pid 1 of a new pid namespace: it starts the "
	  "program, forwards signals to it and reaps orphans; implies --pid",
	  GROUP_EXEC },
	{ "root", 'R', "DIR", 0,
	  "chroot to DIR before running the program, then chdir to / "
	  "(or to --wd)", GROUP_EXEC },
	{ "wd", 'w', "DIR", 0, "chdir to DIR before running the program",
	  GROUP_EXEC },
	{ "clear-env", KEY_CLEAR_ENV, NULL, 0,
	  "run the program with an empty environment but a default PATH",
	  GROUP_EXEC },
	{ "keep-env", KEY_KEEP_ENV, "LIST", 0,
	  "keep only the variables named in LIST (comma-separated), and a "
	  "default PATH if PATH is not one", GROUP_EXEC },
	{ "whitelist-env", KEY_KEEP_ENV, "LIST", OPTION_ALIAS, NULL,
	  GROUP_EXEC },
	{ "dry-run", KEY_DRY_RUN, NULL, 0,
	  "print the plan (flags, closure, program) on stdout and exit "
	  "without unsharing or running anything", GROUP_EXEC },
	{ NULL, 0, NULL, 0, "Output:", GROUP_OUTPUT },
	{ "list", KEY_LIST, NULL, 0,
	  "list every flag: value, namespace inode, and whether this kernel "
	  "and you can use it now (tried in a throwaway child)", GROUP_OUTPUT },
	{ "json", KEY_JSON, NULL, 0,
	  "with --list or --dry-run, print JSON; with --verbose, JSON lines "
	  "on stderr", GROUP_OUTPUT },
	{ "verbose", 'v', NULL, 0,
	  "explain the plan on stderr, then each namespace's inode before "
	  "and after", GROUP_OUTPUT },
	{ NULL, 'h', NULL, OPTION_HIDDEN, "give this help list", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 },
};

#define N_FIXED (sizeof fixed_options / sizeof fixed_options[0])

static void flag_options(struct argp_option *o)
{
	*o++ = (struct argp_option){ NULL, 0, NULL, 0,
				     "Namespaces (each a new one of its "
				     "kind):", GROUP_NS };
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		if (i > 0 && f->ns == NULL && unshare_flags[i - 1].ns != NULL)
			*o++ = (struct argp_option){
				NULL, 0, NULL, 0,
				"Process context (each a private copy):",
				GROUP_CONTEXT };
		*o++ = (struct argp_option){
			.name = f->name,
			.key = f->key ? f->key : KEY_FLAG + (int)i,
			.arg = f->ns ? "FILE" : NULL,
			.flags = f->ns ? OPTION_ARG_OPTIONAL : 0,
			.doc = f->detaches,
			.group = f->ns ? GROUP_NS : GROUP_CONTEXT,
		};
	}
	memcpy(o, fixed_options, sizeof fixed_options);
}

static const struct flag *flag_of_key(int key)
{
	if (key >= KEY_FLAG && key < KEY_FLAG + UNSHARE_NFLAGS)
		return &unshare_flags[key - KEY_FLAG];
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++)
		if (unshare_flags[i].key && unshare_flags[i].key == key)
			return &unshare_flags[i];
	return NULL;
}

/* Every refusal: argp's message (and exit, unless the caller asked argp
 * not to, as the fuzzer does: then parsing stops here). */
#define USAGE(state, ...)                                                 \
	do {                                                              \
		argp_error((state), __VA_ARGS__);                         \
		return EINVAL;                                            \
	} while (0)

/* An optional value: the default if absent, refused if empty. */
static error_t nonempty(struct argp_state *state, const char *option,
			const char *arg, const char *dflt, const char **out)
{
	if (arg && *arg == '\0')
		USAGE(state, "%s%s=: give a value",
		      option[0] == '-' ? "" : "--", option);
	*out = arg ? arg : dflt;
	return 0;
}

static error_t propagation_mode(struct argp_state *state, const char *arg,
				int *mode)
{
	static const char *const modes[] = {
		[PROP_PRIVATE] = "private", [PROP_SHARED] = "shared",
		[PROP_SLAVE] = "slave", [PROP_UNCHANGED] = "unchanged",
	};

	for (int i = 0; i < (int)(sizeof modes / sizeof modes[0]); i++)
		if (strcmp(arg, modes[i]) == 0) {
			*mode = i;
			return 0;
		}
	USAGE(state, "--propagation=%s: give private, shared, slave or "
	      "unchanged", arg);
}

/* --map-users, --map-groups and their shorthands. */
static error_t add_map_specs(struct argp_state *state, struct plan *plan,
			     int key, const char *arg)
{
	bool users = key != KEY_MAP_GROUPS, groups = key != KEY_MAP_USERS;
	const char *spec = key == KEY_MAP_AUTO     ? "auto"
			   : key == KEY_MAP_SUBIDS ? "subids"
						   : arg;

	if ((users && plan->n_uid_specs == PLAN_MAX_SPECS) ||
	    (groups && plan->n_gid_specs == PLAN_MAX_SPECS))
		USAGE(state, "more than %d --map-users or --map-groups: the "
		      "kernel takes no more lines in a map", PLAN_MAX_SPECS);
	if (users) {
		plan->uid_specs[plan->n_uid_specs++] = spec;
		plan->opts |= OPT_MAP_USERS;
	}
	if (groups) {
		plan->gid_specs[plan->n_gid_specs++] = spec;
		plan->opts |= OPT_MAP_GROUPS;
	}
	return 0;
}

/* --owner=UID:GID */
static error_t parse_owner(struct argp_state *state, struct plan *plan,
			   char *arg)
{
	char *colon = strchr(arg, ':'), msg[300];
	uint32_t uid, gid;
	int bad;

	if (colon == NULL)
		USAGE(state, "--owner=%s: give UID:GID", arg);
	*colon = '\0';
	bad = id_parse(arg, false, true, &uid, msg, sizeof msg) != 0 ||
	      id_parse(colon + 1, true, true, &gid, msg, sizeof msg) != 0;
	*colon = ':';
	if (bad)
		USAGE(state, "--owner=%s: %s", arg, msg);
	plan->owner_uid = uid;
	plan->owner_gid = gid;
	return 0;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	struct plan *plan = state->input;
	const struct flag *f;
	const char *conflict;
	char msg[512];
	uint32_t id;

	switch (key) {
	case KEY_FLAGS:
		if (flags_parse_list(arg, &plan->requested, msg, sizeof msg))
			USAGE(state, "--flags: %s", msg);
		return 0;
	case KEY_DRY_RUN:
		plan->dry_run = true;
		return 0;
	case 'f':
		plan->opts |= OPT_FORK;
		return 0;
	case KEY_NO_FORK:
		plan->opts |= OPT_NO_FORK;
		return 0;
	case KEY_FORWARD:
		plan->opts |= OPT_FORWARD;
		return 0;
	case KEY_INIT:
		plan->opts |= OPT_INIT;
		return 0;
	case KEY_KILL_CHILD:
		plan->opts |= OPT_KILL_CHILD;
		plan->kill_signal = arg ? sig_parse(arg) : SIGKILL;
		if (plan->kill_signal < 0)
			USAGE(state,
				   "--kill-child=%s: unknown signal; give a "
				   "name (KILL, TERM, ...) or a number from 1 "
				   "to %d", arg, SIGRTMAX);
		return 0;
	case 'r':
		plan->opts |= OPT_MAP_ROOT;
		return 0;
	case 'c':
		plan->opts |= OPT_MAP_CURRENT;
		return 0;
	case KEY_MAP_USER:
		plan->opts |= OPT_MAP_USER;
		plan->map_user_arg = arg;
		return 0;
	case KEY_MAP_GROUP:
		plan->opts |= OPT_MAP_GROUP;
		plan->map_group_arg = arg;
		return 0;
	case KEY_MAP_USERS:
	case KEY_MAP_GROUPS:
	case KEY_MAP_AUTO:
	case KEY_MAP_SUBIDS:
		return add_map_specs(state, plan, key, arg);
	case KEY_OWNER:
		plan->opts |= OPT_OWNER;
		return parse_owner(state, plan, arg);
	case KEY_SETGROUPS:
		plan->opts |= OPT_SETGROUPS;
		if (strcmp(arg, "allow") == 0)
			plan->setgroups = SETGROUPS_ALLOW;
		else if (strcmp(arg, "deny") == 0)
			plan->setgroups = SETGROUPS_DENY;
		else
			USAGE(state, "--setgroups=%s: give allow or deny",
				   arg);
		return 0;
	case 'S':
	case 'G':
		if (id_parse(arg, key == 'G', true, &id, msg, sizeof msg) != 0)
			USAGE(state, "--%s: %s",
				   key == 'G' ? "setgid" : "setuid", msg);
		*(key == 'G' ? &plan->setgid_id : &plan->setuid_id) = id;
		return 0;
	case KEY_KEEP_CAPS:
		plan->opts |= OPT_KEEP_CAPS;
		return 0;
	case KEY_PROPAGATION:
		plan->opts |= OPT_PROPAGATION;
		return propagation_mode(state, arg, &plan->propagation);
	case KEY_MOUNT_BINFMT:
		plan->opts |= OPT_MOUNT_BINFMT;
		return nonempty(state, "--mount-binfmt", arg,
				"/proc/sys/fs/binfmt_misc", &plan->binfmt_dir);
	case 'l':
		plan->opts |= OPT_LOAD_INTERP;
		if (plan->n_interps == PLAN_MAX_INTERPS)
			USAGE(state, "more than %d --load-interp",
				   PLAN_MAX_INTERPS);
		return nonempty(state, "--load-interp", arg, NULL,
				&plan->interps[plan->n_interps++]);
	case KEY_MONOTONIC:
	case KEY_BOOTTIME:
		plan->opts |= key == KEY_MONOTONIC ? OPT_MONOTONIC
						   : OPT_BOOTTIME;
		if (offset_parse(arg, key == KEY_MONOTONIC ? &plan->monotonic
							   : &plan->boottime))
			USAGE(state, "--%s=%s: give seconds, as 86400, "
				   "-3600 or 1.5 (at most 9 decimals)",
				   key == KEY_MONOTONIC ? "monotonic"
							: "boottime", arg);
		return 0;
	case 'R':
		return nonempty(state, "--root", arg, NULL, &plan->root_dir);
	case 'w':
		return nonempty(state, "--wd", arg, NULL, &plan->wd_dir);
	case KEY_CLEAR_ENV:
		plan->opts |= OPT_CLEAR_ENV;
		return 0;
	case KEY_KEEP_ENV:
		plan->opts |= OPT_CLEAR_ENV;
		plan->keep_env = arg;
		if (env_check_list(arg, msg, sizeof msg) != 0)
			USAGE(state, "--keep-env=%s: %s", arg, msg);
		return 0;
	case KEY_MOUNT_PROC:
		plan->opts |= OPT_MOUNT_PROC;
		plan->proc_dir = arg ? arg : "/proc";
		if (*plan->proc_dir == '\0')
			USAGE(state, "--mount-proc=: give a directory");
		return 0;
	case 'v':
		plan->verbose = true;
		return 0;
	case KEY_LIST:
		plan->list = true;
		return 0;
	case KEY_JSON:
		plan->json = true;
		return 0;
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_STD_HELP);
		return 0;
	case ARGP_KEY_ARG:
		/* The first non-option is the program: everything from it on
		 * is its own, options included. */
		plan->argv = &state->argv[state->next - 1];
		state->next = state->argc;
		return 0;
	case ARGP_KEY_END:
		plan_resolve(plan);
		if ((conflict = plan_conflict(plan)) != NULL ||
		    ((plan->opts & OPT_USERNS_SETUP) &&
		     (conflict = userns_resolve(plan, msg, sizeof msg)) != NULL))
			USAGE(state, "%s", conflict);
		return 0;
	}
	if ((f = flag_of_key(key)) == NULL)
		return ARGP_ERR_UNKNOWN;
	plan->requested |= f->bit;
	if (arg)
		return nonempty(state, f->name, arg, NULL,
				&plan->persist[flag_index(f->bit)]);
	return 0;
}

/* Option docs are table text; say what kind of namespace each is. */
static char *help_filter(int key, const char *text, void *input)
{
	const struct flag *f = flag_of_key(key);
	char *s;

	(void)input;
	if (f == NULL || f->ns == NULL)
		return (char *)text;
	if (asprintf(&s, "new %s namespace: %s", f->name, text) < 0)
		return (char *)text;
	return s;
}

/* Whether word, up to '=' or its end, is name.  (Our own loop: on the
 * path every run takes, each libc function costs a symbol lookup.) */
static bool is_name(const char *name, const char *word)
{
	while (*name && *name == *word)
		name++, word++;
	return *name == '\0' && (*word == '\0' || *word == '=');
}

/* The option of argv[*i] if it is written exactly as one of ours, and
 * its value; NULL for anything else (abbreviations, clusters, unknown
 * options, help), which is argp's to read. */
static const struct argp_option *exact(const struct argp_option *opts,
				       char **argv, int *i, char **value)
{
	char *a = argv[*i], *eq;
	const struct argp_option *o;

	*value = NULL;
	if (a[1] != '-') {
		/* -X, or -X VALUE */
		if (a[1] == '\0' || a[2] != '\0')
			return NULL;
		for (o = opts; o->name || o->key || o->doc; o++)
			if (o->key == a[1])
				break;
	} else {
		for (o = opts; o->name || o->key || o->doc; o++)
			if (o->name && is_name(o->name, a + 2))
				break;
		for (eq = a + 2; *eq && *eq != '='; eq++)
			;
		if (*eq == '=') {
			if (!o->arg)
				return NULL;
			*value = eq + 1;
			return o;
		}
	}
	if (!(o->name || o->key) || (o->flags & OPTION_HIDDEN))
		return NULL;
	if (o->arg && !(o->flags & OPTION_ARG_OPTIONAL)) {
		if (argv[*i + 1] == NULL)
			return NULL;
		*value = argv[++*i];
	}
	return o;
}

/* The usual command line, where every option is written out exactly, is
 * read here without argp, which costs more than the rest of the run (it
 * builds getopt's tables anew each time).  The same parser sees the same
 * keys and values.  Anything else, or any refusal, returns -1: then argp
 * reads it all again from the start, and says what is wrong. */
static int fast_parse(int argc, char **argv, const struct argp_option *opts,
		      struct plan *plan)
{
	struct argp_state state = {
		.argc = argc, .argv = argv, .input = plan,
		.flags = ARGP_NO_ERRS | ARGP_NO_EXIT,
	};
	int i;

	for (i = 1; i < argc; i++) {
		const struct argp_option *o;
		char *value;

		if (argv[i][0] != '-' || argv[i][1] == '\0')
			break;
		if (argv[i][1] == '-' && argv[i][2] == '\0') {
			i++;
			break;
		}
		if ((o = exact(opts, argv, &i, &value)) == NULL ||
		    parse_opt(o->key, value, &state) != 0)
			return -1;
	}
	if (i < argc)
		plan->argv = &argv[i];
	return parse_opt(ARGP_KEY_END, NULL, &state) ? -1 : 0;
}

int cli_parse(int argc, char **argv, struct plan *plan, unsigned flags)
{
	struct argp_option options[1 + UNSHARE_NFLAGS + 1 + N_FIXED];
	const struct argp argp = {
		.options = options,
		.parser = parse_opt,
		.args_doc = "[--] [PROGRAM [ARGUMENT...]]",
		.doc = "Run PROGRAM (by default your shell) with the parts of "
		       "its context that the options name unshared from the "
		       "caller's.  The kernel adds some flags to others (the "
		       "closure): --verbose and --dry-run show which and "
		       "why.\v"
		       "Exit status: the program's own; 125 if unshare itself "
		       "fails, 126 if the program cannot be run, 127 if it is "
		       "not found.  See unshare(1).",
		.help_filter = help_filter,
	};
	char *name;

	plan_init(plan);
	flag_options(options);
	if (fast_parse(argc, argv, options, plan) == 0)
		return 0;
	plan_init(plan);
	argp_err_exit_status = EXIT_TOOL;
	/* getopt names us by argv[0] in its messages; every other message
	 * names us by its last component, as err(3) does.  (Not through
	 * program_invocation_short_name: a variable of libc's costs a symbol
	 * lookup on every run, before main.) */
	if ((name = strrchr(argv[0], '/')) != NULL)
		argv[0] = name + 1;
	if (suggest_option(argv, options, flags & ARGP_NO_ERRS) != 0)
		return EXIT_TOOL;
	/* In order, so that the first non-option ends ours. */
	return argp_parse(&argp, argc, argv, ARGP_IN_ORDER | flags, NULL, plan)
		       ? EXIT_TOOL
		       : 0;
}
