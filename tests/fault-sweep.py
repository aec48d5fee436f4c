#!/usr/bin/env python3
"""The fault sweep: every system call a run makes between our start and
the program's exec, failed one at a time, must end the run cleanly.

    fault-sweep.py UNSHARE [--sample] [--only NAME...]

For each command line of LINES, a first run under strace -k lists the
system calls of our code (their stack holds our main) up to the exec of
the program, or a helper's exit: not the loader's, nor the C library's
start, nor a sanitizer's runtime setting itself up.  Then one run per
call and errno fails that call alone with strace's fault injection (the
Nth call of that name, which strace counts per process: a process of
ours that makes as many calls of that name fails at the same one too).
The errnos: EINTR, and what that call can really return (ERRNOS); some
calls are never failed (NOT_INJECTED says why).  Each run must

  - end with 125 and a message on stderr, its first line ours, with the
    injected error's text (unless the failed call was that message's own
    write); or run correctly (the program's status 0), where each failure
    is harmless by design: HARMLESS says why, call by call;
  - leave nothing behind: the caller's mount table as it was, no process
    of the run, no FILE or directory made, no cgroup made;
  - not crash: no signal, no sanitizer report.

--sample runs every tenth point of each line (make check); without it,
everything (CI's stress run).  Prints one line per point that broke a
rule, with the calls that failed, and a count; exits 1 if any did, or
if more than a tenth of the faults missed our code.  Run as root.
"""

import errno
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# (name, root only?, arguments): every step kind is in one of them at
# least (--list=steps lists the kinds).  {d} is a directory of the
# run's own, {c} a cgroup name of its own, {r} a root made of a static
# busybox (the line is left out without one), {i} a descriptor to write
# to, {w} one that reads a byte.
LINES = [
    ("mount-proc-fork", True, ["--mount-proc", "--pid", "--fork"]),
    ("user-root", False, ["--user", "--map-root-user", "--mount", "--net"]),
    ("persist-fork", True, ["--net={d}/net", "--uts={d}/uts", "--fork"]),
    ("shared-proc", True, ["--propagation=shared", "--mount-proc={d}/p",
                           "--setuid=65534", "--setgid=65534"]),
    ("cgroup", True, ["--new-cgroup={c}", "--mount-cgroup", "--fork"]),
    ("cgroup-shared", True, ["--new-cgroup={c}", "--mount-cgroup",
                             "--propagation=shared", "--fork"]),
    ("cgroup-owner", True, ["--new-cgroup={c}", "--owner=65534:65534",
                            "-r", "--cgroup-set=cgroup.max.depth=2"]),
    ("root-wd", True, ["--mount", "--root=/", "--wd=/tmp"]),
    ("time-init", True, ["--time", "--monotonic=5", "--boottime=7",
                         "--pid", "--fork", "--init", "--kill-child"]),
    ("maps", True, ["--user", "--map-users=0:100000:10",
                    "--map-groups=0:100000:10", "--setgroups=deny"]),
    ("env", False, ["--user", "--map-current-user", "--keep-env=PATH",
                    "--uts", "--ipc"]),
    ("binfmt-root", True, ["-r", "--root=/", "--mount-binfmt",
                           "--load-interp=:sweep:E::sweep::/bin/cat:F"]),
    ("owner", True, ["--owner=65534:65534", "-r", "--mount"]),
    ("keep-caps", True, ["--user", "--map-root-user", "--keep-caps",
                         "--setuid=0", "--cgroup", "--sysvsem"]),
    ("nobody-user", False, ["--user", "--map-root-user", "--fork", "--pid",
                            "--mount-proc"]),
    ("loopback", True, ["--net", "--loopback", "--mount", "--files",
                        "--fs"]),
    # strace -k finds no stack once the binary is out of the root: what
    # follows pivot_root(2) there is not ours to fail; the hand-off is
    # failed on a line of its own.
    ("pivot", False, ["-r", "--pivot-root={r}", "--mount-proc", "--pid",
                      "--fork", "--hostname=sweep", "--domainname=sweep"]),
    # The /dev of --mount-dev and a tmpfs, made outside a new root (see
    # above).
    ("container-mounts", True, ["--mount-dev", "--tmpfs={d}:size=1m",
                                "--net", "--mount-sysfs", "--pid",
                                "--fork"]),
    # Binds whose DSTs are made in a new root (/, so that strace sees
    # them): a directory and a file.
    ("binds", True, ["--root=/", "--bind={d}:{d}/made",
                     "--ro-bind=/etc/passwd:{d}/pw"]),
    ("sysctl", True, ["--net", "--uts", "--sysctl=net.ipv4.ip_forward=1",
                      "--sysctl=kernel.hostname=sweep"]),
    ("disable-userns", False, ["-r", "--disable-userns", "--setuid=0"]),
    # The caller followed: by the waiting parent, and by the program.
    ("parent-death", True, ["--fork", "--die-with-parent=TERM"]),
    ("parent-death-setuid", True, ["--die-with-parent", "--setuid=65534"]),
    ("handoff", False, ["-r", "--pid", "--fork", "--init", "--mount-proc",
                        "--info-fd={i}", "--pid-file={d}/pid",
                        "--wait-fd={w}", "--no-new-privs"]),
]

