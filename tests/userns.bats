#!/usr/bin/env bats
# User namespaces: id maps, setgroups, --owner, --setuid/--setgid,
# --keep-caps; as root and as nobody.

load helpers

setup() {
	common_setup
	require_root
	require_ns user
	nobody_copy
	copy=$NOBODY_BIN
}

teardown() {
	nobody_cleanup
}

# Give nobody subordinate ids, for with_subids: by name in /etc/subuid, by
# uid in /etc/subgid (both forms must work).
give_nobody_subids() {
	give_subids 'nobody:200000:65536' '65534:300000:65536'
}

# What the program sees: ids, then each map file.
SHOW='id -u; id -g; cat /proc/self/uid_map /proc/self/gid_map /proc/self/setgroups'
maps() {
	tr -s ' ' <<<"$1" | sed 's/^ //'
}

@test "root -r: root inside, our ids mapped to 0, setgroups denied" {
	run unshare -r sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "0
0
0 0 1
0 0 1
deny"
}

@test "nobody -r: root inside, nobody mapped to 0" {
	require_userns_for_nobody
	run as_nobody "$copy" --map-root-user sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "0
0
0 65534 1
0 65534 1
deny"
}

@test "nobody -c: our ids mapped to themselves" {
	require_userns_for_nobody
	run as_nobody "$copy" -c sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "65534
65534
65534 65534 1
65534 65534 1
deny"
}

@test "--map-user and --map-group take numbers and names, and imply --user" {
	run unshare --map-user=1000 --map-group=daemon sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "1000
1
1000 0 1
1 0 1
deny"
	run unshare --dry-run --map-user=1000 true
	assert_line --regexp '^implied +user +by --map-user$'
	assert_line 'uid-map      write the uid map: 1000 0 1'
	refute_line --partial 'map-helper'
}

@test "root --map-users/--map-groups: ranges written by a helper, setgroups left allowed" {
	run unshare --map-users=0:100000:65536 --map-groups=0:200000:1000 sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "65534
65534
0 100000 65536
0 200000 1000
allow"
}

@test "-r with a range from 0: the range moves up around our own id, as util-linux maps it" {
	run unshare -r --map-users=0:100000:65536 sh -c 'cat /proc/self/uid_map'
	assert_success
	assert_equal "$(maps "$output" | sort -n)" "0 0 1
1 100000 65535"
}

@test "a single id inside a range: the ids above it keep their place in the range" {
	run unshare --map-user=5 --map-users=0:200000:100 cat /proc/self/uid_map
	assert_success
	assert_equal "$(maps "$output" | sort -n)" "0 200000 5
5 0 1
6 200005 94"
}

@test "--map-users repeats; the old OUTER,INNER,COUNT form works with a warning" {
	run --separate-stderr unshare --map-users=0:100000:10 --map-users=200000,10,5 cat /proc/self/uid_map
	assert_success
	assert_equal "$(maps "$output")" "0 100000 10
10 200000 5"
	check_stderr
	assert_equal "${#lines[@]}" 1
	assert_said "--map-users=200000,10,5" "OUTER,INNER,COUNT" "INNER:OUTER:COUNT"
}

@test "root --map-users=all --map-groups=all -S -G: the program runs as 1000:1000, no other groups" {
	run unshare --map-users=all --map-groups=all --setuid=1000 --setgid=1000 sh -c 'id -u; id -g; id -G; cat /proc/self/uid_map'
	assert_success
	assert_equal "$(maps "$output")" "1000
1000
1000
0 0 4294967295"
}

@test "--setgroups=deny with ranges is written before the gid map" {
	run unshare --setgroups=deny --map-groups=0:200000:10 cat /proc/self/setgroups /proc/self/gid_map
	assert_success
	assert_equal "$(maps "$output")" "deny
0 200000 10"
}

@test "-r with uid ranges only: our gid alone is mapped after setgroups is denied, as util-linux does" {
	run unshare -r --map-users=1:100000:10 sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "0
0
0 0 1
1 100000 10
0 0 1
deny"
}

