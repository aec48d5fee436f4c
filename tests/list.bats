#!/usr/bin/env bats
# --list: every flag, and verdicts that match what really happens.

load helpers

teardown() {
	nobody_cleanup
}

@test "--list names all 14 flags; their values with -o" {
	run unshare --list
	assert_success
	assert_line --index 0 --regexp '^FLAG +OPTION +NS +SHARED +STATUS +DETACHES$'
	# The heading, the 14 rows (the legend, if any, and --new-cgroup's
	# line under them).
	assert_equal "$(grep -cE '^[a-z]+ +(-. )?--[a-z]+ ' <<<"$output")" 14
	assert_line --index -1 --regexp '^--new-cgroup: '
	run unshare --list -o flag,value
	assert_success
	assert_line --index 0 --regexp '^FLAG +VALUE$'
	for f in mount:0x00020000 uts:0x04000000 ipc:0x08000000 net:0x40000000 pid:0x20000000 user:0x10000000 cgroup:0x02000000 time:0x00000080 fs:0x00000200 files:0x00000400 sysvsem:0x00040000 vm:0x00000100 sighand:0x00000800 thread:0x00010000; do
		assert_line --regexp "^${f%%:*} +${f#*:}$"
	done
}

@test "--list shows the caller's namespace inodes" {
	run unshare --list
	assert_line --regexp "^net +-n --net +$(ns_inode net) "
	assert_line --regexp "^fs +--fs +- "
}

@test "one name a column: heading, --output word and JSON key alike, for every column of every table" {
	local what h words keys heads all=help
	words=$(unshare --list=options --raw --noheadings -o option,words |
		sed -n 's/^--output //p' | sed 's/\\x20/ /g')
	for what in flags options steps; do
		keys=$(unshare --list="$what" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join(d[sys.argv[1]][0]))' "$what")
		heads=$(unshare --list="$what" --raw | head -n 1 | tr '[:upper:]' '[:lower:]')
		for h in $heads; do
			[[ " $words " == *" $h "* ]] || fail "$what: heading $h is no --output word ($words)"
			[[ " $keys " == *" $h "* ]] || fail "$what: heading $h is no JSON key ($keys)"
		done
		for h in $keys; do
			[[ " $words " == *" $h "* ]] || fail "$what: JSON key $h is no --output word ($words)"
		done
		all+=" $keys"
	done
	[[ " $words " == *" help "* ]] || fail "help is no --output word ($words)"
	for h in $words; do
		[[ " $all " == *" $h "* ]] || fail "--output word $h is no table's column ($all)"
	done
}

@test "as root, every flag is usable, and each really is" {
	require_root
	run unshare --list
	for f in mount uts ipc net pid user cgroup time fs files sysvsem vm sighand thread; do
		assert_line --regexp "^$f .* usable .*$"
		run unshare "--$f" --no-fork true
		assert_success
		run unshare --list
	done
	# No word of STATUS to explain: below the table, the key of the
	# marks alone, then --new-cgroup's line.
	refute_line --regexp '^[a-z][a-z-]*: '
	assert_line --index -1 --regexp '^--new-cgroup: usable'
	run unshare --list --json
	assert_success
	assert_output --regexp '"flag":"net",[^}]*"status":"usable"}'
	# Where no cgroup2 is mounted, --new-cgroup has none to make one in.
	# shellcheck disable=SC2016 # the inner shell's
	run unshare -m sh -c 'for m in $(awk "{ for (i = 7; \$i != \"-\"; i++) ; if (\$(i + 1) == \"cgroup2\") print \$5 }" /proc/self/mountinfo); do umount -l "$m"; done
		"$1" --list | tail -n 1 && "$1" --list --json' sh "$UNSHARE_BIN"
	assert_success
	assert_line --index 0 "--new-cgroup: no-cgroup2"
	assert_output --partial '"new_cgroup":{"status":"no-cgroup2","parent":null}'
}

