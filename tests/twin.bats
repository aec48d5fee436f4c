#!/usr/bin/env bats
# The dry run is the run's twin: what --dry-run foresees is what the run
# does, line by line of a table (tests/twin.py), and the failures it
# foresees say why as the run does: a proc that a mount covers in part,
# a cgroup at its limit, a seccomp filter; where it cannot tell, it says
# so.

load helpers

teardown() {
	nobody_cleanup
	# A cgroup of the test's own, once the processes it held are gone.
	if [ -n "${CG:-}" ] && [ -d "$CG" ]; then
		eventually rmdir "$CG"
	fi
}

# parse_json DOCUMENT EXPRESSION: EXPRESSION of the plan p of DOCUMENT.
parse_json() {
	python3 -c 'import json, sys; p = json.loads(sys.argv[1])["plan"]; print(eval(sys.argv[2]))' "$@"
}

# A tmpfs over /proc/irq, as Docker and podman cover parts of /proc, in
# a mount namespace of the command's own.
covered() {
	"$UNSHARE_BIN" -m sh -c 'mount -t tmpfs twin /proc/irq && exec "$@"' sh "$@"
}

@test "the dry run's verdict is the run's, for each line of the table: status, step and errno" {
	require_root
	require_userns_for_nobody
	mounts_snapshot
	run python3 "$BATS_TEST_DIRNAME/twin.py" "$UNSHARE_BIN"
	[ "$status" != 77 ] || need "${output#skip: }"
	assert_success
	assert_line --regexp '^0 of [0-9]+ lines disagree \(([89][0-9]|[1-9][0-9]{2,}) of the table'
	assert_no_new_mounts
}

@test "the dry run's verdict is the run's for 150 lines drawn at random (tests/twin-hunt.py, seed 1; 2000 in the stress run), which leave nothing behind" {
	require_root
	require_userns_for_nobody
	mounts_snapshot
	local count=150
	[ "${UNSHARE_STRESS:-0}" = 1 ] && count=2000
	run python3 "$BATS_TEST_DIRNAME/twin-hunt.py" "$UNSHARE_BIN" --seed 1 --lines "$count"
	[ "$status" != 77 ] || need "${output#skip: }"
	assert_success
	assert_line "0 of $count lines break a rule or disagree (seed 1; 0 disagree)"
	assert_no_new_mounts
}

@test "a new proc where a mount covers part of /proc: the run and the dry run name what covers it" {
	require_root
	run covered "$UNSHARE_BIN" -rpf --mount-proc true
	assert_failure 125
	assert_line --partial "--mount-proc=/proc: Operation not permitted"
	assert_line --regexp "^hint: a mount on /proc/irq covers part of proc"
	refute_output --partial "add --pid"
	run covered "$UNSHARE_BIN" --dry-run -rpf --mount-proc true
	assert_failure 125
	assert_line --regexp "^hint: a mount on /proc/irq covers part of proc"
	# Without a user namespace, the kernel does not look.
	run covered "$UNSHARE_BIN" -pf --mount-proc true
	assert_success
}

@test "-r --mount-proc without --pid: foreseen, with the hint to add it" {
	require_root
	run unshare --dry-run -r --mount-proc true
	assert_failure 125
	assert_line --partial "would fail: mount proc: /proc: Operation not permitted"
	assert_line "hint: proc needs a pid namespace of this user namespace: add --pid"
}

@test "a parent cgroup at its limit: the run and the dry run name the file and its value" {
	require_root
	local mnt
	mnt=$(awk '$9 == "cgroup2" && $4 == "/" { print $5; exit }' /proc/self/mountinfo)
	[ -n "$mnt" ] || need "no cgroup2 mounted"
	CG=$mnt$(sed -n 's/^0:://p' /proc/self/cgroup)
	CG=${CG%/}/twin-$$-$BATS_TEST_NUMBER
	mkdir "$CG"
	for limit in cgroup.max.descendants cgroup.max.depth; do
		echo 0 >"$CG/$limit"
		run sh -c 'echo $$ >"$1/cgroup.procs" && exec "$2" --new-cgroup=a true' sh "$CG" "$UNSHARE_BIN"
		assert_failure 125
		assert_line --partial "Resource temporarily unavailable"
		assert_line "hint: $CG/$limit is 0, reached: raise it"
		run sh -c 'echo $$ >"$1/cgroup.procs" && exec "$2" "$3" --new-cgroup=a true' sh "$CG" "$UNSHARE_BIN" --dry-run
		assert_failure 125
		assert_line --partial "Resource temporarily unavailable"
		assert_line "hint: $CG/$limit is 0, reached: raise it"
		echo max >"$CG/$limit"
	done
}

