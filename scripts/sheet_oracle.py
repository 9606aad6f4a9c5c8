#!/usr/bin/env python3
"""Cross-checks `readcov sheet --format json` against a recomputation written from docs/evaluation.md
(Grading, Per-turn exploration, Requirement ledger, Aggregation, Run records) — not from the Rust code.

usage: sheet_oracle.py READCOV [--shards N] SHEET_ARGS...

SHEET_ARGS are `readcov sheet`'s own (--runs, --gold, --reads, --ledger, --tasks, --require, --k,
--threshold, --sources, --regeneration-limit, --units, --workspace); the oracle runs
`READCOV sheet SHEET_ARGS --format json`, reads the same files itself and compares every figure: each
run's status, causes, axes, strict success, per-turn timeline, edited-before-reading, obsolete edits,
read-before-edit, proposed attribution; every denominator, pass^k / pass@k three ways with their task
counts and left-out tasks, the per-condition breakdowns, the unreadable and planned counts, the bad lines
reported on stderr. --shards N runs every shard I/N instead and checks each against the oracle over the
tasks that shard lists (which shard a task hashes to is readcov's choice; that each task is in exactly
one, with its unreadable records, is checked). Exits 1 naming every disagreement.
"""
import collections
import json
import os
import subprocess
import sys

from sheet_oracle_agg import aggregate
from sheet_oracle_lib import AXES, DEFAULT_REQUIRE, read_gold, read_ledger, read_reads, read_runs, read_tasks, \
    read_units
from sheet_oracle_run import run_figures

OPTS = {"--runs", "--gold", "--reads", "--ledger", "--tasks", "--require", "--k", "--threshold", "--sources",
        "--regeneration-limit", "--units", "--workspace", "--shard"}


def parse(args):
    opts, i = {}, 0
    while i < len(args):
        if args[i] not in OPTS:
            raise SystemExit(f"sheet_oracle: unknown option {args[i]}")
        opts[args[i][2:]] = args[i + 1]
        i += 2
    return opts


def context(rc, opts):
    """Every input read and checked by the oracle, and the options with their documented defaults."""
    ctx = {"bad": {}}

    def load(key, reader):
        if key not in opts:
            return None
        value, bad = reader(opts[key])
        ctx["bad"][opts[key]] = bad
        return value

    ctx["runs"], ctx["bad_runs"] = read_runs(opts["runs"])
    ctx["bad"][opts["runs"]] = [b[0] for b in ctx["bad_runs"]]
    ctx["gold"] = load("gold", read_gold)
    ctx["reads"] = load("reads", read_reads)
    ctx["ledger"] = load("ledger", read_ledger) or []
    tasks = load("tasks", read_tasks) or {}
    ctx["tasks"] = tasks
    require = opts.get("require", ",".join(DEFAULT_REQUIRE)).split(",")
    ctx["required"] = lambda t: [a for a in AXES if a in tasks.get(t, require)]
    ctx["threshold"] = float(opts.get("threshold", "0.5"))
    ctx["sources"] = set(opts.get("sources", "agent,human,retriever").split(","))
    ctx["ks"] = [int(k) for k in opts.get("k", "1").split(",")]
    ctx["limit"] = int(opts["regeneration-limit"]) if "regeneration-limit" in opts else None
    ws = opts.get("workspace")
    ctx["units"] = load("units", read_units)
    ctx["units_kind"] = "file" if "units" in opts else "workspace" if ws else "window"
    if ctx["units"] is None and ws:
        ctx["units"] = workspace_units(rc, ws, ctx["reads"] or {})
        # "workspace" whenever the workspace could give units (reads given), found or not
        ctx["units_kind"] = "workspace" if ctx["reads"] is not None else "window"

    def file_len(path):
        full = os.path.join(ws, path) if ws else None
        if full is None or not os.path.isfile(full):
            return None
        data = open(full, "rb").read()
        return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    ctx["file_len"] = file_len
    if ws:  # docs/formats.md "Paths": spans past the end of a file are clipped to it
        clip_all(ctx, file_len)
    return ctx


def clip_all(ctx, file_len):
    def clip(p, s, e):
        n = file_len(p)
        return (s, e) if n is None else (s, min(e, n))
    for task, spans in (ctx["gold"] or {}).items():
        ctx["gold"][task] = [(p,) + clip(p, s, e) + tuple(rest) for p, s, e, *rest in spans
                             if clip(p, s, e)[0] <= clip(p, s, e)[1]]
    for key, rows in (ctx["reads"] or {}).items():
        for r in rows:  # edits are not clipped: an edit's own lines are always in its region
            if r["kind"] == "read":
                r["start"], r["end"] = clip(r["path"], r["start"], r["end"])
        ctx["reads"][key] = [r for r in rows if r["start"] <= r["end"]]


