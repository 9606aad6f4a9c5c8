"""The fast paths of issue 39 give what the plain ones give: the breakdown as columns
(`breakdown="columns"`, built by the extension on first access) equals the rows' `files` / `spans`
and the CLI's; DataFrame columns (int64 ones handed over as raw bytes) and dict rows (strings read
in place) are the rows a JSONL file holds, escapes, non-ASCII text, missing cells and bad values
included."""

import json
import pickle

import pytest
import readcov
from conftest import cli, jsonl


def _flat(rows, key, fields):
    """The CLI's nested lists as columns, written here independently of the package."""
    cols = {k: [] for k in ("task", "run", *fields)}
    for row in rows:
        for item in row[key]:
            cols["task"].append(row["task"])
            cols["run"].append(row["run"])
            for f in fields:
                v = item[f]
                cols[f].append([[u["start"], u["end"]] for u in v] if f == "unread" else v)
    return cols


FILES = ["path", "gold_lines", "covered_lines", "coverage", "hit"]
SPANS = ["path", "start", "end", "gold_lines", "covered_lines", "coverage", "unread"]


def test_breakdown_columns_equal_the_cli_rows_breakdown(real_files):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    want = jsonl(cli("score", "--gold", gold, "--reads", reads, "--format", "jsonl").stdout)
    got = readcov.score(gold, reads, breakdown="columns")
    # The rows are the summary rows; the breakdown is on the result, as columns.
    assert list(got) == list(readcov.score(gold, reads, breakdown=False))
    assert all("files" not in r and "spans" not in r for r in got)
    assert got.files == _flat(want, "files", FILES)
    assert got.spans == _flat(want, "spans", SPANS)
    assert len(got.spans["task"]) > len(want) and any(got.spans["unread"])
    # breakdown=True gives the same columns, built from its rows.
    eager = readcov.score(gold, reads)
    assert list(eager) == want
    assert (eager.files, eager.spans) == (got.files, got.spans)
    # A DataFrame of it: one row per (task, run, gold file).
    import pandas as pd

    frame = pd.DataFrame(got.files)
    assert list(frame.columns) == ["task", "run", *FILES]
    assert frame["gold_lines"].sum() == sum(r["gold_lines"] for r in want)


def test_breakdown_columns_survive_pickling_and_are_refused_without_breakdown(real_files):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    got = readcov.score(gold, reads, breakdown="columns")
    back = pickle.loads(pickle.dumps(got))  # as Ray and multiprocessing send results back
    assert list(back) == list(got) and back.totals == got.totals
    assert (back.files, back.spans) == (got.files, got.spans)
    with pytest.raises(ValueError, match="breakdown=False"):
        readcov.score(gold, reads, breakdown=False).files
    with pytest.raises(ValueError, match="'column'"):
        readcov.score(gold, reads, breakdown="column")
    # No-run and unscored rows (a gold task nobody read, reads of a task without gold).
    g = [{"task": "t", "path": "a.py", "start": 1, "end": 2}]
    r = [{"task": "u", "run": "r", "path": "a.py", "start": 1, "end": 1}]
    cols, eager = readcov.score(g, r, breakdown="columns"), readcov.score(g, r)
    assert cols.files == _flat(list(eager), "files", FILES) and cols.spans == _flat(list(eager), "spans", SPANS)


def _rows():
    odd = 'dir/ä "q"\\\tx.py'  # a quote, a backslash, a tab and non-ASCII: escaped, not copied
    gold = [{"task": "t1", "path": odd, "start": 3, "end": 9},
            {"task": "t2", "path": "b.py", "start": 1, "end": 4}]
    reads = [{"task": "t1", "run": "r", "step": 0, "path": odd, "start": 1, "end": 5},
             {"task": "t1", "run": "r", "step": 1, "path": "b.py", "start": 2, "end": 4_000_000_000},
             {"task": "t2", "run": "日本", "step": 0, "path": "b.py", "start": 2, "end": 3}]
    return gold, reads


def test_dicts_and_frames_are_the_rows_of_a_file(tmp_path):
    import pandas as pd

    gold, reads = _rows()
    g, r = tmp_path / "g.jsonl", tmp_path / "r.jsonl"
    g.write_text("".join(json.dumps(x) + "\n" for x in gold))
    r.write_text("".join(json.dumps(x) + "\n" for x in reads))
    want = list(readcov.score(g, r))
    assert want[0]["line_coverage"] == pytest.approx(3 / 7)
    assert list(readcov.score(gold, reads)) == want
    gf, rf = pd.DataFrame(gold), pd.DataFrame(reads)
    assert str(rf["start"].dtype) == "int64"  # the raw-bytes column path
    assert getattr(rf["path"].dtype, "storage", None) == "pyarrow"  # the Arrow-buffers string path
    assert list(readcov.score(gf, rf)) == want
    # A column with a missing cell (float NaN, or pandas' nullable Int64 NA) leaves the key out.
    partial = reads + [{"task": "t2", "run": "s", "path": "b.py", "start": 1}]
    for frame in (pd.DataFrame(partial), pd.DataFrame(partial).astype({"end": "Int64"})):
        with pytest.raises(readcov.InputError) as e:
            readcov.score(gf, frame)
        assert (e.value.file, e.value.line) == ("<reads>", 4) and "end" in str(e.value)
    # A bad value in an int64 column is found by the reads parser, at its row.
    bad = pd.DataFrame(reads)
    bad.loc[1, "start"] = -5
    with pytest.raises(readcov.InputError) as e:
        readcov.score(gf, bad)
    assert (e.value.file, e.value.line) == ("<reads>", 2)
    with pytest.raises(readcov.InputError) as e:
        readcov.score(gold, [dict(reads[0], start=-5)])
    assert (e.value.file, e.value.line) == ("<reads>", 1)


def test_string_columns_with_missing_cells_go_as_arrow_buffers_with_a_mask(tmp_path):
    # pandas 3's `str` columns with a missing cell go to the extension as their Arrow buffers
    # plus one byte per cell (0: missing, left out as a NaN cell is), not as a list of str.
    import pandas as pd

    gold, reads = _rows()
    rows = [
        dict(reads[0], tool="view"),
        dict(reads[1]),  # no tool, no kind
        dict(reads[2], tool="bash", kind="edit"),
        {k: v for k, v in reads[1].items() if k != "path"},  # no path: an error at this row
        {k: v for k, v in dict(reads[0], kind="read").items() if k != "task"},  # the default task
    ]
    frame = pd.DataFrame(rows)
    tool = readcov._column(frame["tool"])
    assert isinstance(tool, tuple) and len(tool) == 3 and tool[2] == bytes([1, 0, 1, 0, 0])
    assert len(readcov._column(frame["run"])) == 2  # no missing cell: no mask
    for given, part in ((frame, rows), (frame.iloc[1:], rows[1:]), (frame.iloc[:3], rows[:3])):
        path = tmp_path / "r.jsonl"
        path.write_text("".join(json.dumps({k: v for k, v in x.items()}) + "\n" for x in part))
        want = readcov.score(gold, path, errors="collect")
        got = readcov.score(pd.DataFrame(gold), given, errors="collect")
        assert list(got) == list(want)
        assert [(e.line, e.field) for e in got.errors] == [(e.line, e.field) for e in want.errors]
    assert [(e.line, e.field) for e in readcov.score(gold, frame, errors="collect").errors] == [(4, "path")]
