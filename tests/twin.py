#!/usr/bin/env python3
"""The dry run is the run's twin: for each command line of LINES, a run
with --dry-run and a real one must give the same verdict.

    twin.py UNSHARE
    twin.py --seccomp COMMAND...   (COMMAND under the filter of the table)

Each line runs twice, as root or as nobody, from the same place: once
with --dry-run --json (its predictions), once for real with --verbose
--json (the event of the step that failed).  They agree when both
succeed (0), or both fail (125; a program that cannot be run or is not
found, 126 or 127, is the run's failure of the step exec) at the same
step, for the same reason (the errno, or none: a link someone else owns
is refused with no errno).  Where the dry run cannot tell (its verdict
"cannot tell" for the step the run fails at, before any failure it
foresees, or succeeds past), it agrees too: it said so.  Prints one
line per disagreement and a count; exits 1 if any, or if the table is
short of 80 lines.  The fault sweep's lines (tests/fault-sweep.py),
which all run, are checked too.  Run as root.
"""

import contextlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]

# (who, arguments, where): who runs it (root or nobody), the arguments
# (the program "true" is added unless the last one is a program of the
# line's own, after "--"), and where it runs: None (here), "cover" (a
# mount namespace of its own with a tmpfs over /proc/irq: the kernel's
# "too revealing"), "seccomp" (under a filter that refuses unshare(2)),
# "no-net-ns" (a user namespace allowed no network namespace),
# "one-user-ns" (one allowed one user namespace), "jail"
# (chrooted into a directory of the test's own, / no mount point), "eof"
# and "byte" (descriptor 3 at its end, or with a byte to read), or a
# cgroup of the test's own ("cg:free", "cg:full" at its
# cgroup.max.descendants, "cg:deep" at its cgroup.max.depth).  {d} is
# a directory of the test's own: file, dir, nodir (missing), open
# (anyone writes in it), closed (root's alone), link (a link to dir that
# uid 12345 owns), mine (one that root owns), others (uid 12345's,
# which only it may write in), unread (with a file p that only uid
# 12345 may read, naming pid 1), root (a static busybox's root, with
# /proc) and bare (the same, without /proc); {cg2} the cgroup2 mount.
LINES = [
    # cgroup-make, cgroup-set, cgroup-enter
    ("root", ["--new-cgroup=made"], "cg:free"),
    ("root", ["--new-cgroup=taken"], "cg:free"),
    ("root", ["--new-cgroup=made"], "cg:full"),
    ("root", ["--new-cgroup=made"], "cg:deep"),
    ("nobody", ["--new-cgroup=made"], "cg:free"),
    ("root", ["--new-cgroup=made", "--cgroup-set=cgroup.max.depth=2"],
     "cg:free"),
    ("root", ["--new-cgroup=made", "--cgroup-set=nosuch.file=1"], "cg:free"),
    ("root", ["--new-cgroup=made",
              "--cgroup-set=cgroup.subtree_control=+pids"], "cg:free"),
    ("root", ["--new-cgroup=made", "--cgroup-set=cgroup.max.depth=x"],
     "cg:free"),
    ("root", ["--new-cgroup=made", "-C", "-r"], "cg:free"),
    # bind-helper, persist
    ("root", ["--net={d}/open/n"], None),
    ("root", ["--net={d}/nodir/n"], None),
    ("root", ["--net={d}/file/n"], None),
    ("root", ["--net={d}/dir"], None),
    ("root", ["--net={d}/link/n"], None),
    ("root", ["-r", "--net=/proc/x"], None),
    ("root", ["-r", "--net=/sys/x"], None),
    ("root", ["-r", "--net={cg2}/x"], None),
    ("root", ["--uts={d}/file", "--ipc={d}/open/i"], None),
    ("root", ["--uts={d}/open/n"], None),
    ("nobody", ["-rn", "--net={d}/open/n2"], None),
    ("nobody", ["-r", "--net={d}/closed/n"], None),
    ("nobody", ["-r", "--net={d}/nodir/n"], None),
    ("nobody", ["-r", "--uts={d}/file/n"], None),
    # hand-off, pid-file, info-fd, wait-fd
    ("root", ["-f", "--pid-file={d}/open/p"], None),
    ("root", ["-f", "--pid-file={d}/nodir/p"], None),
    ("root", ["-f", "--pid-file={d}/file/p"], None),
    ("root", ["-f", "--pid-file=/proc/x"], None),
    ("root", ["-f", "--pid-file=/sys/x"], None),
    ("root", ["-f", "--pid-file={d}/dir"], None),
    ("nobody", ["-rf", "--pid-file={d}/closed/p"], None),
    ("nobody", ["-rf", "--pid-file={d}/open/p2"], None),
    ("nobody", ["--pid-file={d}/link/p"], None),
    ("root", ["-U", "--pid-file={d}/others/p"], None),
    ("root", ["-r", "--pid-file={d}/others/p"], None),
    ("root", ["--map-users=0:0:65536", "--map-groups=0:0:65536",
              "--pid-file={d}/others/p"], None),
    ("root", ["-r", "--pid-file={d}/unread/p"], None),
    ("root", ["--wait-fd=3"], "byte"),
    ("root", ["--wait-fd=3"], "eof"),
    ("nobody", ["-r", "--wait-fd=3"], "eof"),
    # owner, dumpable
    ("root", ["--owner=65534:65534", "-r"], None),
    ("nobody", ["--owner=0:0", "-r"], None),
    ("nobody", ["--owner=65534:65534", "-r"], None),
    # unshare
    ("root", ["-n", "-u", "-i"], None),
    ("nobody", ["-n"], None),
    ("nobody", ["-m"], None),
    ("nobody", ["-rn", "-u", "-i", "-m"], None),
    ("root", ["-n"], "seccomp"),
    ("root", ["-rn"], "seccomp"),
    ("root", ["-n"], "no-net-ns"),
    ("root", ["-u"], "no-net-ns"),
    # setgroups, uid-map, gid-map
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "-U"], None),
    ("nobody", ["--map-current-user", "-U"], None),
    ("nobody", ["--map-auto", "-U"], None),
    ("nobody", ["-r", "--map-groups=1:0:1"], None),
    ("nobody", ["-r", "--map-groups=1:0:1", "-G", "0", "--",
                "twin-no-such-program"], None),
    # clocks, loopback, hostname, domainname, propagation
    ("root", ["-T", "--monotonic=5", "--boottime=7"], None),
    ("nobody", ["-rT", "--monotonic=5"], None),
    ("root", ["-n", "--loopback"], None),
    ("nobody", ["-rn", "--loopback"], None),
    ("root", ["--hostname=twin", "--domainname=twin"], None),
    ("nobody", ["-r", "--hostname=twin"], None),
    ("root", ["-m", "--propagation=slave"], None),
    ("root", ["-m"], "jail"),
    ("root", ["-m", "--propagation=unchanged"], "jail"),
    ("root", ["-r"], "jail"),
    # signals, fork, kill-child, init
    ("root", ["-pf", "--kill-child"], None),
    ("root", ["-pf", "--init", "--kill-child=TERM"], None),
    ("nobody", ["-rpf", "--init"], None),
    # root
    ("root", ["--root={d}/nodir"], None),
    ("root", ["--root={d}/file"], None),
    ("root", ["--root={d}/root"], None),
    ("root", ["--root={d}/link"], None),
    ("root", ["-pf", "--mount-proc", "--root={d}/link"], None),
    ("nobody", ["--root={d}/root"], None),
    ("nobody", ["-r", "--root={d}/root"], None),
    ("nobody", ["-r", "--root={d}/closed"], None),
    # pivot-root, old-root
    ("root", ["-r", "--pivot-root={d}/nodir"], None),
    ("root", ["-r", "--pivot-root={d}/file"], None),
    ("nobody", ["-r", "--pivot-root=/proc"], None),
    ("root", ["--pivot-root={d}/link"], None),
    ("root", ["--pivot-root={d}/link/x"], None),
    ("nobody", ["-r", "--pivot-root={d}/closed"], None),
    ("root", ["-m", "--pivot-root=/"], None),
    ("root", ["-r", "--pivot-root={d}/../.."], None),
    ("root", ["-m", "--pivot-root={d}/root"], None),
    ("root", ["--mount-proc=dir", "--pivot-root={d}/root"], None),
    ("root", ["--wd=dir", "--pivot-root={d}/root"], None),
    ("root", ["--wd=bin", "--pivot-root={d}/root"], None),
    ("root", ["--tmpfs=bin", "--root={d}/root"], None),
    ("root", ["--ro-bind={d}/file:/../x", "--root={d}/root"], None),
    ("root", ["--tmpfs=../x", "--root={d}/root"], None),
    ("root", ["-r", "--pivot-root={d}/root", "--mount-proc", "-pf"], None),
    ("root", ["-r", "--pivot-root={d}/bare", "--mount-proc", "-pf"], None),
    ("nobody", ["-r", "--pivot-root={d}/root", "--mount-proc", "-pf"],
     None),
    ("nobody", ["-r", "--pivot-root={d}/bare", "--mount-proc", "-pf"],
     None),
    # wd
    ("root", ["-w", "{d}/nodir"], None),
    ("root", ["-w", "{d}/file"], None),
    ("root", ["-w", "{d}/dir"], None),
    ("nobody", ["-w", "{d}/closed"], None),
    ("nobody", ["-w", "{d}/open"], None),
    ("root", ["--root={d}/root", "-w", "/nodir"], None),
    ("root", ["--root={d}/root", "-w", "/bin"], None),
    ("root", ["-r", "--pivot-root={d}/root", "-w", "/nodir"], None),
    # proc-private, proc
    ("root", ["-U", "--mount-dev"], None),
    ("root", ["--map-users=0:0:65536", "--mount-dev={d}/dir"], None),
    ("root", ["--map-users=0:0:65536", "--map-groups=0:0:65536",
              "--mount-dev={d}/dir"], None),
    ("root", ["-pf", "--mount-proc={d}/nodir"], None),
    ("root", ["-pf", "--mount-proc={d}/file"], None),
    ("root", ["-pf", "--mount-proc={d}/link"], None),
    ("nobody", ["-r", "--tmpfs={d}/mine"], None),
    ("root", ["-r", "--tmpfs={d}/mine"], None),
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "--tmpfs={d}/mine"], None),
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "--bind={d}/mine/..:/mnt"], None),
    ("nobody", ["-r", "--pivot-root={d}/mine"], None),
    ("root", ["-pf", "--mount-proc={d}/dir"], None),
    ("root", ["-pf", "--propagation=shared", "--mount-proc={d}/nodir"],
     None),
    ("root", ["-pf", "--propagation=shared", "--mount-proc={d}/dir"], None),
    ("root", ["-r", "--mount-proc"], None),
    ("root", ["-rpf", "--mount-proc"], None),
    ("nobody", ["-r", "--mount-proc"], None),
    ("nobody", ["-rpf", "--mount-proc"], None),
    ("nobody", ["-rpf", "--mount-proc={d}/nodir"], None),
    ("root", ["-rpf", "--mount-proc"], "cover"),
    ("nobody", ["-rpf", "--mount-proc"], "cover"),
    ("root", ["-pf", "--mount-proc"], "cover"),
    # binfmt, interpreter, cgroup-private, cgroup-mount
    ("root", ["-r", "--mount-binfmt={d}/nodir"], None),
    ("root", ["-r", "--mount-binfmt={d}/file"], None),
    ("root", ["-r", "--mount-binfmt={d}/dir",
              "--load-interp=:twin:E::twin::/bin/cat:"], None),
    ("root", ["-r", "--mount-binfmt={d}/dir",
              "--load-interp=:twin:E::twin::/nonexistent:F"], None),
    ("root", ["-f", "--mount-cgroup={d}/nodir"], None),
    ("root", ["-f", "--mount-cgroup={d}/link"], None),
    ("root", ["-f", "--mount-cgroup={d}/dir"], None),
    # setgid, keepcaps, setuid, keep-caps
    ("root", ["-S", "65534", "-G", "65534"], None),
    ("root", ["-r", "-S", "5"], None),
    ("root", ["-r", "-G", "5"], None),
    ("root", ["-U", "-G", "5"], None),
    ("root", ["--setgroups=allow", "--mount-binfmt", "-G", "0"], None),
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "-S", "20"], None),
    ("nobody", ["-S", "0"], None),
    ("nobody", ["-G", "0"], None),
    ("nobody", ["-S", "65534"], None),
    ("nobody", ["-r", "-S", "0", "-G", "0"], None),
    ("nobody", ["-r", "--keep-caps"], None),
    # bind-source, bind
    ("root", ["--bind={d}/nodir:/mnt"], None),
    ("root", ["--bind={d}/link:/mnt"], None),
    ("nobody", ["-r", "--bind={d}/closed/prog:/mnt"], None),
    ("root", ["--ro-bind={d}/dir"], None),
    ("root", ["--bind={d}/dir:{d}/nodir"], None),
    ("root", ["--bind={d}/dir:{d}/file"], None),
    ("root", ["-r", "--pivot-root={d}/root", "--bind={d}/dir:/made"], None),
    ("root", ["-r", "--pivot-root={d}/root", "--ro-bind={d}/file:/nodir/f"],
     None),
    ("root", ["-r", "--pivot-root={d}/root", "--bind={d}/dir:/bin/true"],
     None),
    ("root", ["-r", "--pivot-root={d}/root", "--bind={d}/dir:/../x"], None),
    ("nobody", ["-r", "--pivot-root={d}/root", "--ro-bind={d}/file:/bin/f"],
     None),
    # sysctl
    ("root", ["-n", "--sysctl=net.ipv4.ip_forward=1"], None),
    ("root", ["-n", "--sysctl=net.nosuch=1"], None),
    ("root", ["-n", "--sysctl=net.ipv4.ip_forward=x"], None),
    ("root", ["--sysctl=net.ipv4.ip_forward=1"], None),
    ("nobody", ["-r", "-u", "--sysctl=kernel.hostname=twin"], None),
    # userns-limit, disable-userns
    ("root", ["-r", "--disable-userns"], None),
    ("nobody", ["-r", "--disable-userns"], None),
    ("root", ["-r", "-S", "0", "-G", "0", "--disable-userns"], None),
    ("root", ["-r", "--pivot-root={d}/bare", "--disable-userns"], None),
    ("root", ["-r", "--disable-userns"], "one-user-ns"),
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "--disable-userns"], None),
    # parent-death
    ("root", ["--die-with-parent=TERM", "-S", "65534"], None),
    ("nobody", ["-r", "-f", "--die-with-parent"], None),
    # environment, no-new-privs, exec
    ("root", ["--clear-env", "--keep-env=PATH"], None),
    ("nobody", ["--no-new-privs"], None),
    ("root", ["--", "twin-no-such-program"], None),
    ("root", ["--", "{d}/file"], None),
    ("nobody", ["-r", "--", "{d}/closed/prog"], None),
    ("root", ["--root={d}/root", "--", "/bin/nothing"], None),
    ("root", ["--", "{d}/dir"], None),
    ("root", ["-S", "65534", "--", "{d}/closed/prog"], None),
    ("root", ["--owner=65534:65534", "--", "{d}/closed/prog"], None),
    ("root", ["--map-users=0:100000:10", "--map-groups=0:100000:10",
              "-S", "5", "-G", "5", "--", "{d}/closed/prog"], None),
    ("root", ["-m", "--tmpfs={d}/dir/..", "--", "{d}/file"], None),
    ("root", ["-r", "--ro-bind={d}/file", "--mount-cgroup={d}/dir/.."],
     None),
    ("root", ["--mount-proc={d}/dir/..", "--mount-sysfs={d}/dir/.."], None),
    ("root", ["--bind={d}/file:/bin/true", "--", "/bin/true"], None),
    ("root", ["--root={d}/root", "--", "/bin"], None),
]


