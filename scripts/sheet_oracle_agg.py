"""The aggregates of scripts/sheet_oracle.py, from docs/evaluation.md "Aggregation": denominators per
condition and overall (unreadable records planned, never scorable), per-task (n, c), pass^k and pass@k
per task averaged over a condition's tasks (n ≥ k; the common task set; planned n), and the breakdowns
(axes, attribution, validator audit)."""
from fractions import Fraction
from math import comb

from sheet_oracle_lib import AXES, VALIDITY


def rate(a, b):
    return a / b if b else None


def denominators(recs, figs, unreadable):
    st = [figs[(r["task"], r["run"])] for r in recs]
    by_cause = {}
    for f in st:
        if f["status"] == "invalid":
            c = f["invalid_causes"][0]  # counted under its first cause (environment → simulator → oracle)
            by_cause[c] = by_cause.get(c, 0) + 1
    planned = len(recs) + unreadable
    scorable = sum(f["status"] == "scored" for f in st)
    succ = sum(f["status"] == "scored" and f["strict_success"] for f in st)
    return {"planned": planned, "scorable": scorable, "invalid": sum(f["status"] == "invalid" for f in st),
            "invalid_by_cause": dict(sorted(by_cause.items())), "unscored": sum(f["status"] == "unscored" for f in st),
            "unreadable": unreadable, "strict_successes": succ, "success_rate_scorable": rate(succ, scorable),
            "success_rate_planned": rate(succ, planned), "scorable_rate": rate(scorable, planned)}


def pass_k(nc, k, reason=None):
    """nc: [(task, n, c)] → mean over tasks with n ≥ k of C(c,k)/C(n,k) and 1 − C(n−c,k)/C(n,k)."""
    used = [(n, c) for _, n, c in nc if 1 <= k <= n]
    hat = at = None
    if used:
        hat = float(sum(Fraction(comb(c, k), comb(n, k)) for n, c in used) / len(used))
        at = float(sum(1 - Fraction(comb(n - c, k), comb(n, k)) for n, c in used) / len(used))
    excluded = [{"task": t, "reason": f"k = {k} exceeds the {n} scorable trial(s) of this task (need 1 ≤ k ≤ n)"}
                for t, n, _ in nc if not 1 <= k <= n] if reason else []
    return {"k": k, "pass_hat_k": hat, "pass_at_k": at, "tasks_used": len(used), "tasks_excluded": excluded}


def axes_breakdown(recs, figs):
    out = {}
    live = [figs[(r["task"], r["run"])] for r in recs if figs[(r["task"], r["run"])]["status"] != "invalid"]
    for a in AXES:
        vals = [f["axes"][a] for f in live]
        if not vals:  # no run that is not invalid: nothing to break down (readcov lists no axis)
            continue
        p, fl = sum(v is True for v in vals), sum(v is False for v in vals)
        out[a] = {"passed": p, "failed": fl, "no_evidence": sum(v is None for v in vals),
                  "not_applicable": sum(v == "not_applicable" for v in vals), "pass_rate": rate(p, p + fl)}
    return out


def attribution_breakdown(recs, figs):
    out = {}
    for r in recs:
        # given = a component or a code; an event id alone attributes nothing
        given = r["responsible_component"] or r["primary_code"] or r["secondary_codes"]
        a = r if given else figs[(r["task"], r["run"])]["proposed"]
        comp = a["responsible_component"] or "?"
        if a["primary_code"] or a["responsible_component"]:
            key = f"{comp}:{a['primary_code'] or '?'}"
            out.setdefault(key, {"primary": 0, "secondary": 0})["primary"] += 1
        for c in a["secondary_codes"]:
            out.setdefault(f"{comp}:{c}", {"primary": 0, "secondary": 0})["secondary"] += 1
    return dict(sorted(out.items()))


def validator(recs, limit):
    judged = []
    for r in recs:
        v = [r[k] for k in VALIDITY]
        if "invalid" in v:
            judged.append((r, False))
        elif all(x == "valid" for x in v):
            judged.append((r, True))
    audited = [(r, ok) for r, ok in judged if r["regeneration_count"] is not None]
    fp = sum(ok and r["regeneration_count"] == 0 for r, ok in audited)
    after = sum(ok and r["regeneration_count"] >= 1 for r, ok in audited)
    labelled = [(r, ok) for r, ok in judged if r["human_validity"] is not None]
    return {"audited": len(audited), "first_pass_valid": fp, "valid_after_regeneration": after,
            "failed_at_limit": sum(not ok and limit is not None and r["regeneration_count"] >= limit
                                   for r, ok in audited),
            "first_pass_valid_rate": rate(fp, len(audited)),
            "valid_after_regeneration_rate": rate(fp + after, len(audited)),
            "labelled": len(labelled),
            "false_accepts": sum(ok and r["human_validity"] == "invalid" for r, ok in labelled),
            "false_rejects": sum(not ok and r["human_validity"] == "valid" for r, ok in labelled)}


def aggregate(recs, figs, bad_runs, ctx):
    ks = ctx["ks"]
    bad_runs_all, bad_runs = bad_runs, [b for b in bad_runs if b[1] is not None and b[2] is not None]
    conds = sorted({r["condition"] for r in recs} | {b[2] for b in bad_runs})
    per = {}
    for c in conds:
        rs = [r for r in recs if r["condition"] == c]
        bad = [b for b in bad_runs if b[2] == c]
        tasks = {}
        for r in rs:
            f = figs[(r["task"], r["run"])]
            t = tasks.setdefault(r["task"], {"task": r["task"], "planned": 0, "scorable": 0, "successes": 0})
            t["planned"] += 1
            t["scorable"] += f["status"] == "scored"
            t["successes"] += bool(f["status"] == "scored" and f["strict_success"])
        for b in bad:
            tasks.setdefault(b[1], {"task": b[1], "planned": 0, "scorable": 0, "successes": 0})["planned"] += 1
        per[c] = (rs, bad, [tasks[t] for t in sorted(tasks)])
    max_k = max(ks)
    sets = {}
    for name, field in (("scorable_tasks", "scorable"), ("planned_tasks", "planned")):
        ok = None
        for c in conds:
            have = {t["task"] for t in per[c][2] if t[field] >= max_k}
            ok = have if ok is None else ok & have
        sets[name] = sorted(ok or [])
    out = []
    for c in conds:
        rs, bad, tasks = per[c]
        nc = [(t["task"], t["scorable"], t["successes"]) for t in tasks]
        common = [x for x in nc if x[0] in sets["scorable_tasks"]]
        planned = [(t["task"], t["planned"], t["successes"]) for t in tasks if t["task"] in sets["planned_tasks"]]
        out.append({"condition": c, "denominators": denominators(rs, figs, len(bad)), "tasks": tasks,
                    "breakdown": {"axes": axes_breakdown(rs, figs), "attribution": attribution_breakdown(rs, figs),
                                  "validator": validator(rs, ctx["limit"])},
                    "pass_k": [pass_k(nc, k, True) for k in ks],
                    "pass_k_common": [pass_k(common, k) for k in ks],
                    "pass_k_planned": [pass_k(planned, k) for k in ks]})
    return {"overall": denominators(recs, figs, len(bad_runs_all)), "conditions": out,
            "common": {"max_k": max_k, **sets}}
