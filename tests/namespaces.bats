#!/usr/bin/env bats
# Each namespace option really gives the program a new namespace: its
# /proc/self/ns entry differs from the caller's.  Run as root.

load helpers

setup() {
	common_setup
	require_root
}

# new_ns OPTION ENTRY: the program's ENTRY inode differs from ours.
new_ns() {
	local option=$1 entry=$2 outer
	require_ns "$entry"
	outer=$(ns_inode "$entry")
	run unshare "$option" stat -L -c %i "/proc/self/ns/$entry"
	assert_success
	assert_output --regexp '^[0-9]+$'
	refute_output "$outer"
}

@test "--mount: new mount namespace" { new_ns --mount mnt; }
@test "-m: new mount namespace" { new_ns -m mnt; }
@test "--uts: new uts namespace" { new_ns --uts uts; }
@test "-u: new uts namespace" { new_ns -u uts; }
@test "--ipc: new ipc namespace" { new_ns --ipc ipc; }
@test "-i: new ipc namespace" { new_ns -i ipc; }
@test "--net: new network namespace" { new_ns --net net; }
@test "-n: new network namespace" { new_ns -n net; }
@test "--user: new user namespace" { new_ns --user user; }
@test "-U: new user namespace" { new_ns -U user; }
@test "--cgroup: new cgroup namespace" { new_ns --cgroup cgroup; }
@test "-C: new cgroup namespace" { new_ns -C cgroup; }
@test "--time: the program enters the new time namespace at exec" { new_ns --time time; }
@test "-T: new time namespace" { new_ns -T time; }

@test "--pid --no-fork: the program's children are in a new pid namespace, as pid 1" {
	require_ns pid
	outer=$(ns_inode pid)
	# The trailing 'true' makes sh fork for the inner commands.
	run unshare --pid --no-fork sh -c 'stat -L -c %i /proc/self/ns/pid; true'
	assert_success
	assert_output --regexp '^[0-9]+$'
	refute_output "$outer"
	run unshare -p --no-fork sh -c 'sh -c "echo \$\$"; true'
	assert_success
	assert_output 1
}

@test "--pid --no-fork: after its init exits, the namespace takes no more processes" {
	require_ns pid
	run unshare --pid --no-fork sh -c '/bin/true; /bin/true'
	assert_failure 2
	assert_output --partial 'Cannot fork'
}

@test "--pid --no-fork: the program itself stays in the caller's pid namespace" {
	require_ns pid
	run unshare --pid --no-fork stat -L -c %i /proc/self/ns/pid
	assert_success
	assert_output "$(ns_inode pid)"
}

@test "--uts: a hostname set inside does not change ours" {
	require_ns uts
	outer=$(hostname)
	run unshare --uts sh -c 'hostname unshare-test && hostname'
	assert_success
	assert_output unshare-test
	[ "$(hostname)" = "$outer" ]
}

@test "--net: only a loopback device, and it is down" {
	require_ns net
	run unshare --net cat /proc/net/dev
	assert_success
	assert_line --partial 'lo:'
	[ "$(grep -c ':' <<<"$output")" = 1 ]
}

# Not --pid: the first child would be its init, and once that exits no
# other can be forked there.
@test "seven namespaces at once" {
	require_ns mnt uts ipc net user cgroup time
	run unshare -m -u -i -n -U -C -T sh -c 'for e in mnt uts ipc net user cgroup time; do stat -L -c %i /proc/self/ns/$e; done'
	assert_success
	for e in mnt uts ipc net user cgroup time; do
		refute_line "$(ns_inode $e)"
	done
}

# The process-context flags have no /proc/self/ns entry; unshare(2) takes
# them and the program runs with no namespace changed.
context_flag() {
	local option=$1 mask=$2 e
	run --separate-stderr unshare -v "$option" sh -c 'for e in mnt uts ipc net user cgroup; do stat -L -c %i /proc/self/ns/$e; done'
	assert_success
	for e in mnt uts ipc net user cgroup; do
		assert_line "$(ns_inode $e)"
	done
	[[ "$stderr" == *"unshare: effective    $mask"* ]]
}

@test "--fs runs the program" { context_flag --fs '0x00000200 fs'; }
@test "--files runs the program" { context_flag --files '0x00000400 files'; }
@test "--sysvsem runs the program" { context_flag --sysvsem '0x00040000 sysvsem'; }
@test "--vm runs the program" { context_flag --vm '0x00010900 vm, sighand, thread'; }
@test "--sighand runs the program" { context_flag --sighand '0x00010900 vm, sighand, thread'; }
@test "--thread runs the program" { context_flag --thread '0x00010900 vm, sighand, thread'; }
