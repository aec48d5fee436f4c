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
	assert_line --index 0 'unshare: unshare(2) of mount, net, fs (0x40020200) failed: Operation not permitted'
	assert_line --index 1 'unshare: new namespaces (mount, net) need CAP_SYS_ADMIN, which this process does not have; run as root, or add --map-root-user (-r) so that they belong to a new user namespace in which you have it'
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
	assert_line --index 0 'unshare: unshare(2) of user, fs, vm, sighand, thread (0x10010b00) failed: Invalid argument'
	assert_line --index 1 'unshare: user, vm, sighand, thread can be unshared only by a single-threaded process, and this one has 2 threads (is something in LD_PRELOAD starting threads?)'
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
	assert_line --index 0 'unshare: unshare(2) of pid (0x20000000) failed: Invalid argument'
	assert_line --index 1 'unshare: pid: this process has already unshared a pid namespace that only its children enter, and may not start another before it forks; let the first unshare fork (drop its --no-fork)'
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
	assert_line --index 0 'unshare: unshare(2) of uts, ipc, sysvsem (0x0c040000) failed: No space left on device'
	assert_line --index 1 'unshare: uts: the limit on uts namespaces is reached: /proc/sys/user/max_uts_namespaces is 0 in this user namespace (a parent'"'"'s limit counts too); raise it (sysctl user.max_uts_namespaces=N) or end processes that hold such namespaces'
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
	assert_line --index 0 'unshare: unshare(2) of user, fs, vm, sighand, thread (0x10010b00) failed: No space left on device'
	assert_line --index 1 --partial 'unshare: user: the kernel refuses another user namespace: either user namespaces are nested as deep as the kernel allows (33 below the initial one), or the limit in /proc/sys/user/max_user_namespaces'
}

@test "ENOSPC with max_user_namespaces at 0 names the file" {
	require_root
	require_ns user
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_user_namespaces &&
		exec "$UNSHARE_BIN" --user true'
	assert_failure 125
	assert_line --index 1 --partial 'unshare: user: the limit on user namespaces is reached: /proc/sys/user/max_user_namespaces is 0 in this user namespace'
}

# A kernel without a namespace type answers EINVAL for its flag; this one
# has them all, so the kernel is made to answer so for time (0x80) alone.
@test "EINVAL from a kernel without a namespace type names it, its version and its option" {
	run inject unshare EINVAL 0 0x80 -- "$UNSHARE_BIN" --uts --time true
	assert_failure 125
	assert_line --index 0 "unshare: unshare(2) of uts, time (0x04000080) failed: Invalid argument"
	assert_line --index 1 "unshare: time: this kernel refuses it: it is older than Linux 5.6 or was built without CONFIG_TIME_NS"
	assert_equal "${#lines[@]}" 2
}

# One form for a mask wherever it is shown: 0x and 8 hex digits, zero-
# padded, so that uts and time (0x04000080) never shows as 0x4000080.
@test "a mask is 0x and 8 hex digits in the plan, its JSON and the messages" {
	run unshare --dry-run --uts --time true
	assert_success
	assert_line 'effective  0x04000080 uts, time'
	run unshare --dry-run --json --uts --time true
	assert_success
	assert_output --partial '"effective":{"mask":"0x04000080","value":67108992,'
	run inject unshare EINVAL 0 0x80 -- "$UNSHARE_BIN" --uts --time true
	assert_failure 125
	assert_line --index 0 --partial "(0x04000080) failed"
	run unshare --flags=0x3 true
	assert_failure 125
	assert_line --index 0 --partial "unknown bits 0x00000003 in '0x3'"
}

@test "EPERM with CAP_SYS_ADMIN: a security module or seccomp filter refused it" {
	require_root
	run inject unshare EPERM -- "$UNSHARE_BIN" --net true
	assert_failure 125
	assert_line --index 0 "unshare: unshare(2) of net (0x40000000) failed: Operation not permitted"
	assert_line --index 1 "unshare: this process has CAP_SYS_ADMIN, so a security module (SELinux, AppArmor) or a seccomp filter refused it; check the audit log, or run outside the container or sandbox"
}

@test "EPERM for a user namespace as root: the reasons it can have" {
	require_root
	run inject unshare EPERM -- "$UNSHARE_BIN" --user true
	assert_failure 125
	assert_line --index 1 "unshare: a new user namespace is refused to a process that is chrooted, whose user or group id has no mapping in its user namespace, or that a security module or seccomp filter holds back; run it outside the chroot or sandbox"
}
