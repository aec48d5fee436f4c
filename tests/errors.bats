#!/usr/bin/env bats
# A failed unshare(2) is diagnosed: which flag, why, what to do.  Each
# failure is made to happen for real.

load helpers

teardown() {
	nobody_cleanup
}

@test "EPERM without CAP_SYS_ADMIN names the namespaces and the way around" {
	require_root
	require_ns mnt net
	nobody_copy
	run as_nobody "$NOBODY_BIN" --mount --net true
	assert_failure 125
	assert_said --index 0 "unshare(2): mount, net, fs" "Operation not permitted" "hint: " "run as root" "-r (--map-root-user)"
	assert_messages 1
}

@test "EPERM for a process-context flag alone never happens: nobody may unshare --fs --files" {
	require_root
	nobody_copy
	run as_nobody "$NOBODY_BIN" --fs --files --sysvsem true
	assert_success
	assert_output ''
}

@test "EINVAL in a multi-threaded process names the flags and the threads" {
	require_ns user
	LD_PRELOAD=$UNSHARE_TESTLIB/threads-preload.so run "$UNSHARE_PRELOAD_BIN" --user true
	assert_failure 125
	assert_said --index 0 "unshare(2): user, fs, vm, sighand, thread" "Invalid argument" "hint: " "single-threaded" "has 2 threads" "LD_PRELOAD"
}

@test "a multi-threaded process may still unshare fs and files" {
	LD_PRELOAD=$UNSHARE_TESTLIB/threads-preload.so run "$UNSHARE_PRELOAD_BIN" --fs --files true
	assert_success
	assert_output ''
}

@test "EINVAL for a second pid namespace before a fork says to fork first" {
	require_root
	require_ns pid_for_children
	run unshare --pid --no-fork "$UNSHARE_BIN" --pid --no-fork true
	assert_failure 125
	assert_said --index 0 "unshare(2): pid" "Invalid argument" "hint: " "pid namespace" "already" "fork"
}

# The limit is lowered inside a throwaway user namespace, where it is ours
# to set: the machine's own limits are never touched.
@test "ENOSPC names the limit file and its value" {
	require_root
	require_ns user uts
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_uts_namespaces &&
		exec "$UNSHARE_BIN" --uts --ipc true'
	assert_failure 125
	assert_said --index 0 "unshare(2): uts, ipc, sysvsem" "No space left on device" "hint: " "raise user.max_uts_namespaces (here 0"
	[ "$(cat /proc/sys/user/max_uts_namespaces)" != 0 ]
}

@test "ENOSPC at the user namespace nesting limit says so" {
	require_root
	require_ns user
	# 33 nested user namespaces (util-linux's unshare maps root in each),
	# then ours asks for a 34th.
	cat >"$BATS_TEST_TMPDIR/nest" <<-'EOS'
	#!/bin/sh
	if [ "$1" -gt 0 ]; then
		exec /usr/bin/unshare --user --map-root-user "$0" $(($1 - 1))
	fi
	exec "$UNSHARE_BIN" --user true
	EOS
	chmod 755 "$BATS_TEST_TMPDIR/nest"
	run "$BATS_TEST_TMPDIR/nest" 32
	assert_success
	run "$BATS_TEST_TMPDIR/nest" 33
	assert_failure 125
	assert_said --index 0 "unshare(2): user, fs, vm, sighand, thread" "No space left on device" "hint: " "at most 33 nested" "user.max_user_namespaces"
}

@test "ENOSPC with max_user_namespaces at 0 names the file" {
	require_root
	require_ns user
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_user_namespaces &&
		exec "$UNSHARE_BIN" --user true'
	assert_failure 125
	assert_said --index 0 "unshare(2): user" "No space left on device" "hint: " "raise user.max_user_namespaces (here 0"
}

# A kernel without a namespace type answers EINVAL for its flag; this one
# has them all, so the kernel is made to answer so for time (0x80) alone.
@test "EINVAL from a kernel without a namespace type names it, its version and its option" {
	run inject unshare EINVAL 0 0x80 -- "$UNSHARE_BIN" --uts --time true
	assert_failure 125
	assert_said --index 0 "unshare(2): uts, time" "Invalid argument" "hint: " "lacks time" "Linux 5.6" "CONFIG_TIME_NS"
	assert_messages 1
}

# One form for a mask wherever it is shown: 0x and 8 hex digits, zero-
# padded, so that uts and time (0x04000080) never shows as 0x4000080.  A
# failed unshare(2) names its flags, not the mask again.
@test "a mask is 0x and 8 hex digits in the plan, its JSON and the messages" {
	plan --uts --time true
	assert_success
	assert_line 'effective    0x04000080 uts, time'
	plan --json --uts --time true
	assert_success
	assert_output --partial '"effective":{"mask":"0x04000080","value":67108992,'
	run unshare --flags=0x3 true
	assert_failure 125
	assert_line --index 0 --partial "unknown bits 0x00000003 in '0x3'"
}

# inject's failure is a seccomp filter's: the hint names it, as
# Seccomp: in /proc/self/status does (Docker's default profile is one).
@test "EPERM with CAP_SYS_ADMIN under a seccomp filter: the hint names the filter" {
	require_root
	run inject unshare EPERM -- "$UNSHARE_BIN" --net true
	assert_failure 125
	assert_said --index 0 "unshare(2): net" "Operation not permitted" "hint: " "seccomp filter" "Seccomp: 2" "/proc/self/status"
}

@test "EPERM for a user namespace as root under a seccomp filter: the hint names the filter" {
	require_root
	run inject unshare EPERM -- "$UNSHARE_BIN" --user true
	assert_failure 125
	assert_said --index 0 "unshare(2): user" "Operation not permitted" "hint: " "seccomp filter" "Seccomp: 2"
}
