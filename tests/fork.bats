#!/usr/bin/env bats
# --fork: the child's exit status, or its death by a signal, is ours.

load helpers

setup() {
	common_setup
	ulimit -S -c 0 # a child that faults leaves no core file here
}

@test "--fork: exit statuses 0, 1, 42, 255 pass through" {
	statuses_pass --fork
}

@test "--fork: deaths by TERM, KILL, SEGV, INT, HUP, USR1 pass through as deaths" {
	deaths_pass --fork
}

@test "--fork: a real fault in the child is our SEGV, and we leave no core file" {
	[ "$(cat /proc/sys/kernel/core_pattern)" = core ] ||
		need "kernel.core_pattern is not 'core', so core files cannot be looked for"
	ulimit -S -c unlimited || need "the hard limit on core files is 0"
	mkdir "$BATS_TEST_TMPDIR/child"
	cd "$BATS_TEST_TMPDIR"
	# The child dumps its core in child/; ours would land here.
	run status_of "$UNSHARE_BIN" --fork sh -c "cd child && exec $UNSHARE_TESTLIB/fault"
	assert_output "signal SEGV"
	[ -e child/core ] # the kernel did dump the child's
	[ ! -e core ]
}

@test "-f is --fork: the program is our child" {
	run unshare -f sh -c 'cat /proc/$PPID/comm'
	assert_success
	assert_output unshare
}

@test "without --fork the program replaces us" {
	run unshare sh -c 'cat /proc/$PPID/comm'
	assert_success
	refute_output unshare
}

@test "--fork: 127 and 126 for the program come back from the child" {
	PATH=$SEARCHABLE_PATH run -127 unshare --fork no-such-program-here
	assert_failure 127
	assert_said "'no-such-program-here': No such file or directory"
	run unshare --fork /
	assert_failure 126
}

@test "--fork --no-fork is refused" {
	run unshare --fork --no-fork true
	assert_failure 125
	assert_said --index 0 "--fork" "--no-fork" "exclude"
}

@test "--dry-run shows the fork step" {
	run unshare --dry-run --fork true
	assert_success
	assert_line --regexp '^fork +fork: the parent waits$'
	assert_line --regexp '^signals +.*: ignore INT TERM QUIT HUP$'
	run unshare --dry-run --json --fork true
	assert_output --partial '{"step":"signals","action":"ignore","signals":["INT","TERM","QUIT","HUP"],"fatal_when_sent":["HUP","QUIT"]}'
}

@test "the program's signal mask, ignored signals and descriptors are the caller's" {
	probe='grep -E "^Sig(Blk|Ign)" /proc/self/status; ls /proc/self/fd'
	want=$(env --block-signal=USR2,WINCH --ignore-signal=CHLD,HUP sh -c "$probe")
	# A new pid namespace needs privilege: without root, a user namespace
	# of our own gives it (if this user may make one).
	local priv=
	if [ "$(id -u)" != 0 ]; then
		require_userns_for_self
		priv=--map-root-user
	fi
	for opts in "" "--fork" "--fork --forward-signals" "--kill-child" "--kill-child=TERM --forward-signals" "$priv --pid" "$priv --init" "$priv --pid --mount-proc"; do
		# shellcheck disable=SC2086
		got=$(env --block-signal=USR2,WINCH --ignore-signal=CHLD,HUP "$UNSHARE_BIN" $opts sh -c "$probe")
		assert_equal "$opts: $got" "$opts: $want"
	done
}

@test "--fork when no process may be made: 125, naming the limit" {
	require_root
	nobody_copy
	run with_nproc 1 "$NOBODY_BIN" --fork true
	nobody_cleanup
	assert_failure 125
	assert_said "fork: " "Resource temporarily unavailable" "hint: " "limit on processes" "ulimit -u"
}

# tests/eintr-preload.c: each process's first wait fails with EINTR.
@test "a wait a signal interrupts (EINTR) is asked again: the child's status still comes back" {
	require_root
	for options in "--fork" "--fork --forward-signals" "--init" "--user --map-root-user"; do
		# shellcheck disable=SC2086 # the options are words
		run timeout -s KILL 10 env LD_PRELOAD="$UNSHARE_TESTLIB/eintr-preload.so" \
			"$UNSHARE_PRELOAD_BIN" $options sh -c 'echo ran; exit 5'
		assert_equal "$options: $status" "$options: 5"
		assert_output "ran"
	done
}

@test "--kill-child with stdin closed: the waiting parent keeps no end of the child's pipe at 0" {
	# The pipe's read end is then descriptor 0: the child's, which the
	# parent closes as it closes it at any other number.  Read once the
	# parent has closed what it keeps not (the caller's 9), before which
	# it closes the child's ends.
	run sh -c 'exec "$1" --fork --kill-child sh -c "i=0
		while [ -e /proc/\$PPID/fd/9 ] && [ \$i -lt 100 ]; do i=\$((i + 1)); sleep 0.1; done
		ls /proc/\$PPID/fd" 9</dev/null <&-' sh "$UNSHARE_BIN"
	assert_success
	assert_line 2
	refute_line 0
}
