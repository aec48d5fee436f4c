#!/usr/bin/env python3
"""The plans of `unshare --dry-run --json` (on stdin, version 4, one
document a line) each in one line, for the conformance table: what was
asked for and what will be done, each fact as a word, in a fixed order,
defaults left out.  One process reads every plan of the table.

  req=user,net        the flags asked for (namespaces and context)
  imp=--fork,user     what the tool's own rules added
  uid=0:1000:1;...    the id maps, setgroups (sg=deny), --owner
  fork forward kill=TERM prop=slave binfmt-early root=D wd=D proc=D
  binfmt=D interp=S persist=net:F env=A,B mono=S.N boot=S.N setuid=N
  setgid=N caps init argv=a|b|c (argv=-shell- for the shell)

Read from the steps' members, never from their sentences.
"""

import json
import sys


def summary(doc):
    if doc.get("version") != 4:
        sys.exit(f"plan-summary.py reads version 4, not {doc.get('version')}")
    plan = doc["plan"]
    words = []
    if plan["requested"]:
        words.append("req=" + ",".join(plan["requested"]))
    if plan["implied"]:
        words.append("imp=" + ",".join(i["what"] for i in plan["implied"]))
    maps = {"uid-map": [], "gid-map": []}
    ids, sg, rest, forward = [], None, [], False
    head, words = words, rest
    for step in plan["steps"]:
        kind = step["step"]
        if kind in maps:
            maps[kind] += [f"{x['inner']}:{x['outer']}:{x['count']}"
                           for x in step["map"]]
        elif kind == "owner":
            ids.append(f"owner={step['uid']}:{step['gid']}")
        elif kind == "setgroups":
            sg = "sg=" + step["mode"]
        elif kind == "clocks":
            for clock in ("monotonic", "boottime"):
                if step[clock] is None:
                    continue
                ns = step[clock]["seconds"] * 10**9 + step[clock]["nanoseconds"]
                words.append(f"{clock[:4]}={'-' if ns < 0 else ''}"
                             f"{abs(ns) // 10**9}.{abs(ns) % 10**9:09d}")
        elif kind == "propagation":
            words.append("prop=" + step["mode"])
        elif kind == "fork":
            # The signals step comes before the fork it is for; the
            # words keep the table's order, fork first.
            words.append("fork")
            if forward:
                words.append("forward")
        elif kind == "signals":
            forward = step["action"] == "forward"
        elif kind == "kill-child":
            words.append("kill=" + step["signal"])
        elif kind in ("root", "wd", "proc", "binfmt"):
            words.append(f"{kind}=" + step["path"])
        elif kind == "binfmt-early":
            words.append("binfmt-early")
        elif kind == "interpreter":
            words.append("interp=" + step["string"])
        elif kind == "persist":
            words += [f"persist={f['namespace']}:{f['path']}"
                      for f in step["files"]]
        elif kind == "environment":
            words.append("env=" + (",".join(step["keep"]) or "-"))
        elif kind in ("setuid", "setgid"):
            words.append(f"{kind}={step[kind[3:]]}")
        elif kind == "keep-caps":
            words.append("caps")
        elif kind == "init":
            words.append("init")
        elif kind not in ("bind-helper", "map-helper", "dumpable", "unshare",
                          "proc-private", "keepcaps", "exec"):
            words.append(f"?{kind}")
    for kind, short in (("uid-map", "uid"), ("gid-map", "gid")):
        if maps[kind]:
            ids.append(f"{short}=" + ";".join(maps[kind]))
    if sg:
        ids.append(sg)
    program = plan["program"]
    if "shell_from" in program:
        words.append("argv=-shell-")
    elif program["argv"] != ["true"]:
        words.append("argv=" + "|".join(program["argv"]))
    return " ".join(head + ids + rest)


def main():
    for line in sys.stdin:
        print(summary(json.loads(line)))


if __name__ == "__main__":
    main()
