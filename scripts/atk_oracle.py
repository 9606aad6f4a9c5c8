#!/usr/bin/env python3
"""Cross-checks `readcov score --at-k` against a recomputation from the docs
(scripts/atk_oracle_spec.py: docs/retrievers.md "Output: readcov score --at-k", "The widening
what-if", "Chunk fit"; docs/formats.md; docs/metrics.md), never from readcov's code. Every key of
every `--format json` row and `at_k` point is compared (floats to 1e-12, the rest exactly), the
`--format jsonl` rows and `all` rows against the json, the `--format csv` rows against the json
rows' flat keys, and the table's figures (two decimals) against the points; each disagreement is
printed and the exit status is 1.

Left out, counted and printed on every run: `measures` (per row and per point; the IR measures are
scripts/test.d/48-ir-measures.sh's, against ir_measures), and the import of chunks and TREC runs
(the oracle scores the rows `readcov import` wrote; `--raw` also gives readcov the chunk file
itself and checks that on-the-fly import gives the same output).

usage: atk_oracle.py READCOV check --gold G --reads R --at-k K,.. [--raw FILE] [--workspace D |
                     --workspaces D] [--widen N] [--threshold T] [--outcomes LABELS]
       atk_oracle.py READCOV cases            (scripts/atk_oracle_cases.py: hand-made and random)
"""
import argparse
import collections
import csv
import io
import json
import subprocess

from atk_oracle_spec import expected, labelled_runs
from oracle_io import finish, load_jsonl
from oracle_shares import ratio

PROBLEMS = []
CHECKED = collections.Counter()
LEFT_OUT = collections.Counter()


def problem(msg):
    PROBLEMS.append(msg)


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and not isinstance(a, bool) and not isinstance(b, bool) \
            and abs(a - b) <= 1e-12
    return a == b and type(a) is type(b)


def compare(label, want, got):
    """Every key of want against got (both dicts), recursing into lists of dicts."""
    for key in sorted(set(want) | set(got)):
        if key.startswith("_") or key == "measures":
            if key == "measures":
                LEFT_OUT["measures (48-ir-measures.sh)"] += 1
            continue
        if key not in got:
            problem(f"{label}: `{key}` missing (want {want[key]!r})")
        elif key not in want:
            problem(f"{label}: unexpected `{key}` = {got[key]!r}")
        elif isinstance(want[key], list):
            w, g = want[key], got[key]
            if not isinstance(g, list) or len(w) != len(g):
                problem(f"{label}: `{key}` has {len(g) if isinstance(g, list) else g!r} items, want {len(w)}: "
                        f"want {w!r} got {g!r}")
                continue
            for i, (a, b) in enumerate(zip(w, g)):
                compare(f"{label} {key}[{i}]", a, b)
        else:
            CHECKED["fields"] += 1
            if not same(want[key], got[key]):
                problem(f"{label}: `{key}` = {got[key]!r}, want {want[key]!r}")


def run(rc, args):
    p = subprocess.run([rc, "score", *args], capture_output=True, text=True)
    if p.returncode != 0:
        problem(f"score {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()[-400:]}")
        return None
    return p.stdout


