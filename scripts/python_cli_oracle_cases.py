"""python_cli_oracle's cases on the real data (tests/data/real): import, gold, score (files,
dicts, DataFrame, workspaces, breakdown on and off, outcomes), score_sets, at_k, explain,
diagnose, gold_from_runs, report, merge — each Python result against the CLI's JSON, typed."""

import json

import readcov
from python_cli_oracle import FIXTURES, MULTI, REAL, check, cli, cli_json, cli_jsonl, jsonl, same, summary_same

SOURCES = REAL / "sources"
GOLD = REAL / "gold.jsonl"
CHUNKS = FIXTURES / "retriever" / "chunks.jsonl"
STATE = {}


def trajectories():
    return sorted((REAL / "openhands").glob("*.json")) + sorted((REAL / "mini-swe-agent").glob("*.json"))


def step_import_and_gold(tmp):
    reads, patches, gold = tmp / "reads.jsonl", tmp / "patches.jsonl", tmp / "gold.jsonl"
    p = cli("import", "--workspaces", SOURCES, *trajectories(), "-o", reads, "--emit-patches", patches)
    cli("gold", "--from-swebench", GOLD, "-o", gold)
    STATE.update(reads=reads, patches=patches, gold=gold)
    want = jsonl(reads.read_text())
    for jobs in (1, 0, 2):
        got = readcov.import_log(trajectories(), workspaces=SOURCES, jobs=jobs, patches="auto")
        same("import_log", f"real jobs={jobs}", want, list(got))
        same("import_log", f"real jobs={jobs} patches", jsonl(patches.read_text()), got.patches)
        summary_same(f"real jobs={jobs}", p.stderr, got.summary)
    same("gold_from_patch", "swebench", jsonl(gold.read_text()), readcov.gold_from_patch(swebench=GOLD))
    units = cli_jsonl("gold", "--from-swebench", GOLD, "--expand", "units", "--workspaces", SOURCES)
    got = readcov.gold_from_patch(swebench=GOLD, expand="units", workspaces=SOURCES)
    same("gold_from_patch", "expand=units", units, got)
    (tmp / "gold-units.jsonl").write_text("".join(json.dumps(r) + "\n" for r in units))
    anchor = cli_jsonl("gold", "--from-swebench", GOLD, "--anchor", "2", "--workspaces", SOURCES)
    same("gold_from_patch", "anchor=2", anchor, readcov.gold_from_patch(swebench=GOLD, anchor=2, workspaces=SOURCES))
    row = json.loads(GOLD.read_text().splitlines()[0])
    (tmp / "fix.diff").write_text(row["patch"])
    want = cli_jsonl("gold", "--from-diff", tmp / "fix.diff", "--task", row["instance_id"])
    same("gold_from_patch", "diff text", want, readcov.gold_from_patch(row["patch"], task=row["instance_id"]))


def step_more_real(tmp):
    """explain_sets, at_k's TREC run and outcomes, score's sources, gold_from_beir, diagnose on
    real-multi."""
    gold, reads, units = STATE["gold"], STATE["reads"], tmp / "gold-units.jsonl"
    task = sorted({r["task"] for r in STATE["ws_rows"]})[1]
    want = cli_json("explain", "--gold", f"edit={gold}", "--gold", f"units={units}", "--reads", reads, "--task", task,
                    "--workspaces", SOURCES, "--format", "json")
    same("explain_sets", task, want, readcov.explain_sets({"edit": gold, "units": units}, reads, task, workspaces=SOURCES))
    for level in ("file", "unit", "line"):
        text = cli("score", "--gold", GOLD, "--reads", CHUNKS, "--workspaces", SOURCES, "--at-k", "1,5",
                   "--trec-run", level).stdout
        got = readcov.at_k(GOLD, CHUNKS, k=(1, 5), workspaces=SOURCES, trec_run=level)
        check("at_k", f"trec_run={level}", got.trec_run == text, "`.trec_run` is not the CLI's text")
    for sources in ("agent", "agent,human"):
        want = cli_json("score", "--gold", gold, "--reads", reads, "--sources", sources, "--format", "json")
        got = readcov.score(gold, reads, sources=sources)
        same("score", f"sources={sources}", want["rows"], got)
        same("score", f"sources={sources} totals", want["totals"], got.totals)
    beir = FIXTURES / "beir"
    same("gold_from_beir", "folder", cli_jsonl("gold", "--from-beir", beir), readcov.gold_from_beir(beir))
    same("gold_from_beir", "with sources", cli_jsonl("gold", "--from-beir", beir, "--workspaces", SOURCES),
         readcov.gold_from_beir(beir, workspaces=SOURCES))
    multi = tmp / "multi.jsonl"
    cli("import", "--layout", "task/run", MULTI / "swe-agent-java", "-o", multi)
    labels, consensus = MULTI / "outcomes.jsonl", tmp / "consensus.jsonl"
    cli("gold", "--from-runs", multi, "--outcomes", labels, "-o", consensus)
    want = cli_json("score", "--gold", consensus, "--reads", multi, "--at-k", "1,3", "--outcomes", labels, "--format", "json")
    got = readcov.at_k(consensus, multi, k=(1, 3), outcomes=labels)
    same("at_k", "real-multi outcomes rows", want["rows"], got)
    same("at_k", "real-multi outcomes points", want["at_k"], got.points)
    want = cli_json("diagnose", "--gold", consensus, "--reads", multi, "--outcomes", labels, "--format", "json")
    got = readcov.diagnose(consensus, multi, outcomes=labels)
    same("diagnose", "real-multi rows", want["runs"], got)
    same("diagnose", "real-multi summary", want["summary"], got.summary)


