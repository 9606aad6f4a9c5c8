"""Execution cross-check of the shell oracle's hand-made cases (scripts/import_oracle_shell_cases.py,
run by `import_oracle_shell.py READCOV --cases`): each SHELL command is run for real with bash in a
fresh temporary copy of the made-up repository (only pipelines of the safe read commands below; a
10-second timeout; nothing reaches the network), and every line readcov credits to it, with the
workspace, must be in the real output: the file's text of that line as an output line, alone or after
a line-number prefix (`12:`, `12-`, `path:12:`, `     12<TAB>`). Independent of the docs: it checks
readcov against the tools themselves (the session-28 `more` banner would have failed it).

Completeness: of the output lines that are lines of a file the command reads (by text), the share
readcov credited; for the commands in EXACT (session 31: GNU sed's `$`/`~` addresses, awk;
session 32: the ranges `$,X` and `first~step,X`) it must be all of them: readcov credits exactly
the lines the real tool printed. awk runs as GNU awk, and
each awk command is run with mawk too: the two must print the same (an agent's container has
either). A credited line is checked only when its text is unique in its file and not blank
(else "it is in the output" proves nothing): the others are counted and printed, and so are the
commands left out (a program outside SAFE, a here-document, a redirect).
"""
import atexit
import os
import re
import shlex
import shutil
import subprocess
import tempfile

SAFE = {"cat", "head", "tail", "sed", "grep", "nl", "less", "more", "awk", "cut", "sort", "wc", "cd",
        "echo", "ls", "true", "bat", "batcat"}
_BIN = []  # a temporary folder holding `bat` when only Debian's `batcat` is installed


def env(awk="gawk"):
    """The environment the commands run in: C locale, no terminal, `bat` found under its own
    name (Debian's bat package installs it as `batcat`; session 29) and `awk` as `awk` (GNU awk;
    mawk when asked; session 31)."""
    path = "/usr/bin:/bin"
    if not _BIN:
        _BIN.append(tempfile.mkdtemp(prefix="oracle-bin-"))
        atexit.register(shutil.rmtree, _BIN[0], True)
        if shutil.which("bat", path=path) is None and shutil.which("batcat", path=path):
            os.symlink(shutil.which("batcat", path=path), os.path.join(_BIN[0], "bat"))
        for a in ("gawk", "mawk"):
            if shutil.which(a, path=path) is None:
                raise SystemExit(f"{a} is not installed (the suite installs it)")
            os.makedirs(os.path.join(_BIN[0], a))
            os.symlink(shutil.which(a, path=path), os.path.join(_BIN[0], a, "awk"))
    return {"PATH": ":".join([os.path.join(_BIN[0], awk), _BIN[0], path]), "LC_ALL": "C.UTF-8"}
# what precedes a line's text: `12:`, `path:12:`, `  12\t`; awk's `12: `, `12 ` (session 31)
# and (session 34) grep's `path:` / `path-` before a line of one of several files, with no number
PREFIX = re.compile(r"(?:^|[:-])\s*\d+(?:[:-] ?|\t| +)$|^[^\s:]+[:-]$")


def _programs(cmd):
    """The programs a command line runs, or None when it is more than simple pipelines and lists."""
    bare = re.sub(r"'[^']*'", "''", cmd)  # an awk `NR>=3` in quotes is no redirect (session 31)
    if "<<" in bare or ">" in bare.replace("2>/dev/null", "") or "$(" in bare or "`" in bare:
        return None
    try:
        words = shlex.split(cmd.replace("\n", " ; "), posix=True)
    except ValueError:
        return None
    progs, start = [], True
    for w in words:
        if start:
            progs.append(w)
        start = w in ("|", "&&", "||", ";")
    return progs


def _real(cmd, files, awk="gawk"):
    """`cmd`'s output run for real in a fresh copy of the repository."""
    with tempfile.TemporaryDirectory() as d:
        for p, text in files.items():
            f = os.path.join(d, p)
            os.makedirs(os.path.dirname(f), exist_ok=True)
            with open(f, "w") as fh:
                fh.write(text)
        p = subprocess.run(["bash", "-c", cmd], cwd=d, capture_output=True, text=True, timeout=10,
                           env=env(awk), stdin=subprocess.DEVNULL)
        return (p.stdout + p.stderr).replace(d + "/", "")


class _Shown:
    """The output's lines: `t in shown` when a line is `t`, or `t` after a line-number prefix."""

    def __init__(self, out):
        self.lines = [x.rstrip("\r") for x in out.split("\n")]

    def __contains__(self, t):
        return any(x == t or (x.endswith(t) and PREFIX.search(x[:len(x) - len(t)])) for x in self.lines)


def check(shell, files, rows, problem, exact=()):
    """shell: [(cmd, …)] in step order; rows: readcov's rows of the log whose step k ran shell[k]
    (with the workspace). Returns the figures; calls problem(msg) for a credited line not shown."""
    fig = {"commands run": 0, "lines checked": 0, "lines not checkable": 0, "left out": 0,
           "file lines shown": 0, "file lines credited": 0, "awk commands run with mawk too": 0,
           "exact commands": 0}
    texts = {p: t.split("\n") for p, t in files.items()}
    unique = {p: {x for x in ls if x.strip() and ls.count(x) == 1} for p, ls in texts.items()}
    by_step = {}
    for r in rows:
        if r.get("kind", "read") == "read":
            by_step.setdefault(r["step"], []).append(r)
    for step, (cmd, *_r) in enumerate(shell):
        progs = _programs(cmd)
        if progs is None or not set(progs) <= SAFE:
            fig["left out"] += 1
            continue
        out = _real(cmd, files)
        fig["commands run"] += 1
        if "awk" in progs:
            fig["awk commands run with mawk too"] += 1
            if _real(cmd, files, "mawk").replace("mawk: ", "awk: ") != out.replace("gawk: ", "awk: "):
                if "cannot open" not in out and "is a directory" not in out:
                    problem(f"exec check: `{cmd}`: GNU awk and mawk print differently")
        shown = _Shown(out)
        credited = set()
        for r in by_step.get(step, []):
            ls = texts.get(r["path"])
            if ls is None:
                problem(f"exec check: `{cmd}`: readcov credits {r['path']}, not a file of the repository")
                continue
            for n in range(r["start"], r["end"] + 1):
                t = ls[n - 1] if n <= len(ls) else None
                if t is None:
                    problem(f"exec check: `{cmd}`: readcov credits {r['path']}:{n}, past the file's end")
                elif t in unique[r["path"]]:
                    fig["lines checked"] += 1
                    credited.add((r["path"], t))
                    if t.rstrip("\r") not in shown:
                        problem(f"exec check: `{cmd}`: readcov credits {r['path']}:{n} ({t!r}), "
                                "not in the real output")
                else:
                    fig["lines not checkable"] += 1
        read = {p for p in texts if p in cmd}
        seen = {(p, t) for p in read for t in unique[p] if t.rstrip("\r") in shown}
        fig["file lines shown"] += len(seen)
        fig["file lines credited"] += len(seen & credited)
        if cmd in exact:
            fig["exact commands"] += 1
            if seen != credited:
                problem(f"exec check: `{cmd}`: the real output shows {sorted(seen - credited)} not credited, "
                        f"readcov credits {sorted(credited - seen)} not shown")
    return fig
