#!/usr/bin/env python3
"""Cross-checks the text and HTML forms of the evaluation sheet against its JSON (`readcov sheet
--format json`, itself audited by scripts/sheet_oracle.py): every figure the table (`readcov
sheet`) and the HTML report's "Evaluation sheet" section (`readcov report --html --runs`) print
must be the JSON's, rounded as docs/evaluation.md says (ratios to 2 decimals, percentages whole;
both rounded to nearest), under the label the page gives it, nothing left out. The expected text
is written here from the JSON, in the layout of the page's worked example; every line that
differs is a disagreement. Sheets: the worked example, the real-trajectory recipe, and the
hand-made and seeded-random sheets of scripts/sheet_oracle_gen.py.

usage: sheet_text_oracle.py READCOV [--trials N] [--seed S]
"""
import html
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle_shares  # noqa: E402  (docs/metrics.md "How shares are printed")
from score_oracle_table import threshold_text  # noqa: E402

AXES = ["target", "regression_free", "output", "state", "process", "requirement_tracking", "exploration"]
SHORT = {"target": "target", "regression_free": "regr", "output": "output", "state": "state",
         "process": "process", "requirement_tracking": "req", "exploration": "explore"}
PROBLEMS, CHECKED = [], {"sheets": 0, "lines": 0, "html cells": 0}


def esc(s):
    """Names from the inputs as text outputs show them (docs/reliability.md "Names in text outputs"):
    control characters and bidi controls as visible escapes."""
    out = []
    for ch in str(s):
        o = ord(ch)
        if ch in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif o < 0x20 or 0x7f <= o <= 0x9f:
            out.append(f"\\x{o:02x}")
        elif 0x202a <= o <= 0x202e or 0x2066 <= o <= 0x2069:
            out.append(f"\\u{{{o:x}}}")
        else:
            out.append(ch)
    return "".join(out)


def ratio(x, thr=None):
    """Two decimals by metrics.md "How shares are printed"; `thr`: the threshold it is read against."""
    return oracle_shares.ratio(x, thr)


def percent(x):
    return oracle_shares.share(x)


def axis_short(v):
    return {True: "yes", False: "NO", None: "-", "not_applicable": "n/a"}[v]


def table(header, rows, left):
    rows = [[esc(c) for c in r] for r in rows]
    width = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]

    def line(cells):
        out = [c.ljust(width[i]) if i in left else c.rjust(width[i]) for i, c in enumerate(cells)]
        return "  ".join(out).rstrip()
    return [line(header), line(["-" * w for w in width])] + [line(r) for r in rows]


def attribution(r):
    """The grader's attribution when it names a component or a code (an event id alone is none:
    docs/evaluation.md "Failure attribution"), else readcov's proposal marked `*`."""
    g = r["attribution"]
    given = g["responsible_component"] or g["primary_code"] or g["secondary_codes"]
    a, mark = (g, "") if given else (r["proposed"], "*")
    out = ":".join(x for x in (a["responsible_component"], a["primary_code"]) if x)
    if a["first_decisive_event_id"]:
        out += "@" + a["first_decisive_event_id"]
    for c in a["secondary_codes"]:
        out += " +" + c
    return "-" if not out else out.strip() + mark


def run_row(r, thr):
    success = {True: "yes", False: "NO", None: "-"}[r["strict_success"]]
    cells = [r["run"], r["task"], r["condition"], r["status"], success]
    for a in AXES:
        v = axis_short(r["axes"].get(a))
        cells.append(v if a in r["required"] else f"({v})")
    tl = r["timeline"]
    if tl and any(p["coverage"] is not None for p in tl["turns"]):
        reached = "never" if tl["first_turn_reached"] is None else f"t{tl['first_turn_reached']}"
    else:
        reached = "-"
    w = r["read_before_edit"]["worst"]
    cells += [ratio(r["line_coverage"], thr), reached, ratio(r["read_before_edit"]["mean"]),
              "-" if w is None else f"{ratio(w['coverage'])} ({w['event_id']})", attribution(r)]
    return cells


def timeline(r, name, thr):
    tl = r["timeline"]
    if tl is None:
        return f"  {esc(name)}: no gold or no reads given"
    parts = []
    for p in tl["turns"]:
        s = f"t{p['turn']} {ratio(p['coverage'], thr)}"
        if p["coverage"] is not None and tl["first_turn_reached"] == p["turn"]:
            s += " \u2713"
        if p["edits"]:
            s += f" {p['edits']}e"
        if p["ledger"]:
            s += f" [{', '.join(p['ledger'])}]"
        parts.append(s)
    for e in tl["edited_before_reading"]:
        parts.append(f"edited before reading: {e['event_id']} {e['path']} at t{e['turn']} "
                     f"({e['read_before']}/{e['gold_lines']} gold lines read)")
    for e in tl["obsolete_edits"]:
        parts.append(f"obsolete edit: {e['event_id']} {e['path']} at t{e['turn']} (dropped requirement {e['requirement']})")
    return f"  {esc(name)}: " + esc(" \u00b7 ".join(parts))


