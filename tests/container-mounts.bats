#!/usr/bin/env bats
# shellcheck disable=SC2153 # NOBODY_BIN: busybox_root_file's (helpers.bash)
# The mounts a new root lacks first: --mount-dev, a minimal /dev of the
# run's own, --tmpfs and --mount-sysfs.  One root of a static busybox for the whole
# file (setup_file), which nobody can reach, with the binary nobody runs
# beside it.

load helpers

setup_file() {
	busybox_root_file proc dev tmp sys -- sh cat cut grep hostname ls sort touch tr true
}

teardown_file() {
	[ -z "${NOBODY_DIR:-}" ] || rm -rf "$NOBODY_DIR"
}

teardown() {
	[ -z "${SHARED:-}" ] || umount -R "$SHARED"
}

# What a program in the container checks: its pid, its hostname, a
# /dev/null it can write, a devpts of its own, a proc, a /tmp it can
# write, its network devices in /sys, and the mount points under /dev,
# /sys and /tmp.
CHECK='echo pid=$$; hostname; echo x >/dev/null && echo null; [ -c /dev/pts/ptmx ] && echo pts; [ -r /proc/1/status ] && echo proc; touch /tmp/x && echo tmp; echo net: $(ls /sys/class/net); cut -d" " -f5 /proc/self/mountinfo | grep "^/dev\|^/tmp\|^/sys" | sort | tr "\n" " "' # in the new root
DEV_MOUNTS='/dev /dev/full /dev/null /dev/pts /dev/random /dev/shm /dev/tty /dev/urandom /dev/zero /sys /tmp '

@test "--mount-dev: the host's devices, a devpts, shm and the links in a /dev of the run's own; the host's /dev untouched" {
	require_root
	local before
	before=$(grep -c ' /dev[ /]' /proc/self/mountinfo)
	run unshare --mount-dev sh -c 'cd /dev && for d in null zero full random urandom tty; do [ -c $d ] || echo "no $d"; done
		echo x >null && head -c 3 zero | od -An -tx1
		readlink fd stdin stdout stderr ptmx; stat -c "%a %F" . shm pts/ptmx
		python3 -c "import os; m, s = os.openpty(); print(os.ttyname(s))"'
	assert_success
	assert_output " 00 00 00
/proc/self/fd
/proc/self/fd/0
/proc/self/fd/1
/proc/self/fd/2
pts/ptmx
755 directory
1777 directory
666 character special file
/dev/pts/0"
	assert_equal "$(grep -c ' /dev[ /]' /proc/self/mountinfo)" "$before"
	run unshare --dry-run --mount-dev true
	assert_success
	assert_line --regexp '^implied +mount +by --mount-dev$'
	assert_line --regexp '^dev +.*: /dev$'
}

@test "the container line, as root and as nobody: pid 1, its hostname, /dev/null writable, /dev/pts, /proc, a /tmp of its own, lo alone in /sys" {
	need_busybox_root
	run unshare --pivot-root="$ROOT" --mount-proc --mount-dev --tmpfs=/tmp:size=1m -n --mount-sysfs -pf --hostname=box sh -c "$CHECK"
	assert_success
	assert_output "pid=1
box
null
pts
proc
tmp
net: lo
$DEV_MOUNTS"
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --pivot-root="$ROOT" --mount-proc --mount-dev --tmpfs=/tmp:size=1m -n --mount-sysfs -pf --hostname=box sh -c "$CHECK"
	assert_success
	assert_output "pid=1
box
null
pts
proc
tmp
net: lo
$DEV_MOUNTS"
	# The root's own /tmp got nothing.
	[ ! -e "$ROOT/tmp/x" ]
}

@test "the container options leave the program no directory from before the new root: none of its descriptors leads out" {
	need_busybox_root
	mkdir "$BATS_TEST_TMPDIR/b"
	run unshare --pivot-root="$ROOT" --mount-proc --mount-dev --tmpfs=/tmp --bind="$BATS_TEST_TMPDIR/b:/sys" -pf \
		sh -c 'for f in /proc/self/fd/*; do [ ! -d "$f" ] || echo "directory ${f##*/}"; done; echo looked'
	assert_success
	assert_output looked
}

