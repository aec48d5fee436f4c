#!/usr/bin/env bats
# The man page is clean and describes every option and exit status.

load helpers

@test "the man page is clean under mandoc -Tlint" {
	command -v mandoc >/dev/null || need "mandoc is not installed (apt-get install mandoc)"
	run mandoc -Tlint -W warning "$UNSHARE_MAN"
	assert_success
	assert_output ''
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
	order=$(grep -n -E '^\.SH (NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXIT STATUS|ENVIRONMENT|FILES|BUGS|AUTHORS|"?REPORTING BUGS"?|"?SEE ALSO"?)$' "$UNSHARE_MAN" |
		sed 's/^[0-9]*:\.SH //; s/"//g' | paste -sd,)
	assert_equal "$order" "NAME,SYNOPSIS,DESCRIPTION,OPTIONS,EXIT STATUS,ENVIRONMENT,FILES,BUGS,AUTHORS,REPORTING BUGS,SEE ALSO"
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
