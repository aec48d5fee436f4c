#!/usr/bin/env bats
# --mount-dev: a minimal /dev of the run's own, what a new root lacks
# first.  One root of a static busybox for the whole file (setup_file),
# which nobody can reach, with the binary nobody runs beside it.

load helpers

setup_file() {
	local bb applet
	[ "$(id -u)" = 0 ] || return 0
	bb=$(command -v busybox) || return 0
	LC_ALL=C ldd "$bb" 2>&1 | grep -q 'not a dynamic' || return 0
	NOBODY_DIR=$(mktemp -d /tmp/unshare-test.XXXXXX)
	chmod 755 "$NOBODY_DIR"
	cp "$UNSHARE_BIN" "$NOBODY_DIR/unshare"
	NOBODY_BIN=$NOBODY_DIR/unshare
	ROOT=$NOBODY_DIR/root
	mkdir -p "$ROOT/bin" "$ROOT/proc" "$ROOT/dev"
	cp "$bb" "$ROOT/bin/busybox"
	for applet in sh cat cut grep hostname touch true; do
		ln -s busybox "$ROOT/bin/$applet"
	done
	chmod -R a+rX "$NOBODY_DIR"
	export NOBODY_DIR NOBODY_BIN ROOT
}

teardown_file() {
	[ -z "${NOBODY_DIR:-}" ] || rm -rf "$NOBODY_DIR"
}

need_root_dir() {
	require_root
	[ -n "${ROOT:-}" ] ||
		need "busybox is not installed, or not static (tools/install-deps installs busybox-static)"
}

# What a program in the container checks: its pid, its hostname, a
# /dev/null it can write, a devpts of its own, a proc, and the mount
# points under /dev.
CHECK='echo pid=$$; hostname; echo x >/dev/null && echo null; [ -c /dev/pts/ptmx ] && echo pts; [ -r /proc/1/status ] && echo proc; cut -d" " -f5 /proc/self/mountinfo | grep "^/dev" | sort | tr "\n" " "'
DEV_MOUNTS='/dev /dev/full /dev/null /dev/pts /dev/random /dev/shm /dev/tty /dev/urandom /dev/zero '

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

@test "--mount-dev in a new root, as root and as nobody: pid 1, its hostname, /dev/null writable, /dev/pts, /proc" {
	need_root_dir
	run unshare --pivot-root="$ROOT" --mount-proc --mount-dev -pf --hostname=box sh -c "$CHECK"
	assert_success
	assert_output "pid=1
box
null
pts
proc
$DEV_MOUNTS"
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --pivot-root="$ROOT" --mount-proc --mount-dev -pf --hostname=box sh -c "$CHECK"
	assert_success
	assert_output "pid=1
box
null
pts
proc
$DEV_MOUNTS"
}

@test "--mount-dev refused with --root and with shared or unchanged propagation, by --dry-run too" {
	local mode
	run unshare --root=/ --mount-dev true
	assert_failure 125
	assert_output --regexp '^unshare: --mount-dev needs the host.s devices .*--pivot-root, not --root$'
	run unshare --dry-run --root=/ --mount-dev true
	assert_failure 125
	for mode in shared unchanged; do
		run unshare --propagation=$mode --mount-dev true
		assert_failure 125
		assert_output "unshare: --propagation=$mode and --mount-dev exclude each other: keep one"
	done
}

@test "--mount-dev=DIR not there, or no directory: foreseen by --dry-run, then 125 in the same words; nothing made, nothing left" {
	need_root_dir
	local dir why
	mounts_snapshot
	# Looked for in the new root: /etc is the host's alone.
	for dir in /nodir /etc /bin/busybox; do
		why="No such file or directory"
		[ "$dir" != /bin/busybox ] || why="Not a directory"
		run unshare --dry-run --pivot-root="$ROOT" --mount-dev=$dir /bin/true
		assert_failure 125
		assert_line "unshare: --dry-run: would fail: make a minimal /dev on DIR: $dir: $why"
		assert_line 'hint: give an existing directory'
		run unshare --pivot-root="$ROOT" --mount-dev=$dir /bin/true
		assert_failure 125
		assert_line "unshare: make a minimal /dev on DIR: $dir: $why"
		assert_line 'hint: give an existing directory'
	done
	[ ! -e "$ROOT/nodir" ]
	assert_no_new_mounts
}

@test "--mount-dev: a link on the way to DIR that another user owns is refused; .. stays in the new root" {
	need_root_dir
	local link=$ROOT/link-$BATS_TEST_NUMBER
	ln -s /dev "$link"
	chown -h nobody "$link"
	run unshare --pivot-root="$ROOT" --mount-dev="/${link##*/}" /bin/true
	rm -f "$link"
	assert_failure 125
	assert_output --partial "is a link owned by uid 65534"
	run unshare --pivot-root="$ROOT" --mount-proc --mount-dev=/../../dev sh -c 'echo x >/dev/null && cut -d" " -f5 /proc/self/mountinfo | grep -x /dev'
	assert_success
	assert_output /dev
}

@test "--mount-dev in the JSON plan, and dev in --list=steps" {
	run unshare --dry-run --json --mount-dev="$BATS_TEST_TMPDIR" true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1]); print([s for s in d["plan"]["steps"] if s["step"] == "dev"])' "$output"
	assert_output "[{'step': 'dev', 'path': '$BATS_TEST_TMPDIR'}]"
	run unshare --list=steps
	assert_line --regexp '^dev +make a minimal /dev on DIR$'
}
