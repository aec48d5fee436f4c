#!/usr/bin/env bats
# What container scripts ask of unshare: a hostname (--hostname,
# --domainname), a new root where a container works (--pivot-root, where
# --root's chroot cannot nest a user namespace), a hand-off before the
# exec (--info-fd, --pid-file, --wait-fd), no_new_privs, and --dry-run
# as a check.  As root, and as nobody with a user namespace of its own.

load helpers

teardown() {
	[ -z "${SHARED:-}" ] || umount -R "$SHARED"
	nobody_cleanup
}

# The host's names, read as the test shell's UTS namespace has them.
host_names() {
	cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
}

# busybox_root: a root in $NOBODY_DIR/root made of a static busybox
# (Debian's busybox-static), with /proc and /tmp to mount on, which
# nobody can reach.
busybox_root() {
	local bb applet
	bb=$(command -v busybox) ||
		need "busybox is not installed (tools/install-deps installs busybox-static)"
	LC_ALL=C ldd "$bb" 2>&1 | grep -q 'not a dynamic' ||
		need "$bb is not static (tools/install-deps installs busybox-static)"
	nobody_copy
	ROOT=$NOBODY_DIR/root
	mkdir -p "$ROOT/bin" "$ROOT/proc" "$ROOT/tmp"
	cp "$bb" "$ROOT/bin/busybox"
	for applet in sh cat cut unshare hostname pwd; do
		ln -s busybox "$ROOT/bin/$applet"
	done
	chmod -R a+rX "$ROOT"
}

# our_root: a root in $NOBODY_DIR/ours holding our unshare as /unshare,
# with the libraries it loads.
our_root() {
	local lib
	nobody_copy
	OURS=$NOBODY_DIR/ours
	mkdir -p "$OURS"
	cp "$NOBODY_BIN" "$OURS/unshare"
	for lib in $(ldd "$UNSHARE_BIN" 2>/dev/null |
		awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		cp --parents -L "$lib" "$OURS"
	done
	chmod -R a+rX "$OURS"
}

# A directory of the test's that nobody may write: $NOBODY_DIR/w.
nobody_dir() {
	nobody_copy
	mkdir -p "$NOBODY_DIR/w"
	chown nobody:nogroup "$NOBODY_DIR/w"
}

# json FILE EXPRESSION: EXPRESSION of the document d in FILE, in Python.
json() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$@"
}

# A hand-off's document is written whole when it ends with its newline.
written() {
	[ -s "$1" ] && [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]
}

@test "--hostname and --domainname name the new UTS namespace, and it alone; they imply --uts" {
	require_root
	local before
	before=$(host_names)
	run unshare --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	assert_equal "$(host_names)" "$before"
	run unshare --dry-run --hostname=box true
	assert_success
	assert_line --regexp '^implied +uts +by --hostname$'
	assert_line 'hostname     set the hostname: box'
	# Set before the ids change: the program runs as another user.
	run unshare --hostname=box2 --setuid=65534 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
}

@test "nobody: --hostname with -r and with -c, set while the new user namespace's creator may" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	run as_nobody "$NOBODY_BIN" -c --hostname=box2 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
	# Without a user namespace, the kernel's refusal, foreseen too.
	run as_nobody "$NOBODY_BIN" --hostname=box true
	assert_failure 125
	run as_nobody "$NOBODY_BIN" --dry-run --hostname=box true
	assert_failure 125
}

@test "a name longer than 64 bytes is refused when the command line is read" {
	local name64 name65
	name64=$(printf 'a%.0s' {1..64})
	name65=${name64}b
	plan --hostname="$name64" --domainname="$name64" true
	assert_success
	for option in hostname domainname; do
		run unshare --"$option=$name65" touch ran
		assert_failure 125
		assert_said "--$option=$name65" "at most 64 bytes"
		[ ! -e ran ]
	done
}

@test "--pivot-root: a nested user namespace works where --root's chroot fails; the mount table holds the new root's mounts alone" {
	require_root
	busybox_root
	mounts_snapshot
	run unshare -m --pivot-root="$ROOT" --mount-proc -pf --hostname=box sh -c '
		unshare -U true && echo nested; hostname; pwd; cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'nested\nbox\n/\n/\n/proc'
	# --root is util-linux's chroot(2): the kernel refuses the nested one.
	run unshare -m --root="$ROOT" --mount-proc -pf sh -c 'unshare -U true && echo nested'
	assert_failure
	assert_output --partial 'Operation not permitted'
	refute_output --partial nested
	# The new root's mount stays in its mount namespace.
	assert_no_new_mounts
	# --wd goes from the new /.
	run unshare -m --pivot-root="$ROOT" --wd=/tmp pwd
	assert_success
	assert_output /tmp
}

@test "--pivot-root: a DIR that is no mount's root is bound with the mounts under it, which the new root keeps" {
	require_root
	busybox_root
	# A mount under DIR, in a mount namespace of the test's own (util-
	# linux's -m: private), which the run's is a copy of.
	mkdir "$ROOT/under"
	run /usr/bin/unshare -m sh -c 'mount -t tmpfs -o size=1m none "$1/under" &&
		echo under >"$1/under/mark" && exec "$2" -m --pivot-root="$1" cat /under/mark' \
		sh "$ROOT" "$UNSHARE_BIN"
	assert_success
	assert_output under
	[ ! -e "$ROOT/under/mark" ]
}

