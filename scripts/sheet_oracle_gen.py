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
    if rng.random() < 0.5:
        args += ["--threshold", rng.choice(["0.3", "0.5", "0.8", "1"])]
    if rng.random() < 0.3:
        args += ["--sources", ",".join(rng.sample(["agent", "human", "manual", "retriever"], rng.randint(1, 3)))]
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
        args += ["--workspace", f"{d}/ws"]
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


EDGES = ("invalid", "unscored", "pending", "not_applicable", "no_evidence", "unreadable", "unreadable_in_task",
         "two_causes", "cause_without_event", "edited_before_reading", "obsolete_edit", "tie_in_turn",
         "reads_left_out", "k_above_n", "planned_above_scorable", "common_tasks", "failed_at_limit",
         "false_accept", "false_reject", "unit_region", "window_region", "straddled_units", "reached_later",
         "never_reached", "ledger_turn", "no_run_task")


def edges(doc, hit):
    """Counts the edges docs/evaluation.md defines that one sheet reached."""
    for r in doc["runs"]:
        hit["invalid"] += r["status"] == "invalid"
        hit["unscored"] += r["status"] == "unscored"
        hit["pending"] += any(v == "pending" for v in r["validity"].values()) and r["status"] == "unscored"
        hit["not_applicable"] += r["axes"]["requirement_tracking"] == "not_applicable"
        hit["no_evidence"] += any("no evidence" in x for x in r["unscored_reasons"])
        hit["two_causes"] += bool(r["proposed"]["secondary_codes"]) and r["status"] == "scored"
        hit["cause_without_event"] += r["proposed"]["primary_code"] == "exploration_below_threshold" or \
            "exploration_below_threshold" in r["proposed"]["secondary_codes"]
        t = r["timeline"]
        if t:
            hit["edited_before_reading"] += bool(t["edited_before_reading"])
            hit["obsolete_edit"] += bool(t["obsolete_edits"])
            hit["reached_later"] += t["first_turn_reached"] is not None and t["first_turn_reached"] > t["turns"][0]["turn"]
            hit["never_reached"] += t["first_turn_reached"] is None and any(p["coverage"] is not None for p in t["turns"])
            hit["ledger_turn"] += any(p["ledger"] for p in t["turns"])
        per = r["read_before_edit"]["per_edit"]
        turns = [e["turn"] for e in per]
        hit["tie_in_turn"] += len(turns) != len(set(turns))
        hit["unit_region"] += any(e["region"] == "unit" for e in per)
        hit["window_region"] += any(e["region"] == "window" for e in per)
        hit["straddled_units"] += any(e["region"] == "unit" and e["region_start"] < e["start"] and
                                      e["region_end"] > e["end"] and e["region_lines"] > 11 for e in per)
    for c in doc["conditions"]:
        hit["unreadable"] += c["denominators"]["unreadable"] > 0
        hit["unreadable_in_task"] += any(t["planned"] > t["scorable"] for t in c["tasks"])
        hit["k_above_n"] += any(p["tasks_excluded"] for p in c["pass_k"])
        hit["planned_above_scorable"] += any(p["tasks_used"] for p in c["pass_k_planned"]) and \
            any(t["planned"] > t["scorable"] for t in c["tasks"])
        hit["common_tasks"] += bool(doc["common"]["scorable_tasks"])
        v = c["breakdown"]["validator"]
        hit["failed_at_limit"] += v["failed_at_limit"] > 0
        hit["false_accept"] += v["false_accepts"] > 0
        hit["false_reject"] += v["false_rejects"] > 0
    hit["no_run_task"] += bool(doc["no_run_tasks"])


def handmade(d):
    """The edges a random draw reaches rarely, written out: two causes in one turn (the earlier
    event in turn order — step, not file order — is primary), a cause with no event (last), reads
    of a source left out (not counted in the turn's reads), an event of a requirement activated and
    revoked in one turn, a revoke at turn 0 (never active: no obsolete edit)."""
    ok = {"environment": "valid", "simulator": "valid", "scenario_oracle": "valid", "target": True,
          "regression_free": True, "output": True, "process": True, "requirement_tracking": False}
    write(d, "runs.jsonl", [json.dumps({"run": r, "task": "t", **ok}) for r in ("r1", "r2", "r3", "r4", "r5")])
    write(d, "gold.jsonl", [json.dumps(g) for g in (
        {"task": "t", "path": "a.py", "start": 1, "end": 10},
        {"task": "t", "path": "b.py", "start": 1, "end": 10, "requirement": "q"},
        {"task": "t", "path": "c.py", "start": 1, "end": 10, "requirement": "z"})])
    ledger = [{"run": r, "turn": 1, "event": "revoke", "requirement": "q"} for r in ("r1", "r2", "r3", "r4")]
    ledger += [{"run": "r5", "turn": 0, "event": "revoke", "requirement": "q"},
               {"run": "r4", "turn": 2, "event": "activate", "requirement": "z", "version": "R1"},
               {"run": "r4", "turn": 2, "event": "revoke", "requirement": "z"}]
    write(d, "ledger.jsonl", [json.dumps(e) for e in ledger])
    rows = [("r1", "b.py", 1, 1), ("r1", "a.py", 1, 2),   # obsolete e1 (step 1) before e2
            ("r2", "b.py", 1, 2), ("r2", "a.py", 1, 1),   # file order reversed: e2 first
            ("r3", "b.py", 1, 1),                          # obsolete + exploration below, no event
            ("r4", "c.py", 3, 1), ("r5", "b.py", 1, 1)]
    reads = [json.dumps({"task": "t", "run": r, "path": p, "start": 5, "end": 5, "turn": t, "step": st,
                         "kind": "edit"}) for r, p, t, st in rows]
    reads += [json.dumps({"task": "t", "run": "r4", "path": "a.py", "start": 1, "end": 10, "turn": 1,
                          "source": src}) for src in ("agent", "manual", "retriever")]
    write(d, "reads.jsonl", reads)
    return ["--runs", f"{d}/runs.jsonl", "--gold", f"{d}/gold.jsonl", "--reads", f"{d}/reads.jsonl",
            "--ledger", f"{d}/ledger.jsonl", "--require", "target,exploration,requirement_tracking",
            "--sources", "agent,retriever"]


def handmade_large(d):
    """One task with 150 scorable trials (100 successes) in one condition and 140 in another:
    C(150, 75) overflows u128, so readcov's product fallback is checked against exact fractions."""
    ok = {"environment": "valid", "simulator": "valid", "scenario_oracle": "valid", "target": True}
    runs = [json.dumps({"run": f"r{i}", "task": "big", "condition": "A", **ok, "target": i < 100}) for i in range(150)]
    runs += [json.dumps({"run": f"s{i}", "task": "big", "condition": "B", **ok, "target": i % 3 != 0})
             for i in range(140)]
    write(d, "runs.jsonl", runs)
    return ["--runs", f"{d}/runs.jsonl", "--require", "target", "--k", "1,2,70,75,140"]


def write(d, name, lines):
    open(os.path.join(d, name), "w").write("".join(x + "\n" for x in lines))


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
