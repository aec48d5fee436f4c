#!/usr/bin/env bats
# --init: a reaping init as pid 1; the program is its child.

load helpers

setup() {
	common_setup
	require_root
	require_ns pid
	ulimit -S -c 0
}

@test "--init: the init is pid 1, the program pid 2" {
	run unshare --init --mount-proc sh -c 'echo $$; cat /proc/1/comm'
	assert_success
	assert_output "2
unshare"
}

@test "--init implies --pid and --fork, shown by --init" {
	run unshare --dry-run --init true
	assert_success
	assert_line --regexp '^implied +--fork, pid +by --init$'
	assert_line --regexp '^init +run an init'
}

@test "--init: exit statuses 0, 1, 42, 255 pass through" {
	statuses_pass --init
}

@test "--init: deaths by TERM, KILL, SEGV, INT, HUP, USR1 pass through as deaths" {
	deaths_pass --init
	run status_of "$UNSHARE_BIN" --init "$UNSHARE_TESTLIB/fault"
	assert_output "signal SEGV"
}

# The orphan is a copy of sh with a name of its own, so that its zombie can
# be found.  It is orphaned at once; the program then becomes a sleep that
# never calls wait(), and only after that (the program's pid, as this
# /proc shows it, names the sleep: 10 s at most) does the orphan say it
# ran and exit.  Sets upid (unshare) and ran.
start_orphan() {
	local wait_sleep='i=0
		until [ "$(cat "/proc/$2/comm")" = sleep ] || [ $((i += 1)) -gt 200 ]; do sleep 0.05; done
		echo ran >"$1"'
	orphan=$BATS_TEST_TMPDIR/orphan$$ ran=$BATS_TEST_TMPDIR/ran
	cp /bin/sh "$orphan"
	"$UNSHARE_BIN" "$@" sh -c 'read -r me _ </proc/self/stat
		("$1" -c "$2" orphan "$3" "$me" &)
		exec sleep 60' sh "$orphan" "$wait_sleep" "$ran" 3>&- &
	upid=$!
	wait_for_file "$ran"
}

# The orphan's processes, one stat line each: its state is the third
# field (Z for a zombie).
orphans() {
	grep -l "^orphan$$\$" /proc/[0-9]*/comm 2>/dev/null | while read -r f; do
		cat "${f%comm}stat"
	done
}

zombies() {
	orphans | awk '$3 == "Z"'
}

no_orphans() { [ -z "$(orphans)" ]; }
has_zombies() { [ -n "$(zombies)" ]; }

# The namespace ends with its pid 1, our child; unshare ends with it.
end_namespace() {
	pkill -KILL -P "$upid" || :
	wait "$upid" || :
	upid=
}

teardown() {
	if [ -n "${upid:-}" ]; then end_namespace; fi
}

@test "--init reaps an orphaned grandchild: no zombie is left" {
	start_orphan --init
	# Gone altogether (not running, not a zombie).
	eventually no_orphans || :
	assert_equal "$(orphans)" ''
	end_namespace
}

@test "without --init an orphan stays a zombie under a program that does not reap" {
	local parent
	start_orphan --pid
	eventually has_zombies || fail "the orphan never became a zombie"
	# Its parent, the only one who may reap it, is the program: a sleep.
	parent=$(zombies | awk '{ print $4 }')
	assert_equal "$(cat "/proc/$parent/comm")" sleep
	end_namespace
}

@test "--init: TERM sent to the init reaches the program" {
	out=$BATS_TEST_TMPDIR/out
	run status_of sh -c '
		(n=0; until i=$(pgrep -P $$ -x unshare) || [ $((n += 1)) -gt 200 ]; do sleep 0.05; done
		 n=0; until [ -s "$1" ] || [ $((n += 1)) -gt 200 ]; do sleep 0.05; done; kill -TERM $i) &
		exec env --default-signal=TERM "$UNSHARE_BIN" --init sh -c "trap \"echo got TERM >$1.out; exit 4\" TERM; echo up >$1; n=0; while [ \$((n += 1)) -le 200 ]; do sleep 0.05; done; exit 9"
	' sh "$out"
	assert_output "exit 4"
	assert_equal "$(cat "$out.out")" "got TERM"
}

@test "--init --forward-signals: TERM to us reaches the program through the init" {
	out=$BATS_TEST_TMPDIR/out
	run status_of sh -c '
		(n=0; until [ -s "$1" ] || [ $((n += 1)) -gt 200 ]; do sleep 0.05; done; kill -TERM $$) &
		exec env --default-signal=TERM "$UNSHARE_BIN" --init --forward-signals sh -c "trap \"echo got TERM >$1.out; exit 4\" TERM; echo up >$1; n=0; while [ \$((n += 1)) -le 200 ]; do sleep 0.05; done; exit 9"
	' sh "$out"
	assert_output "exit 4"
	assert_equal "$(cat "$out.out")" "got TERM"
}

@test "--init --no-fork is refused" {
	run unshare --init --no-fork true
	assert_failure 125
	assert_said --index 0 "--init" "child" "drop --no-fork"
}

@test "--init: a missing program is 127, through the init" {
	run -127 unshare --init no-such-program-here
	assert_failure 127
	assert_said "'no-such-program-here'" "No such file or directory"
}

@test "--init when the init cannot fork the program: 125 from the init, naming the limit" {
	nobody_copy
	# Two processes: unshare and the init, not the program.
	run with_nproc 2 "$NOBODY_BIN" -r --init true
	nobody_cleanup
	assert_failure 125
	assert_said "init" "Resource temporarily unavailable" "hint: " "limit on processes" "ulimit -u" "pids.max" "threads-max"
	assert_messages 1
}