def sweep_lines(d):
    """The fault sweep's lines (tests/fault-sweep.py), as root, each with
    a directory of its own for {d}, the root for {r}, a cgroup name for
    {c}, and descriptors 4 to write to ({i}) and 3 with a byte ({w})."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "fault_sweep", os.path.join(here, "fault-sweep.py"))
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    lines = []
    for n, (name, _root_only, args) in enumerate(sweep.LINES):
        own = tempfile.mkdtemp(prefix=name + ".", dir=d)
        os.chmod(own, 0o755)
        args = [a.replace("{d}", own).replace("{r}", d + "/root")
                .replace("{c}", f"twin-{os.getpid()}-{n}")
                .replace("{i}", "4").replace("{w}", "3") for a in args]
        lines.append(("root", args, "handoff"))
    return lines


def cgroup2():
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            if fields[fields.index("-") + 1] == "cgroup2" and fields[3] == "/":
                return fields[4]
    return None


def our_cgroup(mount):
    with open("/proc/self/cgroup") as f:
        for line in f:
            if line.startswith("0::"):
                return mount + line[3:].strip().rstrip("/")
    return None


def unmount_under(d):
    """Unmount what a line left mounted under d: the FILEs it kept."""
    with open("/proc/self/mountinfo") as f:
        points = [line.split()[4] for line in f]
    for point in reversed(points):
        if point.startswith(d + "/"):
            subprocess.run(["umount", "-l", point], check=True)


def make_jail(d, unshare):
    """A directory to chroot(8) into, where / is no mount point: the
    binary as /unshare, the libraries it loads, and a busybox's true."""
    jail = f"{d}/jail"
    # A static build loads no library: ldd names none.
    os.makedirs(jail, exist_ok=True)
    libs = subprocess.run(["ldd", unshare], capture_output=True,
                          text=True).stdout.split()
    for lib in [w for w in libs if w.startswith("/")]:
        os.makedirs(jail + os.path.dirname(lib), exist_ok=True)
        shutil.copy(lib, jail + lib)
    shutil.copy(unshare, f"{jail}/unshare")
    shutil.copytree(f"{d}/root/bin", f"{jail}/bin", symlinks=True)


