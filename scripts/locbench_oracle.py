#!/usr/bin/env python3
"""Cross-checks `readcov locbench` against a recomputation from docs/retrievers.md ("Code
localization: Loc-Bench / LocAgent", scripts/locbench_oracle_spec.py), never from readcov's code
nor LocAgent's: per level every row (task, gold and predicted counts, Acc@k, Recall@k, NDCG@k, P@k
compared to 1e-12), the means and instance counts of `--format json`, and `--format jsonl` against
the json. Each disagreement is printed and the exit status is 1.

Left out, counted and printed on every run: the stderr notes (names the workspace does not define,
files given up), whose words docs/retrievers.md gives only in part; the table and csv renderings;
the parsing of readcov gold from SWE-bench rows (the oracle names `readcov gold`'s rows: the gold
oracle's part).

usage: locbench_oracle.py READCOV check --gold G --preds P [--gold-rows R] [--workspaces D |
                          --workspace D] [--k-file ..] [--k-module ..] [--k-function ..]
       locbench_oracle.py READCOV cases   (scripts/locbench_oracle_cases.py)
"""
import argparse
import collections
import json
import os
import subprocess

import locbench_oracle_spec as spec
from oracle_io import finish, load_jsonl

PROBLEMS = []
CHECKED = collections.Counter()
LEFT_OUT = collections.Counter()


def problem(msg):
    PROBLEMS.append(msg)


def close(a, b):
    return isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) <= 1e-12


def check(rc, gold, preds, label, gold_rows=None, workspace=None, workspaces=None, ks=None):
    units = spec.Units(rc)
    ks = {lv: (ks or {}).get(lv) or spec.DEFAULT_KS[lv] for lv in spec.LEVELS}
    args = ["locbench", "--gold", gold, "--preds", preds]
    if workspace:
        args += ["--workspace", workspace]
    if workspaces:
        args += ["--workspaces", workspaces]
    for lv in spec.LEVELS:
        if ks[lv] != spec.DEFAULT_KS[lv]:
            args += [f"--k-{lv}", ",".join(map(str, ks[lv]))]
    p = subprocess.run([rc, *args, "--format", "json"], capture_output=True, text=True)
    if p.returncode != 0:
        problem(f"{label}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
        return
    if p.stderr.strip():
        LEFT_OUT["stderr notes"] += len(p.stderr.strip().splitlines())
    got = json.loads(p.stdout)["levels"]

    def root_of(task):
        if workspace:
            return workspace
        if workspaces and os.path.isdir(os.path.join(workspaces, task)):
            return os.path.join(workspaces, task)
        return None

    grows = load_jsonl(gold)
    if any("file_changes" in r or "edit_functions" in r for r in grows):
        g = {}
        for r in grows:
            f, m, fn = spec.locbench_gold(r)
            a = g.setdefault(r["instance_id"], ([], [], []))
            a[0].extend(f), a[1].extend(m), a[2].extend(fn)
    else:
        g = spec.readcov_gold_names(load_jsonl(gold_rows or gold), units, root_of)
    pr = {}
    for r in load_jsonl(preds):
        f, m, fn = spec.prediction(r, units, root_of(r["instance_id"]))
        a = pr.setdefault(r["instance_id"], ([], [], []))
        a[0].extend(f), a[1].extend(m), a[2].extend(fn)
    want = spec.evaluate(g, pr, ks)
    CHECKED["cases"] += 1
    for w, o in zip(want, got):
        lab = f"{label}: {w['level']}"
        for key in ("level", "ks", "instances"):
            CHECKED["fields"] += 1
            if w[key] != o.get(key):
                problem(f"{lab}: `{key}` = {o.get(key)!r}, want {w[key]!r}")
        for name in sorted(set(w["means"]) | set(o["means"])):
            CHECKED["means"] += 1
            if not close(w["means"].get(name), o["means"].get(name)):
                problem(f"{lab}: mean {name} = {o['means'].get(name)!r}, want {w['means'].get(name)!r}")
        wt, ot = [r["task"] for r in w["rows"]], [r["task"] for r in o["rows"]]
        if wt != ot:
            problem(f"{lab}: rows {ot}, want {wt}")
        for wr, orow in zip(w["rows"], o["rows"]):
            CHECKED["rows"] += 1
            for key in ("gold", "predicted"):
                if wr[key] != orow.get(key):
                    problem(f"{lab} {wr['task']}: `{key}` = {orow.get(key)!r}, want {wr[key]!r}")
            for name in sorted(set(wr["metrics"]) | set(orow["metrics"])):
                CHECKED["values"] += 1
                if not close(wr["metrics"].get(name), orow["metrics"].get(name)):
                    problem(f"{lab} {wr['task']}: {name} = {orow['metrics'].get(name)!r}, "
                            f"want {wr['metrics'].get(name)!r}")
    if len(want) != len(got):
        problem(f"{label}: {len(got)} levels, want {len(want)}")
    p = subprocess.run([rc, *args, "--format", "jsonl"], capture_output=True, text=True)
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    expect = []
    for lv in got:
        expect += [{"level": lv["level"], **r} for r in lv["rows"]]
        expect.append({"level": lv["level"], "task": "all", "instances": lv["instances"], "metrics": lv["means"]})
    CHECKED["jsonl lines"] += len(lines)
    if [norm(x) for x in lines] != [norm(x) for x in expect]:
        problem(f"{label}: jsonl differs from the json rows and means ({len(lines)} lines, want {len(expect)}): "
                f"first {lines[-1] if lines else None}")
    LEFT_OUT["table and csv renderings"] += 1


def norm(x):
    return {k: v for k, v in x.items() if k in ("level", "task", "gold", "predicted", "metrics", "instances")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rc")
    ap.add_argument("mode", choices=["check", "cases"])
    ap.add_argument("--gold")
    ap.add_argument("--gold-rows")
    ap.add_argument("--preds")
    ap.add_argument("--workspace")
    ap.add_argument("--workspaces")
    for lv in spec.LEVELS:
        ap.add_argument(f"--k-{lv}")
    a = ap.parse_args()
    if a.mode == "check":
        ks = {lv: [int(x) for x in getattr(a, f"k_{lv}").split(",")] if getattr(a, f"k_{lv}") else None
              for lv in spec.LEVELS}
        check(a.rc, a.gold, a.preds, f"{os.path.basename(a.preds)} vs {os.path.basename(a.gold)}",
              a.gold_rows, a.workspace, a.workspaces, ks)
    else:
        import locbench_oracle_cases
        locbench_oracle_cases.run_all(a.rc, check)
    finish(CHECKED, LEFT_OUT, PROBLEMS)


if __name__ == "__main__":
    main()
