"""The Python API against the CLI on the shipped real data (tests/data/real): the same rows, the
same totals, the same located errors — and the wheel, not the source tree, under test."""

import json
import os
import sys
from pathlib import Path

import pytest
import readcov
from conftest import REAL, REPO, cli, jsonl, trajectories


def test_module_and_command_come_from_the_installed_wheel():
    installed = Path(readcov.__file__).resolve()
    assert "site-packages" in installed.parts, installed
    assert REPO not in installed.parents, f"imported from the source tree: {installed}"
    assert readcov.__version__ == cli("--version").stdout.split()[1]
    assert Path(readcov._native.__file__).name.startswith("_native")


def test_import_log_equals_cli_import(real_files):
    got = readcov.import_log(trajectories(), workspaces=REAL / "sources")
    want = jsonl((real_files / "reads.jsonl").read_text())
    assert len(want) > 400
    assert list(got) == want
    assert got.summary["runs"] == 15 and got.summary["files"] == 15
    assert got.errors == []


def test_gold_from_patch_equals_cli_gold(real_files):
    got = readcov.gold_from_patch(swebench=REAL / "gold.jsonl")
    assert list(got) == jsonl((real_files / "gold.jsonl").read_text())
    assert len(got) == 34
    # Units, per-task workspaces: as `readcov gold --expand units --workspaces`.
    units = readcov.gold_from_patch(swebench=REAL / "gold.jsonl", expand="units", workspaces=REAL / "sources")
    want = cli("gold", "--from-swebench", REAL / "gold.jsonl", "--expand", "units", "--workspaces", REAL / "sources", "-o", "-")
    assert list(units) == jsonl(want.stdout)
    assert {r["origin"] for r in units} >= {"unit"}
    # One diff as text, as `--from-diff`.
    row = json.loads((REAL / "gold.jsonl").read_text().splitlines()[0])
    one = readcov.gold_from_patch(row["patch"], task="t1")
    assert one and all(r["task"] == "t1" for r in one)


def test_gold_from_dicts_equals_gold_from_file(real_files):
    rows = [json.loads(l) for l in (REAL / "gold.jsonl").read_text().splitlines()]
    assert list(readcov.gold_from_patch(swebench=rows)) == jsonl((real_files / "gold.jsonl").read_text())


def test_score_equals_cli_score_jsonl(real_files, tmp_path):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    part = tmp_path / "p.json"
    want = jsonl(cli("score", "--gold", gold, "--reads", reads, "--format", "jsonl", "--emit-partial", part).stdout)
    got = readcov.score(gold, reads)
    assert len(want) == 15
    assert list(got) == want
    assert got.partial == json.loads(part.read_text())
    merged = json.loads(cli("merge", "--format", "json", part).stdout)
    assert got.totals == merged["totals"]
    assert got.totals["passing"] == 14 and got.totals["scored"] == 15
    # Inputs as dicts: the same rows.
    as_dicts = readcov.score(list(jsonl(gold.read_text())), list(jsonl(reads.read_text())))
    assert list(as_dicts) == want
    # --summary and another threshold.
    summary = jsonl(cli("score", "--gold", gold, "--reads", reads, "--format", "jsonl", "--summary", "--threshold", "0.95").stdout)
    assert list(readcov.score(gold, reads, threshold=0.95, breakdown=False)) == summary


def test_score_with_a_workspace_equals_cli(real_files, tmp_path):
    """Unit columns and read-before-edit, with a workspace: one task at a time, as the CLI's
    --workspace takes one repository."""
    gold = jsonl((real_files / "gold.jsonl").read_text())
    reads = jsonl((real_files / "reads.jsonl").read_text())
    tasks = sorted({g["task"] for g in gold})[:4]
    for task in tasks:
        g = [x for x in gold if x["task"] == task]
        r = [x for x in reads if x.get("task") == task]
        (tmp_path / "g.jsonl").write_text("".join(json.dumps(x) + "\n" for x in g))
        (tmp_path / "r.jsonl").write_text("".join(json.dumps(x) + "\n" for x in r))
        ws = REAL / "sources" / task
        want = jsonl(cli("score", "--gold", tmp_path / "g.jsonl", "--reads", tmp_path / "r.jsonl", "--workspace", ws, "--format", "jsonl").stdout)
        got = readcov.score(g, r, workspace=ws)
        assert list(got) == want, task
        assert "gold_units" in got[0] and "read_before_edit" in got[0]


