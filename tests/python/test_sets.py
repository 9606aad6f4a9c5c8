"""`readcov.score_sets` against `readcov score --gold NAME=FILE ... [--consensus]` of the same
wheel: several gold sets side by side on the shipped real data, labels joined as `resolved`,
unit columns per set with the workspaces, the leave-one-out consensus on the real-multi runs
(5 Java tasks x 5 models), shards, and the same refusals."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

MULTI = REPO / "tests" / "data" / "real-multi"


@pytest.fixture(scope="module")
def sets(real_files, tmp_path_factory):
    """Two gold sets: the edit lines of every task, and the same without one task."""
    d = tmp_path_factory.mktemp("sets")
    rows = [r for r in jsonl((real_files / "gold.jsonl").read_text()) if r["task"] != "psf__requests-1724"]
    (d / "fewer.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return {"edit": real_files / "gold.jsonl", "fewer": d / "fewer.jsonl", "reads": real_files / "reads.jsonl"}


def cli_sets(*args):
    p = cli("score", *args, "--format", "json")
    return json.loads(p.stdout), p.stderr


def test_named_sets_equal_the_cli(sets):
    want, _ = cli_sets("--gold", f"edit={sets['edit']}", "--gold", f"fewer={sets['fewer']}",
                       "--reads", sets["reads"], "--outcomes", REAL / "gold.jsonl")
    got = readcov.score_sets({"edit": sets["edit"], "fewer": sets["fewer"]}, sets["reads"],
                             outcomes=REAL / "gold.jsonl")
    assert list(got) == want["rows"] and got.totals == want["totals"]
    assert len(got) == 15 and [t["gold_set"] for t in got.totals] == ["edit", "fewer"]
    # The task the second set has no gold for is unscored there; the labels are joined.
    missing = [r["gold_sets"]["fewer"] for r in got if r["task"] == "psf__requests-1724"]
    assert missing and all(s["status"] == "unscored" and s["line_coverage"] is None for s in missing)
    assert {r["resolved"] for r in got} == {True, False}
    assert all(t["resolve_by_coverage"] is not None for t in got.totals)


def test_workspaces_give_unit_columns_per_set_as_the_cli(sets):
    want, _ = cli_sets("--gold", sets["edit"], "--gold", sets["fewer"], "--reads", sets["reads"],
                       "--workspaces", REAL / "sources")
    got = readcov.score_sets([sets["edit"], sets["fewer"]], sets["reads"], workspaces=REAL / "sources")
    assert list(got) == want["rows"] and got.totals == want["totals"]
    # Unnamed sets are labelled as the CLI labels them (the file's stem here).
    assert [t["gold_set"] for t in got.totals] == ["gold", "fewer"]
    assert "gold_units" in got[0]["gold_sets"]["gold"]
    df = got.to_pandas()
    assert list(df.columns[:3]) == ["task", "run", "gold.line_coverage"]
    assert "fewer.gold_units" in df.columns and df.columns[-1] == "resolved"
    assert str(df["gold.passes_threshold"].dtype) == "boolean"


def test_gold_as_rows_and_a_trajectory_as_reads(sets):
    """Gold given as dicts and as SWE-bench rows (converted), reads as a trajectory (imported)."""
    traj = REAL / "openhands" / "psf__requests-1724.json"
    want, err = cli_sets("--gold", f"swe={REAL / 'gold.jsonl'}", "--gold", f"edit={sets['edit']}",
                         "--reads", traj, "--workspaces", REAL / "sources")
    rows = jsonl(sets["edit"].read_text())
    got = readcov.score_sets({"swe": REAL / "gold.jsonl", "edit": rows}, traj, workspaces=REAL / "sources")
    assert list(got) == want["rows"] and got.totals == want["totals"]
    assert any("SWE-bench rows" in n for n in got.notes) and all(n in err for n in got.notes)


def test_the_leave_one_out_consensus_equals_the_cli(tmp_path):
    cli("import", "--layout", "task/run", MULTI / "swe-agent-java", "-o", tmp_path / "reads.jsonl")
    edit = {"task": "fasterxml__jackson-databind-3701",
            "path": "src/main/java/com/fasterxml/jackson/databind/node/NodeCursor.java", "start": 134, "end": 140}
    (tmp_path / "edit.jsonl").write_text(json.dumps(edit) + "\n")
    for extra, kw in [([], {}), (["--loo-failed", "full", "--agree", "2"], {"loo_failed": "full", "agree": 2})]:
        want, err = cli_sets("--gold", tmp_path / "edit.jsonl", "--reads", tmp_path / "reads.jsonl",
                             "--outcomes", MULTI / "outcomes.jsonl", "--consensus", *extra)
        got = readcov.score_sets(tmp_path / "edit.jsonl", tmp_path / "reads.jsonl",
                                 outcomes=MULTI / "outcomes.jsonl", consensus=True, **kw)
        assert list(got) == want["rows"] and got.totals == want["totals"]
        assert got.totals[-1]["gold_set"] == "consensus-loo" and "leave-one-out" in got.totals[-1]["note"]
        counts = [n for n in got.notes if n.startswith("consensus:")]
        assert counts and counts == [l for l in err.splitlines() if l.startswith("consensus:")]
    # Shards: every (task, run) once across the two.
    parts = [readcov.score_sets(tmp_path / "edit.jsonl", tmp_path / "reads.jsonl",
                                outcomes=MULTI / "outcomes.jsonl", consensus=True, shard=(i, 2)) for i in range(2)]
    whole = readcov.score_sets(tmp_path / "edit.jsonl", tmp_path / "reads.jsonl",
                               outcomes=MULTI / "outcomes.jsonl", consensus=True)
    assert sorted((r["task"], r["run"]) for p in parts for r in p) == [(r["task"], r["run"]) for r in whole]


def test_refusals_as_the_cli(sets):
    with pytest.raises(readcov.InputError, match="outcomes"):
        readcov.score_sets(sets["edit"], sets["reads"], consensus=True)
    # Reads given as gold: refused with the CLI's words.
    p = cli("score", "--gold", f"a={sets['reads']}", "--gold", f"b={sets['edit']}", "--reads", sets["reads"], check=False)
    assert p.returncode == 2
    with pytest.raises(readcov.InputError) as e:
        readcov.score_sets({"a": sets["reads"], "b": sets["edit"]}, sets["reads"])
    assert e.value.message in p.stderr
    with pytest.raises(readcov.InputError, match="agree"):
        readcov.score_sets(sets["edit"], sets["reads"], outcomes=REAL / "gold.jsonl", consensus=True, agree="most")
    with pytest.raises(readcov.InputError) as e:
        readcov.score_sets(sets["edit"], sets["reads"], min_runs=-1)
    assert e.value.field == "min_runs"


@pytest.mark.parametrize("workspaces", [None, REAL / "sources"])
def test_score_with_outcomes_equals_the_cli(real_files, tmp_path, workspaces):
    """`score(outcomes=)`: a labelled run that read nothing is a row (coverage 0), as `readcov score
    --outcomes` gives it, on the lean path and with workspaces; every row carries its label."""
    labels = tmp_path / "labels.jsonl"
    rows = [{"task": "psf__requests-1724", "run": "ghost", "resolved": False},
            {"task": "pallets__flask-5014", "run": "openhands", "resolved": True}]
    labels.write_text("".join(json.dumps(r) + "\n" for r in rows))
    ws = [] if workspaces is None else ["--workspaces", workspaces]
    want = jsonl(cli("score", "--gold", real_files / "gold.jsonl", "--reads", real_files / "reads.jsonl",
                     "--outcomes", labels, "--format", "jsonl", *ws).stdout)
    got = readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl", outcomes=labels, workspaces=workspaces)
    assert [{k: v for k, v in r.items() if k != "resolved"} for r in got] == want
    ghost = [r for r in got if r["run"] == "ghost"]
    assert len(ghost) == 1 and ghost[0]["line_coverage"] == 0.0 and ghost[0]["resolved"] is False
    assert {(r["task"], r["run"]): r["resolved"] for r in got}[("pallets__flask-5014", "openhands")] is True
    assert sum(r["resolved"] is None for r in got) == len(got) - 2
    assert str(got.to_pandas()["resolved"].dtype) == "boolean"
    # Labels as dicts, and a reads file given as labels refused with the CLI's words.
    assert list(readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl", outcomes=rows,
                              workspaces=workspaces)) == list(got)
    p = cli("score", "--gold", real_files / "gold.jsonl", "--reads", real_files / "reads.jsonl",
            "--outcomes", real_files / "reads.jsonl", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl", outcomes=real_files / "reads.jsonl")
    assert p.returncode == 2 and e.value.message in p.stderr


def test_a_harness_report_is_outcomes_as_in_the_cli(real_files):
    """`outcomes=` a SWE-bench harness report (OpenHands' run summary): one label per task, as
    `readcov score --outcomes` reads it."""
    md = REPO / "tests" / "data" / "formats" / "swebench-eval" / "openhands_output.swebench_eval.md"
    want = jsonl(cli("score", "--gold", real_files / "gold.jsonl", "--reads", real_files / "reads.jsonl",
                     "--outcomes", md, "--format", "jsonl").stdout)
    got = readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl", outcomes=md)
    assert [{k: v for k, v in r.items() if k != "resolved"} for r in got] == want
    by = {(r["task"], r["run"]): r["resolved"] for r in got}
    assert by[("astropy__astropy-12907", "mini-swe-agent")] is True
    assert by[("astropy__astropy-14182", "mini-swe-agent")] is False


@pytest.mark.parametrize("kwargs", [{"agree": 2}, {"min_runs": 1}, {"loo_failed": "full"}], ids=lambda k: next(iter(k)))
def test_consensus_options_without_consensus_are_refused_as_the_cli_refuses_them(kwargs, sets):
    # Session 29: without consensus=True they changed nothing and were taken silently; the CLI
    # refuses --agree, --min-runs and --loo-failed without --consensus (exit 2), and so does Python.
    (name, value), = kwargs.items()
    with pytest.raises(readcov.InputError) as e:
        readcov.score_sets(sets["edit"], sets["reads"], outcomes=REAL / "gold.jsonl", **kwargs)
    assert (e.value.file, e.value.field) == ("<arguments>", name), e.value
    assert f"`{name}` goes with `consensus=True`" in e.value.message, e.value
    flag = "--" + name.replace("_", "-")
    p = cli("score", "--gold", sets["edit"], "--reads", sets["reads"], "--outcomes", REAL / "gold.jsonl",
            flag, str(value), check=False)
    assert p.returncode == 2 and "--consensus" in p.stderr, p.stderr
    # With consensus=True the same value is taken.
    got = readcov.score_sets(sets["edit"], sets["reads"], outcomes=REAL / "gold.jsonl", consensus=True, **kwargs)
    assert got.totals[-1]["gold_set"] == "consensus-loo", got.totals
