#!/usr/bin/env bats
# --pid implies --fork (the program is pid 1 of the new namespace);
# --no-fork keeps the raw behaviour; --mount-proc.

load helpers

setup() {
	common_setup
	require_root
	require_ns pid
	ulimit -S -c 0
}

teardown() {
	if [ -n "${victim:-}" ]; then kill -KILL "$victim" 2>/dev/null || :; fi
	nobody_cleanup
}

@test "--pid forks: the program is pid 1 of the new namespace" {
	run unshare --pid sh -c 'echo $$'
	assert_success
	assert_output 1
}

@test "--pid: the implied fork is in the plan, by --pid" {
	run unshare --dry-run --pid true
	assert_success
	assert_line --regexp '^implied +--fork +by --pid$'
	assert_line --regexp '^fork +fork: the parent waits$'
}

@test "--pid: a program that forks twice works (it could not without the fork)" {
	run unshare --pid sh -c '/bin/true; /bin/true; echo twice'
	assert_success
	assert_output twice
}

@test "--pid --no-fork: the raw behaviour, the program stays outside" {
	run unshare --pid --no-fork stat -L -c %i /proc/self/ns/pid
	assert_success
	assert_output "$(ns_inode pid)"
	run unshare --dry-run --pid --no-fork true
	refute_line --partial 'implied'
	refute_line --partial 'fork:'
}

@test "--pid: exit statuses 0, 1, 42, 255 pass through" {
	statuses_pass --pid
}

@test "--pid: a real fault kills pid 1, and we die of SEGV too" {
	run status_of "$UNSHARE_BIN" --pid "$UNSHARE_TESTLIB/fault"
	assert_output "signal SEGV"
}

@test "--pid: KILL from outside kills pid 1, and we die of KILL too" {
	run status_of sh -c '
		(n=0; until v=$(pgrep -P $$ -x sleep) || [ $((n += 1)) -gt 200 ]; do sleep 0.05; done; kill -KILL $v) &
		exec "$UNSHARE_BIN" --pid sleep 100'
	assert_output "signal KILL"
}

# The kernel shields a pid 1 from signals it has no handler for, even its
# own: without --init, TERM and the like cannot kill the program.
@test "--pid: pid 1 ignores its own TERM (use --init to be killable)" {
	run status_of env --default-signal=TERM "$UNSHARE_BIN" --pid sh -c 'kill -TERM $$; echo survived'
	assert_output "survived
exit 0"
}

@test "--pid --mount-proc: proc shows the new namespace only" {
	run unshare --pid --mount-proc sh -c 'echo $$'
	assert_success
	assert_output 1
	run unshare --pid --mount-proc ls /proc
	assert_success
	assert_equal "$(grep -E '^[0-9]+$' <<<"$output")" 1
}

@test "--mount-proc implies --mount, shown with its reason; the mount does not leak" {
	mounts_snapshot
	run unshare --dry-run --mount-proc true
	assert_line --regexp '^implied +mount +by --mount-proc$'
	assert_line --regexp '^proc +mount proc: /proc$'
	run unshare --mount-proc sh -c 'stat -L -c %i /proc/self/ns/mnt'
	assert_success
	refute_output "$(ns_inode mnt)"
	assert_no_new_mounts
}

@test "--mount-proc=DIR mounts proc there, nosuid, nodev, noexec" {
	dir=$BATS_TEST_TMPDIR/myproc
	mkdir "$dir"
	run unshare --pid --mount-proc="$dir" sh -c "cat $dir/1/comm; grep ' $dir ' /proc/self/mountinfo"
	assert_success
	assert_line --index 0 sh
	assert_line --index 1 --regexp " $dir rw,nosuid,nodev,noexec,relatime .* proc "
	run grep " $dir " /proc/self/mountinfo
	assert_failure
}

@test "--mount-proc on a missing directory: 125, naming it" {
	run unshare --pid --mount-proc=/no/such/dir true
	assert_failure 125
	assert_said "--mount-proc=/no/such/dir: No such file or directory" "hint: " "existing directory"
	assert_messages 1
}

@test "--mount-proc= (empty) is refused" {
	run unshare --mount-proc= true
	assert_failure 125
	assert_line --index 0 "unshare: --mount-proc=: give a value"
}

@test "a new mount namespace is made private: a mount inside does not reach a shared parent" {
	dir=$BATS_TEST_TMPDIR/mnt
	mkdir "$dir"
	# A throwaway outer namespace whose / is shared, as systemd makes it.
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / &&
		"$1" --mount sh -c "mount -t tmpfs inner $2 && grep -c \" $2 \" /proc/self/mountinfo" &&
		! grep " $2 " /proc/self/mountinfo' sh "$UNSHARE_BIN" "$dir"
	assert_success
	assert_output 1
}

@test "verbose narrates the private step, the fork and the proc mount" {
	run --separate-stderr unshare -v --pid --mount-proc true
	assert_success
	[[ "$stderr" =~ unshare:\ propagation\ +[a-z\ /]+:\ private ]]
	[[ "$stderr" =~ unshare:\ fork\ +the\ child\'s\ pid\ is\ [0-9]+ ]]
	[[ "$stderr" =~ unshare:\ proc\ +mount\ proc:\ /proc ]]
}

@test "nobody: proc without a pid namespace of its own is refused, with --pid as the way" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --mount-proc true
	assert_failure 125
	assert_said "--mount-proc=/proc: Operation not permitted" "hint: " "pid namespace" "add --pid"
	assert_messages 1
	run as_nobody "$NOBODY_BIN" -r --pid --mount-proc sh -c 'echo $$'
	assert_success
	assert_output 1
	nobody_cleanup
}
