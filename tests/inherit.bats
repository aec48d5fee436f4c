#!/usr/bin/env bats
# What the program inherits from unshare: the caller's signal
# dispositions and mask, whatever ran it (--fork, --init, --kill-child,
# an undo armed by a shared --mount-proc or a FILE, the helpers of the id
# maps and of FILE; --new-cgroup's is in cgroup.bats, which alone makes
# cgroups); none of our children (every helper is reaped, or made an
# orphan, before the exec) and none of our descriptors.

load helpers

setup() {
	common_setup
	require_root
	nobody_copy
}

teardown() {
	umount "$BATS_TEST_TMPDIR/uts" 2>/dev/null || :
	nobody_cleanup
}

# The caller's: these ignored (nohup, a background job, trap ''), these
# blocked.  SIGCHLD ignored has a test of its own: a child of ours that
# ends after the exec would be reaped unseen.
IGNORED=HUP,INT,TERM,QUIT,USR2
BLOCKED=USR1,WINCH,ALRM

# state COMMAND...: COMMAND (unshare and its options, or env), started
# with IGNORED ignored and BLOCKED blocked, running cat: the signals the
# program has ignored and blocked, and its children, a line each.
state() {
	local out
	out=$(env --ignore-signal=$IGNORED --block-signal=$BLOCKED "$@" \
		cat /proc/thread-self/children /proc/self/status 2>/dev/null) || return
	# The list of children has no newline: "Name:" follows it.
	echo "children [${out%%Name:*}]"
	sed -n 's/^\(Sig\(Ign\|Blk\)\):[[:space:]]*/\1 /p' <<<"$out"
}

# fds COMMAND...: the descriptors open in the program, as ls sees them.
fds() {
	"$@" ls /proc/self/fd </dev/null 2>/dev/null 3>&- | tr '\n' ' '
}

# inherits OPTION...: unshare OPTIONS hands the program the caller's
# signals, and no child or descriptor of its own.  (A namespace kept in
# uts is let go after each run.)
inherits() {
	run state "$UNSHARE_BIN" "$@"
	umount "$BATS_TEST_TMPDIR/uts" 2>/dev/null || :
	assert_success
	assert_equal "$* :: $output" "$* :: $caller"
	run fds "$UNSHARE_BIN" "$@"
	umount "$BATS_TEST_TMPDIR/uts" 2>/dev/null || :
	assert_success
	assert_equal "$* :: $output" "$* :: $caller_fds"
}

# As the caller has them.
caller_state() {
	caller=$(state env)
	caller_fds=$(fds env)
}

@test "through --fork, --init, --kill-child and --forward-signals the program gets the caller's ignored and blocked signals" {
	caller_state
	inherits
	inherits --fork
	inherits --fork --forward-signals
	inherits --kill-child
	inherits --kill-child=TERM -p
	inherits --init
	inherits --init --kill-child --forward-signals
	inherits -p --mount-proc
	inherits -r --verbose
}

@test "an armed undo leaves the program the caller's signals: FILE, with and without --fork, and a shared --mount-proc" {
	caller_state
	touch "$BATS_TEST_TMPDIR/uts"
	inherits --uts="$BATS_TEST_TMPDIR/uts"
	inherits --fork --uts="$BATS_TEST_TMPDIR/uts"
	inherits --init --uts="$BATS_TEST_TMPDIR/uts"
	# Seen outside: in a mount namespace of its own, shared, that the
	# mount goes with.
	mkdir "$BATS_TEST_TMPDIR/proc"
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / && exec "$@"' sh \
		env --ignore-signal=$IGNORED --block-signal=$BLOCKED \
		"$UNSHARE_BIN" --propagation=shared --mount-proc="$BATS_TEST_TMPDIR/proc" \
		cat /proc/thread-self/children /proc/self/status
	assert_success
	assert_equal "$(sed -n 's/^\(Sig\(Ign\|Blk\)\):[[:space:]]*/\1 /p' <<<"$output")" \
		"$(tail -n 2 <<<"$caller")"
	[[ $output == Name:* ]] || fail "children: ${output%%Name:*}"
}

@test "the helper that writes the id maps is reaped before the exec: the program has no child it did not make" {
	require_ns user
	caller_state
	inherits --map-users=0:100000:65536 --map-groups=0:100000:65536
	inherits --map-users=0:100000:65536 -r
	inherits --owner=65534:65534 -r
	inherits --fork --map-users=0:100000:65536 --map-groups=0:100000:65536
	# Without a program, the shell; with a step that fails after the
	# maps, nothing runs, and no helper is left either.
	run status_of "$UNSHARE_BIN" --map-users=0:100000:65536 --wd=/no/such/dir true
	assert_line "exit 125"
}

@test "nobody: newuidmap's helper is reaped before the exec too" {
	require_userns_for_nobody
	command -v newuidmap >/dev/null || need "newuidmap is not installed (apt-get install uidmap)"
	give_subids 'nobody:200000:65536' 'nobody:200000:65536'
	run with_subids as_nobody env --ignore-signal=$IGNORED --block-signal=$BLOCKED \
		"$NOBODY_BIN" --map-auto cat /proc/thread-self/children /proc/self/status
	assert_success
	[[ $output == Name:* ]] || fail "children: ${output%%Name:*}"
	caller=$(state env)
	assert_equal "$(sed -n 's/^\(Sig\(Ign\|Blk\)\):[[:space:]]*/\1 /p' <<<"$output")" \
		"$(tail -n 2 <<<"$caller")"
}

@test "SIGCHLD ignored by the caller: our own children are still waited for (--list, the helpers), and the program gets it ignored" {
	local options
	run env --ignore-signal=CHLD "$UNSHARE_BIN" --list --json
	assert_success
	assert_output "$("$UNSHARE_BIN" --list --json)"
	for options in "" --fork --init --kill-child "-p --mount-proc" \
		"--uts=$BATS_TEST_TMPDIR/uts -r --map-users=1:100000:10"; do
		# shellcheck disable=SC2086 # the options are words
		run env --ignore-signal=CHLD "$UNSHARE_BIN" $options grep SigIgn /proc/self/status
		umount "$BATS_TEST_TMPDIR/uts" 2>/dev/null || :
		assert_success
		(((0x${output##*[[:space:]]} & 0x10000) != 0)) ||
			fail "$options: SIGCHLD not ignored: $output"
	done
}
