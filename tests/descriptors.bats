#!/usr/bin/env bats
# What each process of ours holds once the program runs, and who could
# take it.  The waiting parent, the cgroup's watcher and the init keep
# an explicit list of descriptors and close the rest; nothing opened
# with privilege stays in a process another uid can ptrace (pidfd_getfd,
# /proc/PID/fd), and nothing opened before --pivot-root or --root in one
# the program sees (the init, pid 1 of its pid namespace): the program
# itself holds only stdin, stdout, stderr and what the caller passed.
# Looked at from outside (/proc/PID/fd), over a table of the options that
# open or keep descriptors, as root and as nobody; and tried from the
# owner's uid and from inside with pidfd_getfd.

load helpers

setup() {
	common_setup
	require_root
}

teardown() {
	local pid
	for pid in ${RUNS:-}; do
		kill -KILL "$pid" 2>/dev/null || true
	done
	if [ -n "${CG:-}" ] && [ -n "${MINE:-}" ]; then
		rmdir "$MINE/$CG" "$MINE/deleg-$CG/$CG" "$MINE/deleg-$CG" 2>/dev/null || true
	fi
	nobody_cleanup
}

# A root in $NOBODY_DIR/root of a static busybox (Debian's
# busybox-static), with /proc to mount on and a /tmp any user may write;
# $ROOT.
make_root() {
	local bb applet
	bb=$(command -v busybox) ||
		need "busybox is not installed (tools/install-deps installs busybox-static)"
	LC_ALL=C ldd "$bb" 2>&1 | grep -q 'not a dynamic' ||
		need "$bb is not static (tools/install-deps installs busybox-static)"
	nobody_copy
	ROOT=$NOBODY_DIR/root
	mkdir -p "$ROOT/bin" "$ROOT/proc" "$ROOT/tmp"
	cp "$bb" "$ROOT/bin/busybox"
	for applet in sh cat ls readlink; do
		ln -sf busybox "$ROOT/bin/$applet"
	done
	cp "$UNSHARE_TESTLIB/getfd" "$ROOT/bin/getfd"
	chmod -R a+rX "$ROOT"
	chmod 1777 "$ROOT/tmp"
}

# A directory of the test's that nobody may write: $NOBODY_DIR/w.
nobody_dir() {
	nobody_copy
	mkdir -p "$NOBODY_DIR/w"
	chown nobody:nogroup "$NOBODY_DIR/w"
}

# The cgroup v2 hierarchy and this test's cgroup in it, writable, or a
# skip; CG, a name of this test's.
need_cgroup() {
	local hier
	hier=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	[ -n "$hier" ] || need "no cgroup v2 hierarchy is mounted (cgroup2)"
	MINE=$hier$(sed -n 's/^0:://p' /proc/self/cgroup)
	MINE=${MINE%/}
	[ -w "$MINE/cgroup.procs" ] || need "this test's cgroup cannot be written ($MINE)"
	CG=fd$$-$BATS_TEST_NUMBER
}

# The checks, in Python: check.py UNSHARE_PID PIDNS CALLER_FDS HANDOFF.
# The processes are ours (the unshare binary's) and the program (the
# tree's other one).  Each of ours the program sees (with a pid
# namespace of its own, the init) holds no file or directory but
# stdin, stdout and stderr; the program holds no descriptor but those
# and the caller's.  None of ours holds the hand-off's files (their
# names start with HANDOFF): a reader would wait for its end.  A process
# another uid could take from (its /proc/PID/fd not root's: dumpable,
# not root) holds nothing its uid could not open itself: each file or
# directory is tried as that uid, through the link, for the access the
# descriptor gives.  Roles: parent, init, watcher (in a session of its
# own), helper (--KIND=FILE's), program.  Prints one line a process,
# "ROLE: N descriptors", then one a violation, "BAD ...".
CHECK='
import os, sys, stat
top, pidns = int(sys.argv[1]), sys.argv[2] == "1"
caller = set(int(x) for x in sys.argv[3].split())
handoff = sys.argv[4]
ours = os.path.realpath("/proc/%d/exe" % top)
def children(p):
    try:
        return [int(x) for x in open("/proc/%d/task/%d/children" % (p, p)).read().split()]
    except OSError:
        return []
