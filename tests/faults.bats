#!/usr/bin/env bats
# Faults: limits reached, descriptors exhausted, no /proc.  Each gives a
# clear message and leaves nothing behind.

load helpers

setup() {
	common_setup
	require_root
	mounts_snapshot
}

teardown() {
	if [ -n "${chroot_dir:-}" ]; then
		rm -rf "$chroot_dir"
	fi
}

# The limits are lowered in a throwaway user namespace, where they are its
# own (and a parent's limit counts for its children): the kernel's check is
# the same.  The machine's own limits cannot be lowered here: writing the
# initial namespace's /proc/sys/user needs CAP_SYS_RESOURCE, which root
# lacks on this kind of machine (a VM whose root has every capability but
# that one), while in a new user namespace we hold it.  And the machine's
# limits are never touched, so tests running beside these cannot fail
# because of them.
@test "max_net_namespaces at 0: ENOSPC names the file and its value" {
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_net_namespaces &&
		exec "$UNSHARE_BIN" --net true'
	assert_failure 125
	assert_said --index 0 "unshare(2): net" "No space left on device" "hint: " "raise user.max_net_namespaces (here 0"
	assert_messages 1
}

@test "max_user_namespaces at 0 with --net: the user limit is named, not net" {
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_user_namespaces &&
		exec "$UNSHARE_BIN" -r --net true'
	assert_failure 125
	assert_said --index 0 "unshare(2): net, user" "No space left on device" "hint: " "raise user.max_user_namespaces (here 0"
	refute_line --partial 'max_net_namespaces'
}

@test "a limit in a parent user namespace counts, and is reported from a child" {
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 1 >/proc/sys/user/max_net_namespaces &&
		exec /usr/bin/unshare --net --user --map-root-user "$UNSHARE_BIN" --net true'
	assert_failure 125
	assert_said --index 0 "unshare(2): net" "No space left on device" "hint: " "user.max_net_namespaces" "or a parent's"
}

@test "descriptors exhausted: what fails is named, nothing is made" {
	dir=$BATS_TEST_TMPDIR/ns
	mkdir "$dir"
	# 0, 1, 2 and one more: the helper's socket pair cannot be made.
	run bash -c 'exec 3>&-; ulimit -n 4; exec "$UNSHARE_BIN" --uts="$1/uts" true' sh "$dir"
	assert_failure 125
	assert_said "start the helper that keeps the namespace files" "Too many open files"
	assert_equal "${#lines[@]}" 1
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
	# Three more: the helper runs out as it opens the file and its bind.
	run bash -c 'ulimit -n 6; exec 3>&- 4>&- 5>&-; exec "$UNSHARE_BIN" --uts="$1/uts" true' sh "$dir"
	assert_failure 125
	assert_line --index 0 "unshare: --uts=$dir/uts: Too many open files"
	assert_messages 1
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
	run bash -c 'ulimit -n 6; exec 3>&- 4>&- 5>&-; exec "$UNSHARE_BIN" --kill-child --init true'
	assert_failure 125
	assert_said "fork: the parent waits: Too many open files"
	assert_equal "${#lines[@]}" 1
}

# A root with unshare, true and their libraries, and no /proc.
make_root_without_proc() {
	chroot_dir=$(mktemp -d /tmp/unshare-noproc.XXXXXX)
	local f lib
	for f in "$UNSHARE_BIN" /bin/true; do
		cp "$f" "$chroot_dir/"
		for lib in $(ldd "$f" | grep -o '/[^ ]*'); do
			mkdir -p "$chroot_dir$(dirname "$lib")"
			cp -n "$lib" "$chroot_dir$lib"
		done
	done
}

@test "a chroot without /proc: namespaces still work, and what needs /proc says so" {
	make_root_without_proc
	run chroot "$chroot_dir" /unshare --uts /true
	assert_success
	# (assert_line without an index: a sanitizer build adds warnings of
	# its own when /proc is missing)
	run chroot "$chroot_dir" /unshare -v --uts /true
	assert_success
	assert_said "uts " "0 -> ?" "/proc mounted?"
	# The kernel refuses user namespaces to a chrooted process: the way
	# that nests is named.
	run chroot "$chroot_dir" /unshare -r /true
	assert_failure 125
	assert_said "unshare(2): user" "hint: " "chrooted" "--pivot-root"
	assert_no_new_mounts
}

@test "the check for mounts left behind fails on ours, not on another's" {
	local other
	other=$(mktemp -d /tmp/unshare-test.XXXXXX)
	# In the test's directory: ours.
	mkdir mnt
	mount -t tmpfs left-behind mnt
	run assert_no_new_mounts
	umount mnt
	assert_failure
	assert_output --regexp "^mounts left behind: [0-9]+ .* $BATS_TEST_TMPDIR/mnt .* - tmpfs left-behind "
	# A tmpfs elsewhere: another's work.
	mount -t tmpfs elsewhere "$other"
	run assert_no_new_mounts
	umount "$other"
	assert_success
	# A proc in the test's directory, as a leaked --mount-proc=DIR would
	# be; and one elsewhere, another's.
	mount -t proc proc mnt
	run assert_no_new_mounts
	umount mnt
	assert_failure
	assert_output --regexp "^mounts left behind: [0-9]+ .* $BATS_TEST_TMPDIR/mnt .* - proc proc "
	mount -t proc proc "$other"
	run assert_no_new_mounts
	umount "$other"
	rmdir "$other"
	assert_success
}

@test "/proc unmounted: the id maps cannot be written, and the message says why" {
	run /usr/bin/unshare --mount sh -c 'umount -l /proc && exec "$UNSHARE_BIN" -r true'
	assert_failure 125
	assert_said "write setgroups: deny: No such file or directory" "hint: " "is /proc mounted?"
	run /usr/bin/unshare --mount sh -c 'umount -l /proc && exec "$UNSHARE_BIN" --map-user=0 true'
	assert_failure 125
	assert_said "write the uid map: 0 0 1: No such file or directory" "hint: " "is /proc mounted?"
	assert_no_new_mounts
}

@test "no /proc: --list still answers" {
	make_root_without_proc
	run chroot "$chroot_dir" /unshare --list
	assert_success
	assert_line --regexp '^net +-n --net +- +- +usable '
}

# tests/fault-sweep.py: each system call between our start and the
# program's exec failed alone (EINTR, and an errno it can really return),
# for command lines that cover every step kind, as root and as nobody.
# Every tenth call here; every call in the stress run.
@test "the fault sweep: each system call failed alone ends in 125 and its error, or runs as it should; nothing left, nothing crashed" {
	command -v strace >/dev/null || need "strace, to fail one system call at a time"
	local sample=--sample
	[ "${UNSHARE_STRESS:-0}" = 1 ] && sample=
	run python3 "$BATS_TEST_DIRNAME/fault-sweep.py" "$UNSHARE_BIN" ${sample:+"$sample"}
	echo "# $(tail -n 1 <<<"$output")" >&3
	assert_success
	assert_line --regexp '^fault sweep: [0-9]{2,} runs, 0 broke a rule'
	assert_no_new_mounts
}