@test "the container steps close what they open: held by --wait-fd before the exec, the run holds the caller's descriptors and /proc's alone" {
	require_root
	mkdir dev t s b c
	run held_descriptors -m -n --mount-dev="$PWD/dev" --tmpfs="$PWD/t" --mount-sysfs="$PWD/s" --bind="$PWD/b:$PWD/c"
	assert_success
	# The hand-off's /proc, which the exec closes; no mount, no directory.
	assert_output --regexp '^[0-9]+ /proc$'
}

@test "--mount-dev: a node it cannot make in its /dev fails on that node, with the kernel's reason" {
	require_root
	mkdir d
	run "$UNSHARE_TESTLIB/errno-inject" openat EACCES 2 0200 -- "$UNSHARE_BIN" -m --mount-dev="$PWD/d" true
	assert_failure 125
	assert_said "minimal /dev" "d/null" "Permission denied"
}

@test "--mount-dev in a new user namespace that maps not our uid or gid: no node made there (EOVERFLOW), foreseen by --dry-run" {
	require_root
	mkdir d
	local maps
	for maps in -U --map-users=0:0:65536 --setgroups=allow; do
		run unshare "$maps" --mount-dev="$PWD/d" touch ran
		assert_failure 125
		assert_said "minimal /dev" "d/null" "Value too large" "not mapped"
		[ ! -e ran ]
		run unshare --dry-run "$maps" --mount-dev="$PWD/d" true
		assert_failure 125
		assert_said "would fail" "minimal /dev" "d/null" "Value too large" "not mapped"
	done
	# Both mapped: made.
	run unshare --dry-run --map-users=0:0:65536 --map-groups=0:0:65536 --mount-dev="$PWD/d" true
	assert_success
	run unshare --map-users=0:0:65536 --map-groups=0:0:65536 --mount-dev="$PWD/d" test -c "$PWD/d/null"
	assert_success
}

@test "--mount-dev: a host node that is no character device (a file bound on /dev/zero) refused, 125 naming it; foreseen by --dry-run" {
	require_root
	echo not-a-device >"$BATS_TEST_TMPDIR/file"
	mkdir "$BATS_TEST_TMPDIR/dev"
	# In a mount namespace of the test's own: the host's /dev as it was.
	run unshare -m sh -c 'mount --bind "$1" /dev/zero && exec "$2" -m --mount-dev="$3" true' \
		sh "$BATS_TEST_TMPDIR/file" "$UNSHARE_BIN" "$BATS_TEST_TMPDIR/dev"
	assert_failure 125
	assert_said "make a minimal /dev there: /dev/zero" "No such device" "no character device"
	run unshare -m sh -c 'mount --bind "$1" /dev/zero && exec "$2" --dry-run -m --mount-dev="$3" true' \
		sh "$BATS_TEST_TMPDIR/file" "$UNSHARE_BIN" "$BATS_TEST_TMPDIR/dev"
	assert_failure 125
	assert_said "would fail: make a minimal /dev there: /dev/zero" "No such device" "no character device"
	[ -c /dev/zero ]
}

@test "--mount-dev refused with --root, it, --tmpfs and --mount-sysfs with shared or unchanged propagation outside a new user namespace, by --dry-run too" {
	local mode
	run unshare --root=/ --mount-dev true
	assert_failure 125
	assert_output "unshare: --root and --mount-dev exclude each other: keep one"
	run unshare --dry-run --root=/ --mount-dev true
	assert_failure 125
	for mode in shared unchanged; do
		run unshare --propagation=$mode --mount-dev true
		assert_failure 125
		assert_output "unshare: --propagation=$mode and --mount-dev exclude each other: keep one"
		run unshare --propagation=$mode --tmpfs="$BATS_TEST_TMPDIR" true
		assert_failure 125
		assert_output "unshare: --propagation=$mode and --tmpfs exclude each other: keep one"
		run unshare --propagation=$mode --mount-sysfs true
		assert_failure 125
		assert_output "unshare: --propagation=$mode and --mount-sysfs exclude each other: keep one"
	done
}