@test "unshare(2) refused by a seccomp filter: the hint names it, from Seccomp: in /proc/self/status" {
	# As root: another user's EPERM is first the want of privilege.
	require_root
	[ "$(uname -m)" = x86_64 ] || need "the test's seccomp filter is x86_64's"
	run python3 "$BATS_TEST_DIRNAME/twin.py" --seccomp "$UNSHARE_BIN" -n true
	assert_failure 125
	assert_line --partial "unshare(2): net: Operation not permitted"
	assert_line --regexp "^hint: .*seccomp filter \(Seccomp: 2"
	run python3 "$BATS_TEST_DIRNAME/twin.py" --seccomp "$UNSHARE_BIN" --dry-run -n true
	assert_failure 125
	assert_line --regexp "^hint: .*seccomp filter"
}

@test "what the dry run cannot tell it says, as a word and as a member, and exits 0" {
	run unshare --dry-run --wait-fd=3 true 3</dev/null
	assert_success
	assert_line --partial "--dry-run: cannot tell: wait for a byte on"
	# No error to tell: the line ends with the value.
	assert_line --regexp 'cannot tell: .*: 3$'
	run unshare --dry-run --json --wait-fd=3 true 3</dev/null
	assert_success
	run parse_json "$output" '[(x["step"], x["verdict"], x["errno"], x["value"]) for x in p["predictions"]]'
	assert_output "[('wait-fd', 'cannot tell', None, '3')]"
}

@test "a prediction in JSON carries the step, the errno and the value, as typed" {
	run unshare --dry-run --json --root=/nonexistent true
	assert_failure 125
	run parse_json "$output" '[(x["step"], x["verdict"], x["errno"], x["value"]) for x in p["predictions"]][0]'
	assert_output "('root', 'fails', 'ENOENT', '/nonexistent')"
}

@test "a new user namespace's mounts are seen nowhere outside: the plan arms no undo of --mount-proc, and a failure unmounts nothing" {
	require_root
	command -v strace >/dev/null || need "strace is not installed"
	mkdir p
	local prop
	for prop in unchanged shared; do
		run unshare --dry-run --json -r -pf --propagation="$prop" --mount-proc="$PWD/p" true
		assert_success
		run parse_json "$output" '[x.get("undo") for x in p["steps"] if x["step"] == "proc"]'
		assert_output "[False]"
		# Without one, the caller's namespace sees it: undone.
		run unshare --dry-run --json -pf --propagation="$prop" --mount-proc="$PWD/p" true
		run parse_json "$output" '[x.get("undo") for x in p["steps"] if x["step"] == "proc"]'
		assert_output "[True]"
	done
	mounts_snapshot
	run -127 strace -f -qq -e trace=umount2 -o trace "$UNSHARE_BIN" -r -pf --propagation=unchanged \
		--mount-proc="$PWD/p" /nonexistent
	assert_failure 127
	run cat trace
	refute_output --partial umount2
	assert_no_new_mounts
}

@test "--pid-file as root with a new user namespace: a directory or a file of an id it does not map, refused by the run and foreseen by the dry run" {
	require_root
	# The parent that writes it is in the namespace: root's ids, and no
	# privilege over uid 12345's directory.
	mkdir theirs mine
	chown 12345:12345 theirs
	run unshare -r --pid-file="$PWD/theirs/p" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/theirs/p" "Permission denied" "not mapped in this user namespace" "--map-users"
	[ ! -e ran ]
	run unshare --dry-run -r --pid-file="$PWD/theirs/p" true
	assert_failure 125
	assert_said "would fail" "$PWD/theirs/p" "Permission denied" "not mapped in this user namespace"
	# Mapped, it has: both go.
	run unshare --dry-run --map-users=0:0:65536 --map-groups=0:0:65536 --pid-file="$PWD/theirs/p" true
	assert_success
	run unshare --map-users=0:0:65536 --map-groups=0:0:65536 --pid-file="$PWD/theirs/p" touch ran
	assert_success
	rm ran
	# A file there only uid 12345 may read, naming a process that runs:
	# kept, as one that cannot be read, not as another run's.
	echo 1 >mine/p
	chown 12345:12345 mine/p
	chmod 600 mine/p
	run unshare -r --pid-file="$PWD/mine/p" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/mine/p" "Permission denied" "cannot be read"
	run unshare --dry-run -r --pid-file="$PWD/mine/p" true
	assert_failure 125
	assert_said "would fail" "Permission denied" "cannot be read"
	[ ! -e ran ]
	run ls -A theirs
	assert_output ""
}

