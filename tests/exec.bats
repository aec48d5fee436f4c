#!/usr/bin/env bats
# Running the program: PATH search, the default shell, exit statuses.

load helpers

@test "the program's exit status is ours" {
	for code in 0 1 42 124 125 126 127 255; do
		run "-$code" unshare sh -c "exit $code"
		assert_equal "$status" "$code"
	done
}

@test "the program is found on PATH" {
	run env PATH="/nonexistent:/usr/bin:/bin" "$UNSHARE_BIN" echo found
	assert_success
	assert_output found
}

@test "a program not found: 127, named" {
	PATH=$SEARCHABLE_PATH run -127 unshare no-such-program-here arg
	assert_failure 127
	assert_said "'no-such-program-here'" "No such file or directory" "check the name"
}

@test "a path not found: 127, named" {
	run -127 unshare /no/such/program
	assert_failure 127
	assert_said "'/no/such/program'" "No such file or directory" "check the path"
}

@test "a program that is not executable: 126, named" {
	printf '#!/bin/sh\necho hi\n' >"$BATS_TEST_TMPDIR/noexec"
	chmod 644 "$BATS_TEST_TMPDIR/noexec"
	run unshare "$BATS_TEST_TMPDIR/noexec"
	assert_failure 126
	assert_said "'$BATS_TEST_TMPDIR/noexec'" "Permission denied" "is it executable" "noexec"
}

# A directory without x bits cannot be searched by its owner or anyone else
# but root: as root the tests run as nobody, else as the user running them.
# closed/ holds an executable file and open/ a link to it.
searcher_setup() {
	dir=$BATS_TEST_TMPDIR
	if [ "$(id -u)" = 0 ]; then
		nobody_copy
		dir=$NOBODY_DIR
	fi
	mkdir -m 755 "$dir/closed" "$dir/open"
	printf '#!/bin/sh\necho hi\n' >"$dir/closed/prog"
	chmod 755 "$dir/closed/prog"
	ln -s "$dir/closed/prog" "$dir/open/link"
	chmod 600 "$dir/closed"
}

teardown() {
	# Searchable again, so that its files can be removed.
	[ -z "${dir:-}" ] || [ ! -d "$dir/closed" ] || chmod 755 "$dir/closed"
	nobody_cleanup
}

# as_searcher PATH ARG...: unshare ARG... as that user, with that PATH
# (and SHELL=$shell if the test sets shell).
as_searcher() {
	local path=$1
	shift
	if [ "$(id -u)" = 0 ]; then
		as_nobody env PATH="$path" ${shell:+SHELL="$shell"} "$NOBODY_BIN" "$@"
	else
		env PATH="$path" ${shell:+SHELL="$shell"} "$UNSHARE_BIN" "$@"
	fi
}

@test "a name behind a PATH directory that cannot be searched: 126, naming the directory" {
	searcher_setup
	run as_searcher "$dir/closed:$SEARCHABLE_PATH" true
	assert_success
	run as_searcher "$dir/closed:$SEARCHABLE_PATH" no-such-program-here
	assert_failure 126
	assert_said "'no-such-program-here'" "Permission denied" "directory '$dir/closed' cannot be searched"
	run as_searcher "/no/such/dir:$SEARCHABLE_PATH:$dir/closed" no-such-program-here
	assert_failure 126
	assert_said "'no-such-program-here'" "Permission denied" "directory '$dir/closed' cannot be searched"
	# Written with a slash at its end, the same directory.
	run as_searcher "$dir/closed/:$SEARCHABLE_PATH" no-such-program-here
	assert_failure 126
	assert_said "'no-such-program-here'" "Permission denied" "directory '$dir/closed' cannot be searched"
	# A directory further up is what refuses, as /root for /root/bin.
	run as_searcher "$dir/closed/bin:$SEARCHABLE_PATH" no-such-program-here
	assert_failure 126
	assert_said "'no-such-program-here'" "Permission denied" "directory '$dir/closed' cannot be searched"
	# Foreseen by the dry run, in the same words.
	run as_searcher "/no/such/dir:$SEARCHABLE_PATH:$dir/closed" --dry-run no-such-program-here
	assert_failure 125
	assert_said "would fail" "'no-such-program-here'" "Permission denied" "directory '$dir/closed' cannot be searched"
	# --clear-env: the default PATH is searched, not ours, by the dry
	# run too: not found, and nothing refused.
	run as_searcher "$dir/closed:$SEARCHABLE_PATH" --clear-env no-such-program-here
	assert_failure 127
	assert_said "'no-such-program-here'" "No such file"
	run as_searcher "$dir/closed:$SEARCHABLE_PATH" --dry-run --clear-env no-such-program-here
	assert_failure 125
	assert_said "would fail" "'no-such-program-here'" "No such file"
}

