#!/usr/bin/env bats
# --new-cgroup, --cgroup-set and --mount-cgroup: a cgroup of the run's
# own, the root of its new cgroup namespace, mounted inside, with limits;
# whatever the run takes on (user namespaces, maps, --owner, --setuid)
# and however it ends (a failing step, the program's own cgroups, unshare
# killed by SIGKILL), nothing of it is left.  As root, and as nobody in a
# cgroup delegated the way systemd and root delegate one (the directory
# and its cgroup.procs, cgroup.threads and cgroup.subtree_control
# chowned).  Each test looks at its own cgroups alone, named $CG...:
# other work on the machine makes and removes cgroups all the time.
# Plain -C is util-linux's, checked by the conformance and differential
# tables.

load helpers

setup() {
	common_setup
	require_root
	# The cgroup v2 hierarchy, wherever it is mounted (unified or hybrid).
	HIER=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	[ -n "$HIER" ] || need "no cgroup v2 hierarchy is mounted (cgroup2)"
	MINE=$HIER$(sed -n 's/^0:://p' /proc/self/cgroup)
	MINE=${MINE%/}
	[ -w "$MINE/cgroup.procs" ] || need "this test's cgroup cannot be written ($MINE)"
	# This test's cgroups' names, and the number its daemons sleep for.
	CG=ut$$-$BATS_TEST_NUMBER
	MARK=9$$$BATS_TEST_NUMBER
	DELEG=
}

# Removes the cgroup trees under $1 named $CG..., deepest first, through
# directory descriptors (a path may be longer than the kernel takes).
remove_ours() {
	python3 -c '
import os, sys
def rm(parent, name):
    fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=parent)
    for e in os.scandir(fd):
        if e.is_dir(follow_symlinks=False):
            rm(fd, e.name)
    os.close(fd)
    os.rmdir(name, dir_fd=parent)
top = os.open(sys.argv[1], os.O_RDONLY | os.O_DIRECTORY)
for e in os.scandir(top):
    if e.name.startswith(sys.argv[2]) and e.is_dir(follow_symlinks=False):
        rm(top, e.name)' "$1" "$CG" 2>/dev/null || true
}

teardown() {
	pkill -KILL -f "sleep $MARK" 2>/dev/null || true
	if [ -n "$DELEG" ]; then
		remove_ours "$DELEG"
		rmdir "$DELEG" 2>/dev/null || true
	fi
	remove_ours "$MINE"
	nobody_cleanup
}

# Fails if a cgroup of this test's is left under $1 (default: the
# caller's cgroup), or a process it started.
assert_nothing_left() {
	local left
	left=$(find "${1:-$MINE}" -mindepth 1 -maxdepth 1 -name "$CG*" -printf '%f ')
	[ -z "$left" ] || fail "cgroups left: $left"
	left=$(pgrep -f "sleep $MARK" | tr '\n' ' ')
	[ -z "$left" ] || fail "processes left: $left"
}

# A cgroup delegated to nobody under the caller's, as root gives one:
# the directory and its cgroup.procs, cgroup.threads and
# cgroup.subtree_control nobody's.  Sets DELEG.
delegate_to_nobody() {
	DELEG=$MINE/deleg-$CG
	mkdir "$DELEG"
	chown nobody:nogroup "$DELEG" "$DELEG/cgroup.procs" "$DELEG/cgroup.threads" \
		"$DELEG/cgroup.subtree_control"
}

# in_deleg COMMAND...: COMMAND as nobody, moved into DELEG first.
in_deleg() {
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$DELEG" \
		setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
}

# A program that reports its cgroup and the mounted tree, starts a daemon
# (setsid sleep), and ends.
PROBE='tail -n 1 /proc/self/cgroup
grep -c " - cgroup2 " /proc/self/mountinfo
grep -qx "$$" "$1/cgroup.procs" && echo "in the mounted root"
(setsid sleep "$2" >/dev/null 2>&1 3>&- &)
echo started'

# A program that makes cgroups of its own in its mounted tree ($1), puts
# a daemon in the deepest, and ends with 3.
NESTS='cd "$1" && mkdir -p a/b/c d || exit 99
sh -c "echo 0 >a/b/c/cgroup.procs && exec setsid sleep $2" >/dev/null 2>&1 &
exit 3'

