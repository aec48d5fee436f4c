#!/usr/bin/env bats
# Load: many runs at once, as nobody and as root, all succeed and leave
# no mount and no process behind.
# Runs alone: it loads the machine.

load helpers

setup() {
	common_setup
	require_root
	require_userns_for_nobody
}

teardown() {
	nobody_cleanup
}

# load_runs COMMAND...: 500 runs (50 but in the stress run), 50 at a
# time; fails if any run did not exit 0 (xargs then exits 123).
load_runs() {
	seq "$(stress_count 500 50)" | xargs -P 50 -I{} "$@" -- true 2>/dev/null
}

# Processes of the copy these tests run (its path is theirs alone).
leftovers() {
	pgrep -f "$NOBODY_BIN" || true
}

@test "many runs (500 in the stress run), 50 at a time, as nobody: all exit 0, nothing left" {
	mounts_snapshot
	run load_runs setpriv --reuid=nobody --regid=nogroup --clear-groups "$NOBODY_BIN" --user --map-root-user --net --mount
	assert_success
	assert_no_new_mounts
	assert_equal "$(leftovers)" ""
}

@test "many runs (500 in the stress run), 50 at a time, as root: all exit 0, nothing left" {
	mounts_snapshot
	run load_runs "$NOBODY_BIN" --user --map-root-user --net --mount
	assert_success
	assert_no_new_mounts
	assert_equal "$(leftovers)" ""
}