@test "as nobody, net needs privilege and names the way around, which works" {
	require_userns_for_nobody
	run as_nobody "$NOBODY_BIN" --list
	assert_success
	# A word in the table; what it means once, under it.
	assert_line --regexp '^net +-n --net .* needs-privilege +network'
	assert_line --regexp '^user +-U --user .* usable +user'
	assert_line --regexp '^fs +--fs .* usable +root'
	assert_equal "$(grep -c 'add --map-root-user (-r) or --user' <<<"$output")" 1
	assert_line --regexp '^needs-privilege: add --map-root-user \(-r\) or --user$'
	run as_nobody "$NOBODY_BIN" --net true
	assert_failure 125
	run as_nobody "$NOBODY_BIN" -r --net true
	assert_success
	nobody_cleanup
}

@test "--list fits the terminal: COLUMNS, or the terminal's width; a long text breaks into lines under its column" {
	export LC_ALL=C.UTF-8
	for cols in 80 120 200; do
		run env COLUMNS=$cols "$UNSHARE_BIN" --list
		assert_success
		assert_table_fits "$cols"
	done
	# 80 columns: the long DETACHES break at blanks, its words all there.
	run env COLUMNS=80 "$UNSHARE_BIN" --list
	[ "${#lines[@]}" -gt 15 ] || fail "nothing broke at 80 columns"
	# (As nobody, STATUS's longer words leave DETACHES less room.)
	[ "${#lines[@]}" -le 30 ] || fail "${#lines[@]} lines at 80 columns"
	# On a terminal of 80 columns, with no COLUMNS: the terminal's.
	run script -qec "stty cols 80 rows 50; env -u COLUMNS $(printf %q "$UNSHARE_BIN") --list" /dev/null
	assert_success
	lines=("${lines[@]//$'\r'/}")
	assert_table_fits 80
	# Into a pipe, with no COLUMNS: 80 columns.
	run env -u COLUMNS "$UNSHARE_BIN" --list
	assert_success
	assert_table_fits 80
}

@test "--list --output: the columns named, in their order, in any case; a long one still fits the terminal" {
	run unshare --list --output=STATUS,flag
	assert_success
	assert_line --index 0 --regexp '^STATUS +FLAG$'
	# (The verdict is the caller's: usable as root, needs privilege
	# as nobody.)
	assert_line --index 1 --regexp '^[a-z].* mount$'
	# The heading and 14 rows; as nobody, the key of needs-privilege
	# too.
	assert_equal "$(grep -vc ': ' <<<"$output")" 15
	# DETACHES alone beside FLAG takes what the terminal leaves.
	run env COLUMNS=40 "$UNSHARE_BIN" --list --output=flag,detaches
	assert_success
	assert_line --index 0 --regexp '^FLAG +DETACHES$'
	local line
	for line in "${lines[@]}"; do
		[ "${#line}" -le 40 ] || fail "a line of ${#line} columns: $line"
	done
	[ "${#lines[@]}" -gt 15 ] || fail "nothing broke at 40 columns"
	run unshare --list=options --output=short,option
	assert_success
	assert_line --index 0 --regexp '^SHORT +OPTION$'
	assert_line --regexp '^-m +--mount$'
	# Two columns that break: both count.  A terminal a little narrower
	# than the unbroken table has room for WORDS whole, not for HELP
	# beside it.
	local widest
	widest=$(COLUMNS=1000 "$UNSHARE_BIN" --list=options \
		--output=option,words,help | wc -L)
	[ "$widest" -gt 100 ] || fail "WORDS and HELP unbroken: $widest"
	run env COLUMNS=$((widest - 10)) "$UNSHARE_BIN" --list=options \
		--output=option,words,help
	assert_success
	assert_line --index 0 --regexp '^OPTION +WORDS +HELP$'
	for line in "${lines[@]}"; do
		[ "${#line}" -le $((widest - 10)) ] ||
			fail "a line of ${#line} columns: $line"
	done
	# At 100 columns both break, each in its share.
	run env COLUMNS=100 "$UNSHARE_BIN" --list=options \
		--output=option,words,help
	assert_success
	for line in "${lines[@]}"; do
		[ "${#line}" -le 100 ] || fail "a line of ${#line} columns: $line"
	done
}

