#!/usr/bin/env bats
# --loopback: a new network namespace with a working localhost (lo up,
# and ping for the groups mapped in it); without it, lo stays down as in
# util-linux, and the plan says so.

load helpers

setup() {
	common_setup
	require_ns net
}

teardown() {
	umount "$BATS_TEST_TMPDIR/ns" 2>/dev/null || :
	nobody_cleanup
}

# localhost OPTION...: what of localhost works in the namespace unshare
# OPTIONS gives (tests/localhost.py).
localhost() {
	"$UNSHARE_BIN" "$@" python3 "$BATS_TEST_DIRNAME/localhost.py"
}

@test "--net alone leaves lo down, as util-linux; the plan says how to bring it up" {
	require_root
	run localhost --net
	assert_success
	assert_line "tcp Network is unreachable"
	run unshare --dry-run --net true
	assert_line --regexp '^note +lo stays down .*--loopback'
	run unshare --dry-run --json --net true
	assert_output --partial '"notes":["lo-down"]'
	run unshare --dry-run --json --net --loopback true
	assert_output --partial '"notes":[]'
	assert_output --partial '{"step":"loopback",'
}

@test "--loopback as root, and with -r or -c: 127.0.0.1 and ::1 answer, ping works" {
	require_root
	local options
	for options in "--net" "-r --net" "-c --net" "--user --map-user=1000 --map-group=1000 --net"; do
		# shellcheck disable=SC2086 # the options are words
		run localhost $options --loopback
		assert_success
		assert_equal "$options: $output" "$options: tcp ok
ping ok"
	done
}

@test "--loopback with a gid map of several ranges: ping for the groups from the lowest to the highest" {
	require_root
	local maps=(-r --map-groups=1:100000:10 --map-groups=50:200000:5)
	run unshare "${maps[@]}" --net --loopback cat /proc/sys/net/ipv4/ping_group_range
	assert_success
	assert_output "0	54"
	# The highest group pings.
	run localhost "${maps[@]}" --setgid=54 --net --loopback
	assert_success
	assert_output "tcp ok
ping ok"
}

@test "--loopback as nobody, with -r and with -c: localhost and ping work" {
	require_userns_for_nobody
	local options
	for options in "-r --net" "-c --net"; do
		# shellcheck disable=SC2086 # the options are words
		run as_nobody "$NOBODY_BIN" $options --loopback \
			python3 "$BATS_TEST_DIRNAME/localhost.py"
		assert_success
		assert_equal "$options: $output" "$options: tcp ok
ping ok"
	done
}

@test "--loopback with --net=FILE: the namespace kept has lo up" {
	require_root
	command -v nsenter >/dev/null || need "nsenter is not installed (apt-get install util-linux)"
	run unshare --net="$BATS_TEST_TMPDIR/ns" --loopback true
	assert_success
	run nsenter --net="$BATS_TEST_TMPDIR/ns" python3 "$BATS_TEST_DIRNAME/localhost.py"
	assert_line "tcp ok"
}

@test "--loopback without --net is refused; refused by the kernel, it says which step, and leaves nothing" {
	run unshare --loopback true
	assert_failure 125
	assert_said "--loopback" "needs --net"
	require_root
	run inject ioctl EPERM -- "$UNSHARE_BIN" --net="$BATS_TEST_TMPDIR/ns" --loopback true
	assert_failure 125
	assert_said "bring lo up: Operation not permitted" "hint: " "run as root"
	[ ! -e "$BATS_TEST_TMPDIR/ns" ]
	run inject ioctl EPERM -- "$UNSHARE_BIN" --verbose --json --net --loopback true
	assert_failure 125
	assert_line --partial '"event":"step","step":"loopback","outcome":"failed","errno":"EPERM"'
}
