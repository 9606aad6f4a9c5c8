#!/usr/bin/env python3
"""Cross-checks `readcov explain --format json` against a naive recomputation from the reads and
gold JSONL it was given (issue 34's explain items), for every run of every task with gold.

usage: explain_oracle.py READCOV GOLD READS [--workspaces DIR] [--threshold T]

Per gold span: the lines covered (any read row of the run, sources agent/human/retriever); why it
is listed (`under` the threshold, `at_threshold` with unread lines, else nothing); `never_read`
holds no line any read covered and is exactly the unread lines between the nearest reads. Per
edit: its gold lines. Then each partly read span once more with `--threshold` set to its own
coverage, where it must be listed as `at_threshold`. Exits 1 naming every disagreement.
"""
import collections
import json
import subprocess
import sys

COUNTED = {"agent", "human", "retriever"}


def lines(a, b):
    return set(range(a, b + 1))


def explain(rc, gold, reads, task, run, extra):
    args = [rc, "explain", "--gold", gold, "--reads", reads, "--task", task, "--run", run]
    p = subprocess.run(args + ["--format", "json"] + extra, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"readcov explain {task} {run} exited {p.returncode}: {p.stderr[:500]}")
    return json.loads(p.stdout)


def check_run(d, rows, thr, where, problems):
    read, edits = collections.defaultdict(set), []
    for r in rows:
        if r.get("kind") == "edit":
            edits.append(r)
        elif r.get("source", "agent") in COUNTED:
            read[r["path"]] |= lines(r["start"], r["end"])
    gold_of = {}
    partial = []
    for f in d["files"]:
        seen = read.get(f["path"], set())
        gold_of[f["path"]] = set()
        for s in f["spans"]:
            g = lines(s["start"], s["end"])
            gold_of[f["path"]] |= g
            at = f"{where} {f['path']}:{s['start']}-{s['end']}"
            covered = len(g & seen)
            if covered != s["covered"]:
                problems.append(f"{at}: covered {s['covered']}, oracle {covered}")
            unread = g - seen
            frac = covered / len(g)
            want = "under" if frac < thr else ("at_threshold" if frac == thr and unread else None)
            if s.get("missed") != want:
                problems.append(f"{at}: missed {s.get('missed')}, oracle {want} ({covered}/{len(g)})")
            never = set()
            for x in s.get("never_read") or []:
                never |= lines(x["start"], x["end"])
            if never & seen:
                problems.append(f"{at}: never_read holds read lines {sorted(never & seen)[:5]}")
            before, after = s.get("nearest_before"), s.get("nearest_after")
            if s.get("missed") and before and after:
                gap = lines(before["end"] + 1, after["start"] - 1) - seen
                if never != gap:
                    problems.append(f"{at}: never_read {len(never)} line(s), oracle {len(gap)}")
            if 0 < covered < len(g):
                partial.append((covered, len(g)))
    if len(d["edits"]) != len(edits):
        problems.append(f"{where}: {len(d['edits'])} edit(s), oracle {len(edits)}")
    for e in d["edits"]:
        g = lines(e["start"], e["end"]) & gold_of.get(e["path"], set())
        if e["gold_lines"] != len(g):
            problems.append(f"{where} edit {e['path']}:{e['start']}: gold_lines {e['gold_lines']}, oracle {len(g)}")
    return partial


def main():
    rc, gold, reads, *extra = sys.argv[1:]
    thr = float(extra[extra.index("--threshold") + 1]) if "--threshold" in extra else 0.5
    rows = [json.loads(l) for l in open(reads, encoding="utf-8")]
    tasks = {json.loads(l)["task"] for l in open(gold, encoding="utf-8")}
    by_run = collections.defaultdict(list)
    for r in rows:
        if r["task"] in tasks:
            by_run[(r["task"], r["run"])].append(r)
    problems, spans, at = [], 0, 0
    for (task, run), mine in sorted(by_run.items()):
        d = explain(rc, gold, reads, task, run, extra)
        spans += sum(len(f["spans"]) for f in d["files"])
        partial = check_run(d, mine, thr, f"{task} {run}", problems)
        # A threshold exactly at a partly read span's coverage: that span is listed as at_threshold.
        for covered, total in sorted(set(partial)):
            t = covered / total
            rest = [a for i, a in enumerate(extra) if a != "--threshold" and (i == 0 or extra[i - 1] != "--threshold")]
            d = explain(rc, gold, reads, task, run, rest + ["--threshold", repr(t)])
            check_run(d, mine, t, f"{task} {run} at {covered}/{total}", problems)
            at += 1
    for p in problems:
        print("FAIL", p)
    print(f"explain oracle: {len(by_run)} run(s), {spans} gold span(s), {at} at-threshold rerun(s), {len(problems)} disagreement(s)")
    return 1 if problems or not by_run else 0


if __name__ == "__main__":
    sys.exit(main())