def test_to_pandas_and_arrow_have_the_jsonl_columns(real_files):
    rows = readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl")
    rbe = [f"read_before_edit_{k}" for k in ("edits", "mean", "worst", "worst_event_id", "worst_path", "worst_region")]
    # task, run first, then the CLI's csv order; read-before-edit flat; the breakdown last.
    want = ["task", "run", "status", "file_hit", "line_coverage", "precision", "f1", "gold_lines", "read_lines",
            "covered_lines", "passes_threshold", "gold_files", "files_hit", *rbe, "files", "spans"]
    df = rows.to_pandas()
    assert list(df.columns) == want and len(df) == 15
    assert sorted(set(rows[0]) - {"read_before_edit"}) == sorted(set(want) - set(rbe))
    assert df["line_coverage"].tolist() == [r["line_coverage"] for r in rows]
    assert str(df["passes_threshold"].dtype) == "boolean"
    assert df["passes_threshold"].tolist() == [r["passes_threshold"] for r in rows]
    edits = [r["read_before_edit"]["edits"] if r["read_before_edit"] else None for r in rows]
    assert any(edits) and df["read_before_edit_edits"].fillna(0).astype(int).tolist() == [e or 0 for e in edits]
    table = rows.to_arrow()
    assert table.column_names == want and table.num_rows == 15
    assert str(table.schema.field("passes_threshold").type) == "bool"
    # An unscored row's passes_threshold is a missing boolean, not False; so is a no-run row's (a
    # task with gold that no run read: `status` no_run, issue 36), even when no row has one.
    unscored = readcov.score([{"task": "t", "path": "a.py", "start": 1, "end": 2}],
                             [{"task": "u", "run": "r", "path": "a.py", "start": 1, "end": 1}])
    frame = unscored.to_pandas()
    assert str(frame["passes_threshold"].dtype) == "boolean"
    assert frame.set_index("task")["status"].to_dict() == {"t": "no_run", "u": "unscored"}
    assert frame.set_index("task")["passes_threshold"].isna().to_dict() == {"t": True, "u": True}
    # Beside a scored row: the no-run row is counted apart in the totals and in no mean.
    mixed = readcov.score([{"task": "t", "path": "a.py", "start": 1, "end": 2},
                           {"task": "v", "path": "a.py", "start": 1, "end": 2}],
                          [{"task": "t", "run": "r", "path": "a.py", "start": 3, "end": 3},
                           {"task": "u", "run": "r", "path": "a.py", "start": 1, "end": 1}])
    frame = mixed.to_pandas()
    assert str(frame["passes_threshold"].dtype) == "boolean"
    assert frame.set_index("task")["passes_threshold"].isna().to_dict() == {"t": False, "u": True, "v": True}
    assert frame.set_index("task")["status"].to_dict() == {"t": "scored", "u": "unscored", "v": "no_run"}
    assert (mixed.totals["scored"], mixed.totals["unscored"], mixed.totals["no_run"]) == (1, 1, 1)
    # A DataFrame goes back in as input.
    gold = readcov.gold_from_patch(swebench=REAL / "gold.jsonl").to_pandas()
    reads = readcov.import_log(trajectories(), workspaces=REAL / "sources").to_pandas()
    assert list(readcov.score(gold, reads)) == list(rows)