def step_score(tmp):
    gold, reads = STATE["gold"], STATE["reads"]
    part = tmp / "score.partial.json"
    want = cli_json("score", "--gold", gold, "--reads", reads, "--format", "json", "--emit-partial", part)
    rows = jsonl(reads.read_text())
    import pandas as pd

    inputs = {"files": (gold, reads), "dicts": (jsonl(gold.read_text()), rows),
              "DataFrame": (pd.DataFrame(jsonl(gold.read_text())), pd.DataFrame(rows))}
    for name, (g, r) in inputs.items():
        got = readcov.score(g, r)
        same("score", f"{name} rows", want["rows"], got)
        same("score", f"{name} totals", want["totals"], got.totals)
        if name == "files":
            same("score", ".partial", json.loads(part.read_text()), got.partial)
            same("merge", "one partial", cli_json("merge", "--format", "json", part), readcov.merge([got.partial]))
    summary = cli_jsonl("score", "--gold", gold, "--reads", reads, "--format", "jsonl", "--summary")
    same("score", "breakdown=False", summary, readcov.score(gold, reads, breakdown=False))
    cols = readcov.score(gold, reads, breakdown="columns")
    same("score", "breakdown=columns rows", summary, cols)
    keys = ("task", "run", "path", "gold_lines", "covered_lines", "coverage", "hit")  # docs/python.md's order
    flat = [{k: {**r, **f}[k] for k in keys} for r in want["rows"] for f in r["files"]]
    same("score", "breakdown=columns files", {k: [f[k] for f in flat] for k in flat[0]}, cols.files)
    ws = cli_json("score", "--gold", gold, "--reads", reads, "--workspaces", SOURCES, "--widen", "5",
                  "--threshold", "0.3", "--format", "json")
    got = readcov.score(gold, reads, workspaces=SOURCES, widen=5, threshold=0.3)
    same("score", "workspaces rows", ws["rows"], got)
    same("score", "workspaces totals", ws["totals"], got.totals)
    STATE["ws_rows"] = ws["rows"]
    out = cli_json("score", "--gold", gold, "--reads", reads, "--outcomes", GOLD, "--format", "json")
    got = readcov.score(gold, reads, outcomes=GOLD)
    # Python's rows carry the run's label as `resolved` (docs/python.md); the CLI's rows do not.
    labels = {r["instance_id"]: r["resolved"] for r in jsonl(GOLD.read_text())}
    check("score", "outcomes resolved", all(type(r["resolved"]) is bool and r["resolved"] == labels[r["task"]] for r in got),
          "a row's `resolved` is not its task's label as a bool")
    same("score", "outcomes rows", out["rows"], [{k: v for k, v in r.items() if k != "resolved"} for r in got])
    same("score", "outcomes totals", out["totals"], got.totals)
    # A whole trajectory as reads, imported on the fly (the CLI's input layer).
    traj = trajectories()[0]
    want = cli_json("score", "--gold", GOLD, "--reads", traj, "--format", "json")
    same("score", "trajectory as reads", want["rows"], readcov.score(GOLD, traj))
    # Parts of shards merge into the unsharded totals.
    paths = [tmp / f"shard{i}.json" for i in range(3)]
    for i, path in enumerate(paths):
        cli("score", "--gold", gold, "--reads", reads, "--shard", f"{i}/3", "--emit-partial", path, "--format", "json")
    parts = [readcov.score(gold, reads, shard=(i, 3)) for i in range(3)]
    for path, p in zip(paths, parts):
        same("score", f"{path.name} .partial", json.loads(path.read_text()), p.partial)
    same("merge", "3 shards", cli_json("merge", "--format", "json", *paths), readcov.merge([p.partial for p in parts]))


def step_sets(tmp):
    gold, reads, units = STATE["gold"], STATE["reads"], tmp / "gold-units.jsonl"
    want = cli_json("score", "--gold", f"edit={gold}", "--gold", f"units={units}", "--reads", reads,
                    "--outcomes", GOLD, "--consensus", "--agree", "1", "--min-runs", "1", "--format", "json")
    got = readcov.score_sets({"edit": gold, "units": units}, reads, outcomes=GOLD, consensus=True, agree=1,
                             min_runs=1)
    same("score_sets", "consensus rows", want["rows"], got)
    same("score_sets", "consensus totals", want["totals"], got.totals)


