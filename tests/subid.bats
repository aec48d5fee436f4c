#!/usr/bin/env bats
# Subordinate ids (auto, subids): through libsubid where the build has it
# (UNSHARE_LIBSUBID=1), so that a subid: source in nsswitch.conf counts as
# it does for newuidmap; from /etc/subuid and /etc/subgid otherwise.
# tests/subid-source.c is such a source (root owns 700000+1000 uids and
# 800000+2000 gids).  Run as root; the files are replaced in a mount
# namespace of the test's own.

load helpers

setup() {
	common_setup
	require_root
	: >empty
	printf '%s\n' 'root:100000:65536' >ranges
}

# with_files NSSWITCH SUBIDS ARGS: unshare ARGS with NSSWITCH as
# /etc/nsswitch.conf and SUBIDS as both /etc/subuid and /etc/subgid.
with_files() {
	local nss=$1 ids=$2
	shift 2
	printf '%s\n' 'passwd: files' 'group: files' "$nss" >nsswitch.conf
	/usr/bin/unshare --mount --propagation private sh -c '
		mount --bind "$1/nsswitch.conf" /etc/nsswitch.conf &&
		mount --bind "$1/$2" /etc/subuid &&
		mount --bind "$1/$2" /etc/subgid || exit 99
		shift 2
		exec env LD_LIBRARY_PATH="$UNSHARE_TESTLIB" "$@"' \
		sh "$BATS_TEST_TMPDIR" "$ids" "$UNSHARE_BIN" "$@"
}

@test "a subid: source in nsswitch.conf gives the ranges where libsubid is built in" {
	run --separate-stderr with_files 'subid: unsharetest' empty \
		--dry-run --map-users=auto --map-groups=auto true
	if [ "$UNSHARE_LIBSUBID" = 1 ]; then
		assert_success
		assert_line 'uid-map      write the uid map: 0 700000 1000'
		assert_line 'gid-map      write the gid map: 0 800000 2000'
	else
		assert_failure 125
		check_stderr
		assert_said --index 0 "--map-users: " "/etc/subuid" "root (0)" "'root:100000:65536'" "usermod --add-subuids"
	fi
}

@test "without a subid: source, the files give the ranges, in either build" {
	run --separate-stderr with_files '' ranges \
		--dry-run --map-users=subids --map-groups=auto true
	assert_success
	assert_line 'uid-map      write the uid map: 100000 100000 65536'
	assert_line 'gid-map      write the gid map: 0 100000 65536'
}

@test "the source has no range for the user: the message says where to add one" {
	run --separate-stderr with_files '' empty --dry-run --map-groups=auto true
	assert_failure 125
	check_stderr
	assert_said --index 0 "--map-groups: " "/etc/subgid" "root (0)" "'root:100000:65536'" "usermod --add-subgids"
}

@test "a user name from the password database is quoted in the messages, never raw" {
	printf 'r\033[2Jt:x:0:0::/root:/bin/sh\n' >passwd
	printf '%s\n' 'passwd: files' 'group: files' >nsswitch.conf
	run --separate-stderr /usr/bin/unshare --mount --propagation private sh -c '
		mount --bind "$1/nsswitch.conf" /etc/nsswitch.conf &&
		mount --bind "$1/passwd" /etc/passwd &&
		mount --bind "$1/empty" /etc/subuid &&
		mount --bind "$1/empty" /etc/subgid || exit 99
		exec "$2" --dry-run --map-groups=auto true' sh "$BATS_TEST_TMPDIR" "$UNSHARE_BIN"
	assert_failure 125
	[[ $stderr == *"no line for \$'r\\033[2Jt' (0)"* ]] || fail "$stderr"
	[[ $stderr != *$'\033'* ]] || fail "an escape reached the terminal: $stderr"
}
