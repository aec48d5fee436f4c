#!/usr/bin/env python3
"""The steps a plan shows are the steps a run takes, in that order.

    step-order.py PLAN.json TRACE

PLAN.json is `unshare --dry-run --json ARGS`; TRACE is what
`strace -f -qq -s 200` wrote for `unshare --verbose --json ARGS`, the
same command line run for real.  Each step of the plan, in the plan's
order, is looked for in the trace from the line where the step before it
was found on: the system call that carries it out (a chroot(2) for
"root", the mount(2) of proc for "proc", ...), or for a step with no
system call of its own (the environment) its --verbose event, written to
stderr.  A step found, or one looked for past the end, is printed with
the line that carries it; the exit status is 1 if one is not found after
the step before it: the plan's order is not the run's.
"""

import json
import re
import sys

# What carries out each step, as a regular expression on a line of
# strace.  Each step is looked for after the line of the step before it,
# but for those carried out by the same system call (WITH_BEFORE).
CALLS = {
    "owner": r"setresuid\(",
    "setgroups": r'"/proc/(self|\d+)/setgroups"',
    "maps": r'"/proc/(self|\d+)/[ug]id_map"|execve\("[^"]*new[ug]idmap"',
    "uid_map": r'"/proc/(self|\d+)/uid_map"|execve\("[^"]*newuidmap"',
    "gid_map": r'"/proc/(self|\d+)/gid_map"|execve\("[^"]*newgidmap"',
    "monotonic": r'"/proc/self/timens_offsets"',
    "boottime": r'"/proc/self/timens_offsets"',
    "propagation": r'mount\(NULL, "/", NULL, MS_REC\|MS_(PRIVATE|SHARED|SLAVE)',
    "fork": r"\b(clone3?|v?fork)\(",
    # The parent's waiting: set up before the fork (one line with it).
    "signals": r"\b(clone3?|v?fork)\(",
    "kill-child": r"PR_SET_PDEATHSIG",
    "binfmt-early": r'fsopen\("binfmt_misc"',
    "interpreter": r'"register"',
    "root": r"\bchroot\(",
    "wd": r"\bchdir\(",
    "proc": r'fsopen\("proc"|mount\("proc"',
    "binfmt": r'fsopen\("binfmt_misc"|mount\("binfmt_misc"|move_mount\(.*binfmt',
    "setgid": r"setresgid\(",
    "setuid": r"setresuid\(",
    "keep-caps": r"PR_CAP_AMBIENT",
    "persist": r"open_tree\(",
    # No system call: --verbose says it.
    "environment": r'\\"step\\":\\"environment\\"',
    "init": r"\b(clone3?|v?fork)\(",
}
# Done by the system call of the step before them: the first line of the
# map after the writer's step, the boot-time offset in the one write of
# the offsets, the waiting set up with the fork.
WITH_BEFORE = {"uid_map", "boottime", "signals"}


def main():
    plan = json.load(open(sys.argv[1]))["plan"]
    trace = open(sys.argv[2]).read().splitlines()
    steps = [s["step"] for s in plan["steps"]]
    # unshare(2) comes after the owner, before every other step.
    if "owner" in steps:
        steps.insert(steps.index("owner") + 1, "unshare")
    elif plan["effective"]["value"]:
        steps.insert(0, "unshare")
    steps.append("program")
    program = re.escape(json.dumps(plan["program"]["argv"][0]))
    at = -1
    for kind in steps:
        start = at if kind in WITH_BEFORE else at + 1
        pattern = {"unshare": r"\bunshare\(",
                   "program": r"execve\([^,]*, \[" + program}.get(kind, CALLS.get(kind))
        if pattern is None:
            print(f"{kind}: no system call known for this kind of step")
            sys.exit(1)
        found = next((i for i in range(max(start, 0), len(trace))
                      if re.search(pattern, trace[i])), None)
        if found is None:
            before = next((i for i in range(0, max(start, 0))
                           if re.search(pattern, trace[i])), None)
            where = (f"only before: {trace[before]}"
                     if before is not None else "nowhere in the trace")
            print(f"{kind}: not after line {at + 1}; {where}")
            sys.exit(1)
        print(f"{kind}: {found + 1}: {trace[found][:100]}")
        at = found


if __name__ == "__main__":
    main()
