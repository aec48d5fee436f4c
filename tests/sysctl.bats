#!/usr/bin/env bats
# --sysctl=KEY=VALUE: a namespaced sysctl written before the program
# runs, in the new namespaces only; a key of no namespace, or of one not
# asked for, refused with what it needs.

load helpers

teardown() {
	nobody_cleanup
}

@test "--sysctl: net.* in the new network namespace, the caller's as it was; kernel.hostname; user.* in a new user namespace" {
	require_root
	local before
	before=$(cat /proc/sys/net/ipv4/ip_forward)
	run unshare -n --sysctl=net.ipv4.ip_forward=$((1 - before)) --sysctl=net.core.somaxconn=77 \
		cat /proc/sys/net/ipv4/ip_forward /proc/sys/net/core/somaxconn
	assert_success
	assert_output "$((1 - before))
77"
	assert_equal "$(cat /proc/sys/net/ipv4/ip_forward)" "$before"
	run unshare -u --sysctl=kernel.hostname=box hostname
	assert_success
	assert_output box
	run unshare -Ur --sysctl=user.max_user_namespaces=0 cat /proc/sys/user/max_user_namespaces
	assert_success
	assert_output 0
	[ "$(cat /proc/sys/user/max_user_namespaces)" != 0 ]
}

@test "--sysctl with standard input closed: the file opened on descriptor 0 is written like any other" {
	require_root
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" -n --sysctl=net.core.somaxconn=55 cat /proc/sys/net/core/somaxconn
	assert_success
	assert_output 55
}

@test "--sysctl follows no link: under a /proc that is no proc, a key that is a link is refused, nothing written where it leads" {
	require_root
	touch "$BATS_TEST_TMPDIR/target"
	# A tmpfs on /proc in a mount namespace of the test's own.
	run unshare -m sh -c 'mount -t tmpfs links /proc && mkdir -p /proc/sys/net &&
		ln -s "$1/target" /proc/sys/net/x && exec "$2" -n --sysctl=net.x=1 true' sh "$BATS_TEST_TMPDIR" "$UNSHARE_BIN"
	assert_failure 125
	assert_said "--sysctl=net.x=1" "Too many levels of symbolic links"
	[ ! -s "$BATS_TEST_TMPDIR/target" ]
}

@test "--sysctl as nobody, root of its own namespaces (-r): net, ipc; uts refused with the way" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -rn --sysctl=net.core.somaxconn=55 cat /proc/sys/net/core/somaxconn
	assert_success
	assert_output 55
	run as_nobody "$NOBODY_BIN" -ri --sysctl=kernel.msgmax=1000 --sysctl=fs.mqueue.msg_max=5 \
		cat /proc/sys/kernel/msgmax /proc/sys/fs/mqueue/msg_max
	assert_success
	assert_output "1000
5"
	# The UTS namespace's files are the initial root's alone.
	run as_nobody "$NOBODY_BIN" -ru --sysctl=kernel.domainname=dom domainname
	assert_failure 125
	assert_said "--sysctl=kernel.domainname=dom: Permission denied" "--domainname set these"
	run as_nobody "$NOBODY_BIN" -ru --sysctl=kernel.hostname=box hostname
	assert_failure 125
	assert_said "--sysctl=kernel.hostname=box: Permission denied" "--hostname and --domainname set these"
}

@test "--sysctl refused: a key of no namespace (the list said), of one not asked for (named), a bad form; 125 before anything runs" {
	run unshare --sysctl=kernel.panic=1 true
	assert_failure 125
	assert_said "--sysctl=kernel.panic=1: kernel.panic is no namespace's" "namespaced: net.*"
	[ "${#lines[@]}" -le 3 ]
	run unshare --sysctl=net.ipv4.ip_forward=1 true
	assert_failure 125
	assert_output "unshare: --sysctl=net.ipv4.ip_forward needs --net"
	run unshare -n --sysctl=kernel.hostname=x true
	assert_failure 125
	assert_output "unshare: --sysctl=kernel.hostname needs --uts"
	run unshare --sysctl=kernel.shmmax=1 true
	assert_failure 125
	assert_output "unshare: --sysctl=kernel.shmmax needs --ipc"
	run unshare -n --sysctl=user.max_user_namespaces=1 true
	assert_failure 125
	assert_output "unshare: --sysctl=user.max_user_namespaces needs --user"
	for bad in net.ipv4.ip_forward "=1" "net..x=1" "net/x=1" ".net=1" "net.=1"; do
		run unshare -n --sysctl="$bad" true
		assert_failure 125
		assert_output --partial "give a key, =, a value"
	done
	run unshare -n --sysctl=net.a=1 --sysctl=net.a=1 --sysctl=net.a=1 --sysctl=net.a=1 \
		--sysctl=net.a=1 --sysctl=net.a=1 --sysctl=net.a=1 --sysctl=net.a=1 --sysctl=net.a=1 true
	assert_failure 125
	assert_output --partial "more than 8 --sysctl"
}

@test "--sysctl: a key not there or a value the kernel refuses, 125; the dry run foresees the first, cannot tell the second" {
	require_root
	run unshare -n --sysctl=net.nosuch=1 true
	assert_failure 125
	assert_said "--sysctl=net.nosuch=1: No such file or directory"
	run unshare --dry-run -n --sysctl=net.nosuch=1 true
	assert_failure 125
	assert_said "would fail: write it to /proc/sys: net.nosuch=1" "No such file"
	run unshare -n --sysctl=net.ipv4.ip_forward=x true
	assert_failure 125
	assert_said "--sysctl=net.ipv4.ip_forward=x: Invalid argument"
	# A file no one may write: refused, with no word of the UTS's.
	run unshare -n --sysctl=net.ipv4.tcp_available_congestion_control=x true
	assert_failure 125
	assert_said "--sysctl=net.ipv4.tcp_available_congestion_control=x" "Permission denied"
	refute_output --partial "hint:"
	run unshare --dry-run -n --sysctl=net.ipv4.ip_forward=x true
	assert_success
	assert_said "cannot tell: write it to /proc/sys: net.ipv4.ip_forward=x"
	# A key there after one not there: its own, not the one before's.
	run unshare --dry-run -n --sysctl=net.nosuch=1 --sysctl=net.ipv4.ip_forward=x true
	assert_failure 125
	assert_said "would fail: write it to /proc/sys: net.nosuch=1" "No such file"
	assert_said "cannot tell: write it to /proc/sys: net.ipv4.ip_forward=x"
	run unshare --dry-run --json -n --sysctl=net.ipv4.ip_forward=1 true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1])["plan"]; print([s for s in d["steps"] if s["step"] == "sysctl"])' "$output"
	assert_output "[{'step': 'sysctl', 'name': 'net.ipv4.ip_forward=1'}]"
}
