#!/usr/bin/env bats
# User and group names.  The usual build asks NSS (getpwnam and the
# rest); the static build (./configure --enable-static-binary) reads
# /etc/passwd and /etc/group itself, since a static glibc can reach NSS
# only through modules of its own version, and says so.  Each test checks
# the build under test (UNSHARE_STATIC=1 for the static one).  Run as
# root: the files are replaced in a mount namespace of the test's own.

load helpers

setup() {
	common_setup
	require_root
	printf '%s\n' 'root:x:0:0:root:/root:/bin/root-shell' \
		'alice:x:4242:4343::/home/alice:/bin/sh' >passwd
	printf '%s\n' 'root:x:0:' 'staff4:x:4343:' >group
	# No service NSS can load: NSS finds nobody, the files still say.
	printf '%s\n' 'passwd: no-such-service' 'group: no-such-service' >nsswitch.conf
}

# with_etc ARGS: unshare ARGS with the test's passwd, group and
# nsswitch.conf in place of /etc's.
with_etc() {
	/usr/bin/unshare --mount --propagation private sh -c '
		for f in passwd group nsswitch.conf; do
			mount --bind "$1/$f" "/etc/$f" || exit 99
		done
		shift
		exec "$@"' sh "$BATS_TEST_TMPDIR" "$UNSHARE_BIN" "$@"
}

# without_etc ARGS: unshare ARGS with an empty /etc.
without_etc() {
	/usr/bin/unshare --mount --propagation private sh -c '
		mount -t tmpfs none /etc || exit 99
		exec "$@"' sh "$UNSHARE_BIN" "$@"
}

@test "the static build is a position-independent executable that needs no dynamic loader" {
	run readelf -lhW "$UNSHARE_BIN"
	assert_success
	assert_line --regexp '^ +Type: +DYN '
	if [ "$UNSHARE_STATIC" = 1 ]; then
		refute_line --partial 'Requesting program interpreter'
		run readelf -dW "$UNSHARE_BIN"
		refute_line --partial '(NEEDED)'
	else
		assert_line --partial 'Requesting program interpreter'
	fi
}

@test "--help says whether this is the static build, which reads names from the files" {
	run unshare --help
	assert_success
	local flat
	flat=$(tr '\n' ' ' <<<"$output" | tr -s ' ')
	if [ "$UNSHARE_STATIC" = 1 ]; then
		[[ $flat == *"static build"*"/etc/passwd and /etc/group only"* ]]
	else
		[[ $flat != *"static build"* ]]
	fi
}

@test "names: the static build reads /etc/passwd and /etc/group, the usual one asks NSS" {
	run --separate-stderr with_etc --dry-run --map-user=alice --map-group=staff4 true
	if [ "$UNSHARE_STATIC" = 1 ]; then
		assert_success
		assert_line 'uid-map      write the uid map: 4242 0 1'
		assert_line 'gid-map      write the gid map: 4343 0 1'
	else
		assert_failure 125
		assert_equal "${stderr_lines[0]}" "unshare: --map-user=alice: no user named 'alice'"
	fi
}

# static_hint: the hint the static build gives after a name it did not
# find, naming the files it reads; the usual build gives none.
static_hint() {
	if [ "$UNSHARE_STATIC" = 1 ]; then
		assert_said "hint: " "/etc/passwd and /etc/group" "give a number"
		assert_equal "${#stderr_lines[@]}" 2
	else
		assert_equal "${#stderr_lines[@]}" 1
	fi
}

@test "a name the file lacks: the static build names the file" {
	run --separate-stderr with_etc --dry-run --map-group=alice true
	assert_failure 125
	assert_equal "${stderr_lines[0]}" "unshare: --map-group=alice: no group named 'alice'"
	check_stderr
	static_hint
	run --separate-stderr with_etc --dry-run --setuid=staff4 -r true
	assert_failure 125
	assert_equal "${stderr_lines[0]}" "unshare: --setuid: no user named 'staff4'"
	check_stderr
	static_hint
}

@test "no /etc/passwd: the static build says it cannot read it" {
	run --separate-stderr without_etc --dry-run --map-user=alice true
	assert_failure 125
	if [ "$UNSHARE_STATIC" = 1 ]; then
		assert_equal "${stderr_lines[0]}" "unshare: --map-user=alice: /etc/passwd: No such file or directory"
		check_stderr
		static_hint
	else
		assert_equal "${stderr_lines[0]}" "unshare: --map-user=alice: no user named 'alice'"
	fi
}

@test "no program and no \$SHELL: the static build takes the shell from /etc/passwd" {
	run --separate-stderr env -u SHELL /usr/bin/unshare --mount --propagation private sh -c '
		for f in passwd group nsswitch.conf; do
			mount --bind "$1/$f" "/etc/$f" || exit 99
		done
		exec "$2" --dry-run' sh "$BATS_TEST_TMPDIR" "$UNSHARE_BIN"
	if [ "$UNSHARE_STATIC" = 1 ]; then
		# No such shell here: the dry run foresees that it is not found.
		assert_failure 125
		assert_line 'program      /bin/root-shell (the shell, from /etc/passwd)'
		[[ $(tr -s ' \n' '  ' <<<"$stderr") == *"'/bin/root-shell': No such file"* ]] || fail "$stderr"
	else
		assert_success
		assert_line 'program      /bin/sh (the shell, from the fallback)'
	fi
}

@test "a name that starts with a digit is looked up, as util-linux looks it up" {
	require_root
	cp /etc/passwd passwd
	echo '1abc:x:4242:4242::/:/bin/sh' >>passwd
	run /usr/bin/unshare --mount --propagation private sh -c '
		mount --bind "$1" /etc/passwd || exit 99
		exec "$2" --dry-run --json --setuid=1abc true' sh "$PWD/passwd" "$UNSHARE_BIN"
	assert_success
	assert_output --partial '{"step":"setuid","uid":4242,'
	# Digits alone are a number, and a number too large is said to be one.
	run unshare --dry-run --setuid=4294967296 true
	assert_failure 125
	assert_said "--setuid: '4294967296'" "ids are numbers"
}

@test "a long line in /etc/passwd is read once: reads grow with the file, not with the line's length squared" {
	command -v strace >/dev/null || need "strace is not installed (apt-get install strace)"
	# A line of 256 KiB, 5,000 short ones, then the user looked up.
	{
		printf 'big:x:5:5:%s:/:/bin/sh\n' "$(head -c 262144 /dev/zero | tr '\0' a)"
		seq 10000 15000 | sed 's|.*|u&:x:&:100::/:/bin/sh|'
		echo 'alice:x:4242:4343::/home/alice:/bin/sh'
	} >passwd
	pages=$(($(wc -c <passwd) / 4096 + 1))
	run --separate-stderr /usr/bin/unshare --mount --propagation private sh -c '
		mount --bind "$1" /etc/passwd || exit 99
		exec strace -qq -o "$2" -e trace=read,lseek "$3" --dry-run --map-user=alice true' \
		sh "$PWD/passwd" "$PWD/trace" "$UNSHARE_BIN"
	assert_success
	assert_line 'uid-map      write the uid map: 4242 0 1'
	reads=$(grep -c '^read(' trace)
	seeks=$(grep -c '^lseek(' trace) || :
	# Linear: each page read a few times at most (NSS doubles its buffer
	# and starts again: about log2(256) passes); a reader that re-reads
	# the line for every KiB it grows by makes thousands.
	[ "$reads" -le $((4 * pages + 20)) ] || fail "$reads reads for $pages pages"
	[ "$seeks" -le 40 ] || fail "$seeks lseeks"
}

