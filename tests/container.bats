#!/usr/bin/env bats
# What container scripts ask of unshare: a hostname (--hostname,
# --domainname) and a new root where a container works (--pivot-root,
# where --root's chroot cannot nest a user namespace).  As root, and as
# nobody with a user namespace of its own.

load helpers

teardown() {
	nobody_cleanup
}

# The host's names, read as the test shell's UTS namespace has them.
host_names() {
	cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
}

# busybox_root: a root in $NOBODY_DIR/root made of a static busybox
# (Debian's busybox-static), with /proc and /tmp to mount on, which
# nobody can reach.
busybox_root() {
	local bb applet
	bb=$(command -v busybox) ||
		need "busybox is not installed (tools/install-deps installs busybox-static)"
	LC_ALL=C ldd "$bb" 2>&1 | grep -q 'not a dynamic' ||
		need "$bb is not static (tools/install-deps installs busybox-static)"
	nobody_copy
	ROOT=$NOBODY_DIR/root
	mkdir -p "$ROOT/bin" "$ROOT/proc" "$ROOT/tmp"
	cp "$bb" "$ROOT/bin/busybox"
	for applet in sh cat cut unshare hostname pwd; do
		ln -s busybox "$ROOT/bin/$applet"
	done
	chmod -R a+rX "$ROOT"
}

# our_root: a root in $NOBODY_DIR/ours holding our unshare as /unshare,
# with the libraries it loads.
our_root() {
	local lib
	nobody_copy
	OURS=$NOBODY_DIR/ours
	mkdir -p "$OURS"
	cp "$NOBODY_BIN" "$OURS/unshare"
	for lib in $(ldd "$UNSHARE_BIN" 2>/dev/null |
		awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		cp --parents -L "$lib" "$OURS"
	done
	chmod -R a+rX "$OURS"
}

@test "--hostname and --domainname name the new UTS namespace, and it alone; they imply --uts" {
	require_root
	local before
	before=$(host_names)
	run unshare --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	assert_equal "$(host_names)" "$before"
	run unshare --dry-run --hostname=box true
	assert_success
	assert_line --regexp '^implied +uts +by --hostname$'
	assert_line 'hostname     set the hostname: box'
	# Set before the ids change: the program runs as another user.
	run unshare --hostname=box2 --setuid=65534 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
}

@test "nobody: --hostname with -r and with -c, set while the new user namespace's creator may" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --hostname=box --domainname=dom cat /proc/sys/kernel/hostname /proc/sys/kernel/domainname
	assert_success
	assert_output $'box\ndom'
	run as_nobody "$NOBODY_BIN" -c --hostname=box2 sh -c 'id -u; cat /proc/sys/kernel/hostname'
	assert_success
	assert_output $'65534\nbox2'
	# Without a user namespace, the kernel's refusal.
	run as_nobody "$NOBODY_BIN" --hostname=box true
	assert_failure 125
}

@test "a name longer than 64 bytes is refused when the command line is read" {
	local name64 name65
	name64=$(printf 'a%.0s' {1..64})
	name65=${name64}b
	run unshare --dry-run --hostname="$name64" --domainname="$name64" true
	assert_success
	for option in hostname domainname; do
		run unshare --"$option=$name65" touch ran
		assert_failure 125
		assert_said "--$option=$name65" "at most 64 bytes"
		[ ! -e ran ]
	done
}

@test "--pivot-root: a nested user namespace works where --root's chroot fails; the mount table holds the new root's mounts alone" {
	require_root
	busybox_root
	mounts_snapshot
	run unshare -m --pivot-root="$ROOT" --mount-proc -pf --hostname=box sh -c '
		unshare -U true && echo nested; hostname; pwd; cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'nested\nbox\n/\n/\n/proc'
	# --root is util-linux's chroot(2): the kernel refuses the nested one.
	run unshare -m --root="$ROOT" --mount-proc -pf sh -c 'unshare -U true && echo nested'
	assert_failure
	assert_output --partial 'Operation not permitted'
	refute_output --partial nested
	# The new root's mount stays in its mount namespace.
	assert_no_new_mounts
	# --wd goes from the new /.
	run unshare -m --pivot-root="$ROOT" --wd=/tmp pwd
	assert_success
	assert_output /tmp
}

@test "nobody: -rm --pivot-root=DIR --mount-proc -pf --hostname=box, a container from a directory" {
	require_userns_for_nobody
	busybox_root
	run as_nobody "$NOBODY_BIN" -rm --pivot-root="$ROOT" --mount-proc -pf --hostname=box sh -c '
		unshare -U true && echo nested; hostname; cut -d" " -f5 /proc/self/mountinfo'
	assert_success
	assert_output $'nested\nbox\n/\n/proc'
	run as_nobody "$NOBODY_BIN" -rm --root="$ROOT" --mount-proc -pf sh -c 'unshare -U true && echo nested'
	assert_failure
	refute_output --partial nested
}

@test "--root's refusal to nest a user namespace says to use --pivot-root" {
	require_userns_for_nobody
	our_root
	run as_nobody "$NOBODY_BIN" -r --root="$OURS" /unshare -U /unshare --version
	assert_failure 125
	assert_said "Operation not permitted"
	assert_said "chrooted" "--pivot-root"
	run as_nobody "$NOBODY_BIN" -rm --pivot-root="$OURS" /unshare -U /unshare --version
	assert_success
	assert_line --index 0 --regexp '^unshare '
}

@test "--pivot-root refused with --root, with shared or unchanged propagation; a DIR not there is said" {
	run unshare --pivot-root=/ --root=/ true
	assert_failure 125
	assert_said "--pivot-root and --root exclude each other"
	for mode in shared unchanged; do
		run unshare --pivot-root=/ --propagation=$mode true
		assert_failure 125
		assert_said "--propagation=$mode and --pivot-root exclude each other"
	done
	require_root
	run unshare -m --pivot-root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	assert_said "make DIR the root" "none" "No such file or directory"
	# Slave propagation keeps / unshared: it works.
	busybox_root
	run unshare -m --propagation=slave --pivot-root="$ROOT" hostname
	assert_success
}
