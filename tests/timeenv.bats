#!/usr/bin/env bats
# Clock offsets of a time namespace; the program's environment.

load helpers

@test "--boottime=86400 moves /proc/uptime by a day" {
	require_root
	require_ns time
	outside=$(cut -d. -f1 /proc/uptime)
	run unshare --boottime=86400 cat /proc/uptime
	assert_success
	inside=${output%%.*}
	[ $((inside - outside)) -ge 86399 ] && [ $((inside - outside)) -le 86410 ]
}

@test "--monotonic=-1.5 moves the monotonic clock back, and implies --time" {
	require_root
	require_ns time
	outside=$(awk '{print $1}' /proc/uptime)
	run unshare --monotonic=3600.5 "$UNSHARE_TESTLIB/clock"
	assert_success
	# The monotonic clock is about uptime (boottime less suspend).
	[ "$(awk -v a="$output" -v b="$outside" 'BEGIN { d = a - b; print (d > 3599 && d < 3610) }')" = 1 ]
	# The offsets to the nanosecond, as the kernel holds them.
	run unshare --monotonic=-1.5 --boottime=2.25 cat /proc/self/timens_offsets
	assert_success
	assert_line --regexp '^monotonic +-2 500000000$'
	assert_line --regexp '^boottime +2 250000000$'
	run unshare --dry-run --monotonic=-1.5 true
	assert_line --regexp '^implied +time +by --monotonic$'
	assert_line --regexp '^clocks +.*: monotonic -1.5 s$'
}

@test "malformed offsets: 125" {
	for bad in '' abc 1.2.3 1e5 '1.' '.5' '--1' 1.0000000001 99999999999999; do
		run unshare --boottime="$bad" true
		assert_failure 125
		assert_said --index 0 "--boottime=$bad:" "seconds" "-3600" "1.5" "9 decimals"
	done
}

@test "an offset the kernel refuses: 125, saying it is the offset" {
	require_root
	require_ns time
	run unshare --boottime=-999999999 true
	assert_failure 125
	assert_said "set the clock offsets" "Numerical result out of range" "hint: " "offset"
}

@test "--clear-env: only a default PATH" {
	run env FOO=1 "$UNSHARE_BIN" --clear-env env
	assert_success
	assert_output "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
}

@test "--keep-env=LIST keeps those, and PATH if listed" {
	run env FOO=1 BAR=2 BAZ=3 "$UNSHARE_BIN" --keep-env=FOO,BAZ,MISSING env
	assert_success
	assert_equal "$(sort <<<"$output")" "BAZ=3
FOO=1
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	run env PATH=/usr/bin:/bin FOO=1 "$UNSHARE_BIN" --whitelist-env=PATH,FOO env
	assert_success
	assert_equal "$(sort <<<"$output")" "FOO=1
PATH=/usr/bin:/bin"
}

@test "--keep-env with a bad list: 125" {
	for bad in '' 'A=1' ',' ',,' 'A,B=1'; do
		run unshare --keep-env="$bad" true
		assert_failure 125
		assert_said --index 0 "--keep-env=$bad:" "variable names" "comma-separated" "'='"
	done
}

@test "--whitelist-env=HOME,,TERM passes over the empty name, as util-linux does" {
	run env -i HOME=/h TERM=t FOO=f "$UNSHARE_BIN" --whitelist-env=HOME,,TERM env
	assert_success
	assert_equal "$(sort <<<"$output")" "HOME=/h
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
TERM=t"
	run unshare --dry-run --json --keep-env=,HOME, true
	assert_output --partial '{"step":"environment","keep":["HOME"]}'
}

@test "--clear-env: the program is still found on the default PATH" {
	run env PATH=/nonexistent:/usr/bin:/bin "$UNSHARE_BIN" --clear-env hostname
	assert_success
	assert_output "$(hostname)"
}

@test "--keep-env and --whitelist-env add up when repeated, as in util-linux" {
	run env FOO=1 BAR=2 BAZ=3 "$UNSHARE_BIN" --keep-env=FOO --whitelist-env=BAR --keep-env=PATH env
	assert_success
	assert_equal "$(sort <<<"$output")" "BAR=2
FOO=1
PATH=$PATH"
	run unshare --dry-run --keep-env=FOO --keep-env=BAR true
	assert_line --regexp '^environment +.*: PATH FOO BAR$'
}

@test "--whitelist-env takes as many lists, names and as long a name as given, as util-linux" {
	local long lists=() names=() i
	long=V$(printf 'x%.0s' {1..300})
	for ((i = 0; i < 40; i++)); do lists+=("--whitelist-env=L$i"); done
	for ((i = 0; i < 300; i++)); do names+=("N$i"); done
	run env L0=a L39=b N0=c N299=d "$long=e" "$UNSHARE_BIN" "${lists[@]}" \
		--keep-env="$(IFS=,; echo "${names[*]}")" --keep-env="$long" env
	assert_success
	assert_line L0=a
	assert_line L39=b
	assert_line N0=c
	assert_line N299=d
	assert_line "$long=e"
	assert_equal "$(grep -c = <<<"$output")" 6
}
