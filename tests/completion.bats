#!/usr/bin/env bats
# Bash completion: options, and the words they take.  Most tests call
# the completion function as bash would; those named "typed" type a line
# and TAB in a real interactive bash on a pseudo-terminal (complete.py),
# so that what readline does with the candidates (quoting, the slash or
# space after them, listing them) is tested too.

load helpers

setup() {
	common_setup
	# The script completes with the unshare under test.
	source "$BATS_TEST_DIRNAME/../completion/unshare.bash"
}

# complete LINE: the candidates for LINE, as bash would ask for them.
complete_line() {
	local line=$1
	read -ra COMP_WORDS <<<"$line"
	[[ $line == *" " ]] && COMP_WORDS+=("")
	COMP_WORDS[0]=$UNSHARE_BIN
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE="$UNSHARE_BIN ${line#* }"
	COMP_POINT=${#COMP_LINE}
	COMP_WORDBREAKS=$' \t\n"'"'"'><;|&('
	_unshare
	printf '%s\n' "${COMPREPLY[@]}"
}

# typed KEYS [COMMAND...]: in an interactive bash on a new terminal, in
# the test's directory, with HOME there too and the binary under test on
# PATH as unshare, sources the completion, runs each COMMAND, then types
# KEYS.  Prints the line as it became, then the candidates bash listed.
# A second TAB lists them only if the first one added nothing to the
# line: a TAB that adds the candidates' common start takes another two.
typed() {
	local keys=$1
	shift
	typed_each "$@" -- "$keys"
}

# typed_each [COMMAND...] -- KEYS...: as typed, but every KEYS in one bash
# (which takes a few tenths of a second to start), each typed on an empty
# line; their results one after another, a line "--" between two.
typed_each() {
	local setup=()
	mkdir -p bin home
	ln -sf "$(readlink -f "$UNSHARE_BIN")" bin/unshare
	setup=(-c "source $(printf %q "$BATS_TEST_DIRNAME/../completion/unshare.bash")")
	while [ "$1" != -- ]; do
		setup+=(-c "$1")
		shift
	done
	shift
	env -i HOME="$BATS_TEST_TMPDIR/home" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LANG=C.UTF-8 ${ASAN_OPTIONS:+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS:+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		python3 "$BATS_TEST_DIRNAME/complete.py" "${setup[@]}" "$@"
}

@test "complete registers _unshare for unshare" {
	run complete -p unshare
	assert_success
	assert_output 'complete -F _unshare unshare'
}

@test "--mo<TAB> offers --mount and its relatives" {
	run complete_line "unshare --mo"
	assert_success
	assert_line --mount
	assert_line --mount-proc
	assert_line --mount-binfmt
	refute_line --net
}

@test "every long option of --help can be completed" {
	run complete_line "unshare --"
	assert_success
	for o in --fork --kill-child --propagation= --flags= --map-root-user --list --json --dry-run --verbose --init --keep-env=; do
		assert_line -- "$o"
	done
}

@test "--propagation=<TAB> offers the modes" {
	run complete_line "unshare --propagation=s"
	assert_success
	assert_output "--propagation=shared
--propagation=slave"
}

@test "--kill-child=<TAB> offers signal names" {
	run complete_line "unshare --kill-child=SIGTE"
	assert_success
	assert_output "--kill-child=SIGTERM"
}

@test "--kill-child=<TAB> offers names without SIG too, and numbers" {
	run complete_line "unshare --kill-child=TE"
	assert_success
	assert_output "--kill-child=TERM"
	run complete_line "unshare --kill-child=15"
	assert_success
	assert_output "--kill-child=15"
}

@test "--kill-child=<TAB> offers only what unshare takes: no EXIT, no 0" {
	run complete_line "unshare --kill-child="
	assert_success
	for s in HUP SIGHUP KILL SIGKILL TERM SIGTERM RTMIN SIGRTMIN+1; do
		assert_line -- "--kill-child=$s"
	done
	for s in EXIT SIGEXIT DEBUG ERR RETURN; do
		refute_line -- "--kill-child=$s"
	done
	refute_output --partial JUNK
	# Each of them, and each number offered, is a signal to unshare.
	candidates=$output
	run complete_line "unshare --kill-child=0"
	assert_output ''
	run complete_line "unshare --kill-child=1"
	assert_line --index 0 -- "--kill-child=1"
	for c in $candidates $(complete_line "unshare --kill-child=1"); do
		unshare --dry-run "$c" true >/dev/null ||
			fail "unshare refuses $c"
	done
}

@test "--flags=<TAB> offers flag names, item by item" {
	run complete_line "unshare --flags=mount,u"
	assert_success
	assert_output "--flags=mount,uts
--flags=mount,user"
}

@test "--output=<TAB> offers column names, item by item" {
	run complete_line "unshare --list --output=flag,sta"
	assert_success
	assert_output "--output=flag,status"
	run complete_line "unshare --list --output=flag,s"
	assert_success
	assert_output "--output=flag,shared
--output=flag,status
--output=flag,since
--output=flag,short
--output=flag,step"
}

@test "a list's next item: none of those before it" {
	run complete_line "unshare --flags=net,"
	assert_success
	assert_line -- --flags=net,mount
	refute_line -- --flags=net,net
	assert_equal "${#lines[@]}" 13
	run complete_line "unshare --list --output=flag,status,s"
	assert_output "--output=flag,status,shared
--output=flag,status,since
--output=flag,status,short
--output=flag,status,step"
	run complete_line "unshare --keep-env=HOME,PATH,"
	assert_line -- --keep-env=HOME,PATH,PWD
	refute_line -- --keep-env=HOME,PATH,HOME
	refute_line -- --keep-env=HOME,PATH,PATH
}

@test "--keep-env=<TAB> offers variables, item by item" {
	run complete_line "unshare --keep-env=HOME,PA"
	assert_success
	assert_output "--keep-env=HOME,PATH"
}

@test "--setgroups <TAB> (a separate word) offers allow and deny" {
	run complete_line "unshare --setgroups "
	assert_success
	assert_output "allow
deny"
}

@test "after the program, words are the program's: no options of ours" {
	run complete_line "unshare -m ls --mo"
	assert_success
	refute_output --partial -- --mount
}

@test "with bash's default word breaks ('=' splits words), values come bare" {
	COMP_WORDS=("$UNSHARE_BIN" --propagation "=" s)
	COMP_CWORD=3
	COMP_LINE="$UNSHARE_BIN --propagation=s"
	COMP_POINT=${#COMP_LINE}
	COMP_WORDBREAKS=$' \t\n"'"'"'><=;|&(:'
	_unshare
	assert_equal "${COMPREPLY[*]}" "shared slave"
}

@test "typed: --pro<TAB> becomes --propagation=, with no space after it" {
	run typed $'unshare --pro\t'
	assert_success
	assert_output "unshare --propagation="
}

@test "typed: --propagation=s<TAB><TAB> lists shared and slave" {
	run typed $'unshare --propagation=s\t\t'
	assert_success
	assert_output "unshare --propagation=s
shared
slave"
}

@test "typed: --root=<TAB> escapes a space and ends a directory with a slash" {
	mkdir "my dir"
	touch my-file
	run typed_each -- $'unshare --root=my\t' $'unshare --root="my\t' \
		$'unshare --root=\''"$BATS_TEST_TMPDIR"$'/my\t'
	assert_success
	assert_output "unshare --root=my\\ dir/
--
unshare --root=\"my dir\"/
--
unshare --root='$BATS_TEST_TMPDIR/my dir'/"
}

@test "typed: -R, --root and --wd as separate words take a directory" {
	mkdir "my dir"
	run typed_each -- "unshare -R my"$'\t' "unshare --root my"$'\t' \
		"unshare --wd my"$'\t'
	assert_success
	assert_output "unshare -R my\\ dir/
--
unshare --root my\\ dir/
--
unshare --wd my\\ dir/"
}

@test "typed: --root=<TAB><TAB> lists directories only" {
	mkdir "my dir"
	touch my-file
	run typed $'unshare --root=\t\t'
	assert_success
	assert_output 'unshare --root=
bin/
home/
my dir/'
}

@test "typed: --mount=<TAB> completes a file, with a space after it" {
	mkdir "my dir"
	touch "my file"
	run typed $'unshare --mount=my\\ f\t'
	assert_success
	assert_output 'unshare --mount=my\ file '
}

@test "typed: without '=' among the word breaks, a directory still ends in a slash" {
	mkdir "my dir"
	run typed $'unshare --root=my\t' 'COMP_WORDBREAKS=${COMP_WORDBREAKS//=}'
	assert_success
	assert_output 'unshare --root=my\ dir/'
}

# commands NAME...: programs on the PATH that typed gives bash.
commands() {
	local name
	mkdir -p bin
	for name in "$@"; do
		printf '#!/bin/sh\n' >"bin/$name"
		chmod +x "bin/$name"
	done
}

@test "typed: the program is a command, after any option without a value" {
	local keys=() want=() options
	commands zz-probe-one zz-probe-two
	touch zz-probe-file
	for options in "" "-m " "--mount " "--kill-child " "--mount-proc " \
		"--root / " "-R / " "--root=/ " "-- " "--fork -- "; do
		keys+=("unshare ${options}zz-probe-"$'\t\t' "unshare ${options}zz-probe-o"$'\t')
		want+=("unshare ${options}zz-probe-
zz-probe-one
zz-probe-two" "unshare ${options}zz-probe-one ")
	done
	run typed_each -- "${keys[@]}"
	assert_success
	assert_output "$(printf '%s\n--\n' "${want[@]}" | head -n -1)"
}

@test "typed: a program with a slash is a path: directories and programs" {
	mkdir "my dir"
	touch data
	printf '#!/bin/sh\n' >run-me
	chmod +x run-me
	run typed_each -- $'unshare -m ./\t\t' $'unshare -m ./m\t' $'unshare -m ./r\t'
	assert_success
	assert_output 'unshare -m ./
bin/
home/
my dir/
run-me
--
unshare -m ./my\ dir/
--
unshare -m ./run-me '
}

# bash-completion's main script, which has _command_offset.  Sourced
# after ours, it leaves the completion of unshare as it is.
bash_completion() {
	local script=/usr/share/bash-completion/bash_completion
	[ -r "$script" ] ||
		need "bash-completion is not installed (apt-get install bash-completion)"
	echo "$script"
}

@test "typed: after the program, its own completion (bash-completion's)" {
	local script
	script=$(bash_completion)
	local keys=() want=() options
	commands zz-probe-one
	for options in "-m " "--root=/ " "-R / " "--kill-child " "--fork -- "; do
		keys+=("unshare ${options}zz-probe-one zebra-t"$'\t' \
			"unshare ${options}zz-probe-one zebra-"$'\t\t')
		want+=("unshare ${options}zz-probe-one zebra-two " \
			"unshare ${options}zz-probe-one zebra-
zebra-one
zebra-two")
	done
	run typed_each "source $script" \
		"complete -W 'zebra-one zebra-two' zz-probe-one" -- "${keys[@]}"
	assert_success
	assert_output "$(printf '%s\n--\n' "${want[@]}" | head -n -1)"
}

@test "typed: unshare after unshare completes the inner one's options" {
	local script
	script=$(bash_completion)
	run typed $'unshare -m unshare --pro\t' "source $script"
	assert_success
	assert_output "unshare -m unshare --propagation="
}

@test "typed: after the program, without bash-completion, file names" {
	commands zz-probe-one
	mkdir "my dir"
	run typed $'unshare -m zz-probe-one my\t' \
		"complete -W 'zebra-one zebra-two' zz-probe-one"
	assert_success
	assert_output 'unshare -m zz-probe-one my\ dir/'
}

@test "typed: --kill-child=<TAB> completes a signal with SIG or without" {
	run typed_each -- $'unshare --kill-child=TE\t' \
		$'unshare --kill-child=SIGTE\t' $'unshare --kill-child=15\t' \
		$'unshare --kill-child=EX\t'
	assert_success
	assert_output "unshare --kill-child=TERM 
--
unshare --kill-child=SIGTERM 
--
unshare --kill-child=15 
--
unshare --kill-child=EX"
}

@test "typed: --keep-env=<TAB> completes the list's last item, no space after it" {
	run typed_each -- $'unshare --keep-env=HOME,PA\t' \
		$'unshare --whitelist-env HOME,PA\t'
	assert_success
	assert_output "unshare --keep-env=HOME,PATH
--
unshare --whitelist-env HOME,PATH"
}
