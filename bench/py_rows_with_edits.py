#!/usr/bin/env python3
"""Reads with edits given to `readcov.score` as a file, a list of dicts and a DataFrame (issue 39:
dict and DataFrame inputs within 1.5x of file inputs), on the real corpus `bench/py_api.py` builds
(target/bench-data/py-api/real: 1.73M rows with edits), its rows as built — each with a `base`
(`{"sha256": str, "lines": int}`, as `readcov import --workspaces` writes them) — and with the
`base` dropped (as `readcov import` writes them without a workspace). The extension takes both
straight from their cells (a row's base is skipped, as the file's parser skips it). Run with the
Python of a venv that has the wheel, pandas and pyarrow:

  V/bin/python bench/py_rows_with_edits.py [--rounds 3] [--bases with,without] [--corpus DIR]

Per kind of rows: prints wall and CPU seconds of `readcov.score(gold.jsonl, x, breakdown=False)`
(the free after the call waited for and counted), medians of the rounds, file, dicts and DataFrame
interleaved in each round (the machine's drift reaches all three alike), and whether the extension
took the dicts and the DataFrame from their cells (else they went by JSONL). One kind's rows are
held at a time (1.2 GB of dicts and a DataFrame).
"""
import argparse
import json
import os
import statistics
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def from_cells(rows, frame):
    """Whether the extension takes the dicts and the DataFrame from their cells."""
    import readcov
    from readcov import _native

    dicts, _ = _native.lean_rows(rows, "<reads>")
    _, (names, columns) = readcov._prepared(frame, "reads")
    cols, _ = _native.lean_columns(names, columns, "<reads>")
    return dicts is not None, cols is not None


def measure(gold, path, rows, frame, rounds):
    import readcov
    from readcov import _native

    got = {}
    for _ in range(rounds):
        for name, x in (("file", path), ("dicts", rows), ("frame", frame)):
            t, c = time.perf_counter(), time.process_time()
            out = readcov.score(gold, x, breakdown=False, errors="collect")
            wall = time.perf_counter() - t
            getattr(_native, "settle", lambda: None)()
            got.setdefault(name, []).append((wall, time.process_time() - c, len(out)))
            del out
    return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bases", default="with,without", help="rows with their base, without it, or both")
    ap.add_argument("--corpus", default=os.path.join(ROOT, "target", "bench-data", "py-api", "real"))
    a = ap.parse_args()
    import pandas as pd

    gold = os.path.join(a.corpus, "gold.jsonl")
    if not os.path.exists(gold):
        raise SystemExit(f"{gold}: not built (run bench/py_api.py --sizes real once)")
    for kind in a.bases.split(","):
        with open(os.path.join(a.corpus, "reads.jsonl")) as f:
            rows = [json.loads(line) for line in f]
        path = os.path.join(a.corpus, "reads.jsonl")
        if kind == "without":
            for r in rows:
                r.pop("base", None)
            path = os.path.join(a.corpus, "reads-without-base.jsonl")
            if not os.path.exists(path):
                with open(path, "w") as f:
                    f.writelines(json.dumps(r) + "\n" for r in rows)
        elif kind != "with":
            raise SystemExit(f"--bases: {kind}? (with, without)")
        frame = pd.DataFrame(rows)
        dicts, cols = from_cells(rows, frame)
        print(f"rows {kind} base: {len(rows)}; from their cells: dicts {dicts}, DataFrame {cols}")
        got = measure(gold, path, rows, frame, a.rounds)
        file_cpu = statistics.median(c for _, c, _ in got["file"])
        for name, v in got.items():
            wall, cpu = statistics.median(w for w, _, _ in v), statistics.median(c for _, c, _ in v)
            print(f"  {name:6s} wall {wall:.2f} s  cpu {cpu:.2f} s  {cpu / file_cpu:.2f}x the file's CPU"
                  f"  rows {v[0][2]}  (cpu per round: {', '.join(f'{c:.2f}' for _, c, _ in v)})")
        del rows, frame


if __name__ == "__main__":
    main()
