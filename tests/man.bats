#!/usr/bin/env bats
# The man pages are clean, short enough to read, and describe every
# option, exit status, step kind and JSON key; README's first command
# prints what README says it prints.

load helpers

# The second page, the reference, beside the first.
REFERENCE_MAN=$(dirname "$UNSHARE_MAN")/unshare-reference.7

# lay_out PAGE: PAGE as man(1) lays it out for 80 columns (lines of 78,
# tables through tbl), as plain text.
lay_out() {
	groff -t -man -Tutf8 -rLL=78n -rLT=78n -P-cbou "$1"
}

@test "both man pages are clean under mandoc -Tlint" {
	command -v mandoc >/dev/null || need "mandoc is not installed (apt-get install mandoc)"
	run mandoc -Tlint -W warning "$UNSHARE_MAN" "$REFERENCE_MAN"
	assert_success
	assert_output ''
}

@test "both man pages lay out on an 80-column terminal without a warning or a wider line" {
	command -v groff >/dev/null || need "groff is not installed (apt-get install groff-base)"
	local page
	for page in "$UNSHARE_MAN" "$REFERENCE_MAN"; do
		# Every warning on.
		run --separate-stderr groff -t -man -Tutf8 -rLL=78n -ww -z "$page"
		assert_success
		assert_equal "$stderr" ''
		# An example is laid out as it is written: it must fit too.
		run python3 -c '
import sys
for n, line in enumerate(sys.stdin, 1):
    if len(line.rstrip("\n")) > 80:
        print(sys.argv[1], n, line, end="")' "$page" < <(lay_out "$page")
		assert_success
		assert_output ''
	done
}

@test "man unshare lays out in at most 800 lines at 80 columns" {
	command -v groff >/dev/null || need "groff is not installed (apt-get install groff-base)"
	local n n7
	n=$(lay_out "$UNSHARE_MAN" | wc -l)
	n7=$(lay_out "$REFERENCE_MAN" | wc -l)
	echo "# man unshare: $n lines at 80 columns (unshare-reference(7): $n7)" >&3
	[ "$n" -gt 100 ] || fail "man unshare: $n lines: not laid out?"
	[ "$n" -le 800 ] || fail "man unshare: $n lines at 80 columns, more than 800"
}

@test "every long option in --help has an entry of its own in the man page" {
	run unshare --help
	assert_success
	opts=$(grep -o -- '--[a-z][a-z-]*' <<<"$output" | sort -u)
	[ -n "$opts" ]
	# The heads of the entries (the line after .TP, or .TQ for an alias),
	# roff escapes out: an option named only in running text does not
	# count.
	heads=$(grep -A1 -E '^\.(TP|TQ)$' "$UNSHARE_MAN" | grep -v -E '^(\.TP|\.TQ|--)$' | sed 's/\\//g')
	missing=
	for o in $opts; do
		grep -q -- "$o\\b" <<<"$heads" || missing="$missing $o"
	done
	assert_equal "$missing" ''
}

@test "the man page documents each exit status" {
	for code in 125 126 127; do
		grep -A1 '^\.TP' "$UNSHARE_MAN" | grep -qx "\.B $code" ||
			fail "exit status $code is not in the man page"
	done
}

@test "the man page has the sections a distribution expects, in their order" {
	run grep '^\.SH ' "$UNSHARE_MAN"
	assert_success
	local order
	# man-pages(7)'s sections in its order; ours (COMPATIBILITY)
	# between them.
	order=$(grep -n -E '^\.SH (NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXIT STATUS|ENVIRONMENT|FILES|NOTES|BUGS|EXAMPLES|AUTHORS|"?REPORTING BUGS"?|"?SEE ALSO"?)$' "$UNSHARE_MAN" |
		sed 's/^[0-9]*:\.SH //; s/"//g' | paste -sd,)
	assert_equal "$order" "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,ENVIRONMENT,FILES,NOTES,BUGS,EXAMPLES,AUTHORS,REPORTING BUGS,SEE ALSO"
	# SEE ALSO by section, then by name.
	run sed -n '/^\.SH "\{0,1\}SEE ALSO/,$s/^\.BR \([^ ]*\) (\([0-9]\)).*/\2 \1/p' "$UNSHARE_MAN"
	assert_success
	[ "${#lines[@]}" -gt 5 ] || fail "SEE ALSO: ${lines[*]}"
	assert_equal "$output" "$(sort -k1,1n -k2,2 <<<"$output")"
	assert_line '7 unshare\-reference'
}

