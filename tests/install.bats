#!/usr/bin/env bats
# make install, as a distribution installs us beside util-linux's
# unshare: a program name transformed (--program-prefix, --program-suffix
# or --program-transform-name give program_transform_name) renames the
# binary, the man pages (their titles, NAME lines and references to each
# other too) and the bash, zsh and fish completions alike, and each
# completes the new name; with no completion directory
# (--without-bash-completion-dir gives "no", and the same for zsh and
# fish) none is installed.  Runs make in the build tree, into a
# DESTDIR of the test's own; and as nobody, a copy of the source
# configured for a prefix of its own, where everything goes (the fish
# completion into fish's own directory only when asked, or when the
# prefix is fish's).

load helpers

UNSHARE_BUILDDIR=${UNSHARE_BUILDDIR:-$BATS_TEST_DIRNAME/..}

teardown() {
	nobody_cleanup
}

# The German catalog, installed with NLS (not with --disable-nls) under
# the package's name, whatever the program's: the line that lists it.
catalog() {
	[ "${UNSHARE_NLS:-yes}" = no ] || echo "./usr/share/locale/de/LC_MESSAGES/unshare.mo"
}

# build_make ARGS: make in the build tree, as a command of its own (not
# part of the make check that may be running us).
build_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$UNSHARE_BUILDDIR" "$@"
}

@test "--program-suffix: the binary, the man pages and the completion are renamed alike" {
	local root=$BATS_TEST_TMPDIR/root files
	run build_make install DESTDIR="$root" prefix=/usr 'program_transform_name=s,$$,-ng,'
	assert_success
	files=$(cd "$root" && find . -type f | sort)
	assert_equal "$files" "$(printf '%s\n' ./usr/bin/unshare-ng \
		./usr/share/bash-completion/completions/unshare-ng \
		./usr/share/fish/vendor_completions.d/unshare-ng.fish \
		"$(catalog)" ./usr/share/man/man1/unshare-ng.1 \
		./usr/share/man/man7/unshare-reference-ng.7 \
		./usr/share/zsh/site-functions/_unshare-ng | sed '/^$/d')"
	run tail -n 1 "$root/usr/share/bash-completion/completions/unshare-ng"
	assert_output 'complete -F _unshare unshare-ng'
	run head -n 1 "$root/usr/share/zsh/site-functions/_unshare-ng"
	assert_output '#compdef unshare-ng'
	# The page's title and NAME are the program's.
	run grep -E '^\.TH |^unshare' "$root/usr/share/man/man1/unshare-ng.1"
	assert_line --index 0 --regexp '^\.TH UNSHARE\\-NG 1 '
	assert_line --index 1 --regexp '^unshare\\-ng \\- run a program'
	# So are the reference's, and each names the other as installed.
	run grep -E '^\.TH |^unshare' "$root/usr/share/man/man7/unshare-reference-ng.7"
	assert_line --index 0 --regexp '^\.TH UNSHARE\\-REFERENCE\\-NG 7 '
	assert_line --index 1 --regexp '^unshare\\-reference\\-ng \\- '
	run grep -c '^\.BR unshare\\-ng (1)' "$root/usr/share/man/man7/unshare-reference-ng.7"
	assert_output 2
	run grep -c '^\.BR unshare\\-reference\\-ng (7)' "$root/usr/share/man/man1/unshare-ng.1"
	assert_output "$(grep -c '^\.BR unshare\\-reference (7)' "$UNSHARE_MAN")"
	run grep -c '^\.BR unshare\\-reference (7)' "$root/usr/share/man/man1/unshare-ng.1"
	assert_output 0
	run grep -c '^\.BR unshare (1)' "$root/usr/share/man/man7/unshare-reference-ng.7"
	assert_output 0
	run "$root/usr/bin/unshare-ng" --dry-run --user true
	assert_success
	assert_line 'requested    user'
	run build_make uninstall DESTDIR="$root" prefix=/usr 'program_transform_name=s,$$,-ng,'
	assert_success
	assert_equal "$(cd "$root" && find . -type f)" ''
}

