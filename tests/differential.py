#!/usr/bin/env python3
"""Run command lines under our unshare and under util-linux's, and compare
what the program sees (tests/probe.c) and what each leaves behind.

Each line of the table (tests/differential.lines) runs in a directory of
its own, as root and again as nobody, under both tools.  The probe's
facts are made comparable (a new namespace is "new", a pid above 2 is
"other", the run's directory is $DIR), and so are the exit statuses (125
from us and 1 from util-linux both mean the tool failed).  Then:

- a line whose results are the same passes;
- a line that differs passes only if the table names the difference, and
  that name is in the COMPATIBILITY section of the man page;
- a named line that does not differ fails too (the name is stale).

In a line, PROBE is the probe (added at the end unless the line names it,
or says NOPROBE), DIR the run's working directory (which holds an empty
file ns, to keep a namespace in), ROOT a directory for --root that holds
the probe as /probe.  After a tab, '# NAME' names the difference.

Files, mounts and processes a run leaves behind are part of its results
(and are cleaned up).  Prints one line per difference and a summary; the
exit status is 0 when every line passes.

With --sample (make check), every line that names a difference runs,
and a third of the others, which third drawn at random and said, so
that the builds CI checks with a sanitizer or static see them all over
time; the stress run runs them all.

Usage: differential.py OURS THEIRS PROBE TABLE MANPAGE [--sample]
"""

import os
import pwd
import random
import re
import shutil
import subprocess
import sys
import tempfile

OURS, THEIRS, PROBE, TABLE, MANPAGE = sys.argv[1:6]
SAMPLE = sys.argv[6:] == ["--sample"]
NOBODY = pwd.getpwnam("nobody")
ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG": "C",
    "HOME": "/",
    "TERM": "dumb",
}


def compat_section(path):
    """The COMPATIBILITY section of the man page, as plain text."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"^\.SH COMPATIBILITY\n(.*?)(?=^\.SH )", text, re.S | re.M)
    if not m:
        return ""
    s = m.group(1).replace("\\-", "-").replace("\\(em", "-")
    s = re.sub(r"\\f[BIRP]", "", s)
    s = re.sub(r"^\.(B|I|BR|IR|RB|BI|IB|RI)\s+", "", s, flags=re.M)
    s = re.sub(r"^\.[A-Z]+.*$", "", s, flags=re.M)
    return " ".join(s.replace('"', "").split())


def mountpoints():
    with open("/proc/self/mountinfo") as f:
        return [line.split()[4] for line in f]


def marked_processes(mark):
    """Processes whose environment holds the run's mark."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if mark.encode() in f.read().split(b"\0"):
                    found.append(int(pid))
        except OSError:
            pass
    return found


class Run:
    """One line under one tool, as one user."""

    def __init__(self, tool, words, nobody):
        self.base = tempfile.mkdtemp(prefix="unshare-diff.")
        self.dir = os.path.join(self.base, "run")
        os.mkdir(self.dir)
        os.chmod(self.base, 0o755)
        root = os.path.join(self.base, "root")
        for d in ("proc", "tmp", "dir"):
            os.makedirs(os.path.join(root, d))
        # A file to keep a namespace in, as util-linux needs one.
        open(os.path.join(self.dir, "ns"), "w").close()
        shutil.copy(PROBE, os.path.join(root, "probe"))
        probe = os.path.join(self.base, "probe")
        shutil.copy(PROBE, probe)
        os.chmod(probe, 0o755)
        if nobody:
            for top, dirs, files in os.walk(self.base):
                for name in [top] + [os.path.join(top, n) for n in dirs + files]:
                    os.chown(name, NOBODY.pw_uid, NOBODY.pw_gid)
        subst = {"PROBE": probe, "DIR": self.dir, "ROOT": root}
        argv = [re.sub(r"PROBE|DIR|ROOT", lambda m: subst[m.group(0)], w)
                for w in words]
        if "PROBE" not in words and "NOPROBE" not in words:
            argv.append(probe)
        argv = [w for w in argv if w != "NOPROBE"]
        cmd = [tool] + argv
        if nobody:
            cmd = ["setpriv", "--reuid=nobody", "--regid=nogroup",
                   "--clear-groups", "--"] + cmd
        self.mark = "UNSHARE_DIFF_MARK=" + os.path.basename(self.base)
        env = dict(ENV, SHELL=probe)
        env.update([self.mark.split("=", 1)])
        before = set(mountpoints())
        # A run takes milliseconds; util-linux's bind of a file nobody
        # may bind hangs, and each suite waits out this limit once.
        try:
            # A byte on stdin, for --wait-fd=0.
            p = subprocess.run(cmd, cwd=self.dir, env=env, timeout=5,
                               input=b"g", capture_output=True)
            self.status, self.out = p.returncode, p.stdout.decode(errors="replace")
            self.err = p.stderr.decode(errors="replace")
        except subprocess.TimeoutExpired:
            self.status, self.out, self.err = "timeout", "", ""
        self.subst = {probe: "PROBE", self.dir: "$DIR", root: "$ROOT"}
        self.said = self.hide(self.err.strip().split("\n")[0][:200])
        self.left = self.leftovers(before)

    def leftovers(self, before):
        """What the run left: files, mounts, processes.  Cleans them up."""
        left = []
        pids = marked_processes(self.mark)
        if pids:
            left.append(f"processes left: {len(pids)}")
            for pid in pids:
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
        for m in reversed(mountpoints()):
            if m not in before:
                kind = subprocess.run(["findmnt", "-n", "-o", "FSTYPE", m],
                                      capture_output=True, text=True).stdout.strip()
                left.append(f"mount left: {self.hide(m)} ({kind})")
                subprocess.run(["umount", "-l", m])
        for name in sorted(os.listdir(self.dir)):
            if name != "ns":
                left.append(f"file left: {name}")
        shutil.rmtree(self.base, ignore_errors=True)
        return left

    def hide(self, text):
        for real, shown in self.subst.items():
            text = text.replace(real, shown)
        return text


