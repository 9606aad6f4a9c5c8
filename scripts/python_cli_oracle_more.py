"""python_cli_oracle's other cases: import_log on every file of tests/data/formats and the real
folders, explore, sheet, contextbench, locbench, units on the real sources, and `.to_pandas()` /
`.to_arrow()` columns and dtypes against docs/python.md."""

import json

import readcov
from python_cli_oracle import FIXTURES, FORMATS, MULTI, REAL, check, cli, cli_json, cli_jsonl, jsonl, same, summary_same
from python_cli_oracle_cases import GOLD, STATE


def step_import_formats(tmp):
    files = [p for p in sorted(FORMATS.rglob("*")) if p.is_file() and p.name != "MANIFEST.md"]
    files += sorted((REAL / "claude-code").glob("*.jsonl")) + sorted((REAL / "swe-agent-java").glob("*.traj"))
    for path in files:
        labels = tmp / "labels.jsonl"
        labels.unlink(missing_ok=True)
        p = cli("import", path, "--emit-outcomes", labels, check=False)
        case = str(path.relative_to(FORMATS.parent.parent.parent))
        try:
            got = readcov.import_log(path, errors="collect")
        except readcov.InputError as e:  # a whole-input error (not a row's)
            check("import_log", case, p.returncode != 0, f"Python raised ({e}), the CLI imported (exit 0)")
            continue
        # The CLI exits 2 on located errors or nothing imported; Python then has `.errors`.
        check("import_log", f"{case} refused", (p.returncode != 0) == bool(got.errors),
              f"CLI exit {p.returncode} ({p.stderr.strip()[-120:]!r}), Python errors {[str(e) for e in got.errors][:2]}")
        same("import_log", case, jsonl(p.stdout), got)
        summary_same(case, p.stderr, got.summary)
        if labels.exists():
            same("import_log", f"{case} .outcomes", jsonl(labels.read_text()), got.outcomes)
    multi = cli_jsonl("import", "--layout", "task/run", MULTI / "swe-agent-java")
    same("import_log", "real-multi layout", multi, readcov.import_log(MULTI / "swe-agent-java", layout="task/run"))


def step_explore(tmp):
    fx = FIXTURES / "explore"
    for top, kw in (("5", {}), ("all", {"top_k": None})):
        recs = cli_jsonl("explore", "--bench", fx / "bench.jsonl", "--preds", fx / "preds.jsonl", "--file-lengths",
                         fx / "lengths.json", "--top-k", top, "--format", "jsonl")
        got = readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", lengths=fx / "lengths.json", errors="collect", **kw)
        strip = lambda r: {k: v for k, v in r.items() if k != "record"}
        same("explore", f"instances top_k={top}", [strip(r) for r in recs if r["record"] == "instance"], got)
        same("explore", f"summaries top_k={top}", [strip(r) for r in recs if r["record"] == "summary"], got.summaries)


def step_sheet(tmp):
    fx = FIXTURES / "sheet"
    args = ["--runs", fx / "runs.jsonl", "--gold", fx / "gold.jsonl", "--reads", fx / "reads.jsonl", "--ledger",
            fx / "ledger.jsonl", "--tasks", fx / "tasks.jsonl", "--units", fx / "units.jsonl", "--k", "1,2"]
    want = json.loads(cli("sheet", *args, "--format", "json", check=False).stdout)
    got = readcov.sheet(fx / "runs.jsonl", gold=fx / "gold.jsonl", reads=fx / "reads.jsonl", ledger=fx / "ledger.jsonl",
                        tasks=fx / "tasks.jsonl", units=fx / "units.jsonl", k=[1, 2], errors="collect")
    same("sheet", "doc", want, got.doc)
    same("sheet", "rows", want["runs"], got)


