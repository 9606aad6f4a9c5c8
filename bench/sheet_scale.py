#!/usr/bin/env python3
"""`readcov sheet --runs` with many tasks: one run record per task, tasks in a random order over
two conditions (`--tasks 200000` by default, seeded), timed with the outputs compared.

  bench/sheet_scale.py [--tasks 200000] [--rounds 3] [--bin target/release/readcov] [--before OLD_READCOV]

Prints one JSON array per binary: [binary, tasks, median wall s, median CPU s, peak RSS MB], the
median of `--rounds` interleaved rounds, and whether the two documents are byte-identical. Per-task
work that is linear in the tasks keeps this near the parse of the records; work that is quadratic
(a sorted insert or a list scan per task, session 20) shows as tens of seconds.
"""
import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "bench-data", "sheet")


def records(path, n):
    rng = random.Random(7)
    tasks = [f"task-{rng.randrange(10**9):09d}-{i}" for i in range(n)]
    rng.shuffle(tasks)
    with open(path, "w") as f:
        for i, t in enumerate(tasks):
            f.write(json.dumps({"run": f"r{i}", "task": t, "condition": f"c{i % 2}", "environment": "valid",
                                "simulator": "valid", "scenario_oracle": "valid", "target": i % 3 == 0}) + "\n")


def timed(binary, runs, out):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with open(out, "wb") as f:
        p = subprocess.run([binary, "sheet", "--runs", runs, "--format", "json"], stdout=f, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise SystemExit(f"{binary} sheet failed: {p.stderr.decode()[-400:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), after.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "readcov"))
    ap.add_argument("--before")
    a = ap.parse_args()
    os.makedirs(WORK, exist_ok=True)
    runs = os.path.join(WORK, f"runs-{a.tasks}.jsonl")
    if not os.path.exists(runs):
        records(runs, a.tasks)
    binaries = [a.bin] + ([a.before] if a.before else [])
    results = {b: [] for b in binaries}
    for _ in range(a.rounds):
        for i, b in enumerate(binaries):
            results[b].append(timed(b, runs, os.path.join(WORK, f"out-{i}.json")))
    for b in binaries:
        walls, cpus, rss = zip(*results[b])
        print(json.dumps([b, a.tasks, round(statistics.median(walls), 2), round(statistics.median(cpus), 2),
                          round(max(rss), 1)]))
    if a.before:
        same = open(os.path.join(WORK, "out-0.json"), "rb").read() == open(os.path.join(WORK, "out-1.json"), "rb").read()
        print(json.dumps(["same output", same]))


if __name__ == "__main__":
    main()
