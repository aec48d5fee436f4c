#!/usr/bin/env bats
# Our unshare against Debian's util-linux unshare, line by line: what the
# program sees and what is left behind must be the same, or differ as
# the man page's COMPATIBILITY section says (tests/differential.py).

load helpers

setup() {
	common_setup
	require_root
	if ! /usr/bin/unshare --version 2>/dev/null | grep -q util-linux; then
		need "util-linux's unshare is not installed (apt-get install util-linux)"
	fi
	command -v newuidmap >/dev/null || need "newuidmap is not installed (apt-get install uidmap)"
	# util-linux 2.38 maps ranges through newuidmap even as root: root
	# and nobody get subordinate ids for the run, in files of the test's
	# own (with_subids).
	printf 'root:100000:65536\nnobody:100000:65536\n' |
		tee "$BATS_TEST_TMPDIR/subuid" >"$BATS_TEST_TMPDIR/subgid"
}

# In a mount namespace of its own on one CPU (see same_cpu), so that
# keeping a mount namespace in a file never fails for the kernel's ids;
# with the test's /etc/subuid and /etc/subgid.  compare TABLE [--sample]
compare() {
	with_subids same_cpu python3 "$BATS_TEST_DIRNAME/differential.py" \
		"$UNSHARE_BIN" /usr/bin/unshare "$UNSHARE_TESTLIB/probe" "$1" \
		"$UNSHARE_MAN" "${@:2}"
}

@test "every line of the table reads as in util-linux, or differs as COMPATIBILITY says" {
	# make check runs a sample of the table (every line that names a
	# difference, a third of the others, drawn at random), the stress
	# run all of it.
	local sample=--sample
	[ "${UNSHARE_STRESS:-0}" = 1 ] && sample=
	run compare "$BATS_TEST_DIRNAME/differential.lines" ${sample:+"$sample"}
	printf '# %s\n' "${lines[@]}" >&3
	assert_success
	if [ "${UNSHARE_STRESS:-0}" = 1 ]; then
		assert_line --regexp '^[0-9]{3} lines, each as root and as nobody: [0-9]+ the same, [0-9]+ deliberately different, 0 failures$'
	else
		assert_line --regexp '^[0-9]{2,} of [0-9]{3} lines \(.*\), each as root and as nobody: [0-9]+ the same, [0-9]+ deliberately different, 0 failures$'
	fi
	[ "$(grep -c '^deliberate' <<<"$output")" -ge 15 ]
}

@test "the comparison fails on a difference not listed, a name not in the man page, or a stale name" {
	printf -- '-p\n' >unlisted
	run compare unlisted
	assert_failure
	assert_line --partial 'FAIL as root: -p: ns pid: ours new, util-linux same'
	printf -- '-p\t# no such difference\n' >unknown
	run compare unknown
	assert_failure
	assert_line --partial "FAIL as root: -p: 'no such difference' is not in the man page's COMPATIBILITY section"
	printf -- '-m\t# --pid implies --fork\n' >stale
	run compare stale
	assert_failure
	assert_line "FAIL: -m: named '--pid implies --fork' but no different"
}
