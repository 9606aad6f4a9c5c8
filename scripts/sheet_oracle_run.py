"""One run of scripts/sheet_oracle.py, recomputed from docs/evaluation.md: the ledger applied in turn
order, the gold active at each turn, the per-turn timeline, edited-before-reading, obsolete edits,
read-before-edit, the axes, the grade and the proposed attribution."""
from sheet_oracle_lib import AXES, VALIDITY

TRIAL = ("termination", "agent_turns", "user_messages", "tool_calls", "marker_records", "regeneration_count",
         "attempt_id", "initial_requirement_version", "final_requirement_version", "human_validity")
EVENT_RANK = {"activate": 0, "replace": 1, "revoke": 2}
INF = float("inf")


def ledger_of(events, task, run):
    """The run's events in the documented order: turn (an unfired event without a turn after every
    turn), then activate → replace → revoke, then requirement id and version."""
    mine = [e for e in events if e["run"] == run and (e["task"] is None or e["task"] == task)]
    return sorted(mine, key=lambda e: (INF if e["turn"] is None else e["turn"], EVENT_RANK[e["event"]],
                                      e["requirement"], e["version"] or ""))


def state_at(ledger, reqs, turn, firsts=None):
    """{requirement: version or None (inactive)} after the fired events of `ledger` with turn ≤ `turn`
    (each requirement's starting state from its first event in `firsts`, the whole ledger)."""
    first = {}
    for e in firsts if firsts is not None else ledger:
        first.setdefault(e["requirement"], e["event"])
    st = {r: (None if first.get(r) == "activate" else "R0") for r in reqs | set(first)}
    for e in ledger:
        if e["fired"] and e["turn"] is not None and e["turn"] <= turn:
            st[e["requirement"]] = None if e["event"] == "revoke" else e["version"]
    return st


def span_active(sp, st):
    _, _, _, rid, ver = sp
    if rid is None:
        return True
    have = st.get(rid)
    return have is not None and (ver is None or ver == have)


def lines(spans):
    out = set()
    for p, s, e, *_ in spans:
        out |= {(p, ln) for ln in range(s, e + 1)}
    return out


def read_lines(rows):
    out = set()
    for r in rows:
        out |= {(r["path"], ln) for ln in range(r["start"], r["end"] + 1)}
    return out


def ratio(a, b):
    return a / b if b else None