def make_dirs(d, busybox):
    os.chmod(d, 0o755)
    with open(f"{d}/file", "w") as f:
        f.write("not a program\n")
    os.mkdir(f"{d}/dir")
    os.mkdir(f"{d}/open", 0o777)
    os.chmod(f"{d}/open", 0o777)
    os.mkdir(f"{d}/closed", 0o700)
    with open(f"{d}/closed/prog", "w") as f:
        f.write("#!/bin/sh\n")
    os.chmod(f"{d}/closed/prog", 0o755)
    os.symlink("dir", f"{d}/link")
    os.lchown(f"{d}/link", 12345, 12345)
    os.symlink("dir", f"{d}/mine")
    os.mkdir(f"{d}/others", 0o755)
    os.chown(f"{d}/others", 12345, 12345)
    os.mkdir(f"{d}/unread", 0o755)
    with open(f"{d}/unread/p", "w") as f:
        f.write("1\n")
    os.chown(f"{d}/unread/p", 12345, 12345)
    os.chmod(f"{d}/unread/p", 0o600)
    with open(f"{d}/byte", "w") as f:
        f.write("x")
    for name, proc in (("root", True), ("bare", False)):
        os.makedirs(f"{d}/{name}/bin")
        if proc:
            os.mkdir(f"{d}/{name}/proc")
        shutil.copy(busybox, f"{d}/{name}/bin/busybox")
        os.chmod(f"{d}/{name}/bin/busybox", 0o755)
        os.symlink("busybox", f"{d}/{name}/bin/true")