@test "--mount-dev, --tmpfs, --mount-sysfs and --bind with shared or unchanged propagation in a new user namespace: made, seen nowhere outside, as root and as nobody" {
	require_root
	local mode opt mine
	# A directory bound on itself and made shared: what a peer of its
	# mount mounts under it is seen here.  Where nobody can reach it,
	# if it runs.
	SHARED=${NOBODY_DIR:-$BATS_TEST_TMPDIR}/shared-$BATS_TEST_NUMBER
	mkdir -p "$SHARED"
	mount --bind "$SHARED" "$SHARED"
	mount --make-shared "$SHARED"
	mkdir "$SHARED/dev" "$SHARED/t" "$SHARED/sys" "$SHARED/b"
	# Without one, a tmpfs there is seen outside: that is what the
	# refusal keeps.
	/usr/bin/unshare -m --propagation unchanged mount -t tmpfs peer "$SHARED/t"
	run grep -c " $SHARED/t " /proc/self/mountinfo
	assert_output 1
	umount "$SHARED/t"
	for mode in shared unchanged; do
		for opt in --mount-dev="$SHARED/dev" --tmpfs="$SHARED/t" --mount-sysfs="$SHARED/sys" --bind="$BATS_TEST_DIRNAME:$SHARED/b"; do
			run unshare -r -n --propagation=$mode "$opt" sh -c 'grep -c " $1/" /proc/self/mountinfo' sh "$SHARED"
			assert_success
			[ "$output" -ge 1 ]
			run grep -c " $SHARED/" /proc/self/mountinfo
			assert_output 0
			run unshare --dry-run -r -n --propagation=$mode "$opt" true
			assert_success
		done
	done
	# As nobody, in a directory of its own there.
	[ -n "${NOBODY_BIN:-}" ] || return 0
	mine=$SHARED/t/nobody
	mount -t tmpfs -o mode=755 nobody "$SHARED/t"
	mkdir "$mine"
	chown nobody:nogroup "$mine"
	run as_nobody "$NOBODY_BIN" -r --propagation=shared --tmpfs="$mine" sh -c 'grep -c " $1 " /proc/self/mountinfo' sh "$mine"
	assert_success
	assert_output 1
	run grep -c " $mine " /proc/self/mountinfo
	assert_output 0
}

@test "--mount-dev=DIR not there, or no directory: foreseen by --dry-run, then 125 in the same words; nothing made, nothing left" {
	need_busybox_root
	local dir why
	mounts_snapshot
	# Looked for in the new root: /etc is the host's alone.
	for dir in /nodir /etc /bin/busybox; do
		why="No such file or directory"
		[ "$dir" != /bin/busybox ] || why="Not a directory"
		run unshare --dry-run --pivot-root="$ROOT" --mount-dev=$dir /bin/true
		assert_failure 125
		assert_said "would fail: make a minimal /dev there: $dir" "$why" "it is inside --pivot-root="
		run unshare --pivot-root="$ROOT" --mount-dev=$dir /bin/true
		assert_failure 125
		assert_said "unshare: --mount-dev=$dir: $why" "it is inside --pivot-root="
	done
	[ ! -e "$ROOT/nodir" ]
	assert_no_new_mounts
}

@test "a link of root's on the way, in a new user namespace that maps not root: its owner unknown there, refused by the run and foreseen by the dry run" {
	require_root
	mkdir dir
	ln -s dir mine
	local maps=(--map-users=0:100000:10 --map-groups=0:100000:10)
	run unshare "${maps[@]}" --tmpfs="$PWD/mine" touch ran
	assert_failure 125
	assert_said "--tmpfs=$PWD/mine" "is a link owned by uid $(cat /proc/sys/kernel/overflowuid)"
	[ ! -e ran ]
	run unshare --dry-run "${maps[@]}" --tmpfs="$PWD/mine" true
	assert_failure 125
	assert_said "would fail" "$PWD/mine"
	# Root mapped: root's link, followed by both.
	run unshare --dry-run -r --tmpfs="$PWD/mine" true
	assert_success
	run unshare -r --tmpfs="$PWD/mine" true
	assert_success
}

