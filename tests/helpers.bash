# Shared setup for the bats tests.  Loaded by every tests/*.bats file.
# shellcheck shell=bash

bats_require_minimum_version 1.5.0
# bats-support and bats-assert, loaded once a file: bats runs each test
# in a process of its own, which sources this file again, and loading
# them (a subshell for each of their files) cost a tenth of a second a
# test, a minute of the suite.  Exported, the functions reach every test
# of the file already defined.
if ! declare -F assert_success >/dev/null; then
	bats_load_library bats-support
	bats_load_library bats-assert
	# shellcheck disable=SC2046 # the names are words
	export -f $(declare -F | awk '$3 ~ /^(assert_|refute|batslib_|fail$)/ { print $3 }')
fi

# python3, when PATH's is a script (a version manager's shim, as pyenv's,
# 0.4 s a start), is the interpreter it starts, found once a file and
# put first on PATH: the tests start python3 hundreds of times.
if [ -z "${UNSHARE_PYTHON_DIR:-}" ] && [ -n "${BATS_RUN_TMPDIR:-}" ]; then
	UNSHARE_PYTHON_DIR=$BATS_RUN_TMPDIR/python
	if python3=$(command -v python3) && [ "$(head -c 2 "$python3")" = '#!' ] &&
		python3=$(python3 -c 'import sys; print(sys.executable)') &&
		[ -x "$python3" ] && mkdir -p "$UNSHARE_PYTHON_DIR" &&
		ln -sf "$python3" "$UNSHARE_PYTHON_DIR/python3"; then
		PATH=$UNSHARE_PYTHON_DIR:$PATH
	fi
	unset python3
	export UNSHARE_PYTHON_DIR PATH
fi

# make check sets these; running bats by hand from the source tree works too.
UNSHARE_BIN=${UNSHARE_BIN:-$BATS_TEST_DIRNAME/../src/unshare}
UNSHARE_TESTLIB=${UNSHARE_TESTLIB:-$BATS_TEST_DIRNAME}
UNSHARE_MAN=${UNSHARE_MAN:-$BATS_TEST_DIRNAME/../man/unshare.1}
# A static binary ignores LD_PRELOAD: the tests that preload a helper
# run UNSHARE_PRELOAD_BIN, in a static build (UNSHARE_STATIC=1) a dynamic
# build of the same sources; in the usual build the binary itself.
UNSHARE_PRELOAD_BIN=${UNSHARE_PRELOAD_BIN:-$UNSHARE_BIN}
UNSHARE_STATIC=${UNSHARE_STATIC:-0}
# Whether subordinate ids come through libsubid (make check says; by
# hand, the build tree's config.h).
if [ -z "${UNSHARE_LIBSUBID:-}" ]; then
	UNSHARE_LIBSUBID=0
	if grep -qx '#define HAVE_LIBSUBID 1' "$BATS_TEST_DIRNAME/../config.h" 2>/dev/null &&
		[ "$UNSHARE_STATIC" = 0 ]; then
		UNSHARE_LIBSUBID=1
	fi
fi
export UNSHARE_BIN UNSHARE_TESTLIB UNSHARE_MAN UNSHARE_PRELOAD_BIN \
	UNSHARE_STATIC UNSHARE_LIBSUBID

# The messages the tests expect are the English ones, util-linux's
# included, whatever language the caller reads: LC_MESSAGES=C outranks
# LANG, and LANGUAGE counts only outside the C locale.  (nls.bats asks
# for German itself.)
unset LC_ALL LANGUAGE
export LC_MESSAGES=C

# What we print for people is fitted to the terminal: COLUMNS, or 80
# under bats.  The tests read one fact a line, so they give a wide one;
# the tests of the layout itself (width.bats, list.bats) set their own.
export COLUMNS=1000

