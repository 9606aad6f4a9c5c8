#!/usr/bin/env python3
"""Real-size benchmarks (issue 42): `readcov import` with workspaces on 191 real trajectories
(68.7 MB) against the JSON-parse floor, and `readcov contextbench` with blocks on 1,136 instances
with real-size checkouts; corpora from bench/real_corpus.py (made from tests/data/real only).

  bench/real_size.py [--runs 5] [--only import,contextbench] [--before BIN] [--bin DIR]

Every command of a workload is timed in interleaved rounds (round after round, each command in
turn), CPU time = user+sys of the child process, median over --runs: on a shared machine wall
time mostly measures the queue for a core. The floor runs in the same rounds: `readcov-json-floor`
(serde_json::Value of each file, nothing else). `--before BIN` times another readcov binary (an
older build) in the same rounds and checks that both write byte-identical outputs. Prints one JSON
array per line: [what, input, wall ms, cpu ms, ratio, note] (bench/run's rows); on stderr, the
UTC time and load average before and after each workload's rounds (what the figures in
docs/performance.md record beside them).
"""
import argparse
import filecmp
import json
import os
import resource
import statistics
import subprocess
import sys
import time

from pagecache import at_rest, files_under
from real_corpus import WORK, contextbench_corpus, import_corpus

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release")


def cpu_run(cmd, stdout=subprocess.DEVNULL):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=stdout, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(cmds, runs):
    """Median (wall, cpu) of each command, timed in `runs` rounds of every command in turn."""
    walls, cpus = [[] for _ in cmds], [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            w, c = cpu_run(cmd)
            walls[i].append(w)
            cpus[i].append(c)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus)]


def when():
    """The UTC time and the load average (1, 5 min), for the figures' record."""
    one, five, _ = os.getloadavg()
    return f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, load {one:.1f} / {five:.1f}"


def row(what, desc, wc, ratio="", note=""):
    print(json.dumps([what, desc, f"{wc[0] * 1e3:.0f}", f"{wc[1] * 1e3:.0f}", ratio, note]), flush=True)


def same_output(cmd_a, cmd_b, out_flag, tag):
    """Runs both commands writing to files (`out_flag` FILE, or stdout when None); equal bytes?"""
    paths = [os.path.join(WORK, f"{tag}-{k}.out") for k in ("a", "b")]
    for cmd, path in zip((cmd_a, cmd_b), paths):
        if out_flag:
            subprocess.run(cmd + [out_flag, path], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        else:
            with open(path, "wb") as f:
                subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.DEVNULL)
    return filecmp.cmp(*paths, shallow=False)


def import_rows(readcov, floor, before, runs):
    d = import_corpus(os.path.join(WORK, "real-import-191"))
    logs = sorted(os.path.join(d, "logs", f) for f in os.listdir(os.path.join(d, "logs")))
    at_rest(logs)
    at_rest(files_under(os.path.join(d, "ws")))
    mb = sum(os.path.getsize(f) for f in logs) / 1e6
    desc = f"{len(logs)} real trajectories, {mb:.1f} MB"
    ws = ["--workspaces", os.path.join(d, "ws")]
    cmds = [[floor, *logs],
            [readcov, "import", "--jobs", "1", *ws, *logs, "-o", os.devnull],
            [readcov, "import", "--jobs", "1", *logs, "-o", os.devnull]]
    if before:
        cmds.append([before, "import", "--jobs", "1", *ws, *logs, "-o", os.devnull])
    print(f"start: {when()}", file=sys.stderr, flush=True)
    res = interleaved(cmds, runs)
    print(f"end: {when()}", file=sys.stderr, flush=True)
    fl = res[0][1]
    row("serde_json::Value parse floor", desc, res[0], "1.00x", f"{mb / fl:.0f} MB/s CPU")
    row("readcov import --workspaces --jobs 1", desc, res[1], f"{res[1][1] / fl:.2f}x",
        "ratio to the floor (CPU); goal <= 2x")
    row("readcov import --jobs 1 (no workspace)", desc, res[2], f"{res[2][1] / fl:.2f}x", "ratio to the floor (CPU)")
    if before:
        same = same_output(cmds[3][:-2], cmds[1][:-2], "-o", "import")
        row("before: import --workspaces --jobs 1", desc, res[3], f"{res[3][1] / fl:.2f}x",
            f"output {'byte-identical' if same else 'DIFFERS'} (rows file)")


def contextbench_rows(readcov, before, runs):
    d = contextbench_corpus(os.path.join(WORK, "real-contextbench-1136"), readcov)
    at_rest([os.path.join(d, "gold.jsonl"), os.path.join(d, "preds.jsonl")])
    at_rest(files_under(os.path.join(d, "ws")))
    n = sum(1 for _ in open(os.path.join(d, "gold.jsonl")))
    args = ["contextbench", "--gold", os.path.join(d, "gold.jsonl"), "--preds", os.path.join(d, "preds.jsonl"),
            "--workspaces", os.path.join(d, "ws"), "--format", "jsonl"]
    desc = f"{n} instances, real-size checkouts"
    cmds = [[readcov, *args], [readcov, *args, "--jobs", "1"], [readcov, *args, "--no-blocks"]]
    if before:
        cmds.append([before, *args])
    print(f"start: {when()}", file=sys.stderr, flush=True)
    res = interleaved(cmds, runs)
    print(f"end: {when()}", file=sys.stderr, flush=True)
    row("readcov contextbench (blocks)", desc, res[0], note="goal <= 1 s CPU")
    row("readcov contextbench (blocks) --jobs 1", desc, res[1])
    row("readcov contextbench --no-blocks", desc, res[2], note="without tree-sitter: the rest of the work")
    if before:
        same = same_output(cmds[3], cmds[0], None, "contextbench")
        row("before: contextbench (blocks)", desc, res[3], f"{res[3][1] / res[0][1]:.1f}x",
            f"before / now (CPU); output {'byte-identical' if same else 'DIFFERS'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="import,contextbench")
    ap.add_argument("--before", help="another readcov binary timed in the same rounds, outputs compared")
    ap.add_argument("--bin", help="folder of the built readcov and readcov-json-floor (default: cargo build --release)")
    a = ap.parse_args()
    bin_dir = a.bin or BIN
    if not a.bin:
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "readcov", "-p", "readcov-naive"], cwd=ROOT,
                       check=True)
    readcov, floor = os.path.join(bin_dir, "readcov"), os.path.join(bin_dir, "readcov-json-floor")
    os.makedirs(WORK, exist_ok=True)
    parts = a.only.split(",")
    if "import" in parts:
        import_rows(readcov, floor, a.before, a.runs)
    if "contextbench" in parts:
        contextbench_rows(readcov, a.before, a.runs)


if __name__ == "__main__":
    sys.exit(main())