# cgroup_here: the cgroup2 mount (HIER) and this test's cgroup (MINE),
# where --new-cgroup makes its own; and a cgroup of the test's own under
# it (CG), which teardown removes.
cgroup_here() {
	HIER=$(awk '$9 == "cgroup2" && $4 == "/" { print $5; exit }' /proc/self/mountinfo)
	[ -n "$HIER" ] || need "no cgroup2 mounted"
	MINE=$HIER$(sed -n 's/^0:://p' /proc/self/cgroup)
	MINE=${MINE%/}
	[ -w "$MINE/cgroup.procs" ] || need "this test's cgroup cannot be written ($MINE)"
	CG=$MINE/twin-$$-$BATS_TEST_NUMBER
	mkdir "$CG"
}

# in_cgroup DIR COMMAND...: COMMAND, moved into the cgroup DIR first.
in_cgroup() {
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$@"
}

@test "--cgroup-set of a file or a controller a cgroup made there lacks: the run and the dry run say why, in the root cgroup too" {
	require_root
	cgroup_here
	local where off name=twin-$$-n hint
	# Made in the root cgroup, which lacks some of the files of the
	# cgroups under it, and in one of the test's own.
	for where in "$HIER" "$CG"; do
		run in_cgroup "$where" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set=nosuch.file=1 true
		assert_failure 125
		assert_said "--cgroup-set=nosuch.file=1" "No such file or directory" "cgroup-v2 documentation"
		run in_cgroup "$where" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set=nosuch.file=1 true
		assert_failure 125
		assert_said "would fail" "--cgroup-set=nosuch.file=1" "No such file or directory" "cgroup-v2 documentation"
		# A controller the cgroups under it do not have (v1's, or not
		# enabled): the hint names it, the same in both.
		off=$(awk 'NR > 1 && $4 == 1 && $1 ~ /^(memory|pids|hugetlb|misc|rdma)$/ { print $1 }' /proc/cgroups |
			grep -vxF -f <(tr ' ' '\n' <"$where/cgroup.subtree_control") | head -n 1)
		[ -n "$off" ] || continue
		run in_cgroup "$where" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$off" true
		assert_failure 125
		assert_said "--cgroup-set=cgroup.subtree_control=+$off" "No such file or directory" "$off"
		hint=$(grep '^hint: ' <<<"$output")
		run in_cgroup "$where" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$off" true
		assert_failure 125
		assert_said "would fail" "--cgroup-set=cgroup.subtree_control=+$off" "No such file or directory"
		assert_line "$hint"
	done
}

