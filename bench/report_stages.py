#!/usr/bin/env python3
"""What where runs failed costs `readcov report` (issue 37): the HTML report of the same 1,000
runs with its diagnosis (`--patches`, the default) and without (`--no-stages`).

The runs are bench/diagnose_vs_score.py's: the 15 shipped SWE-bench runs of tests/data/real
imported with their sources and their changes (`import --emit-patches`), each copied under
RUNS/15 new run names (1,005 runs over the 15 tasks, 134 run labels). Both
commands read the same gold (the SWE-bench rows), reads, --workspaces sources and outcome labels
and write the HTML page; with stages the report also loads the patches and diagnoses every run
(loading gold and reads a second time, through diagnose's loading). Each command runs REPEAT
times after one warm-up; the figures are the medians of wall and CPU (user + system) time, the
ratio of each, and the page sizes.

    cargo build --release -p readcov && python3 bench/report_stages.py [RUNS] [REPEAT]
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
OUT = os.path.join(ROOT, "target", "bench-data", "report-stages")


def run(args):
    """Wall and CPU seconds of one run of the binary (its output thrown away)."""
    start = time.perf_counter()
    with open(os.devnull, "w") as null:
        p = subprocess.Popen([BIN] + args, stdout=null, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(args[:2])} failed (status {status})")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    if not os.access(BIN, os.X_OK):
        sys.exit("build first: cargo build --release -p readcov")
    os.makedirs(OUT, exist_ok=True)
    reads1, patches1 = os.path.join(OUT, "reads1.jsonl"), os.path.join(OUT, "patches1.jsonl")
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
    reads_n, patches_n = os.path.join(OUT, "reads.jsonl"), os.path.join(OUT, "patches.jsonl")
    with open(reads_n, "w") as f:
        for i in range(copies):
            for r in reads:
                f.write(json.dumps(dict(r, run=f"{r['run']}-{i:03d}")) + "\n")
    with open(patches_n, "w") as f:
        for i in range(copies):
            for p in patches:
                name = f"{p['model_name_or_path']}-{i:03d}"
                f.write(json.dumps(dict(p, model_name_or_path=name)) + "\n")
    gold = os.path.join(REAL, "gold.jsonl")
    common = ["--gold", gold, "--reads", reads_n, "--workspaces", os.path.join(REAL, "sources"),
              "--outcomes", gold]
    pages = {name: os.path.join(OUT, f"{name}.html") for name in ("no-stages", "stages")}
    commands = {
        "no-stages": ["report"] + common + ["--no-stages", "--html", pages["no-stages"]],
        "stages": ["report"] + common + ["--patches", patches_n, "--html", pages["stages"]],
    }
    figures = {}
    for name, args in commands.items():
        run(args)  # warm-up
        samples = [run(args) for _ in range(repeat)]
        figures[name] = (statistics.median(s[0] for s in samples),
                         statistics.median(s[1] for s in samples))
    n = copies * len(patches)
    print(f"{n} runs over {len(patches)} tasks, median of {repeat}:")
    for name, (wall, cpu) in figures.items():
        size = os.path.getsize(pages[name]) / 1e6
        print(f"  report {name:<10} wall {wall:6.3f} s  cpu {cpu:6.3f} s  page {size:5.1f} MB")
    (nw, nc), (sw, sc) = figures["no-stages"], figures["stages"]
    print(f"  stages / no-stages: wall {sw / nw:.2f}x, cpu {sc / nc:.2f}x")


if __name__ == "__main__":
    main()