def check(rc, gold, reads, ks, ws_args, extra, label, raw=None, gold_rows=None, reads_rows=None,
          workspace=None, workspaces=None, widen=10, t=0.5, outcomes=None):
    labels = ["--outcomes", outcomes] if outcomes else []
    base = ["--gold", gold, "--reads", reads, *ws_args, "--at-k", ",".join(map(str, ks)), *extra, *labels]
    text = run(rc, base + ["--format", "json"])
    if text is None:
        return
    got = json.loads(text)
    rows, points = expected(rc, gold_rows if gold_rows is not None else load_jsonl(gold),
                            reads_rows if reads_rows is not None else load_jsonl(reads),
                            ks, widen, t, workspace, workspaces,
                            labelled_runs(load_jsonl(outcomes)) if outcomes else ())
    CHECKED["cases"] += 1
    for key, want in (("threshold", t), ("widen", widen)):
        if got.get(key) != want:
            problem(f"{label}: json `{key}` = {got.get(key)!r}, want {want!r}")
    if len(got["rows"]) != len(rows):
        problem(f"{label}: {len(got['rows'])} rows, want {len(rows)}: got "
                f"{[(r['k'], r['task'], r['run']) for r in got['rows']]} want {[(r['k'], r['task'], r['run']) for r in rows]}")
    for w, g in zip(rows, got["rows"]):
        CHECKED["rows"] += 1
        compare(f"{label}: row k={w['k']} {w['task']}/{w['run']}", w, g)
    if len(got["at_k"]) != len(points):
        problem(f"{label}: {len(got['at_k'])} points, want {len(points)}")
    for w, g in zip(points, got["at_k"]):
        CHECKED["points"] += 1
        compare(f"{label}: point k={w['k']}", w, g)
    # jsonl: the json rows, each k's `all` row after them
    text = run(rc, base + ["--format", "jsonl"])
    if text is not None:
        lines = [json.loads(x) for x in text.splitlines()]
        want = []
        for p in got["at_k"]:
            want += [r for r in got["rows"] if r["k"] == p["k"]]
            want.append({**p, "task": "all", "run": "all"})
        if lines != want:
            problem(f"{label}: jsonl differs from json rows + `all` points ({len(lines)} lines, want {len(want)})")
        CHECKED["jsonl lines"] += len(lines)
    text = run(rc, base + ["--format", "csv"])
    if text is not None:
        recs = list(csv.DictReader(io.StringIO(text)))
        if len(recs) != len(got["rows"]):
            problem(f"{label}: csv has {len(recs)} rows, want {len(got['rows'])}")
        for rec, r in zip(recs, got["rows"]):
            for key, v in rec.items():
                CHECKED["csv cells"] += 1
                if key not in r or isinstance(r[key], (list, dict)):
                    problem(f"{label}: csv column `{key}` is no flat key of the json row")
                    continue
                if not cell_is(v, r[key]):
                    problem(f"{label}: csv {r['k']} {r['task']}/{r['run']} `{key}` = {v!r}, json {r[key]!r}")
        if recs:
            r = got["rows"][0]
            for key in (k for k, v in r.items() if not isinstance(v, (list, dict))):
                if key not in recs[0]:
                    problem(f"{label}: csv lacks the flat key `{key}` the docs list for csv rows")
    text = run(rc, base)
    if text is not None:
        table(label, text, got["at_k"], t)
    if raw:
        for fmt in ("json",):
            a = run(rc, ["--gold", gold, "--reads", raw, *ws_args, "--at-k", ",".join(map(str, ks)), *extra,
                         *labels, "--format", fmt])
            CHECKED["raw inputs"] += 1
            if a is not None and json.loads(a) != got:
                problem(f"{label}: --reads {raw} (imported on the fly) differs from its imported rows")


def cell_is(v, x):
    if x is None:
        return v == ""
    if isinstance(x, bool):
        return v == str(x).lower()
    if isinstance(x, (int, float)):
        try:
            return abs(float(v) - x) <= 1e-12
        except ValueError:
            return False
    return v == str(x)


def table(label, text, points, t):
    """The curve table: one line per k, figures as the points at two decimals."""
    lines = text.splitlines()
    body = [x.split() for x in lines[2:2 + len(points)]]
    for p, cells in zip(points, body):
        CHECKED["table lines"] += 1
        sc = p["scored"]
        f = ratio  # docs/metrics.md "How shares are printed" (no threshold: all / none exact)
        g = lambda v: "-" if v is None else f"{v:.0f}"
        want = [str(p["k"]), str(p["rows"]), f(p["mean_file_hit"]), f(p["mean_line_coverage"]),
                f"{p['passing']}/{sc}", f(p["mean_coverage_widened_by_lines"]),
                f"{p['passing_widened_by_lines']}/{sc}", g(p["mean_extra_lines_by_lines"]),
                f(p["mean_coverage_widened_to_units"]), f"{p['passing_widened_to_units']}/{sc}",
                g(p["mean_extra_lines_units"]), f(p["mean_chunk_precision"]), f(p["mean_chunk_iou"])]
        if cells != want:
            problem(f"{label}: table line {cells} want {want}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rc")
    ap.add_argument("mode", choices=["check", "cases"])
    ap.add_argument("--gold")
    ap.add_argument("--reads")
    ap.add_argument("--raw")
    ap.add_argument("--at-k", default="1,3,5,10")
    ap.add_argument("--workspace")
    ap.add_argument("--workspaces")
    ap.add_argument("--widen", type=int, default=10)
    ap.add_argument("--threshold", type=float, default=0.5)
    ap.add_argument("--outcomes")
    a = ap.parse_args()
    if a.mode == "check":
        ks = [int(x) for x in a.at_k.split(",")]
        ws = ["--workspace", a.workspace] if a.workspace else (["--workspaces", a.workspaces] if a.workspaces else [])
        extra = (["--widen", str(a.widen)] if a.widen != 10 else []) + \
                (["--threshold", str(a.threshold)] if a.threshold != 0.5 else [])
        check(a.rc, a.gold, a.reads, ks, ws, extra, f"{a.reads} k={a.at_k}", raw=a.raw, workspace=a.workspace,
              workspaces=a.workspaces, widen=a.widen, t=a.threshold, outcomes=a.outcomes)
    else:
        import atk_oracle_cases
        atk_oracle_cases.run_all(a.rc, check)
    finish(CHECKED, LEFT_OUT, PROBLEMS)


if __name__ == "__main__":
    main()