# What each call can really return, besides EINTR.
ERRNOS = {
    "unshare": "ENOMEM", "mount": "EBUSY", "move_mount": "EPERM",
    "fsopen": "ENODEV", "fsmount": "ENOMEM", "fsconfig": "EINVAL",
    "open_tree": "EPERM", "openat": "EACCES",
    "read": "EIO", "pread64": "EIO", "write": "EIO", "clone": "EAGAIN",
    "clone3": "EAGAIN", "setresuid": "EAGAIN", "setresgid": "EPERM",
    "setgroups": "EPERM", "prctl": "EINVAL", "socketpair": "EMFILE",
    "sendto": "EPIPE", "recvfrom": "ECONNRESET", "sendmsg": "EPIPE",
    "recvmsg": "ECONNRESET", "wait4": None, "waitid": None,
    "chroot": "EACCES", "chdir": "EACCES", "fchdir": "EACCES",
    "statx": "EACCES", "newfstatat": "EACCES", "fstat": "EBADF",
    "capset": "EPERM", "mkdir": "EACCES",
    "mkdirat": "EACCES", "unlinkat": "EBUSY", "rmdir": "EBUSY",
    "symlinkat": "ENOSPC",
    "dup2": "EMFILE", "dup3": "EMFILE",
    "fcntl": "EMFILE", "ioctl": "ENOTTY", "readlink": "EACCES",
    "readlinkat": "EACCES", "getdents64": "EIO", "pipe2": "EMFILE",
    "kcmp": "ENOSYS", "setns": "EPERM",
    "sethostname": "EPERM", "socket": "EMFILE", "bind": "EACCES",
    # EINTR alone: without a timeout, nothing else.
    "rt_sigtimedwait": None,
}
DEFAULT_ERRNO = "EPERM"

# --sample: every SAMPLE_EVERYth point of each line.
SAMPLE_EVERY = 10

# Calls not failed at all: strace's injection skips the call, and Linux's
# close(2) releases the descriptor even when it returns an error, which an
# injected failure cannot mimic (the descriptor would stay open, as it
# never does).  The exec of the program is not ours to fail: its failure
# is 126 or 127, tested on its own (tests/exec.bats); exit is the end.
NOT_INJECTED = {"close", "exit", "exit_group", "execve", "capget",
                # Calls that cannot fail, or not in a way glibc or the
                # kernel lets a caller see: brk returns the old break,
                # futex and rseq are glibc's own (it aborts on the
                # impossible), the ids and pids are always there, capget
                # of ourselves with a header it takes has nothing to
                # refuse.
                "brk", "futex", "rseq", "set_robust_list", "set_tid_address",
                "arch_prctl", "rt_sigreturn", "getpid", "getppid", "gettid",
                "getuid", "geteuid", "getgid", "getegid", "getrandom",
                "prlimit64", "mprotect", "madvise",
                # The signals' dispositions and mask, given valid
                # signals and a valid how: nothing to refuse, and never
                # interrupted.
                "rt_sigaction", "rt_sigprocmask",
                # Memory, and the sanitizers' runtime: the allocator's and
                # the runtime's own calls, whose failure the runtime
                # reports as fatal by design; not ours to handle.
                "mmap", "munmap", "mremap", "sigaltstack",
                # The clock, asked through the vDSO where it can be.
                "clock_gettime"}