@test "--list --output: a name the table lacks is refused with the table's own names, before anything is tried" {
	run unshare --list --output=flag,words
	assert_failure 125
	assert_line --index 0 --regexp "--output: words .*: flag, option, value, ns, shared, status, detaches, mask, kernel, since, type, uncompared$"
	run unshare --list=options --output=option,,words
	assert_failure 125
	assert_line --index 0 --regexp "--output: .*empty.*: option, short, argument, value, words, help$"
	run unshare --list --output=
	assert_failure 125
}

@test "--list --output: a column named twice is refused, in the text and in JSON" {
	local json
	for json in "" --json; do
		run unshare --list -o flag,status,FLAG $json
		assert_failure 125
		assert_line --index 0 --regexp "--output: .*FLAG.* twice"
		run unshare --list=options -o words,option,words $json
		assert_failure 125
		assert_line --index 0 --regexp "--output: .*words.* twice"
	done
	refute_output --partial '"flag"'
}

@test "--list: every JSON member is a column --output takes, and its text is the same fact" {
	local what key keys
	for what in flags options steps; do
		keys=$(unshare --list="$what" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join(d[sys.argv[1]][0]))' "$what")
		for key in $keys; do
			run unshare --list="$what" -o "$key"
			assert_success
			run unshare --list="$what" -o "$key" --json
			assert_success
		done
	done
	# The kernel's name and first version, as JSON has them.
	run unshare --list -o flag,kernel,since,mask
	assert_line --index 0 --regexp '^FLAG +KERNEL +SINCE +MASK$'
	assert_line --regexp '^time +CLONE_NEWTIME +5\.6 +0x00000080$'
	run unshare --list -o kernel,since,type,uncompared --json
	assert_output --partial '{"kernel":"CLONE_NEWTIME","since":"5.6","type":"time","uncompared":null}'
	assert_output --partial '{"kernel":"CLONE_THREAD","since":"2.6.16","type":null,"uncompared":null}'
}

