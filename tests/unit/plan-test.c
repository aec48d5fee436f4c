/* Unit tests of the tool's own implications, the combination checks,
 * signal names, and the frame of a failure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fail.h"
#include "flags.h"
#include "kinds.h"
#include "options.h"
#include "plan.h"
#include "resolve.h"
#include "sig.h"
#include "tap.h"
#include "offset.h"

/* A plan as the parser leaves it for these flags and options: each
 * option given as the row that sets it. */
static struct plan resolved(unsigned long flags, uint64_t opts)
{
	struct plan p;

	plan_init(&p);
	p.requested = flags;
	p.opts = opts;
	for (uint64_t o = 1; o && o <= opts; o <<= 1)
		if (opts & o)
			plan_give(&p, (size_t)(row_of_opt(o) - option_rows));
	plan_resolve(&p);
	return p;
}

/* Whether what ("--fork", or "pid") was implied by the option trigger
 * ("--pid"). */
static int implied(const struct plan *p, const char *what,
		   const char *trigger)
{
	for (size_t i = 0; i < p->nimplied; i++) {
		const struct implied *im = &p->implied[i];
		const char *name = im->option ? row_name(im->option)
					      : unshare_flags[im->flag].name;

		if (strcmp(what + (what[0] == '-' ? 2 : 0), name) == 0 &&
		    (what[0] == '-') == (im->option != NULL) &&
		    strcmp(trigger + 2, row_name(im->by)) == 0)
			return 1;
	}
	return 0;
}

static void test_rules(void)
{
	struct plan p;

	p = resolved(UNSHARE_PID, 0);
	ok((p.opts & OPT_FORK) && implied(&p, "--fork", "--pid") &&
		   p.nimplied == 1,
	   "--pid brings --fork, with its reason");
	p = resolved(UNSHARE_PID, OPT_NO_FORK);
	ok(!(p.opts & OPT_FORK) && p.nimplied == 0,
	   "--pid --no-fork does not fork");
	p = resolved(UNSHARE_PID, OPT_FORK);
	ok(p.nimplied == 0, "--pid --fork: nothing to imply");
	p = resolved(0, OPT_INIT);
	ok((p.opts & OPT_FORK) && (p.effective & UNSHARE_PID) &&
		   implied(&p, "pid", "--init") &&
		   implied(&p, "--fork", "--init"),
	   "--init brings --pid and --fork");
	p = resolved(0, OPT_KILL_CHILD);
	ok((p.opts & OPT_FORK) && implied(&p, "--fork", "--kill-child"),
	   "--kill-child brings --fork");
	p = resolved(0, OPT_FORWARD);
	ok((p.opts & OPT_FORK) && implied(&p, "--fork", "--forward-signals"),
	   "--forward-signals brings --fork");
	p = resolved(0, 0);
	p.opts = OPT_MAP_USERS | OPT_MAP_GROUPS;
	plan_give(&p, (size_t)(row_of_opt(OPT_MAP_USERS | OPT_MAP_GROUPS) -
			       option_rows));
	plan_resolve(&p);
	ok((p.effective & UNSHARE_USER) && p.nimplied == 1 &&
		   implied(&p, "user", "--map-auto"),
	   "--map-auto brings user, and says so as --map-auto");
	p = resolved(0, OPT_MOUNT_PROC);
	ok(p.effective == (UNSHARE_MOUNT | UNSHARE_FS) &&
		   implied(&p, "mount", "--mount-proc") &&
		   !(p.opts & OPT_FORK),
	   "--mount-proc brings mount (and the closure fs), no fork");
	p = resolved(UNSHARE_MOUNT, OPT_MOUNT_PROC);
	ok(p.nimplied == 0, "--mount --mount-proc: nothing to imply");
	p = resolved(0, 0);
	ok(p.nimplied == 0 && p.opts == 0 && p.effective == 0,
	   "nothing asked, nothing implied");
}

