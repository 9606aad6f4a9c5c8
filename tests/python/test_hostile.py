"""Hostile inputs to the calls of issue 39 (session 27's red team, docs/python.md "Errors"): an
input that holds no gold span is the CLI's "no valid gold spans, nothing to score" (the CLI exits 2
with it), never rows scored against no gold. `score`, `at_k` and `explain` returned those rows
(every run `unscored`) for an empty gold file, `[]` or an empty DataFrame; `report`,
`score_sets` and `diagnose` already refused them. And the rest the red team found: a count too
large for the extension (`k=(2**70,)`), `jobs=10**9` (a Rust panic), `report`'s `k`, `ledger`
and `tasks` ignored without `runs`, and output paths that cannot be written (a bare OSError; a
FIFO nobody reads hung)."""

import os
import subprocess
import sys

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


@pytest.mark.parametrize("call, field", [
    (lambda g, r: readcov.at_k(g, r, k=(2**70,)), "k"),
    (lambda g, r: readcov.at_k(g, r, widen=2**64), "widen"),
    (lambda g, r: readcov.score_sets({"a": g}, r, widen=2**70), "widen"),
    (lambda g, r: readcov.gold_from_runs(r, g, min_runs=2**64), "min_runs"),
    (lambda g, r: readcov.diagnose(g, r, jobs=2**70), "jobs"),
    (lambda g, r: readcov.report(g, r, at_k=(2**63,)), "at_k"),
    (lambda g, r: readcov.report(g, r, k=(2**32,)), "k"),
], ids=["at_k-k", "at_k-widen", "score_sets-widen", "gold_from_runs-min_runs", "diagnose-jobs", "report-at_k", "report-k"])
def test_a_count_too_large_names_its_field(call, field, real_files):
    # It raised a bare OverflowError ("Python int too large to convert to C long").
    with pytest.raises(readcov.InputError) as e:
        call(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"))
    assert (e.value.file, e.value.field) == ("<arguments>", field)
    assert e.value.message.startswith("invalid value '") and f"' for `{field}`: " in e.value.message


def test_a_billion_jobs_is_no_panic(real_files):
    # Every thread was spawned up front until the system refused one: PanicException.
    g, r = str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl")
    assert list(readcov.diagnose(g, r, jobs=10**9)) == list(readcov.diagnose(g, r, jobs=1))


@pytest.mark.parametrize("kwargs, field", [
    ({"k": (0,)}, "k"), ({"k": (-1,)}, "k"), ({"ledger": "missing.jsonl"}, "ledger"), ({"tasks": 5}, "tasks"),
])
def test_report_sheet_settings_without_runs_are_checked(kwargs, field, real_files):
    # Without `runs` they were ignored, where the CLI refuses `--k 0` and `--ledger` without `--runs`.
    with pytest.raises(readcov.InputError) as e:
        readcov.report(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"), **kwargs)
    assert e.value.field == field


@pytest.mark.parametrize("where", ["missing/r.html", "adir"])
def test_an_output_that_cannot_be_written_is_an_input_error(where, real_files, tmp_path):
    (tmp_path / "adir").mkdir()
    target = tmp_path / where
    with pytest.raises(readcov.InputError) as e:
        readcov.report(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"), html=str(target))
    assert (e.value.file, e.value.field) == (str(target), "html")


def test_an_output_fifo_nobody_reads_is_refused_not_waited_on(real_files, tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    code = (
        "import readcov, sys\n"
        "try:\n"
        f"    readcov.report({str(real_files / 'gold.jsonl')!r}, {str(real_files / 'reads.jsonl')!r}, sarif={str(fifo)!r})\n"
        "except readcov.InputError as e:\n"
        "    print(e.field, e.message)\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert p.stdout.strip() == "sarif cannot write the sarif output: a FIFO no process reads", p.stderr


THRESHOLD_CALLS = {
    "score": lambda g, r, t: readcov.score(g, r, threshold=t),
    "at_k": lambda g, r, t: readcov.at_k(g, r, k=(1,), threshold=t),
    "report": lambda g, r, t: readcov.report(g, r, threshold=t),
    "score_sets": lambda g, r, t: readcov.score_sets({"a": g}, r, threshold=t),
    "diagnose": lambda g, r, t: readcov.diagnose(g, r, threshold=t),
    "explain": lambda g, r, t: readcov.explain(g, r, TASK, threshold=t),
}


@pytest.mark.parametrize("value", ["0.5", True], ids=["str", "bool"])
@pytest.mark.parametrize("call", sorted(THRESHOLD_CALLS))
def test_threshold_takes_numbers_only(call, value, real_files):
    # `float()` took "0.5", and True as 1.0 (explain's verdicts then held runs to 100%).
    with pytest.raises(readcov.InputError) as e:
        THRESHOLD_CALLS[call](str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"), value)
    assert (e.value.file, e.value.field) == ("<arguments>", "threshold")


def test_report_title_is_a_string(real_files):
    with pytest.raises(readcov.InputError) as e:
        readcov.report(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"), title=None)
    assert e.value.field == "title"