procs, todo = [], [(top, None)]
while todo:
    p, parent = todo.pop()
    procs.append((p, parent))
    todo += [(c, p) for c in children(p)]
def may(uid, gid, path, mode):
    pid = os.fork()
    if pid == 0:
        os.setgroups([]); os.setresgid(gid, gid, gid); os.setresuid(uid, uid, uid)
        os._exit(0 if os.access(path, mode) else 1)
    return os.waitpid(pid, 0)[1] == 0
program = [p for p, _ in procs if os.path.realpath("/proc/%d/exe" % p) != ours]
for p, parent in procs:
    mine = p not in program
    sid = int(open("/proc/%d/stat" % p).read().rsplit(")", 1)[1].split()[3])
    role = "program" if not mine else "parent" if p == top else \
        "init" if any(q in program for q in children(p)) else \
        "watcher" if sid == p else "helper"
    ids = dict(l.split(":", 1) for l in open("/proc/%d/status" % p))
    uid, gid = int(ids["Uid"].split()[0]), int(ids["Gid"].split()[0])
    reachable = os.stat("/proc/%d/fd" % p).st_uid != 0
    fds = sorted(int(x) for x in os.listdir("/proc/%d/fd" % p))
    print("%s: %d descriptors%s" % (role, len(fds), ", dumpable as %d" % uid if reachable else ""))
    for fd in fds:
        link = "/proc/%d/fd/%d" % (p, fd)
        try:
            target = os.readlink(link)
        except OSError:
            continue
        path = target.startswith("/")
        if role == "program" and fd > 2 and fd not in caller:
            print("BAD program holds %d: %s" % (fd, target))
        if mine and target.startswith(handoff):
            print("BAD %s holds the hand-off'"'"'s %d: %s" % (role, fd, target))
        if role == "init" and pidns and fd > 2 and path:
            print("BAD init holds %d: %s" % (fd, target))
        if reachable and path and fd > 2 and mine:
            flags = int(open("/proc/%d/fdinfo/%d" % (p, fd)).read().split("flags:")[1].split()[0], 8)
            acc = flags & 3
            mode = os.X_OK if flags & 0o10000000 else \
                (os.R_OK if acc != 1 else 0) | (os.W_OK if acc else 0)
            if not may(uid, gid, link, mode):
                print("BAD %s (uid %d) holds %d, which it could not open: %s" % (role, uid, fd, target))
'

# row WHO OPTION...: runs unshare with OPTION... (as root, or as nobody
# when WHO is nobody, in the cgroup $DELEG if set) and a program that says it runs and waits, passing
# it descriptors 5 (for --info-fd) and 6 (a byte, for --wait-fd); then
# checks every process of the run (CHECK) and lets it end.  The output
# of the checks, and of the run, in $BATS_TEST_TMPDIR/rows.
row() {
	local who=$1 t=$ROOT/tmp pid wrap=() pidns=0 bin=$UNSHARE_BIN
	shift
	case " $* " in *" --root="* | *" --pivot-root="*) t=/tmp ;; esac
	case " $* " in *" -p "*) pidns=1 ;; esac
	[ "$who" = nobody ] && wrap=(setpriv --reuid=nobody --regid=nogroup --clear-groups --) bin=$NOBODY_BIN
	rm -f "$ROOT/tmp/ready" "$ROOT/tmp/go" "$BATS_TEST_TMPDIR/pid"
	mkfifo -m 666 "$ROOT/tmp/go"
	printf x >"$BATS_TEST_TMPDIR/h.byte"
	(
		exec 3>&- 5>"$BATS_TEST_TMPDIR/h.info" 6<"$BATS_TEST_TMPDIR/h.byte"
		[ -z "${DELEG:-}" ] || echo $BASHPID >"$DELEG/cgroup.procs"
		ls /proc/$BASHPID/fd >"$BATS_TEST_TMPDIR/caller"
		exec "${wrap[@]}" "$bin" "$@" sh -c 'echo $$ >"$1/ready"; read x <"$1/go"' sh "$t"
	) >"$BATS_TEST_TMPDIR/out" 2>&1 </dev/null &
	pid=$!
	RUNS="$RUNS $pid"
	eventually test -s "$ROOT/tmp/ready" || {
		cat "$BATS_TEST_TMPDIR/out"
		fail "row $who $*: the program did not start"
	}
	{
		echo "row $who $*"
		python3 -c "$CHECK" "$pid" "$pidns" "$(tr '\n' ' ' <"$BATS_TEST_TMPDIR/caller")" \
			"$BATS_TEST_TMPDIR/h."
	} >>"$BATS_TEST_TMPDIR/rows" 2>&1
	echo >"$ROOT/tmp/go"
	wait "$pid" || {
		cat "$BATS_TEST_TMPDIR/out"
		fail "row $who $*: ended with $?"
	}
}