@test "--setgroups=allow with -r is refused" {
	run unshare --setgroups=allow -r true
	assert_failure 125
	assert_said --index 0 "--setgroups=allow" "-r" "--map-group" "setgroups denied"
}

@test "--keep-caps: the capabilities survive exec under an unmapped uid" {
	run unshare --user --keep-caps awk '/^CapAmb/ {print $2}' /proc/self/status
	assert_success
	refute_output 0000000000000000
	assert_output --regexp '^[0-9a-f]{16}$'
	# Without it the ambient set is empty (so the test above can fail).
	run unshare --user awk '/^CapAmb/ {print $2}' /proc/self/status
	assert_output 0000000000000000
}

@test "nobody --keep-caps: CapAmb is not zero" {
	require_userns_for_nobody
	run as_nobody "$copy" --user --keep-caps awk '/^CapAmb/ {print $2}' /proc/self/status
	assert_success
	refute_output 0000000000000000
}

@test "--keep-caps with --setuid: capabilities survive the switch and the exec" {
	run unshare --map-users=all --map-groups=all -S 1000 -G 1000 --keep-caps awk '/^Cap(Eff|Amb)/ {print $2}' /proc/self/status
	assert_success
	refute_line 0000000000000000
}

@test "--owner: the namespace belongs to the owner, whose id -r maps" {
	run unshare --owner=65534:65534 -r sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "0
0
0 65534 1
0 65534 1
allow"
	# Its gid, not its uid, is what the gid map maps.
	run unshare --owner=65534:100 -r sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "0
0
0 65534 1
0 100 1
allow"
}

@test "--owner with -r or -c: a helper writes the maps, so setgroups stays allowed, as util-linux's" {
	# Root writes the owner's maps from outside: the kernel asks no
	# setgroups denied for that, and the program may call setgroups(2).
	run unshare --owner=65534:65534 -r setpriv --groups=0 id -G
	assert_success
	assert_output 0
	run unshare --owner=0:0 -c cat /proc/self/setgroups
	assert_success
	assert_output allow
	run unshare --owner=65534:65534 -c --verbose true
	assert_success
	assert_said "map-helper" "the helper that writes the id maps"
	# Asked for, either way.
	run unshare --owner=65534:65534 -r --setgroups=deny cat /proc/self/setgroups
	assert_success
	assert_output deny
	run unshare --owner=65534:65534 -r --setgroups=allow cat /proc/self/setgroups
	assert_success
	assert_output allow
}

@test "--owner: the caller's supplementary groups are dropped with its ids" {
	# Kept, the shadow group (42) would read /etc/shadow as the owner.
	run setpriv --groups=42 -- "$UNSHARE_BIN" --owner=65534:65534 -U --map-users=0:65534:1 --map-groups=0:65534:1 grep '^Groups:' /proc/self/status
	assert_success
	assert_output --regexp '^Groups:[[:space:]]*$'
}

@test "--owner: the steps after it walk as the owner, in the run and in the dry run" {
	require_root
	mkdir -m 700 closed
	touch closed/file
	for opt in --mount-cgroup="$PWD/closed/file" --tmpfs="$PWD/closed/x"; do
		run unshare --owner=5:0 -m "$opt" true
		assert_failure 125
		assert_said "$PWD/closed/" "Permission denied"
		run unshare --dry-run --owner=5:0 -m "$opt" true
		assert_failure 125
		assert_said "would fail" "$PWD/closed/" "Permission denied"
	done
	# As root, the same lines get as far as the file.
	run unshare --dry-run -m --mount-cgroup="$PWD/closed/file" true
	assert_failure 125
	assert_said "would fail" "Not a directory"
	# What a helper forked before it does stays root's: a FILE kept.
	touch closed/ns
	run unshare --dry-run --owner=5:0 --uts="$PWD/closed/ns" true
	assert_success
	run unshare --owner=5:0 --uts="$PWD/closed/ns" true
	assert_success
	umount closed/ns
	# and is foreseen still, where it fails.
	run unshare --dry-run --owner=5:0 --uts="$PWD/nodir/ns" true
	assert_failure 125
	assert_said "would fail" "--uts=$PWD/nodir/ns" "No such file"
}