# A seccomp filter that refuses unshare(2) (x86_64's 272) with EPERM,
# then the command.
SECCOMP = r"""
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
def op(code, jt, jf, k): return struct.pack("HBBI", code, jt, jf, k)
prog = (op(0x20, 0, 0, 0) + op(0x15, 0, 1, 272) +
        op(0x06, 0, 0, 0x00050000 | 1) + op(0x06, 0, 0, 0x7fff0000))
buf = ctypes.create_string_buffer(prog)
class Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
fprog = Fprog(len(prog) // 8, ctypes.addressof(buf))
if libc.prctl(38, 1, 0, 0, 0) or libc.prctl(22, 2, ctypes.byref(fprog), 0, 0):
    sys.exit("seccomp: " + os.strerror(ctypes.get_errno()))
os.execvp(sys.argv[1], sys.argv[1:])
"""


def command(unshare, who, args, where, mode, d, cg):
    args = [a.format(d=d, cg2=cg["mount"]) for a in args]
    if "--" in args:
        i = args.index("--")
        args, prog = args[:i], args[i + 1:]
    else:
        prog = ["true"]
    cmd = [unshare] + mode + args + prog
    if who == "nobody":
        cmd = NOBODY + cmd
    if where is None:
        return cmd
    if where == "seccomp":
        return [sys.executable, "-c", SECCOMP] + cmd
    if where == "jail":
        return ["chroot", f"{d}/jail", "/unshare"] + cmd[1:]
    shell = {
        "cover": "mount -t tmpfs twin /proc/irq",
        "no-net-ns": "echo 0 > /proc/sys/user/max_net_namespaces",
        "one-user-ns": "echo 1 > /proc/sys/user/max_user_namespaces",
        "eof": "exec 3</dev/null",
        "byte": f"exec 3<{d}/byte",
        "handoff": f"exec 3<{d}/byte 4>/dev/null",
    }.get(where)
    wrap = ["sh", "-c", shell + ' && exec "$@"', "sh"] if shell else None
    if where == "cover":
        wrap = [unshare, "-m"] + wrap
    elif where in ("no-net-ns", "one-user-ns"):
        wrap = [unshare, "-U", "--map-root-user", "--keep-caps"] + wrap
    elif where.startswith("cg:"):
        place = f"{cg['dir']}/{where[3:]}/cgroup.procs"
        wrap = ["sh", "-c", f'echo $$ > {place} && exec "$@"', "sh"]
    return wrap + cmd


