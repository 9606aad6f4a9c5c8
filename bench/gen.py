#!/usr/bin/env python3
"""Seeded generator of SWE-Explore-scale corpora for readcov's benchmarks.

Writes, into OUT/:
  gold.jsonl      readcov gold spans   (per task ~4.3 gold files, ~4.7 core regions, ~1,578 core lines)
  reads.jsonl     readcov read events  (one run per explorer x trial; whole-file views, windows, grep lines)
  bench.jsonl     SWE-Explore benchmark rows (instance_id, ground_truth{...})
  preds.jsonl     SWE-Explore explorer outputs (instance_id, explorer, ranked regions)
  lengths.json    {instance_id: {path: n_lines}} for --file-lengths

Same seed, same bytes: `python3 bench/gen.py --out DIR [--tasks 848 --explorers 12 --trials 5 --seed 7]`.
"""
import argparse
import json
import os
import random


def task_files(rng):
    n_files = max(1, round(rng.gauss(4.3, 1.2)))
    files = {}
    for k in range(n_files):
        files[f"pkg{rng.randrange(40)}/mod_{k}_{rng.randrange(10_000)}.py"] = rng.randrange(300, 3001)
    return files


def core_regions(rng, files):
    """~4.7 regions summing to ~1,578 lines, spread over the gold files."""
    paths = list(files)
    n = max(len(paths), round(rng.gauss(4.7, 1.0)))
    total = max(n * 20, round(rng.gauss(1578, 250)))
    regions = []
    for i in range(n):
        path = paths[i % len(paths)]
        length = max(5, min(files[path] - 1, round(total / n * rng.uniform(0.5, 1.5))))
        start = rng.randrange(1, files[path] - length + 1)
        regions.append({"path": path, "start": start, "end": start + length - 1})
    return regions


def read_events(rng, files, regions):
    """A run's reads: whole-file views, 20-80 line windows (often near gold), single grep lines."""
    paths = list(files)
    other = [f"other/util_{rng.randrange(100)}.py" for _ in range(3)]
    events = []
    for _ in range(rng.randrange(1, 3)):
        p = rng.choice(paths + other)
        events.append((p, 1, files.get(p, 1200)))
    for _ in range(rng.randrange(4, 9)):
        r = rng.choice(regions)
        width = rng.randrange(20, 81)
        start = max(1, r["start"] + rng.randrange(-60, 120))
        events.append((r["path"], start, start + width - 1))
    for _ in range(rng.randrange(2, 7)):
        p = rng.choice(paths)
        line = rng.randrange(1, files[p] + 1)
        events.append((p, line, line))
    return events


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tasks", type=int, default=848)
    ap.add_argument("--explorers", type=int, default=12)
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    lengths = {}
    with open(f"{a.out}/gold.jsonl", "w") as gold, open(f"{a.out}/reads.jsonl", "w") as reads, \
            open(f"{a.out}/bench.jsonl", "w") as bench, open(f"{a.out}/preds.jsonl", "w") as preds:
        for t in range(a.tasks):
            iid = f"org__repo-{t:05d}"
            files = task_files(rng)
            lengths[iid] = files
            regions = core_regions(rng, files)
            main_files = sorted({r["path"] for r in regions})[:1]
            optional = [{"path": rng.choice(list(files)), "start": s, "end": s + 30} for s in
                        (rng.randrange(1, 250) for _ in range(2))]
            for r in regions:
                gold.write(json.dumps({"task": iid, **r}) + "\n")
            row = {"instance_id": iid, "ground_truth": {
                "read_core_files": sorted(files), "read_core_regions": regions,
                "read_optional_files_map": {"model-a": sorted({o["path"] for o in optional})},
                "read_optional_regions_map": {"model-a": optional},
                "modified_core_files": main_files, "main_files": main_files}}
            bench.write(json.dumps(row) + "\n")
            for e in range(a.explorers):
                explorer = f"explorer-{e:02d}"
                for trial in range(a.trials):
                    run = f"{explorer}/t{trial}"
                    events = read_events(rng, files, regions)
                    for step, (p, s, end) in enumerate(events):
                        reads.write(json.dumps({"task": iid, "run": run, "step": step, "path": p,
                                                "start": s, "end": end}) + "\n")
                # One ranked prediction list per (instance, explorer): five regions, some whole-file (-1).
                ranked = []
                for p, s, end in read_events(rng, files, regions)[:5]:
                    ranked.append({"path": p, "start": s, "end": -1 if end == files.get(p) else end})
                preds.write(json.dumps({"instance_id": iid, "explorer": explorer, "regions": ranked}) + "\n")
    with open(f"{a.out}/lengths.json", "w") as f:
        json.dump(lengths, f)


if __name__ == "__main__":
    main()
