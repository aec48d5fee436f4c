#!/usr/bin/env python3
"""The twin hunt: command lines drawn at random, each run with --dry-run
and for real as tests/twin.py runs the lines of its table, for the
disagreements no table thought of.

    twin-hunt.py UNSHARE [--seed N] [--lines M] [--only K...] [--show] [--loud]

Line K of seed N is the same on every machine (its own generator,
seeded by N and K): 1 to 4 options with a step, their values drawn from
twin.py's prepared places ({d}/file, dir, nodir, open, closed, link,
others, unread, root, bare, ...) and from hostile values (a missing
path, a file for a directory, "..", a destination outside the root, bad
sizes and modes, unmapped ids, a key no namespace has), as root or as
nobody.  Besides the verdicts, each line must

  - leave nothing behind: no file or mount the dry run made, no mount
    but the FILEs it keeps, no process, no cgroup;
  - exit 0 (the program, true), 125, 126 or 127;
  - fail, if it does, with a message of at most three lines at 80
    columns.

Each line runs in a copy of the places of its own.  Prints each broken
rule with its line and how to run it again, then the disagreements
grouped by the dry run's and the run's verdicts, and a count; exits 1
if any.  --show prints the lines and runs none; --loud prints what each
run said.  Not drawn: cgroup.subtree_control values, paths near
PATH_MAX, container mounts with shared or unchanged propagation.  The
bats test runs a fixed seed's 150 lines (a few seconds); for more, as
root:

    tests/twin-hunt.py src/unshare --seed 7 --lines 3000
"""

import argparse
import collections
import importlib.util
import os
import random
import shutil
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "twin", os.path.join(here, "twin.py"))
twin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(twin)

# Paths: the places, then the hostile ones.
PLACES = ["{d}/file", "{d}/dir", "{d}/nodir", "{d}/open", "{d}/closed",
          "{d}/link", "{d}/others", "{d}/root", "{d}/bare"]
HOSTILE = ["{d}/nodir/x", "{d}/file/x", "{d}/dir/..", "..", "dir",
           "{d}/closed/prog", "{d}/unread/p", "/proc", "/sys",
           "/nonexistent", "{d}/link/x", "{d}/others/x", "{d}/open/x"]
# Inside a new root: what busybox's root has, and what it has not.
INSIDE = ["/", "/bin", "/bin/true", "/proc", "/made", "/nodir/f", "/../x",
          "/bin/..", "made"]
IDS = ["0", "65534", "12345", "5", "nobody", "root", "twinnosuch", "-1",
       "4294967295", "4294967294"]
TMPFS = ["", ":size=1M", ":size=x", ":mode=0700", ":mode=9", ":nosuch=1",
         ":ro", ":size=-1", ":nr_inodes=1"]
SYSCTL = ["net.ipv4.ip_forward=1", "net.ipv4.ip_forward=x",
          "kernel.hostname=twin", "kernel.domainname=twin",
          "vm.swappiness=10", "net.nosuch=1", "kernel.msgmax=100",
          "fs.mqueue.msg_max=5", "user.max_user_namespaces=5",
          "net.core.somaxconn=100", "kernel.shmmax=x", "kernel/hostname=t",
          "../kernel.hostname=t", "net.ipv4.conf.lo.forwarding=1"]
CGROUP_SET = ["pids.max=5", "pids.max=x", "cgroup.max.depth=1",
              "cgroup.max.descendants=x", "nosuch.file=1", "memory.max=1M",
              "cpu.weight=100", "cgroup.type=threaded", "cgroup.procs=1",
              "../cgroup.procs=1", "io.weight=50", "pids.max=-1"]
OFFSETS = ["5", "-5", "x", "99999999999999", "-9223372036854775808",
           "1.5", "0"]
NAMES = ["twin", "a" * 65, "", "a.b", "a" * 64]
SIGNALS = ["", "=TERM", "=KILL", "=0", "=65", "=nosuch", "=RTMIN+3"]


def pick(rng, *pools):
    return rng.choice([v for pool in pools for v in pool])


def path_option(rng, name, optional=False):
    if optional and rng.random() < 0.3:
        return f"--{name}"
    return f"--{name}=" + pick(rng, PLACES, HOSTILE)


def bind(rng, name):
    src = pick(rng, PLACES, HOSTILE)
    r = rng.random()
    if r < 0.3:
        return f"--{name}={src}"
    if r < 0.6:
        return f"--{name}={src}:" + pick(rng, INSIDE)
    return f"--{name}={src}:" + pick(rng, PLACES, HOSTILE)