# Every error of ours that a test provokes fits three lines at 80
# columns, its hint included.  bats's run, wrapped: after a run of ours
# (the command names the binary under test, or unshare) that neither
# narrates nor lists (--verbose, --dry-run, --list, --help print more
# than messages), each message in what it wrote ("unshare: WHAT: REASON",
# and its "hint:" and indented lines) is laid out as the frame lays it
# out at 80 columns (its further lines under its first word), a value
# counted as 40 columns at most (a path is the user's, not ours), and a
# message of more than three lines fails the test; so does one that
# prints a placeholder of --help's (DIR, FD, FILE, SPEC, NAME, VALUE)
# where it names what was typed.
if ! declare -F bats_run_unwrapped >/dev/null; then
	eval "bats_run_unwrapped()$(declare -f run | tail -n +2)"
	run() {
		local rc=0 word ours=0 census
		bats_run_unwrapped "$@" || rc=$?
		for word in "$@"; do
			case $word in
			-v | -vv | --verbose | --dry-run | --list* | --help | -h | --usage) return "$rc" ;;
			unshare | "$UNSHARE_BIN" | "${NOBODY_BIN:-/}" | "$UNSHARE_PRELOAD_BIN") ours=1 ;;
			esac
		done
		[ "$ours" = 1 ] || return "$rc"
		census=$(printf '%s\n%s\n' "$output" "${stderr-}" | awk '
			function lines(label, text,   n, i, w, col, count, len) {
				n = split(text, w, " ")
				col = length(label); count = 1
				for (i = 1; i <= n; i++) {
					len = length(w[i]) > 40 ? 40 : length(w[i])
					if (col > length(label) && col + 1 + len > 80) {
						count++; col = length(label) + len
					} else
						col += (col > length(label)) + len
				}
				return count
			}
			function done() {
				if (label != "" && (total += lines(label, text)) > 3)
					print total " lines: " whole
				label = ""
			}
			# A placeholder of --help (DIR, FD, FILE...) where the
			# message names what was typed.
			/^(unshare|hint): |^ / && /(^|[^A-Za-z])(DIR|FD|FILEs?|SPEC|NAME|VALUE)([^A-Za-z]|$)/ {
				print "a placeholder: " $0 }
			/^unshare: / { done(); total = 0; whole = $0; label = "unshare: "; text = substr($0, 10); next }
			/^hint: / && whole != "" { done(); whole = whole " / " $0; label = "hint: "; text = substr($0, 7); next }
			/^ / && label != "" { sub(/^ +/, ""); text = text " " $0; whole = whole " " $0; next }
			{ done(); whole = "" }
			END { done() }')
		if [ -n "$census" ]; then
			echo "a message wider than three lines at 80 columns, or with a placeholder: $census" >&2
			return 1
		fi
		return "$rc"
	}
fi

# The binary under test: called as unshare; handed to another program
# (env, strace, sh -c, a background job whose pid is wanted) as
# "$UNSHARE_BIN"; as nobody, as the copy nobody_copy makes.
unshare() {
	"$UNSHARE_BIN" "$@"
}

# The mount table before a run, for assert_no_new_mounts: each mount's id
# and mount point (the kernel hands a freed id out again, to a mount that
# other work on the machine may make meanwhile).
mounts_snapshot() {
	mounts_before=$(cut -d' ' -f1,5 /proc/self/mountinfo)
}

