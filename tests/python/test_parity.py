"""CLI flags that had no Python parameter (docs/python.md, "CLI ↔ Python"), each against the
CLI on shipped data: the Parquet limits (`--max-parquet-rows`, `--max-parquet-bytes`), explore's
`--explorer`, `--workspace` and `--instance`, import's `--emit-patches`/`--emit-from` and `--layout task/run`, and explain under several gold sets (`--gold NAME=FILE` repeated)."""

import json
import subprocess
import sys

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

PARQUET_GOLD = REPO / "tests" / "fixtures" / "contextbench" / "gold.zstd.parquet"
CB_PREDS = REPO / "tests" / "fixtures" / "contextbench" / "preds.jsonl"


def in_a_fresh_process(code):
    """The limits are the process's, set once: each case runs in an interpreter of its own."""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_parquet_limits_are_the_cli_flags():
    code = f"""
import json, readcov
out = {{"default": readcov.set_parquet_limits()}}
out["set"] = readcov.set_parquet_limits(max_rows=1)
try:
    readcov.contextbench({str(PARQUET_GOLD)!r}, {str(CB_PREDS)!r})
except readcov.InputError as e:
    out["refused"] = [str(x) for x in e.errors]
try:
    readcov.set_parquet_limits(max_rows=5)
except readcov.InputError as e:
    out["again"] = e.message
out["same"] = readcov.set_parquet_limits(max_rows=1)
print(json.dumps(out))
"""
    got = in_a_fresh_process(code)
    assert got["default"] == [1_000_000, 268_435_456] and got["set"] == [1, 268_435_456]
    p = cli("contextbench", "--gold", PARQUET_GOLD, "--preds", CB_PREDS, "--max-parquet-rows", "1", check=False)
    assert p.returncode == 2
    # Refused naming why, as the CLI's first line says it (its hint names its own flag).
    assert len(got["refused"]) == 1 and "Parquet: 2 rows, more than the limit of 1" in got["refused"][0]
    assert got["refused"][0].split(" (raise it")[0] in p.stderr
    assert "already set (1 rows, 268435456 bytes)" in got["again"] and got["same"] == [1, 268_435_456]
    # Raised, the same file is read whole, as with the CLI's flag raised.
    code = f"""
import json, readcov
readcov.set_parquet_limits(max_rows=10, max_bytes=1 << 30)
print(json.dumps(list(readcov.contextbench({str(PARQUET_GOLD)!r}, {str(CB_PREDS)!r}, errors="collect"))))
"""
    rows = in_a_fresh_process(code)
    want = json.loads(cli("contextbench", "--gold", PARQUET_GOLD, "--preds", CB_PREDS, "--max-parquet-rows", "10",
                          "--max-parquet-bytes", str(1 << 30), "--format", "json").stdout)
    assert rows == want["rows"] and len(rows) > 0
    with pytest.raises(readcov.InputError) as e:
        readcov.set_parquet_limits(max_rows=-1)
    assert e.value.field == "max_rows"


def test_explore_explorer_names_rows_that_give_none(tmp_path):
    fx = REPO / "tests" / "fixtures" / "explore"
    rows = [r for r in jsonl((fx / "preds.jsonl").read_text()) if r.get("explorer") == "bm25"]
    for r in rows:
        del r["explorer"]
    preds = tmp_path / "unnamed.jsonl"
    preds.write_text("".join(json.dumps(r) + "\n" for r in rows))
    p = cli("explore", "--bench", fx / "bench.jsonl", "--preds", preds, "--explorer", "mine",
            "--file-lengths", fx / "lengths.json", "--format", "jsonl")
    want = jsonl(p.stdout)
    got = readcov.explore(fx / "bench.jsonl", preds, lengths=fx / "lengths.json", explorer="mine")
    strip = lambda r: {k: v for k, v in r.items() if k != "record"}
    assert list(got) == [strip(r) for r in want if r["record"] == "instance"]
    assert [s["explorer"] for s in got.summaries] == ["mine"]
    # Without it: the file's stem, as the CLI names it; dicts: "default", or the name given.
    assert [s["explorer"] for s in readcov.explore(fx / "bench.jsonl", preds, lengths=fx / "lengths.json").summaries] == ["unnamed"]
    assert [s["explorer"] for s in readcov.explore(fx / "bench.jsonl", rows, explorer="x").summaries] == ["x"]