def step_at_k(tmp):
    # Character offsets need the sources: every case has them.
    for args, kw in ((["--workspaces", SOURCES], {"workspaces": SOURCES}),
                     (["--workspaces", SOURCES, "--widen", "3", "--threshold", "0.3"],
                      {"workspaces": SOURCES, "widen": 3, "threshold": 0.3})):
        want = cli_json("score", "--gold", GOLD, "--reads", CHUNKS, "--at-k", "1,3,5", *args, "--format", "json")
        got = readcov.at_k(GOLD, CHUNKS, k=(1, 3, 5), **kw)
        same("at_k", f"rows {kw}", want["rows"], got)
        same("at_k", f"points {kw}", want["at_k"], got.points)


def step_explain(tmp):
    gold, reads, patches = STATE["gold"], STATE["reads"], STATE["patches"]
    pairs = sorted({(r["task"], r["run"]) for r in STATE["ws_rows"]})
    for task, run in pairs:
        want = cli_json("explain", "--gold", gold, "--reads", reads, "--task", task, "--run", run,
                        "--workspaces", SOURCES, "--patches", patches, "--outcomes", GOLD, "--format", "json")
        got = readcov.explain(gold, reads, task, run, workspaces=SOURCES, patches=patches, outcomes=GOLD)
        same("explain", f"{task}/{run}", want, got)
    task, run = pairs[0]
    want = cli_json("explain", "--gold", gold, "--reads", reads, "--task", task, "--no-stages", "--format", "json")
    same("explain", f"{task} no-stages", want, readcov.explain(gold, reads, task, stages=False))


def step_diagnose(tmp):
    gold, reads, patches = GOLD, STATE["reads"], STATE["patches"]
    part = tmp / "d.partial.json"
    for extra, kw in (([], {}), (["--group-by", "task"], {"group_by": "task"})):
        want = cli_json("diagnose", "--gold", gold, "--reads", reads, "--patches", patches, "--workspaces", SOURCES,
                        "--outcomes", GOLD, *extra, "--format", "json", "--emit-partial", part)
        got = readcov.diagnose(gold, reads, patches=patches, workspaces=SOURCES, outcomes=GOLD, **kw)
        same("diagnose", f"rows {kw}", want["runs"], got)
        same("diagnose", f"summary {kw}", want["summary"], got.summary)
        same("diagnose", f".partial {kw}", json.loads(part.read_text()), got.partial)
    # Without gold edits' sources: precision null (session 34), not 0.
    want = cli_json("diagnose", "--gold", gold, "--reads", reads, "--format", "json")
    same("diagnose", "no workspace", want["runs"], readcov.diagnose(gold, reads))


def step_gold_from_runs(tmp):
    multi = tmp / "multi.jsonl"
    cli("import", "--layout", "task/run", MULTI / "swe-agent-java", "-o", multi)
    labels = MULTI / "outcomes.jsonl"
    for extra, kw in (([], {}), (["--agree", "1", "--min-runs", "1", "--optional"],
                                 {"agree": 1, "min_runs": 1, "optional": True})):
        want = cli_jsonl("gold", "--from-runs", multi, "--outcomes", labels, *extra)
        same("gold_from_runs", f"{kw}", want, readcov.gold_from_runs(multi, labels, **kw))
    want = cli_jsonl("gold", "--from-runs", multi, "--outcomes", labels, "--agree", "1", "--format", "swe-explore")
    same("gold_from_runs", "swe-explore", want, readcov.gold_from_runs(multi, labels, agree=1, format="swe-explore"))


def step_report(tmp):
    gold, reads, patches = STATE["gold"], STATE["reads"], STATE["patches"]
    html, lcov, sarif = tmp / "r.html", tmp / "r.lcov", tmp / "r.sarif"
    cli("report", "--gold", gold, "--reads", reads, "--workspaces", SOURCES, "--patches", patches,
        "--outcomes", GOLD, "--html", html, "--lcov", lcov, "--sarif", sarif)
    got = readcov.report(gold, reads, workspaces=SOURCES, patches=patches, outcomes=GOLD)
    for name, path, text in (("html", html, got.html), ("lcov", lcov, got.lcov), ("sarif", sarif, got.sarif)):
        check("report", name, path.read_bytes() == text.encode(), f"{name} differs from the CLI's file")
    same("report", "sarif as JSON", json.loads(sarif.read_text()), json.loads(got.sarif))


STEPS = (step_import_and_gold, step_score, step_sets, step_at_k, step_explain, step_diagnose,
         step_gold_from_runs, step_report, step_more_real)