@test "a path under the mount of an earlier step (the program, a --bind's DST): the run finds the mount's, the dry run cannot tell and names the mount" {
	require_root
	mounts_snapshot
	mkdir -p top/dir
	touch top/file
	chmod 755 top/file
	run -127 unshare -m --tmpfs="$PWD/top/dir/.." "$PWD/top/file"
	assert_failure 127
	assert_said "'$PWD/top/file'" "No such file or directory"
	run unshare --dry-run -m --tmpfs="$PWD/top/dir/.." "$PWD/top/file"
	assert_success
	assert_said "cannot tell" "$PWD/top/file" "a mount made before it on $PWD/top/dir/.. covers it"
	refute_output --partial "would fail"
	# A script whose #! interpreter a mount covers: the same.
	cp /bin/sh top/dir/sh
	printf '#!%s/top/dir/sh\ntrue\n' "$PWD" >script
	chmod 755 script
	run unshare -m --tmpfs="$PWD/top/dir" "$PWD/script"
	assert_failure 126
	assert_said "'$PWD/script'" "No such file or directory" "interpreter"
	run unshare --dry-run -m --tmpfs="$PWD/top/dir" "$PWD/script"
	assert_success
	assert_said "cannot tell" "$PWD/script" "a mount made before it on $PWD/top/dir covers it"
	# A sibling whose name begins with the mount's is not under it.
	mkdir top/dirx
	printf '#!/bin/sh\ntrue\n' >top/dirx/prog
	chmod 755 top/dirx/prog
	run unshare --dry-run -m --tmpfs="$PWD/top/dir" "$PWD/top/dirx/prog"
	assert_success
	refute_output --partial "cannot tell"
	# The binds come before the tmpfs mounts, after cgroup2's.
	run unshare -m --ro-bind=/etc/hostname:"$PWD/top/file" --tmpfs="$PWD/top" true
	assert_success
	run unshare --mount-cgroup="$PWD/top" --ro-bind=/etc/hostname:"$PWD/top/file" true
	assert_failure 125
	assert_said "--ro-bind=$PWD/top/file" "No such file or directory"
	run unshare --dry-run --mount-cgroup="$PWD/top" --ro-bind=/etc/hostname:"$PWD/top/file" true
	assert_success
	assert_said "cannot tell" "$PWD/top/file" "a mount made before it on $PWD/top covers it"
	assert_no_new_mounts
}

@test "a new root not there, or no directory: the dry run foresees that of --pivot-root alone, not of the steps in it" {
	require_root
	local root
	touch "$BATS_TEST_TMPDIR/file"
	for root in "$BATS_TEST_TMPDIR/none" "$BATS_TEST_TMPDIR/file"; do
		run unshare --dry-run --json -n --pivot-root="$root" --bind=/etc:/etc --mount-dev --tmpfs=/tmp --mount-sysfs /bin/true
		assert_failure 125
		run python3 -c 'import json, sys; print([x["step"] for x in json.loads(sys.argv[1])["plan"]["predictions"]])' "$output"
		assert_output "['pivot-root', 'exec']"
	done
}

@test "--mount-dev: a link on the way to DIR that another user owns is refused; .. out of the new root too" {
	need_busybox_root
	local link=$ROOT/link-$BATS_TEST_NUMBER
	ln -s /dev "$link"
	chown -h nobody "$link"
	run unshare --pivot-root="$ROOT" --mount-dev="/${link##*/}" /bin/true
	rm -f "$link"
	assert_failure 125
	assert_output --partial "is a link owned by uid 65534"
	run unshare --pivot-root="$ROOT" --mount-proc --mount-dev=/../../dev true
	assert_failure 125
	assert_said "--mount-dev=/../../dev" "leads out of the root"
}

@test "--mount-dev, --tmpfs and --mount-sysfs: a DIR typed to leave the new root is refused with the plan, by --dry-run too" {
	need_busybox_root
	local opt dry
	# A second --tmpfs is looked at too.
	for opt in --mount-dev=/bin/../../dev --tmpfs=/bin/../../tmp \
		--mount-sysfs=/../sys --tmpfs=../tmp --mount-proc=bin/../../proc \
		--wd=..; do
		for dry in --dry-run ""; do
			run unshare $dry -n --pivot-root="$ROOT" --tmpfs=/tmp $opt true
			assert_failure 125
			assert_said "$opt" "leads out of the root"
			# By the plan: no step is foreseen.
			refute_output --partial "would fail"
		done
	done
}

@test "--mount-dev in the JSON plan, and dev in --list=steps" {
	plan --json --mount-dev="$BATS_TEST_TMPDIR" true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print([s for s in d["plan"]["steps"] if s["step"] == "dev"])' "$output"
	assert_output "[{'step': 'dev', 'path': '$BATS_TEST_TMPDIR'}]"
	run unshare --list=steps
	assert_line --regexp '^dev +make a minimal /dev there$'
}

