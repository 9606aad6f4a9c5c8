"""typing/every_call.py, the script `mypy --strict` and pyright check in 47-python.sh, runs on the
real data: the calls it type-checks are the real API, giving what the docs say."""

import sys
from pathlib import Path

from conftest import REAL

sys.path.insert(0, str(Path(__file__).parent / "typing"))

import every_call  # noqa: E402


def test_the_type_checked_script_runs_on_the_real_data(tmp_path):
    got = every_call.main(REAL, tmp_path)
    assert got["runs"] == 12 and got["rows"] == 15 and got["from_frame"] == 15, got
    assert got["merged"] and got["units"] > got["rows"] and got["diff"] == 1, got
    assert got["staged"] and got["diagnosed"] == got["runs"] == got["verdicts"] and got["groups"] == 1, got
    assert got["consensus"] > 0 and got["contextbench"] > 0 and got["cb_summaries"] == 2, got
    assert got["locbench"] > 0 and got["loc_levels"] == 3, got
    assert got["listed_units"] > 10 and got["unit_notes"] == 0, got
    assert got["where"].startswith(str(tmp_path / "missing.jsonl") + ":0") and got["problems"] == 1, got
    # The calls of issue 39's second round: sets side by side (two named and the consensus),
    # at k (two ks over 15 tasks), the report, labels on score, sheet's conversions.
    assert got["sets"] == 15 and got["set_totals"] == 3 and got["at_k"] == 30 and got["points"] == 2, got
    assert got["report_tasks"] == 15 and got["labelled"] == 15 and got["sheet_notes"] == 2, got
    assert got["file_columns"] == 8, got  # explain's gold files as Arrow: the DataFrame's columns
    # sources= and trec_run= (the CLI's --sources and --trec-run).
    assert got["humans"] == got["rows"] and got["trec_lines"] > 15, got
