#!/usr/bin/env bats
# Who shares the process context: --verbose names, for fs, files, sysvsem,
# vm and sighand, the tasks that share that part with us before unshare(2)
# and confirms none does after (kcmp(2)); --list counts them.
# tests/share-exec.c starts unshare in a child that shares its fs and its
# semaphore undo list, the two that sharing survives execve.

load helpers

teardown() {
	nobody_cleanup
}

# Runs share-exec COMMAND...; sets helper to share-exec's pid, and what
# it and the command wrote on stderr is checked.
share_exec() {
	run --separate-stderr "$UNSHARE_TESTLIB/share-exec" "$@"
	helper=$(sed -n 's/^share-exec \([0-9]*\)$/\1/p' <<<"$stderr")
	[ -n "$helper" ] || fail "share-exec did not say its pid: $stderr"
}

@test "--verbose --fs --sysvsem names the task that shares them before, and none after" {
	share_exec "$UNSHARE_BIN" --verbose --fs --sysvsem true
	assert_equal "$status" 0
	check_stderr
	# What could not be compared (another user's task) is said after ';'.
	assert_said "sharing" "fs: shared with pid $helper (share-exec)"
	assert_said "sharing" "sysvsem: shared with pid $helper (share-exec)"
	assert_line "unshare: sharing      fs: ours alone now"
	assert_line "unshare: sharing      sysvsem: ours alone now"
	refute_line --regexp "still shared"
}

# After -r we have no CAP_SYS_PTRACE over an undumpable task of the
# caller's namespace: what cannot be compared again is said, not claimed.
@test "--verbose: a sharer that cannot be compared again after unsharing is said so" {
	require_root
	SHARE_EXEC_UNDUMPABLE=1 share_exec "$UNSHARE_BIN" --verbose -r --fs true
	assert_equal "$status" 0
	check_stderr
	assert_said "sharing" "fs: shared with pid $helper (share-exec)"
	assert_said "sharing" "fs: ours alone now" "1 not compared again"
}

@test "--verbose --files from a plain shell: the table was ours alone already, and why" {
	run --separate-stderr unshare --verbose --files --vm --sighand true
	assert_success
	check_stderr
	# The short form: the fact; twice --verbose, why.
	assert_line "unshare: sharing      files: ours alone already"
	run --separate-stderr unshare -vv --files --vm --sighand true
	assert_success
	check_stderr
	# The reason once, for the first of them.
	assert_said "sharing" "files: ours alone already" "execve"
	assert_said "sharing" "vm: ours alone already"
	assert_said "sharing" "sighand: ours alone already"
	assert_equal "$(grep -c execve <<<"$output")" 1
	refute_line --regexp "^unshare: sharing +sysvsem:"
	# Asked alone, each says it.
	for f in files vm sighand; do
		run --separate-stderr unshare -vv "--$f" true
		check_stderr
		assert_said "sharing" "$f: ours alone already" "execve"
	done
	run --separate-stderr unshare -vv --sysvsem true
	check_stderr
	assert_said "sharing" "sysvsem: ours alone already" "no semaphore undo list"
	assert_line "unshare: sharing      sysvsem: ours alone now"
}

@test "--verbose: our own threads share the context too, and are named" {
	LD_PRELOAD=$UNSHARE_TESTLIB/threads-preload.so run --separate-stderr "$UNSHARE_PRELOAD_BIN" --verbose --fs true
	assert_success
	check_stderr
	assert_said "sharing" "fs: shared with pid " " (unshare)"
	assert_line "unshare: sharing      fs: ours alone now"
}

@test "without --verbose nothing is compared: no kcmp(2) at all" {
	run strace -f -e trace=kcmp "$UNSHARE_BIN" --fs --files --sysvsem true
	assert_success
	refute_output --partial "kcmp("
	run strace -f -e trace=kcmp "$UNSHARE_BIN" --verbose --fs true
	assert_output --partial "kcmp("
}

@test "as nobody: only what it may compare, and how many it may not" {
	require_root
	nobody_copy
	cp "$UNSHARE_TESTLIB/share-exec" "$NOBODY_DIR/"
	run --separate-stderr as_nobody "$NOBODY_DIR/share-exec" "$NOBODY_BIN" --verbose --fs true
	assert_equal "$status" 0
	sharer=$(sed -n 's/^share-exec \([0-9]*\)$/\1/p' <<<"$stderr")
	check_stderr
	# pid 1 is root's: nobody may not compare it.  How many, once, for
	# all flags; kernel threads are no candidates, and not counted.
	assert_line "unshare: sharing      fs: shared with pid $sharer (share-exec)"
	assert_said "sharing" "tasks not compared" "ptrace-read" "-vv"
	run --separate-stderr as_nobody env COLUMNS=1000 "$NOBODY_DIR/share-exec" "$NOBODY_BIN" -vv --fs true
	sharer=$(sed -n 's/^share-exec \([0-9]*\)$/\1/p' <<<"$stderr")
	check_stderr
	assert_said "sharing" "fs: shared with pid $sharer (share-exec); " "not compared:" "pid 1 ("
	refute [ "$(grep -c 'kthread)' <<<"$stderr")" != 0 ]
	refute [ "$(grep -c 'kthreadd' <<<"$stderr")" != 0 ]
	# Each kernel thread's stat is read and closed: with 8 descriptors
	# allowed, the hundredth is still told from a process.
	run --separate-stderr as_nobody bash -c 'ulimit -n 8 && exec "$@"' \
		sh env COLUMNS=1000 "$NOBODY_BIN" -vv --fs true 3>&- 4>&- 5>&-
	assert_equal "$status" 0
	check_stderr
	assert_said "sharing" "not compared:" "pid 1 ("
	refute [ "$(grep -c 'kthread)' <<<"$stderr")" != 0 ]
}