# Lines of calls not failed, for the same reason: the sanitizers' runtime
# reads its own maps and path.
NOT_INJECTED_LINES = re.compile(
    r'^\d+ +open\(|"/proc/self/(exe|maps)"|\[(runtime:|/proc/self/maps)')

# Failures harmless by design: the run goes on, correctly.  Each is
# (calls, a pattern their line in the trace matches, errnos or None for
# any, why); calls and errnos are patterns too.
HARMLESS = [
    # isatty(2) and the terminal's size: a failure means no terminal,
    # which only changes how messages are laid out.
    ("ioctl", r"TCGETS|TIOCGWINSZ", None, "a terminal query"),
    # The locale and the catalogs, loaded before a chroot: without
    # them, messages are in English.
    ("openat", r"locale|\.mo\b|gconv", None, "the locale: English then"),
    ("read|mmap|newfstatat|fstat", r"\[.*(locale|\.mo\b|gconv)", None,
     "reading a locale file: English then"),
    # The supervisor's waits are tried again when interrupted.
    ("rt_sigtimedwait", r"", "EINTR", "the wait is tried again"),
    ("wait4", r"", "EINTR", "the wait for the child is tried again"),
    ("getsid", r"", None, "the session, only for a warning's wording"),
    # Our /proc/self kept before a chroot, for the undo of a mount seen
    # outside alone: without one, that undo says its mount stays.
    ("openat", r'"/proc/self", .*O_PATH', None, "/proc/self kept for an "
     "undo: if one is needed, it says what stays"),
    # The init's look whether unshare is still there (--kill-child): a
    # failed look is what an empty pipe gives, unshare is there.
    ("read", r"= -1 EAGAIN", None, "the look at an empty pipe"),
    # Whether FILE's directory is among our mounts is asked for a clearer
    # message alone: one that cannot tell lets the bind try, which the
    # kernel refuses (EINVAL) if it is not.
    ("statx", r"STATX_MNT_ID", None, "a check for a clearer message"),
    # Whether FILE's directory is on a file system that makes no file
    # (proc, sysfs, cgroup): one that cannot tell lets the open try,
    # which the kernel refuses there.
    ("statfs", r"", None, "a look at the file system: the open tells"),
    ("openat|read", r"/proc/self/mountinfo", None, "a check for a clearer "
     "message, or the undo's look, which then says what stays"),
    # The init's report of how the program ended: without it, the
    # init's own status, the same but for a death by a signal.
    ("read", r'^\d+ +read\(\d+, [^,]+, 4\)', None,
     "the init's report: its own status instead"),
    # The one-byte messages between us and our helpers are sent again
    # when interrupted.
    ("write|sendto|read", r'(write|sendto)\(\d+, "[^"]*", 1[,)]|read\(\d+,',
     "EINTR", "a helper's message: tried again when interrupted"),
    # The FILE helper's wait for an undo that no failure asks for: the
    # binds stay, as asked.
    ("read", r"read\(\d+,  <unfinished|read\(\d+, ?[^,]+, 1\)", None,
     "a helper's wait for an "
     "undo not asked"),
    # stdio sizes a stream's buffer with fstat: a default size then.
    ("newfstatat|fstat", r'^\d+ +n?e?w?fstat(at)?\(\d+, ""', None,
     "stdio's buffer size: a default then"),
    # cgroup.kill is Linux 5.14's; without it each process is killed.
    ("openat", r'"cgroup\.kill"', None, "cgroup.kill: the processes are "
     "killed one by one instead"),
    # The removal of a cgroup is tried again while its processes leave.
    ("unlinkat", r"AT_REMOVEDIR", "EINTR|EBUSY", "tried again"),
    # The cgroup's watcher.  Out of the caller's process group, so that
    # the group's signals leave it to clean up; without, in it.
    ("setsid", r"", None, "the watcher in the caller's process group"),
    # A signal sent to the caller's group while the watcher was still
    # in it is dropped; without sigpending(2) none is looked for, and
    # one pending stays blocked until the watcher ends.
    ("rt_sigpending", r"", None, "the watcher drops no pending signal"),
    # The fork into the new cgroup (clone3, Linux 5.7): refused, a
    # plain fork, and the watcher moves the child in.
    ("clone3", r"CLONE_INTO_CGROUP", None, "a fork, then a move into the "
     "cgroup"),
    # What undo records of a file it made, to remove that file alone:
    # without it, the file goes by its name, as before.
    ("newfstatat", r'newfstatat\(\d+, "[^"]+", 0x[0-9a-f]+, '
     r'AT_SYMLINK_NOFOLLOW\)', None, "undo removes the file it made "
     "by name"),
    # It closes the caller's descriptors (close_range, Linux 5.9): if
    # it cannot, they stay open in it until it ends, a moment after us.
    ("close_range", r"", None, "the caller's descriptors close when the "
     "watcher ends, a moment later"),
    # Our end is told it by our pidfd, else by the end of our socket;
    # and it waits on the socket alone without poll.
    ("pidfd_open", r"", None, "the end of our socket tells our end"),
    ("poll", r"POLLIN", None, "the watcher waits on the socket alone"),
    ("recvmsg", r"", "EINTR", "tried again"),
    # Asked to end, or the child's move: a socket that fails ends the
    # wait, and the watcher removes the cgroup, as asked.
    ("recvmsg", r"", None, "the watcher removes the cgroup as if asked"),
    # Our last word to it, and its answer: the end of the one that
    # sends it, a moment later, says the same.
    ("sendto", r'sendto\(\d+, "[rd]", 1,', None, "the end says it"),
    # The walk of the cgroups under it (getdents64, and fdopendir's own
    # fcntl): one left makes the removal refused (EBUSY), tried again.
    ("getdents64|fcntl", r"\[\.\]|F_GETFL|F_SETFD, FD_CLOEXEC", None,
     "a cgroup under it left refuses the removal, which is tried again"),
    # So is the pid file's, interrupted.
    ("unlinkat", r'unlinkat\(\d+, "pid", 0\)', "EINTR", "tried again"),
    # The pid file linked through its descriptor (AT_EMPTY_PATH, which
    # an older kernel grants root alone): through /proc/self/fd then.
    ("linkat", r'linkat\(\d+, "", ', None, "linked through /proc/self/fd "
     "instead"),
    # The pid file's identity, taken when it is put in place and looked
    # at before its removal, so that another's is kept: unknown, it is
    # removed by its name, as before.
    ("newfstatat", r'newfstatat\(\d+, "pid", .*AT_SYMLINK_NOFOLLOW', None,
     "the pid file removed by its name"),
]