@test "--pivot-root with a new user namespace: a DIR that is a mount point of the caller's (locked there) is bound too, which pivot_root(2) takes" {
	require_root
	busybox_root
	mounts_snapshot
	# In a mount namespace of the test's own, DIR a mount point.
	run /usr/bin/unshare -m sh -c 'mount --bind "$1" "$1" && exec "$2" -r --pivot-root="$1" pwd' \
		sh "$ROOT" "$UNSHARE_BIN"
	assert_success
	assert_output /
	assert_no_new_mounts
}

@test "nobody: -rm --pivot-root=DIR --mount-proc -pf --hostname=box, a container from a directory" {
	require_userns_for_nobody
	busybox_root
	run as_nobody "$NOBODY_BIN" -rm --pivot-root="$ROOT" --mount-proc -pf --hostname=box sh -c '
		unshare -U true && echo nested; hostname; cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'nested\nbox\n/\n/proc'
	run as_nobody "$NOBODY_BIN" -rm --root="$ROOT" --mount-proc -pf sh -c 'unshare -U true && echo nested'
	assert_failure
	refute_output --partial nested
}

@test "--root's refusal to nest a user namespace says to use --pivot-root" {
	require_userns_for_nobody
	our_root
	run as_nobody "$NOBODY_BIN" -r --root="$OURS" /unshare -U /unshare --version
	assert_failure 125
	assert_said "Operation not permitted"
	assert_said "chrooted" "--pivot-root"
	run as_nobody "$NOBODY_BIN" -rm --pivot-root="$OURS" /unshare -U /unshare --version
	assert_success
	# (No index: without /proc, a sanitizer build warns first.)
	assert_line --regexp '^unshare '
}

@test "--pivot-root refused with --root, with shared or unchanged propagation (shared alone in a new user namespace); a DIR not there is said, and foreseen" {
	run unshare --pivot-root=/ --root=/ true
	assert_failure 125
	assert_said "--pivot-root and --root exclude each other"
	for mode in shared unchanged; do
		run unshare --pivot-root=/ --propagation=$mode true
		assert_failure 125
		assert_said "--propagation=$mode and --pivot-root exclude each other"
	done
	run unshare -r --pivot-root=/ --propagation=shared true
	assert_failure 125
	assert_said "--propagation=shared and --pivot-root exclude each other"
	require_root
	run unshare -m --pivot-root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	assert_said "--pivot-root=$BATS_TEST_TMPDIR/none" "No such file or directory"
	run unshare --dry-run --json -m --pivot-root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	run parse_json "$output" '[(x["step"], x["errno"]) for x in p["predictions"]]'
	# The program too is looked for in the new root.
	assert_output "[('pivot-root', 'ENOENT'), ('exec', 'ENOENT')]"
	# Slave propagation keeps / unshared: it works.
	busybox_root
	run unshare -m --propagation=slave --pivot-root="$ROOT" hostname
	assert_success
	# DIR given relative, as the cwd itself or under it.
	run sh -c 'cd "$1" && "$2" -m --pivot-root=. pwd' sh "$ROOT" "$UNSHARE_BIN"
	assert_success
	assert_output /
	run sh -c 'cd "$1/.." && "$2" -m --pivot-root=root pwd' sh "$ROOT" "$UNSHARE_BIN"
	assert_success
	assert_output /
	# In a new user namespace the caller's shared mounts are slaves of
	# theirs, shared no more: the new root, in a directory bound shared
	# here, is taken with unchanged, and nothing of it is seen outside.
	SHARED=$NOBODY_DIR
	mount --bind "$SHARED" "$SHARED"
	mount --make-shared "$SHARED"
	run unshare -r --propagation=unchanged --pivot-root="$ROOT" --mount-proc -pf sh -c 'cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'/\n/proc'
	run grep -c " $SHARED/" /proc/self/mountinfo
	assert_output 0
}

@test "-r --pivot-root to a DIR that is a mount point: bound again in the new user namespace, where the copy of it is locked; the dry run agrees" {
	require_root
	busybox_root
	SHARED=$ROOT
	mount --bind "$ROOT" "$ROOT"
	mounts_snapshot
	run unshare -r --pivot-root="$ROOT" --mount-proc -pf sh -c 'cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'/\n/proc'
	run unshare --dry-run -r --pivot-root="$ROOT" --mount-proc -pf pwd
	assert_success
	refute_output --partial "would fail"
	# Without one, it is taken as it is.
	run unshare --pivot-root="$ROOT" --mount-proc -pf sh -c 'cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'/\n/proc'
	assert_no_new_mounts
}

@test "--pivot-root walks its DIR as the --mount-* DIRs: another user's link refused; a DIR that leaves the new root refused" {
	require_root
	busybox_root
	mkdir -m 1777 sticky
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- ln -s "$ROOT" sticky/root
	run unshare -m --pivot-root="$PWD/sticky/root" touch /tmp/ran # in the new root
	assert_failure 125
	assert_said "--pivot-root=$PWD/sticky/root" "link owned by uid $(id -u nobody)"
	# Root's own link is followed.
	ln -s "$ROOT" mine
	run unshare -m --pivot-root="$PWD/mine" pwd
	assert_success
	assert_output /
	# /.. under the new root is the old root, on top of it until the
	# end: proc would be mounted there, and leave with it.
	# As typed, refused with the plan (by the dry run too); through a
	# link in the new root, by the walk.
	for dry in "" --dry-run; do
		for dir in /../../proc /proc/../../proc ../proc; do
			run unshare $dry -m -pf --pivot-root="$ROOT" --mount-proc=$dir touch /tmp/ran # in the new root
			assert_failure 125
			assert_said "--mount-proc=$dir" "leads out of the root" "/.. is the old root"
		done
		run unshare $dry -m --pivot-root="$ROOT" --wd=/.. touch ran
		assert_failure 125
		assert_said "--wd=/.." "leads out of the root"
	done
	ln -s /../proc "$ROOT/up"
	run unshare -m -pf --pivot-root="$ROOT" --mount-proc=/up touch /tmp/ran # in the new root
	assert_failure 125
	assert_said "--mount-proc=/up" "leads out of the root"
	[ ! -e "$ROOT/tmp/ran" ] && [ ! -e ran ]
	run unshare -m -pf --pivot-root="$ROOT" --mount-proc=/tmp/../proc cat /proc/self/stat # in the new root
	assert_success
	assert_output --regexp '^1 \(cat\)'
}

