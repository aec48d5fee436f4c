#!/usr/bin/env bats
# The zsh and fish completions, in the real shells: zsh on a
# pseudo-terminal, each line typed with its TAB (complete.py --zsh); fish
# through its own completion engine (complete -C), as its TAB asks it.
# Both learn the options from the unshare under test, on the PATH as
# unshare.

load helpers

setup() {
	common_setup
	mkdir -p bin home zsh fish
	ln -sf "$(readlink -f "$UNSHARE_BIN")" bin/unshare
	cp "$BATS_TEST_DIRNAME/../completion/_unshare" zsh/
	cp "$BATS_TEST_DIRNAME/../completion/unshare.fish" fish/
}

# in_shell SHELL: skips unless SHELL is installed (tools/install-deps
# installs both; in CI a skip fails).
in_shell() {
	command -v "$1" >/dev/null || need "$1 is not installed (apt-get install $1)"
}

# zsh_typed KEYS...: the line each KEYS became in one interactive zsh
# (complete.py --zsh), one a line.
zsh_typed() {
	local out
	out=$(env -i HOME="$BATS_TEST_TMPDIR/home" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LANG=C.UTF-8 ${ASAN_OPTIONS:+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS:+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		python3 "$BATS_TEST_DIRNAME/complete.py" --zsh "$BATS_TEST_TMPDIR/zsh" "$@") || return
	grep -vx -- -- <<<"$out"
}

# fish_complete LINE: fish's candidates for LINE, a line each (without
# their descriptions).
fish_complete() {
	env -i HOME="$BATS_TEST_TMPDIR/home" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LANG=C.UTF-8 ${ASAN_OPTIONS:+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS:+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		fish --no-config -c "set fish_complete_path $(printf %q "$BATS_TEST_TMPDIR/fish") \$fish_complete_path
complete -C $(printf %q "$1")" | cut -f1
}

@test "both files parse in their shells" {
	in_shell zsh
	in_shell fish
	run zsh -n "$BATS_TEST_DIRNAME/../completion/_unshare"
	assert_success
	assert_output ''
	run fish --no-execute "$BATS_TEST_DIRNAME/../completion/unshare.fish"
	assert_success
	assert_output ''
}

@test "zsh: options, their words, lists item by item, signals, directories, users, the program" {
	in_shell zsh
	mkdir "my dir"
	run zsh_typed $'unshare --propag\t' $'unshare --propagation=sl\t' \
		$'unshare --kill-child=TE\t' $'unshare --kill-child=SIGTE\t' \
		$'unshare --flags=mount,us\t' $'unshare --list --output=flag,sta\t' \
		$'unshare --keep-env=HOME,PAT\t' $'unshare --root=my\t' \
		$'unshare -R my\t' $'unshare --setuid=roo\t' $'unshare -Ur --map-roo\t' \
		$'unshare -m whoam\t' $'unshare --wd / whoam\t'
	assert_success
	assert_output "unshare --propagation=
unshare --propagation=slave 
unshare --kill-child=TERM 
unshare --kill-child=SIGTERM 
unshare --flags=mount,user,
unshare --list --output=flag,status,
unshare --keep-env=HOME,PATH,
unshare --root=my\\ dir/
unshare -R my\\ dir/
unshare --setuid=root 
unshare -Ur --map-root-user 
unshare -m whoami 
unshare --wd / whoami "
}

@test "zsh: a letter takes no FILE, an optional value only after '=', and the program's own words follow it" {
	in_shell zsh
	run zsh_typed $'unshare -m --mount-pro\t' $'unshare --mount=/pro\t' \
		$'unshare ls --hel\t'
	assert_success
	assert_output "unshare -m --mount-proc=
unshare --mount=/proc/
unshare ls --help "
}

@test "fish: options, their words, lists item by item, signals, directories, users, the program" {
	in_shell fish
	mkdir "my dir"
	run fish_complete "unshare --propag"
	assert_output --propagation
	run fish_complete "unshare --propagation=s"
	assert_output "--propagation=shared
--propagation=slave"
	run fish_complete "unshare --kill-child=TE"
	assert_output "--kill-child=TERM"
	run fish_complete "unshare --kill-child=SIGTE"
	assert_output "--kill-child=SIGTERM"
	run fish_complete "unshare --flags=mount,us"
	assert_output "--flags=mount,user"
	run fish_complete "unshare --list --output=flag,sta"
	assert_output "--output=flag,status"
	run fish_complete "unshare --keep-env=HOME,PAT"
	assert_output "--keep-env=HOME,PATH"
	run fish_complete "unshare --root=my"
	assert_output "--root=my dir/"
	run fish_complete "unshare -R my"
	assert_output "my dir/"
	run fish_complete "unshare --setuid=roo"
	assert_output "--setuid=root"
	run fish_complete "unshare -m whoam"
	assert_output "whoami"
	run fish_complete "unshare --root / whoam"
	assert_output "whoami"
}

@test "fish: the command completed is the file's name, as installed under another" {
	in_shell fish
	ln -s unshare bin/unshare-ng
	mv fish/unshare.fish fish/unshare-ng.fish
	run fish_complete "unshare-ng --propag"
	assert_output --propagation
	run fish_complete "unshare --propag"
	assert_output ''
}

@test "fish: the word after -- is the program, after it the program's own words, and no command substitution is run" {
	in_shell fish
	run fish_complete "unshare -- whoam"
	assert_output whoami
	run fish_complete "unshare -m -- unshare --propag"
	assert_output --propagation
	# Our options before the program, not after it.
	run fish_complete "unshare -m --us"
	assert_line --usage
	run fish_complete "unshare -- sh --us"
	refute_output --partial usage
	# Typed where the program or its words are, a substitution stays
	# text: completing a command would run it.
	for line in 'unshare -- ls $(touch ran1)' 'unshare -m -- ls (touch ran2)' \
		'unshare -- (touch ran3)' 'unshare -m (touch ran4)' \
		"unshare '(touch ran5)' " "unshare -m -- ls '(touch ran6)' "; do
		run fish_complete "$line"
		assert_success
	done
	run ls
	refute_output --partial ran
}

# help_of OPTION: its help, as the unshare under test says it, blanks
# squeezed.
help_of() {
	unshare --list=options --raw --noheadings -o option,help |
		sed -n "s/^$1 //p" | xargs -0 printf '%b' | tr -s ' '
}

@test "zsh: each option with its help, as unshare says it, its letter beside it" {
	in_shell zsh
	run zsh_typed $'unshare --mount-\t' $'unshare --lo\t' $'unshare --r\t' \
		$'unshare --map-u\t' $'unshare -\t'
	assert_success
	output=$(tr -s ' ' <<<"$output")
	mapfile -t lines <<<"$output"
	# Colons and parentheses as they are.
	assert_line -- "--mount-proc -- $(help_of --mount-proc)"
	assert_line --partial '(/proc)'
	assert_line -- "--map-users -- $(help_of --map-users)"
	assert_line --partial 'INNER:OUTER:COUNT'
	assert_line -- "--load-interp -- $(help_of --load-interp)"
	assert_line -- "--raw -- $(help_of --raw)"
	assert_line -- "--mount -m -- $(help_of --mount)"
	assert_line -- "--whitelist-env --keep-env -- $(help_of --keep-env)"
}

@test "zsh: a list's next item, none of those before it; an option once" {
	in_shell zsh
	run zsh_typed $'unshare --flags=net,\t' $'unshare --list -o flag,status,s\t' \
		$'unshare --mount-b\t'
	assert_success
	assert_line --index 0 "unshare --flags=net,"
	assert_line --index 1 --regexp '(^| )mount( |$)'
	refute_output --regexp '(^| )net( |$)'
	assert_line --index 2 "unshare --list -o flag,status,s"
	assert_line --index 3 --regexp '^shared +short +since +step$'
	assert_line --index 4 "unshare --mount-binfmt="
	assert_equal "${#lines[@]}" 5
}

# fish_described LINE: as fish_complete, each candidate with its
# description after a tab.
fish_described() {
	env -i HOME="$BATS_TEST_TMPDIR/home" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LANG=C.UTF-8 ${ASAN_OPTIONS:+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS:+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} \
		fish --no-config -c "set fish_complete_path $(printf %q "$BATS_TEST_TMPDIR/fish") \$fish_complete_path
complete -C $(printf %q "$1")"
}

@test "fish: each option with its help, as unshare says it; values without" {
	in_shell fish
	run fish_described "unshare --mount-p"
	assert_output -- "--mount-proc	$(help_of --mount-proc)"
	run fish_described "unshare --load"
	assert_output -- "--load-interp	$(help_of --load-interp)"
	run fish_described "unshare -"
	assert_line -- "-m	$(help_of --mount)"
	assert_line -- "-R	$(help_of --root)"
	run fish_described "unshare --propagation=s"
	assert_output "--propagation=shared
--propagation=slave"
	run fish_described "unshare --setgroups "
	assert_output "allow
deny"
	run fish_described "unshare --kill-child=SIGTE"
	assert_output "--kill-child=SIGTERM"
}

@test "fish: every option once, and none again as --name=" {
	in_shell fish
	run fish_complete "unshare --"
	assert_success
	assert_equal "$(sort <<<"$output" | uniq -d)" ""
	refute_line --regexp '=$'
	assert_equal "${#lines[@]}" "$(unshare --list=options --noheadings | wc -l)"
	run fish_complete "unshare --mount-b"
	assert_output --mount-binfmt
	# A value is still completed, attached.
	run fish_complete "unshare --mount-binfmt=/pro"
	assert_output --mount-binfmt=/proc/
}

@test "fish: a list's next item, none of those before it" {
	in_shell fish
	run fish_complete "unshare --flags=net,"
	assert_line -- --flags=net,mount
	refute_line -- --flags=net,net
	assert_equal "${#lines[@]}" 13
	run fish_complete "unshare --list --output=flag,status,s"
	assert_output "--output=flag,status,shared
--output=flag,status,short
--output=flag,status,since
--output=flag,status,step"
	run fish_complete "unshare --keep-env=HOME,PATH,"
	assert_line -- --keep-env=HOME,PATH,PWD
	refute_line -- --keep-env=HOME,PATH,HOME
	refute_line -- --keep-env=HOME,PATH,PATH
}