static void conflict(unsigned long flags, unsigned opts, const char *says)
{
	struct plan p = resolved(flags, opts);
	char msg[512];
	const char *c = plan_conflict(&p, msg, sizeof msg);

	if (says)
		ok(c && strstr(c, says), "conflict: %s", c ? c : "(none)");
	else
		ok(c == NULL, "no conflict (got %s)", c ? c : "none");
}

static void test_conflicts(void)
{
	conflict(0, OPT_FORK | OPT_NO_FORK, "--fork and --no-fork exclude");
	conflict(0, OPT_INIT | OPT_NO_FORK, "--init needs a child process");
	conflict(0, OPT_KILL_CHILD | OPT_NO_FORK, "--kill-child needs a child");
	conflict(0, OPT_FORWARD | OPT_NO_FORK,
		 "--forward-signals needs a child process");
	conflict(0, OPT_FORWARD, NULL);
	conflict(0, OPT_JSON, "--json needs --list");
	conflict(0, OPT_JSON | OPT_DRY_RUN, NULL);
	conflict(0, OPT_MAP_ROOT | OPT_MAP_GROUP, NULL);
	conflict(0, OPT_MAP_ROOT | OPT_MAP_CURRENT, NULL);
	conflict(UNSHARE_PID, OPT_FORWARD, NULL);
	conflict(0, OPT_FORWARD | OPT_KILL_CHILD, NULL);
	conflict(UNSHARE_PID, OPT_NO_FORK, NULL);
	conflict(0, OPT_MOUNT_PROC | OPT_NO_FORK, NULL);
}

static void test_signals(void)
{
	char buf[32];

	ok(sig_parse("KILL") == SIGKILL, "KILL");
	ok(sig_parse("sigterm") == SIGTERM, "sigterm");
	ok(sig_parse("SIGUSR1") == SIGUSR1, "SIGUSR1");
	ok(sig_parse("9") == 9, "9");
	ok(sig_parse("RTMIN") == SIGRTMIN, "RTMIN");
	ok(sig_parse("RTMIN+2") == SIGRTMIN + 2, "RTMIN+2");
	ok(sig_parse("RTMAX-1") == SIGRTMAX - 1, "RTMAX-1");
	ok(sig_parse("0") == -1, "0 is not a signal");
	ok(sig_parse("65") == -1, "65 is not a signal");
	ok(sig_parse("-9") == -1, "-9 is not a signal");
	ok(sig_parse("9x") == -1, "9x is not a signal");
	ok(sig_parse("") == -1, "empty is not a signal");
	ok(sig_parse("SIG") == -1, "SIG alone is not a signal");
	ok(sig_parse("NOPE") == -1, "NOPE is not a signal");
	ok(sig_parse("RTMIN+99") == -1, "RTMIN+99 is out of range");
	ok(sig_parse("RTMIN+0") == SIGRTMIN, "RTMIN+0");
	ok(sig_parse("RTMAX-0") == SIGRTMAX, "RTMAX-0");
	ok(sig_parse("rt3") == SIGRTMIN + 3, "rt3 is RTMIN+3, as util-linux reads it");
	ok(sig_parse("SIGIOT") == SIGABRT, "IOT is ABRT");
	ok(sig_parse("cld") == SIGCHLD, "CLD is CHLD");
	ok(sig_parse("POLL") == SIGIO, "POLL is IO");
	ok(sig_parse("RT") == -1, "RT alone is not a signal");
	ok(sig_parse("RTMIN-1") == -1, "RTMIN-1 is not a signal");
	ok(sig_parse("RTMAX+1") == -1, "RTMAX+1 is not a signal");
	/* Each range at its ends, and one past them. */
	snprintf(buf, sizeof buf, "%d", SIGRTMAX);
	ok(sig_parse("1") == 1 && sig_parse(buf) == SIGRTMAX,
	   "1 and %s are signals", buf);
	snprintf(buf, sizeof buf, "%d", SIGRTMAX + 1);
	ok(sig_parse(buf) == -1, "%s is not", buf);
	snprintf(buf, sizeof buf, "RTMIN+%d", SIGRTMAX - SIGRTMIN);
	ok(sig_parse(buf) == SIGRTMAX, "%s is RTMAX", buf);
	snprintf(buf, sizeof buf, "RTMIN+%d", SIGRTMAX - SIGRTMIN + 1);
	ok(sig_parse(buf) == -1, "%s is not a signal", buf);
	snprintf(buf, sizeof buf, "RTMAX-%d", SIGRTMAX - SIGRTMIN);
	ok(sig_parse(buf) == SIGRTMIN, "%s is RTMIN", buf);
	snprintf(buf, sizeof buf, "RTMAX-%d", SIGRTMAX - SIGRTMIN + 1);
	ok(sig_parse(buf) == -1, "%s is not a signal", buf);
	snprintf(buf, sizeof buf, "RT%d", SIGRTMAX - SIGRTMIN);
	ok(sig_parse(buf) == SIGRTMAX, "%s is RTMAX", buf);
	snprintf(buf, sizeof buf, "RT%d", SIGRTMAX - SIGRTMIN + 1);
	ok(sig_parse(buf) == -1, "%s is not a signal", buf);
	ok(sig_parse("HUP") == SIGHUP && sig_parse("SYS") == SIGSYS,
	   "the first and the last names below RTMIN");
	ok(strcmp(sig_name(SIGKILL, buf, sizeof buf), "KILL") == 0, "name of 9");
	ok(strcmp(sig_name(SIGRTMIN + 3, buf, sizeof buf), "RTMIN+3") == 0,
	   "name of RTMIN+3");
	ok(sig_parse(sig_name(SIGWINCH, buf, sizeof buf)) == SIGWINCH,
	   "names round-trip");
}

