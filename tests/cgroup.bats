#!/usr/bin/env bats
# --new-cgroup and --mount-cgroup: a cgroup of the run's own, the root of
# its new cgroup namespace, mounted inside; what the program leaves in it
# (a daemon) is killed when it ends, and the cgroup removed.  As root,
# and as nobody in a subtree delegated the way systemd delegates one
# (the directory and its cgroup.procs, cgroup.threads and
# cgroup.subtree_control chowned).  Plain -C is util-linux's, checked by
# the conformance and differential tables.

load helpers

setup() {
	common_setup
	require_root
	# The cgroup v2 hierarchy, wherever it is mounted (unified or hybrid).
	HIER=$(findmnt -n -t cgroup2 -o TARGET | head -n 1)
	[ -n "$HIER" ] || need "no cgroup v2 hierarchy is mounted (cgroup2)"
	MINE=$HIER$(sed -n 's/^0:://p' /proc/self/cgroup)
	MINE=${MINE%/}
	[ -w "$MINE/cgroup.procs" ] || need "this test's cgroup cannot be written ($MINE)"
	DELEG=
}

teardown() {
	pkill -f "sleep 7${BATS_TEST_NUMBER}[0-9]" 2>/dev/null || true
	if [ -n "$DELEG" ]; then
		rmdir "$DELEG"/* 2>/dev/null || true
		rmdir "$DELEG" 2>/dev/null || true
	fi
	nobody_cleanup
}

# The cgroups under dir, one a line.
children() {
	find "$1" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort
}

# A program that reports its cgroup and the mounted tree, starts a daemon
# (setsid sleep), and ends.
PROBE='tail -n 1 /proc/self/cgroup
grep -c " - cgroup2 " /proc/self/mountinfo
grep -qx "$$" "$1/cgroup.procs" && echo "in the mounted root"
(setsid sleep "$2" >/dev/null 2>&1 3>&- &)
echo started'

@test "as root: the program in a cgroup of its own, the root of its cgroup namespace; its daemon and the cgroup gone at its end" {
	before=$(children "$MINE")
	run unshare --new-cgroup=t1 --mount-cgroup -Urm sh -c "$PROBE" sh "$HIER" 7"$BATS_TEST_NUMBER"1
	assert_success
	assert_line --index 0 "0::/"
	assert_line --index 2 "in the mounted root"
	assert_line --index 3 started
	# Killed and removed before unshare returned.
	run pgrep -f "sleep 7${BATS_TEST_NUMBER}1"
	assert_failure
	assert_equal "$(children "$MINE")" "$before"
	# The caller's cgroup is untouched: this shell is still in it.
	grep -qx "$$" "$MINE/cgroup.procs"
}

@test "as root: the default name is unshare-PID, seen while it runs" {
	run unshare --new-cgroup -f sh -c 'cat /proc/self/cgroup | tail -n 1; echo "$PPID"'
	assert_success
	assert_line --index 0 "0::/"
	run unshare --new-cgroup -f sh -c "ls \"$MINE\" | grep -c '^unshare-[0-9][0-9]*\$'"
	assert_output 1
	refute [ -d "$MINE/unshare-$$" ]
}

@test "nobody, in a delegated subtree: the same, and nothing left" {
	require_userns_for_nobody
	DELEG=$MINE/unshare-test-$$
	mkdir "$DELEG"
	chown nobody:nogroup "$DELEG" "$DELEG/cgroup.procs" "$DELEG/cgroup.threads" \
		"$DELEG/cgroup.subtree_control"
	run sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$DELEG" \
		setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
		"$NOBODY_BIN" --new-cgroup=job --mount-cgroup -Urm sh -c "$PROBE" sh "$HIER" 7"$BATS_TEST_NUMBER"2
	assert_success
	assert_line --index 0 "0::/"
	assert_line --index 2 "in the mounted root"
	run pgrep -f "sleep 7${BATS_TEST_NUMBER}2"
	assert_failure
	assert_equal "$(children "$DELEG")" ""
}

@test "nobody outside a delegated subtree: refused with the way to one, 125, nothing made" {
	nobody_copy
	before=$(children "$MINE")
	run as_nobody "$NOBODY_BIN" --new-cgroup -Ur true
	assert_failure 125
	assert_said "--new-cgroup" "cannot move processes in your cgroup" "delegated" \
		"systemd-run --user --scope -p Delegate=yes"
	assert_equal "$(children "$MINE")" "$before"
}

@test "a later step that fails removes the cgroup; a name is one component, not taken" {
	before=$(children "$MINE")
	run unshare --new-cgroup=t5 --wd=/nonexistent true
	assert_failure 125
	assert_said "--wd=/nonexistent" "No such file or directory"
	assert_equal "$(children "$MINE")" "$before"
	run unshare --new-cgroup=t5 -p --mount-proc=/nonexistent true
	assert_failure 125
	assert_equal "$(children "$MINE")" "$before"
	for bad in a/b .. . cgroup.procs; do
		run unshare --new-cgroup="$bad" true
		assert_failure 125
		assert_said "--new-cgroup=$bad"
	done
	mkdir "$MINE/t5-taken"
	run unshare --new-cgroup=t5-taken true
	rmdir "$MINE/t5-taken"
	assert_failure 125
	assert_said "cannot make the cgroup t5-taken" "File exists" "give another name"
	run unshare --new-cgroup --no-fork true
	assert_failure 125
	assert_said "--new-cgroup needs a child process"
	# The longest name we take (limits.bats) the kernel takes too.
	run unshare --new-cgroup="$(printf 'n%.0s' {1..200})" echo ran
	assert_success
	assert_output ran
	assert_equal "$(children "$MINE")" "$before"
}

@test "the undo armed in the parent leaves the program the caller's ignored and blocked signals" {
	local want options
	want=$(env --ignore-signal=HUP,INT,TERM,QUIT --block-signal=USR1 grep '^Sig\(Ign\|Blk\)' /proc/self/status)
	for options in --new-cgroup "--new-cgroup --init"; do
		# shellcheck disable=SC2086 # the options are words
		run env --ignore-signal=HUP,INT,TERM,QUIT --block-signal=USR1 \
			"$UNSHARE_BIN" $options grep '^Sig\(Ign\|Blk\)' /proc/self/status
		assert_success
		assert_equal "$options: $output" "$options: $want"
	done
}

@test "the cgroup's removal refused: said, with what to do, after the program's own status" {
	run "$UNSHARE_TESTLIB/errno-inject" unlinkat EACCES -- "$UNSHARE_BIN" --new-cgroup=t8 true
	rmdir "$MINE/t8"
	assert_success
	assert_said "--new-cgroup" "removing the cgroup t8" "Permission denied" "rmdir"
}

@test "--mount-cgroup where the mount API fails: 125 and the error, never the caller's hierarchy left in place silently" {
	run "$UNSHARE_TESTLIB/errno-inject" fsopen ENOMEM -- "$UNSHARE_BIN" --mount-cgroup -Urm true
	assert_failure 125
	assert_said "--mount-cgroup" "cannot mount cgroup2" "Cannot allocate memory"
}

@test "the plan shows it: a step for each part, in text and JSON" {
	run unshare --dry-run --new-cgroup=t6 --mount-cgroup -r true
	assert_success
	assert_line --regexp "^cgroup-make +make t6 in $MINE, removed at the end$"
	assert_line --regexp '^cgroup-enter +move into t6; unshare the cgroup namespace$'
	assert_line --regexp "^cgroup-mount +mount cgroup2 on $HIER "
	# The parent's unshare(2) leaves the cgroup namespace to the child.
	assert_line --regexp '^effective +0x[0-9a-f]+ mount, user, fs'
	refute_line --regexp '^effective .*cgroup'
	run unshare --dry-run --json --new-cgroup=t6 --mount-cgroup --propagation=shared -r true
	run python3 -c '
import json, sys
s = json.loads(sys.argv[1])["plan"]["steps"]
print([x["step"] for x in s if x["step"].startswith("cgroup")])
print([x.get("name") for x in s if x["step"] == "cgroup-make"])' "$output"
	assert_line --index 0 "['cgroup-make', 'cgroup-enter', 'cgroup-private', 'cgroup-mount']"
	assert_line --index 1 "['t6']"
}

@test "--list says whether --new-cgroup can be used here, and where" {
	run unshare --list
	assert_success
	assert_line --index -1 "--new-cgroup: usable, in $MINE"
	run unshare --list --json
	assert_output --partial "\"new_cgroup\":{\"status\":\"usable\",\"parent\":\"$MINE\"}"
	nobody_copy
	run as_nobody env COLUMNS=1000 "$NOBODY_BIN" --list
	assert_success
	assert_line --index -1 --regexp "^--new-cgroup: needs a cgroup delegated to you, not .*systemd-run --user --scope -p Delegate=yes"
	run as_nobody "$NOBODY_BIN" --list --json
	assert_output --partial '"new_cgroup":{"status":"needs-delegation",'
}
