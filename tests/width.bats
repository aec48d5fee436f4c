#!/usr/bin/env bats
# What --dry-run, --verbose, --list and --help print for people reads at
# a glance: every line fits the terminal (80 and 120 columns here), no
# word is broken at its edge, and no fact is said twice
# (tests/width.py checks each).  As root and as nobody; the same in
# German is in nls.bats, which runs against an installed build.

load helpers

# fits COMMAND...: each COMMAND line (a string of options) at 80 and 120
# columns, in one run of the check.
fits() {
	# shellcheck disable=SC2086 # the runner is words
	printf '%s\n' "$@" | python3 "$BATS_TEST_DIRNAME/width.py" 80,120 - $RUNNER
}

@test "root: the plan, its long form, the run's narration, --list and --help fit, unbroken, each fact once" {
	require_root
	RUNNER=$UNSHARE_BIN
	run fits \
		"--dry-run -Urm --mount-proc -pf true" \
		"--dry-run -vv -r --mount-proc -pf --kill-child=TERM --monotonic=-1.5 true" \
		"--dry-run -r --net=$BATS_TEST_TMPDIR/ns --loopback --boottime=2 -S0 -G0 --keep-caps --kill-child -f --keep-env=HOME,TERM --init -p --wd=/ true" \
		"--dry-run --owner=65534:65534 -r true" \
		"--dry-run --map-users=0:100000:65536 --map-groups=0:100000:65536 true" \
		"--verbose -Urm --mount-proc -pf true" \
		"--verbose -n --loopback -r true" \
		"-vv --pid --mount-proc -f --kill-child=TERM true" \
		"--verbose --fs --files true" \
		"--list" \
		"--list=steps" \
		"--help"
	assert_success
	assert_equal "${#lines[@]}" 24
}

@test "nobody: the same, with the refusals a user meets" {
	require_userns_for_nobody
	RUNNER="setpriv --reuid=nobody --regid=nogroup --clear-groups -- $NOBODY_BIN"
	run fits \
		"--dry-run -Urm --mount-proc -pf true" \
		"--verbose -Urm --mount-proc -pf true" \
		"--verbose -r true" \
		"--verbose --fs --files true" \
		"-vv -r --fs true" \
		"--list"
	nobody_cleanup
	assert_success
	assert_equal "${#lines[@]}" 12
}

@test "the check itself fails on a line too wide, a broken word, a fact said twice" {
	cat >say <<'EOF'
#!/bin/sh
# Prints its argument as-is, whatever COLUMNS says, or broken at column 20
# when COLUMNS is not 1000, mid-word.
if [ "$COLUMNS" = 1000 ] || [ "$1" != cut ]; then printf '%s\n' "$2"; else
	printf '%s\n' "$2" | fold -w 20; fi
EOF
	chmod +x say
	run python3 "$BATS_TEST_DIRNAME/width.py" 80 ./say plain "label $(printf 'x%.0s' {1..90})"
	assert_failure
	assert_line --partial "wider than 80"
	run python3 "$BATS_TEST_DIRNAME/width.py" 80 ./say cut "label $(printf 'a%.0s' {1..28})"
	assert_failure
	assert_line --partial "words broken"
	run python3 "$BATS_TEST_DIRNAME/width.py" 80 ./say plain "$(printf 'one  the same five words here\ntwo  the same five words here\n')"
	assert_failure
	assert_line --partial "said 2 times: the same five words here"
	run python3 "$BATS_TEST_DIRNAME/width.py" 80 ./say plain "label all is well"
	assert_success
	assert_output "1 lines, 18 characters, longest 17"
}

# max_message_lines: the most lines any message of ours takes on stdin
# (its "unshare:" line, its "hint:" line and the lines that go on with
# them), and that no line is wider than 80 columns.
max_message_lines() {
	awk '/^unshare: /{ n = 1; if (n > most) most = n; next }
		/^hint: |^ /{ if (++n > most) most = n; next }
		{ n = 0 }
		length > 80 { wide = 1 }
		END { print most + 0 (wide ? " wide" : "") }'
}