@test "--list: one status word in the text and in JSON, the words scripts read" {
	local text json
	text=$(unshare --list --raw --noheadings -o flag,status)
	json=$(unshare --list -o flag,status --json | python3 -c '
import json, sys
for r in json.load(sys.stdin)["flags"]:
    print(r["flag"], r["status"])')
	assert_equal "$text" "$json"
	if grep -qvE ' (usable|needs-privilege|refused|not-in-kernel|limit-reached)$' <<<"$text"; then
		fail "a status word JSON does not have: $text"
	fi
}

# marks_shown TEXT: the marks in the cells of --list's table in TEXT (-,
# ?, and N+ for a number and +), one a line; keys_shown TEXT: those the
# key under it explains.
marks_shown() {
	awk '/^[^ ]+: / { exit } NR > 1' <<<"$1" | tr -s ' ' '\n' |
		sed -n 's/^[-?]$/&/p; s/^[0-9][0-9]*+$/N+/p' | sort -u
}
keys_shown() {
	sed -n 's/^\(-\|?\|N+\): .*/\1/p' <<<"$1" | sort
}

@test "--list: a key for every mark of the table under it, none for a mark not shown" {
	run unshare --list
	assert_success
	# A namespace shares nothing kcmp(2) counts, fs is no namespace.
	assert_line --regexp '^-: '
	assert_equal "$(keys_shown "$output")" "$(marks_shown "$output")"
	run unshare --list -o flag,ns,shared,uncompared,type
	assert_equal "$(keys_shown "$output")" "$(marks_shown "$output")"
	run unshare --list -o flag,status
	assert_equal "$(keys_shown "$output")" ""
	# Not for scripts.
	run unshare --list --noheadings
	assert_equal "$(keys_shown "$output")" ""
}

@test "--list as nobody: N+ where tasks could not be compared, and its key" {
	require_root
	nobody_copy
	run as_nobody "$NOBODY_BIN" --list -o flag,shared
	assert_success
	assert_line --regexp '^fs +[0-9]+\+$'
	assert_line --regexp '^N\+: '
	assert_equal "$(keys_shown "$output")" "$(marks_shown "$output")"
}

@test "--list where /proc is another pid namespace's: ? and its key" {
	require_root
	run /usr/bin/unshare --pid --fork "$UNSHARE_BIN" --list -o flag,shared
	assert_success
	assert_line --regexp '^fs +\?$'
	assert_line --regexp '^\?: '
	assert_equal "$(keys_shown "$output")" "$(marks_shown "$output")"
}

@test "--list --noheadings: the rows alone; --raw: a row a line, a cell's blanks and backslashes as \\xHH" {
	run unshare --list --noheadings
	assert_success
	assert_equal "${#lines[@]}" 14
	assert_line --index 0 --regexp '^mount +-m --mount +[0-9]+ '
	# Aligned without headings too, and within the width.
	run env COLUMNS=70 "$UNSHARE_BIN" --list --noheadings
	assert_success
	run awk '{ print index($0, " -") ", " (length($0) <= 70) }' <<<"$output"
	assert_line --index 0 "8, 1"
	assert_line --index 1 "8, 1"
	refute_line --partial ", 0"
	# No legend either, which as nobody there is ("needs -r: ...").
	if [ "$(id -u)" = 0 ]; then
		nobody_copy
		run as_nobody "$NOBODY_BIN" --list --noheadings
		assert_success
		[[ $output != *": "* ]] || fail "a legend: $output"
	fi
	run env COLUMNS=40 "$UNSHARE_BIN" --list --raw
	assert_success
	assert_equal "${#lines[@]}" 15
	assert_line --index 0 'FLAG OPTION NS SHARED STATUS DETACHES'
	assert_line --regexp '^mount -m\\x20--mount [0-9]+ - [a-z][^ ]* mount\\x20table$'
	# A row without a letter: no blanks before its option.
	assert_line --regexp '^fs --fs - [0-9]+\+? [a-z][^ ]* root,\\x20'
	local line
	for line in "${lines[@]}"; do
		[ "$(wc -w <<<"$line")" = 6 ] || fail "not 6 cells: $line"
	done
	run unshare --list=options --raw --noheadings --output=option,words
	assert_success
	assert_line '--propagation private\x20shared\x20slave\x20unchanged'
	# An empty cell stays a cell: the line ends in its blank.
	assert_line '--fork '
}

@test "--output, --noheadings and --raw shape --list's text: without --list, or --noheadings and --raw with --json, refused" {
	local option
	# With --json, --output chooses the members, as lsns -J -o does.
	run unshare --list -o status,flag --json
	assert_success
	run python3 -c '
import json, sys
rows = json.loads(sys.argv[1])["flags"]
print(len(rows), [list(r) for r in rows][0], rows[0]["flag"])' "$output"
	assert_output "14 ['status', 'flag'] mount"
	run unshare --list=options --output=option --json
	assert_output --regexp '^\{"version":4,"options":\[\{"option":"mount"\},'
	run unshare --output=flag true
	assert_failure 125
	assert_line --index 0 --partial "needs --list"
	for option in --noheadings --raw; do
		run unshare "$option" true
		assert_failure 125
		assert_line --index 0 --partial "${option%=*}"
		assert_line --index 0 --partial "needs --list"
		run unshare --list "$option" --json
		assert_failure 125
		assert_line --index 0 --partial "--json"
		run unshare --list "$option" -m
		assert_failure 125
		assert_line --index 0 --partial "--list"
	done
}

@test "--list --json is one document, version 4, with 14 objects under \"flags\"; type and ns as lsns has them" {
	run unshare --list --json
	assert_success
	assert_equal "${#lines[@]}" 1
	assert_output --regexp '^\{"version":4,"flags":\[\{"flag":"mount",.*\}\],"new_cgroup":\{.*\}\}$'
	run python3 -c '
import json, sys
doc = json.loads(sys.argv[1])
assert sorted(doc) == ["flags", "new_cgroup", "version"] and doc["version"] == 4, doc.keys()
rows = doc["flags"]
assert len(rows) == 14, len(rows)
for r in rows:
    assert set(r) >= {"flag", "option", "value", "mask", "kernel", "detaches", "since", "type", "ns", "shared", "status"}, r
    assert "inode" not in r and "name" not in r, r
print(rows[0]["flag"], rows[0]["value"], rows[0]["kernel"], rows[8]["type"], rows[8]["ns"])
print(rows[3]["type"], rows[3]["ns"])' "$output"
	assert_success
	assert_line --index 0 "mount 131072 CLONE_NEWNS None None"
	assert_line --index 1 "net $(ns_inode net)"
}

@test "--list --json: each flag's mask as the table's VALUE column shows it" {
	run unshare --list -o flag,value
	assert_success
	# Each row's name and the first word that starts with 0x.
	table=$(awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i ~ /^0x/) { print $1, $i; break } }' <<<"$output")
	assert_equal "$(wc -l <<<"$table")" 14
	run unshare --list --json
	assert_success
	run python3 -c '
import json, sys
for r in json.loads(sys.argv[1])["flags"]:
    assert r["mask"] == "0x%08x" % r["value"], r
    print(r["flag"], r["mask"])' "$output"
	assert_success
	assert_line 'time 0x00000080'
	assert_output "$table"
}