def step_contextbench(tmp):
    fx = FIXTURES / "contextbench"
    for extra, kw in (([], {}), (["--no-blocks"], {"blocks": False})):
        want = cli_json("contextbench", "--gold", fx / "gold.jsonl", "--preds", fx / "preds.jsonl",
                        "--workspaces", fx / "ws", "--format", "json", *extra)
        got = readcov.contextbench(fx / "gold.jsonl", preds=fx / "preds.jsonl", workspaces=fx / "ws", **kw)
        same("contextbench", f"rows {kw}", want["rows"], got)
        same("contextbench", f"summaries {kw}", want["summaries"], got.summaries)
    # A real trajectory as reads against ContextBench gold of its task (test_contextbench's case).
    gold = tmp / "cb.jsonl"
    ctx = [{"file": "requests/models.py", "start_line": 311, "end_line": 314},
           {"file": "requests/sessions.py", "start_line": 309, "end_line": 320}]
    gold.write_text(json.dumps({"instance_id": "psf__requests-1724", "gold_context": json.dumps(ctx)}) + "\n")
    traj = REAL / "openhands" / "psf__requests-1724.json"
    want = cli_json("contextbench", "--gold", gold, "--reads", traj, "--workspaces", REAL / "sources", "--format", "json")
    got = readcov.contextbench(gold, reads=traj, workspaces=REAL / "sources")
    same("contextbench", "real trajectory rows", want["rows"], got)


def step_locbench(tmp):
    fx = FIXTURES / "locbench"
    for gold, preds, ws in (("swebench3.jsonl", "agentless.jsonl", True), ("gold-file-changes.jsonl", "locagent.jsonl", False)):
        extra = ["--workspaces", REAL / "sources"] if ws else []
        want = cli_json("locbench", "--gold", fx / gold, "--preds", fx / preds, *extra, "--format", "json")
        got = readcov.locbench(fx / gold, fx / preds, workspaces=REAL / "sources" if ws else None)
        same("locbench", f"levels {gold}", want["levels"], got.levels)
        flat = [{"task": r["task"], "level": lv["level"], **r["metrics"]} for lv in want["levels"] for r in lv["rows"]]
        same("locbench", f"rows {gold}", flat, [{k: r[k] for k in f} for r, f in zip(got, flat)])


def step_units(tmp):
    files = sorted(p for p in (REAL / "sources").rglob("*") if p.is_file() and p.suffix in (".py", ".java"))
    want = cli_jsonl("units", *files)
    same("units", f"{len(files)} real source files", want, readcov.units(files))


def dtype(df, col):
    return str(df[col].dtype)


def step_dtypes(tmp):
    """Each to_pandas() column's dtype holds its values' JSON type: whole numbers int64 (Int64 when
    a cell is missing), numbers with a fraction float64, booleans `boolean`; to_arrow() the same."""
    reads, gold = STATE["reads"], STATE["gold"]
    results = {
        "score": readcov.score(gold, reads, workspaces=REAL / "sources", outcomes=GOLD),
        "diagnose": readcov.diagnose(GOLD, reads, patches=STATE["patches"], workspaces=REAL / "sources"),
        "import_log": readcov.import_log(sorted((REAL / "openhands").glob("*.json"))[:2]),
        "at_k": readcov.at_k(GOLD, FIXTURES / "retriever" / "chunks.jsonl", k=(1, 3), workspaces=REAL / "sources"),
        "score_sets": readcov.score_sets({"edit": gold}, reads, outcomes=GOLD),
    }
    for fn, result in results.items():
        df, table = result.to_pandas(), result.to_arrow()
        check(fn, "to_arrow columns", list(table.column_names) == list(df.columns),
              f"to_arrow's columns {table.column_names} are not to_pandas' {list(df.columns)}")
        for col in df.columns:
            values = [v for v, na in zip(df[col].tolist(), df[col].isna().tolist()) if not na]
            if not values or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                continue
            missing = bool(df[col].isna().any())
            if all(isinstance(v, int) or float(v).is_integer() for v in values) and _int_column(fn, col, result):
                # Int64 when a cell is missing; `read_before_edit_edits` always (docs/python.md).
                want = "Int64" if missing or col == "read_before_edit_edits" else "int64"
                check(fn, f"to_pandas {col}", dtype(df, col) == want,
                      f"column `{col}` holds whole numbers{' and missing cells' if missing else ''}: dtype {dtype(df, col)}, want {want}")
                arrow = str(table.column(col).type)
                check(fn, f"to_arrow {col}", arrow == "int64", f"column `{col}`: arrow type {arrow}, want int64")


