#!/usr/bin/env bats
# Signals while we wait for the child: INT and TERM ignored by default,
# HUP and QUIT sent by a process fatal (as in util-linux), all forwarded
# with --forward-signals; --kill-child.  The terminal's
# own signals are in terminal.bats.

load helpers

teardown() {
	# A child still held by hold-preload.so is released first.  Opened
	# read-write, a FIFO never waits for a reader: one the test has
	# released already costs nothing.
	if [ -p "${fifo:-}" ]; then echo go 1<>"$fifo"; fi
	if [ -n "${victim:-}" ]; then kill -KILL "$victim" 2>/dev/null || :; fi
	if [ -n "${upid:-}" ]; then kill -KILL "$upid" 2>/dev/null || :; fi
}

# A program that reports each signal it gets in $out, then exits 3; one
# that got none in 10 s exits 9 (a test fails, rather than waits
# forever).
trap_program() {
	echo "trap 'echo got $1 >>$out; exit 3' $1; echo \$\$ >$ready; i=0; while [ \$i -lt 200 ]; do sleep 0.05; i=\$((i + 1)); done; exit 9"
}

@test "--forward-signals delivers TERM, INT, HUP, QUIT, USR1, USR2 and WINCH" {
	for sig in TERM INT HUP QUIT USR1 USR2 WINCH; do
		out=$BATS_TEST_TMPDIR/out-$sig ready=$BATS_TEST_TMPDIR/ready-$sig
		# env --default-signal: no signal ignored from the test runner.
		run status_of sh -c '
			(i=0; while [ ! -s "$1" ] && [ $((i += 1)) -le 200 ]; do sleep 0.05; done; kill -'"$sig"' $$) &
			exec env --default-signal "$UNSHARE_BIN" --fork --forward-signals sh -c "$2"
		' sh "$ready" "$(trap_program "$sig")"
		assert_output "exit 3"
		assert_equal "$(cat "$out")" "got $sig"
	done
}

@test "without --forward-signals, INT and TERM sent by a process do not kill us or orphan the child" {
	ready=$BATS_TEST_TMPDIR/ready
	run status_of sh -c '
		(i=0; while [ ! -s "$1" ] && [ $((i += 1)) -le 200 ]; do sleep 0.05; done; kill -TERM $$; kill -INT $$; echo sent >"$1.sent") &
		exec env --default-signal "$UNSHARE_BIN" --fork sh -c "echo \$\$ >$1; i=0; while [ ! -s $1.sent ] && [ \$((i += 1)) -le 200 ]; do sleep 0.05; done; exit 7"
	' sh "$ready"
	assert_output "exit 7"
}

@test "without --forward-signals, the child does not get INT or TERM sent to us" {
	local status=0
	out=$BATS_TEST_TMPDIR/out ready=$BATS_TEST_TMPDIR/ready
	fifo=$ready.go
	mkfifo "$fifo"
	env --default-signal "$UNSHARE_BIN" --fork sh -c \
		'trap "echo got TERM >>\"\$2\"" TERM; echo $$ >"$1"; read -r _ <"$1.go"; exit 5' \
		sh "$ready" "$out" &
	upid=$!
	wait_for_file "$ready"
	kill -TERM "$upid"
	# Dropped, or handled (a TERM passed on is the program's by then).
	eventually settled "$upid" || fail "unshare did not settle after TERM"
	timeout 10 sh -c 'echo go >"$1"' sh "$fifo"
	wait "$upid" || status=$?
	upid=
	assert_equal "$status" 5
	[ ! -e "$out" ]
}

@test "--forward-signals implies --fork, as in util-linux" {
	run unshare --dry-run --forward-signals true
	assert_success
	assert_line --regexp '^implied +--fork +by --forward-signals$'
	assert_line --regexp '^fork +fork: the parent waits$'
	run unshare --forward-signals sh -c 'echo $PPID'
	assert_success
	[ "$output" != "$$" ]
	run unshare --forward-signals --no-fork true
	assert_failure 125
	assert_said --index 0 "--forward-signals" "child" "drop --no-fork"
}

# Start unshare with OPTIONS in the background; the program writes its pid
# (as we see it) and sleeps, every signal at its default (the TERM of
# --kill-child=TERM kills it, whatever the caller ignores).  Sets upid
# and victim.
start_sleeper() {
	ready=$BATS_TEST_TMPDIR/ready
	env --default-signal "$UNSHARE_BIN" "$@" sh -c "echo \$\$ >$ready.inner; exec sleep 100" 3>&- &
	upid=$!
	eventually pgrep -P "$upid" -x sleep >/dev/null ||
		fail "the child of $upid did not start"
	victim=$(pgrep -P "$upid" -x sleep)
}

@test "--kill-child: the child dies when we are killed" {
	start_sleeper --kill-child
	kill -KILL "$upid"
	gone "$victim"
}

