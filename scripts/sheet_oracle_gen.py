#!/usr/bin/env python3
"""Seeded random sheets for scripts/sheet_oracle.py: run records, gold with requirement versions,
turn-stamped reads and edits, ledgers, task declarations and units, drawn small so that the edges
docs/evaluation.md defines come up often — ties within a turn, rows without turn or step, sources
left out, null/absent/bad evidence, pending and invalid checks, bad lines that still name a task and
condition, planned n above scorable n, k above n, events of one turn in every order, unfired
events with and without a turn, dropped requirements, regeneration limits, units held, straddled
or missed — each case graded by `readcov sheet` and by the oracle.

usage: sheet_oracle_gen.py READCOV [--trials N] [--seed S] [--keep DIR]
"""
import collections
import json
import os
import random
import shutil
import sys
import tempfile

from sheet_oracle import audit
from sheet_oracle_edges import EDGES, edges, handmade, handmade_large, write

FILES = {"a.py": 40, "b.py": 30}
REQS = [None, None, "q", "q@R0", "q@R1", "e", "e@R0", "e@R2", "x"]


def pick(rng, *weighted):
    """weighted: (value, weight) pairs."""
    vals, ws = zip(*weighted)
    return rng.choices(vals, ws)[0]


def rng_span(rng, length, width=12):
    s = rng.randint(1, length)
    return s, min(length + rng.choice([0, 0, 5]), s + rng.randint(0, width))


