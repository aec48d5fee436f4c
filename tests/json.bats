#!/usr/bin/env bats
# JSON output: the plan of --dry-run --json, events of --verbose --json,
# valid for any input.

load helpers

# parse JSON EXPR [ARG...]: JSON must parse; prints the Python expression
# EXPR (the items of a tuple apart), which may use d (the document), p
# (its plan, if it has one) and sys.argv[3:].
parse() {
	python3 -c 'import json, sys
d = json.loads(sys.argv[1])
p = d.get("plan") if isinstance(d, dict) else None
r = eval(sys.argv[2])
print(*r) if isinstance(r, tuple) else print(r)' "$@"
}

@test "--dry-run --json: one document, version 4, with the plan under \"plan\"" {
	# (As nobody, the plan holds the prediction that uts needs privilege.)
	plan --json --uts true
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --regexp '^\{"version":4,"plan":\{"requested":\["uts"\],.*\}\}$'
	run parse "$output" 'sorted(d), d["version"], type(d["version"]).__name__, p["effective"]["mask"]'
	assert_success
	assert_output "['plan', 'version'] 4 int 0x04000000"
}

@test "--dry-run --json: the closure with reasons" {
	run unshare --dry-run --json --user --mount true
	assert_success
	run parse "$output" 'p["requested"], [(a["flag"], a["by"], a["from"]) for a in p["added"]], p["effective"]'
	assert_success
	assert_output "['mount', 'user'] [('fs', 'mount', 'mount'), ('thread', 'user', 'user'), ('vm', 'thread', 'user'), ('sighand', 'vm', 'user')] {'mask': '0x10030b00', 'value': 268634880, 'flags': ['mount', 'user', 'fs', 'vm', 'sighand', 'thread']}"
}

@test "--dry-run --json: every step in order, and the program" {
	plan --json -r --pid --mount-proc --boottime=5 --net=/run/x --keep-env=HOME printf '%s' x
	assert_success
	run parse "$output" '[s["step"] for s in p["steps"]], p["program"], [i["what"] + "<" + i["by"] for i in p["implied"]]'
	assert_success
	assert_output "['bind-helper', 'unshare', 'setgroups', 'uid-map', 'gid-map', 'clocks', 'propagation', 'signals', 'fork', 'proc', 'persist', 'environment', 'exec'] {'argv': ['printf', '%s', 'x']} ['--fork<--pid', 'mount<--mount-proc', 'time<--boottime', 'user<--map-root-user']"
}

@test "--dry-run --json: nasty arguments and paths stay valid JSON, byte for byte where UTF-8" {
	nasty=$(printf 'q"uote b\\slash nl\nline tab\t ctl\001 del\177 é ☃ 😀')
	bad=$(printf 'not-utf8 \377\376 end')
	run --separate-stderr unshare --dry-run --json --uts="$BATS_TEST_TMPDIR/$nasty" -- "$nasty" "$bad"
	# No such program: predicted, in the document.
	assert_failure 125
	run parse "$output" 'p["program"]["argv"] == [sys.argv[3], "not-utf8 \ufffd\ufffd end"] and [s for s in p["steps"] if s["step"] == "persist"][0]["files"][0]["path"] == sys.argv[4] + "/" + sys.argv[3]' "$nasty" "$BATS_TEST_TMPDIR"
	assert_success
	assert_output True
}

@test "--dry-run --json without a program names the shell and where it came from" {
	SHELL=/bin/dash run unshare --dry-run --json
	assert_success
	run parse "$output" 'p["program"]'
	assert_output "{'argv': ['/bin/dash'], 'shell_from': '\$SHELL'}"
}

