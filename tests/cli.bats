#!/usr/bin/env bats
# The command line: help, version, option order, usage errors.

load helpers

@test "--version in the GNU form: version, copyright, licence and warranty, authors" {
	run unshare --version
	assert_success
	assert_line --index 0 --regexp '^unshare [0-9]+\.[0-9]+\.[0-9]+$'
	assert_line --index 1 'Copyright (C) 2026 the unshare authors.'
	assert_line --index 2 'License GPL-2.0-or-later: GNU GPL version 2 or later <https://gnu.org/licenses/old-licenses/gpl-2.0.html>.'
	assert_line --index 3 'This is free software: you are free to change and redistribute it.'
	assert_line --index 4 'There is NO WARRANTY, to the extent permitted by law.'
	assert_line --index 5 'Written by the unshare authors (see the AUTHORS file).'
	assert_equal "${#lines[@]}" 6
	# -V is the same.
	local long=$output
	run unshare -V
	assert_success
	assert_equal "$output" "$long"
}

@test "--help groups the options under headings, one line each, then an example" {
	run unshare --help
	assert_success
	assert_line --index 0 'Usage: unshare [OPTION...] [--] [PROGRAM [ARGUMENT...]]'
	assert_line --regexp '^ Namespaces '
	assert_line --regexp '^ User namespace '
	assert_line --regexp '^ Process context '
	assert_line ' Execution:'
	assert_line ' Output:'
	assert_line --regexp '^  -m, --mount\[=FILE\] +mount table$'
	assert_line --regexp '^      --sysvsem +System V semaphore undo list$'
	assert_line --regexp '^  -h, --help, --usage, -V, --version$'
	# An example to copy: a root shell (more in the man page).
	assert_line --regexp '^ Example: unshare -r +[a-z].*unshare\(1\)$'
	# The exit statuses, and where to read more.
	assert_line --regexp '125.*126.*127'
	assert_output --partial 'unshare(1)'
	# Each kind of value: none, required, optional.
	assert_line --regexp '^  -S, --setuid=USER +run the program as USER$'
	assert_line --regexp '^      --mount-proc\[=DIR\] +mount proc on DIR'
	assert_line --regexp '^      --loopback +bring lo up$'
}

@test "--help fits 80 lines of at most 79 columns, each option on one line" {
	run env LC_ALL=C "$UNSHARE_BIN" --help
	assert_success
	[ "${#lines[@]}" -le 80 ] || fail "--help is ${#lines[@]} lines"
	run awk 'length > 79' <<<"$output"
	assert_output ''
	# No option's text goes on to a second line; only the usage's
	# footer may.
	run unshare --help
	run grep -c '^                              ' <<<"$output"
	assert_output 0
}

@test "--help lists each group in a logical order (the table's), not by name" {
	run unshare --help
	assert_success
	local order
	order=$(sed -n '/^ Namespaces/,/^$/p' <<<"$output" | grep -oE '^(  -., |      )--[a-z-]+' | sed 's/.*--//' | paste -sd' ')
	assert_equal "$order" "mount uts ipc net pid user cgroup time mount-proc mount-dev tmpfs bind ro-bind mount-sysfs sysctl new-cgroup cgroup-set mount-cgroup propagation mount-binfmt load-interp loopback monotonic boottime hostname domainname"
	order=$(sed -n '/^ User namespace/,/^$/p' <<<"$output" | grep -oE '^(  -., |      )--[a-z-]+' | sed 's/.*--//' | paste -sd' ')
	assert_equal "$order" "map-root-user map-current-user map-user map-group map-users map-groups map-auto map-subids owner setgroups setuid setgid keep-caps disable-userns"
}

@test "--usage: each option with its value's name, none where it takes none" {
	run unshare --usage
	assert_success
	assert_output --partial "[-cCfiJmnprTuUvhV]"
	assert_output --partial "[--mount-proc[=DIR]]"
	assert_output --partial "[--dry-run]"
	refute_output --partial "="$'\n'
	refute_output --regexp "\[--[a-z-]+=\]"
	refute_output --regexp "\[-[a-zA-Z] \]"
}

@test "-h is --help" {
	run unshare --help
	local long=$output
	run unshare -h
	assert_success
	assert_equal "$output" "$long"
}

@test "an unknown long option is refused with 125, named, with a pointer to --help" {
	run unshare --bogus true
	assert_failure 125
	assert_line --index 0 "unshare: unrecognized option '--bogus'"
	assert_line --index 1 "Try 'unshare --help' or 'unshare --usage' for more information."
}

@test "a value refused is said without the pointer to --help, which cannot fix it" {
	run unshare --propagation=bogus true
	assert_failure 125
	assert_said "--propagation=bogus" "private"
	refute_line --partial "--help"
	run unshare --setuid=no-such-user-here true
	assert_failure 125
	assert_said "--setuid" "no-such-user-here"
	refute_line --partial "--help"
}

