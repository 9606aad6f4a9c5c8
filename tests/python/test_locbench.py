"""`readcov.locbench` against `readcov locbench --format json` on the shipped Loc-Bench fixtures:
the same levels and rows from a file and from dicts, the CLI's refusals word for word, and its
parameters checked by name."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli

FX = REPO / "tests" / "fixtures" / "locbench"


def cli_levels(*args):
    return json.loads(cli("locbench", *args, "--format", "json").stdout)["levels"]


@pytest.mark.parametrize("gold,preds,ws", [
    ("edit-functions-lite3.jsonl", "locagent-claude35-lite3.jsonl", True),
    ("swebench-lite3.jsonl", "locagent-claude35-lite3.jsonl", True),
    ("swebench3.jsonl", "agentless.jsonl", True),
    ("gold-file-changes.jsonl", "locagent.jsonl", False),
])
def test_locbench_equals_the_cli(gold, preds, ws):
    extra = ["--workspaces", REAL / "sources"] if ws else []
    want = cli_levels("--gold", FX / gold, "--preds", FX / preds, *extra)
    got = readcov.locbench(FX / gold, FX / preds, workspaces=REAL / "sources" if ws else None)
    assert got.levels == want
    assert [lv["level"] for lv in got.levels] == ["file", "module", "function"]
    # One flat row per (task, level), its metrics as columns, in the CLI's order.
    flat = [(r["task"], lv["level"], r["metrics"]) for lv in want for r in lv["rows"]]
    assert [(r["task"], r["level"]) for r in got] == [(t, lv) for t, lv, _ in flat]
    assert all(all(r[k] == v for k, v in m.items()) for r, (_, _, m) in zip(got, flat))
    assert got.to_pandas().shape[0] == len(got) > 0
    # The same rows as dicts.
    rows = [json.loads(line) for line in (FX / preds).read_text().splitlines() if line.strip()]
    again = readcov.locbench(FX / gold, rows, workspaces=REAL / "sources" if ws else None)
    assert again.levels == want


def test_locbench_ks_as_the_cli_takes_them():
    want = cli_levels("--gold", FX / "gold-file-changes.jsonl", "--preds", FX / "locagent.jsonl",
                      "--k-file", "3,1", "--k-module", "2", "--k-function", "1,1")
    got = readcov.locbench(FX / "gold-file-changes.jsonl", FX / "locagent.jsonl",
                           k_file=[3, 1], k_module=[2], k_function=[1, 1])
    assert got.levels == want and [lv["ks"] for lv in got.levels] == [[1, 3], [2], [1]]
    for bad in ([], [0], [-1], [1.5]):
        with pytest.raises(readcov.InputError) as e:
            readcov.locbench(FX / "gold-file-changes.jsonl", FX / "locagent.jsonl", k_module=bad)
        assert e.value.field == "k_module", e.value


def test_locbench_refuses_what_the_cli_refuses(tmp_path):
    reads = tmp_path / "reads.jsonl"
    reads.write_text('{"task":"t","run":"r","path":"a.py","start":1,"end":2,"tool":"view"}\n')
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"instance_id":"a","found_files":3}\n')
    for gold, preds in ((FX / "locagent.jsonl", FX / "locagent.jsonl"),
                        (FX / "gold-file-changes.jsonl", reads),
                        (FX / "gold-file-changes.jsonl", REAL / "gold.jsonl"),
                        (FX / "gold-file-changes.jsonl", bad)):
        refused = cli("locbench", "--gold", gold, "--preds", preds, check=False)
        assert refused.returncode == 2, refused.stderr
        with pytest.raises(readcov.InputError) as e:
            readcov.locbench(gold, preds)
        assert e.value.message in refused.stderr, (str(e.value), refused.stderr)


def test_locbench_notes_say_what_the_cli_says():
    """readcov gold without a workspace: file level only, said per task, as on stderr."""
    p = cli("locbench", "--gold", FX / "swebench3.jsonl", "--preds", FX / "locagent.jsonl")
    got = readcov.locbench(FX / "swebench3.jsonl", FX / "locagent.jsonl")
    assert got.notes and all(n in p.stderr for n in got.notes)
    assert any("file level only" in n for n in got.notes)
