#!/usr/bin/env bats
# shellcheck disable=SC2153 # NOBODY_BIN: busybox_root_file's (helpers.bash)
# --bind and --ro-bind: the host's directories and files brought into a
# new root.  One root of a static busybox for the whole file
# (setup_file), which nobody can reach, with the binary nobody runs
# beside it; each test binds from a directory of its own there.

load helpers

setup_file() {
	busybox_root_file proc etc mnt -- sh cat echo grep mount true
}

teardown_file() {
	[ -z "${NOBODY_DIR:-}" ] || rm -rf "$NOBODY_DIR"
}

# The files of a test: SRC, a directory anyone may write in, with a
# file; CONF, a file; both readable by nobody.
setup() {
	need_busybox_root
	SRC=$NOBODY_DIR/src-$BATS_TEST_NUMBER
	CONF=$NOBODY_DIR/conf-$BATS_TEST_NUMBER
	mkdir -m 777 "$SRC"
	echo orig >"$SRC/f"
	chmod 666 "$SRC/f"
	echo conf >"$CONF"
	chmod 644 "$CONF"
}

teardown() {
	rm -rf "$SRC" "$CONF" "$ROOT/rw" "$ROOT/ro" "$ROOT/etc/conf" "$ROOT/null" "$ROOT/conf" "$ROOT/fifo" "$ROOT/sock"
}

# What the program checks: it writes through /rw, not through /ro, and
# reads the file bound on /etc/conf.
CHECK='echo new >/rw/f && echo rw; (echo new >/ro/f) 2>&- || echo ro refused; cat /etc/conf'

@test "--bind and --ro-bind, as root and as nobody: written through, refused read-only, a file on a file, DSTs made in the new root" {
	run sh -c 'umask 022 && exec "$@"' sh "$UNSHARE_BIN" --pivot-root="$ROOT" --bind="$SRC:/rw" --ro-bind="$SRC:/ro" --ro-bind="$CONF:/etc/conf" sh -c "$CHECK"
	assert_success
	assert_output "rw
ro refused
conf"
	[ "$(cat "$SRC/f")" = new ]
	# The DSTs made stay: a directory and an empty file, 0755 and 0644
	# less the umask.
	[ -d "$ROOT/rw" ] && [ -d "$ROOT/ro" ] && [ -f "$ROOT/etc/conf" ] && [ ! -s "$ROOT/etc/conf" ]
	run stat -c %a "$ROOT/rw" "$ROOT/etc/conf"
	assert_output "755
644"
	echo orig >"$SRC/f"
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" -r --pivot-root="$ROOT" --bind="$SRC:/rw" --ro-bind="$SRC:/ro" --ro-bind="$CONF:/etc/conf" sh -c "$CHECK"
	assert_success
	assert_output "rw
ro refused
conf"
	[ "$(cat "$SRC/f")" = new ]
}

@test "--ro-bind: remounted read-write by a program with CAP_SYS_ADMIN (-r), not without (-U), as the man page says; the plan notes it" {
	mkdir "$ROOT/ro"
	run unshare -r -pf --mount-proc --pivot-root="$ROOT" --ro-bind="$SRC:/ro" sh -c 'mount -o remount,bind,rw /ro && echo new >/ro/f && echo remounted'
	assert_success
	assert_output remounted
	[ "$(cat "$SRC/f")" = new ]
	grep -q 'may remount them read-write' "$UNSHARE_MAN" ||
		fail "the man page no longer says a program may remount a --ro-bind"
	run unshare --dry-run -r --pivot-root="$ROOT" --ro-bind="$SRC:/ro" true
	assert_success
	assert_line --regexp '^note +--ro-bind: .*CAP_SYS_ADMIN.*may remount'
	run unshare --dry-run -r --pivot-root="$ROOT" --bind="$SRC:/ro" true
	refute_output --partial 'may remount'
	require_userns_for_nobody
	echo orig >"$SRC/f"
	run as_nobody "$NOBODY_BIN" -U -pf --mount-proc --pivot-root="$ROOT" --ro-bind="$SRC:/ro" sh -c 'mount -o remount,bind,rw /ro || echo refused; echo new >/ro/f || echo read-only'
	assert_success
	# What the shell and mount say of it, on stderr, among them.
	assert_line refused
	assert_line read-only
	[ "$(cat "$SRC/f")" = orig ]
}

