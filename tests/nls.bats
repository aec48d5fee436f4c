#!/usr/bin/env bats
# Messages in the user's language, from an installed build: run by make
# installcheck (make distcheck runs it), since the binary finds its
# catalogs where it was installed.  German, from a locale generated here
# with localedef if the system has none; glibc's own words (strerror) in
# German too.  Built with --disable-nls (UNSHARE_NLS=no), the same runs
# must be English.

load helpers

setup_file() {
	LOCPATH=$BATS_FILE_TMPDIR/locale
	mkdir -p "$LOCPATH"
	localedef --quiet -i de_DE -f UTF-8 "$LOCPATH/de_DE.UTF-8" 2>/dev/null || true
	export LOCPATH
}

setup() {
	common_setup
	[ -e "$LOCPATH/de_DE.UTF-8/LC_MESSAGES" ] ||
		need "no de_DE locale: localedef needs glibc's locale sources (Debian's locales package)"
	[ -e /usr/share/locale/de/LC_MESSAGES/libc.mo ] ||
		need "no German messages of glibc's own (Debian's libc-l10n package)"
}

teardown() {
	nobody_cleanup
}

# The installed binary, in German.
german() {
	env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" "$@"
}

# Whether this build speaks anything but English.
nls() {
	[ "${UNSHARE_NLS:-yes}" != no ]
}

@test "a usage error in German" {
	run german --bogus
	assert_failure 125
	if nls; then
		assert_said "nicht erkannte Option" "'--bogus'"
		assert_line --partial "'unshare --help'"
	else
		assert_said "unrecognized option" "'--bogus'"
	fi
	run german --mount --propagation=sideways true
	assert_failure 125
	if nls; then
		assert_said "--propagation=sideways: erlaubt" "private, shared, slave, unchanged"
	else
		assert_said "--propagation=sideways: give" "private, shared, slave, unchanged"
	fi
}

@test "a failure and its diagnosis in German, glibc's words included" {
	run german --root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	if nls; then
		assert_said "$BATS_TEST_TMPDIR/none: Datei oder Verzeichnis nicht gefunden"
	else
		assert_said "--root=$BATS_TEST_TMPDIR/none: No such file or directory"
	fi
	# Without CAP_SYS_ADMIN (root without it in its bounding set, or
	# any other user): refused, and what to do about it.
	if [ "$(id -u)" = 0 ]; then
		run setpriv --bounding-set=-sys_admin -- env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" --mount true
	else
		run german --mount true
	fi
	assert_failure 125
	if nls; then
		assert_line --index 0 --partial "mount, fs: Die Operation ist nicht erlaubt"
		assert_output --partial "-r (--map-root-user)"
		refute_output --partial "run as root"
	else
		assert_said --index 0 "unshare(2): mount, fs: Operation not permitted" "hint: " "run as root" "-r (--map-root-user)"
	fi
}

@test "after --root, still German: the locale was loaded before the chroot" {
	require_root
	mkdir "$BATS_TEST_TMPDIR/empty"
	run -127 german --root="$BATS_TEST_TMPDIR/empty" /bin/sh
	assert_failure 127
	if nls; then
		assert_said "'/bin/sh'" "Datei oder Verzeichnis nicht gefunden"
		assert_line --regexp '^Tipp: .*innerhalb von --root='
	else
		assert_said "'/bin/sh'" "No such file or directory" "inside --root="
	fi
}

@test "a system call's error after a message without words, in German too" {
	require_root
	# setuid(2) refused: the message is only the step and its value, the
	# words are the C library's.
	run setpriv --bounding-set=-setuid -- env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" --setuid=5 true
	assert_failure 125
	if nls; then
		assert_output --regexp "^unshare: [^:]+: 5: Die Operation ist nicht erlaubt$"
	else
		assert_output "unshare: setuid: 5: Operation not permitted"
	fi
}

