#!/usr/bin/env bats
# An unprivileged user (nobody, through setpriv) gets every namespace by
# adding a user namespace.

load helpers

setup() {
	common_setup
	require_root
	require_ns user
	nobody_copy
	copy=$NOBODY_BIN
}

teardown() {
	nobody_cleanup
}

@test "nobody: --user gives a new user namespace" {
	require_userns_for_nobody
	outer=$(ns_inode user)
	run as_nobody "$copy" --user stat -L -c %i /proc/self/ns/user
	assert_success
	assert_output --regexp '^[0-9]+$'
	refute_output "$outer"
}

@test "nobody: --user with every other namespace works in one call" {
	require_userns_for_nobody
	require_ns mnt uts ipc net cgroup time
	run as_nobody "$copy" -U -m -u -i -n -C -T sh -c 'for e in mnt uts ipc net cgroup time; do stat -L -c %i /proc/self/ns/$e; done'
	assert_success
	for e in mnt uts ipc net cgroup time; do
		refute_line "$(ns_inode $e)"
	done
}

@test "nobody: --net without --user is refused with the hint" {
	require_ns net
	run as_nobody "$copy" --net true
	assert_failure 125
	assert_line --index 1 --partial 'add --map-root-user (-r)'
}

@test "nobody: --dry-run needs no privilege" {
	run as_nobody "$copy" --dry-run --net true
	assert_success
	assert_line 'requested  net'
}
