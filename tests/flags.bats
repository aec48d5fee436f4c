#!/usr/bin/env bats
# --flags=LIST: names and numbers, refused when unknown, before any
# system call.

load helpers

@test "--flags takes names" {
	plan --flags=uts,ipc true
	assert_success
	assert_line 'requested    uts, ipc'
}

@test "--flags takes the UNSHARE_ and CLONE_ names, in any case" {
	plan --flags=UNSHARE_NET,clone_newuts true
	assert_success
	assert_line 'requested    uts, net'
}

@test "--flags takes hex and decimal numbers" {
	plan --flags=0x4000000,1073741824 true
	assert_success
	assert_line 'requested    uts, net'
}

@test "--flags can be repeated and mixed with options" {
	plan --flags=uts -n --flags=0x400 true
	assert_success
	assert_line 'requested    uts, net, files'
}

@test "--flags with the number of every bit gives every flag" {
	run unshare --dry-run --flags=0x7e070f80 true
	assert_success
	assert_line 'requested    mount, uts, ipc, net, pid, user, cgroup, time, fs, files, sysvsem, vm, sighand, thread'
}

@test "--flags refuses an unknown name with 125, naming it" {
	run unshare --flags=uts,mnt true
	assert_failure 125
	assert_said --index 0 "--flags" "unknown flag 'mnt'" "mount, uts, ipc, net, pid, user, cgroup, time, fs, files, sysvsem, vm, sighand, thread"
}

@test "--flags refuses an unknown bit with 125, naming it" {
	run unshare --flags=0x1 true
	assert_failure 125
	assert_said --index 0 "--flags" "unknown bit 0x00000001" "'0x1'" "0x7e070f80" "--list -o flag,value"
	refute_output --partial "see --help"
}

@test "--flags refuses a bit above 31 instead of losing it" {
	run unshare --flags=0x100000000 true
	assert_failure 125
	assert_line --index 0 --partial "unknown bit 0x100000000"
}

@test "--flags refuses CLONE_NEWUTS with a bit above 31 (the int cut would keep uts)" {
	run unshare --flags=0x104000000 true
	assert_failure 125
	assert_line --index 0 --partial "unknown bit 0x100000000 in '0x104000000'"
}

@test "--flags refuses an empty list or item" {
	run unshare --flags= true
	assert_failure 125
	assert_line --index 0 "unshare: --flags: empty item in flag list ''"
	run unshare --flags=uts,,net true
	assert_failure 125
	assert_line --index 0 "unshare: --flags: empty item in flag list 'uts,,net'"
}

@test "--flags refuses negative and malformed numbers" {
	for bad in -1 0x 12z ' 1' 99999999999999999999999; do
		run unshare --flags="$bad" true
		assert_failure 125
		assert_line --index 0 --partial "unknown flag '$bad'"
	done
}

@test "a refused --flags makes no system call: the program never runs" {
	run unshare --flags=uts,bogus touch "$BATS_TEST_TMPDIR/ran"
	assert_failure 125
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "--flags without a value is refused" {
	run unshare --flags
	assert_failure 125
	assert_line --index 0 "unshare: option '--flags' requires an argument"
}

@test "--flags=uts really unshares the uts namespace" {
	require_root
	require_ns uts
	outer=$(ns_inode uts)
	run unshare --flags=uts stat -L -c %i /proc/self/ns/uts
	assert_success
	refute_output "$outer"
	assert_output --regexp '^[0-9]+$'
}