@test "--pivot-root: a --wd whose .. reaches / stays in the new root; one through a link out of it is refused, and foreseen" {
	require_root
	busybox_root
	local inode
	inode=$(stat -c %i "$ROOT")
	# The program's cwd is the new root's /, never the old root on top
	# of it until the end (whose / holds the host's files).
	for wd in /bin/.. bin/.. ./bin/../tmp/..; do # in the new root
		run unshare -m --pivot-root="$ROOT" --wd=$wd busybox stat -c %i .
		assert_success
		assert_output "$inode"
	done
	ln -s /.. "$ROOT/up"
	ln -s ../bin/../.. "$ROOT/tmp/up"
	for wd in /up /tmp/up; do # in the new root
		run unshare -m --pivot-root="$ROOT" --wd=$wd pwd
		assert_failure 125
		assert_said "--wd=$wd" "leads out of the root"
	done
	# An absolute link is foreseen (a relative one is walked from the
	# caller's / by the dry run, and cannot be told).
	run unshare --dry-run -m --pivot-root="$ROOT" --wd=/up pwd
	assert_failure 125
	assert_said "would fail" "/up"
	# As nobody, in a user namespace of its own, whose root it owns.
	chown -h nobody:nogroup "$ROOT/up"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
		"$NOBODY_BIN" -U -r --pivot-root="$ROOT" --wd=/up pwd
	assert_failure 125
	assert_said "--wd=/up" "leads out of the root"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
		"$NOBODY_BIN" --dry-run -U -r --pivot-root="$ROOT" --wd=/up pwd
	assert_failure 125
}

@test "--dry-run: a FILE or DIR walked through /.. is foreseen, never a crash" {
	require_root
	busybox_root
	ln -s /.. "$ROOT/up"
	run unshare --dry-run --net="/../$BATS_TEST_TMPDIR/netns" true
	assert_failure 125
	assert_said "would fail" "--net=/../$BATS_TEST_TMPDIR/netns"
	run unshare --dry-run -m -pf --pivot-root="$ROOT" --mount-proc=/up true
	assert_failure 125
	assert_said "would fail" "/up"
}

@test "inside the new root, say so: a missing directory to make there, a program looked for there" {
	require_root
	busybox_root
	rmdir "$ROOT/proc"
	for opt in --root --pivot-root; do
		run unshare -m -pf $opt="$ROOT" --mount-proc /bin/true
		assert_failure 125
		assert_said "--mount-proc=/proc" "No such file or directory" "inside $opt=$ROOT" "make $ROOT/proc"
		run unshare -m $opt="$ROOT" --wd=/nowhere /bin/true
		assert_failure 125
		assert_said "--wd=/nowhere" "inside $opt=$ROOT" "make $ROOT/nowhere"
		run -127 unshare -m $opt="$ROOT" no-such-program
		assert_said "'no-such-program'" "looked for inside $opt=$ROOT"
		run -127 env SHELL=/bin/no-such-shell "$UNSHARE_BIN" -m $opt="$ROOT"
		assert_said "/bin/no-such-shell" "looked for inside $opt=$ROOT"
	done
}

# parse_json DOCUMENT EXPRESSION: EXPRESSION of the plan p of DOCUMENT.
parse_json() {
	python3 -c 'import json, sys; p = json.loads(sys.argv[1])["plan"]; print(eval(sys.argv[2]))' "$@"
}

# info_matches FILE: the hand-off's document in FILE has our version, its
# pid is the program's (a sleep), and each namespace's inode is what
# /proc shows from outside; with --init, init_pid is its parent.
info_matches() {
	local version pid init_pid types='' type inode ns
	wait_for_file "$1"
	eventually written "$1" || fail "$1 is not whole"
	# The document read once: its version, pid and init_pid, then each
	# namespace, "TYPE INODE" a line, in order.
	{
		read -r version
		read -r pid
		read -r init_pid
		mapfile -t ns
	} < <(json "$1" '"\n".join([str(d["version"]), str(d["pid"]), str(d.get("init_pid"))] +
		["%s %s" % (t, d["ns"][t]) for t in sorted(d["ns"])])')
	assert_equal "$version" 4
	[[ $(tr '\0' ' ' <"/proc/$pid/cmdline") == sleep* ]] || fail "pid $pid is not the program"
	for type in "${ns[@]}"; do
		inode=${type#* } type=${type%% *}
		assert_equal "$(readlink "/proc/$pid/ns/$type")" "$type:[$inode]"
		types+=${types:+ }$type
	done
	assert_equal "$types" "cgroup ipc mnt net pid time user uts"
	if [ -n "${2:-}" ]; then
		assert_equal "$init_pid" "$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status")"
	fi
	kill -KILL "$pid"
}

