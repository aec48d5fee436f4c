#!/usr/bin/env bats
# --die-with-parent: the run ends when the process that started unshare
# ends.  That process is a subshell of the test's own, killed by it;
# each wait is on an event (a FIFO read, a pidfd), not a sleep.

load helpers

teardown() {
	# A process still held by hold-preload.so is released first.
	if [ -p "${fifo:-}" ]; then echo go 1<>"$fifo"; fi
	if [ -n "${victim:-}" ]; then kill -KILL "$victim" 2>/dev/null || :; fi
	if [ -n "${waiter:-}" ]; then kill -KILL "$waiter" 2>/dev/null || :; fi
	nobody_cleanup
}

# ends PID: "gone" once PID has ended (or was gone), "alive" if it is
# still there after 5 s: its pidfd polled, an event.
ends() {
	python3 -c '
import os, select, sys
try:
    fd = os.pidfd_open(int(sys.argv[1]))
except ProcessLookupError:
    print("gone")
    sys.exit()
print("gone" if select.select([fd], [], [], 5)[0] else "alive")' "$1"
}

# start OPTION...: unshare OPTION... run by a subshell (its caller,
# $caller), its program ${PROGRAM[@]}, by default a sleep that says its
# pid and its parent's on ready; $victim is the program, $waiter its
# parent (with --fork, the waiting unshare).
# shellcheck disable=SC2016 # expanded by the program's shell
PROGRAM=(sh -c 'echo $$ $PPID >ready; exec sleep 1000')
start() {
	mkfifo -m 666 ready
	chmod 755 .
	("$UNSHARE_BIN" "$@" "${PROGRAM[@]}" & wait) &
	caller=$!
	# Opened read-write, it waits for no writer: a program that never
	# starts fails the test in 10 s.
	exec 5<>ready
	read -r -t 10 victim waiter <&5 || :
	exec 5<&-
	[ -n "$waiter" ] || fail "the program did not start"
}

@test "--die-with-parent: the caller killed, the program is gone; without it, it stays (so the test can fail)" {
	start --die-with-parent
	kill -KILL "$caller"
	run ends "$victim"
	assert_output gone
	rm ready
	start
	kill -KILL "$caller"
	run ends "$victim"
	assert_output alive
}

@test "--die-with-parent with --fork: the waiting unshare and the program are gone; with TERM, the program gets TERM" {
	start --fork --die-with-parent
	kill -KILL "$caller"
	run ends "$waiter"
	assert_output gone
	run ends "$victim"
	assert_output gone
	rm ready
	start --fork --die-with-parent=TERM
	kill -KILL "$caller"
	run ends "$victim"
	assert_output gone
	# The waiting unshare of -f alone waits on.
	rm ready
	start --fork
	kill -KILL "$caller"
	run ends "$waiter"
	assert_output alive
}

# A program that says its pid and its parent's on ready, then waits for
# a signal, and writes on got the first it is given (a KILL: nothing).
# The signals are blocked before it says ready and taken by sigwaitinfo:
# a handler could run as the file on ready is closed (its sys.exit then
# swallowed by the file's finalizer) or just before pause() (which then
# waits for a second signal), and the program would wait on, alive.
CATCHER='import os, signal
sigs = {signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGUSR1}
signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
with open("ready", "w") as ready:
    ready.write("%d %d\n" % (os.getpid(), os.getppid()))
sig = signal.sigwaitinfo(sigs).si_signo
with open("got", "w") as got:
    got.write(signal.Signals(sig).name + "\n")'

@test "--die-with-parent=SIGNAL: the program gets that signal, not a KILL, with and without --fork" {
	local opts
	PROGRAM=(python3 -c "$CATCHER")
	for opts in "" --fork; do
		# shellcheck disable=SC2086 # opts: no option, or one
		start $opts --die-with-parent=USR1
		kill -KILL "$caller"
		run ends "$victim"
		assert_output gone
		run cat got
		assert_output SIGUSR1
		rm ready got
	done
}

@test "--die-with-parent after --setuid: armed again, as the change of ids disarms it" {
	require_root
	start --die-with-parent --setuid=65534 --setgid=65534
	kill -KILL "$caller"
	run ends "$victim"
	assert_output gone
}

