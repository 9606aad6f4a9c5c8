"""`readcov.report` against `readcov report` of the same wheel: on the shipped real data the HTML
page, the LCOV tracefile and the SARIF log are byte for byte the CLI's (with labels, the
workspaces, where runs failed, several gold sets, the at-k curves, a trajectory as reads), the
summary holds the CLI's figures, and bad inputs are refused with the CLI's words."""

import json
import re

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

CHUNKS = REPO / "tests" / "fixtures" / "retriever" / "chunks.jsonl"


def both(tmp_path, cli_args, **kw):
    """The CLI's three files and Python's, for the same inputs."""
    c, p = tmp_path / "cli", tmp_path / "py"
    c.mkdir(parents=True)
    p.mkdir(parents=True)
    out = cli("report", *cli_args, "--html", c / "r.html", "--lcov", c / "r.lcov", "--sarif", c / "r.sarif")
    got = readcov.report(html=p / "r.html", lcov=p / "r.lcov", sarif=p / "r.sarif", **kw)
    for name in ("r.html", "r.lcov", "r.sarif"):
        assert (p / name).read_bytes() == (c / name).read_bytes(), name
    return got, out.stdout


def test_report_files_equal_the_cli(real_files, tmp_path):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    got, stdout = both(tmp_path, ["--gold", gold, "--reads", reads, "--workspaces", REAL / "sources",
                                  "--outcomes", REAL / "gold.jsonl", "--title", "T"],
                       gold=gold, reads=reads, workspaces=REAL / "sources", outcomes=REAL / "gold.jsonl", title="T")
    t = got["totals"]
    # The CLI's summary line: tasks, runs, rows (scored), passing.
    head = re.search(r"report: (\d+) task\(s\), (\d+) run\(s\), (\d+) row\(s\) \((\d+) scored\)", stdout)
    assert head and [int(x) for x in head.groups()] == [got["tasks"], got["runs"], t["rows"], t["scored"]]
    assert f"{t['passing']}/{t['scored']} at or above" in stdout
    assert got["buckets"] and sum(b["labelled"] for b in got["buckets"]) == got["labelled_runs"] > 0
    # Where runs failed, per run label: every run counted once, in some verdict.
    assert got["diagnosis"] and all(sum(g["verdicts"].values()) == g["runs"] > 0 for g in got["diagnosis"])
    assert "<html" in got.html and got.lcov.startswith("TN:") and json.loads(got.sarif)["version"] == "2.1.0"


def test_sets_curves_and_a_trajectory_equal_the_cli(real_files, tmp_path):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    fewer = tmp_path / "fewer.jsonl"
    fewer.write_text("".join(json.dumps(r) + "\n" for r in jsonl(gold.read_text()) if r["task"] != "psf__requests-1724"))
    got, _ = both(tmp_path / "a", ["--gold", f"edit={gold}", "--gold", f"fewer={fewer}", "--reads", reads,
                                   "--outcomes", REAL / "gold.jsonl", "--no-stages", "--lcov-gold-unread"],
                  gold={"edit": gold, "fewer": fewer}, reads=reads, outcomes=REAL / "gold.jsonl", stages=False,
                  lcov_gold_unread=True)
    assert [s["name"] for s in got["gold_sets"]] == ["edit", "fewer"] and got["diagnosis"] is None
    got, _ = both(tmp_path / "b", ["--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--workspaces",
                                   REAL / "sources", "--at-k", "1,3"],
                  gold=REAL / "gold.jsonl", reads=CHUNKS, workspaces=REAL / "sources", at_k=(3, 1))
    assert [p["k"] for p in got["at_k"]] == [1, 3]
    traj = REAL / "openhands" / "psf__requests-1724.json"
    got, _ = both(tmp_path / "c", ["--gold", REAL / "gold.jsonl", "--reads", traj, "--workspaces", REAL / "sources"],
                  gold=REAL / "gold.jsonl", reads=traj, workspaces=REAL / "sources")
    assert any("not reads JSONL" in n for n in got.notes)


def test_report_refuses_as_the_cli(real_files, tmp_path):
    reads = real_files / "reads.jsonl"
    p = cli("report", "--gold", reads, "--reads", reads, "--html", tmp_path / "x.html", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.report(reads, reads, html=tmp_path / "y.html")
    assert p.returncode == 2 and e.value.message in p.stderr and not (tmp_path / "y.html").exists()
    with pytest.raises(readcov.InputError) as e:
        readcov.report(real_files / "gold.jsonl", reads, at_k=(0,))
    assert "at_k" in str(e.value)


def test_the_sheet_section_equals_the_cli(tmp_path):
    """`runs=` (with the ledger and task declarations) adds the evaluation sheet's table to the
    page, as `readcov report --runs` does: the shipped sheet fixture, byte for byte."""
    fx = REPO / "tests" / "fixtures" / "sheet"
    args = ["--gold", fx / "gold.jsonl", "--reads", fx / "reads.jsonl", "--runs", fx / "runs.jsonl",
            "--ledger", fx / "ledger.jsonl", "--tasks", fx / "tasks.jsonl", "--k", "1,2"]
    got, _ = both(tmp_path, args, gold=fx / "gold.jsonl", reads=fx / "reads.jsonl", runs=fx / "runs.jsonl",
                  ledger=fx / "ledger.jsonl", tasks=fx / "tasks.jsonl", k=(1, 2))
    plain = readcov.report(fx / "gold.jsonl", fx / "reads.jsonl")
    # The section is there (its conditions, pass^k), and only with the run records.
    assert "Evaluation sheet" in got.html and "A/vague" in got.html and "pass^" in got.html
    assert "Evaluation sheet" not in plain.html
    # The records' runs are rows as labelled runs are (session 33): r8 read nothing, a row at 0;
    # r6 and r7 are invalid and read nothing, no row, said in the notes.
    assert (got["totals"]["rows"], plain["totals"]["rows"]) == (8, 7)
    assert any(n.startswith("note: --runs: 2 invalid run record(s) read nothing") and
               n.endswith("csv-parse / r6, csv-parse / r7") for n in got.notes), got.notes
