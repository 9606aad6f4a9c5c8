"""`jobs=` on the calls whose command takes `-j/--jobs` (issue 39: the API must never lose to the
subprocess): `import_log`, `diagnose` and `contextbench` run on `jobs` threads, 0 meaning all the
available cores as `--jobs 0`, and the rows are the same whatever the number — equal to `jobs=1`
(the default: one call one thread) and to the CLI's output. A bad `jobs` raises InputError naming
it."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl, trajectories

CHAT = REPO / "tests" / "data" / "formats" / "chat-trajectories"
CB = REPO / "tests" / "fixtures" / "contextbench"


def same_import(args, tmp_path, **kw):
    """import_log at jobs 1, 2 and 0 against `readcov import -j 2`: rows, summary, outcomes."""
    one = readcov.import_log(args, jobs=1, **kw)
    assert len(one) > 0
    labels = tmp_path / "labels.jsonl"
    flags = ["--workspaces", kw["workspaces"]] if "workspaces" in kw else []
    p = cli("import", *args, *flags, "-j", "2", "--emit-outcomes", labels, "-o", "-")
    want = jsonl(p.stdout)
    for jobs in (2, 0):
        got = readcov.import_log(args, jobs=jobs, **kw)
        assert list(got) == list(one) == want, f"jobs={jobs}"
        assert got.summary == one.summary and got.outcomes == one.outcomes, f"jobs={jobs}"
        assert got.outcomes == jsonl(labels.read_text())
    return one


def test_import_log_jobs_real_logs(tmp_path):
    logs = trajectories()
    assert len(logs) == 15
    one = same_import(logs, tmp_path, workspaces=REAL / "sources")
    assert one.summary["files"] == 15
    # Patches too (`--emit-patches`): the same lines whatever the number of threads.
    a = readcov.import_log(logs, workspaces=REAL / "sources", patches="auto", jobs=1)
    b = readcov.import_log(logs, workspaces=REAL / "sources", patches="auto", jobs=2)
    assert a.patches == b.patches and a.patches


def test_import_log_jobs_chat_dataset(tmp_path):
    rows = json.loads((CHAT / "adp_nebius_SWE-agent-trajectories_sample_raw.json").read_text())
    chat = tmp_path / "chat.jsonl"
    chat.write_text("".join(json.dumps(r) + "\n" for r in rows))
    parquet = CHAT / "nebius_SWE-agent-trajectories.zstd.parquet"
    one = same_import([chat, parquet], tmp_path)
    assert len(one.outcomes) > 0


def test_diagnose_jobs(changes):
    gold, reads, patches = REAL / "gold.jsonl", changes / "reads.jsonl", changes / "patches.jsonl"
    args = ["--gold", gold, "--reads", reads, "--patches", patches, "--workspaces", REAL / "sources",
            "--outcomes", gold, "--format", "json", "-j", "2"]
    want = json.loads(cli("diagnose", *args).stdout)
    kw = dict(patches=patches, workspaces=REAL / "sources", outcomes=gold)
    one = readcov.diagnose(gold, reads, jobs=1, **kw)
    assert len(one) == 15 and list(one) == want["runs"] and one.summary == want["summary"]
    for jobs in (2, 0):
        got = readcov.diagnose(gold, reads, jobs=jobs, **kw)
        assert list(got) == list(one) and got.summary == one.summary and got.partial == one.partial, jobs
    # A trajectory per run as reads (each imported, its change replayed): the same on 2 threads.
    logs = trajectories()[:4]
    t1 = [readcov.diagnose(gold, log, workspaces=REAL / "sources", jobs=j) for log in logs for j in (1, 2)]
    assert all(list(t1[i]) == list(t1[i + 1]) for i in range(0, len(t1), 2))


def test_contextbench_jobs(tmp_path):
    want = json.loads(cli("contextbench", "--gold", CB / "gold.jsonl", "--preds", CB / "preds.jsonl",
                          "--workspaces", CB / "ws", "--format", "json", "-j", "2").stdout)
    one = readcov.contextbench(CB / "gold.jsonl", preds=CB / "preds.jsonl", workspaces=CB / "ws", jobs=1)
    assert len(one) == 2 and list(one) == want["rows"] and one.summaries == want["summaries"]
    for jobs in (2, 0):
        got = readcov.contextbench(CB / "gold.jsonl", preds=CB / "preds.jsonl", workspaces=CB / "ws", jobs=jobs)
        assert list(got) == list(one) and got.summaries == one.summaries, jobs
    # The real runs' reads as predictions over every real task (gold contexts from the SWE-bench
    # gold's spans): 15 instances, scored on 2 threads as on one.
    spans = jsonl(cli("gold", "--from-swebench", REAL / "gold.jsonl").stdout)
    ctx = {}
    for s in spans:
        ctx.setdefault(s["task"], []).append({"file": s["path"], "start_line": s["start"], "end_line": s["end"]})
    gold = tmp_path / "cb.jsonl"
    gold.write_text("".join(json.dumps({"instance_id": t, "gold_context": json.dumps(c)}) + "\n" for t, c in ctx.items()))
    reads = tmp_path / "reads.jsonl"
    cli("import", "--workspaces", REAL / "sources", *trajectories(), "-o", reads)
    p = cli("contextbench", "--gold", gold, "--reads", reads, "--workspaces", REAL / "sources", "--format", "json",
            "-j", "2")
    many = [readcov.contextbench(gold, reads=reads, workspaces=REAL / "sources", jobs=j) for j in (1, 2, 0)]
    assert len(many[0]) >= 15 and list(many[0]) == json.loads(p.stdout)["rows"]
    assert all(list(m) == list(many[0]) and m.summaries == many[0].summaries for m in many)


@pytest.mark.parametrize("bad", [-1, -8, 1.5, "2", True, None, [2]])
def test_a_bad_jobs_names_jobs(bad, changes):
    calls = [
        lambda: readcov.import_log(trajectories()[:1], jobs=bad),
        lambda: readcov.diagnose(REAL / "gold.jsonl", changes / "reads.jsonl", jobs=bad),
        lambda: readcov.contextbench(CB / "gold.jsonl", preds=CB / "preds.jsonl", jobs=bad),
    ]
    for call in calls:
        with pytest.raises(readcov.InputError) as e:
            call()
        assert e.value.field == "jobs" and e.value.file == "<arguments>" and "jobs" in e.value.message, e.value