@test "--setuid, --owner: the program looked for by the ids it runs as, by the dry run too" {
	require_root
	mkdir -m 700 closed
	printf '#!/bin/sh\n' >closed/prog
	chmod 755 closed/prog
	local ids
	for ids in "-S 65534" "--owner=65534:65534" "--map-users=0:100000:10 --map-groups=0:100000:10 -S 5 -G 5"; do
		# shellcheck disable=SC2086 # the options, a word each
		run unshare $ids "$PWD/closed/prog"
		assert_failure 126
		assert_said "'$PWD/closed/prog'" "Permission denied" "cannot be searched"
		# shellcheck disable=SC2086
		run unshare --dry-run $ids "$PWD/closed/prog"
		assert_failure 125
		assert_said "would fail" "'$PWD/closed/prog'" "Permission denied" "cannot be searched"
	done
	# As ourselves, root: it runs.
	run unshare --dry-run "$PWD/closed/prog"
	assert_success
	# An id just past a range is unmapped: refused by --setuid, and the
	# program not looked for as another outer id.
	run unshare --dry-run --map-users=0:100000:10 --map-groups=0:100000:10 -S 10 "$PWD/closed/prog"
	assert_failure 125
	assert_said "would fail" "setuid: 10" "Invalid argument"
	refute_output --partial "Permission denied"
	# --owner's group, not its uid, searches: a directory of its group.
	nobody_copy
	mkdir -m 750 "$NOBODY_DIR/grp"
	chgrp 100 "$NOBODY_DIR/grp"
	cp closed/prog "$NOBODY_DIR/grp/prog"
	run unshare --owner=65534:100 "$NOBODY_DIR/grp/prog"
	assert_success
	run unshare --dry-run --owner=65534:100 "$NOBODY_DIR/grp/prog"
	assert_success
}

@test "a name found on PATH but not runnable: 126, naming the file" {
	searcher_setup
	printf 'echo hi\n' >"$dir/open/prog"
	chmod 644 "$dir/open/prog"
	mkdir "$dir/open/dir"
	run as_searcher "/no/such/dir:$dir/open:$SEARCHABLE_PATH" prog
	assert_failure 126
	assert_said "'prog' ($dir/open/prog)" "Permission denied" "is it executable"
	run as_searcher "$dir/open/prog:$dir/open" dir
	assert_failure 126
	assert_said "'dir' ($dir/open/dir)" "Permission denied" "is a directory"
	run as_searcher "$dir/open/prog:$dir/open" --dry-run dir
	assert_failure 125
	assert_said "would fail" "'dir' ($dir/open/dir)" "Permission denied" "is a directory"
	# Found first, though a directory after it cannot be searched.
	run as_searcher "$dir/open:$dir/closed" link
	assert_failure 126
	assert_said "'link' ($dir/open/link)" "Permission denied" "symbolic link"
}

@test "a path behind a directory that cannot be searched: 126, naming the directory or the link" {
	searcher_setup
	run as_searcher "$SEARCHABLE_PATH" "$dir/closed/prog"
	assert_failure 126
	assert_said "'$dir/closed/prog'" "Permission denied" "directory '$dir/closed' cannot be searched"
	run as_searcher "$SEARCHABLE_PATH" "$dir/open/link"
	assert_failure 126
	assert_said "'$dir/open/link'" "Permission denied" "symbolic link"
}

@test "a shell named without a slash is not looked for on PATH when refused" {
	searcher_setup
	printf 'echo hi\n' >"$dir/open/myshell"
	chmod 644 "$dir/open/myshell"
	cd "$dir/open"
	shell=myshell run as_searcher "$dir/closed"
	assert_failure 126
	assert_said "'myshell'" "Permission denied" "is it executable"
}