# (weight, maker): each makes one option (or a few words of one).
OPTIONS = [
    (6, lambda r: r.choice(["-m", "-u", "-i", "-n", "-p", "-U", "-C",
                            "-T", "-f", "-pf"])),
    (3, lambda r: r.choice(["--net", "--uts", "--ipc", "--mount",
                            "--pid", "--user", "--cgroup", "--time"]) +
     "=" + pick(r, ["{d}/open/n", "{d}/nodir/n", "{d}/file",
                    "{d}/dir", "{d}/link/n", "/proc/x", "{d}/others/n",
                    "{d}/closed/n", "{d}/open"])),
    (6, lambda r: r.choice(["-r", "-c", "--map-auto", "--map-subids"])),
    (2, lambda r: r.choice(["--map-user=", "--map-group="]) +
     r.choice(IDS)),
    (2, lambda r: r.choice(["--map-users=", "--map-groups="]) +
     r.choice(["0:100000:10", "0:0:65536", "0:0:1", "1:0:1", "0:x:1",
               "0:100000:0", "all", "auto", "subids", "0:4294967290:10"])),
    (4, lambda r: path_option(r, "mount-proc", True)),
    (3, lambda r: path_option(r, "mount-dev", True)),
    (3, lambda r: "--tmpfs=" + pick(r, PLACES, HOSTILE, INSIDE) +
     r.choice(TMPFS)),
    (4, lambda r: bind(r, r.choice(["bind", "ro-bind"]))),
    (2, lambda r: path_option(r, "mount-sysfs", True)),
    (2, lambda r: path_option(r, "mount-cgroup", True)),
    (4, lambda r: "--pivot-root=" + pick(r, ["{d}/root", "{d}/root",
                                             "{d}/bare"], PLACES, HOSTILE)),
    (3, lambda r: "--root=" + pick(r, ["{d}/root", "{d}/bare"], PLACES,
                                   HOSTILE)),
    (3, lambda r: "--wd=" + pick(r, PLACES, HOSTILE, INSIDE)),
    (3, lambda r: "--pid-file=" + pick(r, ["{d}/open/p", "{d}/dir/p",
                                           "{d}/others/p", "{d}/unread/p",
                                           "{d}/closed/p", "/proc/x"],
                                       PLACES, HOSTILE)),
    (2, lambda r: "--info-fd=" + r.choice(["4", "3", "9", "x", "-1", "0"])),
    (2, lambda r: "--wait-fd=" + r.choice(["3", "4", "9", "x"])),
    (3, lambda r: r.choice(["--setuid=", "--setgid="]) + r.choice(IDS)),
    (2, lambda r: "--owner=" + r.choice(IDS) + ":" + r.choice(IDS)),
    (1, lambda r: "--setgroups=" + r.choice(["allow", "deny"])),
    (3, lambda r: r.choice(["--hostname=", "--domainname="]) +
     r.choice(NAMES)),
    (3, lambda r: "--sysctl=" + r.choice(SYSCTL)),
    (3, lambda r: "--new-cgroup" + r.choice(["", "=made", "=taken",
                                              "=a/b", "=..", "=cgroup.procs"])),
    (3, lambda r: "--cgroup-set=" + r.choice(CGROUP_SET)),
    (2, lambda r: r.choice(["--monotonic=", "--boottime="]) +
     r.choice(OFFSETS)),
    (4, lambda r: r.choice(["--keep-caps", "--no-new-privs",
                            "--disable-userns", "--loopback", "--init",
                            "--forward-signals", "--no-fork", "--fs",
                            "--files", "--sysvsem", "--clear-env"])),
    (2, lambda r: r.choice(["--kill-child", "--die-with-parent"]) +
     r.choice(SIGNALS)),
    (2, lambda r: "--propagation=" + r.choice(["private", "shared",
                                              "slave", "unchanged"])),
    (1, lambda r: "--mount-binfmt" + r.choice(["", "={d}/dir",
                                                "={d}/nodir"])),
]
PROGRAMS = [["true"]] * 8 + [["{d}/file"], ["twin-no-such-program"],
                              ["{d}/closed/prog"], ["/bin/true"]]
CONTAINER = ("--mount-proc", "--mount-dev", "--tmpfs", "--bind",
             "--ro-bind", "--mount-sysfs", "--mount-cgroup")


def line(seed, k):
    """Line k of seed: (who, arguments, where)."""
    rng = random.Random(f"{seed}:{k}")
    who = "nobody" if rng.random() < 0.4 else "root"
    args = []
    if who == "nobody" and rng.random() < 0.6:
        args.append("-r")
    weights = [w for w, _ in OPTIONS]
    for _ in range(rng.randint(1, 4)):
        args.append(rng.choices(OPTIONS, weights)[0][1](rng))
    # Left to other work: container mounts with a propagation that is
    # not private nor slave.
    userns = any(a in ("-r", "-c", "-U", "--user", "--map-auto",
                       "--map-subids") or
                 a.startswith(("--map-", "--owner", "--user="))
                 for a in args)
    if any(a.startswith(CONTAINER) for a in args) and not userns:
        args = [a.replace("=shared", "=slave").replace("=unchanged",
                                                       "=private")
                if a.startswith("--propagation") else a for a in args]
    where = None
    if any(a.startswith(("--info-fd", "--wait-fd")) for a in args):
        where = rng.choice(["handoff", "handoff", "eof", None])
    elif any(a.startswith("--new-cgroup") for a in args):
        where = rng.choice(["cg:free", "cg:free", "cg:full", None])
    prog = rng.choice(PROGRAMS)
    if prog != ["true"]:
        args += ["--"] + prog
    return who, args, where


