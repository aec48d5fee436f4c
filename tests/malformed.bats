#!/usr/bin/env bats
# Bad input, table-driven: every case exits 125 with a message of ours
# naming the problem, never a crash, and runs nothing.

load helpers

# case EXPECTED ARG...: one row of the table.
rows=()
row() {
	local want=$1
	shift
	# A value longer than a line is cut in its middle (an ellipsis):
	# the message holds its start.
	[ "${#want}" -le 1000 ] || want=${want:0:100}
	rows+=("$want"$'\x1f'"$(printf '%s\x1e' "$@")")
}

table() {
	local long big i o
	long=$(printf 'x%.0s' $(seq 1 5000))
	big=99999999999999999999999999999
	for o in mount uts ipc net pid user cgroup time mount-binfmt load-interp root wd; do
		row "--$o=: give a value" "--$o="
	done
	row "--mount-proc=: give a value" --mount-proc=
	row "--kill-child=: give a value" --kill-child=
	for v in '' ',' mnt MOUNT_ bogus 0x1 0x3 0x80000000 0x100000000 -1 +1 ' 1' 0x 0x-1 12z "$big" 0x10000000000000000 'mount,' ',uts' 'uts,,net' 'net;pid' 'mount uts' "$long" 'CLONE_' 'UNSHARE_' '0X' '1.5' 'user,0x2'; do
		row "--flags: " --flags="$v"
	done
	for v in NOPE 0 65 -9 9x SIG RTMIN+99 RTMAX-99 "$long" kil 1e1; do
		row "--kill-child=$v: give a signal" --kill-child="$v"
	done
	for v in '' public Private SHARED slav 'private ' unchange "$long" 1 none; do
		row "--propagation=$v: give one of private" --propagation="$v"
	done
	for v in '' yes no ALLOW Deny 1 0 "$long"; do
		row "--setgroups=$v: give one of allow" --setgroups="$v"
	done
	for v in -1 4294967295 "$big" 1x ++5 ' 3' no-such-user-here "$long" 1.0 0x10; do
		row "--map-user=${v:0:100}" --map-user="$v"
		row "--map-group=${v:0:100}" --map-group="$v"
	done
	for v in '' 1 1:2 1:2:3:4 1,2 1:2,3 a:b:c -1:0:1 0:-1:1 0:0:-1 0:0:0 0:0:4294967296 4294967295:0:1 0:4294967295:1 "$big:0:1" 4294967290:0:10 0:4294967290:10 ':0:1' '0::1' '0:0:' ' 0:0:1' '0:0:1 ' 'auto:1' AUTO subid alls "$long" '1,2,3,4' '0:0:1x'; do
		row "--map-users: " --map-users="$v"
	done
	for v in '' 1:2 x:y:z 0:0:0 4294967295:0:1 AUTO '1,2,3,4' 0:0:-5 "$long" '1:1:1:1'; do
		row "--map-groups: " --map-groups="$v"
	done
	row "--map-users: ranges 0:100000:10 and 5:200000:10 overlap" --map-users=0:100000:10 --map-users=5:200000:10
	row "--map-groups: ranges 0:100000:10 and 50:100005:10 overlap" --map-groups=0:100000:10 --map-groups=50:100005:10
	for v in '' 1 : 1: :1 x:0 0:x -1:0 0:-1 4294967295:0 0:4294967295 "$long:0" 1:2:3 'no-such-user-here:0'; do
		row "--owner=$v: " --owner="$v"
	done
	for v in -1 4294967295 "$big" x1 no-such-user-here "$long" ' 0' 1.5 0x0; do
		row "--setuid: " --setuid="$v"
		row "--setgid: " --setgid="$v"
	done
	row "--setuid=: give a value" --setuid=
	for o in info-fd wait-fd; do
		for v in x 3x -1 +3 ' 3' 2147483648; do
			row "--$o=$v: " --$o="$v"
		done
	done
	row "--setgid=: give a value" --setgid=
	for v in '' abc 1.2.3 1e5 '1.' '.5' '--1' '+-1' 1.0000000001 99999999999999 "$big" "$long" '1 ' ' 1' 0x10 1,5 inf nan; do
		row "--monotonic=$v: give seconds" --monotonic="$v"
		row "--boottime=$v: give seconds" --boottime="$v"
	done
	for v in '' ',' 'A=1' '=A'; do
		row "--keep-env=$v: " --keep-env="$v"
	done
	for v in --bogus --mout --pidd --usr --no-forks --forkk --json-lines --map-rooot --listt --drt-run -Z -X -Q -y -k -e -a -b -d -o; do
		row "" "$v"
	done
	row "--fork and --no-fork exclude each other" --fork --no-fork
	row "--init needs a child process" --init --no-fork
	row "--kill-child needs a child process" --kill-child --no-fork
	row "--forward-signals needs a child process" --forward-signals --no-fork
	row "--setgroups=allow cannot go with -r" -r --setgroups=allow
	row "--pid=$BATS_TEST_TMPDIR/x needs a child process" --pid="$BATS_TEST_TMPDIR/x" --no-fork
	# Options that would do nothing: --json with nothing to print, --list
	# with anything but --json (the runner adds a program, itself refused).
	row "--json needs --list" --json
	for o in --net --dry-run --verbose --fork -r --wd=/ --root=/ -S0 -G0 --keep-env=PATH --propagation=shared --pid="$BATS_TEST_TMPDIR/x"; do
		row "--list runs nothing" --list "$o"
	done
	row "!--list runs nothing" --list true
	# A value missing at the end of the line (no program after it).
	for o in --flags --map-user --map-group --map-users --map-groups --owner --setgroups --setuid --setgid --propagation --monotonic --boottime --keep-env --root --wd --load-interp -S -G -R -w -l; do
		row "!requires an argument" "$o"
	done
	for ((i = 0; i < 10; i++)); do
		row "--flags: unknown flag" "--flags=$(head -c 64 /dev/urandom | tr -dc 'a-z0-9')x"
	done
}