@test "--tmpfs: a tmpfs of its size and mode, nosuid and nodev, that the program can write and run from; DIR as it was after" {
	require_root
	mkdir d
	run unshare --tmpfs="$BATS_TEST_TMPDIR/d:size=64k,mode=710" sh -c 'cd d && stat -c %a . &&
		grep " $PWD " /proc/self/mountinfo | sed "s/ - / /" | cut -d" " -f6- &&
		printf "#!/bin/sh\necho ran\n" >x && chmod +x x && ./x &&
		! head -c 100000 /dev/zero >y 2>/dev/null && echo full'
	assert_success
	assert_output "710
rw,nosuid,nodev,relatime tmpfs none rw,size=64k,mode=710
ran
full"
	run ls -A d
	assert_output ""
	run unshare --dry-run --json --tmpfs="$BATS_TEST_TMPDIR/d:size=50%" --tmpfs=/mnt true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print([s for s in d["plan"]["steps"] if s["step"] == "tmpfs"])' "$output"
	assert_output "[{'step': 'tmpfs', 'path': '$BATS_TEST_TMPDIR/d', 'options': 'size=50%'}, {'step': 'tmpfs', 'path': '/mnt'}]"
}

@test "--tmpfs and --mount-sysfs with standard input closed: the walk to DIR may end on descriptor 0, a descriptor like any other" {
	require_root
	local dir
	mkdir "$BATS_TEST_TMPDIR/d"
	# DIR one name deeper than the other: the walk ends on 0 for one.
	for dir in "$BATS_TEST_TMPDIR/d" "$BATS_TEST_TMPDIR/d/."; do
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --tmpfs="$dir" stat -f -c %T "$dir"
		assert_success
		assert_output tmpfs
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" -n --mount-sysfs="$dir" stat -f -c %T "$dir"
		assert_success
		assert_output sysfs
		# The dry run walks it as the run does.
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --dry-run --tmpfs="$dir" true
		assert_success
		refute_output --partial "would fail"
	done
}

@test "--tmpfs=/ (as typed: //, /.) is refused as the command line is read, with --pivot-root, --root or neither: the program's root would stay below it" {
	local root dir
	for root in "" --root=/ --pivot-root="$BATS_TEST_TMPDIR"; do
		for dir in / // /. /./ ; do
			run unshare ${root:+"$root"} --tmpfs="$dir:size=1m" touch ran
			assert_failure 125
			assert_said "--tmpfs=$dir:size=1m" "the program's root" "unseen" "a directory below"
			run unshare --dry-run ${root:+"$root"} --tmpfs="$dir" true
			assert_failure 125
			assert_said "--tmpfs=$dir" "unseen"
		done
	done
	[ ! -e ran ]
	# A directory below the root is taken, even one whose name starts
	# with a dot (this one is not there, which the dry run says).
	plan --tmpfs="/./${BATS_TEST_TMPDIR#/}" true
	assert_success
	run unshare --dry-run --tmpfs=/.nodir true
	assert_failure 125
	assert_said "/.nodir" "No such file or directory"
	refute_output --partial unseen
}

@test "--tmpfs or --mount-sysfs on the root reached through .. or a link: refused as the step walks it, the run and the dry run alike, nothing run" {
	local root
	mkdir -p sub nr/sub
	ln -s / toroot
	for root in "" --pivot-root="$BATS_TEST_TMPDIR/nr"; do
		for opt in --tmpfs=/sub/.. --mount-sysfs=/sub/..; do
			# Without a new root, a directory of the host's.
			[ -n "$root" ] || opt=${opt/=\/sub/=\/proc}
			run unshare -r -n ${root:+"$root"} "$opt" touch "$BATS_TEST_TMPDIR/ran"
			assert_failure 125
			assert_said "${opt%%=*}" "the program's root" "a directory below"
			# No errno: the refusal is ours.
			assert_line --regexp 'unseen$'
			run unshare --dry-run -r -n ${root:+"$root"} "$opt" true
			assert_failure 125
			assert_said "would fail" "the program's root"
		done
	done
	run unshare -r --tmpfs="$BATS_TEST_TMPDIR/toroot" touch "$BATS_TEST_TMPDIR/ran"
	assert_failure 125
	assert_said "toroot" "the program's root"
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
	# A directory below is taken.
	run unshare -r --tmpfs="$BATS_TEST_TMPDIR/sub/." true
	assert_success
}

