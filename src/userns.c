/* A new user namespace: its id maps, setgroups and owner.
 *
 * The kernel lets a process write its own maps only for its own id, alone
 * (and for a group, only after setgroups is denied).  That case needs no
 * helper: we write /proc/self/uid_map ourselves.  Anything more needs a
 * writer in the parent namespace: a helper forked before unshare(2) that
 * writes the maps itself when it has CAP_SETUID and CAP_SETGID, or runs
 * newuidmap and newgidmap (which check /etc/subuid and /etc/subgid).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "names.h"
#include "options.h"
#include "procfs.h"
#include "quote.h"
#include "sig.h"
#include "userns.h"

/* The id our own single mapping maps from: --owner's if given. */
static uid_t self_uid(const struct plan *plan)
{
	return plan->owner_uid != NO_ID ? (uid_t)plan->owner_uid : geteuid();
}

static gid_t self_gid(const struct plan *plan)
{
	return plan->owner_gid != NO_ID ? (gid_t)plan->owner_gid : getegid();
}

/* --owner=UID:GID, each a number or a name. */
static char *owner_ids(struct plan *plan)
{
	const char *arg = plan->owner_arg, *colon = strchr(arg, ':');
	char user[256], why[300];
	uint32_t uid, gid;

	if (colon == NULL || (size_t)(colon - arg) >= sizeof user) {
		return usage_message(_("--%s=%s: give UID:GID"),
			 opt_name(OPT_OWNER), quoted(arg));
	}
	memcpy(user, arg, (size_t)(colon - arg));
	user[colon - arg] = '\0';
	if (id_parse(user, false, true, &uid, why, sizeof why) != 0 ||
	    id_parse(colon + 1, true, true, &gid, why, sizeof why) != 0) {
		return usage_message("--%s=%s: %s", opt_name(OPT_OWNER),
			 quoted(arg), why);
	}
	plan->owner_uid = uid;
	plan->owner_gid = gid;
	return NULL;
}

/* --setuid, --setgid: a number or a name. */
static char *program_id(const char *option, const char *arg, bool group,
			long long *id)
{
	char why[300];
	uint32_t v;

	if (id_parse(arg, group, true, &v, why, sizeof why) != 0) {
		return usage_message("--%s: %s", option, why);
	}
	*id = v;
	return NULL;
}

/* Ranges from --map-users (or --map-groups) values. */
static char *add_specs(const char *option, const char **specs,
		       size_t n, const struct id_owner *owner, int cap,
		       struct idmap *map)
{
	char why[400];

	for (size_t i = 0; i < n; i++) {
		bool old_form = false;

		if (strcmp(specs[i], "all") == 0 && !has_cap(cap)) {
			/* TRANSLATORS: %s is the option (--map-users or
			 * --map-groups), %s the capability (CAP_SETUID or
			 * CAP_SETGID), %s the file (/etc/subuid or
			 * /etc/subgid) */
			return usage_message(_("%s=all: only a process "
				 "with %s may map every id; unprivileged, use "
				 "auto or subids (from %s)"), option,
				 cap == CAP_SETUID ? "CAP_SETUID" : "CAP_SETGID",
				 owner->subid_file);
		}
		if (idmap_parse(specs[i], owner, map, &old_form, why,
				sizeof why) != 0) {
			return usage_message("%s: %s", option, why);
		}
	}
	return NULL;
}

/* Said after parsing, not while: a plan is made without side effects, and
 * with --verbose --json this goes out as an event.  A value that parsed
 * is in the old form exactly when it has a comma. */
void userns_warn_old_forms(const struct plan *plan)
{
	for (size_t i = 0; i < plan->n_uid_specs; i++)
		if (strchr(plan->uid_specs[i], ','))
			warnx(_("--map-users=%s is the old OUTER,INNER,COUNT "
			      "form; write INNER:OUTER:COUNT"),
			      quoted(plan->uid_specs[i]));
	for (size_t i = 0; i < plan->n_gid_specs; i++)
		if (strchr(plan->gid_specs[i], ','))
			warnx(_("--map-groups=%s is the old OUTER,INNER,COUNT "
			      "form; write INNER:OUTER:COUNT"),
			      quoted(plan->gid_specs[i]));
}

/* The inner id for our own: -r's 0, -c's ourself, or --map-user's. */
static char *single(const char *option, const char *arg, bool group,
		    uint32_t self, struct idmap *map)
{
	char why[300];
	uint32_t inner;

	if (arg == NULL)
		return NULL;
	if (arg == map_current)
		inner = self;
	else if (id_parse(arg, group, true, &inner, why, sizeof why) != 0)
		return usage_message("%s=%s: %s", option, quoted(arg), why);
	if (idmap_add_single(map, inner, self, why, sizeof why) != 0)
		return usage_message("%s: %s", option, why);
	return NULL;
}

