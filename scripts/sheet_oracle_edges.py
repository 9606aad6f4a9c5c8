"""The hand-made sheets of scripts/sheet_oracle_gen.py (the edges a random draw reaches rarely)
and the edges docs/evaluation.md defines that a sheet readcov printed reached, counted so that the
suite fails when the generator stops reaching one."""
import json
import os


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
