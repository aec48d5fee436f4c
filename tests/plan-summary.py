#!/usr/bin/env python3
"""The plan of `unshare --dry-run --json` (on stdin, version 1) in one line, for the
conformance table: what was asked for and what will be done, each fact
as a word, in a fixed order, defaults left out.

  req=user,net        the flags asked for (namespaces and context)
  imp=--fork,user     what the tool's own rules added
  uid=0:1000:1;...    the id maps, setgroups (sg=deny), --owner
  fork forward kill=TERM prop=slave root=D wd=D proc=D binfmt=D
  interp=S persist=net:F env=A,B mono=S.N boot=S.N setuid=N setgid=N
  caps init argv=a|b|c (argv=-shell- for the shell)
"""

import json
import re
import sys


def main():
    doc = json.load(sys.stdin)
    if doc.get("version") != 1:
        sys.exit(f"plan-summary.py reads version 1, not {doc.get('version')}")
    plan = doc["plan"]
    words = []
    if plan["requested"]:
        words.append("req=" + ",".join(plan["requested"]))
    if plan["implied"]:
        words.append("imp=" + ",".join(i["what"] for i in plan["implied"]))
    maps = {"uid_map": [], "gid_map": []}
    ids, sg, rest = [], None, []
    head, words = words, rest
    for step in plan["steps"]:
        kind, detail = step["step"], step["detail"]
        if kind in maps:
            maps[kind].append(detail.replace(" ", ":"))
            continue
        m = None
        if kind == "owner":
            m = re.match(r"take on uid (\d+) and gid (\d+)", detail)
            ids.append(f"owner={m.group(1)}:{m.group(2)}")
        elif kind == "setgroups":
            sg = "sg=" + detail.split()[-1]
        elif kind in ("monotonic", "boottime"):
            m = re.search(r"offset (-?\d+) s (\d+) ns", detail)
            ns = int(m.group(1)) * 10**9 + int(m.group(2))
            words.append(f"{kind[:4]}={'-' if ns < 0 else ''}"
                         f"{abs(ns) // 10**9}.{abs(ns) % 10**9:09d}")
        elif kind == "propagation":
            words.append("prop=" + detail.split()[-1])
        elif kind == "fork":
            words.append("fork")
        elif kind == "signals" and "forward" in detail:
            words.append("forward")
        elif kind == "kill-child":
            words.append("kill=" + re.search(r"gets SIG(\S+)", detail).group(1))
        elif kind == "root":
            words.append("root=" + detail[len("chroot to "):])
        elif kind == "wd":
            words.append("wd=" + detail[len("chdir to "):])
        elif kind == "proc":
            words.append("proc=" + re.match(r"mount proc on (.*) \(", detail).group(1))
        elif kind == "binfmt":
            words.append("binfmt=" + detail[len("mount binfmt_misc on "):])
        elif kind == "interpreter":
            words.append("interp=" + detail[len("register interpreter "):])
        elif kind == "persist":
            m = re.match(r"keep the (\S+) namespace in (.*) \(a bind", detail)
            words.append(f"persist={m.group(1)}:{m.group(2)}")
        elif kind == "environment":
            m = re.match(r"clear the environment but (.*?)(?: and )?PATH$", detail)
            words.append("env=" + (m.group(1) or "-"))
        elif kind in ("setuid", "setgid"):
            words.append(f"{kind}=" + detail.split()[1].rstrip(","))
        elif kind == "keep-caps":
            words.append("caps")
        elif kind == "init":
            words.append("init")
        elif kind == "maps":
            pass
        elif kind != "signals":
            words.append(f"?{kind}")
    for kind, short in (("uid_map", "uid"), ("gid_map", "gid")):
        if maps[kind]:
            ids.append(f"{short}=" + ";".join(maps[kind]))
    if sg:
        ids.append(sg)
    program = plan["program"]
    if "shell_from" in program:
        words.append("argv=-shell-")
    elif program["argv"] != ["true"]:
        words.append("argv=" + "|".join(program["argv"]))
    print(" ".join(head + ids + rest))


if __name__ == "__main__":
    main()