# Failures at the run's end, once the program's status is known, which
# stays the status: what they leave is said, and left.  Each is (calls,
# a pattern their line in the trace matches, what stays, why).
SAID_LEFT = [
    ("unlinkat", r'unlinkat\(\d+, "pid", 0\)', "pid",
     "the pid file's removal refused: it stays, said"),
]


def said_left(ours, err, r):
    """What a run that failed only at its end left, said (a name of
    SAID_LEFT), or None."""
    stderr = " ".join(r.stderr.decode(errors="replace").split())
    for calls, pattern, left, why in SAID_LEFT:
        if r.returncode == 0 and ours and \
                all(re.fullmatch(calls, c) and re.search(pattern, l)
                    for c, l in ours) and \
                stderr.startswith("unshare: ") and strerror(err) in stderr:
            return left
    return None


def strerror(name):
    return os.strerror(getattr(errno, name))


def run_traced(cmd, trace, inject=None, user=None, stacks=False):
    """cmd (its {i} and {w} made descriptors of its own) under strace."""
    args = ["strace", "-f", "-qq", "-o", trace] + (["-k"] if stacks else [])
    if user:
        args += ["-u", user]
    if inject:
        args += ["-e", "inject=%s:error=%s:when=%d" % inject]
    info = os.open(os.devnull, os.O_WRONLY)
    go, ready = os.pipe()
    os.write(ready, b"g")
    os.close(ready)
    cmd = [a.format(i=info, w=go) for a in cmd]
    try:
        return subprocess.run(args + cmd, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=20, pass_fds=(info, go))
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, "hung", b"",
                                           e.stderr or b"")
    finally:
        os.close(info)
        os.close(go)