@test "--bind of a character device, a FIFO, a socket onto a DST missing in the new root: DST made a file, the node bound on it" {
	mkfifo "$SRC/fifo"
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$SRC/sock"
	run unshare --pivot-root="$ROOT" --bind=/dev/null:/null --bind="$SRC/fifo:/fifo" --bind="$SRC/sock:/sock" \
		sh -c '[ -c /null ] && echo null; [ -p /fifo ] && echo fifo; [ -S /sock ] && echo sock'
	assert_success
	assert_output $'null\nfifo\nsock'
	# The DSTs made stay, empty files, not directories.
	[ -f "$ROOT/null" ] && [ -f "$ROOT/fifo" ] && [ -f "$ROOT/sock" ]
}

@test "--bind and --ro-bind with standard input closed: the walk to SRC, or its copy, may be descriptor 0, a descriptor like any other" {
	mkdir "$SRC/d"
	echo sub >"$SRC/d/f"
	# Paths one name deeper than the other: the walk ends on 0 for one.
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --pivot-root="$ROOT" --bind="$SRC/d:/mnt" cat /mnt/f
	assert_success
	assert_output sub
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --pivot-root="$ROOT" --bind="$SRC:/mnt" cat /mnt/f
	assert_success
	assert_output orig
	# Where the walk ends above 0, the copy is 0: read-only all the same.
	run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --pivot-root="$ROOT" --ro-bind="$SRC:/mnt" sh -c 'echo new >/mnt/f'
	assert_failure
	assert_output --partial "Read-only file system"
	assert_equal "$(cat "$SRC/f")" orig
}

@test "--ro-bind onto a DST missing in the new root, with standard input closed: the walk to DST's directory may be descriptor 0" {
	# The first bind frees the descriptor its copy had (0); DSTs one
	# name deeper than the other: one walk to the directory ends on 0,
	# in the run and in the dry run.
	for dir in / /etc/; do
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --pivot-root="$ROOT" --bind="$SRC:/mnt" --ro-bind="$CONF:${dir}conf" sh -c "cat /mnt/f ${dir}conf"
		assert_success
		assert_output "orig
conf"
		rm -f "$ROOT${dir}conf"
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --dry-run --pivot-root="$ROOT" --bind="$SRC:/mnt" --ro-bind="$CONF:${dir}conf" true
		assert_success
	done
}

@test "--bind is recursive: a mount under SRC comes along" {
	mkdir "$SRC/sub"
	run unshare -m sh -c 'mount -t tmpfs sub "$1/sub" && echo in-tmpfs >"$1/sub/m" &&
		exec "$2" --pivot-root="$3" --ro-bind="$1:/ro" cat /ro/sub/m' sh "$SRC" "$UNSHARE_BIN" "$ROOT"
	assert_success
	assert_output in-tmpfs
	[ ! -e "$SRC/sub/m" ]
}

@test "--ro-bind=SRC alone with standard input closed: the walk to DST, one on its own path, may be descriptor 0 too" {
	mkdir "$SRC/d"
	echo sub >"$SRC/d/f"
	# Paths one name deeper than the other: the walk to DST ends on 0
	# for one (after SRC's copy took 0, or its walk gave 0 back).
	for dir in "$SRC/d" "$SRC"; do
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --ro-bind="$dir" sh -c '(echo new >"$1/f") 2>/dev/null || echo read-only' sh "$dir"
		assert_success
		assert_output read-only
	done
}

@test "--bind=SRC alone binds it on its own path, without a new root; a DST missing there is refused, not made" {
	run unshare --ro-bind="$SRC" sh -c '(echo new >"$1/f") 2>/dev/null || echo read-only' sh "$SRC"
	assert_success
	assert_output read-only
	mounts_snapshot
	run unshare --bind="$SRC:$BATS_TEST_TMPDIR/nodir" true
	assert_failure 125
	assert_said "--bind=$BATS_TEST_TMPDIR/nodir: No such file or directory" "give an existing directory"
	[ ! -e "$BATS_TEST_TMPDIR/nodir" ]
	assert_no_new_mounts
}