def baseline():
    """The probe run directly: the caller's namespaces and root."""
    out = subprocess.run([PROBE], capture_output=True, text=True).stdout
    return dict((k, v.strip()) for k, _, v in
                (line.partition(":") for line in out.splitlines()))


def facts(run, base, theirs):
    """The run's results, made comparable across runs and tools."""
    got = {}
    if run.status == "timeout":
        got["status"] = "timeout"
    elif (run.status == 125 and not theirs) or \
            (run.status == 1 and theirs and run.err):
        # util-linux's own failures exit 1, as a program's may: its
        # message tells them apart.
        got["status"] = "the tool failed"
    else:
        got["status"] = str(run.status)
    for line in run.out.splitlines():
        if ":" not in line:
            got.setdefault("other output", line)
            continue
        key, value = line.split(":", 1)
        value = value.strip()
        if key.startswith("ns "):
            value = "-" if value == "-" else "same" if value == base.get(key) else "new"
        elif key == "pid":
            value = value if value in ("1", "2") else "other"
        elif key == "ppid":
            value = "0" if value == "0" else "other"
        elif key == "root":
            value = "same" if value == base.get("root") else "other"
        elif key in ("uid_map", "gid_map"):
            # In any order: the kernel reads the lines as a set.
            value = ";".join(sorted(value.split(";")))
        elif key == "env" and value.startswith("UNSHARE_DIFF_MARK="):
            continue
        elif key == "env":
            key, value = "env " + value.split("=", 1)[0], value
        got[key] = run.hide(value)
    for item in run.left:
        got[item] = "yes"
    return got


def main():
    base = baseline()
    compat = compat_section(MANPAGE)
    lines = []
    for raw in open(TABLE, encoding="utf-8"):
        raw = raw.rstrip("\n")
        if not raw.strip() or raw.startswith("#"):
            continue
        words, _, tag = raw.partition("\t#")
        lines.append((words.split(), tag.strip()))
    whole = len(lines)
    third = random.randrange(3)
    if SAMPLE:
        lines = [(w, t) for i, (w, t) in enumerate(lines)
                 if t or i % 3 == third]
    bad = same = deliberate = 0
    for words, tag in lines:
        differed = False
        for nobody in (False, True):
            who = "nobody" if nobody else "root"
            ours_run = Run(OURS, words, nobody)
            theirs_run = Run(THEIRS, words, nobody)
            ours = facts(ours_run, base, False)
            theirs = facts(theirs_run, base, True)
            diffs = [k for k in sorted(set(ours) | set(theirs))
                     if ours.get(k) != theirs.get(k)]
            if not diffs:
                continue
            differed = True
            if ours["status"] != theirs["status"]:
                diffs = ["status", "message"]
                ours["message"], theirs["message"] = ours_run.said, theirs_run.said
            shown = "; ".join(f"{k}: ours {ours.get(k, '(none)')}, "
                              f"util-linux {theirs.get(k, '(none)')}"
                              for k in diffs[:6])
            if tag and tag in compat:
                print(f"deliberate ({tag}) as {who}: {' '.join(words)}: {shown}")
            elif tag:
                print(f"FAIL as {who}: {' '.join(words)}: '{tag}' is not in "
                      f"the man page's COMPATIBILITY section: {shown}")
                bad += 1
            else:
                print(f"FAIL as {who}: {' '.join(words)}: {shown}")
                bad += 1
        if differed and tag:
            deliberate += 1
        elif not differed and tag:
            print(f"FAIL: {' '.join(words)}: named '{tag}' but no different")
            bad += 1
        elif not differed:
            same += 1
    ran = (f"{len(lines)} of {whole} lines (those naming a difference, "
           f"every third from line {third + 1} of the others)" if SAMPLE
           else f"{whole} lines")
    print(f"{ran}, each as root and as nobody: {same} the same, "
          f"{deliberate} deliberately different, {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