def workspace_units(rc, ws, reads):
    """`readcov units` on the edited files the workspace holds (docs: the same units `--workspace`
    gives; their parsing has its own tests)."""
    paths = sorted({r["path"] for rows in reads.values() for r in rows
                    if r["kind"] == "edit" and os.path.isfile(os.path.join(ws, r["path"]))})
    units = {}
    if paths:
        out = subprocess.run([os.path.abspath(rc), "units"] + paths, cwd=ws, capture_output=True, text=True).stdout
        for line in out.splitlines():
            u = json.loads(line)
            units.setdefault(u["path"], []).append((u["start"], u["end"]))
    return units


def compare(want, got, where, problems):
    if isinstance(want, dict):
        if not isinstance(got, dict):
            problems.append(f"{where}: readcov {got!r}, oracle an object")
            return
        for k, v in want.items():
            if k not in got:
                problems.append(f"{where}.{k}: missing in readcov, oracle {v!r}")
            else:
                compare(v, got[k], f"{where}.{k}", problems)
        for k in sorted(set(got) - set(want) - {"runs"}):  # a figure the oracle does not know is unchecked
            problems.append(f"{where}.{k}: readcov {got[k]!r}, not in the oracle")
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            problems.append(f"{where}: readcov {got!r}, oracle {want!r}")
            return
        for i, (w, g) in enumerate(zip(want, got)):
            compare(w, g, f"{where}[{i}]", problems)
    elif isinstance(want, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
        if abs(want - got) > 1e-9:
            problems.append(f"{where}: readcov {got!r}, oracle {want!r}")
    elif want != got or type(want) is bool and type(got) is not bool:
        problems.append(f"{where}: readcov {got!r}, oracle {want!r}")


def sheet(rc, args):
    p = subprocess.run([rc, "sheet"] + args + ["--format", "json"], capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr
    return json.loads(p.stdout), p.stderr


def check(rc, opts, args, doc, stderr, ctx, problems, only_tasks=None, label=""):
    """One sheet (or shard) against the oracle over the run records (and tasks) it covers."""
    recs = [r for r in ctx["runs"] if only_tasks is None or r["task"] in only_tasks]
    bad_runs = [b for b in ctx["bad_runs"] if only_tasks is None or b[1] in only_tasks
                or b[1] is None and label.startswith("shard 0/")]
    where = f"{label or 'sheet'} {' '.join(args)}"
    figs = {(r["task"], r["run"]): run_figures(r, ctx) for r in recs}
    got_runs = {(r["task"], r["run"]): r for r in doc["runs"]}
    if set(got_runs) != set(figs):
        problems.append(f"{where}: runs {sorted(got_runs)} readcov, oracle {sorted(figs)}")
    for key, f in figs.items():
        f["task"], f["run"] = key
        if key in got_runs:
            compare(f, got_runs[key], f"{where}: run {key[0]}/{key[1]}", problems)
    want = aggregate(recs, figs, bad_runs, ctx)
    want["units"] = ctx["units_kind"]
    want["threshold"] = ctx["threshold"]
    want["regeneration_limit"] = ctx["limit"]
    want["input_errors"] = sum(len(b) for b in ctx["bad"].values())  # every shard reads every line
    # a broken record that names its task still plans a trial of it: that task has a run
    tasks_named = {r["task"] for r in ctx["runs"]} | {b[1] for b in ctx["bad_runs"]}
    no_run = sorted(t for t, sp in (ctx["gold"] or {}).items() if sp and t not in tasks_named)
    if only_tasks is not None:  # which shard a task no record names hashes to is readcov's: the union is checked
        want["no_run_tasks"] = [t for t in doc["no_run_tasks"] if t in no_run]
        ctx.setdefault("shard_no_run", []).extend(doc["no_run_tasks"])
    else:
        want["no_run_tasks"] = no_run
    # the bad lines readcov reported, file:line, against the oracle's
    said = set()
    for x in stderr.splitlines():
        head = x[len("error: "):].split(": ", 1)[0].rsplit(":", 1) if x.startswith("error: ") else []
        if len(head) == 2 and head[1].isdigit():
            said.add((head[0], head[1]))
    mine = {(f, str(n)) for f, lines in ctx["bad"].items() for n in lines}
    if said != mine:  # every shard reports every bad line
        problems.append(f"{where}: bad lines readcov {sorted(said - mine)} not oracle's, oracle "
                        f"{sorted(mine - said)} not readcov's")
    compare(want, doc, where, problems)
    return doc


def audit(rc, args, shards=None, seen=None):
    """Every disagreement of `readcov sheet ARGS` (each shard of `shards`) with the oracle; the
    sheets readcov printed are appended to `seen`."""
    seen = [] if seen is None else seen
    opts = parse(args)
    ctx = context(rc, opts)
    problems = []
    # exit 2: no valid run record; a --gold or --reads file with no valid row (docs/formats.md
    # "Errors": nothing valid remains)
    # docs/formats.md: a ledger, task declarations or units whose every line is an error stop too
    # (an empty file does not)
    all_bad = any(key in opts and ctx["bad"].get(opts[key]) and not value
                  for key, value in (("ledger", ctx["ledger"]), ("tasks", ctx["tasks"]),
                                     ("units", ctx["units"])))
    # docs/evaluation.md: --regeneration-limit with no run record that has `regeneration_count`
    # counts nothing and is refused (with --shard it is a warning: another shard may have counts)
    idle_limit = ctx["limit"] is not None and shards is None and \
        all(r.get("regeneration_count") is None for r in ctx["runs"])
    refuse = not ctx["runs"] or ctx["gold"] == {} or ctx["reads"] == {} or 0 in ctx["ks"] or \
        not set(opts.get("require", "target").split(",")) <= set(AXES) or all_bad or idle_limit  # bad options too
    if refuse:
        p = subprocess.run([rc, "sheet"] + args + ["--format", "json"], capture_output=True, text=True)
        if p.returncode != 2:
            problems.append(f"sheet {' '.join(args)}: exit {p.returncode}, oracle 2 (nothing valid to grade)")
        return problems
    if shards is None:
        doc, err = sheet(rc, args)
        if doc is None:
            problems.append(f"sheet {' '.join(args)} failed: {err.strip()}")
        else:
            seen.append(doc)
            check(rc, opts, args, doc, err, ctx, problems)
    else:
        owner, docs = {}, []
        for i in range(shards):
            a = args + ["--shard", f"{i}/{shards}"]
            doc, err = sheet(rc, a)
            if doc is None:
                problems.append(f"sheet {' '.join(a)} failed: {err.strip()}")
                return problems
            tasks = {t["task"] for c in doc["conditions"] for t in c["tasks"]}
            for t in tasks:
                if t in owner:
                    problems.append(f"--shard: task {t} in shards {owner[t]} and {i}")
                owner[t] = i
            docs.append((a, doc, err))
            seen.append(doc)
        # a task only broken records name, none with a condition, is listed by no shard: it goes
        # where the overall unreadable count says (each such task to one shard, all its lines)
        floating = collections.Counter(b[1] for b in ctx["bad_runs"] if b[1] is not None and b[1] not in owner)
        for t, n in floating.items():
            for i, (a, doc, _) in enumerate(docs):
                mine = sum(1 for b in ctx["bad_runs"] if owner.get(b[1], -1) == i or b[1] is None and i == 0)
                if doc["overall"]["unreadable"] - mine >= n:
                    owner[t] = i
                    break
            else:
                problems.append(f"--shard: the {n} broken record(s) of task {t} are in no shard")
        for i, (a, doc, err) in enumerate(docs):
            tasks = {t for t, o in owner.items() if o == i}
            check(rc, opts, a, doc, err, ctx, problems, only_tasks=tasks, label=f"shard {i}/{shards}")
        tasks_named = {r["task"] for r in ctx["runs"]} | {b[1] for b in ctx["bad_runs"]}
        no_run = sorted(t for t, sp in (ctx["gold"] or {}).items() if sp and t not in tasks_named)
        if sorted(ctx.get("shard_no_run", [])) != no_run:
            problems.append(f"--shard: no_run_tasks over the shards {sorted(ctx.get('shard_no_run', []))}, "
                            f"oracle {no_run} (each once)")
        named = {r["task"] for r in ctx["runs"]} | {b[1] for b in ctx["bad_runs"] if b[1] is not None}
        if set(owner) != named:
            problems.append(f"--shard: tasks in no shard {sorted(named - set(owner))}")
    return problems


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    rc, args = sys.argv[1], sys.argv[2:]
    shards = None
    if args[0] == "--shards":
        shards, args = int(args[1]), args[2:]
    problems = audit(rc, args, shards)
    for p in problems:
        print(f"DISAGREE: {p}", file=sys.stderr)
    if problems:
        raise SystemExit(f"sheet oracle: {len(problems)} disagreement(s)")


if __name__ == "__main__":
    main()
