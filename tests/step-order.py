#!/usr/bin/env python3
"""The steps a plan shows are the steps a run takes, in that order.

    step-order.py PLAN.json TRACE STEPS.json

PLAN.json is `unshare --dry-run --json ARGS`; TRACE is what
`strace -f -qq -s 200` wrote for `unshare --verbose --json ARGS`, the
same command line run for real; STEPS.json is `unshare --list=steps
--json`, the table of step kinds.  Each step of the plan, in the plan's
order, is looked for in the trace after the line where the step before
it was found: the system call that carries it out (a chroot(2) for
"root", the mount(2) of proc for "proc", ...), or for a step with no
system call of its own (the environment) its --verbose event, written to
stderr.  So each step of the plan is one thing the run does.  A step found, or one looked for past the end, is printed with
the line that carries it; the exit status is 1 if one is not found after
the step before it: the plan's order is not the run's.
"""

import json
import re
import sys

# What carries out each kind of step, as a regular expression on a line
# of strace.  Each step is looked for after the line of the step before
# it.  The kinds are the step table's (STEPS.json): a kind without a
# pattern here, or a pattern for no kind, is an error.
CALLS = {
    "cgroup-make": r"mkdirat\(",
    # A file of the cgroup opened to write, but its cgroup.procs.
    "cgroup-set": r'openat\(\d+, "(?!cgroup\.procs")[a-z]+\.[a-z0-9.]+", '
                  r'O_WRONLY',
    # The helpers: forked before anything changes.
    "bind-helper": r"\b(clone3?|v?fork)\(",
    "map-helper": r"\b(clone3?|v?fork)\(",
    # The caller's /proc, kept for the hand-off.
    "hand-off": r'"/proc", [^)]*O_PATH',
    "owner": r"setresuid\(",
    "dumpable": r"PR_SET_DUMPABLE, (1|SUID_DUMP_USER)",
    "unshare": r"\bunshare\(",
    "setgroups": r'"/proc/(self|\d+)/setgroups"',
    "uid-map": r'"/proc/(self|\d+)/uid_map"|execve\("[^"]*newuidmap"',
    "gid-map": r'"/proc/(self|\d+)/gid_map"|execve\("[^"]*newgidmap"',
    "clocks": r'"/proc/self/timens_offsets"',
    "loopback": r"SIOCSIFFLAGS",
    "hostname": r"\bsethostname\(",
    "domainname": r"\bsetdomainname\(",
    "propagation": r'mount\(NULL, "/", NULL, MS_REC\|MS_(PRIVATE|SHARED|SLAVE)',
    # The parent's waiting: the signals blocked before the fork.
    "signals": r"rt_sigprocmask\(SIG_BLOCK, \[",
    "fork": r"\b(clone3?|v?fork)\(",
    "parent-death": r"PR_SET_PDEATHSIG",
    "sysctl": r'openat\(AT_FDCWD, "/proc/sys/[^"]+", O_WRONLY',
    "userns-limit": r'openat\(AT_FDCWD, "/proc/sys/user/max_user_namespaces", '
                    r'O_WRONLY',
    "kill-child": r"PR_SET_PDEATHSIG",
    "cgroup-enter": r"unshare\(CLONE_NEWCGROUP\)",
    "binfmt-early": r'fsopen\("binfmt_misc"',
    "cgroup-private": r'mount\(NULL, "[^"]+", NULL, MS_REC\|MS_PRIVATE',
    "cgroup-mount": r'mount\("cgroup2"|fsopen\("cgroup2"',
    "interpreter": r'"register"',
    "root": r"\bchroot\(",
    "pivot-root": r"\bpivot_root\(",
    # Its last link, once the host's devices are taken and bound.
    "dev": r'symlinkat\("pts/ptmx"',
    "tmpfs": r'fsopen\("tmpfs"',
    "bind-source": r"open_tree\(\d+, \"\", [^)]*OPEN_TREE_CLONE",
    "bind": r"move_mount\(\d+, \"\", \d+, \"\"",
    "sysfs": r'fsopen\("sysfs"',
    "old-root": r'umount2\("\.", MNT_DETACH\)',
    "wd": r"\bchdir\(",
    "proc-private": r'mount\(NULL, "[^"]+", NULL, MS_REC\|MS_PRIVATE',
    "proc": r'fsopen\("proc"|mount\("proc"',
    "binfmt": r'fsopen\("binfmt_misc"|mount\("binfmt_misc"|move_mount\(',
    "setgid": r"setresgid\(",
    "keepcaps": r"PR_SET_KEEPCAPS",
    "setuid": r"setresuid\(",
    "disable-userns": r"\bunshare\(CLONE_NEWUSER\)",
    "keep-caps": r"PR_CAP_AMBIENT",
    "persist": r"open_tree\(",
    # No system call: --verbose --json says it once it is done.
    "environment": r'\\"step\\":\\"environment\\"',
    "init": r"\b(clone3?|v?fork)\(",
    "info-fd": r'write\(\d+, "\{\\"version\\":\d+,\\"pid\\"',
    # Written by the parent, which links its file with no name (or
    # renames its file of its own).
    "pid-file": r'linkat\(\d+, "", \d+, "[^"]+", AT_EMPTY_PATH\)'
                r"|renameat2?\(.*\.unshare-[0-9a-f]{16}\.pid",
    "wait-fd": r'read\(\d+, "[^"]*", 1\) += 1$',
    "no-new-privs": r"PR_SET_NO_NEW_PRIVS",
    "exec": None,  # the program's execve, below
}


def joined(lines):
    """The trace with each call strace cut in two (another process wrote
    between its start, "<unfinished ...>", and its end, "<... read
    resumed>") made whole again, at the line where it started.  strace
    pads a pid to five columns ("3725  read("): a pid of fewer digits is
    followed by more than one space."""
    out, pending = [], {}
    for line in lines:
        m = re.match(r"(\d+) +(.*) <unfinished \.\.\.>$", line)
        if m:
            pending[m.group(1)] = len(out)
            out.append(m.group(0)[:-len(" <unfinished ...>")])
            continue
        m = re.match(r"(\d+) +<\.\.\. \w+ resumed>(.*)$", line)
        if m and m.group(1) in pending:
            out[pending.pop(m.group(1))] += m.group(2)
            continue
        out.append(line)
    return out


def main():
    plan = json.load(open(sys.argv[1]))["plan"]
    trace = joined(open(sys.argv[2]).read().splitlines())
    table = [k["step"] for k in json.load(open(sys.argv[3]))["steps"]]
    if set(table) != set(CALLS):
        print(f"kinds without a pattern: {sorted(set(table) - set(CALLS))}; "
              f"patterns without a kind: {sorted(set(CALLS) - set(table))}")
        sys.exit(1)
    steps = [s["step"] for s in plan["steps"]]
    program = re.escape(json.dumps(plan["program"]["argv"][0]))
    at = -1
    for kind in steps:
        pattern = CALLS[kind] or r"execve\([^,]*, \[" + program
        found = next((i for i in range(at + 1, len(trace))
                      if re.search(pattern, trace[i])), None)
        if found is None:
            before = next((i for i in range(0, at + 1)
                           if re.search(pattern, trace[i])), None)
            where = (f"only before: {trace[before]}"
                     if before is not None else "nowhere in the trace")
            print(f"{kind}: not after line {at + 1}; {where}")
            # What there is to go on when it fails: the calls after the
            # last step found, whole.
            for line in trace[at:at + 40]:
                print(f"  {line[:300]}")
            sys.exit(1)
        print(f"{kind}: {found + 1}: {trace[found][:100]}")
        at = found


if __name__ == "__main__":
    main()