@test "--owner as nobody: 125, it needs root" {
	run as_nobody "$copy" --owner=0:0 true
	assert_failure 125
	assert_said "--owner's ids: 0:0: Operation not permitted" "hint: " "CAP_SETUID and CAP_SETGID" "run as root"
}

@test "nobody --map-auto: ranges from /etc/subuid (by name) and /etc/subgid (by uid) through newuidmap" {
	require_userns_for_nobody
	command -v newuidmap >/dev/null || need "newuidmap is not installed (apt-get install uidmap)"
	give_nobody_subids
	run with_subids as_nobody "$copy" --map-auto sh -c "$SHOW"
	assert_success
	assert_equal "$(maps "$output")" "65534
65534
0 200000 65536
0 300000 65536
allow"
	run with_subids as_nobody "$copy" --map-subids -r cat /proc/self/uid_map
	assert_success
	assert_equal "$(maps "$output")" "0 65534 1
200000 200000 65536"
	run with_subids as_nobody "$copy" --dry-run --map-auto true
	assert_line --regexp '^map-helper +.*: newidmap$'
}

@test "/etc/subgid is read by the user's name or uid, never the group's (nobody's group is nogroup)" {
	require_userns_for_nobody
	command -v newgidmap >/dev/null || need "newgidmap is not installed (apt-get install uidmap)"
	give_subids '' 'nogroup:400000:10'
	echo 'nobody:300000:65536' >>"$BATS_TEST_TMPDIR/subgid"
	run with_subids as_nobody "$copy" --dry-run --map-groups=auto true
	assert_success
	assert_line 'gid-map      write the gid map: 0 300000 65536'
	run with_subids as_nobody "$copy" --map-groups=auto -c cat /proc/self/gid_map
	assert_success
	assert_equal "$(maps "$output" | sort -n)" "0 300000 65534
65534 65534 1
65535 365534 2"
	give_subids
	run with_subids as_nobody "$copy" --map-groups=subids true
	assert_failure 125
	assert_said --index 0 "--map-groups: " "/etc/subgid" "nobody (65534)" "'nobody:100000:65536'" "usermod --add-subgids"
}

@test "nobody: a range that is not ours is refused by newuidmap, and nothing runs" {
	require_userns_for_nobody
	command -v newuidmap >/dev/null || need "newuidmap is not installed (apt-get install uidmap)"
	give_nobody_subids
	mkdir -m 777 "$NOBODY_DIR/w"
	run with_subids as_nobody "$copy" --map-users=0:500000:10 touch "$NOBODY_DIR/w/ran"
	assert_failure 125
	assert_line --partial "newuidmap: uid range [0-10) -> [500000-500010) not allowed"
	assert_said "write the uid map: 0 500000 10" "hint: " "newuidmap refused it" "yours in /etc/subuid"
	[ ! -e "$NOBODY_DIR/w/ran" ]
}

@test "nobody --map-auto without a /etc/subuid line: 125 with what to add" {
	give_subids
	run with_subids as_nobody "$copy" --map-auto true
	assert_failure 125
	assert_said --index 0 "--map-users: " "/etc/subuid" "nobody (65534)" "'nobody:100000:65536'"
}

@test "nobody without newuidmap: says which package to install" {
	require_userns_for_nobody
	give_nobody_subids
	run with_subids as_nobody env PATH=/nonexistent "$copy" --map-auto /bin/true
	assert_failure 125
	assert_said "write the uid map" "No such file or directory" "hint: " "install the uidmap package"
	assert_messages 1
}

@test "nobody --map-users=all: 125, only with privilege" {
	run as_nobody "$copy" --map-users=all true
	assert_failure 125
	assert_said --index 0 "--map-users=all" "CAP_SETUID" "auto" "subids"
}

@test "--setuid to an unmapped uid: 125, saying to map it" {
	run unshare --user --setuid=1000 true
	assert_failure 125
	assert_said "setuid: 1000: Invalid argument" "hint: " "not mapped in this user namespace" "--map-users"
}