def test_bad_reads_raise_located_input_error(real_files, tmp_path):
    bad = tmp_path / "bad.jsonl"
    good = (real_files / "reads.jsonl").read_text().splitlines()
    lines = good[:3] + ['{"task":"x","path":"a.py","start":"one","end":2}', "not json"] + good[3:]
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(readcov.InputError) as e:
        readcov.score(real_files / "gold.jsonl", bad)
    err = e.value
    assert (err.file, err.line, err.field) == (str(bad), 4, "start")
    assert [x.line for x in err.errors] == [4, 5]
    # The CLI reports the same places.
    stderr = cli("score", "--gold", real_files / "gold.jsonl", "--reads", bad, "--format", "jsonl").stderr
    assert f"{bad}:4: field `start`" in stderr and f"{bad}:5:" in stderr
    # Nothing lost: the valid rest was scored (on the error, and with errors="collect").
    assert len(err.result) == 15
    kept = readcov.score(real_files / "gold.jsonl", bad, errors="collect")
    assert list(kept) == list(err.result) and len(kept.errors) == 2


def test_bad_dict_rows_are_located_by_position():
    with pytest.raises(readcov.InputError) as e:
        readcov.score([{"task": "t", "path": "a.py", "start": 1, "end": 5}],
                      [{"task": "t", "path": "a.py", "start": 1, "end": 2}, {"task": "t", "path": "a.py", "start": 9}])
    assert (e.value.file, e.value.line, e.value.field) == ("<reads>", 2, "end")
    assert isinstance(e.value, ValueError)


def test_score_takes_every_input_the_cli_takes(real_files):
    """Through the one input layer: SWE-bench rows as gold and a trajectory as reads, converted
    on the fly as `readcov score` converts them, with the CLI's note."""
    traj = trajectories()[0]
    want = jsonl(cli("score", "--gold", REAL / "gold.jsonl", "--reads", traj, "--format", "jsonl").stdout)
    got = readcov.score(REAL / "gold.jsonl", traj)
    assert want and list(got) == want
    assert any("imported on the fly" in n for n in got.notes)
    # Rows as dicts with numpy values and NaN cells (a DataFrame) read as the file does.
    import pandas as pd

    frame = pd.read_json(real_files / "reads.jsonl", lines=True)
    assert frame.isna().any().any()  # optional keys missing on some rows
    assert list(readcov.score(real_files / "gold.jsonl", frame)) == list(readcov.score(real_files / "gold.jsonl", real_files / "reads.jsonl"))


def test_rows_that_are_not_json_are_located():
    gold = [{"task": "t", "path": "a.py", "start": 1, "end": 5}]
    for bad in ({"task": "t", "path": "a.py", "start": 1, "end": float("inf")}, {"path": object()}, "a string"):
        with pytest.raises(readcov.InputError) as e:
            readcov.score(gold, [{"task": "t", "path": "a.py", "start": 1, "end": 2}, bad])
        assert (e.value.file, e.value.line) == ("<reads>", 2) and "not a JSON object" in e.value.message, e.value
    # A NaN cell is a missing key: here a required one.
    with pytest.raises(readcov.InputError) as e:
        readcov.score(gold, [{"task": "t", "path": "a.py", "start": 1, "end": float("nan")}])
    assert (e.value.line, e.value.field, e.value.message) == (1, "end", "missing")


def test_whole_input_errors_are_input_errors(tmp_path):
    with pytest.raises(readcov.InputError) as e:
        readcov.score(tmp_path / "missing.jsonl", [])
    assert e.value.file == str(tmp_path / "missing.jsonl") and e.value.line == 0
    with pytest.raises(readcov.InputError):
        readcov.score([], [], workspace=tmp_path / "nope")
    with pytest.raises(readcov.InputError) as e:
        readcov.import_log(REAL / "gold.jsonl")
    assert e.value.file == str(REAL / "gold.jsonl")
    with pytest.raises(readcov.InputError):
        readcov.import_log(trajectories()[:1], format="no-such-format")


def _refused_before_a_hang(call):
    """Runs `call` on a daemon thread: it must raise InputError within 30 s (a FIFO's open once
    blocked forever, /dev/zero grew to MemoryError). A refusal takes milliseconds; the deadline
    only tells a hang from a loaded machine (5 s was close to what a busy CI core can take)."""
    import threading

    out = {}

    def run():
        try:
            call()
            out["error"] = None
        except BaseException as e:  # noqa: BLE001 - what was raised is the assertion
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "still running after 30 s: it hangs"
    return out["error"]


