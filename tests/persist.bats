#!/usr/bin/env bats
# Keeping namespaces in files: --KIND=FILE, then nsenter --KIND=FILE.

# upid is set by a test and read by teardown, in the same subshell.
# shellcheck disable=SC2030,SC2031

load helpers

setup() {
	common_setup
	require_root
	dir=$BATS_TEST_TMPDIR/ns
	mkdir -p "$dir"
	mounts_snapshot
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
	if [ -n "${sleeper:-}" ]; then
		kill "$sleeper" 2>/dev/null || :
		wait "$sleeper" || :
	fi
	for f in "$dir"/* "$dir"/home/*/uts "$BATS_TEST_TMPDIR/victim/uts"; do
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
@test "--mount=FILE keeps the mount namespace (bound from outside it)" {
	# In a mount namespace of its own: see same_cpu.
	run same_cpu bash -c '
		"$1" --mount="$2/mnt" stat -L -c %i /proc/self/ns/mnt >"$2/inner" &&
		[ "$(stat -L -c %i "$2/mnt")" = "$(cat "$2/inner")" ] &&
		grep -q " $2/mnt " /proc/self/mountinfo && echo kept' sh "$UNSHARE_BIN" "$dir"
	assert_success
	assert_output kept
}
@test "--time=FILE keeps the time namespace" { keep time time; }

@test "--mount=FILE: a tmpfs mounted inside is there through nsenter, and not outside" {
	mkdir "$BATS_TEST_TMPDIR/point"
	run same_cpu bash -c '
		"$1" --mount="$2/mnt" mount -t tmpfs kept-tmpfs "$3" || exit
		grep " $3 " /proc/self/mountinfo && exit 99
		nsenter --mount="$2/mnt" grep -c " $3 .*kept-tmpfs" /proc/self/mountinfo' \
		sh "$UNSHARE_BIN" "$dir" "$BATS_TEST_TMPDIR/point"
	assert_success
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
	assert_said --index 0 "--pid=$dir/pid" "child" "drop --no-fork"
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
	assert_said --index 0 "--net=$dir/no/such/dir/net" "No such file or directory" "hint: " "create the directory $dir/no first"
	assert_messages 1
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
}

@test "a later step fails (program not found): the kept files are undone" {
	run -127 unshare --uts="$dir/uts" no-such-program-here
	assert_failure 127
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
}

@test "a step before keeping fails (--mount-proc): nothing is made" {
	run unshare --uts="$dir/uts" --mount-proc=/no/such/dir true
	assert_failure 125
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
}

# EBUSY, made by the kernel for the attaching of the bind (move_mount).
@test "EBUSY binding FILE: says what is in the way, and nothing is left" {
	run inject move_mount EBUSY -- "$UNSHARE_BIN" --uts="$dir/uts" true
	assert_failure 125
	assert_said --index 0 "--uts=$dir/uts" "Device or resource busy" "hint: " "unmount" "findmnt"
	assert_messages 1
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
}

@test "--mount=FILE on a shared mount: says so and what to do, and undoes the rest" {
	# A throwaway namespace whose mounts are shared, as systemd makes them,
	# and a new one that stays their peer (unchanged): the bind would
	# propagate into the namespace it keeps.
	run same_cpu sh -c '
		mount --make-rshared / &&
		"$1" --propagation=unchanged --uts="$2/uts" --mount="$2/mnt" true
		s=$?
		[ ! -e "$2/uts" ] && [ ! -e "$2/mnt" ] || exit 99
		exit $s' sh "$UNSHARE_BIN" "$dir"
	assert_failure 125
	assert_line --regexp "^unshare: --mount=$dir/mnt: (Invalid argument|Too many levels of symbolic links)$"
	assert_said "--mount=$dir/mnt" "hint: " "private mount" "mount --make-private"
}

@test "as nobody, keeping a namespace needs root: 125 with the reason" {
	require_userns_for_nobody
	nobody_copy
	copy=$NOBODY_BIN
	mkdir -m 777 "$NOBODY_DIR/ns"
	run as_nobody "$copy" -r --uts="$NOBODY_DIR/ns/uts" true
	assert_failure 125
	assert_said --index 0 "--uts=$NOBODY_DIR/ns/uts" "Operation not permitted" "CAP_SYS_ADMIN" "run as root"
	[ ! -e "$NOBODY_DIR/ns/uts" ]
	nobody_cleanup
}

# mntns_id_on CPU: the id the kernel gives a mount namespace made now on
# CPU (NS_GET_MNTNS_ID, Linux 6.8).
mntns_id_on() {
	taskset -c "$1" "$UNSHARE_BIN" --mount python3 -c '
import fcntl, struct
with open("/proc/self/ns/mnt") as f:
    print(struct.unpack("Q", fcntl.ioctl(f, 0x8008b705, bytes(8)))[0])'
}

@test "--mount=FILE refused for the order of the kernel's ids: the diagnosis says why and what to do" {
	[ "$(nproc)" -ge 2 ] || need "one CPU: the kernel's per-CPU batches of namespace ids need two"
	mntns_id_on 0 >/dev/null 2>&1 || need "a kernel without NS_GET_MNTNS_ID (Linux 6.8)"
	# The file's mount namespace from the CPU whose ids run higher, ours
	# from the other: ours is newer, but its id is lower.  A CPU that
	# takes a new batch between the probe and the run can turn the order
	# round; then the namespace is kept (99: the file is there, its bind
	# gone with the namespace that held it), and we try again.
	local attempt
	for attempt in 1 2 3 4 5; do
		if [ "$(mntns_id_on 0)" -gt "$(mntns_id_on 1)" ]; then
			high=0 low=1
		else
			high=1 low=0
		fi
		run taskset -c "$high" "$UNSHARE_BIN" --mount --propagation=private sh -c '
			taskset -c "$1" "$2" --mount="$3/mnt" true; s=$?
			[ ! -e "$3/mnt" ] || exit 99
			exit $s' sh "$low" "$UNSHARE_BIN" "$dir"
		[ "$status" -eq 99 ] || break
		rm -f "$dir/mnt"
	done
	assert_failure 125
	assert_line --index 0 --regexp "^unshare: --mount=$dir/mnt: (Invalid argument|Too many levels of symbolic links)$"
	assert_said --index 0 "hint: " "below the file's" "taskset -c N"
	# On the file's CPU it works.
	run taskset -c "$high" "$UNSHARE_BIN" --mount --propagation=private sh -c '
		taskset -c "$1" "$2" --mount="$3/mnt" true && echo kept' sh "$high" "$UNSHARE_BIN" "$dir"
	assert_success
	assert_output kept
}

@test "a FILE that is a symbolic link is never followed: 125, its target untouched" {
	touch "$BATS_TEST_TMPDIR/target"
	ln -s "$BATS_TEST_TMPDIR/target" "$dir/link"
	run unshare --net="$dir/link" touch "$BATS_TEST_TMPDIR/ran"
	assert_failure 125
	assert_said "--net=$dir/link: not a regular file" "hint: " "a namespace is kept on one"
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
	run findmnt -n "$BATS_TEST_TMPDIR/target"
	assert_failure
	assert_no_new_mounts
}

@test "a FILE that keeps a namespace already, or is no regular file: 125, saying which" {
	run unshare --uts="$dir/uts" true
	assert_success
	run unshare --uts="$dir/uts" true
	assert_failure 125
	assert_said "--uts=$dir/uts: it keeps a namespace already" "umount $dir/uts"
	umount "$dir/uts"
	mkdir "$dir/d"
	run unshare --uts="$dir/d" true
	assert_failure 125
	assert_said "--uts=$dir/d: not a regular file" "made if missing"
}

@test "two options with one FILE, or a FILE that is --pid-file's: 125 before anything is made, the dry run too" {
	# The same name, another spelling of it, and a FILE that is not there
	# yet: refused before unshare(2), so no file is made or mounted.
	cd "$dir"
	touch f
	for files in "f f" "f $dir/f" "g ./g" "g $dir/../ns/g"; do
		# shellcheck disable=SC2086 # two names, split on purpose
		set -- $files
		run unshare --ipc="$1" --net="$2" true
		assert_failure 125
		assert_said "--ipc=$1" "--net=$2" "same file" "its own file"
	done
	# The pid file would be written over the namespace bound there.
	for opts in "--dry-run --uts=f --pid-file=./f" "--uts=g --pid-file=$dir/g" "--pid-file=g -u --ipc=g"; do
		# shellcheck disable=SC2086 # the options, a word each
		run unshare $opts true
		assert_failure 125
		assert_said "same file" "its own file"
		assert_said "--pid-file="
	done
	[ ! -e g ] || fail "g was made"
	assert_no_new_mounts
	# Two hard links are two places to bind on: both kept.
	ln f h
	run unshare --ipc=f --uts=h true
	assert_success
	findmnt -n f >/dev/null && findmnt -n h >/dev/null || fail "f and h are not both kept"
}

@test "a FILE whose directory is longer than PATH_MAX: 125, File name too long, nothing made" {
	local base=$BATS_TEST_TMPDIR/long deep rest name i
	# deep: a directory whose path is PATH_MAX - 1 long (the most a
	# path can be), made one name at a time (mkdir takes no longer
	# path); FILE is in sub, under it, and cut to PATH_MAX - 1 its
	# directory would be deep.
	mkdir "$base"
	deep=$base
	(
		cd "$base"
		rest=$((4095 - ${#base}))
		while [ "$rest" -gt 0 ]; do
			i=$((rest > 256 ? 200 : rest - 1))
			name=$(printf '%*s' "$i" '' | tr ' ' d)
			mkdir "$name" && cd "$name" || exit
			rest=$((rest - i - 1))
		done
		mkdir sub
		pwd >"$BATS_TEST_TMPDIR/deep"
	)
	deep=$(cat "$BATS_TEST_TMPDIR/deep")
	assert_equal "${#deep}" 4095
	run unshare --net="$deep/sub/net" true
	assert_failure 125
	# The path cut in its middle: its start and its end.
	assert_said "--net=$base/" "/sub/net" "File name too long"
	assert_messages 1
	# Neither in deep nor in sub (named from base: the paths are too
	# long).
	(
		cd "$base" && cd "${deep#"$base"/}" && [ ! -e net ] && [ ! -e sub/net ]
	) || fail "FILE was made"
	assert_no_new_mounts
}

# under_lax_reaper COMMAND...: runs COMMAND as the child of a subreaper
# that never reaps an orphan (as an init that is no init), then prints
# its exit status and how many zombies it has, once COMMAND has exited
# and every orphan it left has ended (5 s at most).
under_lax_reaper() {
	python3 -c '
import ctypes, os, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
status = subprocess.run(sys.argv[1:], stderr=subprocess.DEVNULL).returncode
me = str(os.getpid())
def children():
    """The state of each process whose parent we are."""
    states = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open("/proc/%s/stat" % pid).read()
        except OSError:
            continue
        state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
        if ppid == me:
            states.append(state)
    return states
deadline = time.monotonic() + 5
while any(s != "Z" for s in children()) and time.monotonic() < deadline:
    time.sleep(0.05)
print(status, children().count("Z"))' "$@"
}

@test "with --fork, the helper is reaped: no zombie left to a parent that does not reap" {
	run under_lax_reaper "$UNSHARE_BIN" --fork --net="$dir/net" true
	assert_output "0 0"
	findmnt -n "$dir/net" >/dev/null || fail "not kept"
	umount "$dir/net"
	run under_lax_reaper "$UNSHARE_BIN" --pid="$dir/pid" true
	assert_output "0 0"
	umount "$dir/pid"
	# Undone: a program not found, a step that fails before the bind.
	run under_lax_reaper "$UNSHARE_BIN" --fork --uts="$dir/uts" no-such-program-here
	assert_output "127 0"
	run under_lax_reaper "$UNSHARE_BIN" --fork --uts="$dir/uts" --mount-proc=/no/such/dir true
	assert_output "125 0"
	[ ! -e "$dir/uts" ]
	assert_no_new_mounts
}

# A directory of nobody's on FILE's path, as /home/alice is alice's,
# and a victim file she may not touch (as /etc/shadow): ns_home,
# victim.
nobodys_home() {
	ns_home=$dir/home
	mkdir -p "$ns_home" "$BATS_TEST_TMPDIR/victim"
	chown nobody "$ns_home"
	victim=$BATS_TEST_TMPDIR/victim/uts
	touch "$victim"
}

# nobodys_link NAME: a link to the victim's directory, as nobody makes it:
# nobody's from the start (made aside, then renamed into place).
nobodys_link() {
	ln -s "$BATS_TEST_TMPDIR/victim" "$ns_home/$1.new"
	chown -h nobody "$ns_home/$1.new"
	mv -T "$ns_home/$1.new" "$ns_home/$1"
}

@test "a link on FILE's path is followed only when root or the caller owns it" {
	nobodys_home
	nobodys_link ns
	run unshare --uts="$ns_home/ns/uts" true
	assert_failure 125
	assert_said "--uts=$ns_home/ns/uts" "'$ns_home/ns'" "link owned by uid $(id -u nobody)" "hint: " "root or you own"
	findmnt -n "$victim" >/dev/null && fail "the victim was bound over"
	# Root's own link (as /var/run -> /run), relative or absolute, and
	# links in its target: followed.
	mkdir "$ns_home/real"
	ln -s real "$ns_home/rel"
	ln -s "$ns_home/./rel/../rel" "$ns_home/abs"
	run unshare --uts="$ns_home/abs/uts" true
	assert_success
	findmnt -n "$ns_home/real/uts" >/dev/null || fail "not kept through root's links"
	umount "$ns_home/real/uts"
	# A loop of links, a file on the way: refused with the system's word.
	ln -s loop1 "$dir/loop2"
	ln -s loop2 "$dir/loop1"
	run unshare --uts="$dir/loop1/uts" true
	assert_failure 125
	assert_said "--uts=$dir/loop1/uts" "Too many levels of symbolic links"
	run unshare --uts="$victim/uts" true
	assert_failure 125
	assert_said "--uts=$victim/uts" "Not a directory"
	assert_no_new_mounts
}

# links_to LINK TARGET: LINK reads as TARGET.
links_to() {
	[ "$(readlink "$1")" = "$2" ]
}

@test "FILE through /proc/PID/root or cwd leads where the kernel goes: into a chroot; refused in another mount namespace, never our own tree" {
	local t=$BATS_TEST_TMPDIR/other via
	# A chrooted process: its root is a directory of ours.
	mkdir -p "$BATS_TEST_TMPDIR/jail/x"
	python3 -c 'import os, sys, time; os.chroot(sys.argv[1]); os.chdir("/x"); time.sleep(60)' \
		"$BATS_TEST_TMPDIR/jail" 3>&- &
	sleeper=$!
	eventually links_to "/proc/$sleeper/cwd" "$BATS_TEST_TMPDIR/jail/x"
	for via in "/proc/$sleeper/root/x" "/proc/$sleeper/cwd"; do
		run unshare --net="$via/netns" true
		assert_success
		findmnt -n "$BATS_TEST_TMPDIR/jail/x/netns" >/dev/null || fail "$via: not kept in the chroot"
		umount "$BATS_TEST_TMPDIR/jail/x/netns"
		rm "$BATS_TEST_TMPDIR/jail/x/netns"
	done
	kill "$sleeper"
	wait "$sleeper" || :
	# A process in a mount namespace of its own, with a tmpfs on $t
	# there; here $t/x is a directory of ours, the wrong place.
	mkdir -p "$t/x"
	"$UNSHARE_BIN" --mount --propagation=private sh -c \
		'mount -t tmpfs other "$1" && mkdir "$1/x" && cd "$1/x" && exec sleep 60' sh "$t" 3>&- &
	sleeper=$!
	eventually links_to "/proc/$sleeper/exe" "$(readlink -f "$(command -v sleep)")"
	for via in "/proc/$sleeper/root$t/x" "/proc/$sleeper/cwd"; do
		run unshare --net="$via/netns" true
		assert_failure 125
		assert_said "--net=$via/netns" "another mount namespace" "nsenter"
		[ ! -e "$t/x/netns" ] || fail "$via: made in our own tree"
		nsenter -t "$sleeper" -m test ! -e "$t/x/netns" || fail "$via: left in its tree"
	done
	assert_no_new_mounts
}

@test "FILE's directory swapped for nobody's link: never the victim (held once; 150 unheld swaps in the stress run)" {
	local wrong=0 i n kept=0
	nobodys_home
	# Held once the helper has opened FILE: the swap comes too late.
	mkdir "$ns_home/ns"
	hold open_tree --uts="$ns_home/ns/uts" true
	mv "$ns_home/ns" "$ns_home/ns.held"
	nobodys_link ns
	release
	wait "$upid"
	upid=
	findmnt -n "$ns_home/ns.held/uts" >/dev/null || fail "not kept where it was opened"
	findmnt -n "$victim" >/dev/null && fail "the victim was bound over"
	umount "$ns_home/ns.held/uts"
	rm "$ns_home/ns"
	# Unheld: ns flips between a directory and the link while runs go.
	n=$(stress_count 150 10)
	(
		k=0
		while :; do
			mkdir "$ns_home/ns"
			mv "$ns_home/ns" "$ns_home/d.$k"
			nobodys_link ns
			rm "$ns_home/ns"
			k=$((k + 1))
		done
	) &
	flipper=$!
	for ((i = 0; i < n; i++)); do
		"$UNSHARE_BIN" --uts="$ns_home/ns/uts" true 2>/dev/null && kept=$((kept + 1))
		findmnt -n "$victim" >/dev/null && wrong=$((wrong + 1)) && umount "$victim"
	done
	kill "$flipper"
	wait "$flipper" || :
	for f in "$ns_home"/*/uts; do
		umount "$f" 2>/dev/null || :
	done
	echo "# $n runs while FILE's directory flips to nobody's link: $kept kept, $wrong bound over the victim" >&3
	[ "$wrong" = 0 ]
}

# hold AT OPTION...: start unshare with OPTIONS in the background, held
# at AT (tests/hold-preload.c); sets upid once it is held there.
hold() {
	local at=$1
	shift
	fifo=$BATS_TEST_TMPDIR/hold
	rm -f "$fifo" "$fifo.ready"
	mkfifo "$fifo"
	# A background job starts with INT ignored, and under nohup HUP too,
	# which unshare honours: give every signal its default, as a
	# terminal's foreground job has.
	env --default-signal LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" \
		UNSHARE_TEST_HOLD="$fifo" UNSHARE_TEST_HOLD_AT="$at" \
		"$UNSHARE_PRELOAD_BIN" "$@" 2>"$BATS_TEST_TMPDIR/err" 3>&- &
	upid=$!
	wait_for_file "$fifo.ready"
}

release() {
	echo >"$fifo"
}

@test "a signal before the program runs undoes FILE: TERM, INT and HUP, held just before exec" {
	for sig in TERM INT HUP; do
		hold exec --uts="$dir/uts" --net="$dir/net" touch "$BATS_TEST_TMPDIR/ran"
		grep -q " $dir/uts " /proc/self/mountinfo
		kill -"$sig" "$upid"
		status=0
		wait "$upid" || status=$?
		upid=
		# Dead of the signal, as it would have been.
		[ "$status" = $((128 + $(kill -l "$sig"))) ] || fail "SIG$sig: status $status"
		[ ! -e "$dir/uts" ] && [ ! -e "$dir/net" ] && [ ! -e "$BATS_TEST_TMPDIR/ran" ] ||
			fail "after SIG$sig: $(ls "$dir")"
		assert_no_new_mounts
	done
}

@test "a signal before the program runs, to the init of a new pid namespace: undone, and the program never runs" {
	local child
	for sig in TERM INT HUP; do
		hold exec -p -f --uts="$dir/uts" touch "$BATS_TEST_TMPDIR/ran"
		grep -q " $dir/uts " /proc/self/mountinfo
		# The child, pid 1 of its namespace, is the one held (the
		# newest: the helper that binds was forked before it).
		child=$(pgrep -n -P "$upid")
		kill -"$sig" "$child"
		eventually test ! -e "$dir/uts"
		# Were it still held, let it go on: it must not run the
		# program.  Opened for reading and writing, the FIFO never
		# waits for a reader: gone, as it should be, nothing reads it.
		exec 7<>"$fifo"
		echo >&7
		exec 7>&-
		status=0
		wait "$upid" || status=$?
		upid=
		[ "$status" = $((128 + $(kill -l "$sig"))) ] || fail "SIG$sig: status $status"
		[ ! -e "$BATS_TEST_TMPDIR/ran" ] || fail "after SIG$sig the program ran"
		assert_no_new_mounts
	done
}

@test "the helper undoes its binds when unshare cannot hear that they were made" {
	# The helper holds, bound, before it answers; unshare dies meanwhile.
	hold answer --uts="$dir/uts" touch "$BATS_TEST_TMPDIR/ran"
	grep -q " $dir/uts " /proc/self/mountinfo
	kill -KILL "$upid"
	wait "$upid" || :
	upid=
	release
	eventually test ! -e "$dir/uts"
	assert_no_new_mounts
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "the undo unmounts its own bind, never what FILE's path leads to by then (swaps; 200 in the stress run)" {
	local wrong=0 i n
	n=$(stress_count 200)
	mkdir "$BATS_TEST_TMPDIR/victim"
	touch "$BATS_TEST_TMPDIR/victim/uts"
	mount --bind /etc/hostname "$BATS_TEST_TMPDIR/victim/uts"
	for ((i = 0; i < n; i++)); do
		mkdir "$dir/d"
		# Bound, and held before exec; the program is missing, so the
		# run fails and undoes, after the directory has been swapped
		# for a link to the victim's.
		hold exec --uts="$dir/d/uts" no-such-program-here
		mv "$dir/d" "$dir/d.$i"
		ln -s "$BATS_TEST_TMPDIR/victim" "$dir/d"
		release
		wait "$upid" || :
		upid=
		findmnt -n "$BATS_TEST_TMPDIR/victim/uts" >/dev/null || wrong=$((wrong + 1))
		findmnt -n "$dir/d.$i/uts" >/dev/null && wrong=$((wrong + 1))
		findmnt -n "$BATS_TEST_TMPDIR/victim/uts" >/dev/null ||
			mount --bind /etc/hostname "$BATS_TEST_TMPDIR/victim/uts"
		rm -f "$dir/d"
	done
	umount "$BATS_TEST_TMPDIR/victim/uts"
	echo "# $n swaps of FILE's directory between bind and undo: $wrong wrong unmounts" >&3
	[ "$wrong" = 0 ]
}

@test "killed at a random moment before the program runs: 0 binds left for TERM; KILL counted (200 each in the stress run)" {
	local i n left_term=0 left_kill=0 sig bin
	n=$(stress_count 200)
	bin=$(readlink -f "$UNSHARE_PRELOAD_BIN")
	for ((i = 0; i < n; i++)); do
		for sig in TERM KILL; do
			fifo=$BATS_TEST_TMPDIR/hold
			rm -f "$fifo" "$fifo.ready"
			mkfifo "$fifo"
			# Held before exec: the program never runs, whenever the
			# signal lands.
			env --default-signal=TERM LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" \
				UNSHARE_TEST_HOLD="$fifo" UNSHARE_TEST_HOLD_AT=exec \
				"$UNSHARE_PRELOAD_BIN" --uts="$dir/uts" --net="$dir/net" true 2>/dev/null 3>&- &
			upid=$!
			# A signal that lands while the shell's child has not
			# yet executed unshare is lost with the shell's trap:
			# the random moment starts once unshare runs.
			for _ in $(seq 1000); do
				[ "$(readlink "/proc/$upid/exe")" = "$bin" ] && break
			done
			sleep "0.00$((RANDOM % 10))"
			kill -"$sig" "$upid"
			# Never waits for ever: a run the signal did not end
			# is released from its hold and fails the test.
			for _ in $(seq 250); do
				kill -0 "$upid" 2>/dev/null || break
				sleep 0.02
			done
			if kill -0 "$upid" 2>/dev/null; then
				timeout 2 sh -c 'echo go >"$1"' sh "$fifo" || :
				wait "$upid" || :
				fail "SIG$sig did not end unshare $upid, held before exec"
			fi
			wait "$upid" || :
			upid=
			# The helper, a copy of unshare, may still be at work
			# for a KILL: until it has ended.
			eventually sh -c '! pgrep -xf -- "$1" >/dev/null' sh \
				"$UNSHARE_PRELOAD_BIN --uts=$dir/uts --net=$dir/net true" ||
				fail "the helper of unshare $upid did not end"
			if [ -e "$dir/uts" ] || [ -e "$dir/net" ]; then
				if [ "$sig" = TERM ]; then left_term=$((left_term + 1)); else left_kill=$((left_kill + 1)); fi
				umount "$dir/uts" "$dir/net" 2>/dev/null || :
				rm -f "$dir/uts" "$dir/net"
			fi
		done
	done
	echo "# $n kills each at a random moment: TERM left $left_term binds, KILL left $left_kill (KILL cannot be caught: see the man page)" >&3
	[ "$left_term" = 0 ]
}

@test "FILE removed between its open and the bind: the message names FILE, not /proc" {
	for file in new existing; do
		[ "$file" = existing ] && touch "$dir/net"
		hold open_tree --net="$dir/net" true
		rm -f "$dir/net"
		release
		status=0
		wait "$upid" || status=$?
		upid=
		[ "$status" = 125 ] || fail "$file: status $status"
		run cat "$BATS_TEST_TMPDIR/err"
		assert_said "--net=$dir/net: No such file or directory" "hint: " "removed while unshare ran"
		refute_output --partial "/proc/"
		assert_no_new_mounts
	done
}

@test "a mount stacked on FILE during a failed run stays, and so does ours under it, said (150 in the stress run)" {
	local i n
	n=$(stress_count 150 1)
	echo other >"$BATS_TEST_TMPDIR/other"
	for ((i = 0; i < n; i++)); do
		hold exec --uts="$dir/uts" no-such-program-here
		mount --bind "$BATS_TEST_TMPDIR/other" "$dir/uts"
		release
		status=0
		wait "$upid" || status=$?
		upid=
		assert_equal "$status" 127
		# The one on top is not ours to unmount; ours stays under it.
		run cat "$dir/uts"
		assert_output other
		run cat "$BATS_TEST_TMPDIR/err"
		assert_said "--uts=$dir/uts: the namespace stays kept in it" "Device or resource busy" "hint: " "umount $dir/uts"
		umount "$dir/uts"
		run findmnt -n -o FSTYPE "$dir/uts"
		assert_output nsfs
		umount "$dir/uts"
		rm "$dir/uts"
	done
	assert_no_new_mounts
}
