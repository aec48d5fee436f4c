#!/usr/bin/env bats
# What container scripts ask of unshare: a hostname (--hostname,
# --domainname).  As root, and as nobody with a user namespace of its
# own.

load helpers

teardown() {
	nobody_cleanup
}

# The host's names, read as the test shell's UTS namespace has them.
host_names() {
	cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
}

@test "--hostname and --domainname name the new UTS namespace, and it alone; they imply --uts" {
	require_root
	local before
	before=$(host_names)
	run unshare --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	assert_equal "$(host_names)" "$before"
	run unshare --dry-run --hostname=box true
	assert_success
	assert_line --regexp '^implied +uts +by --hostname$'
	assert_line 'hostname     set the hostname: box'
	# Set before the ids change: the program runs as another user.
	run unshare --hostname=box2 --setuid=65534 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
}

@test "nobody: --hostname with -r and with -c, set while the new user namespace's creator may" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	run as_nobody "$NOBODY_BIN" -c --hostname=box2 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
	# Without a user namespace, the kernel's refusal.
	run as_nobody "$NOBODY_BIN" --hostname=box true
	assert_failure 125
}

@test "a name longer than 64 bytes is refused when the command line is read" {
	local name64 name65
	name64=$(printf 'a%.0s' {1..64})
	name65=${name64}b
	run unshare --dry-run --hostname="$name64" --domainname="$name64" true
	assert_success
	for option in hostname domainname; do
		run unshare --"$option=$name65" touch ran
		assert_failure 125
		assert_said "--$option=$name65" "at most 64 bytes"
		[ ! -e ran ]
	done
}