@test "without a completion directory, no completion is installed" {
	local root=$BATS_TEST_TMPDIR/root files
	run build_make install DESTDIR="$root" prefix=/usr bashcompletiondir=no \
		zshcompletiondir=no fishcompletiondir=no
	assert_success
	files=$(cd "$root" && find . -type f | sort)
	assert_equal "$files" "$(printf '%s\n' ./usr/bin/unshare "$(catalog)" \
		./usr/share/man/man1/unshare.1 ./usr/share/man/man7/unshare-reference.7 |
		sed '/^$/d')"
	# (an install into the directory "no", under DESTDIR, as there was)
	[ ! -e "${root}no" ] || { rm -rf "${root}no"; fail "installed into ${root}no"; }
	run build_make uninstall DESTDIR="$root" prefix=/usr bashcompletiondir=no \
		zshcompletiondir=no fishcompletiondir=no
	assert_success
}

@test "without a transformed name, the completion is unshare's" {
	local root=$BATS_TEST_TMPDIR/root
	run build_make install DESTDIR="$root" prefix=/usr
	assert_success
	run tail -n 1 "$root/usr/share/bash-completion/completions/unshare"
	assert_output 'complete -F _unshare unshare'
	run head -n 1 "$root/usr/share/zsh/site-functions/_unshare"
	assert_output '#compdef unshare'
	run grep -E '^\.TH |^unshare' "$root/usr/share/man/man1/unshare.1"
	assert_line --index 0 --regexp '^\.TH UNSHARE 1 '
	assert_line --index 1 --regexp '^unshare \\- run a program'
	run build_make uninstall DESTDIR="$root" prefix=/usr
	assert_success
}

@test "the installed man page names where the completion is, not DATADIR" {
	local root=$BATS_TEST_TMPDIR/root
	run build_make install DESTDIR="$root" prefix=/usr 'program_transform_name=s,$$,-ng,'
	assert_success
	run grep -c 'DATADIR' "$root/usr/share/man/man1/unshare-ng.1"
	assert_output 0
	run grep -x '\.I /usr/share/bash\\-completion/completions/unshare\\-ng' "$root/usr/share/man/man1/unshare-ng.1"
	assert_success
	run grep -x '\.I /usr/share/zsh/site\\-functions/_unshare\\-ng' "$root/usr/share/man/man1/unshare-ng.1"
	assert_success
	run grep -x '\.I /usr/share/fish/vendor_completions.d/unshare\\-ng.fish' "$root/usr/share/man/man1/unshare-ng.1"
	assert_success
	run grep -c 'LOCALEDIR' "$root/usr/share/man/man1/unshare-ng.1"
	assert_output 0
	run grep -x '\.I /usr/share/locale/\*/LC_MESSAGES/unshare\.mo' "$root/usr/share/man/man1/unshare-ng.1"
	assert_success
	run build_make uninstall DESTDIR="$root" prefix=/usr 'program_transform_name=s,$$,-ng,'
	run build_make install DESTDIR="$root" prefix=/usr bashcompletiondir=no fishcompletiondir=no
	assert_success
	run grep -x '\.I (none installed: built \\-\\-without\\-bash\\-completion\\-dir)' "$root/usr/share/man/man1/unshare.1"
	assert_success
	run grep -x '\.I (none installed: built \\-\\-without\\-fish\\-completion\\-dir)' "$root/usr/share/man/man1/unshare.1"
	assert_success
	run grep -x '\.I /usr/share/zsh/site\\-functions/_unshare' "$root/usr/share/man/man1/unshare.1"
	assert_success
	run build_make uninstall DESTDIR="$root" prefix=/usr bashcompletiondir=no fishcompletiondir=no
}

