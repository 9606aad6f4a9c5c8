#!/usr/bin/env python3
"""The Python package against the CLI, value by value and TYPED (session 35).

tests/python compares results with `==`, where `1 == 1.0 == True` and a NaN is a float like any
other: a Python value of another type than the CLI's JSON (an int where the CLI prints 1.0, None
where it prints 0, NaN where it prints null) passes there. This oracle feeds the same inputs to
`readcov <cmd> --format json(l)` (the installed wheel's command) and to the matching Python call,
and walks both results leaf by leaf: each leaf must have the CLI's JSON type (null → None, integer
→ int, number with a fraction or exponent → float, true/false → bool) and value, each dict the
CLI's keys in the CLI's order. It also holds `.to_pandas()`'s columns to docs/python.md (order,
and dtypes: a whole-number column is int64, or pandas' nullable Int64 when a cell is missing).
Session 36 added `explain`'s DataFrame and `report`'s figures (python_cli_oracle_explain.py) and
the InputError of each bad input against the CLI's error (python_cli_oracle_errors.py).

Run by scripts/test.d/47-python.sh with the test venv's python:
    python scripts/python_cli_oracle.py            # prints the values compared per function
Exit 1 on the first mismatches (all of them listed), naming the function, the case and the path.
"""

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REAL = REPO / "tests" / "data" / "real"
MULTI = REPO / "tests" / "data" / "real-multi"
FORMATS = REPO / "tests" / "data" / "formats"
FIXTURES = REPO / "tests" / "fixtures"

COUNTS = {}  # function → leaves compared
PROBLEMS = []


def exe():
    """The wheel's `readcov` (beside this python), else READCOV, else the one on PATH."""
    found = shutil.which("readcov", path=str(Path(sys.executable).parent))
    return os.environ.get("READCOV") or found or shutil.which("readcov")


def cli(*args, check=True):
    p = subprocess.run([exe(), *map(str, args)], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise SystemExit(f"python_cli_oracle: readcov {' '.join(map(str, args))} failed: {p.stderr[-2000:]}")
    return p


def jsonl(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def cli_json(*args):
    return json.loads(cli(*args).stdout)


def cli_jsonl(*args):
    return jsonl(cli(*args).stdout)


def typed_diff(want, got, where, out):
    """Appends to `out` every place `got` differs from the CLI's `want` in type or value; returns
    the leaves compared. Types: exactly JSON's (bool is not int, int is not float)."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            out.append(f"{where}: CLI has an object, Python {type(got).__name__} {got!r:.80}")
            return 1
        if set(want) != set(got):
            out.append(f"{where}: keys CLI-only {sorted(set(want) - set(got))}, Python-only {sorted(set(got) - set(want))}")
        elif list(want) != list(got) and list(want) != sorted(want) and ".partial" not in where:
            # The CLI's own order (a record's fields), not the sorted keys its `--format json`
            # writes through a JSON value, is the order of `.to_pandas()`'s columns. A partial
            # aggregate is a file for `merge`: its order is nobody's.
            out.append(f"{where}: key order CLI {list(want)} vs Python {list(got)}")
        return sum(typed_diff(want[k], got[k], f"{where}.{k}", out) for k in want if k in got)
    if isinstance(want, list):
        if not isinstance(got, (list, tuple)):
            out.append(f"{where}: CLI has an array, Python {type(got).__name__} {got!r:.80}")
            return 1
        if len(want) != len(got):
            out.append(f"{where}: CLI has {len(want)} items, Python {len(got)}")
        return sum(typed_diff(w, g, f"{where}[{i}]", out) for i, (w, g) in enumerate(zip(want, got)))
    if type(want) is not type(got):
        out.append(f"{where}: CLI {type(want).__name__} {want!r:.60}, Python {type(got).__name__} {got!r:.60}")
    elif isinstance(got, float) and math.isnan(got):
        out.append(f"{where}: Python NaN (the CLI's JSON cannot hold one: {want!r})")
    elif want != got:
        out.append(f"{where}: CLI {want!r:.80}, Python {got!r:.80}")
    return 1


def same(function, case, want, got):
    """`got` (a Python result, made plain) must equal the CLI's `want`, typed."""
    out = []
    n = typed_diff(want, plain(got), case, out)
    COUNTS[function] = COUNTS.get(function, 0) + n
    PROBLEMS.extend(f"{function}: {p}" for p in out[:20])
    if len(out) > 20:
        PROBLEMS.append(f"{function}: {case}: ... {len(out) - 20} more")


def plain(x):
    """A result as plain JSON-like values (Rows and dict subclasses as list and dict)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


def cli_summary(stderr):
    """`readcov import`'s summary lines as `import_log(...).summary`'s keys (those it prints)."""
    out = {}
    m = re.search(r"imported (\d+) run\(s\) from (\d+) file\(s\), (\d+) action\(s\)", stderr)
    if m:
        out.update(runs=int(m[1]), files=int(m[2]), actions=int(m[3]))
    m = re.search(r"(\d+) read event\(s\), (\d+) edit event\(s\)", stderr)
    if m:
        out.update(read_events=int(m[1]), edit_events=int(m[2]))
    _, sep, rest = stderr.partition("not turned into reads")
    if sep:
        # The reasons as the text lists them (most first), sorted as the summary's dict has them:
        # a text's order, not a JSON document's.
        found = re.finditer(r"^    ([a-z][a-z -]*?) +(\d+)$", rest.split("\n", 1)[1], re.M)
        out["skipped"] = dict(sorted((m[1], int(m[2])) for m in found))
    return out


def summary_same(case, stderr, summary):
    want = cli_summary(stderr)
    same("import_log", f"{case} .summary", want, {k: summary.get(k) for k in want})


def check(function, case, ok, message):
    COUNTS[function] = COUNTS.get(function, 0) + 1
    if not ok:
        PROBLEMS.append(f"{function}: {case}: {message}")


def main():
    import python_cli_oracle_cases as cases
    import python_cli_oracle_errors as errors
    import python_cli_oracle_explain as explain
    import python_cli_oracle_more as more

    tmp = Path(tempfile.mkdtemp(prefix="readcov-pyoracle."))
    try:
        for step in (*cases.STEPS, *more.STEPS, *explain.STEPS, *errors.STEPS):
            step(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for fn, n in sorted(COUNTS.items()):
        print(f"  {fn:<22} {n:>7} values compared")
    print(f"python_cli_oracle: {sum(COUNTS.values())} values over {len(COUNTS)} functions")
    if PROBLEMS:
        print(f"python_cli_oracle: FAIL: {len(PROBLEMS)} mismatch(es)", file=sys.stderr)
        for p in PROBLEMS:
            print("  " + p, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import python_cli_oracle  # the module the cases import: one COUNTS, one PROBLEMS

    sys.exit(python_cli_oracle.main())