def run_figures(rec, ctx):
    """Everything the sheet says about one run record, as readcov's JSON names it."""
    task, run = rec["task"], rec["run"]
    thr, sources = ctx["threshold"], ctx["sources"]
    gold = ctx["gold"].get(task) if ctx["gold"] is not None else None
    rows = sorted(ctx["reads"].get((task, run), []) if ctx["reads"] is not None else [],
                  key=lambda r: (r["turn"], r["step"] or 0, r["order"]))
    ledger = ledger_of(ctx["ledger"], task, run)
    reqs = {sp[3] for sp in gold or [] if sp[3] is not None}
    counted = [r for r in rows if r["kind"] == "read" and r["source"] in sources]
    edits = [r for r in rows if r["kind"] == "edit"]
    pos = {id(r): i for i, r in enumerate(rows)}

    def gold_at(turn):
        st = state_at(ledger, reqs, turn)
        return lines([sp for sp in gold if span_active(sp, st)])

    def read_before(row):
        return read_lines([r for r in counted if pos[id(r)] < pos[id(row)]])

    # per-turn timeline
    turns = sorted({r["turn"] for r in rows} | {e["turn"] for e in ledger if e["fired"]}) or [0]
    points, reached = [], None
    for t in turns:
        g = gold_at(t) if gold is not None else set()
        cov = g & read_lines([r for r in counted if r["turn"] <= t])
        c = ratio(len(cov), len(g)) if gold is not None else None
        if reached is None and c is not None and c >= thr:
            reached = t
        points.append({"turn": t, "gold_lines": len(g), "covered_lines": len(cov), "coverage": c,
                       "reads": sum(r["turn"] == t for r in counted),
                       "edits": sum(r["turn"] == t for r in edits),
                       "ledger": [describe(e) for e in ledger if e["fired"] and e["turn"] == t]})
    final_turn = max([e["turn"] for e in ledger if e["fired"]] + [INF])
    final = gold_at(final_turn) if gold is not None else None
    line_cov = None
    if final is not None and ctx["reads"] is not None:
        line_cov = ratio(len(final & read_lines(counted)), len(final))

    # edited before reading: each file's first edit made while the file has gold active (at the
    # edit's turn); an edit before the file's gold was disclosed is no edit of a gold file
    ebr, seen = [], set()
    for e in edits:
        if e["path"] in seen or gold is None:
            continue
        g = {x for x in gold_at(e["turn"]) if x[0] == e["path"]}
        if not g:
            continue
        seen.add(e["path"])
        got = len(g & read_before(e))
        if got / len(g) < thr:
            ebr.append({"event_id": f"e{e['n']}", "turn": e["turn"], "path": e["path"], "gold_lines": len(g),
                        "read_before": got, "coverage_before": got / len(g)})

    # obsolete edits: an edit at turn T touching a line of a gold span whose requirement was active
    # at some turn before T and is not at T, the line not in the gold active at T (named by the
    # first such span's `requirement` as the gold writes it)
    obsolete = []
    for e in edits if gold is not None else []:
        now_st, now = state_at(ledger, reqs, e["turn"]), gold_at(e["turn"])
        earlier = [state_at(ledger, reqs, t) for t in range(0, e["turn"])]
        for sp in gold:
            if sp[0] != e["path"] or span_active(sp, now_st) or not any(span_active(sp, st) for st in earlier):
                continue
            if any((sp[0], ln) not in now for ln in range(max(sp[1], e["start"]), min(sp[2], e["end"]) + 1)):
                obsolete.append({"event_id": f"e{e['n']}", "turn": e["turn"], "path": e["path"],
                                 "requirement": sp[3] + (f"@{sp[4]}" if sp[4] is not None else "")})
                break

    rbe = read_before_edit(edits, read_before, ctx)
    axes = {k: rec[k] for k in AXES[:-1]}
    if any(not e["fired"] for e in ledger):
        axes["requirement_tracking"] = "not_applicable"
    axes["exploration"] = None if line_cov is None else line_cov >= thr
    fig = {"axes": axes, "line_coverage": line_cov,
           "timeline": {"turns": points, "first_turn_reached": reached, "edited_before_reading": ebr,
                        "obsolete_edits": obsolete} if ctx["reads"] is not None and ctx["gold"] is not None else None,
           "read_before_edit": rbe}
    fig.update(grade(rec, axes, ctx["required"](task)))
    # what the record says, carried as written (absent validity = pending; absent fields null)
    fig["condition"] = rec["condition"]
    fig["validity"] = {k: rec[k] for k in ("environment", "scenario_oracle", "simulator")}
    fig["attribution"] = {k: rec[k] for k in ("responsible_component", "primary_code", "secondary_codes",
                                              "first_decisive_event_id")}
    fig["trial"] = {k: rec[k] for k in TRIAL}
    fig["proposed"] = propose(fig, ebr, obsolete, {f"e{r['n']}": i for i, r in enumerate(rows)})
    return fig


def describe(e):
    if e["event"] == "activate":
        return f"activate {e['requirement']}@{e['version']}"
    if e["event"] == "replace":
        return f"replace {e['requirement']}\u2192{e['version']}"
    return f"revoke {e['requirement']}"