def trial(t):
    parts = []
    if t.get("termination"):
        parts.append(f"ended {t['termination']['reason']}")
    counts = [f"{t[k]} {w}{'' if t[k] == 1 else 's'}" for k, w in
              (("agent_turns", "agent turn"), ("user_messages", "user message"), ("tool_calls", "tool call"),
               ("marker_records", "marker record")) if t.get(k) is not None]
    if counts:
        parts.append(", ".join(counts))
    a, n = t.get("attempt_id"), t.get("regeneration_count")
    if a is not None and n is not None:
        parts.append(f"attempt {a} after {n} regeneration(s)")
    elif a is not None:
        parts.append(f"attempt {a}")
    elif n is not None:
        parts.append(f"{n} regeneration(s)")
    i, f = t.get("initial_requirement_version"), t.get("final_requirement_version")
    if i is not None or f is not None:
        parts.append(f"requirements {i or '?'}\u2192{f or '?'}")
    if t.get("human_validity"):
        parts.append(f"human check: {t['human_validity']}")
    return " \u00b7 ".join(parts)


def denominators(d):
    causes = ", ".join(f"{c} {n}" for c, n in d["invalid_by_cause"].items())
    inv = f"{d['invalid']} ({causes})" if causes else str(d["invalid"])
    unread = f" \u00b7 unreadable {d['unreadable']}" if d["unreadable"] else ""
    return (f"planned {d['planned']} \u00b7 scorable {d['scorable']} ({percent(d['scorable_rate'])} of planned) \u00b7 "
            f"invalid {inv} \u00b7 unscored {d['unscored']}{unread} \u00b7 strict successes {d['strict_successes']} = "
            f"{percent(d['success_rate_scorable'])} of scorable, {percent(d['success_rate_planned'])} of planned")


def pk(p):
    return f"k={p['k']}: pass^k {ratio(p['pass_hat_k'])} \u00b7 pass@k {ratio(p['pass_at_k'])}"


def condition(c, common):
    out = ["", f"condition {esc(c['condition'])}", "  " + denominators(c["denominators"])]
    out.append("  per task (successes/scorable): " + ", ".join(f"{esc(t['task'])} {t['successes']}/{t['scorable']}"
                                                                for t in c["tasks"]))
    for p in c["pass_k"]:
        s = f"  {pk(p)} \u00b7 over {p['tasks_used']} task(s)"
        for e in p["tasks_excluded"]:
            s += f" \u00b7 {esc(e['task'])} left out: {e['reason']}"
        out.append(s)
    mk = common["max_k"]
    out.append(f"  common tasks (n \u2265 {mk} scorable in every condition), {len(common['scorable_tasks'])} task(s): "
               + " \u00b7 ".join(pk(p) for p in c["pass_k_common"]))
    out.append(f"  planned n, missing trials = failures (n \u2265 {mk} planned in every condition), "
               f"{len(common['planned_tasks'])} task(s): " + " \u00b7 ".join(pk(p) for p in c["pass_k_planned"]))
    b = c["breakdown"]
    axes = [f"{SHORT[a]} {v['passed']}/{v['passed'] + v['failed']}" for a, v in
            sorted(b["axes"].items(), key=lambda kv: AXES.index(kv[0])) if v["passed"] + v["failed"]]
    if axes:
        out.append("  axes passed/judged (runs not invalid): " + " \u00b7 ".join(axes))
    if b["attribution"]:
        out.append("  attribution (primary+secondary): " + " \u00b7 ".join(
            f"{esc(k)} {v['primary']}+{v['secondary']}" for k, v in b["attribution"].items()))
    v = b["validator"]
    if v["audited"]:
        out.append(f"  validator: {v['audited']} audited \u00b7 first-pass valid {v['first_pass_valid']} "
                   f"({percent(v['first_pass_valid_rate'])}) \u00b7 valid after regeneration "
                   f"{v['valid_after_regeneration']} ({percent(v['valid_after_regeneration_rate'])} valid in all) "
                   f"\u00b7 failed at the regeneration limit {v['failed_at_limit']}")
    if v["labelled"]:
        out.append(f"  validator vs human check: {v['labelled']} labelled \u00b7 false accepts {v['false_accepts']} "
                   f"\u00b7 false rejects {v['false_rejects']}")
    return out


