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
	assert_said --index 0 "unshare(2): net" "Operation not permitted" "hint: " "run as root" "-r (--map-root-user)"
}

@test "nobody: --dry-run needs no privilege, and fails (125) where the run would be refused" {
	run --separate-stderr as_nobody "$copy" --dry-run --net true
	assert_failure 125
	assert_line 'requested    net'
	# The run's own diagnosis, said beforehand; the plan is still printed.
	check_stderr
	assert_said --index 0 "--dry-run" "would fail" "unshare(2): net" "Operation not permitted" "hint: " "-r (--map-root-user)"
	assert_messages 1
	# With a user namespace of its own, nothing to warn of.
	require_userns_for_nobody
	run --separate-stderr as_nobody "$copy" --dry-run --net -r true
	assert_success
	assert_equal "$stderr" ""
}

# The sysctl of Ubuntu's AppArmor, in a /proc/sys/kernel of the test's
# own (bind-mounted over the real one, in a mount namespace of its own),
# and the EPERM AppArmor then gives an unprivileged process that writes
# its maps, made by the kernel (a seccomp filter on opens for writing).
# with_kernel_sysctls: unshare -r as nobody, its writes refused (EPERM
# from openat for writing), with /proc/sys/kernel replaced by ./kernel in
# a mount namespace of the test's own.
with_kernel_sysctls() {
	/usr/bin/unshare --mount --propagation private sh -c '
		mount --bind "$1/kernel" /proc/sys/kernel || exit 99
		exec setpriv --reuid=nobody --regid=nogroup --clear-groups \
			"$2/errno-inject" openat EPERM 2 1 -- "$2/unshare" -r true' \
		sh "$BATS_TEST_TMPDIR" "$NOBODY_DIR"
}

@test "AppArmor restricting unprivileged user namespaces: writing the maps says so, and the two ways out" {
	require_userns_for_nobody
	mkdir kernel
	echo 1 >kernel/apparmor_restrict_unprivileged_userns
	cp "$UNSHARE_TESTLIB/errno-inject" "$NOBODY_DIR/errno-inject"
	run with_kernel_sysctls
	assert_failure 125
	assert_said "write setgroups: deny: Operation not permitted" "hint: " \
		"AppArmor" "allow userns" "apparmor_restrict_unprivileged_userns=0"
	# The same refusal without that sysctl says nothing of AppArmor.
	rm kernel/apparmor_restrict_unprivileged_userns
	run with_kernel_sysctls
	assert_failure 125
	assert_said "write setgroups: deny: Operation not permitted"
	refute_output --partial AppArmor
}