LINE_RE = re.compile(r"^(\d+) +(?:<\.\.\. )?([a-z_0-9]+)[ (]")


FD_FIRST = {"read", "pread64", "fstat", "newfstatat", "getdents64",
            "lseek"}
OPENED = re.compile(r'^\d+ +(?:openat\([^,]+, |open\()"([^"]*)".*= (\d+)')


def annotated(pid, call, line, files):
    """The line, with the file its descriptor came from, if known."""
    m = OPENED.match(line)
    if m:
        # glibc's open() is openat(2): a plain open(2) is the sanitizers'
        # runtime's.
        runtime = call == "open"
        files[(pid, m.group(2))] = ("runtime:" if runtime else "") + \
            m.group(1)
    args = line[line.find("(") + 1:].split(", ")
    fd = args[0] if call in FD_FIRST else \
        args[4] if call == "mmap" and len(args) > 4 else None
    if fd and (pid, fd) in files:
        return line.rstrip("\n") + " [" + files[(pid, fd)] + "]"
    return line.rstrip("\n")


def calls(trace):
    """The system calls of a trace made with -k, in the order they began:
    (pid, call, line, frames), the frames those of its stack (printed
    after the call's end, which may come later, resumed)."""
    out, pending, last = [], {}, None
    with open(trace) as f:
        for line in f:
            if line.startswith(" > "):
                if last is not None:
                    last[3].append(line)
                continue
            m = LINE_RE.match(line)
            if not m:
                last = None
                continue
            pid = m.group(1)
            if "resumed>" in line[:40]:
                last = pending.pop(pid, None)
                continue
            last = (pid, m.group(2), line, [])
            out.append(last)
            if line.rstrip().endswith("<unfinished ...>"):
                pending[pid] = last
    return out


def points(trace, binary):
    """The (call, N, line) points of our code, in order, once each: a
    call whose stack holds our main, before its process's exec.  strace
    fails the Nth call of a name in each process, counted from its start:
    a point whose Nth call is, in some process, not ours (the loader's,
    the C library's start, a sanitizer's runtime) cannot be failed alone,
    and is left out."""
    counts, done, files, ours, theirs = {}, set(), {}, [], set()
    main = re.compile(re.escape(binary) + r"\(main\+")
    for pid, call, line, frames in calls(trace):
        if pid in done:
            continue
        n = counts.setdefault(pid, {}).get(call, 0) + 1
        counts[pid][call] = n
        text = annotated(pid, call, line, files)
        if call == "execve" and " = 0" in line and \
                any(main.search(fr) for fr in frames):
            done.add(pid)
        elif any(main.search(fr) for fr in frames):
            ours.append((call, n, text))
        else:
            theirs.add((call, n))
    out, seen = [], set()
    for call, n, text in ours:
        if call not in NOT_INJECTED and (call, n) not in seen and \
                (call, n) not in theirs and \
                not NOT_INJECTED_LINES.search(text):
            seen.add((call, n))
            out.append((call, n, text))
    return out


