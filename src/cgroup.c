/* A cgroup of the run's own (see cgroup.h).
 *
 * The new cgroup namespace's root is the cgroup its process is in when it
 * unshares, so the child enters the new cgroup first and unshares its
 * cgroup namespace itself; the parent stays where it was, outside, from
 * where it can kill what is left when the run ends and remove the cgroup
 * (a process cannot leave the root of its own cgroup namespace, nor can a
 * cgroup be removed with a process in it).  The cgroup is known by the
 * descriptor of the directory it is made in and its name, never by a
 * path again: a --mount-cgroup may mount over that path.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cgroup.h"
#include "diagnose.h"
#include "events.h"
#include "fail.h"
#include "i18n.h"
#include "quote.h"
#include "undo.h"

/* The way to a cgroup of one's own, for a user: a scope that systemd
 * delegates. */
#define DELEGATE_HINT                                                       \
	N_("move processes only in a cgroup delegated to you: run it as "   \
	   "systemd-run --user --scope -p Delegate=yes unshare ... (or as " \
	   "root)")

void cgroup_make(const struct step *s, struct run *run)
{
	const char *parent = s->cgroup.parent, *name = s->cgroup.name;
	int dir;

	if (parent == NULL && s->cgroup.error)
		fail(EXIT_TOOL, THIS_STEP, s->cgroup.error, NULL,
		     _("--new-cgroup: reading where your cgroup is "
		       "(/proc/self/mountinfo, /proc/self/cgroup)"));
	if (parent == NULL)
		fail(EXIT_TOOL, THIS_STEP, 0,
		     _("this system mounts no cgroup v2 hierarchy (cgroup2 in "
		       "/proc/self/mountinfo), or this process is in none"),
		     _("--new-cgroup: no cgroup to make it in"));
	if ((dir = open(parent, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		fail(EXIT_TOOL, THIS_STEP, errno, NULL, "--new-cgroup: %s",
		     quoted(parent));
	/* Moving a process takes writing to the cgroup.procs of the common
	 * ancestor of where it is and where it goes: ours. */
	if (faccessat(dir, "cgroup.procs", W_OK, AT_EACCESS) != 0)
		fail(EXIT_TOOL, THIS_STEP, errno, _(DELEGATE_HINT),
		     _("--new-cgroup: cannot move processes in your cgroup, "
		       "%s"), quoted(parent));
	if (mkdirat(dir, name, 0755) != 0) {
		int e = errno;

		fail(EXIT_TOOL, THIS_STEP, e,
		     e == EEXIST ? _("give another name (--new-cgroup=NAME), "
				     "or remove it (rmdir)")
		     : e == EACCES || e == EPERM ? _(DELEGATE_HINT)
						 : NULL,
		     _("--new-cgroup: cannot make the cgroup %s in %s"),
		     quoted(name), quoted(parent));
	}
	run->cgroup_dir = dir;
	run->cgroup_name = name;
	/* From here on, our end or a failure kills what is in it and removes
	 * it: in this process, which stays outside it, not in the child. */
	if (undo_cgroup(dir, name) != 0) {
		int e = errno;

		unlinkat(dir, name, AT_REMOVEDIR);
		fail(EXIT_TOOL, THIS_STEP, e, NULL,
		     _("--new-cgroup: opening the cgroup %s it made"),
		     quoted(name));
	}
}

void cgroup_enter(const struct step *s, struct run *run)
{
	char procs[256];
	int fd, e;

	snprintf(procs, sizeof procs, "%s/cgroup.procs", run->cgroup_name);
	/* "0" is the writer itself, in whatever pid namespace it is. */
	if ((fd = openat(run->cgroup_dir, procs, O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, "0", 1) != 1) {
		e = errno;
		fail(EXIT_TOOL, THIS_STEP, e,
		     e == EBUSY ? _("the kernel keeps processes out of a cgroup "
				    "whose controllers are enabled for its "
				    "children (\"no internal processes\")")
		     : e == EACCES || e == EPERM || e == ENOENT
			     ? _("moving takes write access to the cgroup.procs "
				 "of the common ancestor of both cgroups, and "
				 "both in this cgroup namespace")
			     : NULL,
		     _("--new-cgroup: cannot move into %s"),
		     quoted(s->cgroup.name));
	}
	close(fd);
	if (unshare(CLONE_NEWCGROUP) != 0) {
		e = errno;
		fail(EXIT_TOOL, THIS_STEP, e,
		     e == EPERM ? _("it needs CAP_SYS_ADMIN: run as root or add "
				    "-r")
				: NULL,
		     _("--new-cgroup: unshare(2) of the cgroup namespace in "
		       "it"));
	}
}

bool cgroup_predict(const struct step *s, struct prediction *p)
{
	const char *parent = s->cgroup.parent, *hint = NULL;

	p->err = 0;
	if (parent == NULL) {
		p->err = s->cgroup.error ? s->cgroup.error : ENOENT;
	} else {
		char path[4096];

		snprintf(path, sizeof path, "%s/cgroup.procs", parent);
		if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0) {
			p->err = errno;
			hint = _(DELEGATE_HINT);
		}
		snprintf(path, sizeof path, "%s/%s", parent, s->cgroup.name);
		if (p->err == 0 && access(path, F_OK) == 0) {
			p->err = EEXIST;
			hint = _("give another name (--new-cgroup=NAME), "
				 "or remove it (rmdir)");
		}
	}
	snprintf(p->what, sizeof p->what, "%s", quoted(s->cgroup.name));
	snprintf(p->hint, sizeof p->hint, "%s", hint ? hint : "");
	return p->err != 0;
}

bool cgroup_predict_enter(const struct step *s, struct prediction *p)
{
	return s->cgroup.alone && diagnose_predict_cgroup(p);
}