@test "--bind: a missing SRC, a DST leaving the root, a link of another user, a directory on a file: 125, at most 3 lines, foreseen, nothing left" {
	local link=$NOBODY_DIR/link-$BATS_TEST_NUMBER
	mounts_snapshot
	run unshare --pivot-root="$ROOT" --bind="$SRC/nosuch:/rw" true
	assert_failure 125
	assert_said "--bind=$SRC/nosuch: No such file or directory"
	[ "${#lines[@]}" -le 3 ]
	run unshare --dry-run --pivot-root="$ROOT" --bind="$SRC/nosuch:/rw" true
	assert_failure 125
	assert_said "would fail: take a copy of the source's mounts: $SRC/nosuch" "No such file"
	# .. out of the new root: refused with the plan.
	run unshare --pivot-root="$ROOT" --bind="$SRC:/../../rw" true
	assert_failure 125
	assert_said "--bind=/../../rw: leads out of the root"
	[ "${#lines[@]}" -le 3 ]
	run unshare --dry-run --pivot-root="$ROOT" --bind="$SRC:/../../rw" true
	assert_failure 125
	assert_said "--bind=/../../rw: leads out of the root"
	refute_output --partial "would fail"
	refute_output --partial "bind-source"
	# A link someone else owns, on SRC's way, and on DST's in the root.
	ln -s "$SRC" "$link"
	chown -h nobody "$link"
	run unshare --pivot-root="$ROOT" --bind="$link:/rw" true
	assert_failure 125
	assert_output --partial "is a link owned by uid 65534"
	[ "${#lines[@]}" -le 3 ]
	assert_messages 1
	ln -s /etc "$ROOT/link"
	chown -h nobody "$ROOT/link"
	run unshare --pivot-root="$ROOT" --bind="$SRC:/link/rw" true
	assert_failure 125
	assert_output --partial "is a link owned by uid 65534"
	[ "${#lines[@]}" -le 3 ]
	assert_messages 1
	run unshare --pivot-root="$ROOT" --bind="$SRC:/link" true
	rm -f "$ROOT/link" "$link"
	assert_failure 125
	assert_output --partial "is a link owned by uid 65534"
	# A directory on a file, a file in a directory that is not there.
	run unshare --pivot-root="$ROOT" --bind="$SRC:/bin/busybox" true
	assert_failure 125
	assert_said "--bind=/bin/busybox: Invalid argument" "a directory binds on a directory"
	run unshare --dry-run --pivot-root="$ROOT" --bind="$SRC:/bin/busybox" true
	assert_failure 125
	assert_said "would fail: bind that copy there: /bin/busybox" "a directory binds on a directory"
	run unshare --pivot-root="$ROOT" --ro-bind="$CONF:/nodir/conf" true
	assert_failure 125
	assert_said "--ro-bind=/nodir/conf: No such file or directory" "it is inside --pivot-root="
	[ ! -e "$ROOT/nodir" ] && [ ! -e "$ROOT/rw" ] && [ ! -e "$ROOT/etc/rw" ]
	assert_no_new_mounts
}

@test "--dry-run --bind with standard input closed: a directory on a file foreseen after a DST made, whatever descriptor the walk to it ends on" {
	touch "$ROOT/null"
	# The first DST is missing (made: its walk failed); the second is a
	# file, one name deeper than the other, so that one walk ends on 0.
	for file in /null /bin/busybox; do
		run sh -c 'exec "$@" <&-' sh "$UNSHARE_BIN" --dry-run --pivot-root="$ROOT" --bind="$SRC:/rw" --bind="$SRC:$file" true
		assert_failure 125
		assert_said "would fail: bind that copy there: $file" "a directory binds on a directory"
	done
}

@test "--bind: a file's path with a trailing slash, as SRC or DST, refused as the kernel refuses it; a link to the file without one binds" {
	mounts_snapshot
	run unshare --pivot-root="$ROOT" --ro-bind="$CONF/:/etc/conf" true
	assert_failure 125
	assert_said "--ro-bind=$CONF/: Not a directory"
	run unshare --dry-run --pivot-root="$ROOT" --ro-bind="$CONF/:/etc/conf" true
	assert_failure 125
	assert_said "would fail: take a copy of the source's mounts: $CONF/" "Not a directory"
	run unshare --pivot-root="$ROOT" --ro-bind="$CONF:/bin/busybox/" true
	assert_failure 125
	assert_said "--ro-bind=/bin/busybox/: Not a directory"
	# Through a link: "link/" is the file's "file/", "link" the file.
	ln -s "$CONF" "$SRC/link"
	run unshare --pivot-root="$ROOT" --ro-bind="$SRC/link/:/etc/conf" true
	assert_failure 125
	assert_said "--ro-bind=$SRC/link/: Not a directory"
	[ ! -e "$ROOT/etc/conf" ]
	run unshare --pivot-root="$ROOT" --ro-bind="$SRC/link:/etc/conf" cat /etc/conf
	assert_success
	assert_output conf
	assert_no_new_mounts
}