@test "a namespace's letter with =FILE: the hint says to write the long option" {
	local arg
	for arg in -n="$BATS_TEST_TMPDIR/x" -Un="$BATS_TEST_TMPDIR/x" -rm=; do
		run unshare "$arg" true
		assert_failure 125
		assert_said "invalid option -- '='"
		assert_line --regexp "^hint: .*write --(net|mount)=(.*/x)?$"
		assert_line --partial "--help"
	done
	# '=' after a letter that is no namespace's: no such hint.
	run unshare -r= true
	assert_failure 125
	refute_line --partial "hint:"
}

@test "an unknown short option is refused with 125 and named" {
	run unshare -Z true
	assert_failure 125
	assert_line --index 0 "unshare: invalid option -- 'Z'"
}

@test "an option that takes no argument refuses one" {
	run unshare --fs=x true
	assert_failure 125
	assert_line --index 0 "unshare: option '--fs' doesn't allow an argument"
}

@test "options after the program are the program's own" {
	run unshare sh -c 'echo $0 $1' a -m
	assert_success
	assert_output 'a -m'
}

@test "-- ends our options" {
	run --separate-stderr unshare --dry-run -- --mount x
	# A program named --mount, which the run would not find.
	assert_failure 125
	assert_line 'requested    (nothing)'
	assert_line 'program      --mount x'
}

@test "options before the program are ours, in any order" {
	plan -u --ipc -n echo -n hi
	assert_success
	assert_line 'requested    uts, ipc, net'
	assert_line 'program      echo -n hi'
}

@test "abbreviated long options work when unambiguous" {
	plan --dry-r --ut true
	assert_success
	assert_line 'requested    uts'
}

@test "an ambiguous abbreviation is refused with 125" {
	run unshare --fo true
	assert_failure 125
	assert_line --index 0 --partial "option '--fo' is ambiguous"
	# All five possibilities named; of fifteen, five and an ellipsis.
	run unshare --n true
	assert_failure 125
	assert_said "'--net'" "'--new-cgroup'" "'--no-fork'" "'--no-new-privs'" "'--noheadings'"
	refute_output --partial "..."
	run unshare --m true
	assert_failure 125
	assert_said "'--mount'" "'--mount-cgroup' ..."
	refute_output --partial "'--map-"
}

@test "--net= (an empty FILE) is refused" {
	run unshare --net= true
	assert_failure 125
	assert_line --index 0 "unshare: --net=: give a value"
}

@test "a namespace letter takes no FILE: -n/PATH is refused, as util-linux refuses it" {
	run unshare --dry-run -n"$BATS_TEST_TMPDIR/x" true
	assert_failure 125
	assert_line --index 0 "unshare: invalid option -- '/'"
	plan --net="$BATS_TEST_TMPDIR/x" true
	assert_success
	assert_line --regexp "^persist +.*: net=$BATS_TEST_TMPDIR/x\$"
}

@test "an option that needs a value, last on the line: 125, and nothing read past the end" {
	run unshare -r --map-use
	assert_failure 125
	assert_line --index 0 --partial "option '--map-use' is ambiguous"
	run unshare --flags
	assert_failure 125
	run unshare -S
	assert_failure 125
	assert_line --index 0 "unshare: option requires an argument -- 'S'"
}

# Options written out exactly are read without argp; anything else goes
# through argp, from the start.  Both must make the same plan: writing
# --dry-ru for --dry-run sends the whole line through argp.
@test "exact and abbreviated options make the same plan (both parsers agree)" {
	lines_to_try=(
		"--mount --uts --net=$BATS_TEST_TMPDIR/n --flags=ipc,0x400 true"
		"-r --map-users=0:100000:65536 --setgroups=deny --kill-child=TERM --forward-signals sh -c x"
		"--pid --mount-proc=/proc --init --propagation=slave --root=/ --wd=/etc -v pwd"
		"--user --keep-caps --setuid=0 --setgid=0 --boottime=1.5 --monotonic=-2 --keep-env=A,B env"
		"--map-user=1 --map-group=2 --owner=0:0 --clear-env --no-fork --time true"
		"--fs --files --sysvsem --vm --sighand --thread -- --mount"
		"-m -u -i -n -p -U -C -T -f -S 0 -G 0 -R / -w / -l :a:E::a::/bin/cat: true"
		"--map-auto --map-subids"
	)
	for line in "${lines_to_try[@]}"; do
		read -ra words <<<"$line"
		run unshare --dry-run --json "${words[@]}"
		want=$output
		wstatus=$status
		run unshare --dry-ru --json "${words[@]}"
		assert_equal "$status" "$wstatus"
		assert_equal "$output" "$want"
	done
}

# Output that cannot be written is a failure, said as such: a full disk,
# a closed standard output.
@test "--help, --usage, --version, --dry-run and --list fail (125) when stdout cannot be written" {
	for options in --help --usage --version "--dry-run true" "--dry-run --json true" --list "--list --json"; do
		# shellcheck disable=SC2086 # the options are words
		run -125 --separate-stderr sh -c '"$UNSHARE_BIN" "$@" >/dev/full' sh $options
		assert_equal "$options: $stderr" "$options: unshare: writing standard output: No space left on device"
		# shellcheck disable=SC2086
		run -125 --separate-stderr sh -c '"$UNSHARE_BIN" "$@" >&-' sh $options
		assert_equal "$options: $stderr" "$options: unshare: writing standard output: Bad file descriptor"
	done
}
