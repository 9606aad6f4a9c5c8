"""`.to_pandas()` / `.to_arrow()` columns typed and ordered as docs/python.md says, on the real
data (session 35, found by scripts/python_cli_oracle.py): a whole-number column with missing
cells is pandas' nullable `Int64` (it was float64, 3.0 and NaN), `resolved` is a `boolean` column
even when no run is labelled and follows `files_hit` also with a workspace, and `sheet` and
`explore` rows keep the CLI's key order (their columns began `attribution`, `axes` / `clean`,
`context_efficiency`: sorted by a JSON value the extension built)."""

import json

import pandas as pd
import readcov
from conftest import REAL, REPO, cli, jsonl

FX = REPO / "tests" / "fixtures"


def test_read_before_edit_edits_is_a_nullable_integer_column(changes):
    rows = readcov.score(REAL / "gold.jsonl", changes / "reads.jsonl")
    edits = [r["read_before_edit"]["edits"] if r["read_before_edit"] else None for r in rows]
    assert None in edits and any(edits), "the real runs: some edited, some did not"
    df = rows.to_pandas()
    assert str(df["read_before_edit_edits"].dtype) == "Int64"
    assert [None if pd.isna(v) else int(v) for v in df["read_before_edit_edits"]] == edits
    assert str(rows.to_arrow().schema.field("read_before_edit_edits").type) == "int64"
    # A score where no run edited: the column is still a whole-number one (pyarrow gave `null`).
    none = readcov.score([{"task": "t", "path": "a.py", "start": 1, "end": 2}],
                         [{"task": "t", "run": "r", "path": "a.py", "start": 1, "end": 1}])
    assert str(none.to_pandas()["read_before_edit_edits"].dtype) == "Int64"
    assert str(none.to_arrow().schema.field("read_before_edit_edits").type) == "int64"


def test_resolved_is_boolean_and_follows_files_hit(changes):
    gold, reads = REAL / "gold.jsonl", changes / "reads.jsonl"
    df = readcov.diagnose(gold, reads).to_pandas()  # no labels: every `resolved` None
    assert str(df["resolved"].dtype) == "boolean" and df["resolved"].isna().all()
    labelled = readcov.score(gold, reads, workspaces=REAL / "sources", outcomes=gold)
    cols = list(labelled.to_pandas().columns)
    assert cols[cols.index("files_hit") + 1] == "resolved", cols
    assert list(labelled.to_arrow().column_names) == cols
    assert str(labelled.to_pandas()["resolved"].dtype) == "boolean"


def test_sheet_and_explore_rows_keep_the_cli_key_order(tmp_path):
    want = json.loads(cli("sheet", "--runs", FX / "sheet" / "runs.jsonl", "--format", "json").stdout)
    got = readcov.sheet(FX / "sheet" / "runs.jsonl")
    assert list(got.doc) == list(want) and [list(r) for r in got] == [list(r) for r in want["runs"]]
    assert list(got.to_pandas().columns[:3]) == ["run", "task", "condition"]
    ex = FX / "explore"
    records = jsonl(cli("explore", "--bench", ex / "bench.jsonl", "--preds", ex / "preds.jsonl", "--file-lengths",
                        ex / "lengths.json", "--format", "jsonl", check=False).stdout)
    rows = readcov.explore(ex / "bench.jsonl", ex / "preds.jsonl", lengths=ex / "lengths.json", errors="collect")
    strip = lambda r: [k for k in r if k != "record"]
    assert [list(r) for r in rows] == [strip(r) for r in records if r["record"] == "instance"]
    assert [list(s) for s in rows.summaries] == [strip(r) for r in records if r["record"] == "summary"]
    assert list(rows.to_pandas().columns[:3]) == ["explorer", "instance_id", "missing"]
