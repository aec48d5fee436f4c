#!/usr/bin/env bats
# The closure: what the kernel adds, why, shown by --dry-run (stdout) and
# --verbose (stderr).

load helpers

@test "--dry-run --user --mount explains every added flag" {
	run unshare --dry-run --user --mount true
	assert_success
	assert_line --index 0 'requested    mount, user'
	assert_line --index 1 --regexp '^added +fs +by mount: .*mount table'
	assert_line --index 2 --regexp '^added +thread +by user: .*one process'
	assert_line --index 3 --regexp '^added +vm +by thread: .*address space'
	assert_line --index 4 --regexp '^added +sighand +by vm: .*address space'
	assert_line --index 5 'effective    0x10030b00 mount, user, fs, vm, sighand, thread'
	assert_line --index 6 --regexp '^propagation +.* private$'
	assert_line --index 7 'program      true'
	assert_equal "${#lines[@]}" 8
}

@test "--dry-run fails (125) for a program the run would not find, on PATH or inside --root" {
	run --separate-stderr unshare --dry-run no-such-program-here
	assert_failure 125
	assert_line --index 0 'requested    (nothing)'
	(check_stderr && assert_messages 1)
	[[ $stderr == *"--dry-run"*"would fail"*"'no-such-program-here'"*"not found on PATH"* ]]
	# Inside --root, where the run looks: a root without it warns, one
	# with it (a program or a path) does not.  A chroot takes
	# CAP_SYS_CHROOT, which the dry run foresees another user lacks.
	require_root
	mkdir -p root/bin
	run --separate-stderr unshare --dry-run --root="$BATS_TEST_TMPDIR/root" probe
	assert_failure 125
	[[ $stderr == *"would fail"*"'probe'"* ]]
	cp "$UNSHARE_TESTLIB/probe" root/bin/probe
	PATH=/bin run --separate-stderr unshare --dry-run --root="$BATS_TEST_TMPDIR/root" probe
	assert_success
	assert_equal "$stderr" ""
	run --separate-stderr unshare --dry-run --root="$BATS_TEST_TMPDIR/root" /bin/probe
	assert_success
	assert_equal "$stderr" ""
	run --separate-stderr unshare --dry-run --root="$BATS_TEST_TMPDIR/root" /bin/none
	assert_failure 125
	[[ $stderr == *"would fail"*"'/bin/none'"*"check the path"* ]]
	# One there outside the root only is as missing.
	run --separate-stderr unshare --dry-run --root="$BATS_TEST_TMPDIR/root" /bin/sh
	[[ $stderr == *"would fail"*"'/bin/sh'"*"No such file or directory"* ]]
	# And no warning for a plan that will work.
	run --separate-stderr unshare --dry-run true
	assert_success
	assert_equal "$stderr" ""
}

@test "--dry-run does not unshare or run anything" {
	run unshare --dry-run --user --mount touch "$BATS_TEST_TMPDIR/ran"
	assert_success
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "--thread brings vm and sighand" {
	run unshare --dry-run --thread true
	assert_success
	assert_line --regexp '^added +vm +by thread: '
	assert_line --regexp '^added +sighand +by vm: '
	assert_line 'effective    0x00010900 vm, sighand, thread'
}

@test "--vm brings sighand and thread" {
	run unshare --dry-run --vm true
	assert_line --regexp '^added +sighand +by vm: '
	assert_line --regexp '^added +thread +by sighand: '
	assert_line 'effective    0x00010900 vm, sighand, thread'
}

@test "--sighand brings thread and vm" {
	run unshare --dry-run --sighand true
	assert_line 'effective    0x00010900 vm, sighand, thread'
}

@test "--ipc brings sysvsem" {
	run unshare --dry-run --ipc true
	assert_line --regexp '^added +sysvsem +by ipc: '
	assert_line 'effective    0x08040000 ipc, sysvsem'
}

@test "flags that bring nothing show no added lines" {
	plan -u -n -C -T --files true
	assert_success
	refute_line --partial 'added'
	assert_line 'effective    0x46000480 uts, net, cgroup, time, files'
}

@test "no flags: the plan says there is no system call" {
	run unshare --dry-run true
	assert_success
	assert_line 'effective    0x00000000 (nothing)'
}

@test "--dry-run without a program names the shell from \$SHELL" {
	SHELL=/bin/dash run unshare --dry-run
	assert_success
	assert_line 'program      /bin/dash (the shell, from $SHELL)'
}

@test "--dry-run quotes arguments that need it" {
	run unshare --dry-run printf '%s\n' "it's" ''
	assert_success
	assert_line "program      printf '%s\\n' 'it'\\''s' ''"
}

@test "--verbose prints the plan on stderr, nothing on stdout" {
	require_root
	require_ns uts
	run --separate-stderr unshare --verbose --uts echo program-output
	assert_success
	assert_output 'program-output'
	[[ "$stderr" == *"unshare: requested    uts"* ]]
	[[ "$stderr" == *"unshare: effective    0x04000000 uts"* ]]
	[[ "$stderr" =~ unshare:\ uts\ +[0-9]+\ -\>\ [0-9]+ ]]
}

@test "--verbose names what the kernel adds; a second --verbose says why" {
	require_root
	run --separate-stderr unshare --verbose --mount true
	assert_success
	[[ "$stderr" == *"unshare: added        fs ("*"-vv"* ]] || fail "$stderr"
	[[ "$stderr" != *"by mount:"* ]] || fail "$stderr"
	run --separate-stderr unshare -vv --mount true
	assert_success
	[[ "$stderr" =~ unshare:\ added\ +fs\ +by\ mount:\ [a-z] ]] || fail "$stderr"
}

@test "--verbose shows each namespace's inode before and after" {
	require_root
	require_ns mnt
	outer=$(ns_inode mnt)
	run --separate-stderr unshare -v --mount stat -L -c %i /proc/self/ns/mnt
	assert_success
	inner=$output
	[ "$inner" != "$outer" ]
	[[ "$stderr" == *"unshare: mnt               $outer -> $inner"* ]]
	[[ "$stderr" =~ unshare:\ added\ +fs\ \(the\ closure ]]
}

@test "--verbose --pid: pid_for_children is new until the first child" {
	require_root
	require_ns pid_for_children
	run --separate-stderr unshare -v --pid true
	assert_success
	[[ "$stderr" =~ unshare:\ pid_for_children\ +[0-9]+\ -\>\ new\ \(entered\ by\ the\ first\ child\) ]]
}
