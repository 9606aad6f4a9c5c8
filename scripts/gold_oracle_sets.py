"""Gold sets side by side and leave-one-out consensus for the gold oracle (scripts/gold_oracle.py),
from docs/gold.md "Side by side" and "Leave-one-out": each named set's figures per (task, run)
recomputed from its gold file and the reads (line coverage = read gold lines / gold lines, file
hit = gold files the run read any line of / gold files), and each run's leave-one-out gold rebuilt from
the other resolved runs' agent reads (a failed run: every build, averaged, or the full one)."""
import collections
import json
import math
import os
import subprocess

from gold_oracle_checks import agent_reads, core_of, load_labels, resolved_runs
from gold_oracle_lib import norm

COUNTED = ("agent", "human", "retriever")  # `score` counts these sources by default (formats.md)


def jsonl(path):
    return [json.loads(x) for x in open(path) if x.strip()]


def read_lines(rows):
    """{(task, run): {path: lines}} of the reads `score` counts (kind read)."""
    out = collections.defaultdict(lambda: collections.defaultdict(set))
    for r in rows:
        if r.get("kind", "read") != "read" or r.get("source", "agent") not in COUNTED:
            continue
        out[(str(r.get("task", "default")), str(r.get("run", "default")))][norm(r["path"])].update(
            range(r["start"], r["end"] + 1))
    return out


def figures(gold, read):
    """(gold lines, covered lines, line coverage, file hit) of {path: lines} against reads."""
    g = sum(len(v) for v in gold.values())
    c = sum(len(v & read.get(p, set())) for p, v in gold.items())
    files = [p for p, v in gold.items() if v]
    hit = sum(1 for p in files if read.get(p))  # file hit: the run read the gold file at all
    return g, c, (c / g if g else None), (hit / len(files) if files else None)


def close(a, b):
    return (a is None and b is None) or (a is not None and b is not None and abs(a - b) < 1e-9)


def run_score(rc, args):
    p = subprocess.run([rc, "score", *args, "--format", "jsonl"], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise SystemExit(f"readcov score {' '.join(args)}: exit {p.returncode}: {p.stderr[-300:]}")
    return [json.loads(x) for x in p.stdout.splitlines() if x.strip()]


def gold_of(path):
    """({task: {path: core lines}}, the set's default name: the definition its rows show, else
    the file stem)."""
    g = collections.defaultdict(lambda: collections.defaultdict(set))
    origins = set()
    for r in jsonl(path):
        origins.add(r.get("origin"))
        if r.get("tier", "core") == "core":
            g[str(r.get("task", "default"))][norm(r["path"])].update(range(r["start"], r["end"] + 1))
    name = os.path.splitext(os.path.basename(path))[0]
    if origins == {"edit"}:
        name = "edit"
    elif origins and origins <= {"edit", "unit", "window"}:
        name = "unit"
    elif origins in ({"test"}, {"consensus"}):
        name = origins.pop()
    return g, name


def check_sets(rc, a, problem):
    """`score --gold NAME=FILE …` against the oracle's figures of each set, and each set alone."""
    reads = read_lines(jsonl(a.reads))
    specs = a.inputs
    args = [x for s in specs for x in ("--gold", s)] + ["--reads", a.reads]
    args += [x for o in a.outcomes for x in ("--outcomes", o)]
    got = {(r["task"], r["run"]): r["gold_sets"] for r in run_score(rc, args) if "gold_sets" in r and "task" in r}
    n = 0
    for spec in specs:
        name, _, file = spec.rpartition("=") if "=" in spec else ("", "", spec)
        gold, default = gold_of(file)
        name = name or default
        alone = {(r["task"], r["run"]): r for r in run_score(rc, ["--gold", file, "--reads", a.reads])
                 if "task" in r and r.get("record") != "totals"}
        for (task, run), sets in sorted(got.items()):
            if name not in sets:
                problem(f"sets: {task}/{run}: no set named {name!r} (sets: {sorted(sets)})")
                continue
            mine = sets[name]
            if task not in gold or run == "-":
                continue
            g, c, cov, hit = figures(gold[task], reads.get((task, run), {}))
            n += 1
            for k, want in (("gold_lines", g), ("covered_lines", c), ("line_coverage", cov), ("file_hit", hit)):
                if mine is None or not close(mine.get(k), want):
                    problem(f"sets: {name}: {task}/{run}: {k} {None if mine is None else mine.get(k)}, oracle {want}")
                one = alone.get((task, run))
                if one is not None and not close(one.get(k), mine.get(k) if mine else None):
                    problem(f"sets: {name}: {task}/{run}: {k} {mine.get(k)} side by side, {one.get(k)} alone")
    return n


def check_loo(rc, a, problem):
    """`score --consensus` leave-one-out figures per run against builds from the other runs."""
    rows = jsonl(a.inputs[0])
    cons, _ = agent_reads(rows)
    counted = read_lines(rows)
    labels = load_labels(a.outcomes)
    gold_file = a.inputs[1]
    args = ["--gold", gold_file, "--reads", a.inputs[0], "--consensus", "--agree", a.agree,
            "--min-runs", str(a.min_runs), "--loo-failed", a.loo_failed]
    args += [x for o in a.outcomes for x in ("--outcomes", o)]
    got = {(r["task"], r["run"]): r["gold_sets"].get("consensus-loo") for r in run_score(rc, args)
           if "gold_sets" in r and "task" in r}
    need = max(a.min_runs, 1 if a.agree == "all" else int(a.agree))

    def build(task, runs):
        return core_of([cons[task][r] for r in runs], a.agree) if len(runs) >= need else None

    n = 0
    for (task, run), mine in sorted(got.items()):
        runs = cons.get(task, {})
        res = [r for r in resolved_runs(task, runs, labels) if runs[r]]
        read = counted.get((task, run), {})
        if run in res:
            golds = [build(task, [r for r in res if r != run])]
        elif a.loo_failed == "full":
            golds = [build(task, res)]
        else:
            golds = [build(task, [r for r in res if r != s]) for s in res]
        golds = [g for g in golds if g is not None]
        labelled = (task, run) in labels or (task, None) in labels
        if not golds or not labelled:  # too few runs, or an unlabelled run: no row
            if mine is not None:
                problem(f"loo: {task}/{run}: readcov scored it ({mine.get('gold_lines')} gold lines), "
                        "the oracle has no leave-one-out gold")
            continue
        figs = [f for f in (figures(g, read) for g in golds) if f[0] > 0]
        if not figs and (task, run) not in counted:
            # every build empty and the run read nothing: a named run of a task without gold adds
            # no row (docs/formats.md "Tasks, runs and rows")
            if mine is not None:
                problem(f"loo: {task}/{run}: {mine}, oracle: no row (no gold line, no read)")
            continue
        if not figs:  # every build empty: an unscored row, never a coverage of 0
            if mine is None or mine.get("status") != "unscored" or mine.get("gold_lines") != 0:
                problem(f"loo: {task}/{run}: {mine}, oracle: unscored (no gold line in any build)")
            continue
        n += 1
        # a matched failed run: every figure the mean over the builds that have gold lines
        want = {"gold_lines": math.floor(sum(f[0] for f in figs) / len(figs) + 0.5),
                "covered_lines": math.floor(sum(f[1] for f in figs) / len(figs) + 0.5),
                "line_coverage": sum(f[2] for f in figs) / len(figs),
                "file_hit": sum(f[3] for f in figs) / len(figs)}
        for k, v in want.items():
            if mine is None or not close(mine.get(k), v):
                problem(f"loo: {task}/{run}: {k} {None if mine is None else mine.get(k)}, oracle {v}")
    return n