@test "--kill-child=TERM: the child gets TERM when we die" {
	start_sleeper --kill-child=TERM
	kill -KILL "$upid"
	gone "$victim"
}

@test "--kill-child with --pid: the namespace's pid 1 dies with us" {
	require_root
	start_sleeper --pid --kill-child
	kill -KILL "$upid"
	gone "$victim"
}

# pid 1 ignores a signal it has no handler for: the plan says so, and it
# is true (the sleeper outlives us), while --init ends it.
@test "--kill-child=TERM with --pid and no --init: the plan warns that pid 1 ignores it" {
	require_root
	run unshare --dry-run --pid --kill-child=TERM true
	assert_success
	assert_line --regexp '^kill-child +.*: SIGTERM$'
	assert_line --regexp '^note +.*pid 1 .*--init'
	run unshare --dry-run --json --pid --kill-child=TERM true
	assert_success
	run python3 -c 'import json, sys
print([(s["signal"], s["spared_as_pid1"]) for s in json.loads(sys.argv[1])["plan"]["steps"] if s["step"] == "kill-child"])' "$output"
	assert_output "[('TERM', True)]"
	run unshare --verbose --pid --kill-child=TERM true
	assert_success
	assert_said "kill-child" "SIGTERM"
	assert_said "note" " pid 1 " "--init"
	for quiet in "--pid --kill-child" "--init --kill-child=TERM" "--kill-child=TERM"; do
		# shellcheck disable=SC2086 # the options are words
		run unshare --dry-run $quiet true
		assert_line --regexp '^kill-child +.*: SIG[A-Z]+$'
		refute_line --partial 'ignores'
	done

	start_sleeper --pid --kill-child=TERM
	kill -KILL "$upid"
	# Reaped, unshare has sent its parent-death signal: pid 1 dropped it.
	wait "$upid" || :
	upid=
	settled "$victim" || fail "pid 1 died of TERM after all"
	kill -KILL "$victim"
	# The program is the grandchild, found by a command line of its own.
	secs=$((100000 + RANDOM))
	env --default-signal "$UNSHARE_BIN" --init --kill-child=TERM sleep "$secs" &
	upid=$!
	eventually pgrep -x -f "sleep $secs" >/dev/null ||
		fail "the program of $upid did not start"
	victim=$(pgrep -x -f "sleep $secs")
	kill -KILL "$upid"
	gone "$victim"
}

# The race: unshare dies after the fork but before the child has armed
# its parent-death signal, so no signal will ever come.  A preloaded
# prctl() holds the child in that window until we have killed unshare.
hold_child() {
	fifo=$BATS_TEST_TMPDIR/hold
	mkfifo "$fifo"
	LD_PRELOAD=$UNSHARE_TESTLIB/hold-preload.so UNSHARE_TEST_HOLD=$fifo \
		"$UNSHARE_PRELOAD_BIN" "$@" -- touch "$BATS_TEST_TMPDIR/ran" \
		2>"$BATS_TEST_TMPDIR/err" &
	upid=$!
	wait_for_file "$fifo.ready"
	victim=$(cat "$fifo.ready")
}