# The rows said, and none bad; each row has its processes (LINES: the
# number of lines expected).
assert_rows() {
	run cat "$BATS_TEST_TMPDIR/rows"
	refute_line --partial BAD
	assert_equal "${#lines[@]}" "$1"
}

@test "--init: pid 1 holds nothing from before --pivot-root (the caller's /proc, the pid file's directory): the program cannot leave through it" {
	require_userns_for_nobody
	make_root
	nobody_dir
	run as_nobody "$NOBODY_BIN" -U -r -p --init --mount-proc --pivot-root="$ROOT" \
		--pid-file="$NOBODY_DIR/w/pid" --info-fd=5 \
		sh -c 'for f in /proc/1/fd/*; do echo "${f##*/} $(readlink "$f")"; done' \
		5>"$BATS_TEST_TMPDIR/info" </dev/null
	assert_success
	# 0, 1 and 2 (the caller's), and the report to the waiting parent:
	# none of the caller's /proc, its /proc/self, FILE's directory.
	assert_line '0 /dev/null'
	refute_line --regexp '^[0-9]+ /(proc|tmp)'
	refute_output --partial "$NOBODY_DIR"
	run unshare -m -p --init --mount-proc --pivot-root="$ROOT" --pid-file="$BATS_TEST_TMPDIR/pid" \
		sh -c 'for f in /proc/1/fd/*; do echo "${f##*/} $(readlink "$f")"; done' </dev/null
	assert_success
	assert_line '0 /dev/null'
	refute_line --regexp '^[0-9]+ /(proc|tmp)'
}

@test "the table: no process the program sees holds what leads outside the new root; no dumpable one holds what it could not open" {
	require_userns_for_nobody
	make_root
	nobody_dir
	local pf=--pid-file=$NOBODY_DIR/w/pid rpf=--pid-file=$BATS_TEST_TMPDIR/pid
	row root -m -p --init --mount-proc --pivot-root="$ROOT" "$rpf" --info-fd=5
	row root -U -r -p --init --mount-proc --pivot-root="$ROOT" "$rpf" --info-fd=5 --wait-fd=6
	row root -U -r -p -f --mount-proc --root="$ROOT" "$rpf"
	row root -m -f --root="$ROOT" --info-fd=5 --wait-fd=6
	row nobody -U -r -p --init --mount-proc --pivot-root="$ROOT" "$pf" --info-fd=5 --wait-fd=6
	row nobody -U -r -f --root="$ROOT" "$pf" --wait-fd=6
	row nobody -U -r -p --init --mount-proc --root="$ROOT" --info-fd=5
	row nobody -U -r -f --pivot-root="$ROOT" --info-fd=5 --wait-fd=6
	# The helper that keeps a namespace in a file lasts the run too.
	touch "$BATS_TEST_TMPDIR/net"
	row root -f --net="$BATS_TEST_TMPDIR/net" -p --init --info-fd=5 --wait-fd=6
	umount "$BATS_TEST_TMPDIR/net"
	cat "$BATS_TEST_TMPDIR/rows" >&3
	# Nine rows: four with an init (4 lines), four without (3 lines),
	# one with an init and a helper.
	assert_rows $((4 * 4 + 4 * 3 + 5))
	run grep -c '^init: ' "$BATS_TEST_TMPDIR/rows"
	assert_output 5
	run grep -c '^helper: ' "$BATS_TEST_TMPDIR/rows"
	assert_output 1
}

