"""`outcomes=` as `--outcomes [RUN=]FILE`, repeated, takes labels, in every function that takes
them (score, score_sets, gold_from_runs, explain, diagnose, report): a file per run ({run: file},
"RUN=FILE" strings, (run, rows) pairs) and several merged give the CLI's answer on the shipped
real-multi runs (five models' Java runs, one of them labelled by its own SWE-bench harness
report), and the mistakes (a label naming another run, a later disagreement) raise InputError
with the CLI's message, located in the same file and line."""

import json

import pytest

import readcov
from conftest import REPO, cli, jsonl

MULTI = REPO / "tests" / "data" / "real-multi"
#: deepseek-chat-v2's own harness report (multi-swe-bench's `results.json` of that model).
REPORT = REPO / "tests" / "data" / "formats" / "swebench-eval" / "msb-java_deepseek-chat-v2_results.json"
REPORT_RUN = "deepseek-chat-v2"


@pytest.fixture(scope="module")
def multi(tmp_path_factory):
    """The 25 runs' reads, consensus gold from them, and the labels split into one file per run
    (rows without `run`: each file is given for its run), the harness report's run left out."""
    out = tmp_path_factory.mktemp("multi")
    rows = readcov.Rows()
    for log in sorted(MULTI.joinpath("swe-agent-java").rglob("*.traj")):
        rows.extend(readcov.import_log(log, task=log.parent.name, run=log.stem, errors="collect"))
    rows.to_jsonl(out / "reads.jsonl")
    gold = cli("gold", "--from-runs", out / "reads.jsonl", "--outcomes", MULTI / "outcomes.jsonl",
               "--agree", "2").stdout
    (out / "gold.jsonl").write_text(gold)
    labels = jsonl((MULTI / "outcomes.jsonl").read_text())
    files = {}
    for run in sorted({r["run"] for r in labels} - {REPORT_RUN}):
        f = out / f"{run}.jsonl"
        f.write_text("".join(json.dumps({"task": r["task"], "resolved": r["resolved"]}) + "\n"
                             for r in labels if r["run"] == run))
        files[run] = f
    files[REPORT_RUN] = REPORT
    out_files = {"reads": out / "reads.jsonl", "gold": out / "gold.jsonl", "dir": out}
    return out_files, files, labels


def cli_outcomes(files):
    return [a for run, f in files.items() for a in ("--outcomes", f"{run}={f}")]


def test_score_per_run_equals_the_cli(multi):
    m, files, labels = multi
    p = cli("score", "--gold", m["gold"], "--reads", m["reads"], *cli_outcomes(files), "--format", "jsonl")
    want = jsonl(p.stdout)
    got = readcov.score(m["gold"], m["reads"], outcomes=files)
    assert len(want) == 25 and [{k: v for k, v in r.items() if k != "resolved"} for r in got] == want
    # Every run carries its own label: the files' (and the report's, for its run) are the shipped ones.
    given = {(r["task"], r["run"]): r["resolved"] for r in labels}
    assert {(r["task"], r["run"]): r["resolved"] for r in got} == given
    # The harness report was read as labels with the CLI's note.
    note = [n for n in got.notes if "harness report, read as outcome labels" in n]
    assert len(note) == 1 and note[0] in p.stderr
    # The same labels as "RUN=FILE" strings, and as (run, rows) pairs.
    as_text = [f"{run}={f}" for run, f in files.items()]
    assert list(readcov.score(m["gold"], m["reads"], outcomes=as_text)) == list(got)
    pairs = [(run, jsonl(f.read_text())) for run, f in files.items() if run != REPORT_RUN]
    pairs.append((REPORT_RUN, REPORT))
    assert list(readcov.score(m["gold"], m["reads"], outcomes=pairs)) == list(got)
    # A file given bare labels every run of its tasks: the report then labels every model's run
    # (the 23 runs that read; the two that imported nothing are no row without their own label).
    bare = readcov.score(m["gold"], m["reads"], outcomes=[REPORT])
    want_bare = jsonl(cli("score", "--gold", m["gold"], "--reads", m["reads"], "--outcomes", REPORT,
                          "--format", "jsonl").stdout)
    assert [{k: v for k, v in r.items() if k != "resolved"} for r in bare] == want_bare
    assert len(bare) == 23 and all(r["resolved"] is not None for r in bare)


def test_a_file_named_like_the_whole_argument_is_not_split(multi, tmp_path, monkeypatch):
    """"RUN=FILE" is split only when no file is named like the whole text, as the CLI splits it."""
    m, _, labels = multi
    monkeypatch.chdir(tmp_path)
    name = f"{REPORT_RUN}=labels.jsonl"
    (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in labels))
    want = jsonl(cli("score", "--gold", m["gold"], "--reads", m["reads"], "--outcomes", name, "--format", "jsonl").stdout)
    got = readcov.score(m["gold"], m["reads"], outcomes=[name])
    assert len(got) == 25 and [{k: v for k, v in r.items() if k != "resolved"} for r in got] == want
    # Split, it would have been `labels.jsonl` for one run: a file that is not there.
    with pytest.raises(readcov.InputError, match="labels.jsonl"):
        readcov.score(m["gold"], m["reads"], outcomes={REPORT_RUN: "labels.jsonl"})