@test "--kill-child: if we die before the child is armed, the program never runs" {
	hold_child --kill-child
	kill -KILL "$upid"
	wait "$upid" || :
	echo go >"$fifo"
	gone "$victim"
	[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "the program ran after unshare died"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_said "parent-death signal" "unshare died"
	assert_equal "${#lines[@]}" 1
	# No errno: what ended the run is no failed call.
	assert_line --regexp 'died first$'
}

@test "--kill-child: held the same way but with us alive, the program runs (so the test above can fail)" {
	hold_child --kill-child
	echo go >"$fifo"
	local rc=0
	wait "$upid" || rc=$?
	assert_equal "$rc" 0
	[ -e "$BATS_TEST_TMPDIR/ran" ] || fail "the program did not run"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output ''
}

@test "without --kill-child the child outlives us (so the tests above can fail)" {
	start_sleeper --fork
	kill -KILL "$upid"
	# Reaped, unshare would have sent a parent-death signal by now: none
	# came (the program sleeps on, nothing pending).
	wait "$upid" || :
	upid=
	run settled "$victim"
	assert_success
}

@test "--kill-child takes signal names and numbers, and refuses others" {
	run unshare --dry-run --kill-child=sigusr1 true
	assert_success
	assert_line --regexp '^kill-child +.*: SIGUSR1$'
	assert_line --regexp '^implied +--fork +by --kill-child$'
	run unshare --dry-run --kill-child=15 true
	assert_line --regexp '^kill-child +.*: SIGTERM$'
	run unshare --dry-run --kill-child true
	assert_line --regexp '^kill-child +.*: SIGKILL$'
	# Each name glibc knows, and the other names util-linux takes too:
	# IO and POLL, IOT, CLD.
	for alias in IO:POLL SIGIO:POLL sigpoll:POLL IOT:ABRT CLD:CHLD SIGCLD:CHLD; do
		run unshare --dry-run --kill-child="${alias%%:*}" true
		assert_success
		assert_line --regexp "^kill-child +.*: SIG${alias#*:}$"
	done
	for bad in NOPE 0 65 -9 9x; do
		run unshare --kill-child="$bad" true
		assert_failure 125
		assert_said --index 0 "--kill-child=$bad:" "signal" "TERM" "64"
	done
	run unshare --kill-child= true
	assert_failure 125
	assert_line --index 0 "unshare: --kill-child=: give a value"
}

@test "--kill-child --no-fork is refused" {
	run unshare --kill-child --no-fork true
	assert_failure 125
	assert_said --index 0 "--kill-child" "child" "drop --no-fork"
}

# child_of PID: the pid of PID's child, once it has one (5 s at most).
child_of() {
	eventually pgrep -P "$1" >/dev/null || return
	pgrep -P "$1" | head -n 1
}

@test "kill -HUP or -QUIT to unshare --fork: it dies of it, as util-linux's does; --kill-child takes the program down" {
	local sig child
	for sig in HUP QUIT; do
		env --default-signal "$UNSHARE_BIN" --fork --kill-child sleep 100 &
		upid=$!
		child=$(child_of "$upid")
		kill -"$sig" "$upid"
		status=0
		wait "$upid" || status=$?
		upid=
		assert_equal "$sig: $status" "$sig: $((128 + $(kill -l "$sig")))"
		gone "$child" || fail "SIG$sig: the program outlived unshare"
	done
	# Without --kill-child, the program goes on, as util-linux's.
	env --default-signal "$UNSHARE_BIN" --fork sleep 100 &
	upid=$!
	victim=$(child_of "$upid")
	kill -HUP "$upid"
	status=0
	wait "$upid" || status=$?
	upid=
	assert_equal "$status" 129
	kill -0 "$victim"
}

@test "a signal unshare --fork starts with ignored (nohup) stays ignored: kill -HUP or -QUIT changes nothing, as util-linux" {
	local sig
	for sig in HUP QUIT; do
		ready=$BATS_TEST_TMPDIR/ready-$sig fifo=$BATS_TEST_TMPDIR/ready-$sig.go
		mkfifo "$fifo"
		# The program waits for the test's word, once unshare waits for it.
		env --ignore-signal="$sig" "$UNSHARE_BIN" --fork sh -c \
			'echo $$ >"$1"; read -r _ <"$1.go"; exit 7' sh "$ready" &
		upid=$!
		wait_for_file "$ready"
		kill -"$sig" "$upid"
		eventually settled "$upid" || fail "SIG$sig: unshare did not settle"
		timeout 10 sh -c 'echo go >"$1"' sh "$fifo"
		status=0
		wait "$upid" || status=$?
		upid=
		assert_equal "$sig: $status" "$sig: 7"
	done
}

@test "--kill-child holds across --setuid and --setgid, which disarm it in the kernel (50 rounds in the stress run)" {
	require_root
	local options pid round program="sleep 1031$$"
	for round in $(seq "$(stress_count 50 1)"); do
	for options in "--setuid=65534 --setgid=65534" "--setgid=65534" \
		"-p --init --setuid=65534 --setgid=65534"; do
		# shellcheck disable=SC2086 # the options are words
		"$UNSHARE_BIN" --kill-child $options $program &
		upid=$!
		eventually pgrep -xf "$program" >/dev/null || fail "$options: no program"
		pid=$(pgrep -xf "$program")
		kill -KILL "$upid"
		wait "$upid" || :
		upid=
		gone "$pid" || { kill -KILL "$pid"; fail "$options: the program outlived unshare (round $round)"; }
	done
	done
	run unshare --dry-run --json --kill-child --setuid=65534 true
	assert_output --partial '{"step":"kill-child","signal":"KILL","again":true,'
}

@test "--kill-child with --setuid, unshare killed at a random moment: the program never outlives it (150 in the stress run)" {
	require_root
	local i n left=0 program="sleep 1033$$"
	n=$(stress_count 150)
	for ((i = 0; i < n; i++)); do
		# shellcheck disable=SC2086 # the program and its argument
		"$UNSHARE_BIN" --kill-child --setuid=65534 --setgid=65534 $program &
		upid=$!
		sleep "0.00$((RANDOM % 10))"
		kill -KILL "$upid"
		wait "$upid" || :
		upid=
		if ! eventually sh -c '! pgrep -xf "$1" >/dev/null' sh "$program"; then
			left=$((left + 1))
			pkill -KILL -xf "$program" || :
		fi
	done
	echo "# $n kills at a random moment: $left programs outlived unshare" >&3
	[ "$left" = 0 ]
}