def expected_text(doc):
    runs = doc["runs"]
    header = ["run", "task", "condition", "status", "success"] + [SHORT[a] for a in AXES] + \
             ["line_cov", "reached", "rbe_mean", "rbe_worst", "attribution"]
    out = [f"readcov sheet \u00b7 threshold {threshold_text(doc['threshold'])} \u00b7 (x) = axis reported, not required "
           "\u00b7 * = proposed by readcov", ""]
    out += table(header, [run_row(r, doc["threshold"]) for r in runs], {0, 1, 2, 3, 15, 16})
    unique = len({r["run"] for r in runs}) == len(runs)
    name = (lambda r: r["run"]) if unique else (lambda r: f"{r['task']}/{r['run']}")
    out += ["", "timeline (turn: coverage against the gold active then; \u2713 = threshold reached)"]
    out += [timeline(r, name(r), doc["threshold"]) for r in runs]
    trials = [f"  {esc(name(r))}: {esc(trial(r['trial']))}" for r in runs if trial(r["trial"])]
    if trials:
        out += ["", "trials (as the harness recorded them)"] + trials
    reasons = []
    for r in runs:
        if r["status"] == "invalid":
            reasons.append(f"  {esc(name(r))}: invalid \u2014 {', '.join(r['invalid_causes'])} invalid")
        elif r["status"] == "unscored":
            reasons.append(f"  {esc(name(r))}: unscored \u2014 {'; '.join(r['unscored_reasons'])}")
    if reasons:
        out += ["", "not scored"] + reasons
    for c in doc["conditions"]:
        out += condition(c, doc["common"])
    out += ["", "all conditions", "  " + denominators(doc["overall"])]
    if doc.get("no_run_tasks"):
        n = len(doc["no_run_tasks"])
        out += ["", f"gold \u00b7 {n} task(s) with no run, not scored (no run record names them): "
                    + ", ".join(esc(t) for t in doc["no_run_tasks"])]
    return out


def compare_text(label, got, want):
    got = got.rstrip("\n").split("\n")
    CHECKED["lines"] += max(len(got), len(want))
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else "<none>"
        w = want[i] if i < len(want) else "<none>"
        if g != w:
            PROBLEMS.append(f"{label}: text line {i + 1}:\n    readcov: {g}\n    from its JSON: {w}")
            return


def html_rate(x):
    return "\u2013" if x is None else oracle_shares.share(x)


def html_num(x):
    return "\u2013" if x is None else oracle_shares.ratio(x)


def expected_html(doc):
    """{condition: [cells]} of the Evaluation sheet table (docs/evaluation.md "In the HTML report")."""
    rows = {}
    for c in doc["conditions"]:
        d, b, v = c["denominators"], c["breakdown"], c["breakdown"]["validator"]

        def cells(ps):
            return "<br>".join(f"k={p['k']}: {html_num(p['pass_hat_k'])} / {html_num(p['pass_at_k'])} "
                               f"({p['tasks_used']} task(s))" for p in ps)
        causes = ", ".join(f"{k} {n}" for k, n in d["invalid_by_cause"].items())
        rows[c["condition"]] = [
            str(d["planned"]), f"{d['scorable']} ({html_rate(d['scorable_rate'])} of planned)",
            f"{d['invalid']} ({causes})" if causes else str(d["invalid"]), str(d["unscored"]), str(d["unreadable"]),
            f"{d['strict_successes']} ({html_rate(d['success_rate_scorable'])} / {html_rate(d['success_rate_planned'])})",
            cells(c["pass_k"]), cells(c["pass_k_common"]), cells(c["pass_k_planned"]),
            "<br>".join(f"{a} {x['passed']}/{x['passed'] + x['failed']}" for a, x in
                        sorted(b["axes"].items(), key=lambda kv: AXES.index(kv[0])) if x["passed"] + x["failed"]),
            "<br>".join(f"{k} {x['primary']}+{x['secondary']}" for k, x in b["attribution"].items()),
            f"{v['audited']} audited \u00b7 first-pass valid {v['first_pass_valid']} ({html_rate(v['first_pass_valid_rate'])}) "
            f"\u00b7 valid after regeneration {v['valid_after_regeneration']} "
            f"({html_rate(v['valid_after_regeneration_rate'])} valid in all) \u00b7 failed at the regeneration limit "
            f"{v['failed_at_limit']} \u00b7 {v['labelled']} labelled: {v['false_accepts']} false accept(s), "
            f"{v['false_rejects']} false reject(s)"]
    return rows


