#!/usr/bin/env bats
# Signals from a real terminal: a key such as Ctrl-C signals the whole
# foreground process group, the program included, so the supervisor and
# --init must not pass the same signal on again.  Each run is the
# foreground job of a new pseudo-terminal (terminal.py), and the program
# (sigcount) counts how many times the signal reached it.

load helpers

teardown() {
	if [ -n "${upid:-}" ]; then kill -KILL "$upid" 2>/dev/null || :; fi
}

# "on_terminal KEYS OPTION...": runs unshare OPTION... sigcount SIGNUM on a
# new terminal, SIGNUM being the signal KEYS make, types KEYS once the
# program is ready; output without the terminal's carriage returns.
on_terminal() {
	local keys=$1 signum
	shift
	case $keys in
	$'\003') signum=2 ;;
	$'\034') signum=3 ;;
	esac
	# Every signal at its default, as a terminal's foreground job has
	# them: make check run in the background hands INT and QUIT ignored.
	env --default-signal python3 "$BATS_TEST_DIRNAME/terminal.py" "$keys" \
		"$UNSHARE_BIN" "$@" "$UNSHARE_TESTLIB/sigcount" "$signum" | tr -d '\r'
	return "${PIPESTATUS[0]}"
}

@test "one Ctrl-C reaches the program once, with every kind of supervision" {
	require_root
	for options in "--fork" "--fork --forward-signals" "--init" \
		"--init --forward-signals"; do
		# shellcheck disable=SC2086 # the options are words
		run on_terminal $'\003' $options
		assert_success
		assert_line --partial "ready"
		assert_line "2 1"
	done
}

@test "--verbose says the terminal's signal is not forwarded" {
	run on_terminal $'\003' --verbose --fork --forward-signals
	assert_success
	assert_line "2 1"
	assert_line --regexp 'signals +SIGINT not forwarded: .*terminal'

	require_root
	run on_terminal $'\003' --verbose --init
	assert_success
	assert_line "2 1"
	assert_line --regexp 'init +SIGINT not forwarded: .*terminal'
}

# "late OPTION...": unshare --verbose --fork OPTION... true on a new
# terminal, held (tests/hold-preload.c) once the child is gone and before
# it is reaped, until the Ctrl-C typed then has reached us; a key that
# came as the child ended.
late() {
	env --default-signal python3 "$BATS_TEST_DIRNAME/terminal.py" $'\003' \
		env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" \
		UNSHARE_TEST_HOLD_AT=reap "$UNSHARE_PRELOAD_BIN" --verbose --fork \
		"$@" true | tr -d '\r'
	return "${PIPESTATUS[0]}"
}

@test "--verbose: a terminal's signal that came after the child ended is said as one that came before" {
	run late --forward-signals
	assert_success
	assert_line ready
	refute_output --partial hold-preload
	assert_line --regexp 'signals +SIGINT not forwarded: .*terminal'
	# Ignored, not forwarded: nothing said, as while the child runs.
	run late
	assert_success
	assert_line ready
	refute_output --partial hold-preload
	refute_output --partial 'SIGINT'
}

@test "Ctrl-\\ ends neither the --fork supervisor nor the program it waits for" {
	run on_terminal $'\034' --fork
	assert_success
	assert_line "3 1"
}

# A signal sent to us alone (kill PID) is passed on, exactly once.
@test "kill -TERM to unshare reaches the program once, through --init too" {
	require_root
	for options in "--fork --forward-signals" "--init --forward-signals"; do
		out=$BATS_TEST_TMPDIR/out
		: >"$out"
		# shellcheck disable=SC2086 # the options are words
		env --default-signal "$UNSHARE_BIN" $options \
			"$UNSHARE_TESTLIB/sigcount" 15 >"$out" &
		upid=$!
		for _ in $(seq 100); do
			grep -q ready "$out" && break
			sleep 0.05
		done
		kill -TERM "$upid"
		status=0
		wait "$upid" || status=$?
		upid=
		assert_equal "$status" 0
		assert_equal "$(cat "$out")" "ready
15 1"
	done
}

# The kernel hangs up the session's leader alone: when that is unshare
# (ssh -t host unshare -f, tmux new 'unshare ...', a terminal's -e), the
# child would not hear of it.
@test "a hangup when unshare leads the session reaches the child, and unshare ends as it does" {
	local out=$BATS_TEST_TMPDIR/out options
	for options in "--fork" "--fork --forward-signals" "--fork --kill-child"; do
		rm -f "$out"
		# shellcheck disable=SC2086 # the options are words
		# HUP at its default, whatever the caller's (nohup).
		run env --default-signal python3 "$BATS_TEST_DIRNAME/terminal.py" hangup "$UNSHARE_BIN" $options \
			sh -c "trap 'echo got HUP >$out; exit 3' HUP; echo ready; while :; do sleep 0.05; done"
		assert_equal "$options: $status" "$options: 3"
		assert_equal "$(cat "$out")" "got HUP"
	done
}