@test "--help and --usage in German: at most 80 lines, an option a line, within 79 columns" {
	run german --help
	assert_success
	if nls; then
		assert_line --index 0 "Aufruf: unshare [OPTION...] [--] [PROGRAMM [ARGUMENT...]]"
		assert_line --regexp '^ Namensräume '
		assert_line --regexp '^  -m, --mount\[=FILE\] +Einhängetabelle$'
	else
		assert_line --index 0 "Usage: unshare [OPTION...] [--] [PROGRAM [ARGUMENT...]]"
	fi
	# Characters, not bytes: ä is two.
	[ "$(printf '%s\n' "$output" | LC_ALL=C.UTF-8 wc -L)" -le 79 ] ||
		fail "a line of --help is wider than 79 columns"
	[ "$(printf '%s\n' "$output" | wc -l)" -le 80 ] ||
		fail "--help is longer than 80 lines"
	# An option's text starts at column 30 on the option's line: a line
	# that starts there is an option's text wrapped, or put under an
	# option too long for its column.
	refute_line --regexp '^ {30}'
	# The value's name is --help's where a message names it.
	run german -n=/x true
	assert_failure 125
	assert_output --partial "--net=/x"
	run german --usage
	assert_success
	if nls; then
		assert_line --index 0 --partial "Aufruf: unshare [-"
		assert_output --partial "[--cgroup[=FILE]]"
		assert_output --partial "[PROGRAMM [ARGUMENT...]]"
	else
		assert_line --index 0 --partial "Usage: unshare [-"
	fi
}

@test "--dry-run and --verbose text in German; the flags' names as they are" {
	run german --dry-run --uts --fs true
	assert_success
	if nls; then
		assert_line "gewünscht    uts, fs"
		assert_line "Programm     true"
	else
		assert_line "requested    uts, fs"
	fi
}

@test "--list in German fits 80 and 200 columns, its columns aligned by what the terminal shows" {
	for cols in 80 200; do
		run env COLUMNS=$cols LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" --list
		assert_success
		if nls; then
			assert_output --partial "Einhängetabelle"
		fi
		# Characters, not bytes: ä is two.
		LC_ALL=C.UTF-8 assert_table_fits "$cols"
	done
}

@test "LC_ALL=C is English, whatever LANG and LANGUAGE say" {
	run env LC_ALL=C LANG=de_DE.UTF-8 LANGUAGE=de "$UNSHARE_BIN" --root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	assert_said "--root=$BATS_TEST_TMPDIR/none: No such file or directory"
	run env LC_ALL=C LANG=de_DE.UTF-8 LANGUAGE=de "$UNSHARE_BIN" --help
	assert_success
	assert_line --index 0 "Usage: unshare [OPTION...] [--] [PROGRAM [ARGUMENT...]]"
}

@test "with --json, everything is English, the messages in events included" {
	run german --dry-run --json --user --kill-child --forward-signals true
	assert_success
	assert_output "$(env LC_ALL=C "$UNSHARE_BIN" --dry-run --json --user --kill-child --forward-signals true)"
	run german --verbose --json --propagation=sideways true
	assert_failure 125
	assert_line --partial '"event":"message","text":"unshare: --propagation=sideways: give '
	run german --verbose --json --root="$BATS_TEST_TMPDIR/none" true
	assert_failure 125
	assert_line --regexp '"event":"message","text":"unshare: --root=.*/none: No such file or directory'
}

# typed_german KEYS: KEYS typed in an interactive bash on a new terminal
# (tests/complete.py), in German, with the completion sourced and the
# installed binary on PATH as unshare; prints the line as it became, then
# the candidates bash listed.
typed_german() {
	mkdir -p bin
	ln -sf "$UNSHARE_BIN" bin/unshare
	env -i HOME="$BATS_TEST_TMPDIR" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LOCPATH="$LOCPATH" LC_ALL=de_DE.UTF-8 \
		python3 "$BATS_TEST_DIRNAME/complete.py" \
		-c "source $(printf %q "$BATS_TEST_DIRNAME/../completion/unshare.bash")" "$1"
}