def html_rows(page):
    m = re.search(r'<section aria-labelledby="h-sheet">.*?</section>', page, re.S)
    if not m:
        return None
    out = {}
    for tr in re.findall(r"<tr><th scope=\"row\">(.*?)</th>(.*?)</tr>", m.group(0), re.S):
        out[html.unescape(tr[0])] = [html.unescape(x) for x in re.findall(r"<td>(.*?)</td>", tr[1], re.S)]
    return out


def audit_sheet(rc, args, label, report=None):
    p = subprocess.run([rc, "sheet", *args, "--format", "json"], capture_output=True, text=True)
    t = subprocess.run([rc, "sheet", *args], capture_output=True, text=True)
    if p.returncode != t.returncode:
        PROBLEMS.append(f"{label}: exit {t.returncode} for the table, {p.returncode} for JSON")
    if p.returncode != 0:
        return
    doc = json.loads(p.stdout)
    CHECKED["sheets"] += 1
    compare_text(label, t.stdout, expected_text(doc))
    if report is not None:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "r.html")
            h = subprocess.run([rc, "report", *report, "--html", out], capture_output=True, text=True)
            if h.returncode != 0:
                PROBLEMS.append(f"{label}: report exit {h.returncode}: {h.stderr[-300:]}")
                return
            got = html_rows(open(out, encoding="utf-8").read())
        if got is None:
            PROBLEMS.append(f"{label}: the HTML report has no Evaluation sheet section")
            return
        want = expected_html(doc)
        for cond in sorted(set(got) | set(want)):
            g, w = got.get(cond), want.get(cond)
            CHECKED["html cells"] += len(w or g or [])
            if g != w:
                PROBLEMS.append(f"{label}: HTML row `{cond}`:\n    readcov: {g}\n    from its JSON: {w}")


def report_args(args):
    """`readcov report` arguments grading the same sheet, when the sheet has gold and reads and only
    the options the report takes (docs/evaluation.md "In the HTML report")."""
    opts = dict(zip(args[::2], args[1::2]))
    if "--gold" not in opts or "--reads" not in opts or set(opts) - {"--gold", "--reads", "--runs", "--ledger",
                                                                      "--tasks", "--k", "--threshold", "--sources"}:
        return None
    if "--tasks" not in opts and "--require" in opts:
        return None
    return args


def main():
    rc = os.path.abspath(sys.argv[1])
    opts = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sheet_oracle_edges import handmade, handmade_large
    from sheet_oracle_gen import case
    fx = "tests/fixtures/sheet"
    ex = ["--runs", f"{fx}/runs.jsonl", "--gold", f"{fx}/gold.jsonl", "--reads", f"{fx}/reads.jsonl",
          "--ledger", f"{fx}/ledger.jsonl", "--tasks", f"{fx}/tasks.jsonl"]
    audit_sheet(rc, ex + ["--k", "1,2", "--regeneration-limit", "2"], "worked example")
    audit_sheet(rc, ex + ["--k", "1,2"], "worked example (report)", ex + ["--k", "1,2"])
    audit_sheet(rc, ex + ["--k", "1,2,3", "--units", f"{fx}/units.jsonl", "--threshold", "0.8"], "example, units")
    with tempfile.TemporaryDirectory() as d:
        recs = [{"run": "r1", "task": "t\u202e1", "condition": "A\nplanned 99", "environment": "valid",
                 "simulator": "valid", "scenario_oracle": "valid", "target": False, "primary_code": "x\ty",
                 "responsible_component": "agent", "termination": {"reason": "done\x1b[31m"}, "attempt_id": "a\r1"},
                {"run": "r\n2", "task": "t2", "condition": "B", "environment": "invalid"}]
        open(f"{d}/runs.jsonl", "w").write("".join(json.dumps(r) + "\n" for r in recs))
        audit_sheet(rc, ["--runs", f"{d}/runs.jsonl", "--require", "target"], "names with control characters")
    for extra in opts.get("--extra", "").split(";"):
        if extra:
            a = extra.split()
            audit_sheet(rc, a, f"given: {extra}", report_args(a))
    rng = random.Random(int(opts.get("--seed", 1)))
    for i in range(-2, int(opts.get("--trials", 100))):
        d = tempfile.mkdtemp(prefix=f"sheet-text-{i}-")
        try:
            a = [handmade_large, handmade][i + 2](d) if i < 0 else case(rng, d)
            audit_sheet(rc, a, f"random sheet {i}: {' '.join(a)}", report_args(a))
        finally:
            shutil.rmtree(d)
    for p in PROBLEMS:
        print(p, file=sys.stderr)
    print(f"sheet text oracle: checked {CHECKED}; {len(PROBLEMS)} disagreement(s)")
    sys.exit(1 if PROBLEMS else 0)


if __name__ == "__main__":
    main()