def read_before_edit(edits, read_before, ctx):
    """Each edit's region — the smallest unit holding it, all the units it straddles together, else
    its ±10-line window (clipped to the file when its length is known) — and the share read before."""
    per = []
    for e in edits:
        units = ctx["units"].get(e["path"], []) if ctx["units"] is not None else []
        holding = [u for u in units if u[0] <= e["start"] and e["end"] <= u[1]]
        touching = [u for u in units if u[0] <= e["end"] and e["start"] <= u[1]]
        if holding:
            u = min(holding, key=lambda u: (u[1] - u[0], u[0]))
            region, lo, hi = "unit", u[0], u[1]
        elif touching:  # judged on the units it straddles together, with its own lines between
            region = "unit"
            lo, hi = min([e["start"]] + [u[0] for u in touching]), max([e["end"]] + [u[1] for u in touching])
        else:
            lo, hi = max(1, e["start"] - 10), e["end"] + 10
            n = ctx["file_len"](e["path"])
            if n is not None:
                hi = min(hi, max(n, e["end"]))
            region = "window"
        want = {(e["path"], ln) for ln in range(lo, hi + 1)}
        got = len(want & read_before(e))
        per.append({"event_id": f"e{e['n']}", "turn": e["turn"], "path": e["path"], "start": e["start"],
                    "end": e["end"], "region": region, "region_start": lo, "region_end": hi,
                    "region_lines": len(want), "read_lines": got, "coverage": got / len(want)})
    worst = min(per, key=lambda x: x["coverage"]) if per else None
    return {"edits": len(per), "mean": sum(x["coverage"] for x in per) / len(per) if per else None,
            "worst": worst, "per_edit": per}


def grade(rec, axes, required):
    causes = [k for k in VALIDITY if rec[k] == "invalid"]
    if causes:
        return {"status": "invalid", "strict_success": None, "invalid_causes": causes, "unscored_reasons": [],
                "failed_axes": [], "required": required}
    reasons = [f"{k} pending" for k in VALIDITY if rec[k] == "pending"]
    for a in required:
        if axes[a] is None:
            reasons.append(f"{a}: no evidence")
        elif axes[a] == "not_applicable":
            reasons.append(f"{a}: not applicable (a planned change never fired)")
    failed = [a for a in required if axes[a] is False]
    if reasons:  # an unscored run failed nothing: failed_axes lists a scored run's failed required axes
        return {"status": "unscored", "strict_success": None, "invalid_causes": [], "unscored_reasons": reasons,
                "failed_axes": [], "required": required}
    return {"status": "scored", "strict_success": not failed, "invalid_causes": [], "unscored_reasons": [],
            "failed_axes": failed, "required": required}


def propose(fig, ebr, obsolete, evpos):
    """Ties within a turn go to the earlier event in turn order (turn, step, file order)."""
    none = {"responsible_component": None, "primary_code": None, "secondary_codes": [],
            "first_decisive_event_id": None}
    if fig["status"] == "invalid":
        comp = {"environment": "environment", "simulator": "simulator", "scenario_oracle": "oracle"}
        c = fig["invalid_causes"]
        return {"responsible_component": comp[c[0]], "primary_code": f"{c[0]}_invalid",
                "secondary_codes": [f"{x}_invalid" for x in c[1:]], "first_decisive_event_id": None}
    if fig["status"] != "scored" or fig["strict_success"]:
        return none
    causes = []  # (turn, event number, code, event id)
    if "exploration" in fig["failed_axes"]:
        if ebr:
            causes.append((ebr[0]["turn"], evpos[ebr[0]["event_id"]], "edited_before_reading", ebr[0]["event_id"]))
        else:
            causes.append((INF, INF, "exploration_below_threshold", None))
    if "requirement_tracking" in fig["failed_axes"] and obsolete:
        o = obsolete[0]
        causes.append((o["turn"], evpos[o["event_id"]], "obsolete_requirement_followed", o["event_id"]))
    if not causes:
        return none
    causes.sort(key=lambda c: (c[0], c[1]))
    return {"responsible_component": "agent", "primary_code": causes[0][2],
            "secondary_codes": [c[2] for c in causes[1:]], "first_decisive_event_id": causes[0][3]}
