#!/usr/bin/env python3
"""Cross-checks `readcov gold` against a recomputation written from docs/gold.md (and the sections
it links: importers.md "Gold from patches", formats.md "Gold"/"Base fingerprint"), not from the
Rust code. Every row readcov writes (task, path, start, end, tier, origin, run, base) is compared
as a set per task with the oracle's; every disagreement is printed and the exit status is 1.

usage: gold_oracle.py READCOV swebench ROWS [--workspaces DIR | --workspace DIR] [--expand units]
                              [--anchor N] [--max-unit N] [--window N] [--exclude-tests] [--tests]
       gold_oracle.py READCOV diff PATCH [--workspace DIR] [--task T] [same options]
       gold_oracle.py READCOV runs READS --outcomes [RUN=]FILE... [--agree all|K] [--min-runs N] [--optional]
       gold_oracle.py READCOV loo READS --outcomes [RUN=]FILE... [--agree all|K] [--min-runs N] [--loo-failed matched|full]
       gold_oracle.py READCOV sets GOLD... --reads READS [--outcomes FILE]

Units are `readcov units` output on the base files (a separate command with its own tests); the
leading comments, the widening, the hunks' placement, the edit lines and the consensus are
recomputed here. `loo` checks each row's gold size under `score --consensus`; `sets` checks that
each named set of `score --gold NAME=FILE …` is what `score --gold FILE` alone gives.
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

from gold_oracle_checks import agent_reads, consensus_rows, explore_rows, load_labels, test_id_candidates
from gold_oracle_lib import Workspace, edit_of_file, is_test_path, parse_diff, runs_of
from gold_oracle_units import leading_start, load_units, qualified, widen

PROBLEMS = []


def problem(msg):
    PROBLEMS.append(msg)


def run_gold(rc, args):
    """readcov's rows (list of dicts) and its stderr; exit 2 (no span) gives no rows."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "g.jsonl")
        p = subprocess.run([rc, "gold", *args, "-o", out], capture_output=True, text=True)
        if p.returncode not in (0, 2):
            problem(f"readcov gold {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
        if p.returncode == 2 and os.path.exists(out):
            problem(f"readcov gold {' '.join(args)}: exit 2 but wrote {out}")
        rows = [json.loads(x) for x in open(out)] if os.path.exists(out) and p.returncode == 0 else []
        return rows, p.stderr


def key(r):
    base = r.get("base")
    return (str(r.get("task", "default")), r["path"], r["start"], r["end"], r.get("tier", "core"),
            r.get("origin"), r.get("run"), json.dumps(base, sort_keys=True) if base is not None else None)


def compare(label, got_rows, want):
    got = [key(r) for r in got_rows]
    dup = [k for k, c in collections.Counter(got).items() if c > 1]
    for k in dup:
        problem(f"{label}: row written twice: {k}")
    got, want = set(got), set(want)
    by_task = collections.defaultdict(lambda: ([], []))
    for k in got - want:
        by_task[k[0]][0].append(k)
    for k in want - got:
        by_task[k[0]][1].append(k)
    for task, (extra, missing) in sorted(by_task.items()):
        for k in sorted(extra, key=str):
            problem(f"{label}: {task}: readcov wrote {k[1:]}, the oracle does not")
        for k in sorted(missing, key=str):
            problem(f"{label}: {task}: oracle expects {k[1:]}, readcov did not write it")
    return len(got)


GRAMMAR_EXT = {"py", "pyi", "js", "jsx", "mjs", "cjs", "ts", "tsx", "go", "rs", "java", "c", "h", "cpp", "cc",
               "cxx", "hpp", "hh", "rb", "php"}


class Units:
    """`readcov units` of workspace files, cached; None = no grammar. The first lookup runs one
    `readcov units` over every file the patches may need (one process, not one per file); a file
    it did not list (or a batch it refused) is asked alone."""

    def __init__(self, rc, files):
        self.rc, self.cache = rc, {}
        self.files = sorted({f for f in files if f.rsplit(".", 1)[-1].lower() in GRAMMAR_EXT and os.path.isfile(f)})

    def prefetch(self):
        files, self.files = self.files, []
        for k in range(0, len(files), 500):
            chunk = files[k:k + 500]
            p = subprocess.run([self.rc, "units", *chunk], capture_output=True, text=True)
            if p.returncode != 0:
                continue
            got = {f: [] for f in chunk}
            for u in map(json.loads, p.stdout.splitlines()):
                got.setdefault(u["path"], []).append(u)
            self.cache.update(got)

    def of(self, full):
        if self.files:
            self.prefetch()
        if full not in self.cache:
            self.cache[full] = load_units(self.rc, full)
        return self.cache[full]


def ws_for(a, task):
    if a.workspaces:
        d = os.path.join(a.workspaces, task)
        return Workspace(d if "/" not in task and task not in (".", "..") and os.path.isdir(d) else None)
    return Workspace(a.workspace)


def patch_rows(a, task, patch, ws, units, origin_of, notes, exclude_tests):
    """{path: {origin: lines}} of one patch (origins `edit`/`unit`/`window`, or all `test`)."""
    out = {}
    for f in parse_diff(patch):
        if exclude_tests and is_test_path(f["path"]):
            continue
        e = edit_of_file(f, ws, a.anchor, notes, task)
        if not e:
            continue
        got = {"edit": e, "unit": set(), "window": set()}
        have = ws.file(f["path"])
        if origin_of != "edit" and have is not None and f.get("applied"):
            us = units.of(os.path.join(ws.root, f["path"]))
            if us is not None:
                got["unit"], got["window"] = widen(e, us, have[0], f["path"], a.max_unit, a.window)
        # a file named twice in one patch: the union of both, origins kept disjoint
        old = out.setdefault(f["path"], {"edit": set(), "unit": set(), "window": set()})
        old["edit"] |= got["edit"]
        old["unit"] = (old["unit"] | got["unit"]) - old["edit"]
        old["window"] = (old["window"] | got["window"]) - old["edit"] - old["unit"]
    return out


def emit(task, path, origin, lines, ws, tier="core"):
    return {(task, path, s, e, tier, origin, None,
             json.dumps(ws.base(path, s, e), sort_keys=True) if ws.file(path) is not None else None)
            for s, e in runs_of(lines)}


def expected_patch_gold(a, rows, rc):
    expand = "test" if a.tests else ("unit" if a.expand == "units" else "edit")
    need = []
    for row in rows if expand != "edit" else []:
        root = ws_for(a, str(row["instance_id"])).root
        if root is None:
            continue
        touched = [f["path"] for f in parse_diff(row.get("test_patch") or "")]
        need += [os.path.join(root, f["path"]) for f in parse_diff(row.get("patch") or "")]
        need += [os.path.join(root, p) for p in touched]
        ids = row.get("FAIL_TO_PASS") or []
        for tid in json.loads(ids) if isinstance(ids, str) else ids:
            need += [os.path.join(root, file) for file, _ in test_id_candidates(tid, touched) or []]
    units, want, notes = Units(rc, need), set(), []
    per_row = collections.defaultdict(list)  # task -> each row's spans (path, start, end, tier)
    for row in rows:
        task = str(row["instance_id"])
        ws = ws_for(a, task)
        if not a.tests:
            mine = set()
            for path, got in patch_rows(a, task, row.get("patch") or "", ws, units, expand, notes,
                                         a.exclude_tests).items():
                for origin, ls in got.items():
                    mine |= emit(task, path, origin, ls, ws)
            want |= mine
            per_row[task].append({k[1:5] for k in mine})
            continue
        lines = collections.defaultdict(set)
        touched = []
        for path, got in patch_rows(a, task, row.get("test_patch") or "", ws, units, "unit", notes,
                                         False).items():
            touched.append(path)
            for ls in got.values():
                lines[path] |= ls
        ids = row.get("FAIL_TO_PASS") or []
        if isinstance(ids, str):
            ids = json.loads(ids)
        for tid in ids:
            for file, name in test_id_candidates(tid, touched) or []:
                have = ws.file(file)
                us = units.of(os.path.join(ws.root, file)) if have is not None else None
                u = qualified(us).get(name) if us else None
                if u is not None:  # the unit with its leading comments, as for `unit`
                    lines[file] |= set(range(leading_start(have[0], u["start"], file), u["end"] + 1))
                    break
        mine = set()
        for path, ls in lines.items():
            mine |= emit(task, path, "test", ls, ws)
        want |= mine
        per_row[task].append({k[1:5] for k in mine})
    return want, per_row


def check_repeats(label, per_row, stderr):
    """docs/gold.md: a task in N > 1 rows keeps each (task, path, span, tier) once and says
    `  <task>: in N rows: M duplicate span(s) dropped`, then `K × task in several rows …`."""
    many = {t: spans for t, spans in per_row.items() if len(spans) > 1}
    for task, spans in many.items():
        dropped = sum(len(x) for x in spans) - len(set().union(*spans))
        line = f"  {task}: in {len(spans)} rows: {dropped} duplicate span(s) dropped"
        if line not in stderr.splitlines():
            problem(f"{label}: stderr lacks {line.strip()!r}")
    if many and f"  {len(many)} × task in several rows (each span written once)" not in stderr.splitlines():
        problem(f"{label}: stderr lacks the count '{len(many)} × task in several rows'")


def gold_args(a):
    out = ["--anchor", str(a.anchor)]
    # --max-unit and --window go with --expand units or --tests only (docs/gold.md; refused otherwise).
    if a.expand == "units" or a.tests:
        out += ["--max-unit", str(a.max_unit), "--window", str(a.window)]
    out += ["--workspaces", a.workspaces] if a.workspaces else []
    out += ["--workspace", a.workspace] if a.workspace else []
    out += ["--expand", a.expand] if a.expand else []
    out += ["--exclude-tests"] if a.exclude_tests else []
    out += ["--tests"] if a.tests else []
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("readcov")
    ap.add_argument("mode", choices=["swebench", "diff", "runs", "loo", "sets"])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--workspaces")
    ap.add_argument("--workspace")
    ap.add_argument("--expand")
    ap.add_argument("--anchor", type=int, default=1)
    ap.add_argument("--max-unit", type=int, default=200)
    ap.add_argument("--window", type=int, default=10)
    ap.add_argument("--exclude-tests", action="store_true")
    ap.add_argument("--tests", action="store_true")
    ap.add_argument("--task", default="default")
    ap.add_argument("--outcomes", action="append", default=[])
    ap.add_argument("--agree", default="all")
    ap.add_argument("--min-runs", type=int, default=2)
    ap.add_argument("--optional", action="store_true")
    ap.add_argument("--loo-failed", default="matched")
    ap.add_argument("--reads")
    ap.add_argument("--label", default="")
    a = ap.parse_args()
    rc = a.readcov
    label = a.label or f"{a.mode} {' '.join(a.inputs)}"
    n = 0
    if a.mode in ("swebench", "diff"):
        for inp in a.inputs:
            if a.mode == "swebench":
                rows = [json.loads(x) for x in open(inp) if x.strip()]
                got, err = run_gold(rc, ["--from-swebench", inp, *gold_args(a)])
            else:
                rows = [{"instance_id": a.task, "patch": open(inp, encoding="utf-8", errors="replace").read()}]
                got, err = run_gold(rc, ["--from-diff", inp, "--task", a.task, *gold_args(a)])
            # `instance_id` must be a string: another type is a located error, the row skipped
            rows = [r for r in rows if isinstance(r.get("instance_id"), str)]
            want, per_row = expected_patch_gold(a, rows, rc)
            n += compare(label, got, want)
            if want:
                check_repeats(label, per_row, err)
    elif a.mode == "runs":
        reads, edits = agent_reads([json.loads(x) for x in open(a.inputs[0]) if x.strip()])
        labels = load_labels(a.outcomes)
        want = {(t, p, s, e, tier, "consensus", run, None)
                for t, p, s, e, tier, run in consensus_rows(reads, labels, a.agree, a.min_runs, a.optional)}
        args = ["--from-runs", a.inputs[0], "--agree", a.agree, "--min-runs", str(a.min_runs)]
        args += [x for o in a.outcomes for x in ("--outcomes", o)]
        got, _ = run_gold(rc, args + (["--optional"] if a.optional else []))
        n += compare(label, got, want)
        # the same consensus as SWE-Explore benchmark rows
        got, _ = run_gold(rc, args + ["--format", "swe-explore"])
        mine = {r["instance_id"]: r for r in got}
        rows = explore_rows(reads, edits, labels, a.agree, a.min_runs)
        if not any(r["meta"]["num_core_lines"] for r in rows.values()):
            rows = {}  # no core span at all: exit 2, nothing written (docs/gold.md `test`)
        for task, row in sorted(rows.items()):
            theirs = mine.pop(task, None)
            for part in ("ground_truth", "meta"):
                for k, v in row[part].items():
                    if theirs is None or theirs.get(part, {}).get(k) != v:
                        problem(f"{label}: swe-explore {task}: {part}.{k} "
                                f"{None if theirs is None else theirs.get(part, {}).get(k)}, oracle {v}")
        for task in mine:
            problem(f"{label}: swe-explore: readcov wrote {task}, the oracle has no consensus for it")
    elif a.mode == "loo":
        from gold_oracle_sets import check_loo
        n += check_loo(rc, a, problem)
    else:
        from gold_oracle_sets import check_sets
        n += check_sets(rc, a, problem)
    for p in PROBLEMS:
        print(p)
    if PROBLEMS:
        print(f"gold oracle: {len(PROBLEMS)} disagreement(s) [{label}]", file=sys.stderr)
        sys.exit(1)
    print(f"gold oracle ok: {n} row(s) [{label}]", file=sys.stderr)


if __name__ == "__main__":
    main()