# bad_value EXPECTED-MESSAGE OPTION...: refused with 125 before anything
# is unshared, naming the bad part.
bad_value() {
	local want=$1
	shift
	run unshare "$@" touch "$BATS_TEST_TMPDIR/ran"
	assert_failure 125
	assert_line --index 0 "unshare: $want"
	[ ! -e "$BATS_TEST_TMPDIR/ran" ]
}

@test "malformed map values are refused with 125, naming the bad part" {
	bad_value "--map-users: '1:2': give INNER:OUTER:COUNT, or auto, subids or all" --map-users=1:2
	bad_value "--map-users: 'a:b:c': ids are numbers from 0 to 4294967294" --map-users=a:b:c
	bad_value "--map-users: '4294967295:0:1': ids are numbers from 0 to 4294967294" --map-users=4294967295:0:1
	bad_value "--map-groups: '0:0:0': the count is a number from 1 to 4294967295" --map-groups=0:0:0
	bad_value "--map-users: '0:0:-5': the count is a number from 1 to 4294967295" --map-users=0:0:-5
	bad_value "--map-users: range 4294967290:0:10 goes past the largest id, 4294967294" --map-users=4294967290:0:10
	bad_value "--map-users: ranges 0:100000:10 and 5:200000:10 overlap" --map-users=0:100000:10 --map-users=5:200000:10
	bad_value "--map-groups: ranges 0:100000:10 and 50:100005:10 overlap" --map-groups=0:100000:10 --map-groups=50:100005:10
	bad_value "--map-user=no-such-user-here: no user named 'no-such-user-here'" --map-user=no-such-user-here
	bad_value "--map-group=no-such-group-here: no group named 'no-such-group-here'" --map-group=no-such-group-here
	bad_value "--map-user=4294967295: '4294967295': ids are numbers from 0 to 4294967294" --map-user=4294967295
}

@test "malformed identity values are refused with 125" {
	bad_value "--setuid: '4294967295': ids are numbers from 0 to 4294967294" -r --setuid=4294967295
	bad_value "--setgid: '-1': ids are numbers from 0 to 4294967294" -r --setgid=-1
	bad_value "--setuid: no user named 'no-such-user-here'" --setuid=no-such-user-here
	bad_value "--owner=1: give UID:GID" --owner=1
	bad_value "--owner=x:0: no user named 'x'" --owner=x:0
	bad_value "--owner=0:-3: '-3': ids are numbers from 0 to 4294967294" --owner=0:-3
	bad_value "--setgroups=maybe: give one of allow, deny" --setgroups=maybe
}

@test "-r, -c, --map-user and --map-group: for each id the last one given wins, as in util-linux" {
	run unshare -r --map-user=1000 sh -c 'cat /proc/self/uid_map /proc/self/gid_map /proc/self/setgroups'
	assert_success
	assert_equal "$(maps "$output")" "1000 0 1
0 0 1
deny"
	run unshare --map-user=5 -r cat /proc/self/uid_map
	assert_equal "$(maps "$output")" "0 0 1"
	run unshare --dry-run --map-group=7 -c true
	assert_line "gid-map      write the gid map: $(id -g) $(id -g) 1"
}

@test "--setgroups=allow with a map of our own gid is refused" {
	bad_value "--setgroups=allow cannot go with -r, -c, --map-group" --map-group=5 --setgroups=allow
	assert_said "--setgroups=allow" "setgroups denied"
}

@test "more lines than the kernel takes are refused" {
	args=()
	for ((i = 0; i < 341; i++)); do args+=("--map-users=$((i * 2)):$((100000 + i * 2)):1"); done
	bad_value "--map-users: more than 340 ranges: the kernel takes no more lines in a map" "${args[@]}"
}

@test "--setuid with a mount seen outside keeps CAP_SYS_ADMIN for its undo; uid 0 keeps every capability anyway" {
	plan --json -m --propagation=unchanged --mount-proc -S 5 true
	assert_success
	assert_output --partial '{"step":"setuid","uid":5,"keeps_admin":true}'
	plan --json -m --propagation=unchanged --mount-proc -S 0 true
	assert_success
	assert_output --partial '{"step":"setuid","uid":0,"keeps_admin":false}'
}