def test_a_fifo_or_a_device_is_refused_never_waited_on(real_files, tmp_path):
    fifo = tmp_path / "reads.jsonl"
    os.mkfifo(fifo)
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    explore = REPO / "tests" / "fixtures" / "explore"
    clean_preds = [json.loads(line) for line in (explore / "preds.jsonl").read_text().splitlines()[:3]]
    calls = {
        "score reads FIFO": lambda: readcov.score(gold, fifo),
        "score gold FIFO": lambda: readcov.score(fifo, reads),
        "score gold /dev/zero": lambda: readcov.score("/dev/zero", reads),
        # Rows that parse: since session 37 the lengths file is read after them, as the CLI does.
        "explore lengths FIFO": lambda: readcov.explore(explore / "bench.jsonl", clean_preds, lengths=fifo),
        "merge FIFO": lambda: readcov.merge([fifo]),
        "gold_from_patch /dev/zero": lambda: readcov.gold_from_patch(swebench="/dev/zero"),
        "score reads /dev/zero": lambda: readcov.score(gold, "/dev/zero"),
        "explain reads FIFO": lambda: readcov.explain(gold, fifo, task="t"),
        "sheet runs FIFO": lambda: readcov.sheet(fifo),
        "import_log FIFO": lambda: readcov.import_log(fifo),
        "import_log /dev/zero": lambda: readcov.import_log("/dev/zero"),
    }
    for what, call in calls.items():
        err = _refused_before_a_hang(call)
        assert isinstance(err, readcov.InputError), f"{what}: {err!r}"
        assert err.message == "not a regular file" and err.line == 0, f"{what}: {err}"
        assert err.file in (str(fifo), "/dev/zero"), f"{what}: {err.file}"
    # The wheel's `readcov` command refuses the same files with the same words, exit 2, without
    # waiting (a hang is a TimeoutExpired, failing the test).
    for what, args in {
        "reads FIFO": ("score", "--gold", gold, "--reads", fifo),
        "gold FIFO": ("score", "--gold", fifo, "--reads", reads),
        "reads /dev/zero": ("score", "--gold", gold, "--reads", "/dev/zero"),
        "gold /dev/zero": ("score", "--gold", "/dev/zero", "--reads", reads),
        "import FIFO": ("import", fifo),
        "import /dev/zero": ("import", "/dev/zero"),
    }.items():
        p = cli(*args, check=False, timeout=20)
        assert p.returncode == 2, f"{what}: exit {p.returncode}: {p.stderr}"
        assert "not a regular file" in p.stderr, f"{what}: {p.stderr}"
    # A regular file still reads.
    assert len(readcov.score(gold, reads)) == 15


def test_shards_merge_to_the_unsharded_totals(real_files):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    whole = readcov.score(gold, reads)
    parts = [readcov.score(gold, reads, shard=(i, 3)) for i in range(3)]
    assert sorted(len(p) for p in parts) != [0, 0, 15], "the split is not trivial"
    merged = readcov.merge([p.partial for p in parts])
    assert merged["totals"] == whole.totals and merged["shards"] == ["0/3", "1/3", "2/3"]
    rows = sorted((r for p in parts for r in p), key=lambda r: (r["task"], r["run"]))
    assert rows == sorted(whole, key=lambda r: (r["task"], r["run"]))
    assert all(readcov.shard_of(r["task"], 3) == i for i, p in enumerate(parts) for r in p)
    assert "warning" in readcov.merge([parts[0].partial, parts[1].partial])
    with pytest.raises(readcov.InputError, match="given twice"):
        readcov.merge([parts[0].partial, parts[0].partial])