@test "the completion in German: flag and signal names, modes, setgroups' words" {
	run typed_german $'unshare --flags=m\t'
	assert_success
	assert_output "unshare --flags=mount"
	run typed_german $'unshare --kill-child=TE\t'
	assert_success
	assert_output "unshare --kill-child=TERM "
	run typed_german $'unshare --propagation s\t\t'
	assert_success
	assert_output "unshare --propagation s
shared
slave"
	run typed_german $'unshare --setgroups \t\t'
	assert_success
	assert_output "unshare --setgroups 
allow
deny"
}

# help_in LOCALE OPTION: the installed unshare's help for OPTION in
# LOCALE, blanks squeezed.
help_in() {
	env LC_ALL="$1" "$UNSHARE_BIN" --list=options --raw --noheadings -o option,help |
		sed -n "s/^$2 //p" | xargs -0 printf '%b' | tr -s ' '
}

@test "the zsh and fish completions describe each option in German, as unshare says it" {
	local want
	command -v zsh >/dev/null || need "zsh is not installed (apt-get install zsh)"
	command -v fish >/dev/null || need "fish is not installed (apt-get install fish)"
	want=$(help_in de_DE.UTF-8 --mount-proc)
	if nls; then
		[ "$want" != "$(help_in C.UTF-8 --mount-proc)" ] || fail "not German: $want"
	fi
	mkdir -p bin zsh fish
	ln -sf "$UNSHARE_BIN" bin/unshare
	cp "$BATS_TEST_DIRNAME/../completion/_unshare" zsh/
	cp "$BATS_TEST_DIRNAME/../completion/unshare.fish" fish/
	run env -i HOME="$BATS_TEST_TMPDIR" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LOCPATH="$LOCPATH" LC_ALL=de_DE.UTF-8 \
		python3 "$BATS_TEST_DIRNAME/complete.py" --zsh "$BATS_TEST_TMPDIR/zsh" $'unshare --mount-\t'
	assert_success
	output=$(tr -s ' ' <<<"$output")
	mapfile -t lines <<<"$output"
	assert_line -- "--mount-proc -- $want"
	run env -i HOME="$BATS_TEST_TMPDIR" PATH="$BATS_TEST_TMPDIR/bin:$PATH" \
		LOCPATH="$LOCPATH" LC_ALL=de_DE.UTF-8 \
		fish --no-config -c "set fish_complete_path $(printf %q "$BATS_TEST_TMPDIR/fish") \$fish_complete_path
complete -C 'unshare --mount-p'"
	assert_success
	assert_output -- "--mount-proc	$want"
}

@test "--list's status words are the same in German, JSON's own" {
	run env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" --list --raw --noheadings -o flag,status
	assert_success
	assert_output "$("$UNSHARE_BIN" --list -o flag,status --json | python3 -c '
import json, sys
for r in json.load(sys.stdin)["flags"]:
    print(r["flag"], r["status"])')"
}

@test "German: the plan, its long form and --list fit 80 columns, break no word, say no fact twice" {
	run python3 "$BATS_TEST_DIRNAME/width.py" 80 - env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" <<'LINES'
--dry-run -Urm --mount-proc -pf true
--dry-run -vv -r --mount-proc -pf --kill-child=TERM --monotonic=-1.5 true
--dry-run --new-cgroup=job --mount-cgroup -r true
--list
--list=steps
LINES
	assert_success
	assert_equal "${#lines[@]}" 5
	run env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN" --dry-run -r true
	if nls; then
		assert_line --regexp '^ergänzt +'
	else
		assert_line --regexp '^added +'
	fi
}

