#!/usr/bin/env python3
"""What where runs failed costs `readcov report` (issue 37): the HTML report of the same 1,000
runs with its diagnosis (`--patches`, the default) and without (`--no-stages`).

The runs are bench/diagnose_vs_score.py's: the 15 shipped SWE-bench runs of tests/data/real
imported with their sources and their changes (`import --emit-patches`), each copied under
RUNS/15 new run names (1,005 runs over the 15 tasks, 134 run labels). Both
commands read the same gold (the SWE-bench rows), reads, --workspaces sources and outcome labels
and write the HTML page; with stages the report also loads the patches and diagnoses every run
(on the gold and reads it loaded, since issue 36; before, it loaded them a second time). Each command runs REPEAT
times after one warm-up; the figures are the medians of wall and CPU (user + system) time, the
ratio of each, and the page sizes.

    cargo build --release -p readcov && python3 bench/report_stages.py [RUNS] [REPEAT]
"""

import os
import sys

# The runs, the timing and the medians are diagnose_vs_score.py's (the same 1,005 runs).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diagnose_vs_score import REAL, ROOT, args_or_exit, copied_runs, medians  # noqa: E402

OUT = os.path.join(ROOT, "target", "bench-data", "report-stages")


def main():
    runs, repeat = args_or_exit()
    reads_n, patches_n, n, tasks = copied_runs(OUT, runs)
    gold = os.path.join(REAL, "gold.jsonl")
    common = ["--gold", gold, "--reads", reads_n, "--workspaces", os.path.join(REAL, "sources"),
              "--outcomes", gold]
    pages = {name: os.path.join(OUT, f"{name}.html") for name in ("no-stages", "stages")}
    figures = medians({
        "no-stages": ["report"] + common + ["--no-stages", "--html", pages["no-stages"]],
        "stages": ["report"] + common + ["--patches", patches_n, "--html", pages["stages"]],
    }, repeat)
    print(f"{n} runs over {tasks} tasks, median of {repeat}:")
    for name, (wall, cpu) in figures.items():
        size = os.path.getsize(pages[name]) / 1e6
        print(f"  report {name:<10} wall {wall:6.3f} s  cpu {cpu:6.3f} s  page {size:5.1f} MB")
    (nw, nc), (sw, sc) = figures["no-stages"], figures["stages"]
    print(f"  stages / no-stages: wall {sw / nw:.2f}x, cpu {sc / nc:.2f}x")


if __name__ == "__main__":
    main()
