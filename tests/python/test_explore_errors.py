"""`explore`'s errors in the CLI's order (session 37): the benchmark's and each preds file's bad
rows first, then what ends the run — a preds or lengths file that cannot be read, no valid row.
Before, Python read the lengths file before anything else, so a missing one was the only error
even when the preds held bad rows the CLI reports first (scripts/python_cli_oracle_errors.py
kept that as an allowed difference)."""

import pytest

import readcov
from conftest import REPO, cli

EX = REPO / "tests" / "fixtures" / "explore"
MISSING = "/nonexistent/readcov-explore-lengths.json"


def cli_errors(*args):
    p = cli("explore", *args, check=False)
    assert p.returncode == 2, p.stderr
    return [line[len("error: "):] for line in p.stderr.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize("errors", ["raise", "collect"])
def test_a_missing_lengths_file_comes_after_the_preds_row_errors(errors):
    want = cli_errors("--bench", EX / "bench.jsonl", "--preds", EX / "preds.jsonl", "--file-lengths", MISSING)
    assert len(want) == 2 and want[0].startswith(f"{EX / 'preds.jsonl'}:4: field `regions[1].start`")
    assert want[1].startswith(f"{MISSING}: cannot open")
    # Nothing is computed (the CLI prints no rows): raised even with errors="collect".
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(EX / "bench.jsonl", EX / "preds.jsonl", lengths=MISSING, errors=errors)
    assert [str(x) for x in e.value.errors] == want and e.value.result is None
    assert (e.value.file, e.value.line, e.value.field) == (str(EX / "preds.jsonl"), 4, "regions[1].start")


def test_a_bad_benchmark_row_comes_before_a_missing_preds_file(tmp_path):
    bench = tmp_path / "bench.jsonl"
    bench.write_text((EX / "bench.jsonl").read_text() + '{"instance_id": "t"}\n')
    missing = tmp_path / "missing-preds.jsonl"
    want = cli_errors("--bench", bench, "--preds", missing)
    assert len(want) == 2 and want[0] == f"{bench}:5: field `ground_truth`: missing"
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(bench, missing)
    assert [str(x) for x in e.value.errors] == want


def test_no_valid_benchmark_row_is_refused_as_the_cli_refuses_it(tmp_path):
    bench = tmp_path / "bench.jsonl"
    bench.write_text('{"instance_id": "t"}\n')
    want = cli_errors("--bench", bench, "--preds", EX / "preds.jsonl")
    assert want == [f"{bench}:1: field `ground_truth`: missing", f"{bench}: no valid benchmark rows, nothing to score"]
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(bench, EX / "preds.jsonl", errors="collect")
    assert [str(x) for x in e.value.errors] == want


def test_a_file_of_another_kind_is_refused_as_the_cli_refuses_it(real_files):
    """Gold JSONL given as predictions (or as the benchmark): the CLI's `check_kind` refusal,
    from the same input layer; before session 37 Python parsed it, every row an error."""
    gold = real_files / "gold.jsonl"
    for args, call in ((("--bench", EX / "bench.jsonl", "--preds", gold), lambda: readcov.explore(EX / "bench.jsonl", gold)),
                       (("--bench", gold, "--preds", EX / "preds.jsonl"), lambda: readcov.explore(gold, EX / "preds.jsonl"))):
        want = cli_errors(*args)
        assert len(want) == 1 and f"{gold}: looks like gold JSONL" in want[0], want
        with pytest.raises(readcov.InputError) as e:
            call()
        assert [str(x) for x in e.value.errors] == want and e.value.line == 0