def injected(trace, program):
    """Where the fault landed: (the lines of our calls it failed, whether
    one was our stderr's write, whether the program was hit after its
    exec).  strace fails the Nth call in each process, and counts on
    through an exec: the program may be hit too."""
    execd, files, ours, stderr, program_hit = set(), {}, [], False, False
    pending = {}
    with open(trace) as f:
        for l in f:
            m = LINE_RE.match(l)
            if not m:
                continue
            pid, call = m.group(1), m.group(2)
            # A call another process's interrupted: its two halves joined.
            if l.rstrip().endswith("<unfinished ...>"):
                pending[pid] = l.rstrip()[:-len("<unfinished ...>")].rstrip()
                continue
            if "resumed>" in l[:40] and pid in pending:
                # "read(5, " and "0x..., 4) = ...": the blank after the
                # comma put back, so that the arguments split as whole.
                head, rest = pending.pop(pid), l.split("resumed>", 1)[1]
                l = head + (" " if head.endswith(",") else "") + rest.lstrip()
            text = annotated(pid, call, l, files)
            if (' execve("%s"' % program) in l and " = 0" in l:
                execd.add(pid)
            elif "(INJECTED)" in l:
                if pid in execd:
                    program_hit = True
                    continue
                ours.append((call, text))
                stderr = stderr or call == "write" and \
                    re.search(r" write\(2,", l) is not None
    return ours, stderr, program_hit


def harmless(call, err, line):
    for calls, pattern, errs, why in HARMLESS:
        if re.fullmatch(calls, call) and re.search(pattern, line) and \
                (errs is None or re.fullmatch(errs, err)):
            return why
    return None


def went_on_rightly(ours, err):
    """Whether each failure of ours, (call, line), is harmless."""
    return all(harmless(call, err, line) for call, line in ours)


def verdict(r, ours, err, said_failed):
    """What is wrong with run r, whose calls ours failed with err."""
    stderr = r.stderr.decode(errors="replace")
    problems = []
    if "Sanitizer" in stderr or "runtime error" in stderr:
        problems.append("sanitizer report")
    if r.returncode == "hung":
        problems.append("hung (20 s)")
    elif r.returncode < 0 or r.returncode > 128:
        problems.append("died: %d" % r.returncode)
    elif r.returncode == 0:
        if not went_on_rightly(ours, err):
            problems.append("ran, unsaid")
    elif r.returncode != 125:
        problems.append("status %d" % r.returncode)
    elif said_failed:
        # The message's own write is what failed (strace fails that call
        # in each process): nothing can say it.
        pass
    elif not stderr.startswith("unshare: ") or \
            strerror(err) not in " ".join(stderr.split()):
        # Read as the frame's REASON, the system's words for err, whatever
        # our WHAT and hint say and wherever a line was broken.
        problems.append("message " + repr(stderr[:160]))
    return problems


def clean(made):
    """Remove what a run made: FILE (unmounted), a cgroup."""
    for path in made:
        if os.path.isdir(path):
            os.rmdir(path)
        elif os.path.lexists(path):
            subprocess.run(["umount", path], stderr=subprocess.DEVNULL)
            os.unlink(path)


def mounts(places):
    """The mounts on or under places (the run's own directory, the cgroup2
    hierarchy) and on /proc or binfmt_misc's directory: where a run could
    leave one in the caller's namespace.  Only those, for tests running
    beside the sweep mount and unmount elsewhere."""
    exact = ("/proc", "/proc/sys/fs/binfmt_misc")
    with open("/proc/self/mountinfo") as f:
        return sorted(" ".join(l.split()[3:5]) for l in f
                      if l.split()[4] in exact or
                      any(l.split()[4] == p or
                          l.split()[4].startswith(p.rstrip("/") + "/")
                          for p in places))


def leftovers(marker, made):
    left = []
    for _ in range(50):
        ps = subprocess.run(["pgrep", "-f", marker], stdout=subprocess.PIPE,
                            text=True).stdout.split()
        if not ps:
            break
        time.sleep(0.02)
    else:
        left.append("processes " + " ".join(ps))
        for p in ps:
            subprocess.run(["kill", "-KILL", p])
    for path in made:
        if os.path.lexists(path):
            left.append("left " + path)
    return left


