#!/usr/bin/env bats
# --propagation, --root, --wd, --mount-binfmt, --load-interp.

load helpers

setup() {
	common_setup
	require_root
	require_ns mnt
}

@test "the default: a tmpfs mounted inside is private and invisible outside" {
	mkdir "$BATS_TEST_TMPDIR/point"
	run unshare --mount sh -c "mount -t tmpfs t $BATS_TEST_TMPDIR/point && findmnt -n -o PROPAGATION $BATS_TEST_TMPDIR/point"
	assert_success
	assert_output private
	run grep " $BATS_TEST_TMPDIR/point " /proc/self/mountinfo
	assert_failure
}

@test "--propagation=shared shows shared, and implies --mount" {
	run unshare --propagation=shared findmnt -n -o PROPAGATION /
	assert_success
	assert_output shared
	run unshare --dry-run --propagation=shared true
	assert_line --regexp '^implied +mount +by --propagation$'
	assert_line --regexp '^propagation +.*: shared$'
}

@test "--propagation=slave shows private or slave (a slave of a private mount is private)" {
	run unshare --propagation=slave findmnt -n -o PROPAGATION /
	assert_success
	assert_output --regexp '^(private|slave)$'
}

@test "--propagation=slave in a shared parent: slave" {
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / && "$1" --propagation=slave findmnt -n -o PROPAGATION /' sh "$UNSHARE_BIN"
	assert_success
	assert_output private,slave
}

@test "--propagation=unchanged keeps the parent's, and says no step" {
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / && "$1" --propagation=unchanged findmnt -n -o PROPAGATION /' sh "$UNSHARE_BIN"
	assert_success
	assert_output shared
	run unshare --dry-run --propagation=unchanged true
	refute_line --partial 'make / and every mount'
}

@test "--propagation with an unknown mode: 125" {
	run unshare --propagation=public true
	assert_failure 125
	assert_said --index 0 "--propagation=public" "private" "shared" "slave" "unchanged"
}

@test "-R / -w /etc pwd prints /etc" {
	run unshare -R / -w /etc pwd
	assert_success
	assert_output /etc
}

