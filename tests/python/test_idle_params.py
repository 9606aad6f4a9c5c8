"""Parameters given where they change nothing raise InputError naming the parameter and what it
goes with, as the CLI refuses the same option (session 30; score's `widen` and score_sets'
consensus options are test_errors.py's and test_sets.py's). Each call below was taken silently by
the wheels before session 30; where the parameter does something it is still taken."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli

FX = REPO / "tests" / "fixtures"
GOLD = [{"task": "t1", "path": "a.py", "start": 1, "end": 4}]
READS = [{"task": "t1", "run": "r", "path": "a.py", "start": 1, "end": 2}]


def runs_without_counts(tmp_path):
    """The sheet fixture's run records without `regeneration_count`."""
    rows = [json.loads(line) for line in (FX / "sheet" / "runs.jsonl").read_text().splitlines()]
    for r in rows:
        r.pop("regeneration_count", None)
    path = tmp_path / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def refused(call, field, says, last=False):
    """`last`: the refusal ends the call after the inputs' row errors, said first as the CLI
    says them (`explore`'s preds fixture holds a bad row; session 37): it is the last of
    `.errors`."""
    with pytest.raises(readcov.InputError) as e:
        call()
    got = e.value.errors[-1] if last else e.value
    assert (got.file, got.field) == ("<arguments>", field), e.value
    assert says in got.message, e.value
    return got


def test_explore_instance_with_jsonl_predictions_only_is_refused_as_the_cli_refuses_it():
    # The CLI refused it since session 29 (92e96e9); the binding took it and scored the same.
    fx = FX / "explore"
    args = ("--bench", fx / "bench.jsonl", "--file-lengths", fx / "lengths.json")
    p = cli("explore", *args, "--preds", fx / "preds.jsonl", "--instance", "pylint-dev__pylint-4604", check=False)
    assert p.returncode == 2 and "--instance goes with a text-form --preds file only" in p.stderr, p.stderr
    call = lambda preds: readcov.explore(fx / "bench.jsonl", preds, lengths=fx / "lengths.json",  # noqa: E731
                                         instance="pylint-dev__pylint-4604", errors="collect")
    refused(lambda: call(fx / "preds.jsonl"), "instance", "`instance` goes with a text-form prediction file only", last=True)
    rows = [json.loads(line) for line in (fx / "preds.jsonl").read_text().splitlines() if line.strip()]
    refused(lambda: call(rows), "instance", "JSONL rows name their own instance", last=True)
    # Beside a text-form file it is taken, the JSONL file beside it too.
    assert len(call([fx / "cli-agent.txt", fx / "preds.jsonl"])) > 0


def test_sheet_sources_without_reads_and_an_idle_regeneration_limit_are_refused(tmp_path):
    fx = FX / "sheet"
    refused(lambda: readcov.sheet(fx / "runs.jsonl", sources=["human"]), "sources", "`sources` goes with `reads` only")
    assert len(readcov.sheet(fx / "runs.jsonl", reads=fx / "reads.jsonl", sources=["human"], errors="collect")) > 0
    bare = runs_without_counts(tmp_path)
    p = cli("sheet", "--runs", bare, "--regeneration-limit", "2", check=False)
    assert p.returncode == 2 and "--regeneration-limit goes with run records" in p.stderr, p.stderr
    refused(lambda: readcov.sheet(bare, regeneration_limit=2), "regeneration_limit", "counts nothing")
    assert readcov.sheet(fx / "runs.jsonl", regeneration_limit=2).doc["regeneration_limit"] == 2
    # A shard may hold no count while another does: a warning, as the CLI's.
    got = readcov.sheet(bare, regeneration_limit=2, shard="0/2")
    assert any("`regeneration_limit` goes with run records" in n for n in got.notes), got.notes