@test "a script whose interpreter is not executable: 126, saying so, found on PATH or by its path" {
	printf '#!/bin/sh\n' >"$BATS_TEST_TMPDIR/interp"
	chmod 644 "$BATS_TEST_TMPDIR/interp"
	mkdir "$BATS_TEST_TMPDIR/bin"
	printf '#!%s\n' "$BATS_TEST_TMPDIR/interp" >"$BATS_TEST_TMPDIR/bin/unrunnable-script"
	chmod 755 "$BATS_TEST_TMPDIR/bin/unrunnable-script"
	run unshare "$BATS_TEST_TMPDIR/bin/unrunnable-script"
	assert_failure 126
	assert_said "'$BATS_TEST_TMPDIR/bin/unrunnable-script'" "Permission denied" "interpreter" "cannot run"
	PATH=$BATS_TEST_TMPDIR/bin:$SEARCHABLE_PATH run unshare unrunnable-script
	assert_failure 126
	assert_said "'unrunnable-script' ($BATS_TEST_TMPDIR/bin/unrunnable-script)" "Permission denied" "interpreter" "cannot run"
}

@test "a directory as program: 126, saying it is a directory" {
	run unshare /
	assert_failure 126
	assert_said "'/'" "Permission denied" "hint: " "is a directory"
	assert_messages 1
	# Root may search it, which access(2) tells: the dry run foresees
	# the refusal all the same, inside a new root too.
	run unshare --dry-run /
	assert_failure 125
	assert_said "would fail" "'/'" "Permission denied" "is a directory"
	# --root takes CAP_SYS_CHROOT: as root only.
	[ "$(id -u)" = 0 ] || return 0
	run unshare --dry-run --root=/ /tmp
	assert_failure 125
	assert_said "would fail" "'/tmp'" "Permission denied" "is a directory"
	run unshare --root=/ /tmp
	assert_failure 126
	assert_said "'/tmp'" "Permission denied" "is a directory"
}

# --net FILE: FILE, a word apart, is taken for the program (as util-linux
# takes it); when it cannot be run, the hint says how to write it.
@test "--net FILE with FILE taken for the program: the hint says --net=FILE" {
	require_ns user
	run -127 unshare --user "$BATS_TEST_TMPDIR/ns" true
	assert_failure 127
	assert_said "'$BATS_TEST_TMPDIR/ns'" "No such file or directory" "hint: " "--user=$BATS_TEST_TMPDIR/ns"
	assert_messages 1
	run unshare --dry-run --net "$BATS_TEST_TMPDIR/ns"
	assert_failure 125
	assert_said "--dry-run" "'$BATS_TEST_TMPDIR/ns'" "hint: " "--net=$BATS_TEST_TMPDIR/ns"
	# Not after --, nor after a letter, nor after any other option.
	run -127 unshare --user -- "$BATS_TEST_TMPDIR/ns"
	assert_said "'$BATS_TEST_TMPDIR/ns'" "check the path"
	run -127 unshare -U "$BATS_TEST_TMPDIR/ns"
	assert_said "'$BATS_TEST_TMPDIR/ns'" "check the path"
	run -127 unshare --fork "$BATS_TEST_TMPDIR/ns"
	assert_said "'$BATS_TEST_TMPDIR/ns'" "check the path"
	# Nor after --net=FILE, whose FILE is given.
	: >"$BATS_TEST_TMPDIR/ns"
	run unshare --dry-run --net="$BATS_TEST_TMPDIR/ns" no-such-program-here
	assert_failure 125
	assert_said "--dry-run" "'no-such-program-here'" "not found on PATH"
	refute_output --partial "--net=no-such"
}

@test "a script whose interpreter is missing: 126, saying so" {
	printf '#!/no/such/interpreter\necho hi\n' >"$BATS_TEST_TMPDIR/orphan"
	chmod 755 "$BATS_TEST_TMPDIR/orphan"
	run unshare "$BATS_TEST_TMPDIR/orphan"
	assert_failure 126
	assert_said "'$BATS_TEST_TMPDIR/orphan'" "No such file or directory" "interpreter" "missing"
}

@test "a file without #! is run by /bin/sh, as the shell would" {
	printf 'echo via-sh\n' >"$BATS_TEST_TMPDIR/plain"
	chmod 755 "$BATS_TEST_TMPDIR/plain"
	run unshare "$BATS_TEST_TMPDIR/plain"
	assert_success
	assert_output via-sh
}