@test "--info-fd: one JSON document, the pid as the caller sees it and the inodes of its namespaces, then the FD closed" {
	require_root
	"$UNSHARE_BIN" -n -pf --mount-proc --info-fd=8 sleep 60 8>info.json &
	bg=$!
	info_matches info.json
	wait "$bg" || true
	"$UNSHARE_BIN" -n -pf --mount-proc --init --info-fd=8 sleep 60 8>info.json &
	bg=$!
	info_matches info.json init
	wait "$bg" || true
	assert_equal "$(json info.json '"init_pid" in d')" True
	# The program does not get the FD.
	run unshare --info-fd=8 sh -c 'if test -e /proc/self/fd/8; then echo open; fi' 8>/dev/null
	assert_success
	assert_output ''
}

# The FD is the program's: no process of ours that waits keeps it (the
# parent with --fork, the init, the cgroup's watcher), so a reader of it
# meets its end while the program waits for --wait-fd's byte.
@test "--info-fd reaches its end while the program waits: with a fork, an init, a cgroup of its own" {
	require_root
	local options
	for options in -f "-pf --init" "-f --new-cgroup=ut-$$-info"; do
		rm -f info go
		mkfifo info go
		# shellcheck disable=SC2086 # the options are words
		"$UNSHARE_BIN" -n $options --info-fd=3 --wait-fd=4 true 4<go 3>info &
		bg=$!
		exec 5>go
		run timeout 5 cat info
		exec 5>&-
		wait "$bg" || true
		assert_success
		assert_output --regexp '^\{"version":4,"pid":[0-9]+,'
	done
}

@test "nobody: --info-fd of a run in a user namespace of its own" {
	require_userns_for_nobody
	nobody_dir
	as_nobody "$NOBODY_BIN" -rn -pf --mount-proc --info-fd=8 sleep 60 8>"$NOBODY_DIR/w/info.json" &
	bg=$!
	info_matches "$NOBODY_DIR/w/info.json"
	wait "$bg" || true
}

@test "--pid-file: the pid whole (linked into place), by the parent whatever user the program is, removed at the end" {
	require_root
	"$UNSHARE_BIN" -p --mount-proc --init --pid-file="$PWD/pid" --info-fd=8 --setuid=65534 sleep 60 8>info.json &
	bg=$!
	wait_for_file pid
	eventually written info.json
	# The program's pid, not the init's, in a directory nobody may not
	# write: the parent wrote it.
	assert_equal "$(cat pid)" "$(json info.json 'd["pid"]')"
	assert_equal "$(awk '/^Uid:/ { print $2 }' "/proc/$(cat pid)/status")" 65534
	kill -KILL "$(cat pid)"
	wait "$bg" || true
	[ ! -e pid ]
	run ls -A
	assert_output info.json
	# Whole: a file with no name (which a SIGKILL leaves nowhere),
	# written, then linked as FILE.
	strace -f -qq -e trace=openat,linkat,renameat,renameat2,rename -o trace "$UNSHARE_BIN" --pid-file=pid true
	run grep -E 'openat\(.*O_TMPFILE' trace
	assert_success
	run grep -E 'linkat\(.*"pid"' trace
	assert_success
	run grep -E 'rename' trace
	assert_failure
	run ls -A
	assert_output $'info.json\ntrace'
	# It implies --fork, and needs it.
	run unshare --dry-run --pid-file=pid true
	assert_line --regexp '^implied +--fork +by --pid-file$'
	run unshare --no-fork --pid-file=pid true
	assert_failure 125
	assert_said "--pid-file needs a child process" "--no-fork"
}

@test "--pid-file: unshare killed by SIGKILL as it writes the file, or replaces a stale one, leaves nothing of its own" {
	require_root
	local fifo=$BATS_TEST_TMPDIR/hold
	mkdir dir
	mkfifo "$fifo"
	env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" UNSHARE_TEST_HOLD="$fifo" \
		UNSHARE_TEST_HOLD_AT=pidfile "$UNSHARE_PRELOAD_BIN" --pid-file="$PWD/dir/pid" true 2>/dev/null 3>&- &
	wait_for_file "$fifo.ready"
	kill -KILL "$(cat "$fifo.ready")"
	wait || true
	run ls -A dir
	assert_output ""
	# A stale one (a run killed) is replaced the same way: held at the
	# second write, once the first link found it.
	echo 999999999 >dir/pid
	env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" UNSHARE_TEST_HOLD="$fifo" \
		UNSHARE_TEST_HOLD_AT=pidfile "$UNSHARE_PRELOAD_BIN" --pid-file="$PWD/dir/pid" true 2>/dev/null 3>&- &
	wait_for_file "$fifo.ready"
	rm "$fifo.ready"
	echo >"$fifo"
	wait_for_file "$fifo.ready"
	# Held at the second write, or (under load) already at its end,
	# where it removed its own file: nothing of it either way.
	kill -KILL "$(cat "$fifo.ready")" 2>/dev/null || true
	wait || true
	run ls -A dir
	assert_output ""
}

