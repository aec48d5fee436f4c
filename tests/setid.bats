#!/usr/bin/env bats
# A set-user-ID or set-group-ID unshare refuses to run at all.

load helpers

setup() {
	common_setup
	require_root
	nobody_copy
	copy=$NOBODY_BIN
	if findmnt -n -o OPTIONS -T "$copy" | grep -qw nosuid; then
		need "$(dirname "$copy") is mounted nosuid, so a set-id bit has no effect there"
	fi
}

teardown() {
	nobody_cleanup
}

@test "set-user-ID root, run by nobody: 125 before anything else" {
	chown root:root "$copy"
	chmod 4755 "$copy"
	run as_nobody "$copy" --uts touch /tmp/unshare-setid-ran
	assert_failure 125
	assert_output --regexp "^unshare: refusing to run set-user-ID or set-group-ID \(real uid [0-9]+, effective 0; real gid [0-9]+, effective [0-9]+\); remove the set-id bit and run it as root or with --user$"
	[ ! -e /tmp/unshare-setid-ran ]
}

@test "set-group-ID root, run by nobody: 125" {
	chown root:root "$copy"
	chmod 2755 "$copy"
	run as_nobody "$copy" --dry-run true
	assert_failure 125
	assert_output --regexp "effective [0-9]+; real gid [0-9]+, effective 0\)"
}

@test "set-id is refused even for --help" {
	chown root:root "$copy"
	chmod 4755 "$copy"
	run as_nobody "$copy" --help
	assert_failure 125
	assert_output --partial 'refusing to run set-user-ID'
}

@test "the same copy without the set-id bit runs for nobody" {
	chmod 755 "$copy"
	run as_nobody "$copy" --dry-run true
	assert_success
	assert_line 'program    true'
}