/* Whether a value reads /etc/subuid (or subgid), where lines may name the
 * user: only then is the name looked up (NSS is not free). */
static bool names_subids(const char **specs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(specs[i], "auto") == 0 ||
		    strcmp(specs[i], "subids") == 0)
			return true;
	return false;
}

char *userns_resolve(struct plan *plan)
{
	uid_t uid, caller;
	gid_t gid;
	const struct passwd *pw;
	struct id_owner users, groups;
	bool ranges;
	char why[400];
	char *bad;

	if ((plan->owner_arg && (bad = owner_ids(plan))) ||
	    (plan->setuid_arg &&
	     (bad = program_id("setuid", plan->setuid_arg, false,
			       &plan->setuid_id))) ||
	    (plan->setgid_arg &&
	     (bad = program_id("setgid", plan->setgid_arg, true,
			       &plan->setgid_id))))
		return bad;
	if (!(plan->opts & (OPT_MAP_ROOT | OPT_MAP_CURRENT | OPT_MAP_USER |
			    OPT_MAP_GROUP | OPT_MAP_USERS | OPT_MAP_GROUPS |
			    OPT_SETGROUPS)))
		return NULL;

	/* --owner takes privilege, which nothing after can give: said
	 * first, rather than what a range needs (the caller's in
	 * /etc/subuid, to newuidmap). */
	if (plan->owner_uid != NO_ID &&
	    (plan->n_uid_specs || plan->n_gid_specs) &&
	    (~effective_caps() & ((1ULL << CAP_SETUID) | (1ULL << CAP_SETGID))))
		return usage_message(_("--%s needs CAP_SETUID and CAP_SETGID to "
				       "take on those ids: run as root"),
				     opt_name(OPT_OWNER));
	/* Both /etc/subuid and /etc/subgid are keyed by the user: its name
	 * or its uid (subgid(5), newgidmap and util-linux read it so); the
	 * caller's, not --owner's (util-linux reads them so), whose id is
	 * the one of a single map (-r, -c). */
	uid = self_uid(plan);
	gid = self_gid(plan);
	caller = plan->owner_uid != NO_ID ? geteuid() : uid;
	pw = names_subids(plan->uid_specs, plan->n_uid_specs) ||
			     names_subids(plan->gid_specs, plan->n_gid_specs)
		     ? user_entry(caller)
		     : NULL;
	users = (struct id_owner){ pw ? pw->pw_name : NULL, caller,
				   "/etc/subuid", "/proc/self/uid_map",
				   "--add-subuids", .libsubid = true };
	groups = (struct id_owner){ pw ? pw->pw_name : NULL, caller,
				    "/etc/subgid", "/proc/self/gid_map",
				    "--add-subgids", .group = true,
				    .libsubid = true };
	if ((bad = add_specs("--map-users", plan->uid_specs,
			     plan->n_uid_specs, &users, CAP_SETUID,
			     &plan->uid_map)) ||
	    (bad = add_specs("--map-groups", plan->gid_specs,
			     plan->n_gid_specs, &groups, CAP_SETGID,
			     &plan->gid_map)) ||
	    (bad = single("--map-user", plan->map_user_arg, false, uid,
			  &plan->uid_map)) ||
	    (bad = single("--map-group", plan->map_group_arg, true, gid,
			  &plan->gid_map)))
		return bad;
	if (idmap_check(&plan->uid_map, why, sizeof why) != 0) {
		return usage_message("--map-users: %s", why);
	}
	if (idmap_check(&plan->gid_map, why, sizeof why) != 0) {
		return usage_message("--map-groups: %s", why);
	}

	/* With --owner, we are root until just before unshare(2): a helper
	 * forked then writes even a single map, as util-linux's does, so
	 * the group's needs no setgroups denied. */
	ranges = plan->n_uid_specs || plan->n_gid_specs;
	if (plan->uid_map.n == 0 && plan->gid_map.n == 0)
		plan->map_writer = MAP_NONE;
	else if (!ranges && plan->owner_uid == NO_ID)
		plan->map_writer = MAP_SELF;
	else if ((~effective_caps() & (UINT64_C(1) << CAP_SETUID |
				       UINT64_C(1) << CAP_SETGID)) == 0)
		plan->map_writer = MAP_DIRECT;
	else
		plan->map_writer = MAP_NEWIDMAP;

	/* Our own gid alone, with no --map-groups, is mapped as the kernel
	 * lets a process map it itself: once setgroups is denied.  So does
	 * util-linux, even when a helper writes the uid ranges; not with
	 * --owner. */
	if (plan->gid_map.n && plan->n_gid_specs == 0 &&
	    plan->owner_uid == NO_ID) {
		if (plan->setgroups == SETGROUPS_ALLOW)
			return usage_message(
				_("--setgroups=allow cannot go with "
				"--map-group (or -r, -c): the kernel lets a "
				"process map its own group only once setgroups "
				"is denied"));
		plan->setgroups = SETGROUPS_DENY;
	}
	return NULL;
}