@test "kcmp(2) missing: said, not guessed" {
	require_root
	run --separate-stderr "$UNSHARE_TESTLIB/errno-inject" kcmp ENOSYS -- "$UNSHARE_BIN" --verbose --fs --sysvsem true
	assert_success
	check_stderr
	assert_said "sharing" "fs: cannot tell" "kcmp(2)" "Function not implemented"
	assert_said "sharing" "sysvsem: cannot tell" "kcmp(2)" "Function not implemented"
	run "$UNSHARE_TESTLIB/errno-inject" kcmp ENOSYS -- "$UNSHARE_BIN" --list
	assert_success
	assert_line --regexp '^fs +--fs +- +\? '
}

@test "--verbose --json: the sharing lines are events" {
	share_exec "$UNSHARE_BIN" --verbose --json --fs true
	assert_equal "$status" 0
	run python3 -c '
import json, sys
events = [json.loads(l) for l in sys.argv[1].splitlines() if l.startswith("{")]
sharing = [e for e in events if e["event"] == "sharing"]
assert all("detail" not in e for e in sharing), sharing
print(len(sharing), [(e["flag"], e["phase"]) for e in sharing])
print(sharing[0]["sharers"] == [{"pid": int(sys.argv[2]), "name": "share-exec"}], sharing[0]["sharers_count"])
print(all(type(u["pid"]) is int and u["reason"] in ("ended", "kthread", "capabilities", "refused") for u in sharing[0]["uncompared"]))
print(sharing[1]["sharers"], sharing[1]["sharers_count"])' "$stderr" "$helper"
	assert_success
	assert_line --index 0 "2 [('fs', 'before'), ('fs', 'after')]"
	assert_line --index 1 "True 1"
	assert_line --index 2 "True"
	assert_line --index 3 "[] 0"
}

@test "--list counts the tasks that share each part now" {
	share_exec "$UNSHARE_BIN" --list
	assert_equal "$status" 0
	assert_line --regexp '^FLAG +OPTION +NS +SHARED +STATUS +DETACHES$'
	assert_line --regexp '^fs +--fs +- +1\+? '
	assert_line --regexp '^sysvsem +--sysvsem +- +1\+? '
	assert_line --regexp '^files +--files +- +0\+? '
	assert_line --regexp '^net +-n --net +[0-9]+ +- '
	run unshare --list
	assert_line --regexp '^sysvsem +--sysvsem +- +0 '
	share_exec "$UNSHARE_BIN" --list --json
	run python3 -c '
import json, sys
rows = {r["flag"]: r for r in json.loads(sys.argv[1])["flags"]}
print(rows["fs"]["shared"], rows["sysvsem"]["shared"], rows["files"]["shared"], rows["net"]["shared"], rows["net"]["uncompared"])' "$output"
	assert_output "1 1 0 None None"
}

@test "--verbose names the tasks it could not compare, and why (one holds capabilities we lack)" {
	require_root
	sleep 100 &
	victim=$!
	# Without CAP_SYS_PTRACE, a root process cannot ptrace-read another
	# that holds more capabilities than it does: the sleeping one.
	run --separate-stderr setpriv --bounding-set=-sys_ptrace -- "$UNSHARE_BIN" -vv --fs true
	kill "$victim"
	assert_success
	check_stderr
	assert_line --regexp "^unshare: sharing +fs: .*; [0-9]+ not compared: pid [0-9]+ \\([^)]*: capabilities\\)"
}

@test "/proc of another pid namespace: --verbose and --list say they cannot tell, and compare nothing" {
	require_root
	# Our pid namespace's first process, with the host's /proc: its pids
	# are not ours.
	run "$UNSHARE_BIN" --pid --fork "$UNSHARE_BIN" --verbose --fs --files true
	assert_success
	assert_said "fs: cannot tell who shares it" "/proc"
	assert_said "files: cannot tell who shares it" "/proc"
	refute_line --partial "ours alone"
	run "$UNSHARE_BIN" --pid --fork "$UNSHARE_BIN" --list
	assert_success
	assert_line --regexp '^fs +--fs +- +\? '
	run "$UNSHARE_BIN" --pid --fork "$UNSHARE_BIN" --list --json
	assert_success
	assert_output --regexp '"flag":"fs",[^}]*"shared":null,"uncompared":null'
	# With a /proc of its own, it compares again.
	run "$UNSHARE_BIN" --pid --fork --mount-proc "$UNSHARE_BIN" --verbose --fs true
	assert_success
	assert_said "fs: ours alone"
}

