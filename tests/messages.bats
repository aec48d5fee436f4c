#!/usr/bin/env bats
# What messages show of what the user gave: an argument or path with
# control characters or bytes that are not UTF-8 is shown in the shell's
# $'...' form, so that it cannot write escape sequences or a forged line
# to the terminal; printable text, UTF-8 included, is shown as it is.

load helpers

@test "a path with an escape sequence and a newline is shown escaped, on one line" {
	run unshare --wd=$'/no\e[2J\nunshare: fake line' true
	assert_failure 125
	assert_output "unshare: --wd=\$'/no\\033[2J\\nunshare: fake line': No such file or directory"
	run unshare --root=$'/no/\xff\x01' true
	assert_failure 125
	assert_said "--root=\$'/no/\\377\\001'" "No such file or directory"
	assert_equal "${#lines[@]}" 1
}

@test "a path with a line separator or a bidirectional control is shown escaped, in any locale" {
	# U+2028 would look like the end of the line; U+202E turns the rest
	# of it around, so that the name reads as another.
	for locale in C C.UTF-8; do
		run env LC_ALL=$locale "$UNSHARE_BIN" --wd=$'/no/a\u2028unshare: fake' true
		assert_failure 125
		assert_said "--wd=\$'/no/a\\342\\200\\250unshare: fake'" "No such file or directory"
		run env LC_ALL=$locale "$UNSHARE_BIN" --wd=$'/no/gpj.\u202eexe' true
		assert_failure 125
		assert_said "--wd=\$'/no/gpj.\\342\\200\\256exe'"
		run env LC_ALL=$locale "$UNSHARE_BIN" --wd=$'/no/\u2066x\u2069' true
		assert_failure 125
		assert_said "--wd=\$'/no/\\342\\201\\246x\\342\\201\\251'"
	done
}

@test "printable text, UTF-8 included, is shown as it is" {
	run unshare --wd=/no/été/✓ true
	assert_failure 125
	assert_output "unshare: --wd=/no/été/✓: No such file or directory"
	run unshare --wd="/no/it's \\ here" true
	assert_failure 125
	assert_output "unshare: --wd=/no/it's \\ here: No such file or directory"
}

@test "unknown options are quoted in getopt's words" {
	run unshare $'--\e[31mred' true
	assert_failure 125
	assert_line --index 0 "unshare: unrecognized option \$'--\\033[31mred'"
	run unshare $'-\x01' true
	assert_failure 125
	assert_line --index 0 "unshare: invalid option -- \$'\\001'"
	run unshare $'--map-gr=\n' true
	assert_failure 125
	assert_line --index 0 "unshare: option \$'--map-gr=\\n' is ambiguous; possibilities: '--map-group' '--map-groups'"
}

@test "option values are quoted in their messages" {
	run unshare --kill-child=$'\e]0;title\a' true
	assert_failure 125
	assert_said --index 0 "--kill-child=\$'\\033]0;title\\007':" "signal"
	run unshare --flags=$'mount,\e[K' true
	assert_failure 125
	assert_said --index 0 "--flags" "unknown flag \$'\\033[K'"
	run unshare --propagation=$'x\ry' true
	assert_failure 125
	assert_said --index 0 "--propagation=\$'x\\ry':" "private" "shared" "slave" "unchanged"
	run unshare -r --setuid=$'no\nbody' true
	assert_failure 125
	assert_line --index 0 "unshare: --setuid: no user named \$'no\\nbody'"
	run unshare -r --map-users=$'0:1\e:1' true
	assert_failure 125
	assert_line --index 0 "unshare: --map-users: \$'0:1\\033:1': ids are numbers from 0 to 4294967294"
}

@test "the program's name is quoted when it cannot be run" {
	PATH=$SEARCHABLE_PATH run -127 unshare $'no\nsuch\e[2J'
	assert_said "\$'no\\nsuch\\033[2J': No such file or directory"
	run -127 unshare ./nosuch
	assert_said "'./nosuch': No such file or directory"
}

@test "a namespace file's path is quoted" {
	require_root
	run unshare --uts=$'/no/dir\e/uts' true
	assert_failure 125
	assert_line --index 0 "unshare: --uts=\$'/no/dir\\033/uts': No such file or directory"
}

@test "--dry-run and --verbose quote the program, its arguments and paths; JSON escapes its own way" {
	run unshare --dry-run --root=$'/r\e' -- $'/bin/e\ec' "it's" plain
	# No such root: the program would not be found there.
	assert_failure 125
	assert_said "\$'/bin/e\\033c'" "No such file or directory"
	assert_line "root         chroot there: \$'/r\\033'"
	assert_line "program      \$'/bin/e\\033c' 'it'\\''s' plain"
	run unshare --dry-run --json --root=$'/r\e' true
	assert_failure 125
	assert_output --partial '{"step":"root","path":"/r\u001b"}'
}

@test "a name we are called by that cannot be shown gives way to unshare" {
	run bash -c 'exec -a "$1" "$UNSHARE_BIN" --bogus' sh $'\e[2Jevil'
	assert_failure 125
	assert_line --index 0 "unshare: unrecognized option '--bogus'"
	assert_line --index 1 "Try 'unshare --help' or 'unshare --usage' for more information."
	run bash -c 'exec -a "$1" "$UNSHARE_BIN" --bogus' sh my-unshare
	assert_line --index 0 "my-unshare: unrecognized option '--bogus'"
}

@test "no error the tool gives prints a placeholder for what was typed, and each fits three lines at 80 columns" {
	require_root
	touch wait
	run provoke_errors "$UNSHARE_BIN"
	assert_success
	# Each line provoked a message of ours.
	assert_equal "$(grep -c '^unshare: ' <<<"$output")" "$(grep -c '^== ' <<<"$output")"
	run placeholder_lines <<<"$output"
	assert_output ""
	# The check itself sees one.
	run placeholder_lines <<<$'== x\nunshare: chroot to DIR: /x: No such file'
	assert_output --partial "DIR"
}

@test "the messages' lint refuses a placeholder in a message, and in a translation" {
	local lint=$BATS_TEST_DIRNAME/../tools/check-messages
	[ -x "$lint" ] || need "no tools/check-messages in this tree"
	printf '%s\n' 'void f(void) { fail(125, NULL, 0, NULL, _("chroot to DIR: %s"), d); }' >bad.c
	run "$lint" bad.c
	assert_failure
	assert_output --partial "a placeholder in a message: DIR"
	printf '%s\n' 'void f(void) { fail(125, NULL, 0, NULL, "--%s=%s", o, v); }' >good.c
	run "$lint" good.c
	assert_success
	mkdir po
	printf 'msgid "mount proc"\nmsgstr "proc auf DIR mounten"\n' >po/de.po
	: >po/unshare.pot
	run "$lint" --catalog po/unshare.pot
	assert_failure
	assert_output --partial "a placeholder in a translation: DIR"
}