# fits_three_lines: reads what runs of ours wrote at 80 columns; prints
# each message ("unshare: WHAT: REASON", with its hint and indented
# lines) that takes more than three lines, and each line wider than 80
# columns, and fails if there is one.
fits_three_lines() {
	local text bad
	text=$(cat)
	bad=$(awk '
		function done() { if (n > 3) print n " lines: " msg; n = 0 }
		/^unshare: / { done(); n = 1; msg = $0; next }
		n && (/^(Tipp|hint): / || /^ /) { n++; msg = msg " / " $0; next }
		{ done() }
		END { done() }' <<<"$text")
	# Characters, not bytes: ä is two.
	bad+=$(LC_ALL=C.UTF-8 grep -E '^.{81}' <<<"$text" | sed 's/^/wider than 80 columns: /')
	[ -z "$bad" ] || { printf '%s\n' "$bad"; return 1; }
}

@test "German errors fit three lines at 80 columns, their hints included, as root and as nobody" {
	local who args out all='' D
	# A place nobody reaches, for the files the runs name and the locale.
	nobody_copy
	D=$NOBODY_DIR
	touch "$D/x"
	cp -R "$LOCPATH" "$D/locale"
	chmod -R a+rX "$D"
	# The check itself fails on a fourth line and on a wide line.
	run fits_three_lines <<<"unshare: a: b
Tipp: c
 d
 e"
	assert_failure
	assert_output --partial "4 lines: unshare: a: b"
	run fits_three_lines <<<"unshare: $(printf 'ä%.0s' {1..72})"
	assert_failure
	assert_output --partial "wider than 80 columns"
	while read -r who args; do
		if [ "$who" = nobody ] || [ "$who" = both ]; then
			[ "$(id -u)" = 0 ] || continue
			# shellcheck disable=SC2086 # the words are meant to be split
			out=$(as_nobody env COLUMNS=80 LOCPATH="$D/locale" \
				LC_ALL=de_DE.UTF-8 PATH="$SEARCHABLE_PATH" \
				"$NOBODY_BIN" $args 2>&1) && fail "as nobody, $args succeeded: $out"
			all+=$out$'\n'
		fi
		if [ "$who" = root ] || [ "$who" = both ]; then
			# shellcheck disable=SC2086
			out=$(env COLUMNS=80 LC_ALL=de_DE.UTF-8 PATH="$SEARCHABLE_PATH" \
				"$UNSHARE_BIN" $args 2>&1) && fail "$args succeeded: $out"
			all+=$out$'\n'
		fi
	done <<LINES
both --bogus
both -n=/x true
both --propagation=x
both --flags=net,bogus true
both --flags=0x100000000 true
both --kill-child=SIGFOO true
both --monotonic=abc true
both --setuid=nosuchuser true
both --list -o bogus
both --list -o ,
both --list true
both --no-fork --init true
both --new-cgroup=a/b true
both --cgroup-set=bogus true
both --map-users=bogus true
both --map-users=0:0:10 --map-users=5:100:10 true
both --setgroups=allow -r true
both --keep-env=A=B true
both --net=$D/a --uts=$D/a true
both nosuchcommand-x
both /nonexist/x
both $D/x
both -U --net $D/x
both -r $D
both -r --net=/nonexist/x true
both --wd=/nonexist true
root --mount-proc=/nonexist true
root -r --setuid=70000 true
root -r --mount-proc true
root -r --net=$D true
nobody -n true
nobody -p -f --mount-proc true
nobody --new-cgroup true
nobody --map-users=auto true
nobody --map-users=all true
nobody --owner=0:0 --map-users=auto true
nobody --setgid=5 true
LINES
	run fits_three_lines <<<"$all"
	assert_success
	if nls; then
		[[ $all == *"Tipp: "*"Datei oder Verzeichnis nicht gefunden"* ]] ||
			fail "not German: $all"
		# (nobody's runs in German when nobody can read the catalog)
		if [ "$(id -u)" = 0 ] && as_nobody test -r "${UNSHARE_LOCALEDIR:-/}/de/LC_MESSAGES/unshare.mo"; then
			[[ $all == *"Die Operation ist nicht erlaubt"* ]] ||
				fail "nobody's runs not German: $all"
		fi
	fi
}

@test "in German too, no error prints a placeholder for what was typed, and each fits three lines" {
	require_root
	touch wait
	run provoke_errors env LC_ALL=de_DE.UTF-8 "$UNSHARE_BIN"
	assert_success
	assert_equal "$(grep -c '^unshare: ' <<<"$output")" "$(grep -c '^== ' <<<"$output")"
	if nls; then
		assert_output --partial "Datei oder Verzeichnis nicht gefunden"
	fi
	run placeholder_lines <<<"$output"
	assert_output ""
}
