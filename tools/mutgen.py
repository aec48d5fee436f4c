"""Mutants no one chose: tools/mutate --generate makes them from the
sources, mechanically, with these operators:

    ror:A:B      a relational operator flipped: < and <=, > and >=,
                 == and != each into the other
    int:+1 int:-1  an integer constant plus or minus one
    flag:-NAME   a flag (a capitalised name) dropped from a | mask, or the
                 flag of "x |= NAME" made 0
    cond:true cond:false  the condition of an if that checks a call's
                 result (or a failure sentinel: < 0, == -1, != 0, NULL)
                 forced: the failure taken whatever the call returned, or
                 the check skipped (the call is still made)
    del:NAME     a statement that releases, closes or undoes (close(),
                 free(), umount2(), unlinkat(), undo_...()) deleted
    status:X     a returned or exit status changed: a constant or a
                 capitalised name into 0 (0 into 1), true and false
                 swapped

Each mutant has an id that stays while its line does: FILE OP TEXT, TEXT
the line it changes (spaces squeezed), and #N after it for the Nth
mutant of the same file, operator and line text.  Preprocessor lines,
comments, strings and __attribute__ lists are left alone.  Each also
knows the top-level function whose body it is in (None outside one).

Written for this project rather than taken from a distribution: Debian 12
packages no mutation tool for C (apt-cache search finds none; Mull and
Dextool are not in it), and these operators need only a tokenizer.
"""

import re

TOKEN = re.compile(r"""
    (?P<skip>/\*.*?\*/|//[^\n]*|[ \t\r\n]+)
  | (?P<pre>(?<![^\n])[ \t]*\#(?:\\\n|[^\n])*)
  | (?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<num>0[xX][0-9a-fA-F]+[uUlL]*|[0-9]+[uUlL]*(?![.\w]))
  | (?P<fnum>[0-9][\w.]*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<op><<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&^|]=|.)
""", re.S | re.X)

FLIP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
CAPS = re.compile(r"[A-Z][A-Z0-9_]*$")
RELEASE = re.compile(
    r"(close|free|fclose|closedir|close_range|munmap|umount2?|unlink|"
    r"unlinkat|rmdir|kill|sigprocmask|pthread_sigmask|remove_tree|"
    r"kill_all|reap_helper|undo_\w+|\w+_free|close_\w+|umount_\w+|"
    r"unmount\w*)$")
KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "case",
            "else", "do", "goto", "break", "continue", "default"}


def tokens(text):
    """The tokens of C source text: (kind, text, start, end), without
    blanks, comments and preprocessor lines."""
    out = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("skip", "pre"):
            continue
        out.append((kind, m.group(), m.start(), m.end()))
    return out


def matching(toks, i):
    """The index of the parenthesis closing the one at i."""
    depth = 0
    for j in range(i, len(toks)):
        if toks[j][1] == "(":
            depth += 1
        elif toks[j][1] == ")":
            depth -= 1
            if depth == 0:
                return j
    return None


def plus(number, delta):
    """number (a C integer literal's text) plus delta, in its own base and
    with its suffix; None when it would go below 0."""
    m = re.match(r"(0[xX][0-9a-fA-F]+|[0-9]+)([uUlL]*)$", number)
    digits, suffix = m.groups()
    if digits[:2] in ("0x", "0X"):
        value = int(digits, 16) + delta
        body = "0x%x" % value if value >= 0 else None
    elif len(digits) > 1 and digits[0] == "0":
        value = int(digits, 8) + delta
        body = "0%o" % value if value >= 0 else None
    else:
        value = int(digits) + delta
        body = str(value) if value >= 0 else "-%d" % -value
    if body is None or (value < 0 and suffix):
        return None
    return body + suffix