def test_explore_equals_cli_explore(tmp_path):
    fx = REPO / "tests" / "fixtures" / "explore"
    p = cli("explore", "--bench", fx / "bench.jsonl", "--preds", fx / "preds.jsonl", "--file-lengths", fx / "lengths.json", "--format", "jsonl", "--emit-partial", tmp_path / "e.json")
    records = jsonl(p.stdout)
    # The fixture has deliberately bad prediction rows: the same ones located as the CLI's.
    got = readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", lengths=fx / "lengths.json", errors="collect")
    assert got.errors
    for e in got.errors:
        assert f"{e.file}:{e.line}:" in p.stderr
    strip = lambda r: {k: v for k, v in r.items() if k != "record"}
    assert list(got) == [strip(r) for r in records if r["record"] == "instance"]
    assert got.summaries == [strip(r) for r in records if r["record"] == "summary"]
    assert len(got) > 0 and len(got.summaries) > 0
    assert got.partial == json.loads((tmp_path / "e.json").read_text())
    # The same from dicts, lengths as a dict; and two shards merge to the unsharded summaries.
    bench = jsonl((fx / "bench.jsonl").read_text())
    lengths = json.loads((fx / "lengths.json").read_text())
    parts = [readcov.explore(bench, fx / "preds.jsonl", lengths=lengths, shard=(i, 2), errors="collect") for i in range(2)]
    merged = readcov.merge([p.partial for p in parts])
    assert merged["explorers"] == json.loads(cli("merge", "--format", "json", tmp_path / "e.json").stdout)["explorers"]
    assert merged["explorers"] == got.summaries
    assert got.to_pandas().shape[0] == len(got)


def test_explore_bad_rows_are_located(tmp_path):
    fx = REPO / "tests" / "fixtures" / "explore"
    bad = tmp_path / "preds.jsonl"
    bad.write_text((fx / "preds.jsonl").read_text() + '{"instance_id": 5}\n')
    n = len((fx / "preds.jsonl").read_text().splitlines()) + 1
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(fx / "bench.jsonl", bad, lengths=fx / "lengths.json")
    assert (e.value.errors[-1].file, e.value.errors[-1].line) == (str(bad), n)
    assert e.value.file == str(bad) and e.value.line >= 1
    clean = readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", lengths=fx / "lengths.json", errors="collect")
    assert len(e.value.errors) == len(clean.errors) + 1
    assert list(e.value.result) == list(clean)


def test_sheet_equals_cli_sheet(tmp_path):
    fx = REPO / "tests" / "fixtures" / "sheet"
    args = ["--runs", fx / "runs.jsonl", "--gold", fx / "gold.jsonl", "--reads", fx / "reads.jsonl", "--ledger", fx / "ledger.jsonl", "--tasks", fx / "tasks.jsonl", "--units", fx / "units.jsonl", "--k", "1,2"]
    want = json.loads(cli("sheet", *args, "--format", "json", "--emit-partial", tmp_path / "s.json").stdout)
    got = readcov.sheet(fx / "runs.jsonl", gold=fx / "gold.jsonl", reads=fx / "reads.jsonl", ledger=fx / "ledger.jsonl", tasks=fx / "tasks.jsonl", units=fx / "units.jsonl", k=[1, 2], errors="collect")
    assert got.doc == want
    assert list(got) == want["runs"] and len(got) > 0
    assert got.partial == json.loads((tmp_path / "s.json").read_text())
    assert got.to_pandas().shape[0] == len(want["runs"])


def test_sheet_shard_equals_cli_sheet_shard(tmp_path):
    """One library call behind both: a shard's sheet lists only its own gold tasks nobody ran."""
    fx = REPO / "tests" / "fixtures" / "sheet"
    gold = tmp_path / "gold.jsonl"
    extra = [{"task": f"g{i}", "path": "a.py", "start": 1, "end": 2} for i in range(10, 22)]
    gold.write_text((fx / "gold.jsonl").read_text() + "".join(json.dumps(r) + "\n" for r in extra))
    listed = []
    for shard in ("0/2", "1/2"):
        want = json.loads(cli("sheet", "--runs", fx / "runs.jsonl", "--gold", gold, "--shard", shard, "--format", "json").stdout)
        got = readcov.sheet(fx / "runs.jsonl", gold=gold, shard=shard, errors="collect")
        assert got.doc == want
        assert 0 < len(want["no_run_tasks"]) < len(extra)
        listed += want["no_run_tasks"]
    assert sorted(listed) == sorted(r["task"] for r in extra)


