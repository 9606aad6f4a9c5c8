#!/usr/bin/env python3
"""Cross-checks `readcov score` against a recomputation written from the docs, not from the Rust
code: docs/metrics.md ("Foundation metrics"), docs/formats.md (reads and gold JSONL, "Paths",
"Tasks, runs and rows", the output keys) and docs/units.md ("Unit coverage", `--widen`). Every
field of `--format json` is compared: each row's status, ratios (exactly: the documented
divisions in f64), counts, `files`, `spans` (with `unread`), the unit keys with a workspace
(`gold_units`, `unit_hit`, both what-ifs and their extra lines, `unit_detail`, `parse_errors`),
and the totals; then `--format jsonl` (the same rows), `--summary` (the same rows without `files`
and `spans`) and the text table (every figure as printed, two decimals, `-` for null, the
verdict, the totals line, and with `--detail` each file's and span's line). Exits 1 naming every
disagreement.

usage: score_oracle.py READCOV check GOLD READS [readcov score options]
       score_oracle.py READCOV edges
       score_oracle.py READCOV random --seed N --trials K

Units are `readcov units` output on the workspace files (a separate command with its own tests);
which unit is innermost, the gold units, their read lines and both what-ifs are recomputed here.
Left out, counted and printed on every run: `read_before_edit` (docs/evaluation.md's
read-before-edit figures, the sheet's, checked by the sheet oracles) and the words of
`unit_notes` (their presence is checked: a gold file without units must have one; their lines
under `--detail` are skipped). Not run here: options with other outputs — `--at-k` (coverage@k
rows of docs/retrievers.md: no oracle yet; its IR measures are 48-ir-measures.sh's), several `--gold` sets and `--consensus`
(`gold_oracle.py sets/loo` check each set against `--gold FILE` alone and the leave-one-out gold),
`--emit-partial`/`--shard`/`--fail-under` (46-shard-check.sh and the CLI tests). Rules the docs left
open and that this oracle follows are written in docs/metrics.md, "Exactly what `readcov score`
writes" (fixed-point means, spans on every row, unit_detail's gold lines, the table's rounding).
"""
import json
import subprocess
import sys

from score_oracle_lib import COUNTED, Model, Workspaces, load_jsonl, load_labels, totals
from score_oracle_table import check_table

PROBLEMS = []
STATS = {"runs": 0, "rows": 0, "fields": 0, "table_lines": 0, "left_out_rbe": 0, "left_out_notes": 0}


def problem(msg):
    PROBLEMS.append(msg)


def opt(args, name, default=None, many=False):
    vals = [args[i + 1] for i, a in enumerate(args[:-1]) if a == name]
    return vals if many else (vals[-1] if vals else default)


def readcov(rc, args, fmt):
    p = subprocess.run([rc, "score", *args, "--format", fmt], capture_output=True, text=True)
    if p.returncode not in (0, 1):
        problem(f"readcov score {' '.join(args)} --format {fmt}: exit {p.returncode}: {p.stderr.strip()[-300:]}")
        return None
    return p.stdout


def same(where, key, got, want):
    STATS["fields"] += 1
    if type(got) is not type(want) and not (isinstance(got, (int, float)) and isinstance(want, (int, float))
                                             and not isinstance(got, bool) and not isinstance(want, bool)):
        problem(f"{where}: {key} = {got!r}, oracle {want!r}")
    elif got != want:
        problem(f"{where}: {key} = {got!r}, oracle {want!r}")


def compare_obj(where, got, want):
    for k in want:
        if k not in got:
            problem(f"{where}: key {k} missing (oracle {want[k]!r})")
        elif isinstance(want[k], list) and want[k] and isinstance(want[k][0], dict):
            if len(got[k]) != len(want[k]):
                problem(f"{where}: {k} has {len(got[k])} item(s), oracle {len(want[k])}: {got[k][:3]} vs {want[k][:3]}")
                continue
            for i, (g, w) in enumerate(zip(got[k], want[k])):
                compare_obj(f"{where} {k}[{i}]", g, w)
        else:
            same(where, k, got[k], want[k])