@test "--list with a limit reached says which file" {
	require_root
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_uts_namespaces && "$UNSHARE_BIN" --list'
	assert_success
	assert_line --regexp '^uts .* limit-reached +hostname'
	assert_line --regexp '^limit-reached: .*max_TYPE_namespaces'
	run /usr/bin/unshare --user --map-root-user sh -c '
		echo 0 >/proc/sys/user/max_uts_namespaces && "$UNSHARE_BIN" --list --json'
	assert_output --partial '"type":"uts","ns":'
	assert_output --regexp '"flag":"uts",[^}]*"status":"limit-reached"}'
}

# The kernel is made to refuse (through errno-inject's seccomp filter) what
# this machine's kernel allows: each verdict is checked against a real
# failed unshare(2) in the throwaway child.
@test "--list: a namespace type the kernel lacks is 'not in this kernel', with its version and option" {
	run inject unshare EINVAL 0 0x80 -- "$UNSHARE_BIN" --list
	assert_success
	assert_line --regexp '^time +-T --time .* not-in-kernel +monotonic'
	assert_line --regexp '^not-in-kernel: .*older'
	if [ "$(id -u)" = 0 ]; then
		assert_line --regexp '^uts +-u --uts .* usable '
	else
		assert_line --regexp '^uts +-u --uts .* needs-privilege '
	fi
	run inject unshare EINVAL 0 0x80 -- "$UNSHARE_BIN" --list --json
	run python3 -c '
import json, sys
print([(r["status"], r["since"]) for r in json.loads(sys.argv[1])["flags"] if r["flag"] == "time"][0])' "$output"
	assert_output "('not-in-kernel', '5.6')"
}

@test "--list as root refused by a seccomp filter: 'refused', not 'needs privilege'" {
	require_root
	run inject unshare EPERM 0 0x40000000 -- "$UNSHARE_BIN" --list
	assert_success
	assert_line --regexp '^net +-n --net .* refused +network'
	assert_line --regexp '^refused: .*security module.*seccomp'
	assert_line --regexp '^mount +-m --mount .* usable '
	run inject unshare EPERM 0 0x10000000 -- "$UNSHARE_BIN" --list --json
	assert_output --regexp '"flag":"user",[^}]*"status":"refused"}'
}

