"""Hostile inputs to the calls of issue 39 (session 27's red team, docs/python.md "Errors"): an
input that holds no gold span is the CLI's "no valid gold spans, nothing to score" (the CLI exits 2
with it), never rows scored against no gold. `score`, `at_k` and `explain` returned those rows
(every run `unscored`) for an empty gold file, `[]` or an empty DataFrame; `report`,
`score_sets` and `diagnose` already refused them."""

import pandas as pd
import pytest

import readcov
from conftest import cli

TASK = "pallets__flask-5014"
CALLS = {
    "score": lambda gold, reads: readcov.score(gold, reads),
    "at_k": lambda gold, reads: readcov.at_k(gold, reads, k=(1,)),
    "explain": lambda gold, reads: readcov.explain(gold, reads, TASK),
}
CLI = {
    "score": ["score"],
    "at_k": ["score", "--at-k", "1"],
    "explain": ["explain", "--task", TASK],
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_empty_gold_file_is_the_clis_error(call, real_files, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    reads = real_files / "reads.jsonl"
    p = cli(*CLI[call], "--gold", empty, "--reads", reads, check=False)
    assert p.returncode == 2, p.stderr
    with pytest.raises(readcov.InputError) as e:
        CALLS[call](str(empty), str(reads))
    assert (e.value.file, e.value.line) == (str(empty), 0)
    assert e.value.message == "no valid gold spans, nothing to score"
    assert f"{empty}: {e.value.message}" in p.stderr


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("gold", [[], pd.DataFrame()], ids=["list", "frame"])
def test_empty_gold_rows_raise(call, gold, real_files):
    with pytest.raises(readcov.InputError, match="no valid gold spans, nothing to score") as e:
        CALLS[call](gold, str(real_files / "reads.jsonl"))
    assert e.value.file == "<gold>"


def test_bad_gold_rows_still_name_the_row(real_files):
    # Every row bad: the first row's located error, as before; collected, it is on .errors.
    with pytest.raises(readcov.InputError) as e:
        readcov.at_k([{"task": "t", "path": "p"}], str(real_files / "reads.jsonl"), k=(1,))
    assert (e.value.file, e.value.line, e.value.field) == ("<gold>", 1, "start")
    got = readcov.score([{"task": "t", "path": "p"}], str(real_files / "reads.jsonl"), errors="collect")
    assert [(x.line, x.field) for x in got.errors] == [(1, "start")]
