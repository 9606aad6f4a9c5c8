#!/usr/bin/env python3
"""Byte-for-byte comparison of two readcov binaries on the shipped data (issue 42: speed work must
not change a byte of what `import` and `contextbench` write).

  bench/same_outputs.py OLD_READCOV NEW_READCOV [--real-size]

Runs every case below with both binaries, from the repository root, and compares exit code,
stdout, stderr and every file written (`-o`, `--emit-patches`, `--emit-outcomes`):

- `import` of every file under tests/data/formats and tests/fixtures/import (one at a time), of
  the 15 real SWE-bench trajectories (with and without `--workspaces`, `--jobs 1` and `2`, with
  their patches and outcomes), of the real Claude Code sessions and the SWE-agent Java runs;
- `contextbench` on tests/fixtures/contextbench (JSONL and Parquet gold, table and JSONL, with and
  without blocks) and on tests/fixtures/pinned/contextbench-real against the real checkouts;
- with `--real-size`, the corpora of bench/real_corpus.py in target/bench-data (made first with
  `bench/real_corpus.py import` and `bench/real_corpus.py contextbench`).

Exit 0 when every case is identical; otherwise each differing case is named, with the first
differing byte.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REAL = "tests/data/real"
WORK = os.path.join(ROOT, "target", "bench-data")


def files_under(d):
    return sorted(p for p in glob.glob(os.path.join(d, "**", "*"), recursive=True) if os.path.isfile(p))


def import_cases():
    """(name, args, output file names) of every import case."""
    cases = []
    for f in files_under("tests/data/formats"):
        cases.append((f"import {f}", ["import", f, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    for d in sorted(glob.glob("tests/fixtures/import/*/")):
        ws = os.path.join(d, "workspace")
        args = ["import", os.path.join(d, "log.json"), "-o", "{out}/reads.jsonl"]
        if os.path.isdir(ws):
            args += ["--workspace", ws]
        cases.append((f"import {d}", args, ["reads.jsonl"]))
    trajs = sorted(glob.glob(f"{REAL}/openhands/*.json")) + sorted(glob.glob(f"{REAL}/mini-swe-agent/*.json"))
    outs = ["-o", "{out}/reads.jsonl", "--emit-patches", "{out}/patches.jsonl",
            "--emit-outcomes", "{out}/outcomes.jsonl"]
    names = ["reads.jsonl", "patches.jsonl", "outcomes.jsonl"]
    for jobs in ("1", "2"):
        cases.append((f"import real --workspaces --jobs {jobs}",
                      ["import", "--jobs", jobs, "--workspaces", f"{REAL}/sources", *trajs, *outs], names))
        cases.append((f"import real --jobs {jobs}", ["import", "--jobs", jobs, *trajs, *outs], names))
    for f in files_under(f"{REAL}/claude-code"):
        cases.append((f"import {f}", ["import", f, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    java = "tests/data/real-multi/swe-agent-java"
    if os.path.isdir(java):
        logs = [p for p in files_under(java) if p.endswith((".traj", ".json"))]
        cases.append(("import swe-agent-java", ["import", *logs, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    return cases


def contextbench_cases():
    cases = []
    d = "tests/fixtures/contextbench"
    for gold in ("gold.jsonl", "gold.zstd.parquet", "legacy.jsonl"):
        base = ["contextbench", "--gold", f"{d}/{gold}", "--preds", f"{d}/preds.jsonl", "--workspaces", f"{d}/ws"]
        cases.append((f"contextbench fixture {gold}", base + ["--format", "jsonl"], []))
        cases.append((f"contextbench fixture {gold} table", base, []))
        cases.append((f"contextbench fixture {gold} --no-blocks", base + ["--no-blocks", "--format", "jsonl"], []))
    d = "tests/fixtures/pinned/contextbench-real"
    base = ["contextbench", "--gold", f"{d}/gold.jsonl", "--preds", f"{d}/preds.jsonl",
            "--workspaces", f"{REAL}/sources"]
    for jobs in ("1", "2"):
        cases.append((f"contextbench real --jobs {jobs}", base + ["--format", "jsonl", "--jobs", jobs], []))
    cases.append(("contextbench real table", base, []))
    return cases


def real_size_cases():
    cases = []
    d = os.path.join(WORK, "real-import-191")
    if os.path.exists(os.path.join(d, "DONE")):
        logs = sorted(glob.glob(os.path.join(d, "logs", "*")))
        for ws in ([], ["--workspaces", os.path.join(d, "ws")]):
            cases.append((f"import real-size {' '.join(ws[:1])}",
                          ["import", "--jobs", "2", *ws, *logs, "-o", "{out}/reads.jsonl"], ["reads.jsonl"]))
    else:
        print(f"note: no {d} (bench/real_corpus.py import): left out", file=sys.stderr)
    d = os.path.join(WORK, "real-contextbench-1136")
    if os.path.exists(os.path.join(d, "DONE")):
        cases.append(("contextbench real-size",
                      ["contextbench", "--gold", f"{d}/gold.jsonl", "--preds", f"{d}/preds.jsonl",
                       "--workspaces", f"{d}/ws", "--format", "jsonl"], []))
    else:
        print(f"note: no {d} (bench/real_corpus.py contextbench): left out", file=sys.stderr)
    return cases


def run(binary, args, out):
    argv = [binary] + [a.replace("{out}", out) for a in args]
    p = subprocess.run(argv, cwd=ROOT, capture_output=True)
    # The output folder differs between the two runs: messages naming it are compared without it.
    return p.returncode, p.stdout, p.stderr.replace(out.encode(), b"{out}")


def first_difference(a, b):
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at byte {n} ({len(a)} vs {len(b)} bytes)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--real-size", action="store_true", help="also the real-size corpora of bench/real_corpus.py")
    a = ap.parse_args()
    old, new = os.path.abspath(a.old), os.path.abspath(a.new)
    cases = import_cases() + contextbench_cases() + (real_size_cases() if a.real_size else [])
    differ = 0
    for name, args, outputs in cases:
        got = []
        for binary in (old, new):
            out = tempfile.mkdtemp(prefix="readcov-same-")
            try:
                code, stdout, stderr = run(binary, args, out)
                files = {}
                for f in outputs:
                    p = os.path.join(out, f)
                    files[f] = open(p, "rb").read() if os.path.exists(p) else None
                got.append((code, stdout, stderr, files))
            finally:
                shutil.rmtree(out)
        (c1, o1, e1, f1), (c2, o2, e2, f2) = got
        problems = []
        if c1 != c2:
            problems.append(f"exit {c1} vs {c2}")
        if o1 != o2:
            problems.append(f"stdout: {first_difference(o1, o2)}")
        if e1 != e2:
            problems.append(f"stderr: {first_difference(e1, e2)}")
        for f in outputs:
            if f1[f] != f2[f]:
                problems.append(f"{f}: " + ("written by one only" if None in (f1[f], f2[f])
                                            else first_difference(f1[f], f2[f])))
        if problems:
            differ += 1
            print(f"DIFFERS  {name}: {'; '.join(problems)}")
    print(f"{len(cases) - differ} of {len(cases)} cases byte-identical (exit code, stdout, stderr, files)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