@test "no program: \$SHELL runs as a login shell (-NAME as argv[0]), as util-linux starts it" {
	printf '#!/bin/sh\necho shell-ran "$@"\n' >"$BATS_TEST_TMPDIR/myshell"
	chmod 755 "$BATS_TEST_TMPDIR/myshell"
	SHELL=$BATS_TEST_TMPDIR/myshell run unshare
	assert_success
	assert_output shell-ran
	SHELL=/bin/bash run unshare <<<'echo "$0"; shopt -q login_shell && echo login'
	assert_success
	assert_output "-bash
login"
}

@test "no program and no \$SHELL, or an empty one: the shell from the password database" {
	local source="the password database"
	[ "$UNSHARE_STATIC" = 0 ] || source=/etc/passwd
	run env -u SHELL "$UNSHARE_BIN" --dry-run
	assert_success
	assert_line "program      $(getent passwd "$(id -u)" | cut -d: -f7) (the shell, from $source)"
	run env SHELL= "$UNSHARE_BIN" --dry-run
	assert_success
	assert_line "program      $(getent passwd "$(id -u)" | cut -d: -f7) (the shell, from $source)"
	# Running that shell needs one that runs commands: a build daemon's
	# user may have nologin.
	case $(getent passwd "$(id -u)" | cut -d: -f7) in
	*/nologin | */false) need "$(id -un)'s shell in the password database does not run commands" ;;
	esac
	run env -u SHELL "$UNSHARE_BIN" <<<'echo from-login-shell'
	assert_success
	assert_output from-login-shell
}

@test "no program with --clear-env: the shell from \$SHELL only if --keep-env keeps it" {
	printf '#!/bin/sh\necho shell-ran\n' >"$BATS_TEST_TMPDIR/myshell"
	chmod 755 "$BATS_TEST_TMPDIR/myshell"
	SHELL=$BATS_TEST_TMPDIR/myshell run unshare --clear-env --keep-env=HOME,SHELL
	assert_success
	assert_output shell-ran
	SHELL=$BATS_TEST_TMPDIR/myshell run unshare --dry-run --keep-env=SHELL
	assert_line "program      $BATS_TEST_TMPDIR/myshell (the shell, from \$SHELL)"
	# Not kept: gone by the exec, so the password database's.
	local source="the password database"
	[ "$UNSHARE_STATIC" = 0 ] || source=/etc/passwd
	SHELL=$BATS_TEST_TMPDIR/myshell run unshare --dry-run --clear-env
	assert_line "program      $(getent passwd "$(id -u)" | cut -d: -f7) (the shell, from $source)"
	SHELL=$BATS_TEST_TMPDIR/myshell run unshare --dry-run --keep-env=SHELLX,HOME
	assert_line --partial "(the shell, from $source)"
}

@test "no program, no \$SHELL and no password entry: /bin/sh" {
	require_root
	# A uid with no passwd entry.
	nobody_copy
	run setpriv --reuid=54321 --regid=54321 --clear-groups env -u SHELL "$NOBODY_BIN" --dry-run
	nobody_cleanup
	assert_success
	assert_line 'program      /bin/sh (the shell, from the fallback)'
}

@test "no program, \$SHELL missing: 127 naming it" {
	SHELL=/no/such/shell run -127 unshare
	assert_failure 127
	assert_said "'/no/such/shell'" "No such file or directory" "the shell, from \$SHELL"
}

@test "the program gets its arguments as they were" {
	run unshare printf '[%s]' 'a b' '' '--mount' '"q"'
	assert_success
	assert_output '[a b][][--mount]["q"]'
}

@test "an option's optional value given apart, the program then not found: the hint writes it attached" {
	# As root: another user's unshare(2) fails before the program.
	require_root
	run unshare --mount-proc /proc true
	assert_failure 126
	assert_said "'/proc'" "--mount-proc takes its value after '='" "--mount-proc=/proc"
	run -127 unshare --kill-child TERM -f true
	assert_said "'TERM'" "--kill-child=TERM"
	run -127 unshare --net "$BATS_TEST_TMPDIR/ns" true
	assert_said "--net=$BATS_TEST_TMPDIR/ns"
}