@test "as root: the program in a cgroup of its own, the root of its cgroup namespace; its daemon and the cgroup gone at its end" {
	run unshare --new-cgroup="$CG" --mount-cgroup -Urm sh -c "$PROBE" sh "$HIER" "$MARK"
	assert_success
	assert_line --index 0 "0::/"
	assert_line --index 2 "in the mounted root"
	assert_line --index 3 started
	# Killed and removed before unshare returned.
	assert_nothing_left
	# The caller's cgroup is untouched: this shell is still in it.
	grep -qx "$$" "$MINE/cgroup.procs"
	# Where cgroup.kill cannot be written (kernels before 5.14 have
	# none), each process is killed in turn: no open for writing
	# succeeds here.
	run "$UNSHARE_TESTLIB/errno-inject" openat EACCES 2 0x1 -- \
		"$UNSHARE_BIN" --new-cgroup="$CG" \
		sh -c '(setsid sleep "$1" >&- 2>&- 3>&- &); echo started' sh "$MARK"
	assert_success
	assert_output started
	assert_nothing_left
}

@test "as root: the fork makes the child in the cgroup (clone3); where the kernel refuses it, the watcher moves it in" {
	# shellcheck disable=SC2016 # expanded by the program's shell
	local in='grep -qx "$$" "$1/cgroup.procs" && echo in'
	run strace -f -qq -e trace=clone3,openat -e signal=none "$UNSHARE_BIN" --new-cgroup="$CG" sh -c "$in" sh "$MINE/$CG"
	assert_success
	assert_line in
	assert_output --partial "CLONE_INTO_CGROUP"
	# Made in it, the child is not moved again: the watcher writes no
	# pid to cgroup.procs (a move waits for an RCU grace period).
	refute_output --regexp 'openat\(.*"cgroup.procs", O_WRONLY'
	assert_nothing_left
	run "$UNSHARE_TESTLIB/errno-inject" clone3 EPERM -- "$UNSHARE_BIN" --new-cgroup="$CG" sh -c "$in" sh "$MINE/$CG"
	assert_success
	assert_output in
	assert_nothing_left
}

@test "as root: the child holds no descriptor of the cgroup before the exec, only the hand-off's /proc and the watcher's socket" {
	run held_descriptors --new-cgroup="$CG"
	assert_success
	assert_line --regexp '^[0-9]+ /proc$'
	run grep -v ' /proc$' <<<"$output"
	refute_output --partial ' /'
	assert_nothing_left
}

@test "as root: the default name is unshare-PID, seen while it runs" {
	run unshare --new-cgroup -f sh -c 'cat /proc/self/cgroup | tail -n 1; echo "$PPID"'
	assert_success
	assert_line --index 0 "0::/"
	run unshare --new-cgroup sh -c 'ls "$1" | grep -c "^unshare-$PPID\$"' sh "$MINE"
	assert_output 1
}

@test "as root: nothing left with any user namespace, maps, --owner or --setuid; the program's status kept" {
	local opts
	for opts in -U --map-user=1000 "--map-users=0:100000:10 --map-groups=0:100000:10" \
		"-U --setgroups=deny" "--owner=65534:65534 -r" "-r --setuid=0 --setgid=0" \
		"--owner=65534:65534 -r --mount-cgroup -m"; do
		# shellcheck disable=SC2086 # the options are words
		run unshare --new-cgroup="$CG" $opts sh -c '(setsid sleep "$1" >/dev/null 2>&1 &); exit 7' sh "$MARK"
		assert_failure 7
		assert_nothing_left
	done
}

@test "as root: a later step that fails, in unshare or in the child: 125, nothing left" {
	local opts
	for opts in "-U -S 5" "--wd=/nonexistent" "-p --mount-proc=/nonexistent" \
		"--owner=65534:65534 -r --wd=/nonexistent" "--net=/nonexistent/ns"; do
		# shellcheck disable=SC2086 # the options are words
		run unshare --new-cgroup="$CG" $opts true
		assert_failure 125
		assert_nothing_left
	done
}

@test "as root: the program's own cgroups, a daemon in the deepest, go with it at once, deepest first" {
	local start
	start=$(date +%s%N)
	run unshare --new-cgroup="$CG" --mount-cgroup -rm sh -c "$NESTS" sh "$HIER" "$MARK"
	assert_failure 3
	assert_equal "$stderr" ""
	refute_output --partial unshare
	# No waiting: far below a second here, 4 s on a slow machine.
	[ $(($(date +%s%N) - start)) -lt 4000000000 ] || fail "took $(($(date +%s%N) - start)) ns"
	assert_nothing_left
}

