#!/usr/bin/env bats
# The locale is loaded when there is something to say, never on a silent
# run: loading it reads a dozen files, and the usual run prints nothing.
# What the messages say in another language is tested from an installed
# build (tests/nls.bats, make installcheck); here, which runs load it, in
# the C.UTF-8 locale every glibc system has.

load helpers

# The files a run of ours opens before the program's exec, one a line.
opened_before_exec() {
	strace -f -qq -e trace=execve,openat,chroot -o "$BATS_TEST_TMPDIR/trace" \
		env "$@" >/dev/null 2>&1 || true
	# The first execve is env's own, the second ours, the third the program.
	awk '/execve\(/ { if (++n == 3) exit; next } n == 2 && /openat\(/ { print }' \
		"$BATS_TEST_TMPDIR/trace"
}

setup() {
	common_setup
	command -v strace >/dev/null || need "strace is not installed (tools/install-deps installs it)"
	[ -d /usr/lib/locale/C.utf8 ] || [ -f /usr/lib/locale/locale-archive ] ||
		need "no compiled locales in /usr/lib/locale (glibc's C.utf8)"
}

# Runs of ours that print nothing: none opens a locale file before the
# program runs.
silent_runs() {
	local var args
	for var in LANG=C.UTF-8 LC_ALL=C.UTF-8 LC_MESSAGES=C.UTF-8; do
		for args in "$@"; do
			# shellcheck disable=SC2086 # the words are meant to be split
			run opened_before_exec "$var" "$UNSHARE_BIN" $args /bin/true
			assert_success
			refute_output --partial /usr/lib/locale/
			# (and the run itself was a real one that reached the
			# program)
			run grep -c 'execve("/bin/true"' "$BATS_TEST_TMPDIR/trace"
			assert_output 1
		done
	done
}

@test "a silent run opens no locale file, whatever the environment names" {
	silent_runs "" "--fork"
}

@test "a silent run with namespaces, maps, mounts and a fork opens no locale file" {
	require_root
	silent_runs "--user --map-root-user" \
		"--mount --uts --ipc --net --pid --fork --mount-proc" \
		"--mount --propagation=private --wd=/" \
		"--time --monotonic=5 --boottime=-1.5 --fork" \
		"--fork --kill-child --forward-signals" \
		"--init --user --map-user=1 --map-group=1 --keep-caps"
}

@test "a silent run asks nothing of the terminal: no ioctl before the program, whatever the steps" {
	local args
	for args in "" "--fork" "--user --map-root-user --mount --pid --fork --mount-proc"; do
		# The namespaces as root only (the run as nobody skips them).
		case $args in --user*) [ "$(id -u)" = 0 ] || continue ;; esac
		# shellcheck disable=SC2086 # the words are meant to be split
		strace -f -qq -e trace=execve,ioctl -o "$BATS_TEST_TMPDIR/trace" \
			"$UNSHARE_BIN" $args /bin/true
		run awk '/execve\(/ { if (++n == 2) exit; next } /ioctl\(/ { print }' \
			"$BATS_TEST_TMPDIR/trace"
		assert_success
		assert_output ""
		run grep -c 'execve("/bin/true"' "$BATS_TEST_TMPDIR/trace"
		assert_output 1
	done
}

@test "a run that speaks loads the locale: an error, --help, --verbose, --dry-run, --list" {
	local args
	for args in "--bogus" "--help" "--verbose /bin/true" "--dry-run /bin/true" \
		"--list" "--version" "--root=$BATS_TEST_TMPDIR/none /bin/true"; do
		# shellcheck disable=SC2086 # the words are meant to be split
		run opened_before_exec LANG=C.UTF-8 "$UNSHARE_BIN" $args
		assert_success
		if [ "$UNSHARE_NLS" = no ]; then
			refute_output --partial /usr/lib/locale/
		else
			assert_output --partial /usr/lib/locale/
		fi
	done
}

@test "--json speaks English, and so loads no locale: a plan, an error" {
	local args
	for args in "--dry-run /bin/true" "--bogus" "--root=$BATS_TEST_TMPDIR/none /bin/true"; do
		# shellcheck disable=SC2086 # the words are meant to be split
		run opened_before_exec LANG=C.UTF-8 "$UNSHARE_BIN" --json $args
		assert_success
		refute_output --partial /usr/lib/locale/
	done
}

@test "--root loads the locale before the chroot, after which it could not be found" {
	require_root
	run opened_before_exec LANG=C.UTF-8 "$UNSHARE_BIN" --root=/ /bin/true
	assert_success
	if [ "$UNSHARE_NLS" = no ]; then
		refute_output --partial /usr/lib/locale/
	else
		assert_output --partial /usr/lib/locale/
		# (and before the chroot)
		run awk '/chroot\(/ { exit } /openat\(.*\/usr\/lib\/locale\// { n++ } END { print n + 0 }' \
			"$BATS_TEST_TMPDIR/trace"
		refute_output 0
	fi
}

@test "the locale loaded with a message leaves the error it reports intact" {
	# err(3) reads errno after its arguments: the _() that loads the
	# locale is one of them.
	run env LANG=C.UTF-8 "$UNSHARE_BIN" --root="$BATS_TEST_TMPDIR/none" /bin/true
	assert_failure 125
	assert_output --partial ": No such file or directory"
	refute_output --partial "Success"
}

@test "LC_ALL=C is English, whatever LANG and LANGUAGE say" {
	run env LANG=de_DE.UTF-8 LANGUAGE=de LC_ALL=C "$UNSHARE_BIN" --bogus
	assert_failure 125
	assert_line "unshare: unrecognized option '--bogus'"
	assert_line "Try 'unshare --help' or 'unshare --usage' for more information."
}

@test "the German catalog translates every message of the sources" {
	local srcdir=${UNSHARE_SRCDIR:-$BATS_TEST_DIRNAME/..}
	command -v msgmerge >/dev/null || need "msgmerge is not installed (gettext; tools/install-deps installs it)"
	# The template, made by make from the sources (it is in a release's
	# tarball too).
	[ -f "$srcdir/po/unshare.pot" ] || need "no po/unshare.pot: make builds it (with NLS)"
	run msgmerge --quiet -o "$BATS_TEST_TMPDIR/de.po" "$srcdir/po/de.po" "$srcdir/po/unshare.pot"
	assert_success
	run msgfmt --check --statistics -o /dev/null "$BATS_TEST_TMPDIR/de.po"
	assert_success
	# Not "N translated messages, M untranslated messages." or fuzzy ones.
	assert_output --regexp '^[0-9]+ translated messages\.$'
}