@test "the table with --new-cgroup and --owner: the watcher is undumpable, the waiting parent holds nothing root opened" {
	require_userns_for_nobody
	make_root
	need_cgroup
	row root --new-cgroup="$CG" --owner=65534:65534 -r "--info-fd=5"
	row root --new-cgroup="$CG" --owner=65534:65534 -r -p --init --mount-proc --pivot-root="$ROOT" --info-fd=5 --wait-fd=6
	row root --new-cgroup="$CG" -p --init --mount-proc --root="$ROOT"
	# Nobody's, in a cgroup delegated to it: the watcher is nobody's
	# too, and reachable but for its being undumpable.
	DELEG=$MINE/deleg-$CG
	mkdir "$DELEG"
	chown nobody:nogroup "$DELEG" "$DELEG/cgroup.procs" "$DELEG/cgroup.threads" \
		"$DELEG/cgroup.subtree_control"
	row nobody --new-cgroup="$CG" -U -r -p --init --mount-proc --pivot-root="$ROOT" --info-fd=5
	DELEG=
	cat "$BATS_TEST_TMPDIR/rows" >&3
	assert_rows $((4 + 5 + 5 + 5))
	run grep -c '^watcher: ' "$BATS_TEST_TMPDIR/rows"
	assert_output 4
	# The parent, the owner's or nobody's, is one another uid could
	# reach: its descriptors were each tried as that uid.
	run grep -c '^parent: .*dumpable as 65534' "$BATS_TEST_TMPDIR/rows"
	assert_output 3
	run grep -c '^watcher: .*dumpable' "$BATS_TEST_TMPDIR/rows"
	assert_output 0
}

@test "--owner with --new-cgroup: pidfd_getfd, from the owner's uid and from inside, takes nothing root opened from the waiting unshare" {
	require_userns_for_nobody
	make_root
	need_cgroup
	[ -e /proc/self/fdinfo ] || need "no /proc/self/fdinfo"
	local pid
	mkfifo -m 666 "$ROOT/tmp/go"
	unshare --new-cgroup="$CG" --owner=65534:65534 -r sh -c 'echo $$ >"$1/ready"; read x <"$1/go"' sh "$ROOT/tmp" \
		3>&- </dev/null >/dev/null 2>&1 &
	pid=$!
	RUNS=$pid
	eventually test -s "$ROOT/tmp/ready" || fail "the program did not start"
	run as_nobody "$ROOT/bin/getfd" "$pid"
	echo >"$ROOT/tmp/go"
	wait "$pid"
	assert_success
	refute_output --partial cgroup
	refute_output --regexp ' /[^ ]* (w|rw)$'
	# The syscall works here: the waiting unshare's stdin was taken.
	[ "${lines[0]}" = "0 /dev/null r" ] || [[ $output == refused* ]] ||
		need "pidfd_getfd (Linux 5.6)"
	# From inside: the program, root of the owner's user namespace,
	# tries its parent, the waiting unshare.
	run unshare --new-cgroup="$CG" --owner=65534:65534 -r sh -c 'exec "$1" $PPID' sh "$ROOT/bin/getfd"
	assert_success
	refute_output --partial cgroup
	refute_output --regexp ' /[^ ]* (w|rw)$'
	assert_line --regexp '^0 '
}