@test "nobody, in a delegated cgroup: the same, with and without a user namespace that maps root, nothing left" {
	require_userns_for_nobody
	delegate_to_nobody
	run in_deleg "$NOBODY_BIN" --new-cgroup="$CG" --mount-cgroup -Urm sh -c "$PROBE" sh "$HIER" "$MARK"
	assert_success
	assert_line --index 0 "0::/"
	assert_line --index 2 "in the mounted root"
	assert_nothing_left "$DELEG"
	local opts
	for opts in -U "-U --setgroups=deny" "-r --setuid=0" "-U -S 5" "-r --wd=/nonexistent"; do
		# shellcheck disable=SC2086 # the options are words
		run in_deleg "$NOBODY_BIN" --new-cgroup="$CG" $opts sh -c '(setsid sleep "$1" >/dev/null 2>&1 &); exit 7' sh "$MARK"
		[ "$status" = 7 ] || [ "$status" = 125 ] || fail "status $status: $output"
		assert_nothing_left "$DELEG"
	done
	run in_deleg "$NOBODY_BIN" --new-cgroup="$CG" --mount-cgroup -rm sh -c "$NESTS" sh "$HIER" "$MARK"
	assert_failure 3
	assert_nothing_left "$DELEG"
	run in_deleg "$NOBODY_BIN" --new-cgroup="$CG" --cgroup-set=cgroup.max.depth=0 -r sh -c 'exit 4'
	assert_failure 4
	assert_nothing_left "$DELEG"
}

@test "unshare killed by SIGKILL at a random moment, as root and as nobody in a delegated cgroup: within a second nothing is left of the run (5 runs each; 200 in the stress run)" {
	require_userns_for_nobody
	delegate_to_nobody
	local i n pid left=0 procs=0 t who where
	n=$(stress_count 200 5)
	for who in root nobody; do
		where=$MINE
		[ "$who" = nobody ] && where=$DELEG
		for i in $(seq "$n"); do
			if [ "$who" = root ]; then
				"$UNSHARE_BIN" --new-cgroup="$CG-$i" -r sh -c \
					'(setsid sleep "$1" >/dev/null 2>&1 &); exec sleep "$1"' sh "$MARK" &
			else
				sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$DELEG" \
					setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
					"$NOBODY_BIN" --new-cgroup="$CG-$i" -r sh -c \
					'(setsid sleep "$1" >/dev/null 2>&1 &); exec sleep "$1"' sh "$MARK" &
			fi
			pid=$!
			# From its start to the program's run: 0 to 11 ms.
			sleep "0.0$(printf %02d $((RANDOM % 12)))"
			kill -KILL "$pid"
			wait "$pid" 2>/dev/null || true
			for t in $(seq 20); do
				[ ! -d "$where/$CG-$i" ] && ! pgrep -f "sleep $MARK" >/dev/null && break
				sleep 0.05
			done
			[ -d "$where/$CG-$i" ] && left=$((left + 1))
			pgrep -f "sleep $MARK" >/dev/null && procs=$((procs + 1))
			pkill -KILL -f "sleep $MARK" 2>/dev/null || true
		done
	done
	echo "# $n runs killed as root, $n as nobody: $left cgroups and $procs runs' processes left after a second" >&3
	assert_equal "$left $procs" "0 0"
	assert_nothing_left
	assert_nothing_left "$DELEG"
}

@test "a signal to unshare's whole process group (kill -- -PGID) at a random moment: the watcher outlives it, nothing is left (5 runs; 200 in the stress run)" {
	local i n pid sig left=0 procs=0 t
	n=$(stress_count 200 5)
	for i in $(seq "$n"); do
		# TERM it waits through; HUP from a process ends it.
		sig=TERM
		[ $((i % 2)) = 0 ] && sig=HUP
		# Its own process group, as a shell's job has; the program
		# ends soon if the signal came before it ran.
		setsid "$UNSHARE_BIN" --new-cgroup="$CG-$i" -r sh -c \
			'(setsid sleep "$1" >/dev/null 2>&1 &); exec sleep "$2"' sh "$MARK" 0.3 &
		pid=$!
		sleep "0.0$(printf %02d $((RANDOM % 12)))"
		kill -"$sig" -- -"$pid" 2>/dev/null || kill -"$sig" "$pid"
		wait "$pid" 2>/dev/null || true
		for t in $(seq 20); do
			[ ! -d "$MINE/$CG-$i" ] && ! pgrep -f "sleep $MARK" >/dev/null && break
			sleep 0.05
		done
		[ -d "$MINE/$CG-$i" ] && left=$((left + 1))
		pgrep -f "sleep $MARK" >/dev/null && procs=$((procs + 1))
		pkill -KILL -f "sleep $MARK" 2>/dev/null || true
	done
	echo "# $n runs signalled: $left cgroups and $procs runs' processes left after a second" >&3
	assert_equal "$left $procs" "0 0"
	assert_nothing_left
}

