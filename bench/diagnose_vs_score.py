#!/usr/bin/env python3
"""`readcov diagnose` vs `readcov score` on the same 1,000 runs (issue 37: stages for 1,000 runs
take at most 2x the time score takes).

The runs: the 15 shipped SWE-bench runs of tests/data/real imported with their sources (each
run's change: its replayed edits, or mini-swe-agent's submitted patch, written by
`import --emit-patches`), each copied under RUNS/15 new run names (67 copies: 1,005 runs over
the 15 tasks). Both commands read the same gold (the SWE-bench rows), the same reads and the same
--workspaces sources (score prints its unit columns from them too); diagnose also reads the
patches. Each command runs REPEAT times after one warm-up; the figures are the medians of wall
and CPU (user + system) time, and the ratio diagnose / score of each.

    cargo build --release -p readcov && python3 bench/diagnose_vs_score.py [RUNS] [REPEAT]
"""

import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "readcov")
REAL = os.path.join(ROOT, "tests", "data", "real")
OUT = os.path.join(ROOT, "target", "bench-data", "diagnose")


def run(args):
    """Wall and CPU seconds of one run of the binary (its output thrown away)."""
    start = time.perf_counter()
    with open(os.devnull, "w") as null:
        p = subprocess.Popen([BIN] + args, stdout=null, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{args[0]} failed (status {status})")
    return wall, usage.ru_utime + usage.ru_stime


def copied_runs(out, runs):
    """The shipped runs imported with their changes and copied under new run names until there
    are about `runs`: (reads file, patches file, runs in all, tasks)."""
    os.makedirs(out, exist_ok=True)
    reads1, patches1 = os.path.join(out, "reads1.jsonl"), os.path.join(out, "patches1.jsonl")
    logs = sorted(
        os.path.join(REAL, d, f)
        for d in ("openhands", "mini-swe-agent")
        for f in os.listdir(os.path.join(REAL, d))
    )
    subprocess.run(
        [BIN, "import", "--workspaces", os.path.join(REAL, "sources"), "-o", reads1,
         "--emit-patches", patches1] + logs,
        check=True, stderr=subprocess.DEVNULL,
    )
    reads = [json.loads(l) for l in open(reads1)]
    patches = [json.loads(l) for l in open(patches1)]
    copies = max(1, round(runs / len(patches)))
    reads_n, patches_n = os.path.join(out, "reads.jsonl"), os.path.join(out, "patches.jsonl")
    with open(reads_n, "w") as f:
        for i in range(copies):
            for r in reads:
                f.write(json.dumps(dict(r, run=f"{r['run']}-{i:03d}")) + "\n")
    with open(patches_n, "w") as f:
        for i in range(copies):
            for p in patches:
                name = f"{p['model_name_or_path']}-{i:03d}"
                f.write(json.dumps(dict(p, model_name_or_path=name)) + "\n")
    return reads_n, patches_n, copies * len(patches), len(patches)


def medians(commands, repeat):
    """Per command: the median wall and CPU seconds of `repeat` runs after one warm-up."""
    figures = {}
    for name, args in commands.items():
        run(args)  # warm-up
        samples = [run(args) for _ in range(repeat)]
        figures[name] = (statistics.median(s[0] for s in samples),
                         statistics.median(s[1] for s in samples))
    return figures


def args_or_exit():
    """RUNS and REPEAT from the command line, once the release binary is there."""
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    if not os.access(BIN, os.X_OK):
        sys.exit("build first: cargo build --release -p readcov")
    return runs, repeat


def main():
    runs, repeat = args_or_exit()
    reads_n, patches_n, n, tasks = copied_runs(OUT, runs)
    common = ["--gold", os.path.join(REAL, "gold.jsonl"), "--reads", reads_n,
              "--workspaces", os.path.join(REAL, "sources"), "--format", "jsonl"]
    figures = medians({
        "score": ["score"] + common,
        "diagnose": ["diagnose"] + common + ["--patches", patches_n],
    }, repeat)
    print(f"{n} runs over {tasks} tasks, median of {repeat}:")
    for name, (wall, cpu) in figures.items():
        print(f"  {name:<9} wall {wall:6.3f} s  cpu {cpu:6.3f} s")
    (sw, sc), (dw, dc) = figures["score"], figures["diagnose"]
    print(f"  diagnose / score: wall {dw / sw:.2f}x, cpu {dc / sc:.2f}x (budget 2x)")


if __name__ == "__main__":
    main()