# Fails, showing them, if mounts made since mounts_snapshot include one a
# run of ours could have left behind: anything mounted in the test's
# directory (where its namespace files and directories are), or on /proc.
# Other work on the machine, other runs of these tests included, may
# mount meanwhile; its mounts are elsewhere, and do not count.
assert_no_new_mounts() {
	local left
	left=$(awk -v before="$mounts_before" -v dir="$BATS_TEST_TMPDIR" '
		BEGIN { n = split(before, b, "\n"); for (i = 1; i <= n; i++) old[b[i]] = 1 }
		!(($1 " " $5) in old) && ($5 == "/proc" || index($5, dir "/") == 1 || $5 == dir)' \
		/proc/self/mountinfo)
	[ -z "$left" ] || fail "mounts left behind: $left"
}

# A PATH that any user may search, for the tests of a program not found:
# execvp answers EACCES (126), not ENOENT, when a directory of PATH cannot
# be searched, as root's own directories cannot by another user.
SEARCHABLE_PATH=/usr/local/bin:/usr/bin:/bin

# Every test runs in a directory of its own, so that whatever a run
# leaves in its working directory (a short option taken for a FILE, say)
# is its own and goes with it.  A file with a setup of its own calls this
# first.
common_setup() {
	cd "$BATS_TEST_TMPDIR" || return
}

setup() {
	common_setup
}

# A test that needs what this machine may lack skips, naming the kernel
# feature; in CI (UNSHARE_MUST_WORK=1) a skip is a failure.
need() {
	local why=$1
	if [ "${UNSHARE_MUST_WORK:-0}" = 1 ]; then
		fail "UNSHARE_MUST_WORK=1 but $why"
	fi
	skip "$why"
}

require_root() {
	[ "$(id -u)" = 0 ] || need "this test needs root"
}

# The /proc/self/ns entry of every namespace kind must exist.
require_ns() {
	local entry
	for entry in "$@"; do
		[ -e "/proc/self/ns/$entry" ] ||
			need "kernel without /proc/self/ns/$entry (namespace not built in)"
	done
}

# Unprivileged user namespaces must be allowed for nobody.
require_userns_for_nobody() {
	require_root
	nobody_copy
	as_nobody "$NOBODY_BIN" --user true 2>/dev/null ||
		need "unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone or a security module)"
}

# This user (not root) may make a user namespace of its own.
require_userns_for_self() {
	unshare --user true 2>/dev/null ||
		need "unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone or a security module)"
}

# Run a command as nobody.  The binary and the tests' helpers are copied
# where nobody can reach them, in case the build tree is not readable.
as_nobody() {
	# --reset-env would drop the sanitizers' settings of a sanitizer build.
	setpriv --reuid=nobody --regid=nogroup --clear-groups --reset-env -- \
		env ${ASAN_OPTIONS:+"ASAN_OPTIONS=$ASAN_OPTIONS"} \
		${UBSAN_OPTIONS:+"UBSAN_OPTIONS=$UBSAN_OPTIONS"} "$@"
}

# Sets NOBODY_BIN (and NOBODY_DIR, removed by nobody_cleanup).  Not in a
# subshell: the variables must reach the test.
nobody_copy() {
	if [ -z "${NOBODY_DIR:-}" ]; then
		NOBODY_DIR=$(mktemp -d /tmp/unshare-test.XXXXXX)
		chmod 755 "$NOBODY_DIR"
		cp "$UNSHARE_BIN" "$NOBODY_DIR/unshare"
		chmod 755 "$NOBODY_DIR/unshare"
	fi
	NOBODY_BIN=$NOBODY_DIR/unshare
}

nobody_cleanup() {
	if [ -n "${NOBODY_DIR:-}" ]; then
		rm -rf "$NOBODY_DIR"
		NOBODY_DIR=
	fi
}

# Inode of a /proc/self/ns entry, as seen by this shell.
ns_inode() {
	stat -L -c %i "/proc/self/ns/$1"
}

# status_of COMMAND...: how COMMAND ended, as its parent's wait() saw it:
# "exit N" or "signal NAME".  The shell's $? cannot tell 143 from TERM.
status_of() {
	local s
	s=$(perl -e 'system { $ARGV[0] } @ARGV;
		print $? & 127 ? "signal " . ($? & 127) : "exit " . ($? >> 8)' -- "$@")
	if [[ $s == signal* ]]; then
		echo "signal $(kill -l "${s#signal }")"
	else
		echo "$s"
	fi
}

# held_descriptors OPTION...: runs unshare OPTION... --info-fd=3
# --wait-fd=4 true in the current directory and, while --wait-fd holds it
# before the exec, says each descriptor its process holds that the caller
# did not give it, as "FD TARGET"; then lets it run, with its status.
held_descriptors() {
	local pid fd
	mkfifo held.info held.go
	(
		ls "/proc/$BASHPID/fd" >held.caller
		exec "$UNSHARE_BIN" "$@" --info-fd=3 --wait-fd=4 true
	) 4<held.go 3>held.info &
	exec 5>held.go
	pid=$(sed 's/^[^,]*,"pid":\([0-9]*\).*/\1/' held.info)
	for fd in "/proc/$pid/fd/"*; do
		grep -qx "${fd##*/}" held.caller || echo "${fd##*/} $(readlink "$fd")"
	done
	echo go >&5
	exec 5>&-
	rm held.info held.go held.caller
	wait $!
}

# eventually COMMAND...: run it every 0.05 s until it succeeds (0), for
# 5 s at most (1): however slow the machine, never a fixed sleep.
eventually() {
	local i
	for ((i = 0; i < 100; i++)); do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}

# wait_for_file FILE: until it exists and is not empty (5 s at most).
wait_for_file() {
	eventually test -s "$1" || fail "$1 did not appear"
}

# ended PID: the process is gone, or a zombie.
ended() {
	local state
	state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 0
	[ -z "$state" ] || [ "$state" = Z ]
}

# gone PID: the process ended (gone, or a zombie), within 5 s.
gone() {
	eventually ended "$1"
}

# settled PID: the process sleeps with no signal pending.  The kernel
# queues a signal (or drops an ignored one) before kill(1) returns, and
# wakes its target: a process settled after a kill has dropped the
# signal, or handled it and waits again; one that dies of it never is.
settled() {
	awk '/^State:/ { s = $2 } /^(SigPnd|ShdPnd):/ && $2 !~ /^0+$/ { p = 1 }
		END { exit !(s == "S" && !p) }' "/proc/$1/status" 2>/dev/null
}

# reading_pipe PID: the process sleeps in a read of a pipe or FIFO (the
# kernel's pipe_read, or anon_pipe_read in newer kernels).
reading_pipe() {
	[[ $(cat "/proc/$1/wchan" 2>/dev/null) == *pipe_read ]]
}

# statuses_pass OPTION...: the exit statuses 0, 1, 42 and 255 of the
# program come back as ours.
statuses_pass() {
	local code
	for code in 0 1 42 255; do
		run status_of "$UNSHARE_BIN" "$@" sh -c "exit $code"
		assert_output "exit $code"
	done
}

# deaths_pass OPTION...: a program killed by TERM, KILL, SEGV, INT, HUP or
# USR1 makes us die of the same signal.  The signals start at their
# default: make check run in the background, or under nohup, would
# otherwise hand the program INT or HUP ignored.
deaths_pass() {
	local sig
	for sig in TERM KILL SEGV INT HUP USR1; do
		run status_of env --default-signal=TERM,SEGV,INT,HUP,USR1 \
			"$UNSHARE_BIN" "$@" sh -c "kill -$sig \$\$"
		assert_output "signal $sig"
	done
}

# Run a command with one system call failing with an errno of our choice,
# from the kernel itself (a seccomp filter): for the diagnoses of errors
# this kernel never gives on its own.  inject SYSCALL ERRNO [ARG MASK] --
# COMMAND...; see tests/errno-inject.c.
inject() {
	"$UNSHARE_TESTLIB/errno-inject" "$@"
}

# Run a command as a uid that no other process has (so that a limit on
# its processes counts ours alone), with at most $1 processes for it.
# Needs nobody_copy first, for a binary it can reach.
with_nproc() {
	local n=$1
	shift
	setpriv --reuid=64321 --regid=64321 --clear-groups -- \
		bash -c 'ulimit -u "$1"; shift; exec "$@"' sh "$n" "$@"
}

# same_cpu COMMAND...: COMMAND in a mount namespace of its own made on
# CPU 0, pinned to CPU 0 with everything it starts.  The kernel keeps a
# mount namespace in a file (--mount=FILE) only if it is newer than the
# mount namespace of the file, and tells which is newer by ids handed out
# in batches, one batch a CPU: on one CPU a later namespace always has a
# higher id, across CPUs not.  Pinned, the outcome is always the same.
same_cpu() {
	taskset -c 0 "$UNSHARE_BIN" --mount --propagation=private "$@"
}

# After run --separate-stderr: assert_line, assert_said and the like read
# stderr.
check_stderr() {
	output=$stderr
	lines=("${stderr_lines[@]}")
}

# assert_said [--index N] PIECE...: one of our messages in the output (of
# "run"), its line "unshare: ..." and the lines that go on with it (its
# hint, "hint: ...", and any line a narrow terminal broke off, indented),
# holds each PIECE, in order; with --index, the message that starts at
# line N does (where the order of the messages matters).  For what
# matters in a message (the subject, the system's words, the key words of
# the hint), not its whole sentence: a rewording touches one string.
assert_said() {
	assert_said_after "unshare: " "$@"
}

# assert_said_after START [--index N] PIECE...: the same, for our messages
# shown on lines that start with START (such as "message unshare: ", in a
# summary of JSON events, whose hints are then "message hint: ").
assert_said_after() {
	local start=$1 hint line next pieces rest piece where='' i first=0 last
	shift
	hint="${start%unshare: }hint: "
	last=$((${#lines[@]} - 1))
	if [ "${1-}" = --index ]; then
		where=" at index $2"
		first=$2
		last=$2
		shift 2
	fi
	for ((i = first; i <= last; i++)); do
		line=${lines[$i]-}
		[[ $line == "$start"* ]] || continue
		while [[ ${lines[$((i + 1))]-} == "$hint"* || ${lines[$((i + 1))]-} == " "* ]]; do
			i=$((i + 1))
			next=${lines[$i]}
			line+=" ${next#"${next%%[! ]*}"}"
		done
		rest=$line
		for piece in "$@"; do
			[[ $rest == *"$piece"* ]] || continue 2
			rest=${rest#*"$piece"}
		done
		return 0
	done
	pieces=$(printf "'%s' " "$@")
	batslib_print_kv_single_or_multi 8 'pieces' "$pieces" 'output' "$output" |
		batslib_decorate "no message of ours${where} holds these, in order" |
		fail
}

# assert_messages N: the output (of "run"; after check_stderr, its
# stderr) is N of our messages and nothing else: N lines "unshare: ...",
# each with the lines that go on with it (its hint, and any line a narrow
# terminal broke off, indented).
# plan ARG...: run unshare --dry-run ARG..., its plan in output, its
# messages in stderr.  Not as root, a dry run that foresees a refusal
# (status 125; the plan printed, its predictions alone on stderr or in
# the JSON document) counts as a success: the plan is what the test reads,
# whoever runs it.
plan() {
	local line
	run --separate-stderr "$UNSHARE_BIN" --dry-run "$@"
	[ "$status" = 125 ] && [ "$(id -u)" != 0 ] && [ -n "$output" ] || return 0
	if [ -z "$stderr" ]; then
		[[ $output == *'"predictions":[{'* ]] && status=0
		return 0
	fi
	while IFS= read -r line; do
		case $line in
		*": --dry-run: would fail: "* | "hint: "* | " "*) ;;
		*) return 0 ;;
		esac
	done <<<"$stderr"
	status=0
}

assert_messages() {
	local line n=0
	for line in "${lines[@]}"; do
		case $line in
		"unshare: "*) n=$((n + 1)) ;;
		"hint: "* | " "*) [ "$n" -gt 0 ] || fail "not a message of ours: $line" ;;
		*) fail "not a message of ours: $line" ;;
		esac
	done
	assert_equal "$n" "$1"
}

# with_subids COMMAND...: COMMAND (as_nobody or same_cpu ... too) with this test's own
# /etc/subuid and /etc/subgid: $BATS_TEST_TMPDIR/subuid and subgid (made
# by give_subids), bind-mounted over the system's in a mount namespace of
# its own.  The system's files are never written: two tests, or two
# suites, may run at once.
with_subids() {
	/usr/bin/unshare --mount --propagation private bash -c "$(declare -f as_nobody same_cpu)"'
		mount --bind "$1/subuid" /etc/subuid &&
			mount --bind "$1/subgid" /etc/subgid || exit 99
		shift
		"$@"' bash "$BATS_TEST_TMPDIR" "$@"
}

# give_subids [UIDLINE [GIDLINE]]: this test's /etc/subuid and /etc/subgid
# for with_subids: the system's, with a line added to each if given.
give_subids() {
	cp /etc/subuid "$BATS_TEST_TMPDIR/subuid"
	cp /etc/subgid "$BATS_TEST_TMPDIR/subgid"
	[ -z "${1:-}" ] || echo "$1" >>"$BATS_TEST_TMPDIR/subuid"
	[ -z "${2:-}" ] || echo "$2" >>"$BATS_TEST_TMPDIR/subgid"
}

# stress_count FULL [FEW]: how many times a race or load loop runs: FULL
# under make check-stress (UNSHARE_STRESS=1, as CI runs the suite once),
# else FEW (5): the usual suite checks that each race still runs, the
# stress run that it is never lost.
stress_count() {
	if [ "${UNSHARE_STRESS:-0}" = 1 ]; then
		echo "$1"
	else
		echo "${2:-5}"
	fi
}

# assert_table_fits COLUMNS: the --list table in $output has no line wider
# than COLUMNS (in characters, as a terminal shows them: run it in a
# UTF-8 locale); a row's first line has its STATUS and its DETACHES where
# their headings start, and a line that goes on a row (a DETACHES broken
# at a blank) has nothing before its DETACHES.
assert_table_fits() {
	local limit=$1 head line d s n=0
	head=${lines[0]}
	d=${head%%DETACHES*}
	d=${#d}
	s=${head%%STATUS*}
	s=${#s}
	for line in "${lines[@]}"; do
		[ "${#line}" -le "$limit" ] || fail "a line of ${#line} columns: $line"
		# Under the table: the legend, and --new-cgroup's line.
		[[ $line == --* || $line =~ ^[^\ ][^:]*:\  ]] && break
		if [ "${line:0:1}" != ' ' ]; then
			if [ "${line:s-1:1}" != ' ' ] || [ "${line:s:1}" = ' ' ]; then
				fail "STATUS is not at column $s: $line"
			fi
		else
			local before=${line:0:d}
			[ -z "${before// /}" ] ||
				fail "something before DETACHES on a line that goes on: $line"
		fi
		if [ "${line:d-1:1}" != ' ' ] || [ "${line:d:1}" = ' ' ]; then
			fail "DETACHES is not at column $d: $line"
		fi
		n=$((n + 1))
	done
	[ "$n" -gt 14 ] || fail "only $n lines"
}


# provoke_errors UNSHARE...: run UNSHARE (words: a binary, or a runner
# and a binary) with command lines that fail, one kind of error each (a
# step's, a refusal of the plan, of the command line), at 80 columns,
# in the current directory; their messages on stdout, each run's after
# a line "== ARGS".
provoke_errors() {
	local args long
	long=$(printf 'a%.0s' {1..60})bcdefg
	while IFS= read -r args; do
		printf '== %s\n' "$args"
		# shellcheck disable=SC2294 # the lines hold redirections
		COLUMNS=80 eval "$(printf '%q ' "$@") $args" 2>&1 </dev/null | grep -v '^Try '
	done <<EOF2
--root=/nonexistent true
-m --pivot-root=/nonexistent true
--wd=/nonexistent true
--wait-fd=3 true 3>wait
--info-fd=3 true 3<wait
--info-fd=abc true
--info-fd=1 true
--pid-file=/nonexistent/pid true
-pf --mount-proc=/nonexistent true
--mount-binfmt=/nonexistent true
-C --mount-cgroup=/nonexistent true
-u --hostname=$long true
--new-cgroup=$(printf 'x%.0s' {1..256}) true
--cgroup-set=cgroup.max.depth= true
--load-interp=garbage true
--flags=0x1 true
--mount-proc /proc true
--kill-child TERM -f true
--list -r
-n=/x true
--no-fork --pid=$PWD/p true
--owner=x true
--setuid=no-such-user-here true
--map-users=bad true
--mount=$PWD/none/m true
no-such-program-here
EOF2
}

# placeholder_lines: the lines of our messages on stdin that hold a
# placeholder of --help's (DIR, FD, FILE, SPEC, NAME, VALUE; in German
# too) as a word, or that go past 80 columns, or a message over three
# lines.
placeholder_lines() {
	awk -v ell=$'\xe2\x80\xa6' '/^== /{ args = $0; n = 0; next }
		/^unshare: |^hint: |^ /{ n++ } !/^unshare: |^hint: |^ /{ n = 0 }
		/(^|[^A-Za-z])(DIR|FD|FILEs?|SPEC|NAME|VALUE|VAL|DATEI|VERZ|WERT)([^A-Za-z]|$)/ {
			print args ": " $0 }
		{ line = $0; gsub(ell, ".", line) } # an ellipsis: one column
		length(line) > 80 { print args ": wide: " $0 }
		n > 3 { print args ": over three lines: " $0 }'
}

# In setup_file, as root with a static busybox: a root of it for the
# whole file, ROOT in NOBODY_DIR (which nobody can reach), the binary
# nobody runs beside it (NOBODY_BIN); the root's directories are the
# arguments before --, the busybox applets linked in it those after.
# Elsewhere it makes nothing, and need_busybox_root skips the tests.
busybox_root_file() {
	local bb applet
	[ "$(id -u)" = 0 ] || return 0
	bb=$(command -v busybox) || return 0
	LC_ALL=C ldd "$bb" 2>&1 | grep -q 'not a dynamic' || return 0
	NOBODY_DIR=$(mktemp -d /tmp/unshare-test.XXXXXX)
	chmod 755 "$NOBODY_DIR"
	cp "$UNSHARE_BIN" "$NOBODY_DIR/unshare"
	NOBODY_BIN=$NOBODY_DIR/unshare
	ROOT=$NOBODY_DIR/root
	mkdir -p "$ROOT/bin"
	while [ "$1" != -- ]; do
		mkdir -p "$ROOT/$1"
		shift
	done
	shift
	cp "$bb" "$ROOT/bin/busybox"
	for applet in "$@"; do
		ln -s busybox "$ROOT/bin/$applet"
	done
	chmod -R a+rX "$NOBODY_DIR"
	export NOBODY_DIR NOBODY_BIN ROOT
}

# The tests of a busybox_root_file: as root, with its root made.
need_busybox_root() {
	require_root
	[ -n "${ROOT:-}" ] ||
		need "busybox is not installed, or not static (tools/install-deps installs busybox-static)"
}