@test "--verbose --json: JSON lines on stderr as things happen, each with its outcome" {
	require_root
	run --separate-stderr unshare --verbose --json -r --pid --mount-proc echo out
	assert_success
	assert_output out
	run python3 -c '
import json, sys
events = [json.loads(l) for l in sys.argv[1].splitlines()]
print([e["event"] for e in events][:2], events[0]["plan"]["effective"]["mask"])
print(sorted({e.get("step") for e in events if e["event"] == "step"}))
print({e.get("outcome") for e in events if e["event"] != "plan"})' "$stderr"
	assert_success
	# Each step's event once it is done, with the step's members (the
	# fork's: the child's pid); the namespaces' inodes after unshare(2).
	assert_line --index 0 "['plan', 'namespace'] 0x30030b00"
	assert_line --index 1 "['fork', 'gid-map', 'proc', 'propagation', 'setgroups', 'signals', 'uid-map', 'unshare']"
	assert_line --index 2 "{'ok'}"
	run python3 -c '
import json, sys
events = [json.loads(l) for l in sys.argv[1].splitlines()]
fork = [e for e in events if e.get("step") == "fork"]
ns = [e for e in events if e["event"] == "namespace"]
print(len(fork), type(fork[0]["pid"]).__name__, fork[0]["pid"] > 1)
print(sorted(e["entry"] for e in ns), all(type(e["before"]) is int for e in ns))' "$stderr"
	assert_line --index 0 "1 int True"
	assert_line --index 1 "['mnt', 'pid_for_children', 'user'] True"
}

@test "--verbose --json: a pid member only where there is a pid (the fork's), none as 0" {
	run --separate-stderr unshare --verbose --json --fork --keep-env=HOME true
	assert_success
	run python3 -c '
import json, sys
events = [json.loads(l) for l in sys.argv[1].splitlines()]
print("environment" in {e.get("step") for e in events})
print("pid in", sorted(e["step"] for e in events if "pid" in e))' "$stderr"
	assert_success
	assert_line --index 0 True
	assert_line --index 1 "pid in ['fork']"
}

@test "--verbose --json: a step is one event, with its members: --keep-env's environment once; the text says what was kept" {
	run --separate-stderr env HOME=/h "$UNSHARE_BIN" --verbose --json --keep-env=HOME,NOPE_UNSET true
	assert_success
	run python3 -c '
import json, sys
events = [json.loads(l) for l in sys.argv[1].splitlines()]
env = [e for e in events if e.get("step") == "environment"]
print(len(env), env[0].get("keep"), env[0]["outcome"])' "$stderr"
	assert_success
	assert_output "1 ['HOME', 'NOPE_UNSET'] ok"
	run env HOME=/h "$UNSHARE_BIN" --verbose --keep-env=HOME,NOPE_UNSET true
	assert_success
	assert_line --regexp "^unshare: environment +cleared but PATH and 1 variable$"
}

# Parent and child both write to stderr.  Each of our lines must leave in
# one write(2), or the lines of two processes interleave and a JSON event
# cut by another is no longer JSON (as once seen in CI).  Which process
# runs first is up to the scheduler, so the test looks at the writes
# themselves: every write to fd 2 ends a line.
split_writes() {
	command -v strace >/dev/null || need "strace is not installed (tools/install-deps installs it)"
	# A file a process (-ff): strace never splits a call of one process
	# with another's there ("<unfinished ...>").
	rm -f "$BATS_TEST_TMPDIR"/trace.*
	strace -ff -qq -s 1000000 -e trace=write -e signal=none -o "$BATS_TEST_TMPDIR/trace" \
		"$UNSHARE_BIN" "$@" >/dev/null 2>&1 || true
	local writers
	writers=$(grep -l 'write(2, ' "$BATS_TEST_TMPDIR"/trace.* | wc -l)
	[ "$writers" -ge 2 ] || fail "expected lines on stderr from two processes, got $writers"
	cat "$BATS_TEST_TMPDIR"/trace.* | grep 'write(2, ' | grep -Ev '\\n", [0-9]+\) += [0-9]+$' || true
}

@test "--verbose: every line on stderr leaves in one write(2), from parent and child alike" {
	require_root
	run split_writes --verbose --json -r --pid --mount-proc echo out
	assert_success
	assert_output ''
	run split_writes --verbose -r --pid --mount-proc echo out
	assert_success
	assert_output ''
	# warnx writes a message in three pieces when stderr is unbuffered.
	run split_writes --verbose --pid --mount-proc=/nonexistent true
	assert_success
	assert_output ''
}

@test "--verbose --json: a failed unshare(2) is an event with outcome failed" {
	require_root
	nobody_copy
	run --separate-stderr as_nobody "$NOBODY_BIN" -v --json --net true
	nobody_cleanup
	assert_failure 125
	run events "$stderr"
	assert_line --index 0 "plan"
	assert_line --index 1 "step unshare failed EPERM"
	assert_message --index 2 "unshare(2): net" "Operation not permitted" "hint: " "run as root"
	assert_line --index -1 "exit 125 failed"
}

