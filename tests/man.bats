#!/usr/bin/env bats
# The man page is clean and describes every option and exit status.

load helpers

@test "the man page is clean under mandoc -Tlint" {
	command -v mandoc >/dev/null || need "mandoc is not installed (apt-get install mandoc)"
	run mandoc -Tlint -W warning "$UNSHARE_MAN"
	assert_success
	assert_output ''
}

@test "the man page lays out on an 80-column terminal without a warning" {
	command -v groff >/dev/null || need "groff is not installed (apt-get install groff-base)"
	# As man(1) lays it out for 80 columns: lines of 78, tables
	# through tbl, every warning on.
	run --separate-stderr groff -t -man -Tutf8 -rLL=78n -ww -z "$UNSHARE_MAN"
	assert_success
	assert_equal "$stderr" ''
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
	# man-pages(7)'s sections in its order; ours (SIGNALS, JSON...)
	# between them.
	order=$(grep -n -E '^\.SH (NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXIT STATUS|ENVIRONMENT|FILES|NOTES|BUGS|EXAMPLES|AUTHORS|"?REPORTING BUGS"?|"?SEE ALSO"?)$' "$UNSHARE_MAN" |
		sed 's/^[0-9]*:\.SH //; s/"//g' | paste -sd,)
	assert_equal "$order" "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,ENVIRONMENT,FILES,NOTES,BUGS,EXAMPLES,AUTHORS,REPORTING BUGS,SEE ALSO"
	# SEE ALSO by section, then by name.
	run sed -n '/^\.SH "\{0,1\}SEE ALSO/,$s/^\.BR \([^ ]*\) (\([0-9]\)).*/\2 \1/p' "$UNSHARE_MAN"
	assert_success
	[ "${#lines[@]}" -gt 5 ] || fail "SEE ALSO: ${lines[*]}"
	assert_equal "$output" "$(sort -k1,1n -k2,2 <<<"$output")"
}

@test "--version and the man page name the same version" {
	run unshare --version
	assert_success
	local version=${lines[0]#unshare }
	run grep -c "^\.TH UNSHARE 1 [0-9-]* \"unshare $version\"" "$UNSHARE_MAN"
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

@test "the man page's JSON section names every key our JSON has" {
	require_root
	unshare --dry-run --json -r --pid --mount-proc --boottime=5 --kill-child --keep-env=HOME --root=/ >plan
	unshare --dry-run --json --propagation=unchanged --mount-proc=/proc --setuid=1 true >>plan
	unshare --list --json >flags
	unshare --verbose --json -r --uts --pid --mount-proc --fs true 2>events || true
	"$UNSHARE_TESTLIB/errno-inject" unshare EPERM -- "$UNSHARE_BIN" --verbose --json --net true 2>failed || true
	run keys_of plan flags events failed
	assert_success
	keys=$output
	# Each key bold in the section: the words of its .B and .BR lines.
	section=$(sed -n '/^\.SH JSON$/,/^\.SH /p' "$UNSHARE_MAN" | grep -E '^\.BR? ' | sed -E 's/^\.BR? //; s/"//g; s/\\//g' | tr -s ' ,' '\n')
	missing=
	for k in $keys version shell_from errno error; do
		grep -qx -- "$k" <<<"$section" || missing="$missing $k"
	done
	assert_equal "$missing" ''
	# And the run gave what this test expects to look at.
	for k in version event plan steps flags shared sharers entry outcome errno text status; do
		grep -qx -- "$k" <<<"$keys" || fail "no key $k in the JSON looked at"
	done
}