@test "--tmpfs: sizes, modes and options it does not take are refused as the command line is read; nine are too many" {
	local value
	for value in /d:size=x /d:size=-1 /d:size=1t /d:size= /d:mode=8 /d:mode=17777 /d:mode=-1 \
		/d:uid=0 "/d:size=1m," /d: :size=1m /d:size=1m:mode=1 /d:mode=7,size=1m,nr_inodes=1; do
		run unshare --dry-run --tmpfs="$value" true
		assert_failure 125
		assert_line --index 0 "unshare: --tmpfs=$value: give a directory, then :size= and :mode=,"
		assert_line --index 1 --partial "/tmp:size=64m,mode=1777"
	done
	run unshare --tmpfs=/1 --tmpfs=/2 --tmpfs=/3 --tmpfs=/4 --tmpfs=/5 --tmpfs=/6 --tmpfs=/7 --tmpfs=/8 --tmpfs=/9 true
	assert_failure 125
	assert_output --partial "more than 8 --tmpfs"
	plan --tmpfs="$BATS_TEST_TMPDIR:size=1M,mode=0755" --tmpfs="$BATS_TEST_TMPDIR:size=10%,size=2g" true
	assert_success
}

@test "--tmpfs=DIR and --mount-sysfs=DIR not in the new root: foreseen by --dry-run, then 125 in the same words; nothing made, nothing left" {
	need_busybox_root
	mounts_snapshot
	run unshare --dry-run --root="$ROOT" --tmpfs=/etc /bin/true
	assert_failure 125
	assert_said "would fail: mount a tmpfs there: /etc" "No such file or directory" "it is inside --root="
	run unshare --root="$ROOT" --tmpfs=/etc /bin/true
	assert_failure 125
	assert_said "unshare: --tmpfs=/etc: No such file or directory" "it is inside --root="
	run unshare --dry-run --root="$ROOT" -n --mount-sysfs=/etc /bin/true
	assert_failure 125
	assert_said "would fail: mount a read-only sysfs there: /etc" "No such file or directory"
	run unshare --root="$ROOT" -n --mount-sysfs=/etc /bin/true
	assert_failure 125
	assert_said "unshare: --mount-sysfs=/etc: No such file or directory"
	[ ! -e "$ROOT/etc" ]
	assert_no_new_mounts
}

@test "the hint of a DIR missing in the new root names it once, with one slash between root and DIR, --root=/ and a root ending in / alike" {
	require_root
	run unshare --root=/ --tmpfs="$BATS_TEST_TMPDIR/nodir" true
	assert_failure 125
	assert_said "unshare: --tmpfs=$BATS_TEST_TMPDIR/nodir: No such file or directory" "make $BATS_TEST_TMPDIR/nodir"
	refute_output --partial "//"
	run unshare --dry-run --root=/ --wd=nodir true
	assert_failure 125
	assert_said "would fail" "make /nodir"
	refute_output --partial "//"
	run unshare --root="$BATS_TEST_TMPDIR/" --tmpfs=/nodir true
	assert_failure 125
	assert_said "it is inside --root=$BATS_TEST_TMPDIR/" "make $BATS_TEST_TMPDIR/nodir"
	refute_output --partial "//"
	[ ! -e "$BATS_TEST_TMPDIR/nodir" ]
}

@test "--mount-sysfs: the new network namespace's devices, read-only; the host's without --net, which the plan notes; -U needs --net" {
	require_root
	run unshare -n --mount-sysfs sh -c 'ls /sys/class/net; grep " /sys " /proc/self/mountinfo | tail -n 1 | cut -d" " -f6'
	assert_success
	assert_output "lo
ro,nosuid,nodev,noexec,relatime"
	run unshare --mount-sysfs sh -c 'ls /sys/class/net'
	assert_success
	assert_output "$(ls /sys/class/net)"
	run unshare --dry-run --mount-sysfs true
	assert_success
	assert_line "note         --mount-sysfs without --net shows the host's network devices"
	assert_line --regexp '^sysfs +mount a read-only sysfs there: /sys$'
	run unshare --dry-run --json --mount-sysfs true
	assert_output --partial '"notes":["host-net"]'
	run unshare --dry-run -n --mount-sysfs true
	assert_success
	refute_output --partial "host"
	run unshare -r --mount-sysfs true
	assert_failure 125
	assert_output "unshare: --mount-sysfs needs --net"
	run unshare -rn --mount-sysfs ls /sys/class/net
	assert_success
	assert_output lo
}

