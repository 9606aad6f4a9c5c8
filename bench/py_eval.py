#!/usr/bin/env python3
"""A straightforward Python evaluator, written from the published formulas, for side-by-side benchmarks.

It expands every span into a set of (path, line) pairs — the obvious way to write it — and prints one JSON
object per row, with the same keys readcov prints, so the benchmark can also check that both agree.

  python3 bench/py_eval.py score   --gold G --reads R                      > rows.jsonl
  python3 bench/py_eval.py explore --bench B --preds P --file-lengths L [--top-k 5] > rows.jsonl
"""
import argparse
import json
import math
import sys
from collections import defaultdict


def lines_of(spans):
    out = set()
    for path, s, e in spans:
        out.update((path, line) for line in range(s, e + 1))
    return out


def score(args):
    gold, reads, runs = defaultdict(list), defaultdict(list), defaultdict(set)
    for line in open(args.gold):
        g = json.loads(line)
        if g.get("tier", "core") == "core":
            gold[str(g.get("task", "default"))].append((g["path"], g["start"], g["end"]))
    for line in open(args.reads):
        r = json.loads(line)
        task, run = str(r.get("task", "default")), str(r.get("run", "default"))
        runs[task].add(run)
        if r.get("kind", "read") == "read" and r.get("source", "agent") in ("agent", "human"):
            reads[(task, run)].append((r["path"], r["start"], r["end"]))
    for task in sorted(set(gold) | set(runs)):
        g = lines_of(gold.get(task, []))
        gold_files = {p for p, _ in g}
        for run in sorted(runs.get(task)) or ["-"]:
            rd = lines_of(reads.get((task, run), []))
            covered = len(g & rd)
            row = {"task": task, "run": run, "gold_lines": len(g), "read_lines": len(rd), "covered_lines": covered}
            if not g:
                row.update(status="unscored", file_hit=None, line_coverage=None, precision=None)
            else:
                read_files = {p for p, _ in rd}
                row.update(status="scored", file_hit=len(gold_files & read_files) / len(gold_files),
                           line_coverage=covered / len(g), precision=covered / len(rd) if rd else 0.0)
            print(json.dumps(row))


def resolve(region, lengths):
    """SWE-Explore region semantics: end=-1 is end of file, negative start counts from the end."""
    s, e = region["start"], region["end"]
    n = lengths.get(region["path"])
    if (e == -1 or s < 0) and n is None:
        return None
    if e == -1:
        e = n
    if s < 0:
        s = n + s + 1
    if n is None:
        s = max(s, 1)
    else:
        s, e = min(max(s, 1), n), min(max(e, 1), n)
    return (region["path"], s, e) if s <= e else (region["path"], 1, 0)


def explore(args):
    lengths_all = json.load(open(args.file_lengths)) if args.file_lengths else {}
    preds = defaultdict(list)
    for line in open(args.preds):
        p = json.loads(line)
        preds[p["instance_id"]].append(p)
    for line in open(args.bench):
        row = json.loads(line)
        iid, gt = row["instance_id"], row["ground_truth"]
        lengths = lengths_all.get(iid, {})
        core_regions = [r for r in (resolve(x, lengths) for x in gt["read_core_regions"]) if r]
        core = lines_of(core_regions)
        opt_regions = [r for rs in gt["read_optional_regions_map"].values() for r in (resolve(x, lengths) for x in rs) if r]
        optional = lines_of(opt_regions)
        main = set(gt.get("main_files", []))
        core_files = set(gt["read_core_files"])
        opt_files = {f for fs in gt["read_optional_files_map"].values() for f in fs}
        for p in preds.get(iid, []):
            raw = p["regions"][: args.top_k]
            visited = {r["path"] for r in raw}
            res = [resolve(r, lengths) for r in raw]
            spans = [r if r else None for r in res]
            pred = lines_of([s for s in spans if s])
            inter = len(pred & core)
            prec = inter / len(pred) if pred else 0.0
            rec = inter / len(core) if core else 0.0
            out = {"explorer": p["explorer"], "instance_id": iid, "precision": prec, "recall": rec,
                   "f1": 2 * prec * rec / (prec + rec) if prec + rec else 0.0}
            out["hit_file_rate"] = len(visited & core_files) / len(core_files) if core_files else 0.0
            noise = visited - core_files - opt_files
            out["noise_file_rate"] = len(noise) / len(visited) if visited else 0.0

            def overlaps(a, b):
                return a[0] == b[0] and a[1] <= b[2] and b[1] <= a[2] and a[1] <= a[2] and b[1] <= b[2]

            preds_ok = [s for s in spans if s]
            out["hit_region_rate"] = (sum(any(overlaps(c, q) for q in preds_ok) for c in core_regions)
                                      / len(core_regions)) if core_regions else 0.0
            out["noise_region_rate"] = (sum(not s or not any(overlaps(s, c) for c in core_regions + opt_regions)
                                            for s in spans) / len(spans)) if spans else 0.0
            num = den = 0.0
            for c in core_regions:
                cl = lines_of([c])
                if not cl:
                    continue
                w = 3 if c[0] in main else 2
                num += w * len(pred & cl) / len(cl)
                den += w
            out["weighted_core_coverage"] = num / den if den else 0.0
            out["context_efficiency"] = len(pred & (core | optional)) / len(pred) if pred else 0.0
            out["optional_coverage"] = len(pred & optional) / len(optional) if optional else 0.0
            region_lines = [sorted(lines_of([s])) if s else [] for s in spans]
            gains = [sum((1.5 if l[0] in main else 1.0) for l in ls if l in core) for ls in region_lines]
            for budget in (100, 300, 500):
                out[f"ndcg_at_{budget}"] = ndcg(gains, [len(ls) for ls in region_lines], budget, core, spans)
                seen, walked = set(), 0
                for ls in region_lines:
                    for l in ls:
                        if walked >= budget:
                            break
                        walked += 1
                        seen.add(l)
                out[f"recall_at_{budget}"] = len(seen & core) / len(core) if core else 0.0
            first = next((i for i, ls in enumerate(region_lines) if any(l in core for l in ls)), None)
            out["first_useful_hit"] = 1 - first / len(spans) if first is not None else 0.0
            print(json.dumps(out))


def dcg(order, gains, sizes, budget):
    total, acc = 0, 0.0
    for rank, i in enumerate(order):
        if rank > 0 and total + sizes[i] > budget:
            break
        total += sizes[i]
        acc += gains[i] / math.log2(rank + 2)
    return acc


def ndcg(gains, sizes, budget, core, spans):
    if not core or not spans:
        return 0.0
    ideal_order = sorted(range(len(gains)), key=lambda i: gains[i] / max(sizes[i], 1), reverse=True)
    idcg = dcg(ideal_order, gains, sizes, budget)
    return 0.0 if idcg == 0 else min(dcg(range(len(gains)), gains, sizes, budget) / idcg, 1.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score")
    s.add_argument("--gold", required=True)
    s.add_argument("--reads", required=True)
    e = sub.add_parser("explore")
    e.add_argument("--bench", required=True)
    e.add_argument("--preds", required=True)
    e.add_argument("--file-lengths")
    e.add_argument("--top-k", type=int, default=5)
    a = ap.parse_args()
    (score if a.cmd == "score" else explore)(a)


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
