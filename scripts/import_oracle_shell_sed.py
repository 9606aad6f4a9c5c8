"""`sed -n` scripts for scripts/import_oracle_shell.py: numeric ranges and regex addresses, and the
lines GNU sed prints for them (docs/importers.md, the `sed -n` rows of "What counts as a read";
POSIX basic regular expressions with GNU's `\\|`, `\\+`, `\\?`).
"""
import re


SED_NUM = re.compile(r"^\s*(\d+|\$)\s*(?:,\s*(\+\s*\d*|\d+|\$)\s*)?p\s*$")


def sed_n(words):
    """(ranges, files) of `sed -n SCRIPT FILE`: ranges of (a, b) numbers (b None = end), or the
    string 'regex' when an address is a regex, None when not a sed -n read."""
    if "-n" not in words[1:] and "--quiet" not in words[1:]:
        return None
    scripts, files, i = [], [], 1
    while i < len(words):
        w = words[i]
        if w in ("-n", "--quiet"):
            i += 1
        elif w == "-e" and i + 1 < len(words):
            scripts.append(words[i + 1]); i += 2
        elif w.startswith("-"):
            return None  # -i, -E, ...
        else:
            if not scripts and not (files or any(x == "-e" for x in words)):
                scripts.append(w)
            else:
                files.append(w)
            i += 1
    ranges, addrs, script = [], [], []
    for s in scripts:
        for part in _sed_parts(s):
            g = GNU_ADDR.match(part)
            if g and (g.group(1) == "$" or "~" in part):
                # docs (session 31): `$`, `first~step`, `a,~N`
                a = gnu_addr(g)
                if a is None:
                    return None
                script.append(a)
                continue
            m = SED_NUM.match(part)
            if m:
                a = None if m.group(1) == "$" else int(m.group(1))
                b = m.group(2)
                # docs: GNU `a,+N` prints lines a to a+N
                b = a if b is None else (None if b == "$" else (a + count(b[1:]) if b.startswith("+") else int(b)))
                if a is None:
                    return None
                ranges.append((a, b))
                script.append(("lines", a, b))
                addrs.append((("n", a), None if m.group(2) is None else (("$",) if b is None else ("n", b))))
                continue
            r = SED_ADDR.match(part)
            if not r:
                return None
            a1, a2 = _addr(r.group(1)), _addr(r.group(2)) if r.group(2) else None
            if a1 is None or a1 == ("$",) or (r.group(2) and a2 is None):
                return None
            addrs.append((a1, a2))
    if any(a[0] == "re" or (b and b[0] == "re") for a, b in addrs):
        if len(script) != len(ranges):
            return None
        return ("regex", addrs), files
    if any(a[0] != "lines" for a in script):
        return ("script", script), files
    return [(a, b) for _, a, b in script], files


# docs (session 31): GNU sed's `$`, `first~step` and `a,~N` addresses
# docs (session 32): `$,X` and `first~step,X` with any end X of a numeric range (`b`, `$`, `+N`, `~N`)
GNU_ADDR = re.compile(r"^\s*(\$|\d+\s*~\s*\d*|\d+)\s*(?:,\s*(~\s*\d*|\+\s*\d*|\d+|\$))?\s*p\s*$")


def count(t):
    """docs (session 32): the count after `+` or `~` may follow blanks, and left out it is 0."""
    return int(t.strip() or 0)


def gnu_addr(g):
    """("last",) | ("step", first, step) | ("steprange", first, step, end) | ("lines", a, b) of one
    `p` command, None when GNU sed refuses it (`0~0`, line 0)."""
    a, end = g.group(1), g.group(2)
    if a == "$":
        # docs (session 32): the range opens on the last line: that line alone, whatever X
        return ("last",)
    if "~" in a:
        f, st = a.split("~")
        f, st = int(f), count(st)
        if (f, st) == (0, 0):
            return None
        return ("steprange", f, st, end) if end else ("step", f, st)
    a = int(a)
    if a == 0:
        return None
    n = count(end[1:])
    # docs: the end is the next line after `a` whose number is a multiple of N (N = 0: `a` alone)
    b = a if n == 0 else next(x for x in range(a + 1, a + n + 1) if x % n == 0)
    return ("lines", a, b)