@test "at least 200 malformed arguments: each 125, a message, nothing run" {
	# bats traces each command of a test (its DEBUG trap), to name the
	# line that failed: 3 s over the table and this loop, which names
	# its failures itself.  The trap is back for every check.
	local tracing bad=0 r want args
	tracing=$(trap -p DEBUG)
	trap - DEBUG
	table
	for r in "${rows[@]}"; do
		want=${r%%$'\x1f'*}
		IFS=$'\x1e' read -ra args <<<"${r#*$'\x1f'}"
		# Not bats's run: two hundred of them cost seconds.
		status=0
		if [[ $want == '!'* ]]; then
			want=${want#!}
			output=$(unshare "${args[@]}" 2>&1) || status=$?
		else
			output=$(unshare "${args[@]}" touch "$BATS_TEST_TMPDIR/ran" 2>&1) || status=$?
		fi
		lines=("${output%%$'\n'*}")
		# A message broken at a blank (a value wider than the line)
		# goes on, indented: read as one line.
		output=$(sed -z 's/\n  */ /g; s/\nhint: / /g' <<<"$output")
		if [ "$status" != 125 ] || [[ ${lines[0]} != "unshare: "* ]] ||
			{ [ -n "$want" ] && [[ $output != *"$want"* ]]; } ||
			[ -e "$BATS_TEST_TMPDIR/ran" ]; then
			echo "# args: ${args[0]:0:60} ${args[1]:0:60} (status $status): ${lines[0]:0:200}" >&3
			bad=$((bad + 1))
			rm -f "$BATS_TEST_TMPDIR/ran"
		fi
	done
	eval "$tracing"
	echo "# ${#rows[@]} malformed cases, $bad wrong" >&3
	[ "${#rows[@]}" -ge 200 ]
	[ "$bad" = 0 ]
}
