#!/usr/bin/env python3
"""Run a command as the foreground job of a new pseudo-terminal.

    terminal.py KEYS COMMAND [ARGUMENT...]

The command is a session leader with the terminal as its controlling
terminal.  Once it has written the word "ready", KEYS are typed on the
terminal (e.g. a Ctrl-C as the byte 0x03), so that the terminal itself
signals the foreground process group; KEYS "hangup" hangs the terminal
up instead (its master side is closed), so that the kernel sends SIGHUP
to the session leader.  Prints what the command wrote and exits with its
status (128 + N if it died of signal N); 124 if it ran for more than 20
seconds (then it is killed).
"""
import os
import pty
import select
import signal
import sys
import termios
import time


def main():
    keys, command = sys.argv[1].encode(), sys.argv[2:]
    pid, master = pty.fork()
    if pid == 0:
        try:
            # Python ignores SIGPIPE and SIGXFSZ for itself: the command
            # gets them at their default, as a terminal's job has them.
            for signum in (signal.SIGPIPE, signal.SIGXFSZ):
                signal.signal(signum, signal.SIG_DFL)
            # No echo: the keys typed are not part of the output.
            mode = termios.tcgetattr(0)
            mode[3] &= ~termios.ECHO
            termios.tcsetattr(0, termios.TCSANOW, mode)
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    output, typed, deadline = b"", False, time.monotonic() + 20
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if not ready:
            continue
        try:
            data = os.read(master, 4096)
        except OSError:  # EIO: every holder of the terminal is gone
            data = b""
        if not data:
            break
        output += data
        if not typed and b"ready" in output and keys == b"hangup":
            os.close(master)
            break
        if not typed and b"ready" in output:
            os.write(master, keys)
            typed = True
    else:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stdout.write(output.decode(errors="replace"))
        sys.exit(124)
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stdout.write(output.decode(errors="replace"))
        sys.exit(124)
    sys.stdout.write(output.decode(errors="replace"))
    sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status)
             else 128 + os.WTERMSIG(status))


main()
