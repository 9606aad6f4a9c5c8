"""python_cli_oracle's explain and report cases (session 36): `explain`'s document, its
`.to_pandas()` / `.to_arrow()` (the gold files) and `explain_sets`' list against `readcov explain
--format json` on the real runs, with and without workspaces, gold units and several thresholds;
and `report`'s figures dict, which has no JSON twin, figure by figure against what the CLI's
`score`, `score --at-k` and `diagnose` JSON and the HTML page it writes say for the same inputs."""

import html
import re

import readcov
from python_cli_oracle import REAL, check, cli, cli_json, same
from python_cli_oracle_cases import GOLD, STATE

SOURCES = REAL / "sources"
# docs/python.md: explain's `.to_pandas()` columns, the CLI's keys of a gold file, in its order.
FILE_COLUMNS = ["path", "gold_lines", "covered", "coverage", "opened", "first_read_turn", "reads", "spans"]
# Whole-number columns that are nullable `Int64` whatever the rows (a file no run read has none).
NULLABLE_INT = {"first_read_turn"}


def json_kind(values):
    present = [v for v in values if v is not None]
    if present and all(type(v) is bool for v in present):
        return "bool"
    if present and all(type(v) is int for v in present):
        return "int"
    if present and all(type(v) in (int, float) for v in present):
        return "float"
    if present and all(type(v) is str for v in present):
        return "str"
    return None


def frame_same(case, want_files, doc):
    """`doc.to_pandas()` and `.to_arrow()` hold the CLI's `files`: docs' columns in order, each
    cell the CLI's value and JSON type, each column the dtype docs/python.md gives its values."""
    df = doc.to_pandas()
    check("explain", f"{case} to_pandas columns", list(df.columns) == FILE_COLUMNS,
          f"columns {list(df.columns)}, docs {FILE_COLUMNS}")
    table = doc.to_arrow() if hasattr(doc, "to_arrow") else None  # before session 36: none
    check("explain", f"{case} to_arrow", table is not None and list(table.column_names) == FILE_COLUMNS,
          f"to_arrow's columns {table and table.column_names}")
    for col in FILE_COLUMNS:
        if col not in df.columns:
            continue
        want = [f[col] for f in want_files]
        cells = [None if na is True else v for v, na in zip(df[col].tolist(), _isna(df[col]))]
        same("explain", f"{case} to_pandas {col}", want, cells)
        if table is not None:
            same("explain", f"{case} to_arrow {col}", want, table.column(col).to_pylist())
        kind = json_kind(want)
        missing = any(v is None for v in want)
        dtype = {"bool": "boolean", "float": "float64", None: "object"}.get(kind)
        if kind == "int":
            dtype = "Int64" if missing or col in NULLABLE_INT else "int64"
        if kind is None and col in NULLABLE_INT:
            dtype = "Int64"  # every file unread: still the column's type
        # Text: pandas 3's `str` (object before pandas 3, as docs/python.md says).
        ok = str(df[col].dtype) in ("str", "object") if kind == "str" else str(df[col].dtype) == dtype
        check("explain", f"{case} dtype {col}", ok,
              f"column `{col}` ({kind} values{', some null' if missing else ''}): dtype {df[col].dtype}, docs {dtype}")
        arrow = {"bool": "bool", "int": "int64", "float": "double"}.get(kind)
        if col in NULLABLE_INT:
            arrow = "int64"
        if arrow and table is not None:
            check("explain", f"{case} arrow type {col}", str(table.column(col).type) == arrow,
                  f"column `{col}`: arrow type {table.column(col).type}, want {arrow}")


def _isna(series):
    return [x is True for x in series.isna().tolist()]


def step_explain_frames(tmp):
    gold, reads, units = STATE["gold"], STATE["reads"], tmp / "gold-units.jsonl"
    pairs = sorted({(r["task"], r["run"]) for r in STATE["ws_rows"]})
    cases = [(f"{t}/{r} workspaces threshold=0.9", gold, t, r, ["--workspaces", SOURCES, "--threshold", "0.9"],
              {"workspaces": SOURCES, "threshold": 0.9}) for t, r in pairs]
    cases += [(f"{t}/{r} no workspace", gold, t, r, [], {}) for t, r in pairs[::2]]
    cases += [(f"{t}/{r} units gold threshold=0.3", units, t, r, ["--workspaces", SOURCES, "--threshold", "0.3"],
               {"workspaces": SOURCES, "threshold": 0.3}) for t, r in pairs[::3]]
    for case, g, task, run, args, kw in cases:
        want = cli_json("explain", "--gold", g, "--reads", reads, "--task", task, "--run", run, "--no-stages",
                        *args, "--format", "json")
        doc = readcov.explain(g, reads, task, run, stages=False, **kw)
        same("explain", case, want, doc)
        frame_same(case, want["files"], doc)
    # explain_sets: the CLI's array, one document per set.
    for task, run in pairs[::4]:
        want = cli_json("explain", "--gold", f"edit={gold}", "--gold", f"units={units}", "--reads", reads, "--task", task,
                        "--run", run, "--threshold", "0.9", "--no-stages", "--format", "json")
        got = readcov.explain_sets({"edit": gold, "units": units}, reads, task, run, threshold=0.9, stages=False)
        same("explain_sets", f"{task}/{run} threshold=0.9", want, got)
        for w, doc in zip(want, got):
            frame_same(f"explain_sets {task}/{run} {w['gold_set']}", w["files"], doc)


def in_order(want, like):
    """`want` with each dict's keys in `like`'s order (the report's figures are a JSON value:
    sorted keys; the CLI's JSON has its records' order): the values and key sets still compared."""
    if isinstance(want, dict) and isinstance(like, dict) and set(want) == set(like):
        return {k: in_order(want[k], like[k]) for k in like}
    if isinstance(want, list) and isinstance(like, list):
        return [in_order(w, g) for w, g in zip(want, like)] + want[len(like):]
    return want