def tree(d):
    """What is under d: paths and their owners and modes."""
    seen = set()
    for top, dirs, files in os.walk(d):
        for name in dirs + files:
            path = os.path.join(top, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            seen.add((path, st.st_mode, st.st_uid, st.st_gid))
    return seen


def mounts():
    with open("/proc/self/mountinfo") as f:
        return {tuple(line.split()[i] for i in (0, 4)): line.split(" - ")[1]
                .split()[0] for line in f}


def ours(unshare, base):
    """Processes that run our copy, or from under base."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if exe == unshare or exe.startswith(base + "/"):
            found.append(int(pid))
    return found


def cgroups(cg):
    return {top for top, _, _ in os.walk(cg["dir"])}


def hunt(unshare, base, cg, busybox, seed, k, loud=False):
    """Run line k in places of its own: (its words, the disagreement or
    None, broken rules)."""
    who, args, where = line(seed, k)
    d = f"{base}/l{k}"
    os.mkdir(d)
    twin.make_dirs(d, busybox)
    os.symlink(f"{base}/jail", f"{d}/jail")
    words = twin.describe(who, args, where)
    before = (tree(d), mounts(), cgroups(cg))
    broken = []
    shown = [a.format(d=d, cg2=cg["mount"]) for a in args]

    def left(what, since, now):
        if what != "mounts":
            return now - since
        # A mount of ours: under d, or on a path the line names.
        return {m: t for m, t in now.items() if m not in since and
                (m[1].startswith(d + "/") or m[1] in shown or
                 m[1] in ("/", "/proc", "/sys", "/dev", "/tmp"))}

    def after_dry():
        for what, i, now in (("tree", 0, tree(d)), ("mounts", 1, mounts()),
                             ("cgroups", 2, cgroups(cg))):
            new = left(what, before[i], now)
            if new:
                broken.append(f"the dry run left {what}: {sorted(new)[:3]}")

    try:
        dry, real, differ, runs = twin.judge(unshare, who, args, where, d,
                                             cg, timeout=15,
                                             between=after_dry)
    except subprocess.TimeoutExpired:
        dry = real = None
        differ = False
        runs = []
        broken.append("hangs: no end in 15 s")
    if loud:
        for r in runs:
            print("$", " ".join(r.args), "->", r.returncode)
            print(r.stdout[-3000:] + r.stderr[-3000:])
    for pid in ours(unshare, base):
        broken.append(f"left a process: {pid}")
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    if runs:
        if runs[1].returncode not in (0, 125, 126, 127):
            broken.append(f"the run exits {runs[1].returncode}")
        if runs[0].returncode not in (0, 125):
            broken.append(f"the dry run exits {runs[0].returncode}")
        new = left("mounts", before[1], mounts())
        kept = {m: t for m, t in new.items() if t != "nsfs"}
        if kept:
            broken.append(f"the run left mounts: {sorted(kept)[:3]}")
        gone = cgroups(cg) - before[2]
        if gone:
            broken.append(f"the run left cgroups: {sorted(gone)}")
        if runs[1].returncode == 125:
            cmd = twin.command(unshare, who, args, where, [], d, cg)
            env = dict(os.environ, COLUMNS="80")
            plain = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                                   capture_output=True, text=True, cwd=d,
                                   timeout=15, env=env)
            said = plain.stderr.splitlines()
            if len(said) > 3 or any(len(s) > 80 for s in said):
                broken.append(f"a message of {len(said)} lines: "
                              + " / ".join(said))
    twin.unmount_under(d)
    shutil.rmtree(d, ignore_errors=True)
    return words, (dry, real) if differ else None, broken


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("unshare")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lines", type=int, default=150)
    ap.add_argument("--only", type=int, nargs="*")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--loud", action="store_true",
                    help="print what each run said")
    opts = ap.parse_args()
    ks = opts.only if opts.only else range(opts.lines)
    if opts.show:
        for k in ks:
            print(k, twin.describe(*line(opts.seed, k)))
        return 0
    busybox = shutil.which("busybox")
    with twin.places(os.path.abspath(opts.unshare)) as places:
        if places is None:
            print("skip: needs busybox, cgroup2 and x86_64")
            return 77
        unshare, base, cg = places
        groups = collections.defaultdict(list)
        bad = 0
        for k in ks:
            words, differ, broken = hunt(unshare, base, cg, busybox,
                                         opts.seed, k, opts.loud)
            again = f"(--seed {opts.seed} --only {k})"
            for rule in broken:
                print(f"{words} {again}: {rule}")
            bad += bool(broken or differ)
            if differ:
                dry, real = differ
                groups[(dry[:3], real)].append(f"{words} {again}")
        for (dry, real), where in sorted(groups.items(), key=str):
            print(f"dry run {dry}, run {real}: {len(where)} lines")
            for w in sorted(where, key=len)[:3]:
                print(f"    {w}")
        print(f"{bad} of {len(ks)} lines break a rule or disagree "
              f"(seed {opts.seed}; "
              f"{sum(len(w) for w in groups.values())} disagree)")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