def check(rc, gold, reads, args, label=None):
    """Run readcov score on GOLD and READS with ARGS and compare every output with the model."""
    STATS["runs"] += 1
    label = label or f"{gold} {reads} {' '.join(args)}"
    ws = Workspaces(opt(args, "--workspace"), opt(args, "--workspaces"))
    sources = tuple(opt(args, "--sources", ",".join(COUNTED)).split(","))
    thr = float(opt(args, "--threshold", "0.5"))
    widen = int(opt(args, "--widen", "10"))
    model = Model(load_jsonl(gold), load_jsonl(reads), ws, sources, thr, load_labels(opt(args, "--outcomes", many=True)),
                  widen, rc)
    if ws.active():
        ws.prefetch(rc, [(t, sp[0]) for t, spans in model.gold_tasks.items() for sp in spans])
    want_rows = model.rows()
    want_tot = totals(want_rows)
    base = ["--gold", gold, "--reads", reads, *args]
    out = readcov(rc, base, "json")
    if out is None:
        return
    d = json.loads(out)
    same(label, "threshold", d["threshold"], thr)
    got = {(r["task"], r["run"]): r for r in d["rows"]}
    if [(r["task"], r["run"]) for r in d["rows"]] != [(r["task"], r["run"]) for r in want_rows]:
        problem(f"{label}: rows {[(r['task'], r['run']) for r in d['rows']]}, oracle {[(r['task'], r['run']) for r in want_rows]}")
    for w in want_rows:
        g = got.get((w["task"], w["run"]))
        if g is None:
            continue
        STATS["rows"] += 1
        where = f"{label}: {w['task']} / {w['run']}"
        rbe = g.get("read_before_edit")
        if rbe is not None:
            STATS["left_out_rbe"] += 1
        if "unit_notes" in g:
            STATS["left_out_notes"] += 1
            nunits = sum(1 for f in w["files"] if ws.units(rc, w["task"], f["path"]) is None)
            if nunits and not g["unit_notes"]:
                problem(f"{where}: no unit note, oracle {nunits} gold file(s) without units")
        extra = set(g) - set(w) - {"read_before_edit", "unit_notes"}
        if extra:
            problem(f"{where}: keys the docs do not name: {sorted(extra)}")
        compare_obj(where, g, w)
    compare_obj(f"{label}: totals", d["totals"], want_tot)
    jl = readcov(rc, base, "jsonl")
    if jl is not None and [json.loads(x) for x in jl.splitlines() if x.strip()] != d["rows"]:
        problem(f"{label}: --format jsonl rows differ from --format json rows")
    sm = readcov(rc, base + ["--summary"], "json")
    if sm is not None:
        s = json.loads(sm)
        want = [{k: v for k, v in r.items() if k not in ("files", "spans")} for r in d["rows"]]
        if s["rows"] != want or s["totals"] != d["totals"]:
            problem(f"{label}: --summary rows are not the full rows less files and spans")
    # --detail prints the plain table's lines, then each scored row's files, spans and units
    tb = readcov(rc, base + ["--detail", "--no-legend"], "table")
    if tb is not None:
        STATS["table_lines"] += check_table(f"{label} --detail", tb, want_rows, want_tot, thr, ws.active(), widen,
                                            True, problem)


def main():
    rc, mode, *rest = sys.argv[1:]
    if mode == "check":
        check(rc, rest[0], rest[1], rest[2:])
    elif mode == "edges":
        from score_oracle_cases import edges
        edges(rc, check)
    elif mode == "random":
        from score_oracle_cases import random_cases
        random_cases(rc, check, int(opt(rest, "--seed", "1")), int(opt(rest, "--trials", "40")))
    else:
        raise SystemExit(__doc__)
    for p in PROBLEMS:
        print("DISAGREE", p)
    print(f"score oracle {mode}: {STATS['runs']} score run(s), {STATS['rows']} rows, {STATS['fields']} fields, "
          f"{STATS['table_lines']} table lines compared; left out: read_before_edit of {STATS['left_out_rbe']} "
          f"row(s) with edits (the sheet oracles' figure), the words of unit_notes of {STATS['left_out_notes']} "
          f"row(s) (their presence is checked); {len(PROBLEMS)} disagreement(s)")
    sys.exit(1 if PROBLEMS else 0)


if __name__ == "__main__":
    main()
