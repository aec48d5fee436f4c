#!/usr/bin/env bats
# shellcheck disable=SC2153 # NOBODY_BIN: busybox_root_file's (helpers.bash)
# --disable-userns: the program runs in a user namespace nested in the
# new one, whose limit (one) it used up: it makes no user namespace,
# raising the limit it sees does not help, and its capabilities reach no
# namespace the run made.  Its ids are those it has without the option.

load helpers

setup_file() {
	busybox_root_file proc -- sh id unshare true
}

teardown_file() {
	[ -z "${NOBODY_DIR:-}" ] || rm -rf "$NOBODY_DIR"
}

# What the program tells: its uid and gid; "nested" if it makes a user
# namespace; "raised" if it does after writing a higher limit; "named"
# if it sets the hostname of the run's UTS namespace.
CHECK='exec 2>&-; id -u; id -g
unshare -U true && echo nested
(echo 1000 >/proc/sys/user/max_user_namespaces) && unshare -U true && echo raised
hostname box && echo named
:'

@test "--disable-userns as root with -r: no user namespace, even with the limit raised; not the run's hostname; the same ids; without it, all of these" {
	require_root
	run unshare -r -u --disable-userns sh -c "$CHECK"
	assert_success
	assert_output "0
0"
	run unshare -r -u sh -c "$CHECK"
	assert_success
	assert_output "0
0
nested
raised
named"
}

@test "--disable-userns as nobody with -r, and with -f --pid: the same" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r -u --disable-userns sh -c "$CHECK"
	assert_success
	assert_output "0
0"
	run as_nobody "$NOBODY_BIN" -r -u -f --pid --mount-proc --disable-userns sh -c "$CHECK"
	assert_success
	assert_output "0
0"
	run as_nobody "$NOBODY_BIN" -r -u sh -c "$CHECK"
	assert_success
	assert_output "0
0
nested
raised
named"
}

@test "--disable-userns with --setuid, --setgid and --keep-caps: the ids given, capabilities over the nested namespace alone" {
	require_root
	local ids=(-r --map-users=all --map-groups=all -S 1000 -G 1000 -u)
	run unshare "${ids[@]}" --disable-userns sh -c "$CHECK"
	assert_success
	assert_output "1000
1000"
	run unshare "${ids[@]}" --keep-caps --disable-userns sh -c "$CHECK"
	assert_success
	assert_output "1000
1000"
	run unshare "${ids[@]}" --keep-caps sh -c "$CHECK"
	assert_success
	assert_output "1000
1000
nested
raised
named"
}

@test "--disable-userns with --pivot-root to a root without /proc: the maps written through the caller's" {
	need_busybox_root
	run unshare -r --pivot-root="$ROOT" --disable-userns sh -c 'id -u; unshare -U true 2>&- && echo nested; :'
	assert_success
	assert_output 0
	run unshare -r --pivot-root="$ROOT" sh -c 'id -u; unshare -U true 2>&- && echo nested; :'
	assert_success
	assert_output "0
nested"
}

@test "--disable-userns: --info-fd names the program's user namespace, the nested one" {
	require_root
	unshare -r --disable-userns --info-fd=3 3>info sh -c 'readlink /proc/self/ns/user; unshare -U true 2>&- || echo none' >out
	run cat out
	assert_output "user:[$(sed 's/.*"user":\([0-9]*\).*/\1/' info)]
none"
}

@test "--disable-userns with --setuid: undumpable from the nesting to the exec, so that the uid it has (another user's) reaches none of our descriptors" {
	require_root
	local pid status=0
	mkfifo info go
	"$UNSHARE_BIN" -r --map-users=all --map-groups=all -S 1000 -G 1000 \
		--disable-userns --info-fd=3 --wait-fd=4 true 4<go 3>info &
	exec 5>go
	# Written once nested, before the wait: its /proc files are root's
	# while it waits, not uid 1000's.
	pid=$(sed 's/^[^,]*,"pid":\([0-9]*\).*/\1/' info)
	run stat -c %u "/proc/$pid/environ"
	echo go >&5
	exec 5>&-
	wait $! || status=$?
	assert_output 0
	assert_equal "$status" 0
}

@test "--disable-userns after a mount the caller's namespace would see: no undo that cannot be done" {
	require_root
	mkdir p
	run -127 unshare -r -pf --propagation=unchanged --mount-proc="$PWD/p" --disable-userns /nonexistent
	assert_failure 127
	assert_messages 1
	run grep -c " $PWD/p " /proc/self/mountinfo
	assert_output 0
}

@test "--disable-userns refused: no new user namespace, ids not mapped, --root, --sysctl of the limit; 125, the dry run too" {
	local args
	for args in "--disable-userns true" "-m --disable-userns true"; do
		# shellcheck disable=SC2086 # the words of args
		run unshare $args
		assert_failure 125
		assert_said "--disable-userns" "needs a new user namespace" "-r"
	done
	run unshare -U --disable-userns true
	assert_failure 125
	assert_said "--disable-userns" "uid and gid mapped" "-r"
	run unshare -r --root=/ --disable-userns true
	assert_failure 125
	assert_said "--disable-userns" "--root" "chroot" "--pivot-root"
	run unshare -r --sysctl=user.max_user_namespaces=5 --disable-userns true
	assert_failure 125
	assert_said "--disable-userns" "--sysctl=user.max_user_namespaces" "exclude"
	run unshare --dry-run -U --disable-userns true
	assert_failure 125
	assert_said "--disable-userns" "uid and gid mapped"
}

@test "--disable-userns, dry run: its steps shown; the nested namespace the caller's limit leaves no room for, foreseen as the run fails" {
	plan -r --disable-userns true
	assert_success
	assert_line --regexp '^userns-limit +allow one user namespace'
	assert_line --regexp '^disable-userns +enter a user namespace'
	require_root
	# A limit of one where unshare runs: the new namespace, not the nested.
	run --separate-stderr unshare -r sh -c 'echo 1 >/proc/sys/user/max_user_namespaces && exec "$0" -r --disable-userns --dry-run true' "$UNSHARE_BIN"
	assert_failure 125
	check_stderr
	assert_said "would fail" "enter a user namespace" "No space left on device" "max_user_namespaces"
	run unshare -r sh -c 'echo 1 >/proc/sys/user/max_user_namespaces && exec "$0" -r --disable-userns true' "$UNSHARE_BIN"
	assert_failure 125
	assert_said "enter a user namespace" "No space left on device" "max_user_namespaces"
	# A limit of two: room for both, the dry run and the run alike.
	run unshare -r sh -c 'echo 2 >/proc/sys/user/max_user_namespaces && exec "$0" -r --disable-userns --dry-run true && exec "$0" -r --disable-userns true' "$UNSHARE_BIN"
	assert_success
	refute_output --partial "would fail"
	# None: neither namespace, each foreseen.
	run --separate-stderr unshare -r sh -c 'echo 0 >/proc/sys/user/max_user_namespaces && exec "$0" -r --disable-userns --dry-run true' "$UNSHARE_BIN"
	assert_failure 125
	check_stderr
	assert_said "would fail" "unshare(2)" "No space left on device"
	assert_said "would fail" "enter a user namespace" "No space left on device"
}
