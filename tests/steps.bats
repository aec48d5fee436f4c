#!/usr/bin/env bats
# The steps --dry-run shows are the steps a run takes, in the same order:
# one list makes both, and each kind of step is one row of the step table
# that both runs and prints.  Each command line below is planned
# (--dry-run --json), then run for real under strace; tests/step-order.py
# finds each step of the plan, one by one and in order, among the system
# calls of the run, by the kinds --list=steps names.  Together the lines
# cover every kind of step (the last test checks it).

load helpers

setup() {
	common_setup
	require_root
	command -v strace >/dev/null || need "strace is not installed (tools/install-deps installs it)"
	# A root to chroot to, with a static program and a place for proc.
	mkdir -p root/proc root/binfmt root/dev root/tmp root/sys
	cp "$UNSHARE_TESTLIB/probe" root/probe
	touch ns
}

teardown() {
	umount "$BATS_TEST_TMPDIR/ns" 2>/dev/null || true
}

# in_order ARG...: the plan of ARGS, and a run of them, agree.
in_order() {
	"$UNSHARE_BIN" --list=steps --json >steps.json || return
	"$UNSHARE_BIN" --dry-run --json "$@" >plan.json || return
	strace -f -qq -s 200 -o trace "$UNSHARE_BIN" --verbose --json "$@" \
		>/dev/null 2>run.err || { cat run.err; return 1; }
	python3 "$BATS_TEST_DIRNAME/step-order.py" plan.json trace steps.json |
		tee -a "$BATS_FILE_TMPDIR/kinds"
	return "${PIPESTATUS[0]}"
}

@test "steps in order: maps, clocks, propagation, fork, kill-child, root, wd, proc, ids, caps, persist, environment" {
	run in_order -r --pid --mount-proc --monotonic=1 --boottime=-1.5 \
		--kill-child=TERM --forward-signals --root="$BATS_TEST_TMPDIR/root" \
		--wd=/ -S0 -G0 --keep-caps --net="$BATS_TEST_TMPDIR/ns" \
		--keep-env=HOME /probe
	assert_success
	for step in bind-helper unshare setgroups uid-map gid-map clocks \
		propagation signals fork kill-child root wd proc setgid keepcaps \
		setuid keep-caps persist environment exec; do
		assert_line --regexp "^$step: [0-9]+: "
	done
}

@test "steps in order: an F interpreter before the chroot, the others after the mount" {
	run in_order -r --mount-binfmt=/binfmt \
		--load-interp=":zfix:M::zfix::$UNSHARE_TESTLIB/probe:F" \
		--load-interp=':zlate:M::zlate::/probe:' \
		--root="$BATS_TEST_TMPDIR/root" /probe
	assert_success
	assert_line --index 0 --regexp '^unshare: '
	run grep -oE '^[a-z_-]+' <<<"$output"
	assert_output "unshare
setgroups
uid-map
gid-map
propagation
binfmt-early
interpreter
root
wd
binfmt
interpreter
exec"
}

@test "steps in order: --owner before unshare(2), a helper's maps, shared propagation, --init" {
	run in_order --owner=65534:65534 -r true
	assert_success
	assert_line --index 0 --regexp '^map-helper: '
	assert_line --index 1 --regexp '^owner: '
	assert_line --index 2 --regexp '^dumpable: '
	assert_line --index 3 --regexp '^unshare: '
	run in_order --map-users=0:100000:10 --map-groups=0:100000:10 true
	assert_success
	assert_line --regexp '^uid-map: [0-9]+: .*/proc/[0-9]+/uid_map'
	run in_order --mount --propagation=shared true
	assert_success
	assert_line --regexp '^propagation: [0-9]+: .*MS_SHARED'
	run in_order --init true
	assert_success
	assert_line --regexp '^init: '
}

@test "steps in order: hostname, bind-source, pivot-root, proc, bind, dev, tmpfs, sysfs, old-root, then the hand-off and no-new-privs last" {
	# The hand-off's FDs, open for the plan and the run alike: the run
	# reads the byte.
	echo g >go
	exec 8>info.json 9<go
	run in_order -r --pivot-root="$BATS_TEST_TMPDIR/root" --mount-proc --ro-bind="$BATS_TEST_TMPDIR/go:/go" --mount-dev --tmpfs=/tmp -n --mount-sysfs --pid \
		--hostname=box --domainname=dom --info-fd=8 \
		--pid-file="$BATS_TEST_TMPDIR/pid" --wait-fd=9 --no-new-privs /probe
	exec 8>&- 9<&-
	assert_success
	run grep -oE '^[a-z_-]+' <<<"$output"
	assert_output "hand-off
unshare
setgroups
uid-map
gid-map
hostname
domainname
propagation
signals
fork
bind-source
pivot-root
proc
bind
dev
tmpfs
sysfs
old-root
info-fd
pid-file
wait-fd
no-new-privs
exec"
	[ ! -e pid ]
}