# hold COMMAND...: COMMAND (an unshare) started by a subshell and held
# at its arming (tests/hold-preload.c); $victim is the held process.
hold() {
	fifo=$BATS_TEST_TMPDIR/hold
	mkfifo "$fifo"
	(LD_PRELOAD=$UNSHARE_TESTLIB/hold-preload.so UNSHARE_TEST_HOLD=$fifo \
		"$@" -- touch "$BATS_TEST_TMPDIR/ran" \
		2>"$BATS_TEST_TMPDIR/err" & wait) &
	caller=$!
	wait_for_file "$fifo.ready"
	victim=$(cat "$fifo.ready")
}

@test "--die-with-parent: a caller that ends before the arming ends the run at once, the program never runs" {
	local opts
	for opts in --die-with-parent "--fork --die-with-parent"; do
		# shellcheck disable=SC2086 # the options are words
		hold "$UNSHARE_PRELOAD_BIN" $opts
		kill -KILL "$caller"
		wait "$caller" || :
		echo go >"$fifo"
		run ends "$victim"
		assert_output gone
		[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "$opts: the program ran after its caller ended"
		# Killed by the signal, as the kernel would have: nothing said.
		run cat "$BATS_TEST_TMPDIR/err"
		assert_output ''
		rm "$fifo" "$fifo.ready"
	done
	# A signal that does not end it (HUP, ignored): said.
	hold env --ignore-signal=HUP "$UNSHARE_PRELOAD_BIN" --die-with-parent=HUP
	kill -KILL "$caller"
	wait "$caller" || :
	echo go >"$fifo"
	run ends "$victim"
	assert_output gone
	[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "the program ran after its caller ended"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_said "parent ends" "the caller ended first"
}

@test "--die-with-parent held at its arming with the caller alive: the program runs (so the test above can fail)" {
	hold "$UNSHARE_PRELOAD_BIN" --die-with-parent
	echo go >"$fifo"
	run ends "$victim"
	assert_output gone
	[ -e "$BATS_TEST_TMPDIR/ran" ] || fail "the program did not run"
	run cat "$BATS_TEST_TMPDIR/err"
	assert_output ''
}

@test "--die-with-parent: as nobody; its SIGNAL checked; its steps in the plan and the JSON" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --die-with-parent=TERM true
	assert_success
	run unshare --die-with-parent=NOSUCH true
	assert_failure 125
	assert_said "--die-with-parent=NOSUCH: give a signal's name"
	run unshare --dry-run --die-with-parent=TERM -S 65534 true
	assert_success
	# Armed after the change of ids.
	run grep -oE '^(setuid|parent-death|program) ' <<<"$output"
	assert_output "setuid 
parent-death 
program "
	run unshare --dry-run --json --fork --die-with-parent=TERM true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1])["plan"]; print([s for s in d["steps"] if s["step"] in ("parent-death", "kill-child")])' "$output"
	assert_output "[{'step': 'parent-death', 'signal': 'KILL'}, {'step': 'kill-child', 'signal': 'TERM', 'again': False, 'spared_as_pid1': False}]"
}

@test "--die-with-parent=SIGNAL and --kill-child of another signal: refused, as the child has one; the same or the default, taken" {
	run unshare -f --kill-child=INT --die-with-parent=HUP true
	assert_failure 125
	assert_said "--kill-child=INT and --die-with-parent=HUP exclude each other"
	run unshare --dry-run --json -f --kill-child=HUP --die-with-parent=HUP true
	assert_success
	run unshare --dry-run --json -f --kill-child=INT --die-with-parent true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1])["plan"]; print([s["signal"] for s in d["steps"] if s["step"] == "kill-child"])' "$output"
	assert_output "['INT']"
}

@test "--die-with-parent=KILL given beside --kill-child of another signal with -f: refused as any other; a bare one given after it, taken" {
	run unshare -f --kill-child=TERM --die-with-parent=KILL touch ran
	assert_failure 125
	assert_said "--kill-child=TERM and --die-with-parent=KILL exclude each other"
	[ ! -e ran ]
	run unshare -f --kill-child=TERM --die-with-parent=9 true
	assert_failure 125
	assert_said "--die-with-parent=KILL" "exclude each other"
	run unshare --dry-run --json -f --kill-child=TERM --die-with-parent=KILL --die-with-parent true
	assert_success
}
