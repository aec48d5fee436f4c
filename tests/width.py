#!/usr/bin/env python3
"""What unshare prints for people fits the terminal and reads at a glance.

    width.py COLUMNS[,COLUMNS...] UNSHARE [ARG...]
    width.py COLUMNS[,COLUMNS...] - UNSHARE [ARG...]

Runs UNSHARE ARG... with COLUMNS set to each width given and to 1000,
and reads what it wrote (stdout and stderr together).  After -, each
line of standard input is more arguments (split as the shell splits
words), a command line checked the same.  At each COLUMNS:

  - no line is wider than COLUMNS (in columns, as a terminal shows them);
  - no word is broken: the words of the narrow output are those of the
    wide one, each as often (a word cut at the edge would be two others);
  - no fact is said twice: no two lines say the same thing (the text
    after the label, its wrapped lines joined), and no clause of five
    words or more comes twice.

Numbers that change from run to run (pids, inodes) are read as N, and
a pair whose words differ is run again, up to three times in all (the
tasks a sharing report names come and go).  On
success prints the figures: lines, characters, longest line; otherwise
what is wrong, and exits 1.
"""

import collections
import os
import re
import shlex
import subprocess
import sys
import unicodedata


def run(columns, argv):
    env = dict(os.environ, COLUMNS=str(columns))
    p = subprocess.run(argv, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return p.stdout.decode("utf-8", "replace")


def width(line):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in line)


def masked(text):
    return re.sub(r"\d+", "N", text)


def words(text):
    return collections.Counter(w for w in masked(text).split()
                               if w != "unshare:")


def logical_lines(text):
    """Lines with their wrapped continuations (indented) joined, less our
    prefix and the label."""
    out = []
    for line in text.splitlines():
        body = line[len("unshare: "):] if line.startswith("unshare: ") else line
        if body.startswith(" ") and out:
            out[-1] += " " + body.strip()
        else:
            out.append(body.strip())
    return [masked(line) for line in out]


def text_of(fact):
    """A line's text, less its label."""
    parts = fact.split(None, 1)
    return parts[1] if len(parts) > 1 else fact


def check(columns, argv):
    """What is wrong with argv's output at columns, and its figures."""
    # What a run says may change between two runs: the sharing report
    # names the tasks on the machine, which come and go.  A break at the
    # edge comes back every time; so the pair is run again, up to three
    # times, until the words agree.
    for _ in range(3):
        narrow = run(columns, argv)
        wide = run(1000, argv)
        if words(narrow) == words(wide):
            break
    problems = []
    for line in narrow.splitlines():
        if width(line) > columns:
            problems.append(f"wider than {columns} ({width(line)}): {line}")
    if words(narrow) != words(wide):
        cut = (words(narrow) - words(wide)) + (words(wide) - words(narrow))
        problems.append(f"words broken or lost: {sorted(cut)}")
    facts = [f for f in logical_lines(wide) if len(f.split()) >= 3]
    for fact, n in collections.Counter(facts).items():
        if n > 1:
            problems.append(f"said {n} times: {fact}")
    clauses = collections.Counter(
        c.strip() for f in facts for c in re.split(r"[;:()]", text_of(f))
        if len(c.split()) >= 5)
    for clause, n in clauses.items():
        if n > 1:
            problems.append(f"clause said {n} times: {clause}")
    if problems:
        return problems + ["output:", narrow]
    lines = narrow.splitlines()
    print(f"{len(lines)} lines, {len(narrow)} characters, longest "
          f"{max((width(l) for l in lines), default=0)}")
    return []


def main():
    widths = [int(w) for w in sys.argv[1].split(",")]
    runner = sys.argv[2:]
    commands = [[]]
    if runner[0] == "-":
        runner = runner[1:]
        commands = [shlex.split(l) for l in sys.stdin if l.strip()]
    failed = False
    for extra in commands:
        for columns in widths:
            problems = check(columns, runner + extra)
            if problems:
                print(f"at {columns} columns: " + " ".join(runner[1:] + extra))
                print("\n".join(problems))
                failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