SCORE_COLUMNS = ["task", "run", "status", "file_hit", "line_coverage", "precision", "f1", "gold_lines", "read_lines",
                 "covered_lines", "passes_threshold", "gold_files", "files_hit"]
UNIT_COLUMNS = ["coverage_widened_by_lines", "coverage_widened_to_units", "extra_lines_by_lines", "extra_lines_units",
                "gold_lines_outside_units", "gold_units", "gold_units_hit", "parse_errors", "unit_detail", "unit_hit",
                "unit_notes", "widen"]
RBE_COLUMNS = [f"read_before_edit_{k}" for k in ("edits", "mean", "worst", "worst_event_id", "worst_path", "worst_region")]


def step_columns(tmp):
    """`.to_pandas()`'s columns in docs/python.md's order, booleans as pandas' `boolean`."""
    reads, gold = STATE["reads"], STATE["gold"]
    docs = {
        "score": (readcov.score(gold, reads), SCORE_COLUMNS + RBE_COLUMNS + ["files", "spans"]),
        "score with workspaces, outcomes": (readcov.score(gold, reads, workspaces=REAL / "sources", outcomes=GOLD),
                                            SCORE_COLUMNS + ["resolved"] + UNIT_COLUMNS + RBE_COLUMNS + ["files", "spans"]),
    }
    for case, (result, want) in docs.items():
        df = result.to_pandas()
        check("score", f"{case} to_pandas columns", list(df.columns) == want, f"columns {list(df.columns)}, docs {want}")
    for case, result in (("no labels", readcov.diagnose(GOLD, reads)), ("labels", readcov.diagnose(GOLD, reads, outcomes=GOLD))):
        df = result.to_pandas()
        want = ["task", "run", "verdict", "reason", "change_source", "change_partial", "change_lost", "resolved"]
        check("diagnose", f"{case} to_pandas columns", list(df.columns[:8]) == want, f"columns {list(df.columns[:8])}, docs {want}")
        check("diagnose", f"{case} resolved dtype", dtype(df, "resolved") == "boolean", f"`resolved` dtype {dtype(df, 'resolved')}")
    df = readcov.score_sets({"edit": gold}, reads, outcomes=GOLD).to_pandas()
    check("score_sets", "to_pandas columns", list(df.columns)[:2] + list(df.columns)[-1:] == ["task", "run", "resolved"],
          f"columns {list(df.columns)}")
    df = readcov.at_k(GOLD, FIXTURES / "retriever" / "chunks.jsonl", k=(1,), workspaces=REAL / "sources").to_pandas()
    check("at_k", "to_pandas columns", list(df.columns)[:3] == ["k", "task", "run"] and df.columns[-1] == "chunk_fit",
          f"columns {list(df.columns)}")
    for fn, result in (("sheet", readcov.sheet(FIXTURES / "sheet" / "runs.jsonl")),
                       ("explore", readcov.explore(FIXTURES / "explore" / "bench.jsonl", FIXTURES / "explore" / "preds.jsonl",
                                                   lengths=FIXTURES / "explore" / "lengths.json", errors="collect"))):
        first = {"sheet": ["run", "task"], "explore": ["explorer", "instance_id"]}[fn]
        cols = list(result.to_pandas().columns)
        check(fn, "to_pandas columns", cols[:2] == first, f"to_pandas begins {cols[:4]}, the CLI's rows {first}")


def _int_column(fn, col, result):
    """Whether the rows give `col` as JSON integers (every present value an int)."""
    cols = result._columns()
    present = [v for v in cols.get(col, []) if v is not None]
    return bool(present) and all(isinstance(v, int) and not isinstance(v, bool) for v in present)


STEPS = (step_import_formats, step_explore, step_sheet, step_contextbench, step_locbench, step_units, step_dtypes,
         step_columns)