# Every line of stderr parsed as JSON, one summary line per event; each
# must be of version 1.
events() {
	python3 -c '
import json, sys
for l in sys.argv[1].splitlines():
    e = json.loads(l)
    assert e["version"] == 4, l
    k = e["event"]
    if k == "step": print(k, e["step"], e["outcome"], e.get("errno", ""))
    elif k == "message": print(k, e["text"])
    elif k == "exit": print(k, e["status"], e["outcome"])
    else: print(k)' "$1"
}

# assert_message [--index N] PIECE...: as assert_said, over what events
# printed: a message event ("message unshare: ...") holds each PIECE.
assert_message() {
	assert_said_after "message unshare: " "$@"
}

@test "--verbose --json: a step that fails after unshare(2) is a message event, then a failed exit" {
	require_root
	run --separate-stderr unshare --verbose --json --pid --mount-proc=/nonexistent true
	assert_failure 125
	run events "$stderr"
	assert_success
	assert_message "--mount-proc=/nonexistent: No such file or directory" "hint: " "existing directory"
	assert_line "exit 125 failed"
	# The child's message, then its exit event (the parent's fork event
	# may come before, between or after them: two processes write).
	local message exit
	message=$(grep -n '^message unshare: --mount-proc=' <<<"$output" | cut -d: -f1)
	exit=$(grep -n '^exit 125 failed$' <<<"$output" | cut -d: -f1)
	[ "$exit" -gt "$message" ] || fail "the exit event came before the message"
	# The child failed and said so; the parent passes its status on quietly.
	run grep -c '"event":"exit"' <<<"$stderr"
	assert_output 1
}

@test "--verbose --json: every event line starts with the version, 4" {
	run -127 --separate-stderr unshare --verbose --json no-such-program-here
	assert_failure 127
	assert_equal "${#stderr_lines[@]}" 5
	assert_equal "$(grep -c '^{"version":4,"event":"' <<<"$stderr")" 5
	run python3 -c '
import json, sys
for l in sys.argv[1].splitlines():
    e = json.loads(l)
    print(list(e)[:2], e["version"], e["event"])' "$stderr"
	assert_success
	assert_output "['version', 'event'] 4 plan
['version', 'event'] 4 step
['version', 'event'] 4 message
['version', 'event'] 4 message
['version', 'event'] 4 exit"
}

@test "--verbose --json: a program that cannot be found ends with exit 127" {
	PATH=$SEARCHABLE_PATH run -127 --separate-stderr unshare --verbose --json no-such-program-here
	assert_failure 127
	run events "$stderr"
	assert_success
	assert_line --index 0 "plan"
	assert_line --index 1 "step exec failed ENOENT"
	assert_line --index 2 "message unshare: run the program: 'no-such-program-here': No such file or directory"
	assert_line --index 3 --partial "message hint: "
	assert_line --index 4 "exit 127 failed"
}

@test "--verbose --json: warnings are message events; the program's own status is no exit event" {
	require_root
	run --separate-stderr unshare --verbose --json --map-users=100000,0,10 --fork sh -c 'exit 3'
	assert_failure 3
	run events "$stderr"
	assert_success
	assert_message --index 0 "--map-users=100000,0,10" "OUTER,INNER,COUNT" "INNER:OUTER:COUNT"
	assert_line --index 1 "plan"
	refute_line --partial "exit"
	# Without --json, the same warning is plain text.
	run --separate-stderr unshare --map-users=100000,0,10 true
	assert_success
	check_stderr
	assert_equal "${#lines[@]}" 1
	assert_said "--map-users=100000,0,10" "OUTER,INNER,COUNT" "INNER:OUTER:COUNT"
}

@test "--verbose --json: a usage error is message events and a failed exit, wherever the error is" {
	run --separate-stderr unshare --verbose --json --bogus true
	assert_failure 125
	assert_output ''
	run events "$stderr"
	assert_success
	assert_equal "${#lines[@]}" 3
	assert_line --index 0 "message unshare: unrecognized option '--bogus'"
	assert_line --index 1 "message Try 'unshare --help' or 'unshare --usage' for more information."
	assert_line --index 2 "exit 125 failed"
	# Before --verbose and --json, in their short and abbreviated forms:
	# the options after the one at fault count too.
	run --separate-stderr unshare --mout --json -v true
	assert_failure 125
	run events "$stderr"
	assert_success
	assert_line --index 0 "message unshare: unrecognized option '--mout'"
	assert_line --index 1 "message hint: did you mean '--mount'?"
	assert_line --index 3 "exit 125 failed"
	run --separate-stderr unshare --bogus --js --verb true
	assert_failure 125
	run events "$stderr"
	assert_success
	assert_line --index 2 "exit 125 failed"
}

