#!/usr/bin/env bats
# An unshare given privilege by its file (set-user-ID, set-group-ID, file
# capabilities) refuses to run at all: the kernel marks its exec secure.

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
	mkdir -m 777 "$NOBODY_DIR/w"
	run as_nobody "$copy" --uts touch "$NOBODY_DIR/w/ran"
	assert_failure 125
	assert_said "refusing privilege" "set-user-ID" "hint: " "chmod u-s,g-s" "setcap -r" "--user"
	assert_messages 1
	# A refusal of ours, not the kernel's: no errno's words.
	refute_output --partial "not permitted"
	[ ! -e "$NOBODY_DIR/w/ran" ]
}

@test "set-group-ID root, run by nobody: 125" {
	chown root:root "$copy"
	chmod 2755 "$copy"
	run as_nobody "$copy" --dry-run true
	assert_failure 125
	assert_said "refusing privilege" "set-group-ID"
}

@test "set-id is refused even for --help" {
	chown root:root "$copy"
	chmod 4755 "$copy"
	run as_nobody "$copy" --help
	assert_failure 125
	assert_said "refusing privilege"
}

# File capabilities change no id: only the kernel's mark tells.
@test "file capabilities (CAP_SYS_ADMIN), run by nobody with --keep-caps: 125, nothing mounted" {
	command -v setcap >/dev/null || need "setcap is not installed (apt-get install libcap2-bin)"
	setcap cap_sys_admin+ep "$copy"
	run as_nobody "$copy" --keep-caps sh -c 'mount -t tmpfs none /mnt && echo mounted'
	assert_failure 125
	assert_said "refusing privilege" "file capabilities"
	refute_output --partial mounted
}

@test "file capabilities (CAP_SETUID, CAP_SETGID), run by nobody mapping host ids: 125" {
	command -v setcap >/dev/null || need "setcap is not installed (apt-get install libcap2-bin)"
	setcap cap_setuid,cap_setgid+ep "$copy"
	run as_nobody "$copy" --map-users=0:0:1 --map-groups=42:42:1 -S 0 -G 42 cat /etc/shadow
	assert_failure 125
	assert_said "refusing privilege"
	refute_output --partial 'root:'
}

@test "the same copy without the set-id bit runs for nobody" {
	chmod 755 "$copy"
	run as_nobody "$copy" --dry-run true
	assert_success
	assert_line 'program      true'
}
