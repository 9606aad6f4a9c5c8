"""`readcov.contextbench` against `readcov contextbench --format json` on the shipped fixture (a
Python checkout, so the symbol level comes from tree-sitter) and on the real runs' reads."""

import json

import pytest

import readcov
from conftest import REPO, cli

FX = REPO / "tests" / "fixtures" / "contextbench"


def test_contextbench_equals_the_cli():
    for extra, kw in (([], {}), (["--no-blocks"], {"blocks": False})):
        want = json.loads(cli("contextbench", "--gold", FX / "gold.jsonl", "--preds", FX / "preds.jsonl",
                              "--workspaces", FX / "ws", "--format", "json", *extra).stdout)
        got = readcov.contextbench(FX / "gold.jsonl", preds=FX / "preds.jsonl", workspaces=FX / "ws", **kw)
        assert len(got) > 0 and list(got) == want["rows"]
        assert got.summaries == want["summaries"]
    assert [s["summary"] for s in got.summaries] == ["compat", "clean"]
    # Parquet gold as the data set ships it, and prediction rows as dicts: the same rows.
    preds = [json.loads(l) for l in (FX / "preds.jsonl").read_text().splitlines() if l.strip()]
    parquet = readcov.contextbench(FX / "gold.zstd.parquet", preds=preds, workspaces=FX / "ws")
    assert list(parquet) == list(readcov.contextbench(FX / "gold.jsonl", preds=FX / "preds.jsonl", workspaces=FX / "ws"))
    assert got.to_pandas().shape[0] == len(got)


def test_contextbench_refuses_what_the_cli_refuses():
    refused = cli("contextbench", "--gold", FX / "preds.jsonl", "--preds", FX / "preds.jsonl", check=False)
    assert refused.returncode == 2
    with pytest.raises(readcov.InputError) as e:
        readcov.contextbench(FX / "preds.jsonl", preds=FX / "preds.jsonl")
    assert e.value.message in refused.stderr, (str(e.value), refused.stderr)
    with pytest.raises(TypeError):
        readcov.contextbench(FX / "gold.jsonl")


def test_contextbench_takes_a_trajectory_as_the_cli_does(tmp_path):
    """A real trajectory as reads, imported against its checkout under `workspaces`, as
    `readcov contextbench --reads` imports it: the same rows."""
    from conftest import REAL

    gold = tmp_path / "cb.jsonl"
    ctx = [{"file": "requests/models.py", "start_line": 311, "end_line": 314},
           {"file": "requests/sessions.py", "start_line": 309, "end_line": 320}]
    gold.write_text(json.dumps({"instance_id": "psf__requests-1724", "gold_context": json.dumps(ctx)}) + "\n")
    traj = REAL / "openhands" / "psf__requests-1724.json"
    p = cli("contextbench", "--gold", gold, "--reads", traj, "--workspaces", REAL / "sources", "--format", "json")
    want = json.loads(p.stdout)
    got = readcov.contextbench(gold, reads=traj, workspaces=REAL / "sources")
    assert len(got) == 1 and list(got) == want["rows"] and got.summaries == want["summaries"]
    assert any("imported on the fly" in n for n in got.notes) and all(n in p.stderr for n in got.notes)
