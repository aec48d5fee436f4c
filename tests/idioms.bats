#!/usr/bin/env bats
# The command lines people type from habit and tutorials, read as
# util-linux reads them: a namespace letter takes no FILE, so -Ur is -U -r
# and -pf is -p -f, and nothing is left in the working directory.

load helpers

setup() {
	common_setup
	require_root
}

# left_behind: what a run left in the working directory (nothing, we hope).
left_behind() {
	ls -A
}

@test "-Ur: root in a new user namespace, no file ./r" {
	run unshare -Ur id -u
	assert_success
	assert_output 0
	assert_equal "$(left_behind)" ""
}

@test "-Urn, -Urm, -Urnm: each letter its own option" {
	run unshare --dry-run -Urn true
	assert_success
	assert_line 'requested    net, user'
	assert_line 'uid-map      write the uid map: 0 0 1'
	run unshare --dry-run -Urm true
	assert_line 'requested    mount, user'
	assert_line 'uid-map      write the uid map: 0 0 1'
	run unshare --dry-run -Urnm true
	assert_line 'requested    mount, net, user'
	run unshare -Urn sh -c "id -u; awk -F: 'NR > 2 { sub(/ +/, \"\"); print \$1 }' /proc/net/dev"
	assert_success
	assert_output "0
lo"
	assert_equal "$(left_behind)" ""
}

@test "-pf and -fp with --mount-proc: pid 1 in its own proc, no ./f mounted" {
	require_ns pid
	for o in -pf -fp -mpf -fpm; do
		run unshare "$o" --mount-proc sh -c 'echo $$; cat /proc/1/comm'
		assert_success
		assert_output "1
sh"
	done
	assert_equal "$(left_behind)" ""
	run findmnt -n "$BATS_TEST_TMPDIR/f"
	assert_failure
}

@test "-nm: a mount made by the program stays in the new mount namespace" {
	mkdir point
	run unshare -nm sh -c 'mount -t tmpfs none point && echo mounted'
	assert_success
	assert_output mounted
	run findmnt -n "$BATS_TEST_TMPDIR/point"
	assert_failure
	assert_equal "$(left_behind)" "point"
}

@test "options that take a value take it attached or separate, in a cluster too" {
	mkdir -p d
	run unshare -w d pwd
	assert_output "$BATS_TEST_TMPDIR/d"
	run unshare -wd pwd
	assert_output "$BATS_TEST_TMPDIR/d"
	run unshare --wd d pwd
	assert_output "$BATS_TEST_TMPDIR/d"
	run unshare --wd=d pwd
	assert_output "$BATS_TEST_TMPDIR/d"
	run unshare -rwd pwd
	assert_output "$BATS_TEST_TMPDIR/d"
	run unshare --dry-run -rS 0 -G0 true
	assert_line --regexp '^setuid +setuid: 0$'
	assert_line --regexp '^setgid +setgid: 0$'
}

@test "the long form takes FILE only after '=': --net FILE is the program" {
	run unshare --net /bin/echo hi
	assert_success
	assert_output hi
	assert_equal "$(left_behind)" ""
}