def case(rng, d):
    """Writes one case's inputs under d; returns the `readcov sheet` arguments."""
    tasks = rng.sample(["t1", "t2", "t3", 7], rng.randint(1, 3))
    conds = rng.sample(["A", "B", "C"], rng.randint(1, 3))
    gold, runs, reads, ledger = [], [], [], []
    for t in tasks + (["w"] if rng.random() < 0.2 else []):
        for _ in range(rng.randint(0, 4)):
            f = rng.choice(list(FILES))
            s, e = rng_span(rng, FILES[f])
            row = {"task": t, "path": f, "start": s, "end": e}
            req = rng.choice(REQS)
            if req:
                row["requirement"] = req
            if rng.random() < 0.1:
                row["tier"] = "optional"
            gold.append(row)
    n_run = 0
    for c in conds:
        for t in tasks:
            for _ in range(rng.randint(0, 4)):
                n_run += 1
                run = f"r{n_run}" if rng.random() < 0.8 else rng.choice(["agent", "agent2", 3])
                rec = {"run": run, "task": t}
                if c != "A" or rng.random() < 0.5:
                    rec["condition"] = c
                for k in ("environment", "simulator", "scenario_oracle"):
                    v = pick(rng, ("valid", 12), ("invalid", 1), ("pending", 1), (None, 1), ("ok", 0.05))
                    if v is not None:
                        rec[k] = v
                for k in ("target", "regression_free", "output", "state", "process", "requirement_tracking"):
                    v = pick(rng, (True, 8), (False, 2), (None, 1), ("absent", 1), ("yes", 0.03), (1, 0.03))
                    if v != "absent":
                        rec[k] = v
                if rng.random() < 0.15:
                    rec["responsible_component"] = rng.choice(["agent", "simulator", "environment"])
                if rng.random() < 0.15:
                    rec["primary_code"] = rng.choice(["wrong_fix", "timeout"])
                if rng.random() < 0.1:
                    rec["secondary_codes"] = rng.sample(["a", "b", "c"], rng.randint(0, 2))
                if rng.random() < 0.05:
                    rec["first_decisive_event_id"] = "e1"
                if rng.random() < 0.4:
                    rec["regeneration_count"] = rng.randint(0, 3)
                if rng.random() < 0.3:
                    rec["human_validity"] = rng.choice(["valid", "invalid"])
                if rng.random() < 0.2:
                    rec["termination"] = pick(rng, ({"reason": "agent_done"}, 8), ({"reason": ""}, 0.2),
                                              ({"reason": "x", "at": 3}, 0.2))
                for k in ("agent_turns", "user_messages", "tool_calls", "marker_records"):
                    if rng.random() < 0.1:
                        rec[k] = pick(rng, (rng.randint(0, 5), 20), (-1, 0.3), (1.5, 0.3))
                for k in ("attempt_id", "initial_requirement_version", "final_requirement_version"):
                    if rng.random() < 0.1:
                        rec[k] = pick(rng, ("R1", 20), (3, 0.5))
                if rng.random() < 0.05:
                    rec["notes"] = "free text"
                if rng.random() < 0.02:
                    rec["exploration"] = True
                if rng.random() < 0.02:
                    rec["task"] = ""
                if rng.random() < 0.02:
                    rec["condition"] = 5
                if rng.random() < 0.02:
                    rec["condition"] = ""  # free text: an empty condition is one too
                runs.append(json.dumps(rec))
                if rng.random() < 0.04:
                    runs.append(json.dumps(rec))  # a duplicate (task, run): an error on its line
                if rng.random() < 0.03:
                    runs.append("not json")
                add_reads(rng, t, run, reads)
                add_ledger(rng, t, run, ledger)
    write(d, "runs.jsonl", runs or ["not json"])
    if gold and rng.random() < 0.1:
        gold.append({"task": "t1", "path": "a.py", "start": 3, "end": 2})  # a bad line
    write(d, "gold.jsonl", [json.dumps(g) for g in gold])
    write(d, "reads.jsonl", reads)
    write(d, "ledger.jsonl", ledger)
    args = ["--runs", f"{d}/runs.jsonl"]
    if gold and rng.random() < 0.9:
        args += ["--gold", f"{d}/gold.jsonl"]
    if rng.random() < 0.9:
        args += ["--reads", f"{d}/reads.jsonl"]
    if rng.random() < 0.8:
        args += ["--ledger", f"{d}/ledger.jsonl"]
    axes = ["target", "regression_free", "output", "state", "process", "requirement_tracking", "exploration"]
    if rng.random() < 0.4:
        lines = [json.dumps({"task": t, "required": rng.sample(axes, rng.randint(0, 4))})
                 for t in tasks if rng.random() < 0.7]
        if rng.random() < 0.1:
            lines.append(json.dumps({"task": "t1", "required": ["speed"]}))  # a bad line
        write(d, "tasks.jsonl", lines)
        args += ["--tasks", f"{d}/tasks.jsonl"]
    if rng.random() < 0.5:
        args += ["--require", ",".join(rng.sample(axes, rng.randint(1, 4)))]
    if rng.random() < 0.7:
        args += ["--k", ",".join(str(k) for k in sorted(rng.sample(range(1, 6), rng.randint(1, 3))))]
    # --threshold goes with --gold and --reads, --workspace with --gold, --reads or --units (refused
    # without them since session 30); the draws are made either way, so the seeded sheets stay the same.
    if rng.random() < 0.5:
        threshold = ["--threshold", rng.choice(["0.3", "0.5", "0.8", "1"])]
        args += threshold if "--gold" in args and "--reads" in args else []
    # --sources goes with --reads (refused without it since session 29); the draw is made either way,
    # so the seeded sheets stay the same.
    if rng.random() < 0.3:
        sources = ["--sources", ",".join(rng.sample(["agent", "human", "manual", "retriever"], rng.randint(1, 3)))]
        args += sources if "--reads" in args else []
    if rng.random() < 0.4:
        args += ["--regeneration-limit", str(rng.randint(0, 3))]
    u = rng.random()
    if u < 0.3:
        units = [{"path": "a.py", "start": 5, "end": 15}, {"path": "a.py", "start": 8, "end": 12},
                 {"path": "a.py", "start": 20, "end": 34}, {"path": "b.py", "start": 1, "end": 30}]
        picked = [dict(x) for x in rng.sample(units, rng.randint(1, 4))]
        for x in picked:
            x.update(pick(rng, ({}, 6), ({"kind": "function", "name": "f", "depth": 0}, 3), ({"size": 3}, 0.3)))
        write(d, "units.jsonl", [json.dumps(x) for x in picked] + (["{}"] if rng.random() < 0.2 else []))
        args += ["--units", f"{d}/units.jsonl"]
    elif u < 0.5:
        os.makedirs(f"{d}/ws", exist_ok=True)
        for f, n in FILES.items():
            body = "".join(f"def f{i}():\n    return {i}\n" for i in range(n // 2))
            open(f"{d}/ws/{f}", "w").write(body)
        args += ["--workspace", f"{d}/ws"] if "--gold" in args or "--reads" in args else []
    return args


def add_reads(rng, t, run, reads):
    for _ in range(rng.randint(0, 7)):
        f = rng.choice(list(FILES))
        s, e = rng_span(rng, FILES[f], 20)
        row = {"task": t, "run": run, "path": f, "start": s, "end": e}
        if rng.random() < 0.85:
            row["turn"] = rng.randint(0, 3)
        if rng.random() < 0.7:
            row["step"] = rng.randint(0, 4)
        if rng.random() < 0.3:
            row["kind"] = "edit"
            row["end"] = min(row["end"], row["start"] + rng.randint(0, 3))
        if rng.random() < 0.2:
            row["source"] = rng.choice(["human", "manual", "retriever"])
        if rng.random() < 0.02:
            row["end"] = 0  # a bad line
        if rng.random() < 0.05:
            row["tool"], row["command"], row["note"] = "view", "cat a.py", "reads keep unknown keys"
        if rng.random() < 0.05:
            row["path"] = rng.choice(["./", "x/../", "./x/../"]) + row["path"]  # the same file, normalised
        reads.append(json.dumps(row))


def add_ledger(rng, t, run, ledger):
    for _ in range(pick(rng, (0, 4), (1, 3), (2, 2), (3, 1))):
        ev = rng.choice(["activate", "replace", "revoke"])
        row = {"run": run, "turn": rng.randint(0, 3), "event": ev, "requirement": rng.choice(["q", "e", "x"])}
        if ev != "revoke":
            row["version"] = rng.choice(["R0", "R1", "R2"])
        if rng.random() < 0.3:
            row["task"] = t
        if rng.random() < 0.1:
            row["fired"] = False
            if rng.random() < 0.5:
                del row["turn"]
        if rng.random() < 0.02:
            del row["requirement"]  # a bad line
        if rng.random() < 0.02:
            row["note"] = "x"  # a bad line: the ledger has no other key
        if rng.random() < 0.05:
            row["message_id"] = "u1"
        ledger.append(json.dumps(row))


def main():
    args = sys.argv[1:]
    rc = args.pop(0)
    opts = dict(zip(args[::2], args[1::2]))
    trials, seed = int(opts.get("--trials", 300)), int(opts.get("--seed", 1))
    rng = random.Random(seed)
    bad, hit = 0, collections.Counter()
    for i in range(-2, trials):
        d = tempfile.mkdtemp(prefix=f"sheet-oracle-{i}-", dir=opts.get("--keep"))
        a = [handmade_large, handmade][i + 2](d) if i < 0 else case(rng, d)
        if "--sources" in a:
            kept = a[a.index("--sources") + 1].split(",")
            hit["reads_left_out"] += any(json.loads(x).get("source", "agent") not in kept
                                         for x in open(f"{d}/reads.jsonl") if x.strip().startswith("{"))
        shards = rng.randint(2, 3) if i >= 0 and rng.random() < 0.1 else None
        try:
            docs = []
            problems = audit(rc, a, shards, docs)
            for doc in docs:
                edges(doc, hit)
        except Exception as e:  # an oracle that cannot read what readcov graded is a finding too
            problems = [f"oracle failed: {e!r}"]
        if problems:
            bad += 1
            print(f"trial {i} (seed {seed}, shards {shards}):", file=sys.stderr)
            for p in problems:
                print(f"DISAGREE: {p}", file=sys.stderr)
            print(f"  {os.path.dirname(sys.argv[0]) or '.'}/sheet_oracle.py {rc} {'--shards ' + str(shards) + ' ' if shards else ''}{' '.join(a)}",
                  file=sys.stderr)
        if not problems or "--keep" not in opts:
            shutil.rmtree(d)
    print(f"sheet oracle: {trials} random sheet(s), seed {seed}, {bad} with disagreements")
    print("edges hit: " + " · ".join(f"{k} {hit[k]}" for k in EDGES))
    missed = [k for k in EDGES if not hit[k]]
    if missed:  # a generator that stopped reaching an edge would pass without checking it
        print(f"sheet oracle: edges never reached: {', '.join(missed)}", file=sys.stderr)
    if bad or missed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