def test_explain_equals_cli_explain(real_files):
    task = "pylint-dev__pylint-4604"
    ws = REAL / "sources" / task
    want = json.loads(cli("explain", "--gold", real_files / "gold.jsonl", "--reads", real_files / "reads.jsonl", "--task", task, "--workspace", ws, "--format", "json").stdout)
    got = readcov.explain(real_files / "gold.jsonl", real_files / "reads.jsonl", task, workspace=ws)
    assert dict(got) == want
    # The stages ride along, measured as the CLI measures them: 4604 never opened a gold file.
    assert got["stages"]["verdict"] == "search" and got["stages"]["change_source"] == "none"
    assert got["task"] == task and got.to_pandas().shape[0] >= 1
    with pytest.raises(readcov.InputError):
        readcov.explain(real_files / "gold.jsonl", real_files / "reads.jsonl", "no-such-task")


def test_explain_takes_what_the_cli_takes(real_files):
    """Through the one input layer: SWE-bench rows as gold and a trajectory as reads are converted
    on the fly (with the CLI's notes), as `readcov explain` converts them; reads as gold are
    refused with the CLI's words."""
    task = "pylint-dev__pylint-4604"
    ws = REAL / "sources" / task
    traj = REAL / "openhands" / f"{task}.json"
    args = ("--gold", REAL / "gold.jsonl", "--reads", traj, "--task", task, "--workspace", ws)
    want = cli("explain", *args, "--format", "json")
    got = readcov.explain(REAL / "gold.jsonl", traj, task, workspace=ws)
    doc = json.loads(want.stdout)
    # The stages too: both take the trajectory's change (its edits replayed on the workspace).
    assert dict(got) == doc
    assert got["stages"]["change_source"] == "replay" and got["stages"]["verdict"] == "search"
    assert got["task"] == task and got["run"] == "openhands"
    assert any("SWE-bench rows, not gold JSONL: gold built on the fly" in n for n in got.notes), got.notes
    assert any("an agent trajectory, not reads JSONL: imported on the fly" in n for n in got.notes), got.notes
    assert all(n in want.stderr for n in got.notes), (got.notes, want.stderr)
    refused = cli("explain", "--gold", real_files / "reads.jsonl", "--reads", traj, "--task", task, check=False)
    assert refused.returncode == 2
    with pytest.raises(ValueError) as e:
        readcov.explain(real_files / "reads.jsonl", traj, task)
    assert "looks like reads JSONL" in str(e.value) and str(e.value) in refused.stderr, (str(e.value), refused.stderr)
def test_workspaces_one_folder_per_task_equal_the_cli(real_files, tmp_path):
    """`workspaces=DIR` (`--workspaces`): each task scored with its own folder's units and
    read-before-edit, as the CLI does."""
    gold, reads, sources = real_files / "gold.jsonl", real_files / "reads.jsonl", REAL / "sources"
    want = jsonl(cli("score", "--gold", gold, "--reads", reads, "--workspaces", sources, "--format", "jsonl").stdout)
    got = readcov.score(gold, reads, workspaces=sources)
    assert len(want) == 15 and list(got) == want
    assert all("gold_units" in r for r in got) and any(r["read_before_edit"] for r in got)
    assert any(r.get("unit_hit") is not None for r in got)
    # A task without a folder keeps its line metrics, and a note says so.
    empty = tmp_path / "empty"
    empty.mkdir()
    bare = readcov.score(gold, reads, workspaces=empty)
    assert [r["line_coverage"] for r in bare] == [r["line_coverage"] for r in got]
    assert any("no workspace" in n for n in bare.notes)
    with pytest.raises(readcov.InputError):
        readcov.score(gold, reads, workspaces=tmp_path / "missing")
    with pytest.raises(readcov.InputError):
        readcov.score(gold, reads, workspace=sources, workspaces=sources)