@test "the owner of a delegated parent who removes and remakes NAME never has root's program run in its cgroup (5 runs; 200 in the stress run)" {
	delegate_to_nobody
	local i n won=0 ours=0 attacker
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- sh -c \
		'while :; do rmdir "$1" 2>/dev/null; mkdir "$1" 2>/dev/null; done' sh "$DELEG/$CG" &
	attacker=$!
	n=$(stress_count 200 5)
	for i in $(seq "$n"); do
		# The owner of the program's cgroup, as its mounted root shows it.
		run sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$DELEG" \
			"$UNSHARE_BIN" --new-cgroup="$CG" --mount-cgroup -m stat -c %u "$HIER"
		case "$status $output" in
		"0 0") ours=$((ours + 1)) ;;
		0*) won=$((won + 1)) ;;
		125*) ;;
		*) kill "$attacker"; fail "status $status: $output" ;;
		esac
	done
	kill "$attacker"
	wait "$attacker" 2>/dev/null || true
	echo "# $n runs raced: $ours in root's own cgroup, $won in nobody's, the rest refused" >&3
	assert_equal "$won" 0
}

@test "--cgroup-set: written before the program enters (cgroup.max.descendants, cgroup.max.depth); implies --new-cgroup; nothing left" {
	run unshare --cgroup-set=cgroup.max.descendants=2 --cgroup-set=cgroup.max.depth=1 \
		--mount-cgroup -rm sh -c 'cd "$1" && cat cgroup.max.descendants cgroup.max.depth
			mkdir a && echo a; mkdir a/b 2>/dev/null || echo "a/b refused"
			mkdir c && echo c; mkdir d 2>/dev/null || echo "d refused"; exit 5' sh "$HIER"
	assert_failure 5
	assert_output "2
1
a
a/b refused
c
d refused"
	run unshare --dry-run --cgroup-set=cgroup.max.depth=1 --cgroup-set="cpu.max=5 10" -r true
	assert_line --regexp '^implied +--new-cgroup by --cgroup-set'
	assert_line --regexp "^cgroup-set +.*: unshare-[0-9]+ cgroup\.max\.depth=1 'cpu\.max=5 10'\$"
	run unshare --dry-run --json --new-cgroup="$CG" --cgroup-set=cgroup.max.depth=1 --cgroup-set='cgroup.max.descendants=5' -r true
	run python3 -c '
import json, sys
s = json.loads(sys.argv[1])["plan"]["steps"]
print([x["step"] for x in s if x["step"].startswith("cgroup")])
print([x["set"] for x in s if x["step"] == "cgroup-set"])' "$output"
	assert_line --index 0 "['cgroup-make', 'cgroup-set', 'cgroup-enter']"
	assert_line --index 1 "[[{'file': 'cgroup.max.depth', 'value': '1'}, {'file': 'cgroup.max.descendants', 'value': '5'}]]"
	assert_nothing_left
}

@test "--cgroup-set: an unknown file, a value refused, a form not FILE=VALUE: 125 with the reason, nothing left" {
	run unshare --new-cgroup="$CG" --cgroup-set=cgroup.nonesuch=1 true
	assert_failure 125
	assert_said "--cgroup-set=cgroup.nonesuch=1" "No such file or directory" "cgroup-v2"
	# One letter off cgroup.subtree_control is no such file, whatever
	# the value; the dry run foresees that where a cgroup shows it, or
	# cannot tell, but never reads it as a value refused.
	run unshare --new-cgroup="$CG" --cgroup-set=cgroup.subtree_controx=+nosuch true
	assert_failure 125
	assert_said "cgroup.subtree_controx=+nosuch" "No such file or directory"
	run unshare --dry-run --new-cgroup="$CG" --cgroup-set=cgroup.subtree_controx=+nosuch true
	assert_line --regexp '(would fail|cannot tell): .*subtree_controx=\+nosuch'
	refute_output --partial "Invalid argument"
	run unshare --new-cgroup="$CG" --cgroup-set=cgroup.max.depth=deep true
	assert_failure 125
	assert_said "--cgroup-set=cgroup.max.depth=deep" "Invalid argument" "cgroup-v2"
	assert_nothing_left
	for bad in cgroup.max.depth pids.max:1 a/b.max=1 .x=1 nodot=1 cgroup.procs=1 cgroup.kill=1 cgroup.freeze=1; do
		run unshare --cgroup-set="$bad" true
		assert_failure 125
		assert_said "--cgroup-set=$bad: give a cgroup's file"
	done
	# An empty value is refused as --hostname='s, by the dry run too.
	for dry in "" --dry-run; do
		run unshare $dry --new-cgroup="$CG" --cgroup-set=cgroup.max.depth= touch ran
		assert_failure 125
		assert_said "--cgroup-set=cgroup.max.depth=" "give a value"
	done
	[ ! -e ran ] && [ ! -e "$MINE/$CG" ]
}

