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

@test "--help groups the options under headings" {
	run unshare --help
	assert_success
	assert_line --partial 'Usage: unshare [OPTION...] [--] [PROGRAM [ARGUMENT...]]'
	assert_line ' Namespaces (each a new one of its kind):'
	assert_line ' Process context (each a private copy):'
	assert_line ' Execution:'
	assert_line ' Output:'
	assert_line --regexp '^  -m, --mount\[=FILE\] +new mount namespace'
	assert_line --regexp '^      --sysvsem +System V semaphore undo list'
	# Each kind of value: none, required, optional.
	assert_line --regexp '^  -S, --setuid=UID +run the program as UID'
	assert_line --regexp '^      --mount-proc\[=DIR\] +mount a fresh proc'
	assert_line --regexp '^      --loopback +bring lo up'
	assert_line --partial '125 if unshare itself fails'
}

@test "--help lists each group in a logical order (the table's), not by name, in 79 columns" {
	run unshare --help
	assert_success
	local order
	order=$(sed -n '/^ Namespaces/,/^$/p' <<<"$output" | grep -oE '^(  -., |      )--[a-z-]+' | sed 's/.*--//' | paste -sd' ')
	assert_equal "$order" "mount uts ipc net pid user cgroup time mount-proc new-cgroup mount-cgroup propagation mount-binfmt load-interp loopback monotonic boottime"
	order=$(sed -n '/^ User namespace/,/^$/p' <<<"$output" | grep -oE '^(  -., |      )--[a-z-]+' | sed 's/.*--//' | paste -sd' ')
	assert_equal "$order" "map-root-user map-current-user map-user map-group map-users map-groups map-auto map-subids owner setgroups setuid setgid keep-caps"
	# -h shown as the help's letter, and nothing past column 79.
	assert_line --regexp '^  -h, --help +'
	run awk 'length > 79' <<<"$output"
	assert_output ''
}

@test "-h is --help" {
	run unshare -h
	assert_success
	assert_line ' Namespaces (each a new one of its kind):'
}

@test "an unknown long option is refused with 125, named, with a pointer to --help" {
	run unshare --bogus true
	assert_failure 125
	assert_line --index 0 "unshare: unrecognized option '--bogus'"
	assert_line --index 1 "Try 'unshare --help' or 'unshare --usage' for more information."
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
	run unshare --dry-run -- --mount x
	assert_success
	assert_line 'requested    (nothing)'
	assert_line 'program      --mount x'
}

@test "options before the program are ours, in any order" {
	run unshare --dry-run -u --ipc -n echo -n hi
	assert_success
	assert_line 'requested    uts, ipc, net'
	assert_line 'program      echo -n hi'
}

@test "abbreviated long options work when unambiguous" {
	run unshare --dry-r --ut true
	assert_success
	assert_line 'requested    uts'
}

@test "an ambiguous abbreviation is refused with 125" {
	run unshare --fo true
	assert_failure 125
	assert_line --index 0 --partial "option '--fo' is ambiguous"
}

@test "--net= (an empty FILE) is refused" {
	run unshare --net= true
	assert_failure 125
	assert_line --index 0 "unshare: --net=: give a value"
}

@test "a namespace letter takes no FILE: -n/tmp/x is refused, as util-linux refuses it" {
	run unshare --dry-run -n/tmp/x true
	assert_failure 125
	assert_line --index 0 "unshare: invalid option -- '/'"
	run unshare --dry-run --net=/tmp/x true
	assert_success
	assert_line --regexp '^persist +net in /tmp/x$'
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
		"--mount --uts --net=/tmp/n --flags=ipc,0x400 true"
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
