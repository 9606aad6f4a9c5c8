"""awk programs for scripts/import_oracle_shell.py, from docs/importers.md (the awk row of "What
counts as a read", session 31): one rule whose pattern compares NR with numbers (`NR==n`, `NR>=a &&
NR<=b`, `NR>a`, `NR<b`, …) or is a range pattern of two such conditions, printing `$0` whole (no
action, `{print}`, `{print $0}`) or after NR (`{print NR": "$0}`, `{print NR, $0}`, `{printf
"%d: %s\\n", NR, $0}`, `%Nd` too). `parse(words)` gives (prog, files) or None; `printed(prog, n)`
the NRs the program prints of a stream of n records, run record by record as awk does.
"""
import re

AWKS = ("awk", "gawk", "mawk")
_CMP = re.compile(r"^\s*NR\s*(==|>=|<=|>|<)\s*(\d+)\s*$")


class Prog:
    def __init__(self, start, end, sep):
        self.start, self.end, self.sep = start, end, sep  # conditions: [(op, n)]; end None: no range

    def nums(self):
        return [n for c in (self.start, self.end or []) for _, n in c]


def _cond(t):
    out = []
    for part in t.split("&&"):
        m = _CMP.match(part)
        if not m:
            return None
        out.append((m.group(1), int(m.group(2))))
    return out


def _holds(cond, nr):
    ops = {"==": nr.__eq__, ">=": nr.__ge__, "<=": nr.__le__, ">": nr.__gt__, "<": nr.__lt__}
    return all(ops[op](n) for op, n in cond)


def _sep(action):
    """The text printed between NR and $0, '' for a whole-line print, None when not a form the docs give."""
    a = action.strip().rstrip(";").strip()
    if a in ("print", "print $0"):
        return ""
    m = re.fullmatch(r'print\s+NR\s*(?:,|"([^"\\%]*)"\s*(,)?)\s*\$0', a)
    if m:
        sep = " " if m.group(1) is None else m.group(1) + (" " if m.group(2) else "")
    else:
        m = re.fullmatch(r'printf\s*\(?\s*"%\d*d([^"\\%]*)%s\\n"\s*,\s*NR\s*,\s*\$0\s*\)?', a)
        if not m or a.startswith("printf(") != a.endswith(")"):
            return None
        sep = m.group(1)
    return sep if sep and not sep[0].isdigit() else None


def parse(words):
    """(Prog, files) of `awk PROG FILE…`, None for an option or another program."""
    if len(words) < 2 or words[1].startswith("-"):
        return None
    prog, files = words[1].strip(), words[2:]
    if any(f.startswith("-") or "=" in f for f in files):
        return None
    pattern, sep = prog, ""
    if "{" in prog:
        if not prog.endswith("}"):
            return None
        pattern, action = prog.split("{", 1)
        sep = _sep(action[:-1])
        if sep is None:
            return None
    elif not prog:
        return None
    pattern = pattern.strip()
    if not pattern:
        return Prog([], None, sep), files
    a, _, b = pattern.partition(",")
    start, end = _cond(a), (_cond(b) if b else None)
    if start is None or (b and end is None):
        return None
    return Prog(start, end, sep), files


def printed(prog, n):
    """The NRs printed of records 1..n: a range starts on a record its start holds for and ends on
    the next one (that record too) its end holds for; then it may start again."""
    out, inside = [], False
    for nr in range(1, n + 1):
        if prog.end is None:
            if _holds(prog.start, nr):
                out.append(nr)
            continue
        if inside or _holds(prog.start, nr):
            out.append(nr)
            inside = not _holds(prog.end, nr)
    return out