@test "--list as nobody with user namespaces refused: user needs privilege, and says what refuses it" {
	require_root
	nobody_copy
	run as_nobody "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x10000000 -- "$NOBODY_BIN" --list
	assert_success
	assert_line --regexp '^user +-U --user .* needs-privilege +user'
	assert_line --regexp '^needs-privilege: .*run as root'
	refute_line --partial -- '--map-root-user'
	# The JSON's word, the same.
	run as_nobody "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x10000000 -- "$NOBODY_BIN" --list -o flag,status --json
	nobody_cleanup
	assert_output --partial '{"flag":"user","status":"needs-privilege"}'
}

@test "--list as nobody, time refused in a user namespace too: its verdict its own (run as root), the others' -r, as direct runs find" {
	require_userns_for_nobody
	# time is the last flag tried again in a user namespace: a verdict
	# read from its neighbour's try would say -r for it.
	run as_nobody "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x80 -- "$NOBODY_BIN" --list
	assert_success
	assert_line --regexp '^time +-T --time .* needs-privilege '
	assert_line --regexp '^cgroup +-C --cgroup .* needs-privilege '
	assert_line --regexp '^needs-privilege: .*run as root$'
	assert_line --regexp '^needs-privilege: add --map-root-user \(-r\) or --user$'
	# What a run finds, each way.  (Its message of four lines, a long
	# list of flags and the seccomp hint, is not what is tested here.)
	local rc=0
	as_nobody "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x80 -- "$NOBODY_BIN" -r --time true 2>/dev/null || rc=$?
	assert_equal "$rc" 125
	run as_nobody "$UNSHARE_TESTLIB/errno-inject" unshare EPERM 0 0x80 -- "$NOBODY_BIN" -r --cgroup true
	assert_success
	# Without the refusal, -r is the way for every namespace.
	run as_nobody "$NOBODY_BIN" --list
	assert_success
	refute_line --partial 'run as root'
}

# The probe for each flag is a child; without one there is no verdict.
@test "--list when no child may be made: 125, names the limit, prints no table" {
	require_root
	nobody_copy
	run --separate-stderr with_nproc 1 "$NOBODY_BIN" --list
	assert_failure 125
	assert_output ""
	check_stderr
	assert_messages 1
	assert_said "--list" "Resource temporarily unavailable" "hint: " "limit on processes" "ulimit -u" "pids.max" "threads-max"
}

@test "--list=options: an option a line, what it takes and the words it knows, untranslated" {
	run unshare --list=options
	assert_success
	assert_line --index 0 --regexp '^OPTION +SHORT +ARGUMENT +VALUE +WORDS$'
	assert_line --regexp '^--mount +-m +optional +file$'
	assert_line --regexp '^--root +-R +required +directory$'
	assert_line --regexp '^--propagation +- +required +word +private shared slave unchanged$'
	assert_line --regexp '^--setgroups +- +required +word +allow deny$'
	assert_line --regexp '^--map-users +- +required +text +auto subids all$'
	assert_line --regexp '^--flags +- +required +flag-list +mount uts ipc net pid user cgroup time fs files sysvsem vm sighand thread$'
	assert_line --regexp '^--kill-child +- +optional +signal +HUP INT .* TERM .* RTMIN .* 1-[0-9]+$'
	assert_line --regexp '^--keep-env +- +required +variable-list$'
	assert_line --regexp '^--fork +-f +none +-$'
	# German or English, the same.
	local english=$output
	run env LC_MESSAGES=de_DE.UTF-8 LANG=de_DE.UTF-8 "$UNSHARE_BIN" --list=options
	assert_output "$english"
}

