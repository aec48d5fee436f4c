#!/usr/bin/env bats
# Keeping namespaces in files: --KIND=FILE, then nsenter --KIND=FILE.

load helpers

setup() {
	common_setup
	require_root
	dir=$BATS_TEST_TMPDIR/ns
	mkdir -p "$dir"
	mounts_before=$(wc -l </proc/self/mountinfo)
}

# The namespace's pid 1 first (unshare's child): unshare ends with it.
end_upid() {
	pkill -KILL -P "$upid" || :
	wait "$upid" || :
	upid=
}

teardown() {
	local f
	if [ -n "${upid:-}" ]; then end_upid; fi
	for f in "$dir"/*; do
		[ -e "$f" ] || continue
		umount "$f" 2>/dev/null || :
	done
	nobody_cleanup
}

# keep KIND ENTRY: --KIND=FILE keeps the program's namespace: the inode of
# FILE is the one the program saw.
keep() {
	local kind=$1 entry=$2 inner
	require_ns "$entry"
	run unshare "--$kind=$dir/$kind" stat -L -c %i "/proc/self/ns/$entry"
	assert_success
	inner=$output
	assert_equal "$(stat -L -c %i "$dir/$kind")" "$inner"
	grep -q " $dir/$kind " /proc/self/mountinfo
	umount "$dir/$kind"
	rm "$dir/$kind"
}

@test "--uts=FILE: nsenter finds the hostname set inside" {
	require_ns uts
	run unshare --uts="$dir/uts" hostname kept-host
	assert_success
	run nsenter --uts="$dir/uts" hostname
	assert_success
	assert_output kept-host
}

@test "--net=FILE: only lo in the kept namespace" {
	require_ns net
	run unshare --net="$dir/net" true
	assert_success
	run nsenter --net="$dir/net" cat /proc/net/dev
	assert_success
	assert_equal "$(grep -c ':' <<<"$output")" 1
	assert_line --partial 'lo:'
}

@test "--ipc=FILE keeps the ipc namespace" { keep ipc ipc; }
@test "--cgroup=FILE keeps the cgroup namespace" { keep cgroup cgroup; }
@test "--user=FILE keeps the user namespace" { keep user user; }
@test "--mount=FILE keeps the mount namespace (bound from outside it)" { keep mount mnt; }
@test "--time=FILE keeps the time namespace" { keep time time; }

@test "--mount=FILE: a tmpfs mounted inside is there through nsenter, and not outside" {
	mkdir "$BATS_TEST_TMPDIR/point"
	run unshare --mount="$dir/mnt" mount -t tmpfs kept-tmpfs "$BATS_TEST_TMPDIR/point"
	assert_success
	run grep " $BATS_TEST_TMPDIR/point " /proc/self/mountinfo
	assert_failure
	run nsenter --mount="$dir/mnt" grep -c " $BATS_TEST_TMPDIR/point .*kept-tmpfs" /proc/self/mountinfo
	assert_output 1
}

@test "--pid=FILE with a running child: nsenter enters the same pid namespace" {
	require_ns pid
	"$UNSHARE_BIN" --pid="$dir/pid" --mount-proc sleep 60 3>&- &
	upid=$!
	eventually grep -q " $dir/pid " /proc/self/mountinfo
	run nsenter --pid="$dir/pid" sh -c 'cat /proc/self/stat >/dev/null; stat -L -c %i /proc/self/ns/pid; true'
	assert_success
	assert_equal "$output" "$(stat -L -c %i "$dir/pid")"
	end_upid
}

@test "--pid=FILE --no-fork is refused: no process would hold the namespace" {
	run unshare --pid="$dir/pid" --no-fork true
	assert_failure 125
	assert_line --index 0 "unshare: --pid=FILE needs a process in the new pid namespace to keep it: drop --no-fork"
	[ ! -e "$dir/pid" ]
}

@test "FILE is created if missing, and an existing file is used as it is" {
	touch "$dir/existing"
	run unshare --uts="$dir/existing" --ipc="$dir/new" true
	assert_success
	[ -f "$dir/new" ]
	grep -q " $dir/existing " /proc/self/mountinfo
	grep -q " $dir/new " /proc/self/mountinfo
}

@test "a FILE that cannot be made: 125, and the other FILEs are undone" {
	run unshare --uts="$dir/uts" --net="$dir/no/such/dir/net" true
	assert_failure 125
	assert_line --index 0 --partial "unshare: --net=$dir/no/such/dir/net: cannot create it: No such file or directory"
	assert_line "unshare: the namespaces were not kept in their files (see above), so nothing was run"
	[ ! -e "$dir/uts" ]
	[ "$(wc -l </proc/self/mountinfo)" = "$mounts_before" ]
}

@test "a later step fails (program not found): the kept files are undone" {
	run -127 unshare --uts="$dir/uts" no-such-program-here
	assert_failure 127
	[ ! -e "$dir/uts" ]
	[ "$(wc -l </proc/self/mountinfo)" = "$mounts_before" ]
}

@test "a step before keeping fails (--mount-proc): nothing is made" {
	run unshare --uts="$dir/uts" --mount-proc=/no/such/dir true
	assert_failure 125
	[ ! -e "$dir/uts" ]
	[ "$(wc -l </proc/self/mountinfo)" = "$mounts_before" ]
}

# EBUSY, made by the kernel for bind mounts (MS_BIND, 0x1000) only.
@test "EBUSY binding FILE: says what is in the way, and nothing is left" {
	run inject mount EBUSY 3 0x1000 -- "$UNSHARE_BIN" --uts="$dir/uts" true
	assert_failure 125
	assert_line --index 0 --regexp "^unshare: --uts=$dir/uts: binding /proc/[0-9]+/ns/uts failed: Device or resource busy; something mounted on the file is in the way \(findmnt $dir/uts shows it\): unmount it \(umount $dir/uts\), or choose another file$"
	assert_line --index 1 "unshare: the namespaces were not kept in their files (see above), so nothing was run"
	[ ! -e "$dir/uts" ]
	[ "$(wc -l </proc/self/mountinfo)" = "$mounts_before" ]
}

@test "--mount=FILE on a shared mount: says so and what to do, and undoes the rest" {
	# A throwaway namespace whose mounts are shared, as systemd makes them,
	# and a new one that stays their peer (unchanged): the bind would
	# propagate into the namespace it keeps.
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / &&
		"$1" --propagation=unchanged --uts="$2/uts" --mount="$2/mnt" true
		s=$?
		[ ! -e "$2/uts" ] && [ ! -e "$2/mnt" ] || exit 99
		exit $s' sh "$UNSHARE_BIN" "$dir"
	assert_failure 125
	assert_line "unshare: --mount=$dir/mnt: the file is on a shared mount, where the kernel refuses to keep a mount namespace (EINVAL); put it under a private mount, as: mkdir -p /run/unshare && mount --bind /run/unshare /run/unshare && mount --make-private /run/unshare"
}

@test "as nobody, keeping a namespace needs root: 125 with the reason" {
	require_userns_for_nobody
	nobody_copy
	copy=$NOBODY_BIN
	mkdir -m 777 "$NOBODY_DIR/ns"
	run as_nobody "$copy" -r --uts="$NOBODY_DIR/ns/uts" true
	assert_failure 125
	assert_line --index 0 --partial "keeping a namespace needs CAP_SYS_ADMIN in your mount namespace (run as root)"
	[ ! -e "$NOBODY_DIR/ns/uts" ]
	nobody_cleanup
}