def test_sheet_threshold_and_workspace_without_their_inputs_are_refused():
    fx = FX / "sheet"
    p = cli("sheet", "--runs", fx / "runs.jsonl", "--threshold", "0.8", check=False)
    assert p.returncode == 2 and "--threshold goes with --gold and --reads only" in p.stderr, p.stderr
    refused(lambda: readcov.sheet(fx / "runs.jsonl", threshold=0.8), "threshold", "`gold` and `reads`")
    refused(lambda: readcov.sheet(fx / "runs.jsonl", gold=fx / "gold.jsonl", threshold=0.8), "threshold", "`reads`")
    refused(lambda: readcov.sheet(fx / "runs.jsonl", workspace=fx / "repo"), "workspace", "`gold`, `reads` or `units`")
    got = readcov.sheet(fx / "runs.jsonl", gold=fx / "gold.jsonl", reads=fx / "reads.jsonl", threshold=0.8)
    assert got.doc["threshold"] == 0.8
    assert len(readcov.sheet(fx / "runs.jsonl", units=fx / "units.jsonl", workspace=fx / "repo")) > 0


def test_stage_inputs_with_stages_false_are_refused(tmp_path):
    patches = tmp_path / "patches.jsonl"
    patches.write_text("")
    (tmp_path / "g.jsonl").write_text(json.dumps(GOLD[0]) + "\n")
    (tmp_path / "r.jsonl").write_text(json.dumps(READS[0]) + "\n")
    p = cli("explain", "--gold", tmp_path / "g.jsonl", "--reads", tmp_path / "r.jsonl", "--task", "t1",
            "--no-stages", "--patches", patches, check=False)
    assert p.returncode == 2 and "--no-stages" in p.stderr and "--patches" in p.stderr, p.stderr
    for name, value in (("patches", patches), ("test_reports", patches)):
        kw = {name: value}
        refused(lambda: readcov.explain(GOLD, READS, "t1", stages=False, **kw), name, "goes with `stages=True`")
        refused(lambda: readcov.explain_sets({"a": GOLD}, READS, "t1", stages=False, **kw), name, "`stages=True`")
        refused(lambda: readcov.report(GOLD, READS, stages=False, **kw), name, "`stages=True`")
    assert readcov.explain(GOLD, READS, "t1", stages=False)["stages"] is None


def test_report_k_without_runs_is_refused():
    refused(lambda: readcov.report(GOLD, READS, k=[2]), "k", "`k` needs `runs`")
    assert readcov.report(GOLD, READS)["totals"]


def test_gold_options_of_another_source_or_definition_are_refused():
    sw = REAL / "gold.jsonl"
    refused(lambda: readcov.gold_from_patch(swebench=sw, task="x"), "task", "`task` goes with `patch`")
    for name in ("max_unit", "window"):
        kw = {name: 3}
        refused(lambda: readcov.gold_from_patch(swebench=sw, **kw), name, "goes with `expand=\"units\"` or `tests=True`")
        p = cli("gold", "--from-swebench", sw, "--" + name.replace("_", "-"), "3", check=False)
        assert p.returncode == 2 and "goes with --expand units or --tests only" in p.stderr, p.stderr
    units = readcov.gold_from_patch(swebench=sw, expand="units", workspaces=REAL / "sources", window=3, errors="collect")
    assert len(units) > 0
    qrels = FX / "beir" / "qrels" / "test.tsv"
    refused(lambda: readcov.gold_from_beir(qrels, split="dev"), "split", "a dataset folder `path`")
    p = cli("gold", "--from-beir", qrels, "--split", "dev", check=False)
    assert p.returncode == 2 and "--split goes with a --from-beir dataset folder" in p.stderr, p.stderr
    assert len(readcov.gold_from_beir(qrels)) > 0
    assert len(readcov.gold_from_beir(FX / "beir", split="test")) > 0
    # A path that is not there is reported missing, not as a misplaced `split`.
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_beir(FX / "no-such-beir", split="dev")
    assert "no qrels file" in str(e.value) and "goes with" not in str(e.value), str(e.value)


def test_locbench_ks_of_a_level_without_gold_are_refused():
    lb = FX / "locbench"
    gold, preds = lb / "swebench3.jsonl", lb / "locagent.jsonl"
    p = cli("locbench", "--gold", gold, "--preds", preds, "--k-module", "3", check=False)
    assert p.returncode == 2 and "--k-module: no task has gold at module level" in p.stderr, p.stderr
    for name in ("k_module", "k_function"):
        kw = {name: [3]}
        refused(lambda: readcov.locbench(gold, preds, **kw), name, "no task has gold at")
    assert readcov.locbench(gold, preds, k_file=[3]).levels[0]["ks"] == [3]
    got = readcov.locbench(gold, preds, workspaces=REAL / "sources", k_module=[3])
    assert got.levels[1]["ks"] == [3] and got.levels[1]["instances"] > 0


