"""`readcov.diagnose`, explain's stages and `gold_from_runs` against the CLI on the shipped real
data: the same inputs give the same rows, summary and partial, through the one input layer."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

MULTI = REPO / "tests" / "data" / "real-multi"


def test_diagnose_equals_the_cli(changes, tmp_path):
    gold, reads, patches = REAL / "gold.jsonl", changes / "reads.jsonl", changes / "patches.jsonl"
    args = ["--gold", gold, "--reads", reads, "--patches", patches, "--workspaces", REAL / "sources",
            "--outcomes", gold]
    p = cli("diagnose", *args, "--format", "json", "--emit-partial", tmp_path / "d.json")
    want = json.loads(p.stdout)
    got = readcov.diagnose(gold, reads, patches=patches, workspaces=REAL / "sources", outcomes=gold)
    assert len(got) == 15 and list(got) == want["runs"]
    assert got.summary == want["summary"]
    assert got.partial == json.loads((tmp_path / "d.json").read_text())
    assert "note: changes of 15 run(s): 15 patches" in got.notes and all(n in p.stderr for n in got.notes)
    # The verdicts are not all one: the diagnosis tells the runs apart.
    assert {r["change_source"] for r in got} == {"patches"} and len({r["verdict"] for r in got}) >= 3
    # Shards merge into the unsharded summary, as the CLI's partials do.
    parts = [readcov.diagnose(gold, reads, patches=patches, workspaces=REAL / "sources", outcomes=gold, shard=(i, 2))
             for i in range(2)]
    assert sum(len(x) for x in parts) == 15
    merged = readcov.merge([x.partial for x in parts])
    assert merged["summary"] == want["summary"]


def test_diagnose_names_the_patches_entries_no_run_took(changes, tmp_path):
    """The note on `patches=` entries no run took comes from the library: the CLI's text, naming
    the entries in their order (session 32: a count alone)."""
    gold, reads, patches = REAL / "gold.jsonl", changes / "reads.jsonl", tmp_path / "p.jsonl"
    extra = [{"instance_id": "z__z-1", "model_name_or_path": "m", "model_patch": ""},
             {"instance_id": "a__a-1", "model_patch": ""}]
    patches.write_text((changes / "patches.jsonl").read_text() + "".join(json.dumps(e) + "\n" for e in extra))
    p = cli("diagnose", "--gold", gold, "--reads", reads, "--patches", patches, "--workspaces", REAL / "sources")
    got = readcov.diagnose(gold, reads, patches=patches, workspaces=REAL / "sources")
    note = [n for n in got.notes if "matched no run" in n]
    assert len(note) == 1 and note[0] in p.stderr
    assert note[0].startswith("note: 2 --patches entr(y/ies) matched no run")
    assert note[0].endswith("run): z__z-1 (m), a__a-1 (no model_name_or_path)")


def test_diagnose_as_a_dataframe(changes):
    got = readcov.diagnose(REAL / "gold.jsonl", changes / "reads.jsonl", patches=changes / "patches.jsonl",
                           workspaces=REAL / "sources")
    df = got.to_pandas()
    assert list(df.columns[:5]) == ["task", "run", "verdict", "reason", "change_source"]
    assert len(df) == len(got)
    # `stages` flattened as `<stage>_<key>`, each cell the nested value.
    for i, row in enumerate(got):
        st = row["stages"]
        assert df["edit_recall"][i] == st["edit"]["recall"] or (st["edit"]["recall"] is None and df["edit_recall"].isna()[i])
        assert df["search_gold_files"][i] == st["search"]["gold_files"]
        assert df["read_line_coverage"][i] == st["read"]["line_coverage"]
        assert df["change_units"][i] == st["change"]["units"]
    # No harness report: the tests columns are there, and empty.
    assert df["tests_fail_to_pass_failing"].isna().all()
    assert str(df["change_partial"].dtype) == "boolean"


def test_diagnose_takes_what_the_cli_takes(tmp_path):
    """A trajectory as reads (each run's change from its replayed edits), grouped by repo, and the
    reads as dicts: equal to the CLI's rows."""
    task = "pallets__flask-5014"
    traj = REAL / "openhands" / f"{task}.json"
    args = ["--gold", REAL / "gold.jsonl", "--reads", traj, "--workspaces", REAL / "sources"]
    want = json.loads(cli("diagnose", *args, "--group-by", "repo", "--format", "json").stdout)
    got = readcov.diagnose(REAL / "gold.jsonl", traj, workspaces=REAL / "sources", group_by="repo")
    assert list(got) == want["runs"] and got.summary == want["summary"]
    assert got[0]["change_source"] in ("log", "replay") and got.summary[0]["group"] == "pallets__flask"
    rows = jsonl((tmp_path / "r.jsonl").write_text(cli("import", "--workspaces", REAL / "sources", traj).stdout) and
                 (tmp_path / "r.jsonl").read_text())
    from_dicts = readcov.diagnose(REAL / "gold.jsonl", rows, workspaces=REAL / "sources")
    # Reads rows carry no change: the stages before it are the trajectory's.
    assert from_dicts[0]["change_source"] == "none"
    assert from_dicts[0]["stages"]["search"] == got[0]["stages"]["search"]
    assert from_dicts[0]["stages"]["read"] == got[0]["stages"]["read"]


def test_diagnose_refuses_what_the_cli_refuses(changes):
    gold, reads = REAL / "gold.jsonl", changes / "reads.jsonl"
    refused = cli("diagnose", "--gold", gold, "--reads", reads, "--patches", reads, check=False)
    assert refused.returncode == 2
    with pytest.raises(readcov.InputError) as e:
        readcov.diagnose(gold, reads, patches=reads)
    assert "looks like reads JSONL" in str(e.value) and e.value.message in refused.stderr
    with pytest.raises(readcov.InputError) as e:
        readcov.diagnose(gold, reads, group_by="model")
    assert "group_by" in str(e.value)
    with pytest.raises(readcov.InputError):
        readcov.diagnose(gold, reads, threshold=2)
    with pytest.raises(readcov.InputError) as e:
        readcov.diagnose([{"task": "t", "path": "a.py", "start": 2}], reads)
    assert "nothing to diagnose" in e.value.message


def test_diagnose_stops_on_inputs_with_nothing_valid_as_the_cli_does(changes, tmp_path):
    """Empty reads, and labels or predictions whose every line is an error: the CLI's exit 2 and
    its words (before session 26 diagnose gave an empty table and ignored the bad labels)."""
    gold, reads = REAL / "gold.jsonl", changes / "reads.jsonl"
    empty, bad = tmp_path / "empty.jsonl", tmp_path / "bad.md"
    empty.write_text("")
    bad.write_text("# notes\nnot json\n")
    for kw, flag, path, says in [
        ("reads", "--reads", empty, "no reads, nothing to score"),
        ("outcomes", "--outcomes", bad, "no valid outcome labels, 2 line(s) and every one an error"),
        ("patches", "--patches", bad, "no valid predictions, 2 line(s) and every one an error"),
    ]:
        args = {"reads": reads, kw: path}
        cli_args = ["--reads", reads] if kw != "reads" else []
        done = cli("diagnose", "--gold", gold, *cli_args, flag, path, check=False)
        assert done.returncode == 2 and says in done.stderr, (kw, done.stderr)
        with pytest.raises(readcov.InputError) as e:
            readcov.diagnose(gold, **args)
        assert says in e.value.message and e.value.message in done.stderr, (kw, e.value.message, done.stderr)


def test_explain_stages_know_the_runs_change(changes):
    """explain's stages take the run's change as `readcov explain` does: `patches=`, else the
    trajectory's own patch or its replayed edits; `workspaces=` is the task's own folder."""
    task = "pallets__flask-5014"
    args = ["--gold", REAL / "gold.jsonl", "--reads", changes / "reads.jsonl", "--task", task,
            "--workspaces", REAL / "sources", "--patches", changes / "patches.jsonl"]
    want = json.loads(cli("explain", *args, "--format", "json").stdout)
    got = readcov.explain(REAL / "gold.jsonl", changes / "reads.jsonl", task, workspaces=REAL / "sources",
                          patches=changes / "patches.jsonl")
    assert dict(got) == want
    assert got["stages"]["change_source"] == "patches" and got["stages"]["stages"]["change"]["units"]
    # The task's folder gives units: the gold files carry them, as with `workspace=` on the folder.
    one = readcov.explain(REAL / "gold.jsonl", changes / "reads.jsonl", task, workspace=REAL / "sources" / task,
                          patches=changes / "patches.jsonl")
    assert one["files"] == got["files"]
    none = readcov.explain(REAL / "gold.jsonl", changes / "reads.jsonl", task, stages=False)
    assert none["stages"] is None


def test_gold_from_runs_equals_the_cli(tmp_path):
    """Consensus gold from the Java runs of tests/data/real-multi, as `readcov gold --from-runs`."""
    logs = sorted(MULTI.joinpath("swe-agent-java").rglob("*.traj"))
    assert len(logs) == 25, logs
    rows = readcov.Rows()
    for log in logs:
        # Each log is one run of one task (the folder, the file's stem); two import no row.
        got = readcov.import_log(log, task=log.parent.name, run=log.stem, errors="collect")
        rows.extend(got)
    reads = tmp_path / "reads.jsonl"
    rows.to_jsonl(reads)
    outcomes = MULTI / "outcomes.jsonl"
    for extra, kw in (([], {}), (["--agree", "2", "--optional"], {"agree": 2, "optional": True})):
        want = jsonl(cli("gold", "--from-runs", reads, "--outcomes", outcomes, *extra).stdout)
        got = readcov.gold_from_runs(reads, outcomes, **kw)
        assert len(want) > 0 and list(got) == want
        assert list(readcov.gold_from_runs(list(rows), outcomes, **kw)) == want
    assert any(r.get("tier") == "optional" for r in got)
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_runs(reads, outcomes, min_runs=99)
    assert "no consensus gold" in e.value.message
    with pytest.raises(readcov.InputError):
        readcov.gold_from_runs(reads, outcomes, min_runs=-1)
