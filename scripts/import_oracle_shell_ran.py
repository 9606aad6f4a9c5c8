"""Which pipelines of a command ran, for scripts/import_oracle_shell.py, from docs/importers.md ("`&&`,
`;`, `||`, newlines", session 40), never from readcov's code: bash runs a pipeline after `&&` only when
the one before succeeded; the output shows a pipeline failing by bash's own line (`bash: cd: d: No such
file or directory`, `/bin/bash: line 7: javac: command not found`, `sh: 1: x: not found`), by its
program naming one of its operands with a file error (`cat: f: No such file or directory`), or, for a
`diff` after silent commands only, by differences opening the output. A recorded exit code of 0 when
the last pipelines would have failed undoes the reading (every pipeline ran).
"""
import re

import import_oracle_shell_cmds as S

ERRS = ("No such file or directory", "No such file or directory (os error 2)", "Not a directory",
        "Is a directory", "Permission denied", "File exists", "Directory not empty")
SHELL = re.compile(r"^(?:/bin/bash|/usr/bin/bash|bash|/bin/sh|sh): (?:line \d+: |\d+: )?(.*)$")
HUNK = re.compile(r"^\d+(,\d+)?[acd]\d+(,\d+)?$")
EXIT = re.compile(r"^(?:\[Command finished with exit code (-?\d+)\]|\[The command completed with exit code (-?\d+)\.\]|"
                  r"<returncode>(-?\d+)</returncode>)$")


def _shell_lines(out):
    for x in out.split("\n"):
        m = SHELL.match(x.rstrip())
        if m:
            yield m.group(1)


def cd_error(pl, out):
    """The output line saying the lone `cd DIR` of pl failed, else None."""
    if len(pl) != 1 or len(pl[0].words) != 2 or pl[0].words[0] != "cd":
        return None
    d = pl[0].words[1]
    for x in out.split("\n"):
        m = SHELL.match(x.rstrip())
        if m and (m.group(1) in [f"cd: {d}: {e}" for e in ERRS] or m.group(1) == f"cd: can't cd to {d}"):
            return x.rstrip()
    return None


def _names(rest, word):
    """rest names the file `word`: whole (after a blank or quote, before `:` or a quote), or a relative
    word at the end of an absolute path."""
    for m in re.finditer(re.escape(word), rest):
        i, j = m.start(), m.end()
        if j < len(rest) and rest[j] not in ":'\"’":
            continue
        k = max(rest.rfind(c, 0, i) for c in " '\"`‘") + 1
        if k == i or (not word.startswith("/") and rest[k:i].startswith("/") and rest[:i].endswith("/")):
            return True
    return False


def shows_failure(pl, out, quiet_before, shown=None):
    last = pl[-1]
    if not last.words:
        return False
    cmd = last.words[0]
    for rest in _shell_lines(out):
        if rest in (f"{cmd}: command not found", f"{cmd}: not found"):
            return True
        if "/" in cmd and rest in [f"{cmd}: {e}" for e in ERRS]:
            return True
    prog = cmd.rsplit("/", 1)[-1]
    args = last.words[1:]
    quiet_grep = prog in ("grep", "egrep", "fgrep", "rg") and any(
        a in ("--quiet", "--silent") or (a.startswith("-") and not a.startswith("--") and ("q" in a or "s" in a))
        for a in args)
    if not quiet_grep:
        ops = [a for a in args if a and not a.startswith("-")]
        for x in out.split("\n"):
            x = x.rstrip()
            if x.startswith(prog + ": ") and x.endswith(ERRS):
                rest = x[len(prog) + 2:]
                if any(_names(rest, o) for o in ops):
                    return True
    if quiet_before and cmd == "diff" and not any(o in (">", ">>", "&>") for o, _ in last.redirects):
        ls = shown or [""]
        first, second = ls[0].rstrip(), (ls[1] if len(ls) > 1 else "")
        return bool(HUNK.match(first) or (first.startswith("--- ") and second.startswith("+++ "))
                    or (first.startswith("*** ") and second.startswith("--- "))
                    or (first.startswith(("Files ", "Binary files ")) and first.endswith(" differ"))
                    or first.startswith(("Only in ", "diff -")))
    return False


def exit_code(out):
    for x in reversed(out.split("\n")):
        m = EXIT.match(x.rstrip())
        if m:
            return int(m.group(1) or m.group(2) or m.group(3))
    return None


def quiet(pl):
    """docs "What counts as a read": a pipeline that prints nothing (its output to a file, or a silent
    command)."""
    if any(o in (">", ">>", "&>") for o, _ in pl[-1].redirects):
        return True
    return len(pl) == 1 and bool(pl[0].words) and pl[0].words[0] in S.SILENT


def ran(pls, out, shown=None):
    """[(op, pl, how)] with how 'yes', 'no' (skipped) or ('cd failed', its line). `shown`: the lines the
    tool displayed (the output without its format's wrapper), where a diff's differences start."""
    res, failed = [], False
    for op, pl in pls:
        if op == "&&" and failed:
            res.append((op, pl, "no"))
            continue
        quiet_before = all(h == "no" or quiet(p) for _, p, h in res)
        line = cd_error(pl, out)
        failed = line is not None or shows_failure(pl, out, quiet_before, shown)
        res.append((op, pl, ("cd failed", line) if line is not None else "yes"))
    if failed and exit_code(out) == 0:
        return [(op, pl, "yes") for op, pl in pls]
    return res
