#!/usr/bin/env bats
# Every limit of the command line, at the limit (taken) and one past it
# (refused, 125, saying the limit).  The pure parsers' own limits (--flags
# numbers, signal names, offsets, map text) are in the unit tests.

load helpers

# taken OPTION...: the plan is made.
taken() {
	plan "$@" true
	assert_success
}

# refused WORDS OPTION...: 125 before anything runs, saying WORDS.
refused() {
	local words=$1
	shift
	run unshare --dry-run "$@" true
	assert_failure 125
	assert_said --index 0 "$words"
}

@test "--new-cgroup: a name of 255 bytes is taken, 256 refused" {
	local name
	name=$(printf 'c%.0s' {1..255})
	taken --new-cgroup="$name"
	assert_line --regexp "^cgroup-make +.*: $name in "
	refused "not a cgroup name" --new-cgroup="${name}x"
	assert_said "at most 255 bytes"
	# Only cgroup.* is the kernel's.
	taken --new-cgroup=cgroups
	refused "not a cgroup name" --new-cgroup=cgroup.x
}

@test "--load-interp: 8 taken, a ninth refused" {
	local l=() i
	for ((i = 0; i < 8; i++)); do l+=(-l ":i$i:E::x$i::/bin/true:"); done
	taken "${l[@]}"
	assert_equal "$(grep -c '^interpreter ' <<<"$output")" 8
	refused "more than 8 --load-interp" "${l[@]}" -l ":i8:E::x8::/bin/true:"
}

@test "--map-users and --map-groups: 340 ranges taken, a 341st refused" {
	local u=() g=() i
	for ((i = 0; i < 340; i++)); do
		u+=("--map-users=$((i * 2)):$((i * 2)):1")
		g+=("--map-groups=$((i * 2)):$((i * 2)):1")
	done
	taken "${u[@]}" "${g[@]}"
	refused "more than 340" "${u[@]}" --map-users=1000:1000:1
	refused "more than 340" "${g[@]}" --map-groups=1000:1000:1
}

@test "ids: 4294967294 taken, 4294967295 refused; a count of 4294967295 taken, one more refused" {
	taken --setuid=4294967294 --setgid=4294967294 --map-user=4294967294 \
		--map-group=4294967294
	assert_line --regexp '^setuid +setuid: 4294967294$'
	refused "--setuid" --setuid=4294967295
	refused "--setgid" --setgid=4294967295
	refused "--map-user=4294967295" --map-user=4294967295
	taken --map-users=0:0:4294967295
	assert_line --regexp '^uid-map +.*: 0 0 4294967295$'
	refused "count" --map-users=0:0:4294967296
	refused "largest id" --map-users=1:0:4294967295
}

@test "--kill-child: signals 1 to RTMAX taken, 0 and one past RTMAX refused" {
	local max
	max=$(kill -l RTMAX)
	taken --kill-child=1
	assert_line --regexp '^kill-child +.*: SIGHUP$'
	taken --kill-child="$max"
	assert_line --regexp "^kill-child +.*: SIGRTMIN\+$((max - $(kill -l RTMIN)))\$"
	refused "--kill-child=0" --kill-child=0
	refused "up to $max" --kill-child=$((max + 1))
}

@test "--monotonic and --boottime: 10^12 seconds and 9 decimals taken, more refused" {
	taken --monotonic=1000000000000.999999999 --boottime=-1000000000000
	assert_line --regexp '^clocks +.*: monotonic 1000000000000.999999999 s'
	refused "--monotonic=1000000000001" --monotonic=1000000000001
	refused "--boottime=0.1234567891" --boottime=0.1234567891
}