@test "the fish completion goes under the prefix, or where fish looks when the prefix is fish's or configure was asked" {
	local config want dir prefix fish_prefix asked=no root=$BATS_TEST_TMPDIR/root
	# What configure was told, if anything.
	config=$("$UNSHARE_BUILDDIR/config.status" --config)
	prefix=$(build_make --no-print-directory --eval 'prefix: ; @echo $(prefix)' prefix)
	fish_prefix=$(pkg-config --variable=prefix fish 2>/dev/null) || fish_prefix=
	case $config in
	*--without-fish-completion-dir*) want=no ;;
	*--with-fish-completion-dir=*)
		want=${config#*--with-fish-completion-dir=}
		want=${want%%[\' ]*} ;;
	*)
		# shellcheck disable=SC2016 # make expands it
		want='${datadir}/fish/vendor_completions.d'
		if [[ $config == *--with-fish-completion-dir* ]] ||
			{ [ -n "$fish_prefix" ] && [ "$prefix" = "$fish_prefix" ]; }; then
			want=$(pkg-config --variable=completionsdir fish)
			asked=yes
		fi ;;
	esac
	want=$(build_make --no-print-directory --eval "want: ; @echo $want" want)
	dir=$(build_make --no-print-directory --eval 'dir: ; @echo $(fishcompletiondir)' dir)
	assert_equal "$dir" "$want"
	[ "$dir" != no ] || return 0
	# Where the system's fish looks, when its fish.pc was asked.
	if [ "$asked" = yes ]; then
		run env -i HOME="$BATS_TEST_TMPDIR" PATH="$PATH" fish -c \
			'string join \n -- $fish_complete_path'
		assert_line "$dir"
	fi
	run build_make install DESTDIR="$root"
	assert_success
	[ -f "$root$dir/unshare.fish" ] || fail "not in $dir: $(cd "$root" && find . -name '*.fish')"
	run build_make uninstall DESTDIR="$root"
	assert_success
}

# A copy of the source tree, in $NOBODY_DIR/src, that nobody may
# configure and install from: what configure, make install-data and the
# install hooks read, not the build's objects.
nobody_source() {
	local srcdir=${UNSHARE_SRCDIR:-$BATS_TEST_DIRNAME/..}
	nobody_copy
	mkdir "$NOBODY_DIR/src" "$NOBODY_DIR/home"
	(cd "$srcdir" && tar -cf - configure configure.ac aclocal.m4 Makefile.am \
		Makefile.in config.h.in m4 build-aux po man completion src/*.[ch]) |
		tar -xf - -C "$NOBODY_DIR/src"
	# make distcheck's sources are read-only: the copy is nobody's to write.
	chmod -R u+w "$NOBODY_DIR/src"
	chown -R nobody:nogroup "$NOBODY_DIR/src" "$NOBODY_DIR/home"
}

@test "as a user, into a prefix of its own: everything under it, fish installed; fish's own directory when asked" {
	local prefix fish_dir
	require_root
	fish_dir=$(pkg-config --variable=completionsdir fish 2>/dev/null) && [ -n "$fish_dir" ] ||
		need "fish or pkg-config is not installed (tools/install-deps installs them)"
	nobody_source
	prefix=$NOBODY_DIR/home/.local
	# (As make install would, but for the program, whose build this is not about.)
	run as_nobody sh -c 'cd "$1" && ./configure -C --prefix="$2" >configure.log 2>&1 &&
		make install-data >install.log 2>&1 || { cat configure.log install.log; exit 1; }' \
		sh "$NOBODY_DIR/src" "$prefix"
	assert_success
	# (The catalogs, if this configure found gettext, are not the point.)
	run sh -c 'cd "$1" && find . -type f ! -path "./share/locale/*" | sort' sh "$prefix"
	assert_output "$(printf '%s\n' ./share/bash-completion/completions/unshare \
		./share/fish/vendor_completions.d/unshare.fish \
		./share/man/man1/unshare.1 ./share/man/man7/unshare-reference.7 \
		./share/zsh/site-functions/_unshare)"
	# Asked, with no directory: fish's (configure again, from its cache).
	run as_nobody sh -c 'cd "$1" && ./configure -C --prefix="$2" --with-fish-completion-dir >/dev/null &&
		sed -n "s/^fishcompletiondir = //p" Makefile' sh "$NOBODY_DIR/src" "$prefix"
	assert_success
	assert_output "$fish_dir"
}
