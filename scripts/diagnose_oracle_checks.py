"""The checks of scripts/diagnose_oracle.py beside the figures: every reason's counts and names
(docs/diagnose.md, The verdict: each statement is true of the inputs), what a run-level harness
report says of a task, and the predictions files read in each documented form."""
import json
import re

from oracle_shares import share
from score_oracle_table import threshold_text

# A printed share (docs/metrics.md "How shares are printed"): `49.9%`, `<0.1%`, `>99.9%`.
SHARE = r"([<>]?\d+(?:\.\d)?%)"


def check_reason(d, where, problems, gf, opened, cov, thr, differ, gc_ac, read_under, ends=None):
    """Every statement a reason makes is true of the inputs (docs/diagnose.md, The verdict): the
    counts and names of the forms the shipped runs print, recomputed. `ends`: the line a file the
    workspace lacks is shown up to (docs "Units": the last line the gold's change names there, else the run's)."""
    why = d["reason"]

    def bad(what):
        problems.append(f"{where}: reason {why!r}: {what}")

    def described(u):
        return f"`{u[2]}` ({u[0]}:{u[3]}-{u[4] if u[4] is not None else (ends or {}).get(u[0])})"

    if m := re.match(r"opened (\d+) of (\d+) gold files; never opened (.*)$", why):
        if (int(m[1]), int(m[2])) != (len(gf & opened), len(gf)) or m[3].split(", ") != sorted(gf - opened)[:len(m[3].split(", "))]:
            bad(f"oracle: opened {len(gf & opened)} of {len(gf)}, never {sorted(gf - opened)}")
    if m := re.match(r"gold unit (`[^`]*` \([^)]*\)): (\d+) of (\d+) gold lines read \(" + SHARE + r" < ([\d.]+%)\)(?:; (\d+) more)?", why):
        under = {described(u[0]): u[1:] for u in read_under}
        if under.get(m[1]) != (int(m[2]), int(m[3])) or int(m[6] or 0) != len(under) - 1:
            bad(f"oracle: units under the threshold {under}")
        elif (m[4], m[5]) != (share(int(m[2]) / int(m[3]), thr), threshold_text(thr)):
            bad(f"oracle: {share(int(m[2]) / int(m[3]), thr)} < {threshold_text(thr)}")
    if m := re.match(r"line coverage " + SHARE + r" < ([\d.]+%)", why):
        if (m[1], m[2]) != (share(cov, thr), threshold_text(thr)):
            bad(f"oracle: coverage {cov}: {share(cov, thr)} < {threshold_text(thr)}")
    if gc_ac and (m := re.match(r"changed (\d+) of (\d+) gold change units; not (.*)$", why)):
        gc, ac = gc_ac
        missed = {described(u) for u in gc - ac}
        named = re.findall(r"`[^`]*` \([^)]*\)", m[3])
        if (int(m[1]), int(m[2])) != (len(gc & ac), len(gc)) or not named or not set(named) <= missed:
            bad(f"oracle: changed {len(gc & ac)} of {len(gc)}, not {sorted(missed)}")
    if gc_ac and (m := re.match(r"(\d+) of (\d+) changed units are not gold change units \(precision " + SHARE, why)):
        gc, ac = gc_ac
        if (int(m[1]), int(m[2])) != (len(ac - gc), len(ac)) or m[3] != share(len(gc & ac) / len(ac), 0.5):
            bad(f"oracle: {len(ac - gc)} of {len(ac)} outside the gold change")
    if m := re.search(r"; (`[^`]*` \([^)]*\)) differs from the gold's \(token similarity ([0-9.]+)\)(?:; (\d+) more differ)?", why):
        known = {described(u): sim for u, sim in differ if u is not None}
        if m[1] not in known or abs(known[m[1]] - float(m[2])) > 0.005 or int(m[3] or 0) != len(known) - 1:
            bad(f"oracle: differing units {known}")


def tests_of(reports, task, run):
    """What a run-level harness report (`resolved_ids`, `unresolved_ids`, `empty_patch_ids`,
    `error_ids`) says of the task; None when no report given or the report does not name it."""
    rep = reports.get(run, reports.get("*"))
    if rep is None:
        return None
    for key, harness in (("resolved_ids", "resolved"), ("unresolved_ids", "unresolved"),
                         ("empty_patch_ids", "empty_patch"), ("error_ids", "error")):
        if task in (rep.get(key) or []):
            return harness
    return None