@test "--verbose --json: a refused value or combination is a message event too" {
	run --separate-stderr unshare -v --json --flags=0x1 true
	assert_failure 125
	run events "$stderr"
	assert_success
	assert_message --index 0 "--flags" "unknown bit 0x00000001" "'0x1'" "0x7e070f80"
	assert_equal "${lines[-1]}" "exit 125 failed"
	run --separate-stderr unshare --verbose --json --list
	assert_failure 125
	assert_output ''
	run events "$stderr"
	assert_success
	assert_message --index 0 "--list" "alone" "--json"
	assert_equal "${lines[-1]}" "exit 125 failed"
}

@test "--json: a refused value made again in English is refused the same way" {
	# The eighth --load-interp is empty: refused as empty, not counted
	# as a ninth.
	run unshare --json -l x -l x -l x -l x -l x -l x -l x -l '' true
	assert_failure 125
	assert_line --index 0 "unshare: --load-interp=: give a value"
	run unshare --json -l x -l x -l x -l x -l x -l x -l x -l x -l x true
	assert_failure 125
	assert_line --index 0 "unshare: more than 8 --load-interp"
}

@test "--dry-run --verbose --json: the plan on stdout, a warning as an event on stderr" {
	run --separate-stderr unshare --dry-run --verbose --json --map-users=100000,0,10 true
	assert_success
	run parse "$output" 'd["version"], p["requested"], p["implied"][0]["what"]'
	assert_output "4 [] user"
	run events "$stderr"
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_message "--map-users=100000,0,10" "OUTER,INNER,COUNT" "INNER:OUTER:COUNT"
}

@test "a usage error stays text without both --verbose and --json among our options" {
	for options in "--json --bogus" "--verbose --bogus" "-v --bogus true --verbose --json" "--bogus -- --verbose --json"; do
		# shellcheck disable=SC2086 # the options are words
		run --separate-stderr unshare $options
		assert_failure 125
		assert_equal "$options: ${stderr_lines[0]}" "$options: unshare: unrecognized option '--bogus'"
		assert_equal "$options: ${stderr_lines[1]}" "$options: Try 'unshare --help' or 'unshare --usage' for more information."
	done
}

@test "unknown options get a did-you-mean" {
	run unshare --mout true
	assert_failure 125
	assert_line --index 0 "unshare: unrecognized option '--mout'"
	assert_line --index 1 "hint: did you mean '--mount'?"
	assert_line --index 2 "Try 'unshare --help' or 'unshare --usage' for more information."
	run unshare --fork --propgation=shared true
	assert_failure 125
	assert_line --index 1 "hint: did you mean '--propagation'?"
	run unshare --flags mount --verbsoe true
	assert_line --index 1 "hint: did you mean '--verbose'?"
}

@test "an option far from any gets no suggestion, and options of the program none at all" {
	run unshare --xyzzy-plugh true
	assert_failure 125
	refute_line --partial 'did you mean'
	run unshare sh -c 'echo ok' --mout
	assert_success
	assert_output ok
}

@test "--json escapes the C1 controls (U+009B is a terminal's CSI), so none reaches the terminal raw" {
	run unshare --dry-run --json -- $'a\xc2\x9b2J\xc2\x85b' $'\xc2\xa0'
	assert_failure 125
	assert_output --partial '"argv":["a\u009b2J\u0085b","'$'\xc2\xa0''"]'
	refute_output --partial $'\xc2\x9b'
}

@test "--json escapes what the text escapes: bidirectional controls, line separators, invisible marks" {
	run --separate-stderr unshare --dry-run --json -- $'a\u202eb\u2028c\u2029d\u200fe\u2066f\ufeffg' $'\u00e9\u2014'
	assert_failure 125
	assert_output --partial '"argv":["a\u202eb\u2028c\u2029d\u200fe\u2066f\ufeffg","'$'\u00e9\u2014''"]'
	refute_output --partial $'\u202e'
	refute_output --partial $'\u2028'
}