def candidates(toks):
    """(start, end, new, op) for each mutant of the token list."""
    out = []
    skip = set()
    for i, (kind, text, start, end) in enumerate(toks):
        if text == "__attribute__" and i + 1 < len(toks):
            j = matching(toks, i + 1)
            skip.update(range(i, (j or i) + 1))
    for i, (kind, text, start, end) in enumerate(toks):
        if i in skip:
            continue
        prev = toks[i - 1][1] if i else ";"
        after = toks[i + 1][1] if i + 1 < len(toks) else ""
        if kind == "op" and text in FLIP:
            out.append((start, end, FLIP[text], "ror:%s:%s" % (text,
                                                            FLIP[text])))
        if kind == "num":
            for delta, op in (1, "int:+1"), (-1, "int:-1"):
                new = plus(text, delta)
                if new == "0" and prev == "-":
                    continue  # -0: the status operator's 0
                if new is not None:
                    if new.startswith("-") and prev in ("-", "+"):
                        new = "(%s)" % new
                    out.append((start, end, new, op))
        if text == "|" and i + 2 < len(toks):
            right = toks[i + 1]
            if (right[0] == "id" and CAPS.match(right[1]) and
                    toks[i + 2][1] != "("):
                out.append((toks[i - 1][3], right[3], "",
                            "flag:-" + right[1]))
            left = toks[i - 1]
            if (i >= 2 and left[0] == "id" and CAPS.match(left[1]) and
                    toks[i - 2][1] not in ("|", ".", "->", ")")):
                out.append((left[2], right[2], "", "flag:-" + left[1]))
        if (text == "|=" and i + 2 < len(toks) and toks[i + 1][0] == "id"
                and CAPS.match(toks[i + 1][1]) and toks[i + 2][1] == ";"):
            out.append((toks[i + 1][2], toks[i + 1][3], "0",
                        "flag:-" + toks[i + 1][1]))
        if text == "if" and after == "(":
            j = matching(toks, i + 1)
            if j is not None and checks_result(toks[i + 2:j]):
                a, b = toks[i + 2][2], toks[j - 1][3]
                out.append((a, a, "(", "cond:true"))
                out.append((b, b, ") || 1", "cond:true"))
                out[-2:] = [merge(out[-2:])]
                out.append((a, a, "(", "cond:false"))
                out.append((b, b, ") && 0", "cond:false"))
                out[-2:] = [merge(out[-2:])]
        if (kind == "id" and RELEASE.match(text) and after == "(" and
                text not in KEYWORDS):
            first = i
            if (i >= 3 and toks[i - 1][1] == ")" and
                    toks[i - 2][1] == "void" and toks[i - 3][1] == "("):
                first = i - 3
            before = toks[first - 1][1] if first else ";"
            j = matching(toks, i + 1)
            if (before in (";", "{", "}", ")", "else") and j is not None
                    and j + 1 < len(toks) and toks[j + 1][1] == ";"):
                out.append((toks[first][2], toks[j + 1][3], ";",
                            "del:" + text))
        if text in ("return", "exit", "_exit"):
            k = i + 1 if text == "return" else i + 2
            if text != "return" and after != "(":
                continue
            close = ";" if text == "return" else ")"
            value = toks[k:k + 3]
            if len(value) >= 2 and value[0][1] == "-" and \
                    value[1][0] == "num" and value[2][1] == close:
                out.append((value[0][2], value[1][3], "0",
                            "status:0"))
            elif len(value) >= 2 and value[1][1] == close:
                v = value[0]
                new = {"true": "false", "false": "true", "0": "1"}.get(
                    v[1], "0" if v[0] == "num" or CAPS.match(v[1])
                    else None)
                if v[0] in ("num", "id") and new and v[1] != "NULL":
                    out.append((v[2], v[3], new, "status:" + new))
    return out


def functions(toks):
    """(name, start, end) of each top-level function body: a { at depth 0
    right after the ) of a parameter list, named by the word before its
    (."""
    out, depth = [], 0
    for i, (kind, text, start, end) in enumerate(toks):
        if text == "{":
            if depth == 0 and i >= 3 and toks[i - 1][1] == ")":
                k, level = i - 1, 0
                while k >= 0:
                    level += {")": 1, "(": -1}.get(toks[k][1], 0)
                    if level == 0:
                        break
                    k -= 1
                if k >= 1 and toks[k - 1][0] == "id":
                    out.append([toks[k - 1][1], start, None])
            depth += 1
        elif text == "}":
            depth -= 1
            if depth == 0 and out and out[-1][2] is None:
                out[-1][2] = end
    return [tuple(f) for f in out]


