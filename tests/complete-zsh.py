#!/usr/bin/env python3
"""Complete command lines in a real interactive zsh, on a new terminal.

    complete-zsh.py DIR KEYS [KEYS...]

Starts "zsh -f -i" on a new pseudo-terminal, puts DIR first on its fpath
(where the completion under test is, as _unshare), starts the completion
system (compinit), then types each KEYS on an empty line: a partial
command line ending in a TAB, as a user would.  Prints the line each
became, exactly (a trailing space is there), one a line.

The environment is ours, except PS1 and TERM: the prompt is a marker of
ours and the terminal is dumb and 1000 columns wide.  Exits 0; 124 if zsh
did not answer within 10 seconds for one line (then it is killed, and
what it printed last goes to stderr): never waits for ever.
"""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

PROMPT = "@prompt@ "
LINE = re.compile(r"@line@(.*)@end@")
# A key (Ctrl-X Ctrl-L) that prints the line zle holds, between markers,
# and empties it.
SHOW = "\x18\x0c"


class Timeout(Exception):
    """zsh did not answer in time, or is gone."""


class Terminal:
    def __init__(self):
        env = dict(os.environ, PS1=PROMPT, TERM="dumb")
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ,
                            struct.pack("HHHH", 50, 1000, 0, 0))
                os.execvpe("zsh", ["zsh", "-f", "-i"], env)
            finally:
                os._exit(127)
        self.output = ""

    def read(self, timeout):
        """What zsh prints within timeout seconds; "" if nothing."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return ""
        try:
            data = os.read(self.master, 4096)
        except OSError:  # EIO: zsh is gone
            data = b""
        if not data:
            raise Timeout()
        return data.decode(errors="replace")

    def until(self, pattern):
        """Reads until the output matches pattern; returns the match."""
        deadline = time.monotonic() + 10
        while not pattern.search(self.output):
            if time.monotonic() > deadline:
                raise Timeout()
            self.output += self.read(0.1)
        return pattern.search(self.output)

    def quiet(self, period=0.2):
        """Reads until zsh has printed nothing for period seconds: what
        a key began (a completion) is over."""
        deadline = time.monotonic() + 10
        while self.read(period):
            if time.monotonic() > deadline:
                raise Timeout()

    def type(self, keys):
        os.write(self.master, keys.encode())

    def complete(self, keys):
        """Types keys on an empty line; returns the line as it became
        (which SHOW empties again)."""
        self.output = ""
        # zle reads SHOW once the completion the keys began is over.
        self.type(keys + SHOW)
        return self.until(LINE).group(1)

    def close(self):
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.master)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    directory, keys = sys.argv[1], sys.argv[2:]
    setup = (
        f"fpath=({directory} $fpath); autoload -Uz compinit; "
        "compinit -u -D; bindkey -e; unset zle_bracketed_paste; "
        "__show() { zle -I; print -r -- \"@line@${BUFFER}@end@\"; BUFFER=; }; "
        "zle -N __show; bindkey '^X^L' __show; print @rea''dy@\n")
    term = Terminal()
    lines = []
    try:
        term.until(re.compile(re.escape(PROMPT)))
        term.type(setup)
        term.until(re.compile("@ready@"))
        term.quiet()
        for k in keys:
            lines.append(term.complete(k))
    except Timeout:
        sys.stderr.write(term.output)
        sys.exit(124)
    finally:
        term.close()
    for line in lines:
        print(line)


main()
