"""What the oracle suites share that is no rule of readcov's: JSONL read and written, and the
closing lines of a run (what was checked, what was left out, every disagreement; exit 1 on any)."""

import json
import os
import sys


def load_jsonl(path):
    """The rows of a JSONL file (a byte-order mark and blank lines skipped)."""
    rows = []
    with open(path, encoding="utf-8-sig") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows


def write_jsonl(d, name, rows):
    """`rows` as `d/name`, one JSON object a line; returns the path."""
    p = os.path.join(d, name)
    with open(p, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    return p


def finish(checked, left_out, problems):
    """Prints the counts checked and left out and each disagreement; exits 1 if there is one."""
    print("checked: " + ", ".join(f"{v} {k}" for k, v in checked.items()))
    print("left out: " + (", ".join(f"{v} {k}" for k, v in left_out.items()) or "nothing"))
    for p in problems:
        print("DISAGREE: " + p)
    if problems:
        print(f"{len(problems)} disagreement(s)")
        sys.exit(1)