@test "--cgroup-set enabling a domain controller for the cgroup's children, which then takes no process: the dry run foresees the run's EBUSY" {
	require_root
	cgroup_here
	local dom name=twin-$$-b run=()
	# Where our cgroup enables one for the cgroups under it, for real;
	# else the dry run reads that it does, from a copy bound over our
	# cgroup.subtree_control in a mount namespace of its own (the run's
	# own message is cgroup.bats's).
	dom=$(tr ' ' '\n' <"$MINE/cgroup.subtree_control" | grep -xE 'memory|io|hugetlb|misc|rdma' | head -n 1)
	if [ -z "$dom" ]; then
		dom=hugetlb
		echo "$dom pids" >enabled
		run=(/usr/bin/unshare --mount sh -c 'mount --bind "$1" "$2/cgroup.subtree_control" && shift 2 && exec "$@"'
			sh "$PWD/enabled" "$MINE")
	else
		run unshare --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$dom" touch ran
		assert_failure 125
		assert_said "enter the cgroup" "$name:" "busy" "enables controllers for its children"
		[ ! -e ran ]
	fi
	run "${run[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$dom" true
	assert_failure 125
	assert_said "would fail" "enter the cgroup" "$name:" "busy" "enables controllers for its children"
	refute_output --partial "cannot tell"
	# A write after it that does not name it leaves it enabled.
	run "${run[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$dom" \
		--cgroup-set=cgroup.subtree_control=-pids true
	assert_failure 125
	assert_said "would fail" "enter the cgroup" "$name:" "busy"
	# A threaded controller leaves it room: nothing foreseen.
	if [ ${#run[@]} != 0 ] || grep -qw pids "$MINE/cgroup.subtree_control"; then
		run "${run[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+pids" true
		assert_success
		refute_output --partial "busy"
	fi
}

@test "--cgroup-set of cgroup.subtree_control twice, a domain controller enabled then disabled: the writes in order decide, in the run and the dry run" {
	require_root
	cgroup_here
	local dom name=twin-$$-o run=()
	# As the test above: for real where our cgroup enables one, else
	# from a copy bound over our cgroup.subtree_control.
	dom=$(tr ' ' '\n' <"$MINE/cgroup.subtree_control" | grep -xE 'memory|io|hugetlb|misc|rdma' | head -n 1)
	if [ -z "$dom" ]; then
		dom=hugetlb
		echo "$dom pids" >enabled
		run=(/usr/bin/unshare --mount sh -c 'mount --bind "$1" "$2/cgroup.subtree_control" && shift 2 && exec "$@"'
			sh "$PWD/enabled" "$MINE")
	else
		run unshare --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$dom" \
			--cgroup-set="cgroup.subtree_control=-$dom" touch ran
		assert_success
		rm ran
		run unshare --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=-$dom" \
			--cgroup-set="cgroup.subtree_control=+$dom" touch ran
		assert_failure 125
		assert_said "enter the cgroup" "$name:" "busy"
		[ ! -e ran ]
	fi
	run "${run[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$dom" \
		--cgroup-set="cgroup.subtree_control=-$dom" true
	assert_success
	refute_output --partial "busy"
	refute_output --partial "would fail"
	# The other way round, the last write enables it: foreseen.
	run "${run[@]}" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=-$dom" \
		--cgroup-set="cgroup.subtree_control=+$dom" true
	assert_failure 125
	assert_said "would fail" "enter the cgroup" "$name:" "busy" "enables controllers for its children"
}

@test "--pivot-root or --root to a deep root: a path inside just short of PATH_MAX, and a link to /x in it, are walked by the dry run from the root as the run walks them" {
	require_root
	[ -x /bin/busybox ] || need "no static busybox"
	local root inside
	# A root 620 bytes deep, a path of 3765 in it: together longer than
	# PATH_MAX, each shorter.
	python3 -c 'import os, sys
root = os.path.join(sys.argv[1], *["r" * 200] * 3)
os.makedirs(root)
fd = os.open(root, os.O_RDONLY)
names = []
for i in range(15):
    name = chr(ord("a") + i) * 250
    os.mkdir(name, dir_fd=fd)
    fd = os.open(name, os.O_RDONLY, dir_fd=fd)
    names.append(name)
os.symlink("/" + names[0], "l", dir_fd=os.open(root, os.O_RDONLY))
print(root)
print("/" + "/".join(names))' "$PWD" >paths
	root=$(sed -n 1p paths)
	inside=$(sed -n 2p paths)
	cp /bin/busybox "$root/true"
	mkdir "$root/old"
	local opt new
	for new in --pivot-root --root; do
		for opt in --tmpfs="$inside" --wd="$inside" --bind=/tmp:"$inside" --bind=/tmp:"$inside/new" --tmpfs=/l --wd=/l; do
			run unshare -m "$new=$root" "$opt" /true
			assert_success
			run unshare --dry-run -m "$new=$root" "$opt" /true
			assert_success
			refute_output --partial "would fail"
			refute_output --partial "cannot tell"
		done
	done
	[ ! -e "$root/${inside#/}/new" ]
}

@test "--pid-file as nobody with -r: a stale file of its own it may not read, which its privilege in the namespace reads, is replaced; the dry run cannot tell" {
	require_userns_for_nobody
	mkdir -p "$NOBODY_DIR/w"
	chown nobody:nogroup "$NOBODY_DIR/w"
	as_nobody sh -c 'echo 0 >"$1" && chmod 000 "$1"' sh "$NOBODY_DIR/w/p"
	run as_nobody "$NOBODY_BIN" --dry-run -r --pid-file="$NOBODY_DIR/w/p" true
	assert_success
	assert_said "cannot tell" "$NOBODY_DIR/w/p" "privilege in the new user namespace"
	refute_output --partial "would fail"
	run as_nobody "$NOBODY_BIN" -r --pid-file="$NOBODY_DIR/w/p" sh -c 'echo "$$"; cat "$1"' sh "$NOBODY_DIR/w/p"
	assert_success
	assert_equal "${lines[0]}" "${lines[1]}"
	[ ! -e "$NOBODY_DIR/w/p" ]
}

@test "--pid-file under a file size limit: refused with EFBIG and the limit named, by the run (SIGXFSZ ignored or not) and the dry run; one a pid may fit, the dry run cannot tell" {
	local trap
	# The caller's SIGXFSZ ignored, or left to kill: the write of the
	# file is refused all the same, and said.
	for trap in "trap '' XFSZ" ":"; do
		run bash -c "$trap"' && exec prlimit --fsize=0 "$@"' sh "$UNSHARE_BIN" --pid-file="$PWD/p" touch ran
		assert_failure 125
		assert_said "--pid-file=$PWD/p" "File too large" "ulimit -f is 0" "raise it"
		[ ! -e ran ]
		run bash -c "$trap"' && exec prlimit --fsize=0 "$@"' sh "$UNSHARE_BIN" --dry-run --pid-file="$PWD/p" true
		assert_failure 125
		assert_said "would fail" "write the pid to it" "$PWD/p" "File too large" "ulimit -f is 0"
	done
	# 3 bytes: a short write, then the error that cut it.
	run prlimit --fsize=3 "$UNSHARE_BIN" --pid-file="$PWD/p" touch ran
	assert_failure 125
	assert_said "--pid-file=$PWD/p" "File too large"
	[ ! -e ran ]
	run prlimit --fsize=3 "$UNSHARE_BIN" --dry-run --pid-file="$PWD/p" true
	assert_success
	assert_said "cannot tell" "write the pid to it" "$PWD/p"
	run ls -A
	assert_output ""
}

@test "--pid-file as root with a new user namespace, in a directory whose ACL lets it write there: the run writes it, the dry run cannot tell" {
	require_root
	mkdir acl
	chown 12345:12345 acl
	chmod 770 acl
	# user:0:rwx beside the owner's, the group's, a mask and others',
	# as setfacl -m u:0:rwx writes it.
	python3 -c 'import os, struct, sys
e = lambda tag, perm, id=0xffffffff: struct.pack("<HHI", tag, perm, id)
os.setxattr(sys.argv[1], "system.posix_acl_access", struct.pack("<I", 2) +
            e(1, 7) + e(2, 7, 0) + e(4, 7) + e(0x10, 7) + e(0x20, 0))' acl ||
		need "the file system here takes no POSIX ACL"
	run unshare -r --pid-file="$PWD/acl/p" sh -c 'echo "$$"; cat "$1"' sh "$PWD/acl/p"
	assert_success
	assert_equal "${lines[0]}" "${lines[1]}"
	run unshare --dry-run -r --pid-file="$PWD/acl/p" true
	assert_success
	assert_said "cannot tell" "$PWD/acl/p" "an ACL"
	refute_output --partial "would fail"
	run ls -A acl
	assert_output ""
}

@test "--cgroup-set of a cgroup.subtree_control value the kernel cannot parse (a word with no + or -, no such controller, blkio for io, one of cgroup v1 alone): the run and the dry run say Invalid argument" {
	require_root
	cgroup_here
	local value name=twin-$$-v
	for value in memory "+memory -nosuch" -nosuch +blkio + +cpuacct; do
		run in_cgroup "$CG" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=$value" touch ran
		assert_failure 125
		assert_said "--cgroup-set=cgroup.subtree_control=$value" "Invalid argument" "cgroup-v2 documentation"
		[ ! -e ran ]
		run in_cgroup "$CG" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=$value" true
		assert_failure 125
		assert_said "would fail" "--cgroup-set=cgroup.subtree_control=$value" "Invalid argument" "cgroup-v2 documentation"
	done
	[ ! -e "$CG/$name" ]
}

@test "--cgroup-set of cgroup.subtree_control=+NAME, NAME off (cgroup_disable=) or not in /proc/cgroups (Linux 6.14 lists v1's alone): the dry run says the run's errno, or in a cgroup namespace cannot tell" {
	require_root
	cgroup_here
	local name=twin-$$-k on
	# What the kernel lists, faked over /proc/cgroups in a mount
	# namespace of the command's own; the kernel answers as it knows.
	# A name it does not know, listed as off, as cgroup_disable= shows
	# one: unknown to it, as one it has off.
	{ cat /proc/cgroups; printf 'nosuch%s\t0\t1\t0\n' "$$"; } >off
	run in_cgroup "$CG" /usr/bin/unshare --mount sh -c 'mount --bind "$1" /proc/cgroups && shift && exec "$@"' sh "$PWD/off" \
		"$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+nosuch$$" true
	assert_failure 125
	assert_said "--cgroup-set=cgroup.subtree_control=+nosuch$$" "Invalid argument"
	run in_cgroup "$CG" /usr/bin/unshare --mount sh -c 'mount --bind "$1" /proc/cgroups && shift && exec "$@"' sh "$PWD/off" \
		"$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+nosuch$$" true
	assert_failure 125
	assert_said "would fail" "--cgroup-set=cgroup.subtree_control=+nosuch$$" "Invalid argument"
	# One the root cgroup has, left out of /proc/cgroups: known, and
	# refused as our cgroup does not enable it (ENOENT), in both.
	on=$(tr ' ' '\n' <"$HIER/cgroup.controllers" | grep -vxF -f <(tr ' ' '\n' <"$CG/cgroup.subtree_control") | head -n 1)
	[ -n "$on" ] || need "no controller of cgroup v2 that this test's cgroup does not enable"
	grep -v "^${on}[[:space:]]" /proc/cgroups >without
	for dry in "" --dry-run; do
		run in_cgroup "$CG" /usr/bin/unshare --mount sh -c 'mount --bind "$1" /proc/cgroups && shift && exec "$@"' sh "$PWD/without" \
			"$UNSHARE_BIN" $dry --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$on" true
		assert_failure 125
		assert_said "--cgroup-set=cgroup.subtree_control=+$on" "No such file or directory" "enable $on"
	done
	# In a cgroup namespace, whose cgroup2 mount shows a cgroup for
	# root, what the kernel has is not seen: the dry run cannot tell.
	mkdir cg
	run in_cgroup "$CG" /usr/bin/unshare -C -m sh -c 'mount -t cgroup2 cgroup2 "$1" && mount --bind "$2" /proc/cgroups &&
		shift 2 && exec "$@"' sh "$PWD/cg" "$PWD/without" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+$on" true
	assert_success
	assert_said "cannot tell" "--cgroup-set=cgroup.subtree_control=+$on"
	refute_output --partial "would fail"
	[ ! -e "$CG/$name" ]
}

@test "--cgroup-set of a controller in cgroup.subtree_control enabled then disabled in one value: the last word decides, in the run and the dry run" {
	require_root
	cgroup_here
	local name=twin-$$-l
	run in_cgroup "$CG" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+pids -pids" true
	assert_success
	run in_cgroup "$CG" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+pids -pids" true
	assert_success
	refute_output --partial "would fail"
	# A controller bound to no cgroup v1 hierarchy (hugetlb, here and on
	# a system of cgroup v2 alone) the same.
	run in_cgroup "$CG" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+hugetlb -hugetlb" true
	assert_success
	run in_cgroup "$CG" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+hugetlb -hugetlb" true
	assert_success
	refute_output --partial "would fail"
	# Words two blanks apart, as the kernel takes them.
	run in_cgroup "$CG" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+pids  -pids" true
	assert_success
	run in_cgroup "$CG" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=+pids  -pids" true
	assert_success
	refute_output --partial "would fail"
	# The other way round, it is enabled: refused, as our cgroup does
	# not enable it for its children.
	run in_cgroup "$CG" "$UNSHARE_BIN" --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=-pids +pids" touch ran
	assert_failure 125
	assert_said "--cgroup-set=cgroup.subtree_control=-pids +pids" "No such file or directory"
	[ ! -e ran ]
	run in_cgroup "$CG" "$UNSHARE_BIN" --dry-run --new-cgroup="$name" --cgroup-set="cgroup.subtree_control=-pids +pids" true
	assert_failure 125
	assert_said "would fail" "--cgroup-set=cgroup.subtree_control=-pids +pids" "No such file or directory"
}