def main():
    unshare = os.path.abspath(sys.argv[1])
    sample = "--sample" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1:] if "--only" in sys.argv \
        else None
    lines = LINES
    if only:
        lines = [l for l in LINES if l[0] in only]
    with open("/proc/self/cgroup") as f:
        cg = f.read().strip().split("::")[-1]
    with open("/proc/self/mountinfo") as f:
        v2 = [l.split()[4] for l in f if " - cgroup2 " in l]
    cgroot = (v2[0] if v2 else "/sys/fs/cgroup") + cg.rstrip("/")
    work = tempfile.mkdtemp(prefix="unshare-sweep.")
    os.chmod(work, 0o755)
    binary = os.path.join(work, "unshare")
    shutil.copy(unshare, binary)
    os.chmod(binary, 0o755)
    root = os.path.join(work, "root")
    busybox = shutil.which("busybox")
    if busybox and b"not a dynamic" not in subprocess.run(
            ["ldd", busybox], stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT).stdout:
        busybox = None  # a dynamic one would not run in the root
    if busybox:
        os.makedirs(os.path.join(root, "bin"))
        os.mkdir(os.path.join(root, "proc"))
        shutil.copy(busybox, os.path.join(root, "bin", "busybox"))
        os.chmod(os.path.join(root, "bin", "busybox"), 0o755)
        os.symlink("busybox", os.path.join(root, "bin", "true"))
    bad, total, skipped = [], 0, 0
    try:
        for name, root_only, args in lines:
            if not busybox and any("{r}" in a for a in args):
                print("%s: left out, without busybox" % name)
                continue
            d = os.path.join(work, name)
            os.mkdir(d)
            os.chmod(d, 0o777)
            os.mkdir(os.path.join(d, "p"))
            marker = "sweep-%s-%d" % (name, os.getpid())
            cgname = "sweep-%d-%s" % (os.getpid(), name)
            argv = [binary] + [a.format(d=d, c=cgname, r=root, i="{i}",
                                        w="{w}") for a in args] + \
                ["/bin/true", marker]
            made = [os.path.join(d, "net"), os.path.join(d, "uts"),
                    os.path.join(d, "made"), os.path.join(d, "pw"),
                    os.path.join(cgroot, cgname), os.path.join(d, "pid")]
            user = None if root_only else "nobody"
            trace = os.path.join(work, "trace")
            places = [work] + v2
            before = mounts(places)
            r = run_traced(argv, trace, user=user, stacks=True)
            if r.returncode != 0:
                bad.append("%s: fails without a fault: %d %s" %
                           (name, r.returncode, r.stderr.decode()[:200]))
                continue
            clean(made)
            pts = points(trace, binary)
            if sample:
                pts = pts[::SAMPLE_EVERY]
            for call, n, line in pts:
                real = ERRNOS.get(call, DEFAULT_ERRNO)
                for err in ("EINTR",) + ((real,) if real else ()):
                    total += 1
                    r = run_traced(argv, trace + ".f",
                                   inject=(call, err, n), user=user)
                    ours, said_failed, program_hit = injected(
                        trace + ".f", "/bin/true")
                    if not ours:
                        # This run made that call fewer times: the fault
                        # fell on the program alone, or nowhere.
                        skipped += 1
                        clean(made)
                        continue
                    if program_hit:
                        # The program was reached, and failed itself: a
                        # failure of ours before it must be harmless.
                        problems = [] if went_on_rightly(ours, err) else \
                            ["went on to the program, unsaid"]
                    else:
                        problems = verdict(r, ours, err, said_failed)
                    left = said_left(ours, err, r)
                    if left:
                        problems = []
                        clean([os.path.join(d, left)])
                    if r.returncode == 0 or program_hit:
                        # A run that went on keeps its namespaces in
                        # FILE, as asked, and the DSTs it made.
                        clean(made[:4])
                    if mounts(places) != before:
                        problems.append("mounts changed")
                        subprocess.run(["umount", "-R", os.path.join(d, "p")],
                                       stderr=subprocess.DEVNULL)
                    problems += leftovers(marker, made)
                    clean(made)
                    if problems:
                        bad.append("%s: %s #%d %s: %s\n    %s" %
                                   (name, call, n, err, "; ".join(problems),
                                    "\n    ".join(t[:150] for c, t in ours)))
    finally:
        subprocess.run(["umount", "-R", work], stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)
    for b in bad:
        print(b)
    print("fault sweep: %d runs, %d broke a rule, %d missed our code" %
          (total, len(bad), skipped))
    # A sweep whose faults mostly miss our code proves nothing.
    if skipped * 10 > total:
        print("fault sweep: more than a tenth of the faults missed our code")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