def test_explain_sets_equals_the_cli(real_files, tmp_path):
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    task = "pylint-dev__pylint-4604"
    fewer = tmp_path / "fewer.jsonl"
    kept = [r for r in jsonl(gold.read_text()) if r["task"] == task][:1]
    fewer.write_text("".join(json.dumps(r) + "\n" for r in kept))
    want = json.loads(cli("explain", "--gold", f"edit={gold}", "--gold", f"one={fewer}", "--reads", reads,
                          "--task", task, "--workspaces", REAL / "sources", "--format", "json").stdout)
    got = readcov.explain_sets({"edit": gold, "one": fewer}, reads, task, workspaces=REAL / "sources")
    assert isinstance(want, list) and [dict(d) for d in got] == want
    assert [d["gold_set"] for d in got] == ["edit", "one"] and got[0]["files"] != got[1]["files"]
    with pytest.raises(readcov.InputError):
        readcov.explain_sets({}, reads, task)


def test_explain_sets_errors_name_the_set_as_the_cli(real_files, tmp_path):
    """An explanation's error (here an unknown task) is the CLI's words: with several sets
    `readcov explain` says `error: gold set NAME: ...`, with one set the error alone."""
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    p = cli("explain", "--gold", f"edit={gold}", "--gold", f"again={gold}", "--reads", reads,
            "--task", "no-such-task", "--format", "json", check=False)
    assert p.returncode == 2 and "error: gold set edit: task `no-such-task`" in p.stderr
    with pytest.raises(readcov.InputError) as e:
        readcov.explain_sets({"edit": gold, "again": gold}, reads, "no-such-task")
    assert f"error: {e.value.message}" in p.stderr.splitlines()
    one = cli("explain", "--gold", f"edit={gold}", "--reads", reads, "--task", "no-such-task", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.explain_sets({"edit": gold}, reads, "no-such-task")
    assert e.value.message.startswith("task `no-such-task`") and f"error: {e.value.message}" in one.stderr.splitlines()


def test_import_outcomes_equal_emit_outcomes(tmp_path):
    """`import_log(...).outcomes`: the outcome each run's log states, the rows `readcov import
    --emit-outcomes` writes (a dataset's `target`), which `outcomes=` then takes as labels."""
    data = REPO / "tests" / "data" / "formats" / "chat-trajectories" / "nebius_SWE-agent-trajectories.zstd.parquet"
    cli("import", data, "-o", tmp_path / "r.jsonl", "--emit-outcomes", tmp_path / "o.jsonl")
    want = jsonl((tmp_path / "o.jsonl").read_text())
    got = readcov.import_log(data)
    assert len(want) == 5 and got.outcomes == want and list(got) == jsonl((tmp_path / "r.jsonl").read_text())
    # A log that states none gives none.
    assert readcov.import_log(sorted((REAL / "openhands").glob("*.json"))[:1]).outcomes == []


def test_explore_workspace_and_instance_equal_the_cli(tmp_path):
    """`explore(workspace=, instance=)` is `readcov explore --workspace DIR --instance ID`: file
    lengths counted in the real checkouts, a text-form prediction file, and the warning on an
    instance folder that may not be used (a symlink out of the workspace) as a note."""
    fx = REPO / "tests" / "fixtures" / "explore"
    untag = lambda rows: [{k: v for k, v in r.items() if k != "record"} for r in rows]  # noqa: E731
    want = jsonl(cli("explore", "--bench", fx / "bench.jsonl", "--preds", fx / "preds.jsonl",
                     "--workspace", REAL / "sources", "--format", "jsonl").stdout)
    got = readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", workspace=REAL / "sources", errors="collect")
    assert list(got) == untag([r for r in want if r["record"] == "instance"]) and len(got) > 0
    assert got.summaries == untag([r for r in want if r["record"] == "summary"]) and got.notes == []
    # The lengths matter: without them `end = -1` regions are unresolvable and the rows differ.
    assert list(readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", errors="collect")) != list(got)

    text = ["--preds", fx / "cli-agent.txt", "--instance", "pylint-dev__pylint-4604", "--explorer", "agent-x"]
    want = jsonl(cli("explore", "--bench", fx / "bench.jsonl", *text, "--file-lengths", fx / "lengths.json",
                     "--format", "jsonl").stdout)
    got = readcov.explore(fx / "bench.jsonl", fx / "cli-agent.txt", lengths=fx / "lengths.json",
                          instance="pylint-dev__pylint-4604", explorer="agent-x")
    assert list(got) == untag([r for r in want if r["record"] == "instance"])
    mine = [r for r in got if r["instance_id"] == "pylint-dev__pylint-4604"]
    assert len(mine) == 1 and mine[0]["recall"] == 1.0 and not mine[0]["missing"]
    p = cli("explore", "--bench", fx / "bench.jsonl", "--preds", fx / "cli-agent.txt", check=False)
    assert p.returncode == 2 and "not JSONL, so read as text regions" in p.stderr
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(fx / "bench.jsonl", fx / "cli-agent.txt")
    assert e.value.file == str(fx / "cli-agent.txt") and e.value.message.endswith("answers with instance=ID")
    with pytest.raises(readcov.InputError) as e:
        readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", lengths=fx / "lengths.json", workspace=tmp_path)
    assert "lengths and workspace" in e.value.message

    ws, outside = tmp_path / "ws", tmp_path / "outside"
    ws.mkdir()
    outside.mkdir()
    (ws / "psf__requests-1921").symlink_to(outside)
    p = cli("explore", "--bench", fx / "bench.jsonl", "--preds", fx / "preds.jsonl", "--workspace", ws,
            "--format", "jsonl")
    warned = [line[len("warning: "):] for line in p.stderr.splitlines()
              if line.startswith("warning: psf__requests-1921")]
    got = readcov.explore(fx / "bench.jsonl", fx / "preds.jsonl", workspace=ws, errors="collect")
    assert got.notes == warned and len(warned) == 1 and "file lengths unknown" in warned[0]
    assert list(got) == untag([r for r in jsonl(p.stdout) if r["record"] == "instance"])


def test_import_patches_equal_emit_patches(tmp_path):
    """`import_log(patches=FROM)` is `readcov import --emit-patches FILE --emit-from FROM`: each
    run's change (the log's patch or the one replayed on the real sources) as predictions rows,
    and the count of runs with none to write the CLI reports."""
    logs = sorted((REAL / "openhands").glob("*.json")) + sorted((REAL / "mini-swe-agent").glob("*.json"))
    for ws in (["--workspaces", REAL / "sources"], []):
        for source in ("auto", "log", "replay"):
            out = tmp_path / f"{source}.jsonl"
            p = cli("import", *ws, "-o", tmp_path / "reads.jsonl", "--emit-patches", out, "--emit-from", source, *logs)
            want = jsonl(out.read_text())
            got = readcov.import_log(logs, workspaces=ws[1] if ws else None, patches=source)
            assert got.patches == want, (ws, source)
            said = [line for line in p.stderr.splitlines() if "run(s) not written" in line]
            assert got.patches_not_written == (int(said[0].split()[1]) if said else 0), (ws, source, said)
            if ws and source == "replay":
                assert len(want) == len(logs) and {r["change_source"] for r in want} == {"replay"}
            if not ws and source == "replay":
                assert want == [] and got.patches_not_written == len(logs)
    plain = readcov.import_log(logs[0])
    assert plain.patches is None and plain.patches_not_written == 0
    with pytest.raises(readcov.InputError) as e:
        readcov.import_log(logs[0], patches="both")
    assert e.value.message == "invalid value 'both' for `patches` [possible values: auto, log, replay]"


def test_import_layout_task_run_equals_the_cli():
    """`import_log(DIR, layout="task/run")` is `readcov import --layout task/run DIR` on the
    Multi-SWE-bench folder: each `<task>/<run>.traj` named by its path, as giving `task=`/`run=`
    log by log does."""
    multi = REPO / "tests" / "data" / "real-multi" / "swe-agent-java"
    want = jsonl(cli("import", "--layout", "task/run", multi).stdout)
    got = readcov.import_log(multi, layout="task/run", errors="collect")
    assert list(got) == want and len(want) > 0
    by_hand = []
    for log in sorted(multi.glob("*/*.traj")):
        by_hand.extend(readcov.import_log(log, task=log.parent.name, run=log.stem, errors="collect"))
    assert by_hand == want
    assert {r["task"] for r in want} == {d.name for d in multi.iterdir() if d.is_dir()}
    for bad, why in ((dict(layout="run/task"), "[possible values: log, task/run]"),
                     (dict(layout="task/run", task="t"), "give no task or run")):
        with pytest.raises(readcov.InputError) as e:
            readcov.import_log(multi, **bad)
        assert why in e.value.message


def test_consensus_as_swe_explore_rows_equals_the_cli(tmp_path):
    """`gold_from_runs(format="swe-explore")` is `readcov gold --from-runs ... --format
    swe-explore` on the real-multi runs, and `explore` takes the rows as its benchmark."""
    multi = REPO / "tests" / "data" / "real-multi"
    rows = readcov.Rows()
    for log in sorted(multi.joinpath("swe-agent-java").rglob("*.traj")):
        rows.extend(readcov.import_log(log, task=log.parent.name, run=log.stem, errors="collect"))
    reads = tmp_path / "reads.jsonl"
    rows.to_jsonl(reads)
    outcomes = multi / "outcomes.jsonl"
    want = jsonl(cli("gold", "--from-runs", reads, "--outcomes", outcomes, "--agree", "2", "--format", "swe-explore").stdout)
    got = readcov.gold_from_runs(reads, outcomes, agree=2, format="swe-explore")
    assert len(want) == 5 and list(got) == want
    # The rows are a benchmark `explore` reads as the CLI reads the CLI's file: an explorer that
    # returns each task's core regions scores the same under both.
    bench, oracle = tmp_path / "bench.jsonl", tmp_path / "oracle.jsonl"
    bench.write_text("".join(json.dumps(r) + "\n" for r in want))
    oracle.write_text("".join(json.dumps({"instance_id": r["instance_id"], "explorer": "oracle",
                                          "regions": r["ground_truth"]["read_core_regions"]}) + "\n" for r in want))
    cli_rows = jsonl(cli("explore", "--bench", bench, "--preds", oracle, "--top-k", "all", "--format", "jsonl").stdout)
    explored = readcov.explore(list(got), oracle, top_k=None)
    assert len(explored) == 5 and list(explored) == [{k: v for k, v in r.items() if k != "record"}
                                                     for r in cli_rows if r["record"] == "instance"]
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_runs(reads, outcomes, format="qrels")
    assert e.value.field == "format"
    # The consensus as qrels (`qrels=LEVEL`) is `--format qrels --level LEVEL`'s text.
    want = cli("gold", "--from-runs", reads, "--outcomes", outcomes, "--agree", "2", "--format", "qrels",
               "--level", "span").stdout
    got = readcov.gold_from_runs(reads, outcomes, agree=2, qrels="span")
    assert want.count("\n") > 0 and got.qrels == want and got.qrels_unjudged == []


def test_beir_gold_and_qrels_equal_the_cli():
    """`gold_from_beir` is `readcov gold --from-beir` (`--corpus`, `--split`) on the shipped BEIR
    fixture, and `qrels=LEVEL` on the gold functions is `--format qrels --level LEVEL`'s text,
    byte for byte, with the CLI's refusals (one library, readcov_files::{beir_gold, qrels})."""
    beir, sources, swebench = REPO / "tests" / "fixtures" / "beir", REAL / "sources", REAL / "gold.jsonl"
    want = jsonl(cli("gold", "--from-beir", beir).stdout)
    got = readcov.gold_from_beir(beir)
    assert len(want) > 0 and list(got) == want and got.qrels is None and got.errors == []
    assert list(readcov.gold_from_beir(beir / "qrels" / "test.tsv", corpus=beir / "corpus.jsonl")) == want
    for level in ("file", "unit", "span", "line"):
        q = cli("gold", "--from-beir", beir, "--workspaces", sources, "--format", "qrels", "--level", level).stdout
        assert q and readcov.gold_from_beir(beir, workspaces=sources, qrels=level).qrels == q, level
        q = cli("gold", "--from-swebench", swebench, "--workspaces", sources, "--format", "qrels", "--level", level).stdout
        assert q and readcov.gold_from_patch(swebench=swebench, workspaces=sources, qrels=level).qrels == q, level
    # A split the folder lacks: the CLI's message (it exits 2).
    p = cli("gold", "--from-beir", beir, "--split", "dev", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_beir(beir, split="dev")
    assert p.returncode == 2 and "no qrels file" in e.value.message and e.value.message in p.stderr
    # Units need the sources; a level that is none is refused before any file is read.
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_beir(beir, qrels="unit")
    assert "--level unit needs --workspace" in e.value.message
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_beir(beir, qrels="doc")
    assert e.value.message == "invalid value 'doc' for `qrels` [possible values: file, unit, span, line]"
    # One folder for every task holds none of the gold files: every task left out of unit qrels,
    # the tasks the CLI's warning names.
    p = cli("gold", "--from-swebench", swebench, "--workspace", sources, "--format", "qrels", "--level", "unit")
    got = readcov.gold_from_patch(swebench=swebench, workspace=sources, qrels="unit")
    assert got.qrels == p.stdout == "" and len(got.qrels_unjudged) == 15
    assert ", ".join(got.qrels_unjudged) in p.stderr


COMMANDS = ("score", "explain", "diagnose", "gold", "sheet", "contextbench", "explore", "locbench", "report",
            "import", "merge", "units")


def test_the_parity_table_names_every_flag_of_every_command():
    """docs/python.md's "CLI ↔ Python" table stays the audit it claims: every flag `readcov <cmd>
    --help` lists is named in that command's row (reached, or why not) or among the shared flags
    above the table. A flag added to the CLI fails here until the table says what Python does."""
    import re

    doc = (REPO / "docs" / "python.md").read_text()
    # The section up to its "Flags with no parameter" list (test_flag_parity.py reads that).
    section = doc.split("### CLI ↔ Python", 1)[1].split("\n## ", 1)[0].split("\n#### ", 1)[0]
    shared, table = section.split("| command |", 1)
    rows = {}
    for line in table.splitlines():
        m = re.match(r"\| `([a-z]+)` \|", line)
        if m:
            rows[m.group(1)] = line
    assert sorted(rows) == sorted(COMMANDS)
    named = lambda text, flag: re.search(re.escape(flag) + r"(?![a-z0-9-])", text) is not None
    missing = []
    for cmd in COMMANDS:
        flags = set(re.findall(r"^\s+(?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)", cli(cmd, "--help").stdout, re.M))
        assert "--max-parquet-rows" in flags, cmd  # the help was read
        missing += [f"{cmd} {f}" for f in sorted(flags - {"--help"})
                    if not named(rows[cmd], f) and not named(shared, f)]
    assert missing == [], missing


def test_import_a_trec_run_with_a_corpus_equals_the_cli(tmp_path):
    """`import_log(run, corpus=...)` is `readcov import --corpus CORPUS RUN`: a TREC run's docids
    mapped to the corpus's spans; a corpus with another explicit format is refused as the CLI
    refuses it."""
    beir = REPO / "tests" / "fixtures" / "beir"
    want = jsonl(cli("import", "--corpus", beir / "corpus.jsonl", beir / "run.trec").stdout)
    got = readcov.import_log(beir / "run.trec", corpus=beir / "corpus.jsonl")
    assert len(want) > 0 and list(got) == want
    # The folder holding it, as `--corpus DIR`.
    assert list(readcov.import_log(beir / "run.trec", format="trec", corpus=beir)) == want
    p = cli("import", "--format", "openhands", "--corpus", beir / "corpus.jsonl", beir / "run.trec", check=False)
    with pytest.raises(readcov.InputError) as e:
        readcov.import_log(beir / "run.trec", format="openhands", corpus=beir / "corpus.jsonl")
    assert p.returncode != 0 and "corpus maps the docids of a TREC run" in e.value.message
    assert "--corpus maps the docids of a TREC run" in p.stderr