def cards(page):
    """The HTML page's summary cards: label → (value, note)."""
    found = re.findall(r'card-label">([^<]*)</div><div class="card-value">([^<]*)</div>(?:<div class="card-note">([^<]*)</div>)?', page)
    return {html.unescape(k): (html.unescape(v), html.unescape(n)) for k, v, n in found}


def number(text, pattern):
    m = re.search(pattern, text)
    return int(m[1]) if m else None


def step_report_figures(tmp):
    gold, reads, patches = STATE["gold"], STATE["reads"], STATE["patches"]
    page = tmp / "figures.html"
    common = ["--gold", gold, "--reads", reads, "--workspaces", SOURCES, "--outcomes", GOLD]
    for threshold in ("0.5", "0.9"):
        case = f"threshold={threshold}"
        cli("report", *common, "--patches", patches, "--at-k", "1,3", "--threshold", threshold, "--html", page)
        got = readcov.report(gold, reads, workspaces=SOURCES, outcomes=GOLD, patches=patches, at_k=[1, 3],
                             threshold=float(threshold))
        scored = cli_json("score", *common, "--threshold", threshold, "--format", "json")
        at_k = cli_json("score", *common, "--threshold", threshold, "--at-k", "1,3", "--format", "json")
        diag = cli_json("diagnose", *common, "--patches", patches, "--threshold", threshold, "--format", "json")
        check("report", f"{case} totals keys", set(got["totals"]) <= set(scored["totals"]),
              f"totals keys the CLI's score has not: {sorted(set(got['totals']) - set(scored['totals']))}")
        same("report", f"{case} totals", {k: scored["totals"][k] for k in got["totals"]}, got["totals"])
        same("report", f"{case} threshold", scored["threshold"], got["threshold"])
        # The report's curve points are the CLI's points without the unit and IR measures.
        check("report", f"{case} at_k keys", all(set(g) <= set(w) for w, g in zip(at_k["at_k"], got["at_k"])),
              "a point's key the CLI's `score --at-k` has not")
        same("report", f"{case} at_k", [{k: w[k] for k in g if k in w} for w, g in zip(at_k["at_k"], got["at_k"])],
             got["at_k"])
        same("report", f"{case} diagnosis", in_order(diag["summary"], got["diagnosis"]), got["diagnosis"])
        # The figures the page shows, as the CLI wrote it.
        text = page.read_text()
        c = cards(text)
        title = re.search(r"<title>([^<]*)</title>", text)[1]
        same("report", f"{case} title", html.unescape(title), got["title"])
        same("report", f"{case} tasks", int(c["tasks"][0]), got["tasks"])
        same("report", f"{case} gold_spans", number(c["tasks"][1], r"(\d+) gold span"), got["gold_spans"])
        same("report", f"{case} runs", int(c["runs"][0]), got["runs"])
        same("report", f"{case} read_events", number(c["lines read"][1], r"from (\d+) read event"), got["read_events"])
        same("report", f"{case} labelled_runs", number(c["resolved"][1], r"of (\d+) labelled"), got["labelled_runs"])
        # Resolve rate by coverage quarter, from the CLI's rows and labels (the report's rule:
        # a scored run's quarter is the first whose top is above its coverage, the last else).
        labels = {(r["task"], r["run"]): r["resolved"] for r in diag["runs"]}
        buckets = [{"high": h, "labelled": 0, "low": lo, "rate": None, "resolved": 0, "unlabelled": 0}
                   for lo, h in ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0))]
        for row in scored["rows"]:
            if row["line_coverage"] is None:
                continue
            b = buckets[next((i for i, x in enumerate(buckets) if row["line_coverage"] < x["high"]), 3)]
            label = labels.get((row["task"], row["run"]))
            b["unlabelled" if label is None else "labelled"] += 1
            b["resolved"] += label is True
        for b in buckets:
            b["rate"] = b["resolved"] / b["labelled"] if b["labelled"] else None
        same("report", f"{case} buckets", buckets, got["buckets"])
        shown = re.findall(r"<title>(\d+)–(\d+)%: (\d+) of (\d+) resolved", text)
        check("report", f"{case} buckets on the page", [(int(r), int(n)) for *_, r, n in shown]
              == [(b["resolved"], b["labelled"]) for b in got["buckets"]], f"the page's buckets {shown}")
    # Several gold sets: each set's figures as `readcov score --gold NAME=FILE ...` gives them.
    sets = cli_json("score", "--gold", f"edit={gold}", "--gold", f"swebench={GOLD}", "--reads", reads, "--format", "json")
    got = readcov.report({"edit": gold, "swebench": GOLD}, reads, stages=False)
    for want, mine in zip(sets["totals"], got["gold_sets"]):
        same("report", f"gold set {want['gold_set']}", {
            "name": want["gold_set"], "mean_file_hit": want["mean_file_hit"],
            "mean_line_coverage": want["mean_line_coverage"], "passing": want["at_or_above_threshold"],
        }, {k: mine[k] for k in ("name", "mean_file_hit", "mean_line_coverage", "passing")})
    # Bad rows skipped: the count the CLI says.
    bad = tmp / "bad-reads.jsonl"
    bad.write_text(reads.read_text() + "{bad\n[]\n")
    p = cli("report", "--gold", gold, "--reads", bad, "--sarif", tmp / "x.sarif", check=False)
    got = readcov.report(gold, bad, errors="collect")
    same("report", "skipped_input_errors", number(p.stderr, r"(\d+) input error\(s\) skipped"), got["skipped_input_errors"])


STEPS = (step_explain_frames, step_report_figures)