@test "--keep-caps through --setuid, unlike util-linux: a note, but not for uid 0, whose capabilities util-linux keeps too" {
	plan -U --map-users=0:100000:10 --map-groups=0:100000:10 --keep-caps -S 5 true
	assert_success
	assert_line --regexp '^note +--keep-caps keeps the capabilities through --setuid'
	plan -r --keep-caps -S 0 true
	assert_success
	refute_line --regexp '^note '
}

@test "--keep-caps without --user keeps nothing, as util-linux; the plan says so, and with --user it keeps them" {
	run --separate-stderr unshare -v --keep-caps -S 1 sh -c 'id -u; grep CapAmb /proc/self/status'
	assert_success
	assert_line 1
	assert_line --regexp '^CapAmb:[[:space:]]+0+$'
	[[ $stderr == *"note "*"--keep-caps keeps nothing without a new user namespace"* ]]
	[[ $stderr != *"keepcaps "* ]]
	run /usr/bin/unshare --keep-caps -S 1 grep CapAmb /proc/self/status
	assert_line --regexp '^CapAmb:[[:space:]]+0+$'
	run unshare -r --keep-caps grep CapAmb /proc/self/status
	assert_success
	assert_line --regexp '^CapAmb:[[:space:]]+0*1f+$'
}

# A new root without /proc: whether setgroups is denied cannot be read
# there, but after -r it is known (we denied it), so --setgid works; where
# neither tells, the message says what is missing.
@test "--setgid in a new root without /proc: works after -r, as root and as nobody" {
	require_userns_for_nobody
	root=$NOBODY_DIR/root
	mkdir "$root"
	cp "$UNSHARE_TESTLIB/probe" "$root/probe"
	chmod -R a+rX "$root"
	run unshare -r --root="$root" --setgid=0 /probe
	assert_success
	assert_line "setgroups: -"
	run as_nobody "$NOBODY_BIN" -r --root="$root" --setgid=0 /probe
	assert_success
	assert_line "setgroups: -"

	run unshare -r "$UNSHARE_BIN" --root="$root" --setgid=0 /probe
	assert_failure 125
	assert_said "setgid: 0: Operation not permitted" "hint: " "mount proc in the new root" "setgroups is denied"
}

# The kernel reads a map in one write of less than a page: more is refused
# before anything is made, with the limit, not by the kernel with every
# line echoed back.
@test "more map text than the kernel takes is refused before writing, naming the limit" {
	require_root
	local args=() i
	for i in $(seq 0 199); do
		args+=("--map-users=$((1000000000 + i * 2)):$((2000000000 + i)):1")
	done
	run unshare "${args[@]}" true
	assert_failure 125
	assert_said --index 0 "--map-users: " "200 ranges" "4800 bytes" "4095" "fewer ranges"
	assert_messages 1
}

# What is known once is asked once: our ids for -r, our capabilities for
# who writes the ranges.  Only our calls count: those before the program
# is executed.
calls_before_exec() {
	strace -e trace=execve,geteuid,getegid,capget -o "$BATS_TEST_TMPDIR/trace" "$UNSHARE_BIN" "$@" /bin/true ||
		return
	awk '/^execve/ { if (++n == 2) exit; next } /^[a-z]/ { sub(/\(.*/, ""); print }' "$BATS_TEST_TMPDIR/trace"
}

@test "-r asks for our ids once, and ranges ask for our capabilities once" {
	require_root
	command -v strace >/dev/null || need "strace is not installed (tools/install-deps installs it)"
	run calls_before_exec -r
	assert_success
	assert_output "geteuid
getegid"
	run calls_before_exec --map-users=0:100000:10
	assert_success
	assert_output "geteuid
getegid
capget"
}

@test "--map-auto beside -r or -c: the auto range shifts past the single id and keeps all its ids (util-linux 2.39); an explicit range gives one up" {
	printf 'root:100000:65536\nnobody:200000:65536\n' | tee "$BATS_TEST_TMPDIR/subuid" >"$BATS_TEST_TMPDIR/subgid"
	run with_subids "$UNSHARE_BIN" --dry-run --map-auto -r true
	assert_success
	assert_line 'uid-map      write the uid map: 0 0 1, 1 100000 65536'
	assert_line 'gid-map      write the gid map: 0 0 1, 1 100000 65536'
	run with_subids as_nobody "$copy" --dry-run --map-users=auto -c true
	assert_success
	assert_line 'uid-map      write the uid map: 65534 65534 1, 0 200000 65534, 65535 265534 2'
	run with_subids "$UNSHARE_BIN" --dry-run --map-users=0:100000:65536 -r true
	assert_line --regexp '^uid-map +.*1 100000 65535'
}