@test "--bind, --tmpfs: a DST or DIR of PATH_MAX bytes or more is refused as the kernel refuses a path, not walked cut short to another place" {
	local long
	mounts_snapshot
	# /./././.../mnt, of PATH_MAX (4096) bytes and more; cut to fewer,
	# it would name the new root.
	long=$(printf './%.0s' {1..2046})mnt
	run unshare --pivot-root="$ROOT" --bind="$SRC:/$long" cat /mnt/f
	assert_failure 125
	assert_said "--bind=/./" "/mnt" "File name too long"
	run unshare --dry-run --pivot-root="$ROOT" --bind="$SRC:/$long" cat /mnt/f
	assert_failure 125
	assert_said "would fail: bind that copy there" "File name too long"
	run unshare --pivot-root="$ROOT" --tmpfs="/$long" cat /mnt/f
	assert_failure 125
	assert_said "--tmpfs=/./" "/mnt" "File name too long"
	# Two bytes shorter, within the kernel's 4095: walked whole.
	long=${long#./}
	run unshare --pivot-root="$ROOT" --bind="$SRC:/$long" cat /mnt/f
	assert_success
	assert_output orig
	assert_no_new_mounts
}

@test "--ro-bind: a copy that cannot be made read-only ends the run, never bound writable" {
	mounts_snapshot
	run inject mount_setattr EPERM -- "$UNSHARE_BIN" --pivot-root="$ROOT" --ro-bind="$SRC:/mnt" sh -c 'echo new >/mnt/f'
	assert_failure 125
	assert_said "--ro-bind=$SRC" "Operation not permitted"
	assert_equal "$(cat "$SRC/f")" orig
	assert_no_new_mounts
}

@test "--bind: the DSTs it made are unmounted and removed when a later step fails, or the program cannot run" {
	mounts_snapshot
	run unshare --pivot-root="$ROOT" --bind="$SRC:/rw" --ro-bind="$CONF:/etc/conf" --bind="$SRC:/nodir/x" true
	assert_failure 125
	assert_said "--bind=/nodir/x: No such file or directory"
	[ ! -e "$ROOT/rw" ] && [ ! -e "$ROOT/etc/conf" ]
	run -127 unshare --pivot-root="$ROOT" --bind="$SRC:/rw" /bin/nosuch
	[ ! -e "$ROOT/rw" ]
	[ -f "$SRC/f" ]
	assert_no_new_mounts
}

@test "--bind's form, and at most 8: 125 before anything runs; with shared or unchanged propagation refused outside a new user namespace" {
	local mode args=()
	for bad in "" ":/x" "rel:x" "rel" "$SRC:"; do
		run unshare --bind="$bad" true
		assert_failure 125
		assert_line --partial "give SRC[:DST], DST a path from /"
	done
	for _ in 1 2 3 4 5 6 7 8 9; do args+=(--ro-bind="$SRC"); done
	run unshare "${args[@]}" true
	assert_failure 125
	assert_output --partial "more than 8 --bind"
	for mode in shared unchanged; do
		run unshare --propagation=$mode --bind="$SRC" true
		assert_failure 125
		assert_output "unshare: --propagation=$mode and --bind exclude each other: keep one"
	done
}

@test "--bind in the JSON plan, bind-source and bind in --list=steps, and its line of --help" {
	run unshare --dry-run --json --pivot-root="$ROOT" --ro-bind="$CONF:/etc/conf" true
	assert_success
	run python3 -c 'import json, sys; d = json.loads(sys.argv[1])["plan"]; print([s for s in d["steps"] if s["step"].startswith("bind")], d["notes"])' "$output"
	assert_output "[{'step': 'bind-source', 'path': '$CONF', 'read_only': True}, {'step': 'bind', 'path': '/etc/conf', 'source': '$CONF', 'read_only': True}] ['ro-remount']"
	run unshare --list=steps
	assert_line --regexp '^bind-source +take a copy of the source.s mounts$'
	assert_line --regexp '^bind +bind that copy there$'
	run unshare --help
	assert_line --regexp '^      --bind=SRC\[:DST\] +bind SRC on DST'
	assert_line --regexp '^      --ro-bind=SRC\[:DST\] +the same, read-only$'
}