/* Writes len bytes of text to path in one write(2), as the kernel wants
 * it; -1 with errno set if that fails. */
static int write_file(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), saved;

	if (fd < 0)
		return -1;
	if (write(fd, text, len) == (ssize_t)len)
		return close(fd);
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

static void write_map_file(const char *kind, const char *path,
			   const struct idmap *map)
{
	static const struct hint hints[] = {
		{ ENOENT, N_("is /proc mounted? id maps are written through "
			     "it") },
		{ EPERM, N_("the writer needs CAP_SETUID (CAP_SETGID for "
			    "groups) over the parent namespace, and every outer "
			    "id must be mapped there; unprivileged, map ranges "
			    "with auto or subids, which go through newuidmap "
			    "and newgidmap") },
		{ 0, NULL },
	};
	char text[IDMAP_MAX_EXTENTS * 33 + 1], hint[sizeof text + 256];
	size_t len = idmap_format(map, text, sizeof text);
	int e;

	if (write_file(path, text, len) == 0)
		return;
	e = errno;
	if (e == EPERM && apparmor_hint())
		fail(EXIT_TOOL, kind, e, apparmor_hint(), _("writing %s"),
		     path);
	if (e != EINVAL)
		fail(EXIT_TOOL, kind, e, hint_for(hints, e), _("writing %s"),
		     path);
	/* The lines, one after another. */
	for (char *nl = strchr(text, '\n'); nl && nl[1]; nl = strchr(nl, '\n'))
		*nl = ',';
	text[strcspn(text, "\n")] = '\0';
	/* TRANSLATORS: %s is the lines of the map, as "0 1000 1,1 100000
	 * 65536". */
	snprintf(hint, sizeof hint, _("the kernel refused these lines: %s"),
		 text);
	fail(EXIT_TOOL, kind, e, hint, _("writing %s"), path);
}

static void write_setgroups(const char *path, int mode)
{
	int e;

	if (mode == SETGROUPS_KEEP ||
	    (mode == SETGROUPS_DENY ? write_file(path, "deny", 4)
				    : write_file(path, "allow", 5)) == 0)
		return;
	e = errno;
	fail(EXIT_TOOL, "setgroups", e,
	     e == ENOENT   ? _("is /proc mounted? id maps are written through "
			       "it")
	     : e == EPERM ? apparmor_hint()
			  : NULL,
	     _("writing %s"), path);
}

/* Run newuidmap or newgidmap PID INNER OUTER COUNT ...; their own messages
 * go to our stderr. */
static void run_newidmap(const char *kind, const char *tool, pid_t pid,
			 const struct idmap *map, const char *file)
{
	char *argv[2 + 3 * IDMAP_MAX_EXTENTS + 1];
	char numbers[IDMAP_MAX_EXTENTS * 3 + 1][12];
	size_t n = 0, k = 0;
	pid_t child;
	int status;

	argv[n++] = (char *)tool;
	snprintf(numbers[k], sizeof numbers[k], "%d", (int)pid);
	argv[n++] = numbers[k++];
	for (size_t i = 0; i < map->n; i++) {
		const uint32_t v[3] = { map->ext[i].inner, map->ext[i].outer,
					map->ext[i].count };

		for (int j = 0; j < 3; j++) {
			snprintf(numbers[k], sizeof numbers[k], "%u", v[j]);
			argv[n++] = numbers[k++];
		}
	}
	argv[n] = NULL;

	child = fork_or_fail(N_("id maps: newuidmap or newgidmap"));
	if (child == 0) {
		int e;

		execvp(tool, argv);
		e = errno;
		fail(EXIT_TOOL, kind, e,
		     e == ENOENT ? _("mapping ranges without privilege needs "
				     "it: install the uidmap package (apt-get "
				     "install uidmap)")
				 : NULL,
		     _("cannot run %s"), tool);
	}
	if (wait_child(child, &status, 0) < 0)
		fail(EXIT_TOOL, kind, errno, NULL, _("waiting for %s"), tool);
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_TOOL)
		exit(EXIT_TOOL);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char hint[256];

		/* TRANSLATORS: %s is the file (/etc/subuid or
		 * /etc/subgid). */
		snprintf(hint, sizeof hint, _("the ranges must be yours in %s"),
			 file);
		/* TRANSLATORS: %s is the tool (newuidmap or newgidmap). */
		fail(EXIT_TOOL, kind, 0, hint,
		     _("%s refused the map (see its message above)"), tool);
	}
}