# kill_runs WHO N OPTION...: N runs of our copy as WHO (root or nobody)
# with OPTION..., a program that leaves a process behind, each killed by
# SIGKILL at a random moment of its first 30 ms; after each, within two
# seconds, no process of the run, no cgroup $CG-I, no temporary file
# beside the pid file and no mount on the new root may be left.  Counts
# what is left in $left.
kill_runs() {
	local who=$1 n=$2 i t pid wrap=() lost
	shift 2
	[ "$who" = nobody ] && wrap=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
	for i in $(seq "$n"); do
		"${wrap[@]}" "$NOBODY_BIN" "$@" ${CG:+--new-cgroup="$CG-$i"} -- \
			sh -c '(busybox sleep "$1" &); exec busybox sleep "$1"' sh "$MARK" &
		pid=$!
		sleep "0.0$(printf %02d $((RANDOM % 30)))"
		kill -KILL "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		for t in $(seq 40); do
			lost=$(pgrep -f "(sleep|unshare.*) $MARK" || true)
			[ -z "$lost" ] && [ ! -d "${MINE:-/}/${CG:-none}-$i" ] && break
			sleep 0.05
		done
		[ -n "$lost" ] && left="$left procs($i)"
		[ -n "${CG:-}" ] && [ -d "$MINE/$CG-$i" ] && left="$left cgroup($i)" && rmdir "$MINE/$CG-$i"
		pkill -KILL -f "(sleep|unshare.*) $MARK" 2>/dev/null || true
		if compgen -G "$PIDS/.unshare-*" >/dev/null; then
			left="$left tmp($i)"
			rm -f "$PIDS"/.unshare-*
		fi
		grep -q " ${ROOT%/} \| $ROOT/" /proc/self/mountinfo && left="$left mounts($i)"
	done
	return 0
}

@test "SIGKILLed at random moments with the container options, as root and as nobody: no process, cgroup, mount or temporary file left (5 runs each; 500 in the stress run)" {
	need_busybox_root
	local n left='' hier
	n=$(stress_count 500 5)
	MARK=8$$$BATS_TEST_NUMBER
	PIDS=$NOBODY_DIR/pids-$BATS_TEST_NUMBER
	mkdir -m 777 "$PIDS"
	hier=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	MINE=$hier$(sed -n 's/^0:://p' /proc/self/cgroup)
	MINE=${MINE%/}
	CG=
	if [ -n "$hier" ] && [ -w "$MINE/cgroup.procs" ]; then
		CG=kill$$
	fi
	kill_runs root "$n" --pivot-root="$ROOT" --mount-dev --tmpfs=/tmp --mount-sysfs \
		-n -p --mount-proc --init --kill-child --pid-file="$PIDS/pid"
	CG=
	require_userns_for_nobody
	kill_runs nobody "$n" -U -r --pivot-root="$ROOT" --mount-dev --tmpfs=/tmp --mount-sysfs \
		-n -p --mount-proc --init --kill-child --pid-file="$PIDS/pid"
	echo "# $n runs killed as root, $n as nobody; left:${left:- nothing}" >&3
	rm -rf "$PIDS"
	assert_equal "$left" ""
}