def test_the_mistakes_raise_the_cli_message(multi):
    m, files, _ = multi
    d = m["dir"]
    # A labels file naming another run than the one it was given for.
    other = d / "other.jsonl"
    other.write_text(json.dumps({"task": "fasterxml__jackson-core-1142", "run": "x", "resolved": True}) + "\n")
    p = cli("score", "--gold", m["gold"], "--reads", m["reads"], "--outcomes", f"{REPORT_RUN}={other}", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.score(m["gold"], m["reads"], outcomes={REPORT_RUN: other})
    err = e.value
    assert (err.file, err.line, err.field) == (str(other), 1, "run")
    assert err.message == f"names run `x`, but the file was given for run `{REPORT_RUN}`"
    assert str(err) in p.stderr
    # A later file disagreeing with an earlier one: a located error of the later file.
    flipped = d / "flipped.jsonl"
    flipped.write_text(json.dumps({"task": "fasterxml__jackson-core-1142", "resolved": True}) + "\n")
    args = ["--outcomes", f"{REPORT_RUN}={REPORT}", "--outcomes", f"{REPORT_RUN}={flipped}"]
    p = cli("score", "--gold", m["gold"], "--reads", m["reads"], *args, check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.score(m["gold"], m["reads"], outcomes=[f"{REPORT_RUN}={REPORT}", (REPORT_RUN, flipped)])
    err = e.value
    assert (err.file, err.line, err.field) == (str(flipped), 1, "resolved")
    assert "conflicts with" in err.message and str(err) in p.stderr
    # The rows of the valid rest are on the error, the first label kept (the report's: unresolved).
    kept = {(r["task"], r["run"]): r["resolved"] for r in err.result}
    assert kept[("fasterxml__jackson-core-1142", REPORT_RUN)] is False
    # The same mistakes through every other function that takes labels.
    for call in (
        lambda o: readcov.diagnose(m["gold"], m["reads"], outcomes=o),
        lambda o: readcov.explain(m["gold"], m["reads"], "fasterxml__jackson-core-1142", REPORT_RUN, outcomes=o),
        lambda o: readcov.score_sets({"g": m["gold"]}, m["reads"], outcomes=o),
        lambda o: readcov.gold_from_runs(m["reads"], o),
        lambda o: readcov.report(m["gold"], m["reads"], outcomes=o, stages=False),
    ):
        with pytest.raises(readcov.InputError) as e:
            call({REPORT_RUN: other})
        assert e.value.message == f"names run `x`, but the file was given for run `{REPORT_RUN}`"
    # `RUN=` with no file: refused with the CLI's words, before any file is read.
    with pytest.raises(readcov.InputError, match="no file after `a=`"):
        readcov.score(m["gold"], m["reads"], outcomes="a=")
    with pytest.raises(readcov.InputError) as e:
        readcov.score(m["gold"], m["reads"], outcomes={REPORT_RUN: True})  # type: ignore[dict-item]
    assert e.value.field == "outcomes"


def test_every_function_with_labels_per_run_equals_the_cli(multi, tmp_path):
    m, files, _ = multi
    args = cli_outcomes(files)
    # diagnose: the runs' verdicts and their labels, the summary per verdict.
    want = json.loads(cli("diagnose", "--gold", m["gold"], "--reads", m["reads"], *args, "--format", "json").stdout)
    got = readcov.diagnose(m["gold"], m["reads"], outcomes=files)
    assert list(got) == want["runs"] and got.summary == want["summary"]
    assert sum(r["resolved"] is True for r in got) == 14
    # `test_reports` takes "RUN=FILE" as `--test-report RUN=FILE` does: that run's tests stage only.
    want = json.loads(cli("diagnose", "--gold", m["gold"], "--reads", m["reads"], "--test-report",
                          f"{REPORT_RUN}={REPORT}", "--format", "json").stdout)
    got = readcov.diagnose(m["gold"], m["reads"], test_reports=[f"{REPORT_RUN}={REPORT}"])
    assert list(got) == want["runs"]
    harness = {r["run"] for r in got if (r["stages"]["tests"] or {}).get("harness") is not None}
    assert harness == {REPORT_RUN}
    # explain: the `outcome` of the run.
    task = "fasterxml__jackson-core-1142"
    want = json.loads(cli("explain", "--gold", m["gold"], "--reads", m["reads"], "--task", task, "--run", REPORT_RUN,
                          *args, "--format", "json").stdout)
    got_doc = readcov.explain(m["gold"], m["reads"], task, REPORT_RUN, outcomes=files)
    assert dict(got_doc) == want
    # score_sets: resolve rate by coverage per set.
    want = json.loads(cli("score", "--gold", f"a={m['gold']}", "--gold", f"b={m['gold']}", "--reads", m["reads"],
                          *args, "--format", "json").stdout)
    got_sets = readcov.score_sets({"a": m["gold"], "b": m["gold"]}, m["reads"], outcomes=files)
    assert list(got_sets) == want["rows"] and got_sets.totals == want["totals"]
    # gold_from_runs: consensus of the resolved runs, labelled per run.
    p = cli("gold", "--from-runs", m["reads"], *args, "--agree", "2")
    want_gold = jsonl(p.stdout)
    got_gold = readcov.gold_from_runs(m["reads"], files, agree=2)
    assert len(want_gold) > 0 and list(got_gold) == want_gold
    # The harness report read as labels: the CLI's note, word for word, in `.notes`.
    # (its first line, then the one on the task its `error_ids` left unlabelled).
    said = [n["message"] for n in got_gold.notes if n["kind"] == "outcomes"]
    assert len(said) == 2 and "harness report, read as outcome labels" in said[0]
    assert "left unlabelled" in said[1] and all(line in p.stderr.splitlines() for line in said)
    # report: the HTML page byte for byte.
    cli("report", "--gold", m["gold"], "--reads", m["reads"], *args, "--no-stages", "--html", tmp_path / "c.html")
    got_report = readcov.report(m["gold"], m["reads"], outcomes=files, stages=False, html=tmp_path / "p.html")
    assert (tmp_path / "p.html").read_bytes() == (tmp_path / "c.html").read_bytes()
    assert got_report["labelled_runs"] == 25