static void offset(const char *s, int rc, long long sec, long nsec)
{
	struct offset o = { .set = false };
	int got = offset_parse(s, &o);

	if (rc == 0)
		ok(got == 0 && o.set && o.sec == sec && o.nsec == nsec,
		   "offset '%s' is %lld s %ld ns (got %lld %ld)", s, sec, nsec,
		   o.sec, o.nsec);
	else
		ok(got == -1 && !o.set, "offset '%s' is refused", s);
}

static void test_offsets(void)
{
	offset("86400", 0, 86400, 0);
	offset("0", 0, 0, 0);
	offset("+5", 0, 5, 0);
	offset("-3600", 0, -3600, 0);
	offset("1.5", 0, 1, 500000000);
	offset("-1.5", 0, -2, 500000000);
	offset("-0.000000001", 0, -1, 999999999);
	offset("0.123456789", 0, 0, 123456789);
	offset("", -1, 0, 0);
	offset("-", -1, 0, 0);
	offset("1.", -1, 0, 0);
	offset(".5", -1, 0, 0);
	offset("1.0000000001", -1, 0, 0);
	offset("1e3", -1, 0, 0);
	offset("--1", -1, 0, 0);
	offset(" 1", -1, 0, 0);
	offset("1000000000000", 0, 1000000000000LL, 0);
	offset("-1000000000000.5", 0, -1000000000001LL, 500000000);
	offset("1000000000001", -1, 0, 0);
}

static void test_implied_by_setup(void)
{
	struct plan p;

	p = resolved(0, OPT_LOAD_INTERP);
	ok((p.opts & OPT_MOUNT_BINFMT) &&
		   (p.effective & (UNSHARE_USER | UNSHARE_MOUNT)) ==
			   (UNSHARE_USER | UNSHARE_MOUNT) &&
		   p.binfmt_dir &&
		   strcmp(p.binfmt_dir, "/proc/sys/fs/binfmt_misc") == 0,
	   "--load-interp brings --mount-binfmt, user, mount, default dir");
	p = resolved(0, OPT_PROPAGATION);
	ok(p.effective == (UNSHARE_MOUNT | UNSHARE_FS),
	   "--propagation brings mount");
	p = resolved(0, OPT_BOOTTIME);
	ok(p.effective == UNSHARE_TIME, "--boottime brings time");
	p = resolved(0, OPT_MAP_ROOT);
	ok(p.effective & UNSHARE_USER, "--map-root-user brings user");
	p = resolved(0, OPT_KEEP_CAPS);
	ok(p.effective == 0, "--keep-caps brings nothing");
}