@test "--pid-file: unshare killed as it writes the file, its child waiting for the answer ends, the program never runs" {
	require_root
	local fifo=$BATS_TEST_TMPDIR/hold parent child
	mkfifo "$fifo"
	env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" UNSHARE_TEST_HOLD="$fifo" \
		UNSHARE_TEST_HOLD_AT=pidfile "$UNSHARE_PRELOAD_BIN" --pid-file="$PWD/pid" touch ran 2>/dev/null 3>&- &
	wait_for_file "$fifo.ready"
	parent=$(cat "$fifo.ready")
	child=$(cat /proc/"$parent"/task/*/children)
	kill -KILL "$parent"
	wait || true
	child=${child%% *}
	[ -n "$child" ]
	# The child holds no end of the parent's: the parent gone, it hears
	# end of file, not an answer it would wait for for ever.
	gone "$child" || { kill -KILL "$child"; fail "the child still waits for the parent's answer"; }
	[ ! -e ran ]
}

@test "--pid-file: a file put in its place meanwhile (another run's, ours read as stale) is kept at the end" {
	require_root
	mkfifo go
	"$UNSHARE_BIN" --pid-file="$PWD/pid" cat go &
	wait_for_file pid
	rm pid
	echo 1 >pid
	echo >go
	wait
	assert_equal "$(cat pid)" 1
	# Ours, there at the end, is removed.
	"$UNSHARE_BIN" --pid-file="$PWD/mine" cat go &
	wait_for_file mine
	echo >go
	wait
	[ ! -e mine ]
}

@test "--pid-file: an unguessable name of its own; another run's file kept, a stale one replaced" {
	require_root
	# Names of the old, guessable form, made first by another user in a
	# sticky directory, for the next pids: no matter.
	mkdir -m 1777 sticky
	last=$(cat /proc/sys/kernel/ns_last_pid)
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- sh -c '
		i=1; while [ $i -le 300 ]; do : >"$1/.unshare-$(($2 + i)).pid"; i=$((i + 1)); done' sh sticky "$last"
	run unshare --pid-file=sticky/pid cat sticky/pid
	assert_success
	assert_output --regexp '^[0-9]+$'
	# A run whose program runs holds its file: a second is refused,
	# naming the file, and the first's is left as it was.
	"$UNSHARE_BIN" --pid-file="$PWD/pid" sleep 60 &
	wait_for_file pid
	first=$(cat pid)
	run unshare --pid-file="$PWD/pid" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/pid" "File exists" "another run"
	# Foreseen by the dry run.
	run unshare --dry-run --pid-file="$PWD/pid" touch ran
	assert_failure 125
	assert_said "would fail" "$PWD/pid" "File exists" "another run"
	# With standard input closed, the file is read on descriptor 0.
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --dry-run --pid-file="$PWD/pid" touch ran
	assert_failure 125
	assert_said "would fail" "File exists" "another run"
	assert_equal "$(cat pid)" "$first"
	[ ! -e ran ]
	# The first link's EEXIST is the answer: not tried again through
	# /proc/self/fd, nor by a rename.
	strace -f -qq -e trace=linkat,renameat,renameat2,rename -o trace "$UNSHARE_BIN" --pid-file="$PWD/pid" touch ran 2>/dev/null || true
	run grep -cE 'linkat\(.*"pid"' trace
	assert_output 1
	run grep -E 'proc/self/fd|rename' trace
	assert_failure
	rm trace
	kill -KILL "$first"
	wait || true
	# One left by a run killed (its pid gone) is replaced.
	echo "$first" >pid
	run unshare --pid-file="$PWD/pid" cat pid
	assert_success
	[ "$output" != "$first" ]
	run ls -A
	assert_output sticky
}

@test "--pid-file: a file there that cannot be read, or is another user's to replace in a sticky directory, is kept and the run refused, saying why" {
	require_root
	nobody_copy
	mkdir -m 1777 "$NOBODY_DIR/sticky"
	# Under --user the parent that writes it is in the new namespace,
	# where a file of nobody's (unmapped) cannot be read: whether the
	# pid it holds runs cannot be told, so it is not replaced.
	echo $$ >"$NOBODY_DIR/sticky/pid"
	chown nobody:nogroup "$NOBODY_DIR/sticky/pid"
	chmod 600 "$NOBODY_DIR/sticky/pid"
	run unshare -U -r --pid-file="$NOBODY_DIR/sticky/pid" touch ran
	assert_failure 125
	assert_said "--pid-file=$NOBODY_DIR/sticky/pid" "Permission denied" "cannot be read" "give another file"
	assert_equal "$(cat "$NOBODY_DIR/sticky/pid")" "$$"
	[ ! -e ran ]
	# Root's file, as nobody: unreadable, then stale but not nobody's to
	# remove; foreseen by the dry run.
	rm "$NOBODY_DIR/sticky/pid"
	echo $$ >"$NOBODY_DIR/sticky/pid"
	chmod 600 "$NOBODY_DIR/sticky/pid"
	run as_nobody "$NOBODY_BIN" --pid-file="$NOBODY_DIR/sticky/pid" true
	assert_failure 125
	assert_said "--pid-file=$NOBODY_DIR/sticky/pid" "Permission denied" "cannot be read"
	run as_nobody "$NOBODY_BIN" --dry-run --pid-file="$NOBODY_DIR/sticky/pid" true
	assert_failure 125
	assert_said "would fail" "Permission denied" "cannot be read"
	chmod 644 "$NOBODY_DIR/sticky/pid"
	echo 2147483647 >"$NOBODY_DIR/sticky/pid"
	run as_nobody "$NOBODY_BIN" --pid-file="$NOBODY_DIR/sticky/pid" true
	assert_failure 125
	assert_said "--pid-file=$NOBODY_DIR/sticky/pid" "Operation not permitted" "sticky directory" "give another file"
	run as_nobody "$NOBODY_BIN" --dry-run --pid-file="$NOBODY_DIR/sticky/pid" true
	assert_failure 125
	assert_said "would fail" "Operation not permitted" "sticky directory"
	assert_equal "$(cat "$NOBODY_DIR/sticky/pid")" 2147483647
	[ "$(stat -c %U "$NOBODY_DIR/sticky/pid")" = root ]
	# Nobody's stale file in a sticky directory of another user's, as
	# root: root may remove it; the dry run says so too.
	chown nobody:nogroup "$NOBODY_DIR/sticky/pid"
	chown 12345 "$NOBODY_DIR/sticky"
	run unshare --dry-run --pid-file="$NOBODY_DIR/sticky/pid" true
	assert_success
	refute_output --partial "would fail"
	run unshare --pid-file="$NOBODY_DIR/sticky/pid" stat -c %U "$NOBODY_DIR/sticky/pid"
	assert_success
	assert_output root
}

@test "--pid-file: an empty file, or one that names no process (0, -1, a word), is stale: replaced, and foreseen so by --dry-run" {
	require_root
	# strtol reads each as 0 or less: no pid, where kill(0) and kill(-1)
	# would reach a whole process group, or every process.
	for stale in "" 0 -1 none; do
		printf '%s\n' "$stale" >pid
		run unshare --dry-run --pid-file="$PWD/pid" touch ran
		assert_success
		run unshare --pid-file="$PWD/pid" sh -c 'cat "$1"; touch ran' sh "$PWD/pid"
		assert_success
		assert_output --regexp '^[1-9][0-9]*$'
		[ -e ran ] && [ ! -e pid ]
		rm ran
	done
}

@test "--pid-file: readable by all, as pid files are (0644 less the umask)" {
	require_root
	run sh -c 'umask 022 && exec "$1" --pid-file="$2" stat -c %a "$2"' sh "$UNSHARE_BIN" "$PWD/pid"
	assert_success
	assert_output 644
	run sh -c 'umask 027 && exec "$1" --pid-file="$2" stat -c %a "$2"' sh "$UNSHARE_BIN" "$PWD/pid"
	assert_success
	assert_output 640
	[ ! -e pid ]
}

@test "--pid-file where no file with no name can be made (O_TMPFILE): one of its own renamed into place, whole; a write that fails leaves nothing" {
	require_root
	command -v strace >/dev/null || need "strace is not installed"
	mkdir dir
	# The kernel's answer of a file system without O_TMPFILE, given to
	# every open with it.
	run strace -f -qq -e trace=renameat2 -o trace "$UNSHARE_TESTLIB/errno-inject" openat EOPNOTSUPP 2 0x400000 -- \
		sh -c 'umask 022 && exec "$@"' sh "$UNSHARE_BIN" --pid-file="$PWD/dir/pid" \
		sh -c 'echo "$$"; cat "$1"; stat -c %a "$1"; ls -A "${1%/*}"' sh "$PWD/dir/pid"
	assert_success
	assert_equal "${lines[0]}" "${lines[1]}"
	assert_equal "${lines[2]}" 644
	assert_equal "${lines[3]}" pid
	assert_equal "${#lines[@]}" 4
	run grep -cE 'renameat2\(.*"pid", RENAME_NOREPLACE\) = 0' trace
	assert_output 1
	run ls -A dir
	assert_output ""
	# Its write refused (a file size limit of 0, SIGXFSZ ignored): 125,
	# saying why, the hint naming the limit, the program never run, no
	# file of ours left; written with no name first (O_TMPFILE) too.
	run "$UNSHARE_TESTLIB/errno-inject" openat EOPNOTSUPP 2 0x400000 -- \
		sh -c 'trap "" XFSZ && ulimit -f 0 && exec "$@"' sh "$UNSHARE_BIN" --pid-file="$PWD/dir/pid" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/dir/pid" "File too large" "ulimit -f is 0" "raise it"
	[ ! -e ran ]
	run ls -A dir
	assert_output ""
	run sh -c 'trap "" XFSZ && ulimit -f 0 && exec "$@"' sh "$UNSHARE_BIN" --pid-file="$PWD/dir/pid" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/dir/pid" "File too large" "ulimit -f is 0" "raise it"
	[ ! -e ran ]
	run ls -A dir
	assert_output ""
}

@test "--pid-file that cannot be made: said before anything is made, and foreseen by --dry-run" {
	run unshare --pid-file=/nonexistent/pid touch ran
	assert_failure 125
	assert_said "--pid-file=/nonexistent/pid" "No such file or directory"
	[ ! -e ran ]
	mkdir dir
	run unshare --pid-file=dir touch ran
	assert_failure 125
	assert_said "--pid-file=dir" "Is a directory"
	[ ! -e ran ]
	run unshare --dry-run --json --pid-file=/nonexistent/pid true
	assert_failure 125
	assert_output --partial '{"step":"hand-off","verdict":"fails","errno":"ENOENT",'
	# The parent that writes it has --owner's ids by then: refused.
	run unshare --owner=65534:65534 -r --pid-file=pid touch ran
	assert_failure 125
	assert_said "--pid-file and --owner exclude each other"
	[ ! -e ran ] && [ ! -e pid ]
}

@test "--pid-file: a link another user owns on the way to its directory is refused, by --dry-run too; root's own is followed" {
	require_root
	nobody_copy
	mkdir -m 755 "$NOBODY_DIR/theirs" "$NOBODY_DIR/target"
	chown nobody:nogroup "$NOBODY_DIR/theirs"
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- ln -s ../target "$NOBODY_DIR/theirs/link"
	# Root's pid file would be written, then removed, where it leads.
	run unshare -f --pid-file="$NOBODY_DIR/theirs/link/pid" ls "$NOBODY_DIR/target"
	assert_failure 125
	assert_said "--pid-file=$NOBODY_DIR/theirs/link/pid" "link owned by uid $(id -u nobody)"
	run unshare --dry-run -f --pid-file="$NOBODY_DIR/theirs/link/pid" true
	assert_failure 125
	assert_said "would fail" "$NOBODY_DIR/theirs/link/pid"
	ln -s "$NOBODY_DIR/target" mine
	run unshare -f --pid-file=mine/pid ls "$NOBODY_DIR/target"
	assert_success
	assert_output pid
	# Where a link of uid 12345's leads no file can be made (root's
	# directory, for nobody): that is said first, by the run and the
	# dry run alike.
	ln -s ../target "$NOBODY_DIR/theirs/other"
	chown -h 12345:12345 "$NOBODY_DIR/theirs/other"
	run as_nobody "$NOBODY_BIN" -f --pid-file="$NOBODY_DIR/theirs/other/pid" true
	assert_failure 125
	assert_said "--pid-file=$NOBODY_DIR/theirs/other/pid" "Permission denied"
	run as_nobody "$NOBODY_BIN" --dry-run -f --pid-file="$NOBODY_DIR/theirs/other/pid" true
	assert_failure 125
	assert_said "would fail" "$NOBODY_DIR/theirs/other/pid" "Permission denied"
}

@test "nobody: --pid-file in a directory of its own" {
	require_userns_for_nobody
	nobody_dir
	run as_nobody "$NOBODY_BIN" -r --pid-file="$NOBODY_DIR/w/pid" cat "$NOBODY_DIR/w/pid"
	assert_success
	assert_output --regexp '^[0-9]+$'
	[ ! -e "$NOBODY_DIR/w/pid" ]
	run as_nobody "$NOBODY_BIN" -r --pid-file=/root/pid true
	assert_failure 125
	assert_said "/root/pid" "Permission denied"
}

# ip(8), from iproute2, wherever it is.
IP=$(PATH=$PATH:/usr/sbin:/sbin command -v ip || echo /usr/sbin/ip)

# add_link PID: a link added to the network namespace of PID, from
# outside: a dummy one, or where the kernel has none, a veth pair with
# both ends there.
add_link() {
	[ -x "$IP" ] || need "ip is not installed (tools/install-deps installs iproute2)"
	nsenter -t "$1" -n "$IP" link add d0 type dummy 2>/dev/null ||
		nsenter -t "$1" -n "$IP" link add d0 type veth peer name d1
}

@test "--wait-fd: the program starts after a byte, in a namespace set up from outside meanwhile" {
	require_root
	mkfifo go
	"$UNSHARE_BIN" -n --info-fd=8 --wait-fd=9 sh -c 'touch started; "$1" -br link' sh "$IP" \
		8>info.json 9<go >out &
	upid=$!
	exec 7>go
	eventually written info.json
	# Blocked in its read of the FIFO: the program cannot start before
	# the byte.
	eventually reading_pipe "$upid" || [ -e started ] ||
		fail "unshare never read the FIFO"
	[ ! -e started ] || fail "the program started before the byte"
	add_link "$(json info.json 'd["pid"]')"
	echo g >&7
	exec 7>&-
	wait "$upid"
	upid=
	[ -e started ]
	run grep -c '^d0' out
	assert_output 1
}

@test "nobody: --wait-fd in a user namespace of its own, a link added by root meanwhile" {
	require_userns_for_nobody
	nobody_dir
	mkfifo go
	as_nobody "$NOBODY_BIN" -rn --info-fd=8 --wait-fd=9 "$IP" -br link \
		8>"$NOBODY_DIR/w/info.json" 9<go >out &
	bg=$!
	exec 7>go
	eventually written "$NOBODY_DIR/w/info.json"
	add_link "$(json "$NOBODY_DIR/w/info.json" 'd["pid"]')"
	echo g >&7
	exec 7>&-
	wait "$bg"
	run grep -c '^d0' out
	assert_output 1
}

@test "--wait-fd at end of file: 125, everything undone, nothing left (mount, FILE, cgroup, pid file)" {
	require_root
	local hier cg='' mine
	hier=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	mine=$hier$(sed -n 's/^0:://p' /proc/self/cgroup)
	if [ -n "$hier" ] && [ -w "$mine/cgroup.procs" ]; then
		cg=--new-cgroup=wait$BATS_TEST_NUMBER
	fi
	mkdir p
	touch ns
	mounts_snapshot
	run unshare --net="$PWD/ns" --uts="$PWD/new" ${cg:+"$cg"} --propagation=shared \
		--mount-proc="$PWD/p" -p --pid-file="$PWD/pid" --wait-fd=9 touch ran 9</dev/null
	assert_failure 125
	assert_said "--wait-fd=9" "end of file"
	[ ! -e ran ]
	[ ! -e pid ]
	[ ! -e new ]
	run findmnt "$PWD/ns"
	assert_failure
	assert_no_new_mounts
	[ -z "$cg" ] || [ ! -e "$mine/${cg#--new-cgroup=}" ]
	# A descriptor not open is refused with the command line.
	run unshare --wait-fd=57 true
	assert_failure 125
	assert_said "--wait-fd=57" "open file descriptor"
	run unshare --wait-fd=x true
	assert_failure 125
	assert_said "--wait-fd=x" "open file descriptor"
}

@test "--info-fd and --wait-fd opened the wrong way, standard streams, one pipe: refused at plan time" {
	mkfifo fifo
	exec 5<>fifo
	for dry in "" --dry-run; do
		run unshare $dry --wait-fd=3 touch ran 3>file
		assert_failure 125
		assert_said "--wait-fd=3" "opened the wrong way" "4<"
		run unshare $dry --info-fd=3 touch ran 3<file
		assert_failure 125
		assert_said "--info-fd=3" "opened the wrong way" "3>"
		run unshare $dry --info-fd=5 --wait-fd=5 touch ran
		assert_failure 125
		assert_said "--info-fd=5" "--wait-fd=5" "one file" "socket"
		run unshare $dry --info-fd=5 --wait-fd=6 touch ran 6<fifo
		assert_failure 125
		assert_said "--info-fd=5" "--wait-fd=6" "one file"
		run unshare $dry --info-fd=1 touch ran
		assert_failure 125
		assert_said "--info-fd=1" "standard" "--info-fd=3 3>&1"
		run unshare $dry --wait-fd=0 touch ran
		assert_failure 125
		assert_said "--wait-fd=0" "standard" "--wait-fd=3 3<&0"
		run unshare $dry --info-fd=abc touch ran
		assert_failure 125
		assert_said "--info-fd=abc: give an open file descriptor's number"
	done
	exec 5>&-
	[ ! -e ran ]
	# Open both ways, each its own: the run goes on.
	run unshare --info-fd=3 --wait-fd=4 true 3>/dev/null 4<<<go
	assert_success
}

@test "--info-fd and --wait-fd on one socket: the document, then the byte" {
	run python3 -c '
import os, socket, subprocess, sys
a, b = socket.socketpair()
p = subprocess.Popen([sys.argv[1], "--info-fd=%d" % b.fileno(),
                      "--wait-fd=%d" % b.fileno(), "echo", "ran"],
                     pass_fds=[b.fileno()], stdout=subprocess.PIPE)
b.close()
doc = a.makefile().readline()
a.send(b"g")
print(doc.startswith("{\"version\":4,\"pid\":"), p.communicate()[0].decode().strip())' "$UNSHARE_BIN"
	assert_success
	assert_output 'True ran'
}

@test "--no-new-privs: NoNewPrivs 1 for the program, as root and as nobody" {
	grep -qx $'NoNewPrivs:\t0' /proc/self/status || need "the tests run with no_new_privs set already"
	run unshare grep NoNewPrivs /proc/self/status
	assert_output $'NoNewPrivs:\t0'
	run unshare --no-new-privs grep NoNewPrivs /proc/self/status
	assert_success
	assert_output $'NoNewPrivs:\t1'
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --no-new-privs grep NoNewPrivs /proc/self/status
	assert_success
	assert_output $'NoNewPrivs:\t1'
}

@test "--dry-run is a check: 125 when it foresees a failure, 0 when not; as JSON, the predictions are members" {
	require_userns_for_nobody
	run --separate-stderr as_nobody "$NOBODY_BIN" --dry-run --json -n true
	assert_failure 125
	assert_equal "$stderr" ""
	run parse_json "$output" '[(x["step"], x["errno"], x["error"], "root" in x["hint"]) for x in p["predictions"]]'
	assert_output "[('unshare', 'EPERM', 'Operation not permitted', True)]"
	run --separate-stderr as_nobody "$NOBODY_BIN" --dry-run --json -rn true
	assert_success
	run parse_json "$output" 'p["predictions"]'
	assert_output "[]"
	# A program not found, FILEs that cannot be made.
	run --separate-stderr as_nobody "$NOBODY_BIN" --dry-run --json -r --net=/nonexistent/ns \
		--pid-file=/root/pid no-such-program
	assert_failure 125
	run parse_json "$output" '[(x["step"], x["errno"], x["hint"]) for x in p["predictions"]]'
	assert_output "[('hand-off', 'EACCES', None), ('persist', 'ENOENT', None), ('exec', 'ENOENT', 'not found on PATH: check the name')]"
	# As text: the plan on stdout, a frame a prediction on stderr.
	run --separate-stderr as_nobody "$NOBODY_BIN" --dry-run -n no-such-program
	assert_failure 125
	assert_line 'program      no-such-program'
	check_stderr
	assert_messages 2
	assert_said --index 0 "--dry-run" "would fail" "unshare(2): net" "Operation not permitted" "-r"
	assert_said "--dry-run" "would fail" "run the program" "no-such-program" "not found on PATH"
}

@test "--dry-run foresees --new-cgroup outside a delegated cgroup; --loopback with no group mapped is a note, not a failure" {
	require_userns_for_nobody
	local plan
	run --separate-stderr as_nobody "$NOBODY_BIN" --dry-run --json -r --new-cgroup true
	assert_failure 125
	plan=$output
	run parse_json "$plan" '[x["step"] for x in p["predictions"]]'
	assert_output "['cgroup-make']"
	if findmnt -n -t cgroup2 >/dev/null; then
		# The way that works on this system: systemd's, or root's.
		run parse_json "$plan" 'p["predictions"][0]["errno"] + " " + str("Delegate=yes" in p["predictions"][0]["hint"] or "unshare(1)" in p["predictions"][0]["hint"])'
		assert_output "EACCES True"
	fi
	# Lo comes up; ping stays refused without a group mapped, said.
	run --separate-stderr unshare --dry-run --json -U -n --loopback true
	assert_success
	run parse_json "$output" '"no-ping" in p["notes"]'
	assert_output True
	run unshare -U -n --loopback cat /proc/sys/net/ipv4/ping_group_range
	assert_success
}