@test "the dry run walks as the run: from --wd's directory, through the new uid map, searching not reading, a .. said as the run says it" {
	need_busybox_root
	require_userns_for_nobody
	# A relative DIR after --wd is looked for there: $ROOT/bin/proc is
	# missing, $ROOT/proc is not.
	run unshare --pivot-root="$ROOT" --wd=/bin --tmpfs=proc true
	assert_failure 125
	assert_said "--tmpfs=proc" "No such file"
	run unshare --dry-run --pivot-root="$ROOT" --wd=/bin --tmpfs=proc true
	assert_failure 125
	assert_said "would fail" "proc" "No such file"
	# A link's owner as the new user namespace shows it: 100000 is its
	# root; our root its uid 1000, as it is ours.
	ln -s tmp "$ROOT/lnk-$BATS_TEST_NUMBER"
	chown -h 100000:100000 "$ROOT/lnk-$BATS_TEST_NUMBER"
	ln -s "$BATS_TEST_TMPDIR" lnk
	local opt
	for opt in "--map-users=0:100000:65536 --map-groups=0:100000:65536 --pivot-root=$ROOT --tmpfs=/lnk-$BATS_TEST_NUMBER" \
		"--map-user=1000 --map-group=1000 -m --tmpfs=$PWD/lnk"; do
		# shellcheck disable=SC2086 # the options, a word each
		run unshare $opt true
		assert_success
		# shellcheck disable=SC2086
		run unshare --dry-run $opt true
		assert_success
		refute_output --partial "owned by"
	done
	rm "$ROOT/lnk-$BATS_TEST_NUMBER"
	# A script's interpreter in the new root, under a mount made there.
	printf '#!/bin/sh\ntrue\n' >"$ROOT/s-$BATS_TEST_NUMBER"
	chmod 755 "$ROOT/s-$BATS_TEST_NUMBER"
	run unshare --root="$ROOT" --tmpfs=/bin "/s-$BATS_TEST_NUMBER"
	assert_failure 126
	run unshare --dry-run --root="$ROOT" --tmpfs=/bin "/s-$BATS_TEST_NUMBER"
	rm "$ROOT/s-$BATS_TEST_NUMBER"
	assert_success
	# The mount as given, in the new root.
	assert_said "cannot tell" "/s-$BATS_TEST_NUMBER" "a mount made before it on /bin covers it"
	# A SRC through such a link, under a gid map unlike the uid map.
	chown -h 100000:100000 lnk
	run unshare --dry-run --map-users=0:100000:65536 --map-groups=0:200000:65536 --pivot-root="$ROOT" --bind="$PWD/lnk:/tmp" true
	assert_success
	refute_output --partial "owned by"
	run unshare --map-users=0:100000:65536 --map-groups=0:200000:65536 --pivot-root="$ROOT" --bind="$PWD/lnk:/tmp" true
	assert_success
	# A directory we may read but not search: refused by chdir(2), for
	# --wd and for the new root itself.
	mkdir -m 604 "$ROOT/d604-$BATS_TEST_NUMBER" "$NOBODY_DIR/d604"
	for opt in "--pivot-root=$ROOT --wd=/d604-$BATS_TEST_NUMBER" "--pivot-root=$NOBODY_DIR/d604"; do
		# shellcheck disable=SC2086
		run as_nobody "$NOBODY_BIN" -r $opt true
		assert_failure 125
		assert_said "d604" "Permission denied"
		# shellcheck disable=SC2086
		run as_nobody "$NOBODY_BIN" --dry-run -r $opt true
		assert_failure 125
		assert_said "would fail" "d604" "Permission denied"
	done
	# One we may search but not read is fine.
	chmod 711 "$ROOT/d604-$BATS_TEST_NUMBER" "$NOBODY_DIR/d604"
	run as_nobody "$NOBODY_BIN" --dry-run -r --pivot-root="$ROOT" --wd="/d604-$BATS_TEST_NUMBER" true
	assert_success
	run as_nobody "$NOBODY_BIN" -r --pivot-root="$ROOT" --wd="/d604-$BATS_TEST_NUMBER" true
	assert_success
	rmdir "$ROOT/d604-$BATS_TEST_NUMBER" "$NOBODY_DIR/d604"
	# Each walk in the new root closes what it opened: eight under a
	# limit of ten descriptors.
	local tmpfs=() i
	for i in 1 2 3 4 5 6 7 8; do
		mkdir "$ROOT/t$BATS_TEST_NUMBER-$i"
		tmpfs+=("--tmpfs=/t$BATS_TEST_NUMBER-$i")
	done
	run sh -c 'ulimit -n 10 && exec "$@"' sh "$UNSHARE_BIN" --dry-run --pivot-root="$ROOT" "${tmpfs[@]}" true
	rmdir "$ROOT/t$BATS_TEST_NUMBER"-*
	assert_success
	refute_output --partial "would fail"
	# Out of --root's root by ..: foreseen in the run's words, its hint
	# said once.
	for opt in --tmpfs=/../x --bind="$BATS_TEST_TMPDIR:/../x"; do
		run unshare --dry-run --root="$ROOT" "$opt" true
		assert_failure 125
		assert_said "would fail" "${opt%%=*}=/../x" "leads out of the root"
		[ "$(grep -c "name it from the root" <<<"$output")" = 1 ]
		run unshare --root="$ROOT" "$opt" true
		assert_failure 125
		assert_said "${opt%%=*}=/../x" "leads out of the root"
	done
}