@test "--version and both man pages name the same version" {
	run unshare --version
	assert_success
	local version=${lines[0]#unshare }
	run grep -c "^\.TH UNSHARE 1 [0-9-]* \"unshare $version\"" "$UNSHARE_MAN"
	assert_output 1
	run grep -c "^\.TH UNSHARE\\\\-REFERENCE 7 [0-9-]* \"unshare $version\"" "$REFERENCE_MAN"
	assert_output 1
}

@test "NEWS starts with the version --version names" {
	run unshare --version
	assert_success
	local version=${lines[0]#unshare }
	run grep -m1 '^\* Version ' "$BATS_TEST_DIRNAME/../NEWS"
	assert_success
	assert_output --regexp "^\* Version ${version//./\\.} "
}

# keys_of FILE...: every key of every JSON object in FILEs (a document or
# event a line), one a line.
keys_of() {
	python3 -c '
import json, sys
keys = set()
def walk(v):
    if isinstance(v, dict):
        keys.update(v)
        for x in v.values(): walk(x)
    elif isinstance(v, list):
        for x in v: walk(x)
for name in sys.argv[1:]:
    for line in open(name):
        walk(json.loads(line))
print("\n".join(sorted(keys)))' "$@"
}

# bold_words: the words of the .B and .BR lines on stdin, roff escapes
# out, one a line.
bold_words() {
	grep -E '^\.BR? ' | sed -E 's/^\.BR? //; s/"//g; s/\\//g' | tr -s ' ,' '\n'
}

@test "the reference page names every key our JSON has" {
	require_root
	unshare --dry-run --json -r --pid --mount-proc --boottime=5 --kill-child --keep-env=HOME --root=/ >plan
	unshare --dry-run --json --propagation=unchanged --mount-proc=/proc --setuid=1 true >>plan
	# The container's steps, its mounts, a note and predictions (125: a FILE that
	# cannot be made), and the hand-off's document.
	unshare --dry-run --json -U -n --loopback --pivot-root=/ --hostname=h --domainname=d \
		--mount-dev --tmpfs=/tmp:size=1m --mount-sysfs --ro-bind=/etc:/mnt \
		--info-fd=3 --pid-file=/nonexistent/pid --wait-fd=4 --no-new-privs --init true >>plan 3>/dev/null 4</dev/null || true
	unshare -pf --mount-proc --init --info-fd=3 true 3>info
	unshare --list --json >flags
	unshare --list=steps --json >steps
	unshare --list=options --json >options
	unshare --verbose --json -r --uts --pid --mount-proc --fs true 2>events || true
	"$UNSHARE_TESTLIB/errno-inject" unshare EPERM -- "$UNSHARE_BIN" --verbose --json --net true 2>failed || true
	run keys_of plan flags steps options events failed info
	assert_success
	keys=$output
	# Each key bold in the page (a step's members where the step is).
	words=$(bold_words <"$REFERENCE_MAN")
	missing=
	for k in $keys version shell_from errno error; do
		grep -qx -- "$k" <<<"$words" || missing="$missing $k"
	done
	assert_equal "$missing" ''
	# And the run gave what this test expects to look at.
	for k in version event plan steps flags shared sharers entry outcome errno text status does words predictions hint init_pid ns; do
		grep -qx -- "$k" <<<"$keys" || fail "no key $k in the JSON looked at"
	done
}

@test "the reference page describes every kind of step, in run order" {
	run unshare --list=steps --raw --noheadings --output=step
	assert_success
	[ "${#lines[@]}" -gt 20 ] || fail "--list=steps: $output"
	local kinds=$output
	# The heads of THE STEPS OF A RUN: the line after each .TP.
	run bash -c 'sed -n "/^\.SH \"THE STEPS OF A RUN\"$/,/^\.SH /p" "$1" |
		grep -A1 "^\.TP$" | grep -v -E "^(\.TP|--)$"' _ "$REFERENCE_MAN"
	assert_success
	assert_equal "$(bold_words <<<"$output")" "$kinds"
}

@test "README's first command prints what README says it prints" {
	local readme=$BATS_TEST_DIRNAME/../README.md
	# The first command of README, and the sentence that says what it
	# prints.
	run sed -n '/^```sh$/{n;p;q}' "$readme"
	assert_success
	[[ $output == *" && ./src/unshare --verbose --user --mount true" ]] ||
		fail "README's first command is now: $output"
	tr '\n' ' ' <"$readme" | grep -q 'the four flags the kernel adds' ||
		fail "README no longer says what its first command prints"
	require_userns_for_self
	run --separate-stderr unshare --verbose --user --mount true
	assert_success
	check_stderr
	# The two flags asked for, the four the kernel adds, the inode of
	# each new namespace before and after.
	assert_line --regexp '^unshare: requested +mount, user$'
	assert_line --regexp '^unshare: effective +0x10030b00 mount, user, fs, vm, sighand, thread$'
	assert_line --regexp '^unshare: mnt +[0-9]+ -> [0-9]+$'
	assert_line --regexp '^unshare: user +[0-9]+ -> [0-9]+$'
}