@test "--list=options: every option of --help, and each word it offers is taken" {
	run unshare --list=options
	assert_success
	local name short argument value words word said listed=()
	while read -r name short argument value words; do
		[ "$name" = OPTION ] && continue
		listed+=("$name")
		[ "$value" = signal ] && words=${words% *} # the range of numbers
		[ "$name" = --list ] && continue
		for word in $words; do
			# Taken, or refused for another reason than its form
			# (auto without a line in /etc/subuid).
			said=$(unshare --dry-run "$name=$word" true 2>&1 >/dev/null) ||
				[[ $said != *"=$word: give"* && $said != *"$word: give"* ]] ||
				fail "unshare refuses $name=$word, which --list=options offers: $said"
		done
	done <<<"$output"
	# The options of --help: the names before the text, on the lines
	# that start with an option (not those that go on with the text);
	# --help leaves out the alias --whitelist-env.
	assert_equal "$(printf '%s\n' "${listed[@]}" | grep -vx -- --whitelist-env | sort)" \
		"$(unshare --help | grep -E '^ {2,6}(-., )?--' | sed -E 's/^ +//; s/  +.*//' |
			grep -oE -- '--[a-z-]+' | sort)"
	run unshare --list=bogus
	assert_failure 125
	assert_said "--list=bogus" "flags, options, steps"
}

@test "--list=options --json: the same, as a JSON document" {
	run unshare --list=options --json
	assert_success
	run python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["version"] == 4 and list(d) == ["version", "options"], d
o = {x["option"]: x for x in d["options"]}
print(o["mount"]["short"], o["mount"]["argument"], o["mount"]["value"], o["mount"]["words"])
print(o["propagation"]["short"], o["propagation"]["value"], o["propagation"]["words"])
print(o["kill-child"]["words"][-1] == "1-64", "TERM" in o["kill-child"]["words"])
print(sorted(set(k for x in d["options"] for k in x)))' "$output"
	assert_success
	assert_line --index 0 "m optional file []"
	assert_line --index 1 "None word ['private', 'shared', 'slave', 'unchanged']"
	assert_line --index 2 "True True"
	assert_line --index 3 "['argument', 'option', 'short', 'value', 'words']"
}

@test "--list=options -o help: each option's text of --help, on one line with --raw" {
	run unshare --list=options --raw --noheadings -o option,help
	assert_success
	assert_equal "${#lines[@]}" "$(unshare --list=options --noheadings | wc -l)"
	assert_line --regexp '^--mount-proc mount\\x20.*/proc'
	# An alias, its option's.
	assert_equal "$(grep -E '^--(keep|whitelist)-env ' <<<"$output" | cut -d ' ' -f 2 | uniq | wc -l)" 1
	# Each as --help says it, its blanks as there.
	local help
	help=$(unshare --help | tr -s ' \n' ' ')
	while read -r _ text; do
		text=$(printf '%b' "$text" | tr -s ' ')
		[[ $help == *"$text"* ]] || fail "not in --help: $text"
	done <<<"$output"
	run unshare --list=options -o option,help --json
	assert_output --regexp '"option":"mount-proc","help":"mount [^"]*/proc'
}

@test "--list whose tries are killed by a signal (a seccomp filter's SIGSYS) says so: 125, no verdicts" {
	run inject unshare KILL 0 0xffffffff -- "$UNSHARE_BIN" --list
	assert_failure 125
	assert_said "--list:" "died of SIGSYS" "seccomp"
	# A death, no errno.
	refute_output --partial "Input/output error"
	refute_output --partial "Operation not permitted"
	refute_output --partial "usable"
}

@test "--list with lsns's habits: -J is --json; -r and -n, ours for runs, are hinted" {
	run unshare --list -J
	assert_success
	assert_output --partial '{"version":'
	run unshare --list -r
	assert_failure 125
	assert_said "--list runs nothing" "-r is --map-root-user" "--raw"
	run unshare --list -n
	assert_failure 125
	assert_said "--list runs nothing" "-n is --net" "--noheadings"
	run unshare --list --raw --noheadings
	assert_success
}
