#!/usr/bin/env python3
"""Complete a command line in a real interactive bash, on a new terminal.

    complete.py [--zsh DIR] [-c COMMAND]... KEYS [KEYS...]

Starts "bash --norc --noprofile -i" on a new pseudo-terminal, runs each
COMMAND there (in order, one at a time, each typed as a line), then types
KEYS: a partial command line ending in one TAB or two, as a user would.
Prints, first, the line as it became (the line readline holds, exactly:
a trailing space is there), then each candidate that bash listed, one a
line, in its order (none unless a second TAB listed them).  With more
KEYS, each is typed in turn on an empty line of the same bash, and their
results are printed one after another, a line "--" between two: one
bash for many lines, as a user would type them.

The environment is ours, except PS1, PS2, TERM, INPUTRC and HISTFILE: the
prompt is a marker of ours, the terminal is dumb and 1000 columns wide,
no inputrc is read and no history is kept.  Readline lists candidates one
a line, never asks before it lists them and never pages them.

With --zsh DIR, the shell is "zsh -f -i" instead, its completion system
started with DIR first on its fpath (where the completion under test is,
as _unshare); the lines are as above, and zsh's lists as it lays them
out: a candidate a line with its description ("--fork  -- run ..."),
in columns those without one, blanks at the end of a line dropped.

Exits 0; 1 if a COMMAND printed anything (an error, say: it goes to
stderr); 124 if bash did not answer within 10 seconds in all (then it is
killed, and what it printed last goes to stderr): never waits for ever.
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
# The key that prints the line readline holds (bind -x), between markers.
SHOW = "\x18\x0c"  # Ctrl-X Ctrl-L
LINE = re.compile(r"@line@(.*)@end@")
# Each shell: how it starts, and its settings and that key, typed as
# one line.  zsh: no rc files, its completion system from DIR first
# (where the completion under test is), emacs keys, the prompt on a line
# of its own, and the key a widget that also empties the line (zsh may
# drop a Ctrl-U typed after a completion).
SHELLS = {
    "bash": ["bash", "--norc", "--noprofile", "-i"],
    "zsh": ["zsh", "-f", "-i"],
}
ZSH_SETUP = [
    "fpath=({dir} $fpath)",
    "autoload -Uz compinit",
    "compinit -u -D",
    "bindkey -e",
    "unset zle_bracketed_paste",
    "unsetopt prompt_cr prompt_sp",
    "LISTMAX=100000",
    "__show() {{ zle -I; print -r -- \"@line@$BUFFER@end@\"; BUFFER=; }}",
    "zle -N __show",
    "bindkey '^X^L' __show",
]
SETUP = [
    "bind 'set completion-display-width 0'",
    "bind 'set completion-query-items 0'",
    "bind 'set page-completions off'",
    "bind 'set bell-style none'",
    "bind 'set colored-stats off'",
    "bind 'set visible-stats off'",
    "bind 'set enable-bracketed-paste off'",
    "bind -x '\"\\C-x\\C-l\": printf \"@line@%s@end@\\n\" \"$READLINE_LINE\"'",
]


class Timeout(Exception):
    """bash did not answer in time, or is gone."""


class Terminal:
    """bash on the master side of a new pseudo-terminal."""

    def __init__(self, shell):
        self.zsh = shell == SHELLS["zsh"]
        env = dict(os.environ, PS1=PROMPT, PS2="@more@ ", TERM="dumb",
                   INPUTRC="/dev/null", HISTFILE="/dev/null")
        self.pid, self.master = pty.fork()
        if self.pid == 0:
            try:
                # Wide enough that no line is ever wrapped or scrolled.
                fcntl.ioctl(0, termios.TIOCSWINSZ,
                            struct.pack("HHHH", 50, 1000, 0, 0))
                os.execvpe(shell[0], shell, env)
            finally:
                os._exit(127)
        self.output = ""
        self.deadline = time.monotonic() + 10

    def read_until(self, pattern):
        """Reads until the output matches pattern; returns the match."""
        while True:
            found = pattern.search(self.output)
            if found:
                return found
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Timeout()
            ready, _, _ = select.select([self.master], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:  # EIO: bash is gone
                data = b""
            if not data:
                raise Timeout()
            self.output += data.decode(errors="replace")

    def type(self, keys):
        os.write(self.master, keys.encode())

    def complete(self, keys):
        """Types keys on an empty line; returns the line as it became and
        the candidates listed.  Then empties the line again."""
        self.deadline = time.monotonic() + 10
        self.output = ""
        self.type(keys + SHOW)
        line = self.read_until(LINE).group(1)
        words = listed(self.output)
        if self.zsh:
            # zsh's key has emptied the line: the prompt drawn again
            # after it, it is ready for more.
            self.read_until(re.compile(LINE.pattern + r"\s*" +
                                       re.escape(PROMPT)))
            return line, [word.rstrip() for word in words]
        # Ctrl-U empties the line; shown empty, and the prompt drawn
        # again after it, it is ready for more (a prompt left to come
        # would be taken for the end of the next keys' list).
        self.output = ""
        self.type("\x15" + SHOW)
        self.read_until(re.compile(r"@line@@end@\s*" + re.escape(PROMPT)))
        return line, words

    def run(self, command):
        """Types a command line and waits for the next prompt; returns
        what the command printed."""
        self.output = ""
        self.type(command + "\n")
        end = self.read_until(re.compile("\n" + re.escape(PROMPT)))
        printed = self.output[:end.start() + 1].replace("\r", "")
        return printed.split("\n", 1)[1]

    def close(self):
        """Kills bash; closing the terminal hangs up on any job of it."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.master)


def listed(output):
    """The candidates listed in the output of the keys, one a line.

    After the line as typed, readline lists the candidates, each on a
    line of its own, then shows the prompt and the line again."""
    lines = output.replace("\r", "").replace("\a", "").split("\n")
    words = []
    for line in lines[1:]:
        if line.startswith(PROMPT) or LINE.search(line):
            break
        words.append(line)
    return words


def main():
    args, commands, shell, setup = sys.argv[1:], [], SHELLS["bash"], SETUP
    if len(args) > 1 and args[0] == "--zsh":
        shell = SHELLS["zsh"]
        setup = [c.format(dir=args[1]) for c in ZSH_SETUP]
        args = args[2:]
    while len(args) > 1 and args[0] == "-c":
        commands.append(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    term = Terminal(shell)
    results = []
    try:
        term.read_until(re.compile(re.escape(PROMPT)))
        for command in ["; ".join(setup)] + commands:
            printed = term.run(command)
            if printed:
                sys.stderr.write(f"{command}: {printed}")
                sys.exit(1)
        for keys in args:
            results.append(term.complete(keys))
    except Timeout:
        sys.stderr.write(term.output)
        sys.exit(124)
    finally:
        term.close()
    for i, (line, words) in enumerate(results):
        if i:
            print("--")
        print(line)
        for word in words:
            print(word)


main()
