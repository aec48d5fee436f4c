/* The identity the program runs as: --setgid, --setuid, --keep-caps,
 * taken on last, before exec.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "procfs.h"
#include "show.h"
#include "undo.h"

static bool identity_predict(const struct step *s, struct prediction *p);

/* Every permitted capability made ambient, so that it survives exec under
 * a uid that is not 0. */
/* --keep-caps: the permitted capabilities made ambient, to survive the
 * exec.  Exits 125 on failure. */
static void identity_keep_caps(const struct step *s, struct run *run)
{
	struct __user_cap_header_struct head = {
		_LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	(void)s;
	(void)run;
	if (syscall(SYS_capget, &head, data) != 0)
		step_failed(errno, NULL, NULL);
	for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
		data[i].effective = data[i].permitted;
		data[i].inheritable = data[i].permitted;
	}
	if (syscall(SYS_capset, &head, data) != 0)
		step_failed(errno, NULL, NULL);
	/* The permitted set holds only what this kernel knows: no need to
	 * ask it for its last capability. */
	for (int cap = 0; cap < 32 * _LINUX_CAPABILITY_U32S_3; cap++)
		if ((data[cap / 32].permitted >> (cap % 32)) & 1 &&
		    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0) != 0)
			step_failed(errno, NULL, "%d", cap);
}

STEP_ROW(KEEP_CAPS, "keep-caps", N_("make the capabilities ambient"),
	 identity_keep_caps, NULL, NULL);

/* Whether setgroups(2) is denied in our user namespace: we denied it
 * ourselves, or /proc/self/setgroups says so (the setting is inherited
 * from the parent namespace).  -1 if neither tells: no /proc, as after
 * --root into a tree without one. */
static int setgroups_denied(const struct step *s)
{
	char buf[8] = "";
	FILE *f;

	if (s->id.denied)
		return 1;
	if ((f = fopen("/proc/self/setgroups", "re")) == NULL)
		return -1;
	if (fgets(buf, sizeof buf, f) == NULL)
		buf[0] = '\0';
	fclose(f);
	return strncmp(buf, "deny", 4) == 0;
}

/* A uid or gid that setresuid(2) or setresgid(2) refuses with EINVAL. */
static const struct hint unmapped[] = {
	{ EINVAL, hint_unmapped },
	{ 0, NULL },
};

/* --setgid drops the supplementary groups, except where setgroups is
 * denied: there the kernel keeps the ones we came with (they show as
 * the overflow group) and nobody can change them. */
static void drop_groups(const struct step *s)
{
	int e, denied = 0;

	if (setgroups(0, NULL) == 0)
		return;
	e = errno;
	if (e == EPERM && (denied = setgroups_denied(s)) == 1)
		return;
	step_failed(e,
		    denied < 0 ? _("mount proc in the new root, to see if "
				   "setgroups is denied")
		    : e == EPERM && s->id.map && s->id.map->n == 0
			    ? _(hint_unmapped)
			    : NULL,
		    "%lld", s->id.id);
}

/* --setgid: the group id, and no supplementary groups.  Exits 125 on
 * failure. */
static void identity_setgid(const struct step *s, struct run *run)
{
	long long gid = s->id.id;

	(void)run;
	drop_groups(s);
	if (setresgid((gid_t)gid, (gid_t)gid, (gid_t)gid) == 0)
		return;
	step_failed(errno, hint_for(unmapped, errno), "%lld", gid);
}

STEP_ROW(SETGID, "setgid", "setgid",
	 identity_setgid, show_id, identity_predict);

/* Capabilities survive the change of uid only if kept. */
/* --keep-caps with --setuid: capabilities kept through the change of uid
 * (PR_SET_KEEPCAPS).  Exits 125 on failure. */
static void identity_keepcaps(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	if (prctl(PR_SET_KEEPCAPS, 1) != 0)
		step_failed(errno, NULL, NULL);
}

STEP_ROW(KEEPCAPS, "keepcaps", N_("keep the capabilities through setuid"),
	 identity_keepcaps, NULL, NULL);

/* --setuid.  Exits 125 on failure. */
static void identity_setuid(const struct step *s, struct run *run)
{
	long long uid = s->id.id;

	(void)run;
	/* A mount the caller's namespace sees (--mount-proc, --mount-binfmt,
	 * --mount-cgroup) must be unmounted if a later step fails, the exec
	 * included, and that takes CAP_SYS_ADMIN, which a uid that is not 0
	 * loses: kept for it (s->id.keep_admin), alone and only permitted,
	 * so that the exec drops it (the program never has it) and the undo
	 * raises it when it runs. */
	if (s->id.keep_admin && prctl(PR_SET_KEEPCAPS, 1) != 0)
		step_failed(errno, NULL, "%lld", uid);
	if (setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid) == 0) {
		if (s->id.keep_admin && (prctl(PR_SET_KEEPCAPS, 0) != 0 ||
					 undo_keep_admin() != 0))
			step_failed(errno, NULL, "%lld", uid);
		return;
	}
	step_failed(errno, hint_for(unmapped, errno), "%lld", uid);
}

STEP_ROW(SETUID, "setuid", "setuid",
	 identity_setuid, show_id, identity_predict);

/* --no-new-privs: PR_SET_NO_NEW_PRIVS, just before the exec, which then
 * grants no privilege (set-user-ID, file capabilities). */
static void identity_no_new_privs(const struct step *s, struct run *run)
{
	(void)s;
	(void)run;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		step_failed(errno, NULL, NULL);
}

STEP_ROW(NO_NEW_PRIVS, "no-new-privs",
	 N_("exec grants no privileges (no_new_privs)"),
	 identity_no_new_privs, NULL, NULL);

/* --dry-run, setgid and setuid: whether the id would be refused
 * (unmapped in a new user namespace, or not ours without the
 * capability), into *p. */
static bool identity_predict(const struct step *s, struct prediction *p)
{
	bool gid = s->kind == STEP_SETGID;
	long long id = s->id.id;

	/* In a new user namespace, we are its root once it has maps: an
	 * id it does not map is refused.  Without a gid map, the kernel
	 * refuses setgroups(2) first, unless it is denied. */
	if (s->id.map && gid && s->id.map->n == 0 && !s->id.denied)
		p->err = EPERM;
	else if (s->id.map)
		p->err = idmap_has(s->id.map, id, false) ? 0 : EINVAL;
	/* Outside one, a change to an id not ours takes the capability;
	 * --setgid drops the supplementary groups too, which takes it
	 * always. */
	else if (gid)
		p->err = has_cap(CAP_SETGID) ? 0 : EPERM;
	else
		p->err = has_cap(CAP_SETUID) ||
				 (id == (long long)getuid() &&
				  id == (long long)geteuid())
			 ? 0 : EPERM;
	if (p->err == 0)
		return false;
	snprintf(p->value, sizeof p->value, "%lld", id);
	snprintf(p->what, sizeof p->what, "%lld", id);
	/* In one, an id unmapped (EINVAL) or no gid map (EPERM). */
	snprintf(p->hint, sizeof p->hint, "%s",
		 s->id.map ? _(hint_unmapped) : "");
	return true;
}