def verdict_of_run(proc):
    """(failed?, step, errno) of a real run."""
    step = err = None
    for line in proc.stderr.splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if e.get("event") == "step" and e.get("outcome") == "failed" \
                and step is None:
            step, err = e["step"], e.get("errno")
    if proc.returncode in (126, 127) and step is None:
        step, err = "exec", None
    return proc.returncode != 0, step, err


def verdict_of_dry_run(proc):
    """(failed?, step, errno, steps it cannot tell) of a dry run."""
    try:
        plan = json.loads(proc.stdout)["plan"]
    except (ValueError, KeyError):
        # Refused as a command line, as the run is (with no step).
        return proc.returncode != 0, None, None, []
    preds = plan.get("predictions", [])
    fails = [p for p in preds if p.get("verdict", "fails") == "fails"]
    # What it cannot tell before the first failure it foresees: the run
    # may fail there first.
    first = preds.index(fails[0]) if fails else len(preds)
    unsure = [p["step"] for p in preds[:first]
              if p.get("verdict") == "cannot tell"]
    if fails:
        return proc.returncode != 0, fails[0]["step"], fails[0]["errno"], \
            unsure
    return proc.returncode != 0, None, None, unsure


def judge(unshare, who, args, where, d, cg, timeout=20, between=None):
    """Run a line both ways: (dry run's verdict, run's verdict, whether
    they disagree, the two processes).  between(), if any, is called
    after the dry run."""
    runs = []
    for mode in (["--dry-run", "--json"], ["--verbose", "--json"]):
        if runs and between:
            between()
        cmd = command(unshare, who, args, where, mode, d, cg)
        runs.append(subprocess.run(
            cmd, stdin=subprocess.DEVNULL, capture_output=True,
            text=True, cwd=d, timeout=timeout))
    dry = verdict_of_dry_run(runs[0])
    real = verdict_of_run(runs[1])
    unsure = real[0] and real[1] in dry[3]
    return dry, real, dry[:3] != real and not unsure, runs