static void test_persist_conflict(void)
{
	struct plan p = resolved(UNSHARE_PID, OPT_NO_FORK);
	char msg[512];
	const char *c;

	p.persist[flag_index(UNSHARE_PID)] = "/run/pid";
	c = plan_conflict(&p, msg, sizeof msg);
	ok(c && strstr(c, "--pid=/run/pid needs"),
	   "--pid=FILE --no-fork is refused");
}

/* Every text of a table stored in an array keeps its NUL: one exactly as
 * long as its array would run into the next member, and C takes such an
 * initializer without a word. */
#define ENDED(text) (memchr((text), '\0', sizeof(text)) != NULL)

static void test_table_texts(void)
{
	int options = 1, flags = 1, kinds = 1;

	for (size_t i = 0; i < option_count; i++) {
		const struct option_row *r = &option_rows[i];

		options &= ENDED(r->name) && ENDED(r->arg_name) &&
			   ENDED(r->doc) && ENDED(r->fixed);
	}
	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		flags &= ENDED(f->kernel) && ENDED(f->detaches) &&
			 ENDED(f->ns) && ENDED(f->ns_after) &&
			 ENDED(f->since) && ENDED(f->config) &&
			 ENDED(f->implies_why);
	}
	/* The step table holds pointers to its modules' rows: each kind
	 * has one, with a runner, and texts within the row's bounds, and no
	 * name twice. */
	for (size_t i = 0; i < STEP_NKINDS; i++) {
		const struct step_kind_row *k = step_kinds[i];

		kinds &= k != NULL && k->run != NULL && k->name && k->doc &&
			 *k->name && strlen(k->name) <= STEP_NAME_MAX &&
			 strlen(k->doc) <= STEP_DOC_MAX;
		for (size_t j = 0; kinds && j < i; j++)
			kinds &= strcmp(step_kinds[j]->name, k->name) != 0;
	}
	ok(options, "every text of the option table ends within its array");
	ok(flags, "every text of the flag table ends within its array");
	ok(kinds, "every row of the step table is there, its texts within "
	   "their bounds");
}

/* What frame(what, err, hint) writes on stderr, into out. */
static void framed(const char *what, int err, const char *hint, char *out,
		   size_t size)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n = 0;

	fflush(stderr);
	if (f && saved >= 0 && dup2(fileno(f), STDERR_FILENO) >= 0) {
		frame(what, err, hint);
		fflush(stderr);
		dup2(saved, STDERR_FILENO);
		rewind(f);
		n = fread(out, 1, size - 1, f);
	}
	out[n] = '\0';
	if (saved >= 0)
		close(saved);
	if (f)
		fclose(f);
}

/* An empty hint, given or after the newline of what, is no hint: no
 * empty "hint:" line. */
static void test_frame_empty_hint(void)
{
	char out[512];

	setenv("COLUMNS", "80", 1);
	framed("--x=y: bad", 0, "", out, sizeof out);
	ok(strstr(out, "hint:") == NULL, "an empty hint given: no hint line");
	framed("--x=y: bad\n", 0, NULL, out, sizeof out);
	ok(strstr(out, "hint:") == NULL,
	   "what ending in a newline: no hint line");
	framed("--x=y: bad\nsay more", 0, NULL, out, sizeof out);
	ok(strstr(out, "hint: say more\n") != NULL,
	   "the text after the newline is the hint");
}

int main(void)
{
	test_frame_empty_hint();
	test_table_texts();
	test_offsets();
	test_implied_by_setup();
	test_persist_conflict();
	test_rules();
	test_conflicts();
	test_signals();
	return tap_done();
}