def predictions(path):
    """SWE-bench predictions as JSONL, a JSON list, or a JSON object keyed by instance id."""
    try:
        whole = json.load(open(path))
    except json.JSONDecodeError:
        return jsonl(path)
    if isinstance(whole, list):
        return whole
    if "model_patch" in whole:  # JSONL of one line
        return [whole]
    return [dict(r, instance_id=r.get("instance_id", k)) for k, r in whole.items()]


def jsonl(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows


FIGURES = {  # summary name: a run's figure (its stage, its field)
    "search_recall": ("search", "recall"), "search_precision": ("search", "precision"),
    "line_coverage": ("read", "line_coverage"), "unit_coverage": ("read", "unit_coverage"),
    "unit_precision": ("read", "unit_precision"), "units_read_per_needed": ("read", "units_read_per_needed"),
    "edit_recall": ("edit", "recall"), "edit_precision": ("edit", "precision"),
    "edit_file_recall": ("edit", "file_recall"), "edit_file_precision": ("edit", "file_precision"),
}
VERDICTS = ("no_change", "search", "read", "edit", "change", "tests", "none", "unknown")


def run_figures(r):
    """A run's figures as the summary averages them; a compared unit's `same` and `similarity`
    averaged over the run's compared units (known when it compared one)."""
    out = {k: (r["stages"][s] or {}).get(f) for k, (s, f) in FIGURES.items()}
    units = [u for u in ((r["stages"]["change"] or {}).get("units") or []) if u["same"] is not None]
    out["change_same"] = sum(u["same"] for u in units) / len(units) if units else None
    out["change_similarity"] = sum(u["similarity"] for u in units) / len(units) if units else None
    return out


GROUP = {"run": lambda r: r["run"], "task": lambda r: r["task"],
         "repo": lambda r: r["task"].rsplit("-", 1)[0], "source": lambda r: r["change_source"]}


def check_summary(doc, problems, group_by="run"):
    """The summary (default --group-by run, and `*` when there are several) recomputed from the runs: counts per
    verdict, resolved of labelled, the mean of each figure over the runs where it is known."""
    groups = {}
    for r in doc["runs"]:
        for g in (GROUP[group_by](r), "*"):
            groups.setdefault(g, []).append(r)
    if len(groups) == 2:  # one group: no `*` row beside it (it would repeat it)
        del groups["*"]
    have = {s["group"]: s for s in doc["summary"]}
    if set(have) != set(groups):
        problems.append(f"summary: groups {sorted(have)}, oracle {sorted(groups)}")
    for g, runs in groups.items():
        s = have.get(g)
        if s is None:
            continue
        verdicts = {v: sum(r["verdict"] == v for r in runs) for v in VERDICTS}
        labelled = [r for r in runs if r["resolved"] is not None]
        want = {"runs": len(runs), "verdicts": verdicts, "labelled": len(labelled),
                "resolved": sum(r["resolved"] is True for r in labelled)}
        for k, v in want.items():
            if s[k] != v:
                problems.append(f"summary {g}: {k} {s[k]}, oracle {v}")
        figs = [run_figures(r) for r in runs]
        for k in list(FIGURES) + ["change_same", "change_similarity"]:
            known = [f[k] for f in figs if f[k] is not None]
            mean = sum(known) / len(known) if known else None
            if s["known"].get(k, 0) != len(known) or not (
                    (mean is None and s["mean"].get(k) is None)
                    or (mean is not None and s["mean"].get(k) is not None and abs(s["mean"][k] - mean) < 1e-6)):
                problems.append(f"summary {g}: {k} mean {s['mean'].get(k)} of {s['known'].get(k)}, oracle {mean} of {len(known)}")
        for v in VERDICTS:
            lab = [r for r in labelled if r["verdict"] == v]
            rate = sum(r["resolved"] is True for r in lab) / len(lab) if lab else None
            got = s["resolve_rate"].get(v)
            if (rate is None) != (got is None) or (rate is not None and abs(got - rate) > 1e-6):
                problems.append(f"summary {g}: resolve_rate {v} {got}, oracle {rate}")