@test "--root=DIR chroots and starts in its /" {
	root=$BATS_TEST_TMPDIR/root
	mkdir -p "$root/bin" "$root/marker-dir"
	cp /bin/busybox "$root/bin/" 2>/dev/null || cp "$(command -v sh)" "$root/bin/sh"
	# A static or dynamic sh: bring its libraries along.
	for lib in $(ldd "$root/bin/"* 2>/dev/null | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp "$lib" "$root$lib"
	done
	[ -x "$root/bin/sh" ] || ln -s busybox "$root/bin/sh"
	run unshare --root="$root" /bin/sh -c 'echo $PWD; echo /*'
	assert_success
	assert_line --index 0 /
	assert_line --index 1 --partial /marker-dir
}

@test "--wd alone changes directory" {
	run unshare --wd=/usr pwd
	assert_success
	assert_output /usr
}

@test "missing directories: 125 with their message" {
	run unshare -R /no/such/root true
	assert_failure 125
	assert_said "--root=/no/such/root: No such file or directory"
	assert_equal "${#lines[@]}" 1
	run unshare -w /no/such/dir true
	assert_failure 125
	assert_output "unshare: --wd=/no/such/dir: No such file or directory"
	run unshare -R / -w /no/such/dir true
	assert_failure 125
	assert_said "--wd=/no/such/dir: No such file or directory" "hint: " "inside --root"
}

@test "--root=DIR that cannot be searched: EACCES before the capability's EPERM, the dry run too; inside, as --setuid's id, no program found" {
	require_root
	nobody_copy
	mkdir -m 700 "$NOBODY_DIR/closed"
	run as_nobody "$NOBODY_BIN" --root="$NOBODY_DIR/closed" true
	assert_failure 125
	assert_said "--root=$NOBODY_DIR/closed" "Permission denied"
	run as_nobody "$NOBODY_BIN" --dry-run --root="$NOBODY_DIR/closed" true
	assert_failure 125
	assert_said "would fail" "chroot" "$NOBODY_DIR/closed" "Permission denied"
	# Root reaches it; the program, as nobody, cannot search its /.
	run unshare --setuid=nobody --root="$NOBODY_DIR/closed" true
	assert_failure 126
	assert_said "'true'" "Permission denied"
	run unshare --dry-run --setuid=nobody --root="$NOBODY_DIR/closed" true
	assert_failure 125
	assert_said "would fail" "'true'" "Permission denied"
	nobody_cleanup
}

@test "--mount-binfmt: a binfmt_misc of our own, with register" {
	run unshare -r --mount-binfmt ls /proc/sys/fs/binfmt_misc
	assert_success
	assert_line register
	assert_line status
	run unshare --dry-run --mount-binfmt true
	assert_line --regexp '^implied +mount, user +by --mount-binfmt$'
}

@test "--load-interp: a registered interpreter runs a file, only inside" {
	printf 'interpreted by cat\n' >"$BATS_TEST_TMPDIR/hello.utest"
	chmod 755 "$BATS_TEST_TMPDIR/hello.utest"
	run unshare -r --load-interp=':utest:E::utest::/bin/cat:' "$BATS_TEST_TMPDIR/hello.utest"
	assert_success
	assert_output 'interpreted by cat'
	[ ! -e /proc/sys/fs/binfmt_misc/utest ]
	run -127 "$BATS_TEST_TMPDIR/hello.utest"
}

@test "--load-interp with F and --root: registered before the chroot, so the interpreter comes from outside" {
	root=$BATS_TEST_TMPDIR/root
	mkdir -p "$root/binfmt"
	printf 'utest\n' >"$root/hello.utest"
	chmod 755 "$root/hello.utest"
	run unshare -r --root="$root" --mount-binfmt=/binfmt \
		--load-interp=":utest:M::utest::$UNSHARE_TESTLIB/interp:F" /hello.utest
	assert_success
	assert_output "interpreted /hello.utest"
	# Without F the interpreter is looked up inside the root, at exec.
	run unshare -r --root="$root" --mount-binfmt=/binfmt \
		--load-interp=":utest:M::utest::$UNSHARE_TESTLIB/interp:" /hello.utest
	assert_failure 126
}

@test "--load-interp: several are registered in the order given, F or not; the last one wins" {
	printf 'x\n' >"$BATS_TEST_TMPDIR/t.zz"
	chmod 755 "$BATS_TEST_TMPDIR/t.zz"
	run unshare -r -l ':a:E::zz::/bin/echo:F' -l ':b:E::zz::/bin/cat:' "$BATS_TEST_TMPDIR/t.zz"
	assert_success
	assert_output x
	run unshare -r -l ':b:E::zz::/bin/cat:' -l ':a:E::zz::/bin/echo:F' "$BATS_TEST_TMPDIR/t.zz"
	assert_success
	assert_output "$BATS_TEST_TMPDIR/t.zz"
}

@test "--load-interp with a malformed string: 125 naming it" {
	run unshare -r --load-interp='nonsense' true
	assert_failure 125
	assert_said "--load-interp=nonsense: Invalid argument" "hint: " ":name:type:offset:magic:mask:interpreter:flags"
	# Without -r, root of the caller's is no one in the new user
	# namespace: the hint says to map it, not to run as root.
	run unshare --load-interp=':x:E::x::/bin/sh:' touch ran
	assert_failure 125
	assert_said "--load-interp=:x:E::x::/bin/sh:" "Permission denied" "add -r"
	refute_output --partial "run as root"
	[ ! -e ran ]
}

@test "--mount-binfmt on a missing directory: 125" {
	run unshare -r --mount-binfmt=/no/such/dir true
	assert_failure 125
	assert_said "--mount-binfmt=/no/such/dir: No such file or directory" "hint: " "existing directory"
	assert_messages 1
}

@test "--mount-proc and --mount-cgroup on a missing directory, whatever the propagation: one message" {
	local p
	for p in private shared slave unchanged; do
		run unshare -p -f --propagation=$p --mount-proc=/no/such/dir true
		assert_failure 125
		assert_said "proc" "/no/such/dir: No such file or directory" "existing directory"
		assert_messages 1
		run unshare -r --propagation=$p --mount-cgroup=/no/such/dir true
		assert_failure 125
		assert_said "--mount-cgroup=/no/such/dir: No such file or directory" "existing directory"
		assert_messages 1
	done
	# Unless all is private, the cut from the caller's proc comes first,
	# and it is what finds the directory missing: nothing is mounted.
	run unshare --verbose --json -p -f --propagation=shared --mount-proc=/no/such/dir true
	assert_line --partial '"event":"step","step":"proc-private","outcome":"failed","errno":"ENOENT"'
	refute_line --partial '"step":"proc","outcome"'
	run unshare --verbose --json -r --propagation=slave --mount-cgroup=/no/such/dir true
	assert_line --partial '"event":"step","step":"cgroup-private","outcome":"failed","errno":"ENOENT"'
}

@test "--mount-proc with shared propagation: undone if a later step fails" {
	dir=$BATS_TEST_TMPDIR/proc
	mkdir "$dir"
	run -127 /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / &&
		"$1" --propagation=shared --mount-proc="$2" no-such-program-here
		s=$?
		grep -q " $2 " /proc/self/mountinfo && exit 99
		exit $s' sh "$UNSHARE_BIN" "$dir"
	assert_failure 127
}

@test "--mount-proc with shared or unchanged propagation leaves the caller's /proc alone" {
	require_ns pid
	for mode in shared unchanged slave; do
		run /usr/bin/unshare --mount --propagation unchanged sh -c '
			mount --make-rshared / &&
			"$1" --pid --propagation="$2" --mount-proc sh -c "echo \$\$" &&
			awk '\''$5 == "/proc"'\'' /proc/self/mountinfo | wc -l' \
			sh "$UNSHARE_BIN" "$mode"
		assert_success
		assert_output "1
1"
	done
}

# undo_in_image MODE KIND: in a shared mount namespace of the test's own,
# a run into an image (--root) whose /proc is its owner's choice, with a
# proc on /newproc seen outside (--propagation=MODE), that fails after
# the proc is mounted (the program is missing there) and undoes it.
# KIND links: the image's /proc/self/fd/N are links to /victim, where a
# tmpfs of the caller's is mounted, and its mountinfo an empty file; KIND
# none: an empty /proc.  Prints the status, then the mounts under the
# test's directory that changed (id and mount point), if any.
undo_in_image() {
	local image=$BATS_TEST_TMPDIR/image
	rm -rf "$image"
	mkdir -p "$image/newproc" "$image/victim" "$image/proc/self/fd"
	if [ "$2" = links ]; then
		for i in $(seq 0 63); do
			ln -s /victim "$image/proc/self/fd/$i"
		done
		: >"$image/proc/self/mountinfo"
	fi
	/usr/bin/unshare --mount --propagation unchanged sh -c '
		image=$1 mode=$2 dir=$3
		mount --make-rshared / && mount -t tmpfs victim "$image/victim" || exit 99
		table() { awk -v dir="$dir" '\''index($5, dir "/") == 1 { print $1, $5 }'\'' /proc/self/mountinfo; }
		before=$(table)
		"$UNSHARE_BIN" --root="$image" --mount-proc=/newproc \
			--propagation="$mode" no-such-program-here 2>/dev/null
		echo "status $?"
		after=$(table)
		[ "$before" = "$after" ] || printf "before:\n%s\nafter:\n%s\n" "$before" "$after"
		umount -R "$image/victim" "$image/newproc" 2>/dev/null
		exit 0' sh "$image" "$1" "$BATS_TEST_TMPDIR"
}

@test "--root, --mount-proc seen outside: the undo never goes by a path in the image, whose /proc is its owner's" {
	local mode kind
	for mode in shared unchanged; do
		for kind in links none; do
			run undo_in_image "$mode" "$kind"
			assert_success
			assert_output "status 127"
		done
	done
}

# EBUSY: the kernel's answer when a filesystem would be mounted on itself
# at one place.  Our mounts never do that (binfmt_misc is mounted in a
# user namespace of its own), so the kernel is made to say it when the
# new proc or binfmt_misc is put in its place by move_mount, seen outside
# or not.
@test "EBUSY mounting proc: says what is in the way and how to see it" {
	require_root
	local mode
	for mode in private shared; do
		run inject move_mount EBUSY -- "$UNSHARE_BIN" --pid --mount-proc --propagation=$mode true
		assert_failure 125
		assert_said "--mount-proc=/proc: Device or resource busy" "hint: " "unmount" "findmnt"
	done
}

@test "EBUSY mounting binfmt_misc: it is there already" {
	require_root
	local mode
	for mode in private unchanged; do
		run inject move_mount EBUSY -- "$UNSHARE_BIN" --mount-binfmt --propagation=$mode true
		assert_failure 125
		assert_said "--mount-binfmt=/proc/sys/fs/binfmt_misc: Device or resource busy" "hint: " "unmount" "findmnt"
	done
}

@test "proc is mounted through the mount API onto the directory's descriptor, never a path; only one seen outside is undone by it" {
	require_root
	local mode
	for mode in private shared unchanged; do
		run -127 strace -f -qq -e trace=mount,fsopen,move_mount,umount2 -o trace "$UNSHARE_BIN" --pid --mount-proc --propagation=$mode no-such-program
		run grep -c 'fsopen("proc"' trace
		assert_output 1
		run grep -c 'move_mount(.*MOVE_MOUNT_T_EMPTY_PATH' trace
		assert_output 1
		run grep -c 'mount("proc"' trace
		assert_output 0
		run grep -c 'umount2(' trace
		if [ "$mode" = private ]; then assert_output 0; else assert_output 1; fi
	done
	# Either way nosuid, nodev and noexec, as util-linux mounts it.
	for mode in private shared unchanged; do
		run "$UNSHARE_BIN" --pid --mount-proc --propagation=$mode findmnt -n -o VFS-OPTIONS /proc
		assert_success
		[[ ${lines[-1]} == *,nosuid,nodev,noexec,* ]] || fail "$mode: ${lines[-1]}"
	done
}

# In a mount namespace of the test's own, shared: a --mount-proc (or
# --mount-binfmt) whose mount propagates back here, held just before the
# exec of a program that is not there, while the path to its directory is
# swapped for a link to another mount point; then the run fails and
# undoes its mount.  Prints "ok", or what went wrong.
undo_race() {
	/usr/bin/unshare --mount --propagation unchanged sh -c '
		dir=$1 options=$2
		mount --make-rshared / || exit 99
		mkdir -p "$dir/p/d" "$dir/q/d" && mount -t tmpfs other "$dir/q/d" &&
			mkfifo "$dir/hold" || exit 99
		env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" UNSHARE_TEST_HOLD="$dir/hold" \
			UNSHARE_TEST_HOLD_AT=exec "$UNSHARE_PRELOAD_BIN" --propagation=shared \
			$options"=$dir/p/d" no-such-program-here 2>/dev/null &
		pid=$!
		for i in $(seq 100); do [ -s "$dir/hold.ready" ] && break; sleep 0.05; done
		[ -s "$dir/hold.ready" ] || { kill "$pid"; echo "not held"; exit 1; }
		mv "$dir/p" "$dir/p.old" && ln -s q "$dir/p" && echo >"$dir/hold"
		wait "$pid"
		[ $? = 127 ] || echo "not 127"
		grep -q " $dir/q/d .* - tmpfs other " /proc/self/mountinfo || echo "the other mount went"
		grep -q " $dir/p.old/d " /proc/self/mountinfo && echo "ours is left"
		echo ok' sh "$BATS_TEST_TMPDIR" "$1"
}

@test "the undo of --mount-proc and --mount-binfmt unmounts its own mount, never what the path leads to by then (150 each in the stress run)" {
	require_root
	local options i n wrong=0
	n=$(stress_count 150 1)
	for options in "--pid --mount-proc" "-r --mount-binfmt"; do
		for ((i = 0; i < n; i++)); do
			run undo_race "$options"
			[ "$output" = ok ] || { wrong=$((wrong + 1)); echo "# $options: $output" >&3; }
			rm -rf "$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/p.old" \
				"$BATS_TEST_TMPDIR/q" "$BATS_TEST_TMPDIR/hold" \
				"$BATS_TEST_TMPDIR/hold.ready"
		done
	done
	echo "# $n swaps each for proc and binfmt_misc: $wrong wrong" >&3
	[ "$wrong" = 0 ]
}

# stacked_on_undo MODE: in a shared mount namespace of the test's own, a
# run with a proc seen outside (--propagation=MODE) on DIR fails (the
# program is missing) and undoes it; held just before the unmount, once
# it has seen nothing on the proc, while a tmpfs is mounted on DIR here,
# which propagates onto the run's proc.  The unmount, reaching the
# topmost mount, takes the tmpfs instead.  Prints the status, what the
# run said, and which of the two are still mounted here.
stacked_on_undo() {
	/usr/bin/unshare --mount --propagation unchanged sh -c '
		dir=$1 mode=$2
		mount --make-rshared / || exit 99
		mkdir -p "$dir/p" && mkfifo "$dir/hold" || exit 99
		env LD_PRELOAD="$UNSHARE_TESTLIB/hold-preload.so" UNSHARE_TEST_HOLD="$dir/hold" \
			UNSHARE_TEST_HOLD_AT=umount "$UNSHARE_PRELOAD_BIN" --propagation="$mode" \
			--mount-proc="$dir/p" no-such-program-here 2>"$dir/err" &
		pid=$!
		for i in $(seq 100); do [ -s "$dir/hold.ready" ] && break; sleep 0.05; done
		[ -s "$dir/hold.ready" ] || { kill "$pid"; echo "not held"; exit 1; }
		mount -t tmpfs stacked "$dir/p" && echo >"$dir/hold"
		wait "$pid"
		echo "status $?"
		cat "$dir/err"
		awk -v p="$dir/p" '\''$5 == p { print $(NF - 2) }'\'' /proc/self/mountinfo
		umount -R "$dir/p" 2>/dev/null
		exit 0' sh "$BATS_TEST_TMPDIR" "$1"
}

@test "the undo of --mount-proc unmounts what was stacked on it meanwhile: says so, and that ours stays" {
	require_root
	local mode
	for mode in shared unchanged; do
		run stacked_on_undo "$mode"
		assert_success
		assert_line --index 0 "status 127"
		assert_said "--mount-proc: the mount on $BATS_TEST_TMPDIR/p stays" "hint: " "in its place"
		assert_line --index "$((${#lines[@]} - 1))" proc
		rm -f "$BATS_TEST_TMPDIR/hold" "$BATS_TEST_TMPDIR/hold.ready"
	done
}

# stack_race N: in a shared mount namespace of the test's own, N runs
# with a proc on DIR seen outside that fail (the program is missing) and
# undo it, each while a tmpfs is mounted on DIR at about that time, which
# propagates onto the run's proc if it is there by then.  Prints, for
# each run: apart (the tmpfs came before the proc, under it, or after the
# undo), missed (its mount failed, on a proc going away), said (on it, or
# taken in its place: the run said that its proc stays), gone along (the
# tmpfs came in the instant before the unmount, which took it with the
# proc: the man page says no system call reports that), or what went
# wrong: the proc left, unsaid.
stack_race() {
	/usr/bin/unshare --mount --propagation unchanged sh -c '
		dir=$1 n=$2
		mount --make-rshared / && mkdir -p "$dir/p" || exit 99
		count() { awk -v p="$dir/p" -v t="$1" '\''$5 == p && $(NF - 2) == t'\'' /proc/self/mountinfo | wc -l; }
		for i in $(seq "$n"); do
			"$UNSHARE_BIN" --propagation=shared --mount-proc="$dir/p" \
				no-such-program-here 2>"$dir/err" &
			pid=$!
			mount -t tmpfs stacked "$dir/p" 2>/dev/null
			mounted=$?
			wait "$pid"
			procs=$(count proc) tmpfs=$(count tmpfs)
			if [ "$mounted" != 0 ] && [ "$procs$tmpfs" = 00 ]; then
				echo "missed"
			elif grep -q "in its place" "$dir/err"; then
				[ "$procs" = 1 ] && echo "said: taken in its place" || echo "said, yet proc $procs"
			elif grep -q "the mount on .* stays" "$dir/err"; then
				[ "$procs" = 1 ] && echo "said: on it" || echo "said, yet proc $procs"
			elif [ "$procs" != 0 ]; then
				echo "proc left, unsaid"
			elif [ "$tmpfs" != 1 ]; then
				echo "gone along"
			else
				echo apart
			fi
			while umount "$dir/p" 2>/dev/null; do :; done
		done
		exit 0' sh "$BATS_TEST_TMPDIR" "$1"
}

@test "the undo of --mount-proc raced by a mount on it: never leaves ours unsaid, says what it took in its place (5 runs; 150 in the stress run)" {
	require_root
	local n
	n=$(stress_count 150)
	run stack_race "$n"
	assert_success
	echo "# $n runs raced by a mount: $(sort <<<"$output" | uniq -c | xargs)" >&3
	refute_line --partial unsaid
	refute_line --partial yet
}

# undo_after_setuid MODE OPTION...: in a shared mount namespace of the
# test's own, a run with a proc on DIR seen outside (--propagation=MODE)
# and --setuid=65534 that fails after the change of uid (the program is
# missing) and undoes the proc.  Prints the status, what the run said,
# and the mounts under the test's directory that changed, if any.
undo_after_setuid() {
	/usr/bin/unshare --mount --propagation unchanged sh -c '
		dir=$1 mode=$2
		shift 2
		mount --make-rshared / && mkdir -p "$dir/p" || exit 99
		table() { awk -v dir="$dir" '\''index($5, dir "/") == 1 { print $1, $5 }'\'' /proc/self/mountinfo; }
		before=$(table)
		"$UNSHARE_BIN" --propagation="$mode" --mount-proc="$dir/p" --setuid=65534 \
			"$@" /no/such/program 2>"$dir/err"
		echo "status $?"
		cat "$dir/err"
		after=$(table)
		[ "$before" = "$after" ] || printf "before:\n%s\nafter:\n%s\n" "$before" "$after"
		umount -R "$dir/p" 2>/dev/null
		exit 0' sh "$BATS_TEST_TMPDIR" "$@"
}

@test "--setuid, then a failure: the undo of --mount-proc seen outside still unmounts it" {
	require_root
	local mode
	for mode in shared unchanged; do
		run undo_after_setuid "$mode"
		assert_success
		assert_output "status 127
unshare: run the program: '/no/such/program': No such file or directory
hint: check the path"
		run undo_after_setuid "$mode" --pid --init
		assert_success
		assert_output "status 127
unshare: run the program: '/no/such/program': No such file or directory
hint: check the path"
	done
}

@test "--setuid with a proc seen outside: CAP_SYS_ADMIN, kept for the undo, reaches neither the program nor the init" {
	require_root
	mkdir "$BATS_TEST_TMPDIR/p"
	run unshare --propagation=unchanged --mount-proc="$BATS_TEST_TMPDIR/p" --setuid=65534 \
		grep -E '^Cap(Prm|Eff|Amb)' /proc/self/status
	assert_success
	assert_output "CapPrm:	0000000000000000
CapEff:	0000000000000000
CapAmb:	0000000000000000"
	# The init, seen from here while the program waits for a line.
	mkfifo "$BATS_TEST_TMPDIR/go"
	"$UNSHARE_BIN" --propagation=unchanged --pid --init --mount-proc="$BATS_TEST_TMPDIR/p" \
		--setuid=65534 sh -c 'read -r line' <"$BATS_TEST_TMPDIR/go" &
	local upid=$!
	exec 4>"$BATS_TEST_TMPDIR/go"
	# Once it has forked the program (and then dropped what it kept).
	init_caps() {
		local init
		init=$(pgrep -P "$upid") && [ -n "$(pgrep -P "$init")" ] &&
			output=$(grep -E '^Cap(Prm|Eff)' "/proc/$init/status") &&
			[ "$output" = "CapPrm:	0000000000000000
CapEff:	0000000000000000" ]
	}
	eventually init_caps
	echo >&4
	exec 4>&-
	wait "$upid"
	assert_output "CapPrm:	0000000000000000
CapEff:	0000000000000000"
}

# chroot_with_us DIR: a root in DIR holding this unshare (and the
# libraries it loads) and a static program, /probe.
chroot_with_us() {
	local root=$1 lib
	mkdir -p "$root/proc"
	cp "$UNSHARE_BIN" "$root/unshare"
	cp "$UNSHARE_TESTLIB/probe" "$root/probe"
	for lib in $(ldd "$UNSHARE_BIN" 2>/dev/null | grep -oE '/[^ ]+'); do
		mkdir -p "$root$(dirname "$lib")"
		cp "$lib" "$root$lib"
	done
}

@test "--mount in a chroot, where / is no mount point: the way around, which works" {
	require_root
	chroot_with_us root
	run chroot root /unshare --mount /probe
	assert_failure 125
	assert_said "set the propagation of /: private: Invalid argument" "hint: " \
		"chroot" "--propagation=unchanged"
	run chroot root /unshare --mount --propagation=unchanged /probe
	assert_success
}

# The DIR of --mount-proc, --mount-cgroup and --mount-binfmt is walked as
# FILE's (tests/persist.bats): in a home of nobody's, a link nobody made
# to a victim directory, in the middle of DIR and as DIR itself.  In a
# shared mount namespace of the test's own, where a mount seen outside
# (--propagation=shared) would land on the victim and stay.
@test "DIR: a link on its way or at its end is followed only when root or you own it; nothing is mounted before" {
	local home=$BATS_TEST_TMPDIR/home victim=$BATS_TEST_TMPDIR/victim opt dir
	mounts_snapshot
	mkdir -p "$home/real" "$victim/d"
	chown nobody "$home"
	ln -s "$victim" "$home/ln.new"
	chown -h nobody "$home/ln.new"
	mv -T "$home/ln.new" "$home/ln"
	for opt in "--pid --mount-proc" "--mount-cgroup" "-r --mount-binfmt"; do
		for dir in "$home/ln/d" "$home/ln"; do
			# shellcheck disable=SC2086 # the options are words
			run /usr/bin/unshare --mount --propagation unchanged sh -c '
				mount --make-rshared / || exit 99
				"$UNSHARE_BIN" --propagation=shared $1="$2" true
				s=$?
				grep -q " $3" /proc/self/mountinfo && echo "mounted on the victim"
				exit $s' sh "$opt" "$dir" "$victim"
			assert_failure 125
			assert_said "${opt##* }=$dir" "'$home/ln' is a link owned by uid 65534" "root or you own"
			refute_output --partial "mounted on the victim"
		done
	done
	# In a user namespace that maps neither the link's owner nor us
	# (--mount-binfmt alone), both read as the overflow uid: an owner
	# unknown, not trusted.
	ln -s "$victim" "$home/ln1234"
	chown -h 1234 "$home/ln1234"
	run unshare --mount-binfmt="$home/ln1234/d" true
	assert_failure 125
	assert_said "--mount-binfmt=$home/ln1234/d" "is a link owned by uid" "root or you own"
	# Root's own link, at the end or on the way: followed, the mount on
	# where it leads.
	ln -s real "$home/mine"
	run unshare --pid --mount-proc="$home/mine" sh -c 'findmnt -n -o FSTYPE "$1"' sh "$home/real"
	assert_success
	assert_output proc
	run unshare -r --mount-binfmt="$home/mine/" sh -c 'findmnt -n -o FSTYPE "$1"' sh "$home/real"
	assert_success
	assert_output binfmt_misc
	assert_no_new_mounts
}

@test "no /proc: a mount seen outside, which a failure could not undo, is refused before it is made; one seen inside is made" {
	local dir=$BATS_TEST_TMPDIR/p
	mkdir "$dir"
	mounts_snapshot
	run /usr/bin/unshare --mount --propagation unchanged sh -c '
		mount --make-rshared / && umount -l /proc || exit 99
		"$UNSHARE_BIN" --pid --propagation=shared --mount-proc="$1" true
		echo "status $?"
		"$UNSHARE_BIN" --pid --mount-proc="$1" true
		echo "status $?"
		mount -t proc proc /proc && grep -c " $1 " /proc/self/mountinfo' sh "$dir"
	# (No index: without /proc, a sanitizer build warns first.)
	assert_said "--mount-proc: a failure could not undo it without /proc" "No such file or directory" "--propagation=private"
	assert_equal "$(grep '^status\|^[0-9]' <<<"$output" | paste -sd' ')" "status 125 status 0 0"
	assert_no_new_mounts
}
