#!/usr/bin/env python3
"""Reads with edits given to `readcov.score` as a file, a list of dicts and a DataFrame (issue 39:
dict and DataFrame inputs within 1.5x of file inputs), on the real corpus `bench/py_api.py` builds
(target/bench-data/py-api/real: 1.73M rows with edits) with each row's `base` dropped — the rows as
`readcov import` writes them without a workspace, which the extension takes straight from their
cells (a row holding `base` goes by JSONL: see docs/performance.md, "Dicts and DataFrames with
edits"). Run with the Python of a venv that has the wheel, pandas and pyarrow:

  V/bin/python bench/py_rows_with_edits.py [--rounds 3] [--corpus DIR]

Prints wall and CPU seconds (the free after the call waited for and counted), medians of the
rounds, and whether the extension took the dicts (else they went by JSONL).
"""
import argparse
import json
import os
import statistics
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpus", default=os.path.join(ROOT, "target", "bench-data", "py-api", "real"))
    a = ap.parse_args()
    import pandas as pd
    import readcov
    from readcov import _native

    gold = os.path.join(a.corpus, "gold.jsonl")
    if not os.path.exists(gold):
        raise SystemExit(f"{gold}: not built (run bench/py_api.py --sizes real once)")
    reads = [json.loads(line) for line in open(os.path.join(a.corpus, "reads.jsonl"))]
    for r in reads:
        r.pop("base", None)
    path = os.path.join(a.corpus, "reads-without-base.jsonl")
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in reads)
    frame = pd.DataFrame(reads)
    table, _ = _native.lean_rows(reads, "<reads>")
    print("dicts taken by the extension:", table is not None)
    del table
    got = {}
    for _ in range(a.rounds):
        # Interleaved: each input sees the same machine load, round by round.
        for name, x in (("file", path), ("dicts", reads), ("frame", frame)):
            t, c = time.perf_counter(), time.process_time()
            rows = readcov.score(gold, x, breakdown=False, errors="collect")
            wall = time.perf_counter() - t
            getattr(_native, "settle", lambda: None)()
            got.setdefault(name, []).append((wall, time.process_time() - c, len(rows)))
            del rows
    file_cpu = statistics.median(c for _, c, _ in got["file"])
    for name, v in got.items():
        wall, cpu = statistics.median(w for w, _, _ in v), statistics.median(c for _, c, _ in v)
        print(f"{name:6s} wall {wall:.2f} s  cpu {cpu:.2f} s  {cpu / file_cpu:.2f}x the file's CPU  rows {v[0][2]}")


if __name__ == "__main__":
    main()