def test_explore_explorer_no_row_takes_is_refused_and_an_idle_pred_root_is_said():
    # Session 31: both were taken silently. `explorer` named no row when every row names its own
    # (refused, as the CLI: the results carry the rows' names); `pred_root` with no absolute path
    # changed nothing (said in `.notes`, as the CLI says it: the scores are right without it).
    fx = FX / "explore"
    bench, preds, lengths = fx / "bench.jsonl", fx / "preds.jsonl", fx / "lengths.json"
    p = cli("explore", "--bench", bench, "--preds", preds, "--file-lengths", lengths, "--explorer", "mine", check=False)
    assert p.returncode == 2 and "--explorer mine: every prediction row names its own explorer" in p.stderr, p.stderr
    call = lambda preds, **kw: readcov.explore(bench, preds, lengths=lengths, errors="collect", **kw)  # noqa: E731
    said = "`explorer` mine: every prediction row names its own explorer"  # the CLI's words, its spelling
    refused(lambda: call(preds, explorer="mine"), "explorer", said, last=True)
    rows = [json.loads(line) for line in preds.read_text().splitlines() if line.strip()]
    refused(lambda: call(rows, explorer="mine"), "explorer", said, last=True)
    # Rows without a name take it; a row naming it itself agrees; a text-form file takes it.
    unnamed = [{k: v for k, v in r.items() if k != "explorer"} for r in rows]
    assert [s["explorer"] for s in call(unnamed, explorer="mine").summaries] == ["mine"]
    assert "bm25" in [s["explorer"] for s in call(preds, explorer="bm25").summaries]
    assert len(call(fx / "cli-agent.txt", explorer="mine", instance="pylint-dev__pylint-4604")) > 0
    p = cli("explore", "--bench", bench, "--preds", preds, "--file-lengths", lengths, "--pred-root", "/testbed",
            check=False)
    assert p.returncode == 0 and "warning: --pred-root `/testbed`: no prediction path is absolute" in p.stderr, p.stderr
    got = call(preds, pred_root="/testbed")
    assert any("`pred_root` `/testbed`: no prediction path is absolute" in n for n in got.notes), got.notes
    assert list(got) == list(call(preds))
    acting = call(fx / "testbed.txt", pred_root="/testbed", instance="pallets__flask-5014")
    assert not any("pred_root" in n for n in acting.notes), acting.notes


def test_import_workspaces_without_any_task_folder_is_said(tmp_path):
    # Session 31: no imported task had its folder under `workspaces`, so every run was imported as
    # without one, silently; said in `.notes` now (the rows are the same), as the CLI says it.
    log = REAL / "mini-swe-agent" / "astropy__astropy-12907.traj.json"
    p = cli("import", log, "--workspaces", tmp_path, check=False)
    assert p.returncode == 0 and f"warning: --workspaces {tmp_path}: no imported task has a folder" in p.stderr, p.stderr
    got = readcov.import_log(log, workspaces=tmp_path)
    want = f"warning: `workspaces` {tmp_path}: no imported task has a folder there"
    assert any(want in n for n in got.notes), got.notes
    assert list(got) == list(readcov.import_log(log))
    used = readcov.import_log(log, workspaces=REAL / "sources")
    assert not any("workspaces" in n for n in used.notes), used.notes
    assert any("base" in r for r in used)


def test_import_task_beside_eval_instances_that_name_theirs_is_said():
    # Session 31: `task` names the task of a one-instance OpenHands eval file; beside instances that
    # each name theirs it named nothing, silently. The import library's note, on `.notes` as the CLI
    # prints it.
    log = REPO / "tests" / "data" / "formats" / "openhands" / "eval-output" / "multi_swe_bench-ponyc-llama-4-maverick.output.jsonl"
    p = cli("import", log, "--task", "mine", check=False)
    assert p.returncode == 0 and "--task not used: the file's 3 instances each name their task" in p.stderr, p.stderr
    got = readcov.import_log(log, task="mine")
    assert any("--task not used: the file's 3 instances" in n for n in got.notes), got.notes
    assert list(got) == list(readcov.import_log(log))
    assert not any("--task" in n for n in readcov.import_log(log).notes)