def describe(who, args, where):
    return " ".join([who] + args + ([f"({where})"] if where else []))


@contextlib.contextmanager
def places(unshare):
    """The places of the lines: yields (the binary's copy, {d}, cg), or
    None where they cannot be made (no busybox, cgroup2 or x86_64)."""
    busybox = shutil.which("busybox")
    mount = cgroup2()
    if busybox is None or mount is None or os.uname().machine != "x86_64":
        yield None
        return
    # In /tmp, of its own: nobody must reach it, and the binary, copied.
    d = tempfile.mkdtemp(prefix="unshare-twin.", dir="/tmp")
    cg = {"mount": mount, "dir": f"{our_cgroup(mount)}/twin-{os.getpid()}"}
    made = []
    try:
        make_dirs(d, busybox)
        shutil.copy(unshare, f"{d}/unshare")
        unshare = f"{d}/unshare"
        make_jail(d, unshare)
        for sub, limit in (("", None), ("free", None),
                           ("full", ("cgroup.max.descendants", "0")),
                           ("deep", ("cgroup.max.depth", "0"))):
            path = f"{cg['dir']}/{sub}".rstrip("/")
            os.mkdir(path)
            made.append(path)
            if limit:
                with open(f"{path}/{limit[0]}", "w") as f:
                    f.write(limit[1])
        os.mkdir(f"{cg['dir']}/free/taken")
        made.append(f"{cg['dir']}/free/taken")
        yield unshare, d, cg
    finally:
        unmount_under(d)
        for path in reversed(made):
            # Once the processes it held are gone: a few tries.
            for tries in range(100):
                try:
                    os.rmdir(path)
                    break
                except OSError as e:
                    if tries == 99:
                        print(f"left behind: {path}: {e}")
                    time.sleep(0.05)
        shutil.rmtree(d, ignore_errors=True)


def main():
    if sys.argv[1] == "--seccomp":
        os.execv(sys.executable, [sys.executable, "-c", SECCOMP] +
                 sys.argv[2:])
    with places(os.path.abspath(sys.argv[1])) as here:
        if here is None:
            print("skip: needs busybox, cgroup2 and x86_64")
            return 77
        unshare, d, cg = here
        bad = 0
        lines = LINES + sweep_lines(d)
        for who, args, where in lines:
            dry, real, differ, _ = judge(unshare, who, args, where, d, cg)
            unmount_under(d)
            if differ:
                bad += 1
                print(f"{describe(who, args, where)}: dry run {dry[:3]}, "
                      f"run {real}")
        print(f"{bad} of {len(lines)} lines disagree "
              f"({len(LINES)} of the table, the rest the fault sweep's)")
        return 1 if bad or len(LINES) < 80 else 0


if __name__ == "__main__":
    sys.exit(main())