def merge(pair):
    """The two insertions of a forced condition as one edit: (start, end,
    new) where new is built when applied (see apply)."""
    (a, _, left, op), (b, _, right, _) = pair
    return (a, b, (left, right), op)


def checks_result(cond):
    """Whether an if's condition checks a call's result, or a value
    against a failure sentinel."""
    texts = [t[1] for t in cond]
    for k, t in enumerate(cond[:-1]):
        if (t[0] == "id" and texts[k + 1] == "(" and
                t[1] not in KEYWORDS and not CAPS.match(t[1])):
            return True
    joined = " ".join(texts)
    return bool(re.search(r"(< 0|== - 1|!= 0|== NULL|!= NULL)( |$)",
                          joined))


def apply(text, m):
    """The text with mutant m in it."""
    start, end, new = m["start"], m["end"], m["new"]
    if isinstance(new, tuple):
        return (text[:start] + new[0] + text[start:end] + new[1] +
                text[end:])
    return text[:start] + new + text[end:]


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def squeeze(line):
    return " ".join(line.split())


def generate(path, text, name):
    """The mutants of the C source text of file name (path only for
    messages): dicts with id, file, line, start, end, new, op and
    function."""
    lines = text.split("\n")
    seen, mutants, done = {}, [], set()
    toks = tokens(text)
    bodies = functions(toks)
    for start, end, new, op in candidates(toks):
        key = (start, end, new)
        if key in done:
            continue
        done.add(key)
        number = line_of(text, start)
        base = "%s %s %s" % (name, op, squeeze(lines[number - 1]))
        seen[base] = seen.get(base, 0) + 1
        mid = base if seen[base] == 1 else "%s #%d" % (base, seen[base])
        inside = [f[0] for f in bodies if f[1] <= start < f[2]]
        mutants.append({"id": mid, "file": name, "line": number,
                        "start": start, "end": end, "new": new, "op": op,
                        "function": inside[0] if inside else None})
    return mutants


def diff(text, m):
    """The mutant as a two-line diff: its line(s) before and after."""
    mutated = apply(text, m)
    first = m["line"]
    old_lines = text.split("\n")
    new_lines = mutated.split("\n")
    last_old = line_of(text, m["end"])
    last_new = last_old + (len(new_lines) - len(old_lines))
    out = ["--- %s:%d" % (m["file"], first)]
    out += ["-" + l for l in old_lines[first - 1:last_old]]
    out += ["+" + l for l in new_lines[first - 1:last_new]]
    return "\n".join(out)


def parse_equivalent(path):
    """{id: reason} of the file of equivalent generated mutants: an id on
    a line, its reason on the next, indented, after "why:"."""
    found, current, where = {}, None, None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("#") or not line.strip():
                continue
            if line[0] in " \t":
                m = re.match(r"\s+why: (\S.*)$", line)
                if not m or current is None:
                    raise ValueError("%s:%d: expected an id, then an "
                                     "indented why: REASON" % (path, number))
                if found[current]:
                    found[current] += " " + m.group(1)
                else:
                    found[current] = m.group(1)
                continue
            current, where = line.strip(), "%s:%d" % (path, number)
            if current in found:
                raise ValueError("%s: %s: listed twice" % (where, current))
            found[current] = ""
    for mid, why in found.items():
        if not why:
            raise ValueError("%s: %s: no why: line" % (path, mid))
    return found


def changed_lines(top, since, names):
    """{file: set of line numbers} changed or added in the working tree
    since the commit since."""
    import subprocess
    out = subprocess.run(["git", "diff", "-U0", "--no-color", since, "--"]
                         + names, cwd=top, check=True,
                         stdout=subprocess.PIPE).stdout.decode(
                             errors="replace")
    lines, current = {}, None
    for l in out.split("\n"):
        if l.startswith("+++ "):
            current = l[6:] if l.startswith("+++ b/") else None
        m = re.match(r"@@ -\S+ \+(\d+)(?:,(\d+))? @@", l)
        if m and current:
            first, count = int(m.group(1)), int(m.group(2) or 1)
            lines.setdefault(current, set()).update(
                range(first, first + count))
    return lines