# A controller /proc/cgroups says is bound to a v1 hierarchy, as on a
# hybrid system: this machine's own if it has one; else one a cgroup
# under ours lacks, which a copy of /proc/cgroups, bind-mounted over it
# in a mount namespace of the test's own, says is bound (the tool learns
# it there and nowhere else).  Sets V1 and V1_FILE (io.max for blkio),
# and V1_RUN, what runs unshare.
v1_controller() {
	V1=$(awk 'NR > 1 && $2 != 0 && $1 ~ /^(memory|pids|cpu|cpuset|hugetlb|blkio|misc|rdma)$/ { print $1; exit }' /proc/cgroups)
	V1_RUN=()
	if [ -z "$V1" ]; then
		V1=$(awk 'NR > 1 && $1 ~ /^(memory|pids|cpu|cpuset|hugetlb|misc|rdma)$/ { print $1 }' /proc/cgroups |
			grep -vxF -f <(tr ' ' '\n' <"$MINE/cgroup.subtree_control") | head -n 1)
		[ -n "$V1" ] || need "no controller that a cgroup under this one lacks, to pretend it is bound to cgroup v1"
		awk -v c="$V1" 'NR > 1 && $1 == c { $2 = 7 } { print }' /proc/cgroups >cgroups
		V1_RUN=(/usr/bin/unshare --mount sh -c 'mount --bind "$0" /proc/cgroups && exec "$@"' "$PWD/cgroups")
	fi
	V1_FILE=$V1.max
	[ "$V1" = blkio ] && V1_FILE=io.max
	true
}

@test "--cgroup-set: a controller bound to cgroup v1 here, or not enabled for cgroups under ours: 125, why and what to do, nothing left; --dry-run says it first" {
	v1_controller
	run "${V1_RUN[@]}" "$UNSHARE_BIN" --new-cgroup="$CG" --cgroup-set="$V1_FILE=1" true
	assert_failure 125
	assert_said "--cgroup-set=$V1_FILE=1" "No such file or directory" "$V1 is cgroup v1's here" "cgroup_no_v1=$V1"
	run "${V1_RUN[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$CG" --cgroup-set="$V1_FILE=1" true
	assert_failure 125
	assert_said "--dry-run" "would fail" "--cgroup-set=$V1_FILE=1" "$V1 is cgroup v1's here"
	assert_nothing_left
	# One of cgroup v2 (hierarchy 0 in /proc/cgroups) that our cgroup
	# does not enable for the cgroups under it.
	local off
	off=$(awk 'NR > 1 && $2 == 0 && $4 == 1 && $1 ~ /^(memory|pids|cpu|cpuset|hugetlb|misc|rdma)$/ { print $1 }' /proc/cgroups |
		grep -vxF -f <(tr ' ' '\n' <"$MINE/cgroup.subtree_control") | head -n 1)
	[ -n "$off" ] || need "every cgroup v2 controller is enabled for the cgroups under this one"
	run unshare --new-cgroup="$CG" --cgroup-set="$off.max=1" true
	assert_failure 125
	assert_said "--cgroup-set=$off.max=1" "enable $off in your cgroup's cgroup.subtree_control"
	run unshare --dry-run --new-cgroup="$CG" --cgroup-set="$off.max=1" true
	assert_failure 125
	assert_said "--dry-run" "would fail" "--cgroup-set=$off.max=1" "enable $off"
	assert_nothing_left
}