@test "-G 0 with setgroups denied: the plan says the supplementary groups stay, and they do; with setgroups allowed they go" {
	require_userns_for_nobody
	run setpriv --reuid=nobody --regid=nogroup --groups=4,27 -- "$NOBODY_BIN" --dry-run -Ur -G 0 true
	assert_success
	assert_line --regexp '^setgid +setgid: 0$'
	assert_line --regexp '^note +--setgid keeps your supplementary groups'
	run setpriv --reuid=nobody --regid=nogroup --groups=4,27 -- "$NOBODY_BIN" -Ur -G 0 id -G
	assert_success
	# 4 and 27 have no mapping: the overflow group stands for them.
	assert_output "0 $(cat /proc/sys/kernel/overflowgid)"
	run setpriv --groups=4,27 -- "$UNSHARE_BIN" --map-users=0:0:65536 --map-groups=0:0:65536 -G 0 id -G
	assert_success
	assert_output 0
	# Denied by the namespace it runs in, not by this run (its
	# /proc/self/setgroups says so): setgid alone, and it works.
	run unshare -r "$UNSHARE_BIN" -G 0 id -G
	assert_success
	assert_output 0
	run unshare --dry-run --map-users=0:0:65536 --map-groups=0:0:65536 -G 0 true
	assert_line --regexp '^setgid +setgid: 0$'
	refute_line --partial 'supplementary groups'
}


@test "--owner with --map-auto: the caller's ranges of /etc/subuid, not the owner's; as nobody, --owner's privilege is what is said" {
	require_root
	printf 'root:100000:65536\nnobody:200000:65536\n' | tee "$BATS_TEST_TMPDIR/subuid" >"$BATS_TEST_TMPDIR/subgid"
	run with_subids "$UNSHARE_BIN" --dry-run --owner=65534:65534 --map-auto true
	assert_success
	assert_line --regexp '^uid-map +.*: 0 100000 65536$'
	assert_line --regexp '^gid-map +.*: 0 100000 65536$'
	nobody_copy
	run with_subids as_nobody "$NOBODY_BIN" --owner=0:0 --map-auto true
	assert_failure 125
	assert_said --index 0 "--owner: it needs CAP_SETUID and CAP_SETGID" "run as root"
	refute_output --partial "subuid"
	# Root without either of the two: refused as plainly.
	for cap in setuid setgid; do
		run with_subids setpriv --bounding-set="-$cap" "$UNSHARE_BIN" --owner=65534:65534 --map-auto true
		assert_failure 125
		assert_said --index 0 "--owner: it needs CAP_SETUID and CAP_SETGID"
	done
}

@test "--setgid in a new user namespace with no gid map: setgroups(2) refused, EPERM and the hint to map one, in the run and the dry run" {
	require_root
	run unshare -U --setgid=5 touch ran
	assert_failure 125
	assert_said "setgid: 5" "Operation not permitted" "not mapped" "--map-groups"
	[ ! -e ran ]
	run unshare --dry-run -U --setgid=5 true
	assert_failure 125
	assert_said "would fail" "setgid: 5" "Operation not permitted" "not mapped" "--map-groups"
	# Denied, setgroups(2) is not called: the gid is then unmapped.
	run unshare --dry-run -U --setgroups=deny --setgid=5 true
	assert_failure 125
	assert_said "would fail" "Invalid argument" "not mapped"
	# --setuid calls no setgroups(2): its id unmapped, EINVAL.
	run unshare -U --setuid=0 true
	assert_failure 125
	assert_said "setuid: 0" "Invalid argument"
	run unshare --dry-run -U --setuid=0 true
	assert_failure 125
	assert_said "would fail" "setuid: 0" "Invalid argument"
}