def script_lines(script, length):
    """The stream positions (1-based) a `sed -n` script of `p` commands prints over a stream of
    `length` lines, as GNU sed: each line in turn, once per command that selects it."""
    def on_step(f, st, i):
        return i == f if st == 0 else (i >= f and (i - f) % st == 0)

    def last_of(end, i):
        # docs (session 32): the range's end counted from the line it opened on, as for `a,X`
        if end == "$":
            return length
        if end.startswith("+"):
            return i + count(end[1:])
        if end.startswith("~"):
            n = count(end[1:])
            return i if n == 0 else (i // n + 1) * n
        return max(int(end), i)

    def sel(c, i):
        if c[0] == "last":
            return i == length
        if c[0] == "step":
            return on_step(c[1], c[2], i)
        return c[1] <= i <= (length if c[2] is None else max(c[1], c[2]))

    out, until = [], [None] * len(script)  # per `first~step,X`: the last line of its open range
    for i in range(1, length + 1):
        for k, c in enumerate(script):
            if c[0] != "steprange":
                if sel(c, i):
                    out.append(i)
            elif until[k] is not None and i <= until[k]:
                out.append(i)
            elif on_step(c[1], c[2], i):
                # docs (session 32): opens at a line of the sequence not in the range, and the
                # next start is looked for after its end
                out.append(i)
                until[k] = last_of(c[3], i)
    return out


_A = r"(\d+|\$|/(?:[^/\\]|\\.)*/)"
SED_ADDR = re.compile(r"^\s*" + _A + r"\s*(?:,\s*" + _A + r"\s*)?p\s*$")


def _sed_parts(s):
    """The `;`-separated commands of a sed script (a `;` inside /re/ is part of it)."""
    parts, cur, in_re, i = [], "", False, 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            cur += s[i:i + 2]; i += 2
            continue
        if c == "/":
            in_re = not in_re
        if c in ";\n" and not in_re:
            parts.append(cur); cur = ""
        else:
            cur += c
        i += 1
    parts.append(cur)
    return [p for p in parts if p.strip()]


def _addr(a):
    if a == "$":
        return ("$",)
    if a.isdigit():
        return ("n", int(a))
    return ("re", a[1:-1])


def bre(p):
    """A POSIX basic regular expression (GNU extensions \\| \\+ \\?) as a Python one."""
    out, i = "", 0
    while i < len(p):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            n = p[i + 1]
            out += n if n in "(){}|+?" else ("\\" + n)
            i += 2
            continue
        if c == "[":
            j = i + 1
            if j < len(p) and p[j] == "^":
                j += 1
            if j < len(p) and p[j] == "]":
                j += 1
            while j < len(p) and p[j] != "]":
                j += 1
            out += p[i:j + 1].replace("\\", "\\\\")
            i = j + 1
            continue
        out += ("\\" + c) if c in "(){}|+?" else c
        i += 1
    return out


def sed_lines(addrs, lines):
    """The line numbers `sed -n` prints for these addresses over the file's lines, as GNU sed."""
    out = []
    state = [None] * len(addrs)  # the line a range opened at, else None
    n = len(lines)

    def hit(a, i):
        if a[0] == "n":
            return i == a[1]
        if a[0] == "$":
            return i == n
        return re.search(bre(a[1]), lines[i - 1]) is not None

    for i in range(1, n + 1):
        for k, (a1, a2) in enumerate(addrs):
            if a2 is None:
                if hit(a1, i):
                    out.append(i)
                continue
            if state[k] is None:
                if hit(a1, i):
                    out.append(i)
                    if a2[0] == "n" and a2[1] <= i:
                        continue
                    if a2[0] == "$" and i == n:
                        continue
                    state[k] = i
            else:
                out.append(i)
                if a2[0] == "n":
                    if i >= a2[1]:
                        state[k] = None
                elif hit(a2, i):
                    state[k] = None
    return out


def script_first(script, n):
    """docs (session 31): the first n lines a script with no `$` prints of a file of unknown length
    (they come first whatever the length); None with a `$`."""
    if any(c[0] == "last" for c in script):
        return None
    length = 2 * n + 2
    while True:
        seq = script_lines(script, length)
        if len(seq) >= n or length > 1 << 22:
            return seq[:n] if len(seq) >= n else None
        length *= 2