@test "a name up to the kernel's 255 bytes; one component, not one of the kernel's files, not taken" {
	local long
	long=$CG$(printf 'x%.0s' $(seq $((255 - ${#CG}))))
	run unshare --new-cgroup="$long" sh -c 'exit 6'
	assert_failure 6
	run unshare --new-cgroup="${long}y" true
	assert_failure 125
	assert_said "--new-cgroup=${long}y" "at most 255 bytes"
	for bad in a/b .. . cgroup.procs; do
		run unshare --new-cgroup="$bad" true
		assert_failure 125
		assert_said "--new-cgroup=$bad"
	done
	mkdir "$MINE/$CG-taken"
	run unshare --new-cgroup="$CG-taken" true
	assert_failure 125
	assert_said "cannot make the cgroup $CG-taken" "File exists" "give another name"
	# Said once, by the watcher that failed; the run that waited for it
	# only ends with its status.
	[ "$(grep -c '^unshare: ' <<<"$output")" = 1 ] || fail "said more than once: $output"
	run unshare --dry-run --new-cgroup="$CG-taken" true
	assert_failure 125
	assert_said "--dry-run" "would fail" "cannot make the cgroup $CG-taken" "File exists"
	# With stdin closed, the caller's cgroup opens as descriptor 0.
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --dry-run \
		--new-cgroup="$CG-taken" true
	assert_failure 125
	assert_said "--dry-run" "would fail" "cannot make the cgroup $CG-taken" "File exists"
	[ -d "$MINE/$CG-taken" ]
	run unshare --new-cgroup --no-fork true
	assert_failure 125
	assert_said "--new-cgroup needs a child process"
	# The longest name we take (limits.bats) the kernel takes too.
	local long
	long=$CG-$(printf 'n%.0s' {1..240})
	long=${long:0:255}
	run unshare --new-cgroup="$long" echo ran
	assert_success
	assert_output ran
	[ ! -e "$MINE/$long" ]
}

@test "the undo armed in the parent leaves the program the caller's ignored and blocked signals" {
	local want options
	want=$(env --ignore-signal=HUP,INT,TERM,QUIT --block-signal=USR1 grep '^Sig\(Ign\|Blk\)' /proc/self/status)
	for options in --new-cgroup "--new-cgroup --init"; do
		# shellcheck disable=SC2086 # the options are words
		run env --ignore-signal=HUP,INT,TERM,QUIT --block-signal=USR1 \
			"$UNSHARE_BIN" $options grep '^Sig\(Ign\|Blk\)' /proc/self/status
		assert_success
		assert_equal "$options: $output" "$options: $want"
	done
}

@test "a cgroup outside one's cgroup namespace (0::/../B), or a path longer than 4096 bytes: refused for what it is" {
	mkdir "$MINE/$CG-a" "$MINE/$CG-b"
	run sh -c 'echo $$ >"$1/$2-a/cgroup.procs" && exec /usr/bin/unshare --cgroup sh -c "
		echo \$\$ >\"$1/$2-b/cgroup.procs\" && tail -n 1 /proc/self/cgroup && exec \"$3\" --new-cgroup true"' \
		sh "$MINE" "$CG" "$UNSHARE_BIN"
	assert_failure 125
	assert_line --index 0 "0::/../$CG-b"
	assert_said "--new-cgroup: your cgroup is outside your cgroup namespace" "run unshare in a cgroup inside it"
	# 17 levels of 250 bytes: past PATH_MAX.
	run python3 -c '
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
for i in range(17):
    name = "%s-%02d%s" % (sys.argv[2], i, "x" * 240)
    os.mkdir(name, dir_fd=fd)
    fd = os.open(name, os.O_RDONLY, dir_fd=fd)
os.write(os.open("cgroup.procs", os.O_WRONLY, dir_fd=fd), b"0")
os.execv(sys.argv[3], [sys.argv[3], "--new-cgroup", "true"])' "$MINE" "$CG" "$UNSHARE_BIN"
	assert_failure 125
	assert_said "--new-cgroup: no cgroup to make it in" "File name too long"
	refute_output --partial "no cgroup v2"
}

@test "the cgroup's removal refused: said, after the program's own status" {
	run "$UNSHARE_TESTLIB/errno-inject" unlinkat EACCES -- "$UNSHARE_BIN" --new-cgroup="$CG" true
	assert_success
	assert_said "--new-cgroup" "removing $CG" "Permission denied"
}

@test "the cgroup's removal refused on an empty cgroup, its parent removed meanwhile: the hints say what happened" {
	# rmdir(2) busy (unlinkat with AT_REMOVEDIR) though nothing is in it.
	run "$UNSHARE_TESTLIB/errno-inject" unlinkat EBUSY 2 0x200 -- "$UNSHARE_BIN" --new-cgroup="$CG" true
	rmdir "$MINE/$CG"
	assert_success
	assert_said "--new-cgroup: removing $CG" "busy" "nothing runs in it" "rmdir"
	refute_output --partial "processes are gone"
	# The parent gone as the cgroup is made: the kernel says ENODEV.
	run "$UNSHARE_TESTLIB/errno-inject" mkdirat ENODEV -- "$UNSHARE_BIN" --new-cgroup="$CG" touch ran
	assert_failure 125
	assert_said "cannot make the cgroup $CG" "No such device" "removed while unshare ran"
	[ ! -e ran ] && [ ! -e "$MINE/$CG" ]
}

@test "--mount-cgroup where the mount API fails: 125 and the error, never the caller's hierarchy left in place silently" {
	run "$UNSHARE_TESTLIB/errno-inject" fsopen ENOMEM -- "$UNSHARE_BIN" --mount-cgroup -Urm true
	assert_failure 125
	assert_said "--mount-cgroup=" "Cannot allocate memory"
}

@test "the plan shows it: a step for each part, in text and JSON" {
	run unshare --dry-run --new-cgroup="$CG" --mount-cgroup -r true
	assert_success
	assert_line --regexp "^cgroup-make +.*: $CG in $MINE$"
	assert_line --regexp "^cgroup-enter +.*: $CG$"
	assert_line --regexp "^cgroup-mount +mount cgroup2: $HIER$"
	# The parent's unshare(2) leaves the cgroup namespace to the child.
	assert_line --regexp '^effective +0x[0-9a-f]+ mount, user, fs'
	refute_line --regexp '^effective .*cgroup'
	run unshare --dry-run --json --new-cgroup="$CG" --mount-cgroup --propagation=shared -r true
	run python3 -c '
import json, sys
s = json.loads(sys.argv[1])["plan"]["steps"]
print([x["step"] for x in s if x["step"].startswith("cgroup")])
print([x.get("name") for x in s if x["step"] == "cgroup-make"])' "$output"
	assert_line --index 0 "['cgroup-make', 'cgroup-enter', 'cgroup-private', 'cgroup-mount']"
	assert_line --index 1 "['$CG']"
}

# with_session_files COMMAND...: COMMAND in a mount namespace whose /run
# says what systemd's says where it runs the session of nobody (uid
# 65534): /run/systemd/system, and its user manager's socket.
with_session_files() {
	/usr/bin/unshare --mount sh -c 'mount -t tmpfs run /run &&
		mkdir -p /run/systemd/system /run/user/65534/systemd &&
		: >/run/user/65534/systemd/private && exec "$@"' sh "$@"
}

@test "nobody outside a delegated cgroup: refused with the way that works here, 125, nothing made; --dry-run and --list say it" {
	nobody_copy
	run as_nobody "$NOBODY_BIN" --new-cgroup="$CG" -Ur true
	assert_failure 125
	assert_said "--new-cgroup" "your cgroup" "Permission denied" "have root chown you a cgroup"
	refute_output --partial systemd-run
	assert_nothing_left
	run as_nobody "$NOBODY_BIN" --dry-run --new-cgroup="$CG" -Ur true
	assert_failure 125
	assert_said "--dry-run" "would fail" "--new-cgroup: your cgroup" "root can delegate one"
	run as_nobody env COLUMNS=1000 "$NOBODY_BIN" --list
	assert_line --index -1 --regexp "^--new-cgroup: needs-delegation \(.*\): root can delegate one, see unshare\(1\)"
	# Where systemd runs the user's session: its way.
	run with_session_files setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$NOBODY_BIN" --new-cgroup="$CG" -Ur true
	assert_failure 125
	assert_said "your cgroup" "systemd-run --user --scope -p Delegate=yes"
	run with_session_files setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$NOBODY_BIN" --list
	assert_line --index -1 --regexp "^--new-cgroup: needs-delegation \(.*\): systemd-run --user --scope -p Delegate=yes"
	assert_nothing_left
}

@test "--list says whether --new-cgroup can be used here, and where" {
	run unshare --list
	assert_success
	assert_line --index -1 "--new-cgroup: usable ($MINE)"
	run unshare --list --json
	assert_output --partial "\"new_cgroup\":{\"status\":\"usable\",\"parent\":\"$MINE\"}"
	nobody_copy
	run as_nobody "$NOBODY_BIN" --list --json
	assert_output --partial '"new_cgroup":{"status":"needs-delegation",'
}

# The program's kill of its watcher, the cgroup's other child of the
# waiting unshare: what the program's parent has for children, but the
# program.
KILL_WATCHER='for p in $(cat /proc/$PPID/task/$PPID/children); do
	[ "$p" = $$ ] || w=$p
done
echo "$w" >"$2"
kill -"$1" "$w" 2>/dev/null || echo refused
i=0
while [ "$1" = STOP ] && [ $i -lt 100 ]; do
	grep -q "^State:.*T" /proc/$w/status && echo stopped && break
	i=$((i + 1))
done'

@test "the program kills its watcher (no -p): said in one line, naming the cgroup, 125" {
	run unshare --new-cgroup="$CG" -f sh -c "$KILL_WATCHER" sh KILL "$BATS_TEST_TMPDIR/w"
	assert_failure 125
	assert_said "--new-cgroup" "$CG" "not removed" "watcher died"
	assert_equal "${#lines[@]}" 1
	remove_ours "$MINE"
	# Out of its reach as another uid (--owner), or in another pid
	# namespace (-p): removed as ever.
	run unshare --new-cgroup="$CG" --owner=65534:65534 -r sh -c "$KILL_WATCHER" sh KILL /dev/null
	assert_success
	assert_output refused
	assert_nothing_left
}

@test "the program stops its watcher: continued at the end, the cgroup removed, the program's status" {
	# Into a file: a watcher stopped for good would hold run's pipe.
	run sh -c 'timeout -s KILL 10 "$@" >"$0" 2>&1' "$BATS_TEST_TMPDIR/out" \
		"$UNSHARE_BIN" --new-cgroup="$CG" -f sh -c "$KILL_WATCHER; exit 3" sh STOP "$BATS_TEST_TMPDIR/w"
	kill -CONT "$(cat "$BATS_TEST_TMPDIR/w")" 2>/dev/null || true
	assert_failure 3
	run cat "$BATS_TEST_TMPDIR/out"
	assert_output stopped
	assert_nothing_left
}

@test "a cgroup the kernel will not let the run enter for another reason than access (under a threaded one): 125, no hint about access, nothing left" {
	local t=$MINE/$CG-t
	mkdir "$t" "$t/x"
	echo threaded >"$t/x/cgroup.type" || need "no threaded cgroups (cgroup.type, Linux 4.14)"
	# A new cgroup under a threaded one is an invalid domain: no process
	# can enter it (EOPNOTSUPP).
	# The watcher's answer, the move's errno, fails the run: the
	# program never runs outside the cgroup.
	run sh -c 'echo $$ >"$1/cgroup.procs" && exec "$2" --new-cgroup="$3" touch "$4"' \
		sh "$t/x" "$UNSHARE_BIN" "$CG-n" "$BATS_TEST_TMPDIR/ran"
	assert_failure 125
	assert_said "enter the cgroup" "$CG-n:" "Operation not supported"
	refute_output --partial "write access"
	[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "the program ran outside its cgroup"
	[ ! -e "$t/x/$CG-n" ] || fail "the cgroup $CG-n is left"
}

@test "a cgroup that enables controllers for its children (the kernel's EBUSY on entering): 125, the hint says why, nothing left" {
	# For real where our cgroup enables a domain controller for the
	# cgroups under it: the run's own, made to enable it for its
	# children, can hold no process (threaded controllers would not
	# stop it).
	local dom
	dom=$(tr ' ' '\n' <"$MINE/cgroup.subtree_control" | grep -xE 'memory|io|hugetlb|misc|rdma' | head -n 1)
	if [ -n "$dom" ]; then
		run unshare --new-cgroup="$CG" --cgroup-set="cgroup.subtree_control=+$dom" touch ran
		assert_failure 125
		assert_said "enter the cgroup" "$CG:" "busy" "enables controllers for its children"
		refute_output --partial "write access"
		[ ! -e ran ]
		assert_nothing_left
	fi
	# Everywhere, the move's EBUSY given by a seccomp filter, on the
	# opening of cgroup.procs to write (the only file this run opens
	# to write), the fork into the cgroup (clone3) refused so that the
	# watcher moves the child.
	run "$UNSHARE_TESTLIB/errno-inject" clone3 EPERM -- "$UNSHARE_TESTLIB/errno-inject" openat EBUSY 2 1 -- \
		"$UNSHARE_BIN" --new-cgroup="$CG" touch ran
	assert_failure 125
	assert_said "enter the cgroup" "$CG:" "busy" "enables controllers for its children"
	refute_output --partial "write access"
	[ ! -e ran ] || fail "the program ran outside its cgroup"
	assert_nothing_left
}