/* What a map step writes, through which file, for process pid (0: our
 * own, /proc/self). */
static void write_task(const struct step *s, pid_t pid)
{
	char path[64], self[16] = "self";
	bool uid = s->kind == STEP_UID_MAP;

	if (pid)
		snprintf(self, sizeof self, "%d", (int)pid);
	if (s->kind == STEP_SETGROUPS) {
		snprintf(path, sizeof path, "/proc/%s/setgroups", self);
		write_setgroups(path, s->maps.setgroups);
	} else if (s->maps.writer == MAP_NEWIDMAP) {
		run_newidmap(THIS_STEP, uid ? "newuidmap" : "newgidmap", pid,
			     s->maps.map,
			     uid ? "/etc/subuid" : "/etc/subgid");
	} else {
		snprintf(path, sizeof path, "/proc/%s/%s", self,
			 uid ? "uid_map" : "gid_map");
		write_map_file(THIS_STEP, path, s->maps.map);
	}
}

/* In the helper: for each task asked (the kind of a map step), write it
 * for process pid and answer 0; a failure exits, its message said, and
 * the end of the answer pipe tells.  End of file: all done, or unshare(2)
 * failed, or we died. */
static _Noreturn void helper_loop(const struct step *s, pid_t pid, int ask,
				  int answer)
{
	unsigned char task;

	while (read(ask, &task, 1) == 1) {
		struct step t = { .kind = (enum step_kind)task };

		t.maps.writer = s->helper.writer;
		t.maps.setgroups = s->helper.setgroups;
		t.maps.map = t.kind == STEP_UID_MAP ? s->helper.uid
						    : s->helper.gid;
		write_task(&t, pid);
		if (write(answer, "", 1) != 1)
			_exit(EXIT_TOOL);
	}
	_exit(0);
}

void userns_start_helper(const struct step *s, struct run *run)
{
	int ask[2], answer[2];
	pid_t parent = getpid();

	if (pipe2(ask, O_CLOEXEC) != 0 || pipe2(answer, O_CLOEXEC) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: cannot make a pipe"));
	if ((run->map_helper = fork_or_fail(N_("id maps: the helper"))) == 0) {
		close(ask[1]);
		close(answer[0]);
		helper_loop(s, parent, ask[0], answer[1]);
	}
	close(ask[0]);
	close(answer[1]);
	run->map_ask = ask[1];
	run->map_answer = answer[0];
}

void userns_become_owner(const struct step *s, struct run *run)
{
	(void)run;
	if (setgroups(0, NULL) != 0 ||
	    setresgid((gid_t)s->owner.gid, (gid_t)s->owner.gid,
		      (gid_t)s->owner.gid) != 0 ||
	    setresuid((uid_t)s->owner.uid, (uid_t)s->owner.uid,
		      (uid_t)s->owner.uid) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno,
		     errno == EPERM ? _("it needs CAP_SETUID and CAP_SETGID: "
					"run as root")
				    : NULL,
		     _("--owner=%lld:%lld: cannot take on those ids"),
		     s->owner.uid, s->owner.gid);
}

void userns_dumpable(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	/* The id change made us undumpable, which makes /proc/self root's:
	 * we could not write our own maps.  We hold no privilege now. */
	if (prctl(PR_SET_DUMPABLE, 1) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     "--owner: prctl(PR_SET_DUMPABLE)");
}

/* Have the helper do step s; the last task reaps it. */
static void ask_helper(const struct step *s, struct run *run)
{
	unsigned char task = (unsigned char)s->kind;
	char answer;
	int status;

	if (write(run->map_ask, &task, 1) != 1)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: cannot wake the helper"));
	if (read(run->map_answer, &answer, 1) == 1 && !s->maps.last)
		return;
	close(run->map_ask);
	close(run->map_answer);
	if (wait_child(run->map_helper, &status, 0) < 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL,
		     _("id maps: waiting for the helper"));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail(EXIT_TOOL, NULL, 0, NULL,
		     _("the id maps were not written (see above), so "
		       "nothing was run"));
}

void userns_write(const struct step *s, struct run *run)
{
	if (s->maps.writer == MAP_DIRECT || s->maps.writer == MAP_NEWIDMAP)
		ask_helper(s, run);
	else
		write_task(s, 0);
}