@test "--dry-run's foreseen failures and the ambiguous option fit three lines at 80 columns" {
	local err
	err=$(COLUMNS=80 "$UNSHARE_BIN" --dry-run --new-cgroup=ut-$$-w --cgroup-set=pids.max=5 --cgroup-set=cgroup.nonesuch=1 true 2>&1 >/dev/null || :)
	[ -n "$err" ] || fail "nothing foreseen"
	[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$err"
	err=$(COLUMNS=80 "$UNSHARE_BIN" --m true 2>&1 || :)
	assert_equal "$(grep -c '^unshare: ' <<<"$err")" 1
	[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$err"
	require_userns_for_nobody
	err=$(COLUMNS=80 setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$NOBODY_BIN" --dry-run --new-cgroup -n -p true 2>&1 >/dev/null || :)
	[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$err"
	nobody_cleanup
}

@test "a long value typed is cut with an ellipsis, its start and end kept: three lines at 80 columns" {
	local long err
	# As root: another user's run fails first, before the value matters.
	require_root
	long=$(printf 'a%.0s' {1..60})bcdefg
	for args in "-u --hostname=${long}" "--new-cgroup=$(printf 'x%.0s' {1..260})END" \
		"--cgroup-set=pids.max=1$(printf '0%.0s' {1..300})9 --new-cgroup=ut$$-l" \
		"--root=/$(printf 'd%.0s' {1..200})/end"; do
		# shellcheck disable=SC2086 # the options are words
		err=$(LC_ALL=C.UTF-8 COLUMNS=80 "$UNSHARE_BIN" $args true 2>&1 || :)
		[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$err"
		[[ $err == *"…"* ]] || fail "no ellipsis: $err"
	done
	err=$(LC_ALL=C.UTF-8 COLUMNS=80 "$UNSHARE_BIN" -u --hostname="$long" true 2>&1 || :)
	[[ $err == "unshare: --hostname=aaaa"*"…"*"abcdefg"* ]] || fail "$err"
	# Without a terminal's width (JSON), nothing is cut.
	err=$("$UNSHARE_BIN" --verbose --json -u --hostname="$long" true 2>&1 || :)
	[[ $err == *"$long"* ]] || fail "$err"
	# In the C locale, three dots.
	err=$(LC_ALL=C COLUMNS=80 "$UNSHARE_BIN" -u --hostname="$long" true 2>&1 || :)
	[[ $err == *"a...a"* ]] || fail "$err"
	[ "$(awk 'length > 80' <<<"$err")" = "" ] || fail "wider than 80: $err"
}

@test "three long values at 50 columns, too long cut to half a line: each cut to a quarter, three lines none wider" {
	require_root
	local root dst err
	root=$BATS_TEST_TMPDIR/$(printf 'r%.0s' {1..150})
	dst=/$(printf 'n%.0s' {1..150})/conf
	mkdir "$root"
	# DST's directory missing in the new root: DST in the message, the
	# root and the path to make in the hint.
	err=$(LC_ALL=C COLUMNS=50 "$UNSHARE_BIN" --pivot-root="$root" --ro-bind=/etc/hostname:"$dst" true 2>&1 || :)
	[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$err"
	[ "$(awk 'length > 50' <<<"$err")" = "" ] || fail "wider than 50 columns: $err"
	[[ $err == "unshare: --r"*"...onf: No such file"* ]] || fail "$err"
	[[ $err == *"hint: it is inside --p"*"..."* ]] || fail "$err"
}

@test "a message in many short words, too long for three lines at 40 columns: the hint, then what failed, kept to three lines with an ellipsis" {
	require_userns_for_nobody
	nobody_copy
	local err cols
	# Under a seccomp filter, unshare(2) names six flags and the hint
	# its evidence: at 80 columns three lines, at 40 more than three
	# even with each word cut.
	for cols in 80 40; do
		err=$(as_nobody env LC_ALL=C COLUMNS="$cols" "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x80 -- "$NOBODY_BIN" -r --time true 2>&1 || :)
		[ "$(max_message_lines <<<"$err")" -le 3 ] || fail "$cols columns: $err"
		[ "$(awk -v w="$cols" 'length > w' <<<"$err")" = "" ] || fail "wider than $cols columns: $err"
		[[ $err == "unshare: "*"time"* ]] || fail "$err"
		[[ $err == *"hint: "* ]] || fail "$err"
	done
	[[ $err == *"..." ]] || fail "not cut at 40 columns: $err"
	nobody_cleanup
}