@test "the order check fails on a plan whose order is not the run's" {
	"$UNSHARE_BIN" --dry-run --json -r --root="$BATS_TEST_TMPDIR/root" --wd=/ /probe >plan.json
	# The chroot and the chdir, swapped in the plan.
	python3 -c '
import json, sys
d = json.load(open("plan.json"))
s = d["plan"]["steps"]
i = [x["step"] for x in s].index("root")
s[i], s[i + 1] = s[i + 1], s[i]
json.dump(d, open("plan.json", "w"))'
	"$UNSHARE_BIN" --list=steps --json >steps.json
	strace -f -qq -s 200 -o trace "$UNSHARE_BIN" -r --root="$BATS_TEST_TMPDIR/root" --wd=/ /probe >/dev/null
	run python3 "$BATS_TEST_DIRNAME/step-order.py" plan.json trace steps.json
	assert_failure
	assert_line --regexp '^root: not after line [0-9]+; only before: .*chroot'
	# A kind the table has and the check does not know, or one it knows
	# and the table lacks, is an error, not a step passed over.
	python3 -c '
import json
d = json.load(open("steps.json"))
d["steps"].append({"step": "new-kind", "does": ""})
json.dump(d, open("steps.json", "w"))'
	run python3 "$BATS_TEST_DIRNAME/step-order.py" plan.json trace steps.json
	assert_failure
	assert_output --partial "kinds without a pattern: ['new-kind']"
}

# strace -f pads a pid to five columns: a call of a pid under 10000 cut
# in two by another process's ("3725  unshare(... <unfinished ...>",
# then "3725  <... unshare resumed>) = 0") is joined all the same.  In
# the last test, a cgroup-enter child of a pid under 10000 racing the
# watcher made its step missing, now and then.
@test "the order check joins a call strace cut in two, whatever its pid's width" {
	local pid
	"$UNSHARE_BIN" --list=steps --json >steps.json
	echo '{"plan": {"steps": [{"step": "cgroup-enter"}, {"step": "exec"}], "program": {"argv": ["true"]}}}' >plan.json
	for pid in 725 3725 13725 4193725; do
		printf '%-5d %s\n' "$pid" 'unshare(CLONE_NEWCGROUP <unfinished ...>' \
			1 'poll([{fd=6, events=POLLIN}], 1, -1 <unfinished ...>' \
			"$pid" '<... unshare resumed>)            = 0' \
			"$pid" 'execve("/bin/true", ["true"], 0x0 /* 0 vars */) = 0' >trace
		run python3 "$BATS_TEST_DIRNAME/step-order.py" plan.json trace steps.json
		assert_success
		assert_line --regexp "^cgroup-enter: 1: $pid +unshare\(CLONE_NEWCGROUP\) += 0$"
	done
}

# Last: the kinds the tests above found, with those of two more lines;
# run alone, it runs their lines too.
@test "every kind of step in the table is run and found, one step one action" {
	local line missing
	local -a lines=(
		"-r --pivot-root=$BATS_TEST_TMPDIR/root --bind=$BATS_TEST_TMPDIR/go:/go --mount-dev --tmpfs=/tmp:size=1m -n --mount-sysfs --hostname=box --domainname=dom --info-fd=8 --pid-file=$BATS_TEST_TMPDIR/pid --wait-fd=9 --no-new-privs /probe"
		"-n --loopback --mount --propagation=shared --mount-proc --init --forward-signals --die-with-parent --sysctl=net.ipv4.ip_forward=1 true"
		"--new-cgroup --cgroup-set=cgroup.max.depth=3 --mount-cgroup --propagation=unchanged -r true"
		"-r --pid --mount-proc --monotonic=1 --kill-child=TERM --root=$BATS_TEST_TMPDIR/root --wd=/ -S0 -G0 --keep-caps --net=$BATS_TEST_TMPDIR/ns --keep-env=HOME /probe"
		"-r --mount-binfmt=/binfmt --load-interp=:zfix:M::zfix::$UNSHARE_TESTLIB/probe:F --root=$BATS_TEST_TMPDIR/root /probe"
		"--owner=65534:65534 -r true"
		"-r -S0 -G0 --disable-userns true"
		"--map-users=0:100000:10 --map-groups=0:100000:10 true"
	)
	echo g >go
	exec 8>info.json 9<go
	"$UNSHARE_BIN" --list=steps --json >steps.json
	for line in "${lines[@]}"; do
		missing=$(python3 -c '
import json, sys
table = [k["step"] for k in json.load(open("steps.json"))["steps"]]
seen = set(l.split(":")[0] for l in open(sys.argv[1]))
print(" ".join(k for k in table if k not in seen))' "$BATS_FILE_TMPDIR/kinds" 2>/dev/null || echo all)
		[ -n "$missing" ] || break
		# shellcheck disable=SC2086 # the options are words
		run in_order $line
		assert_success
		umount "$BATS_TEST_TMPDIR/ns" 2>/dev/null || true
	done
	assert_equal "$missing" ""
}
