"""`import_log(..., shard="i/n")` is `readcov import --shard I/N`: the same library walk
(`readcov_files::import_run`), so each shard's rows are the CLI shard's rows, byte for byte, and the
shards' rows concatenated in shard order are the unsharded import — on the shipped real logs (whole
files split between shards) and on a chat dataset as JSONL (cut at line starts) beside one as Parquet
(cut by row group), as scripts/shard_check.py checks the CLI. A bad shard raises InputError naming
`shard`."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, trajectories

CHAT = REPO / "tests" / "data" / "formats" / "chat-trajectories"


def check_shards(args, counts, tmp_path, **kw):
    """For each N: every shard against the CLI's shard (rows and --emit-outcomes labels), and the
    shards concatenated against the unsharded import."""
    whole = readcov.import_log(args, **kw)
    assert len(whole) > 0
    want_text = cli("import", *args, *cli_flags(kw), "-o", "-").stdout
    assert list(whole) == [json.loads(x) for x in want_text.splitlines()]
    for n in counts:
        rows, outcomes = [], []
        for i in range(n):
            got = readcov.import_log(args, shard=f"{i}/{n}", **kw)
            labels = tmp_path / f"labels-{n}-{i}.jsonl"
            p = cli("import", *args, *cli_flags(kw), "--shard", f"{i}/{n}", "--emit-outcomes", labels, "-o", "-")
            assert list(got) == [json.loads(x) for x in p.stdout.splitlines()], f"shard {i}/{n}"
            assert got.outcomes == [json.loads(x) for x in labels.read_text().splitlines()], f"shard {i}/{n}"
            # The tuple form is the same shard.
            assert list(readcov.import_log(args, shard=(i, n), **kw)) == list(got)
            rows.extend(got)
            outcomes.extend(got.outcomes)
        assert rows == list(whole), f"N={n}: the shards concatenated are not the unsharded import"
        assert outcomes == whole.outcomes, f"N={n}"
    return whole


def cli_flags(kw):
    return ["--workspaces", kw["workspaces"]] if "workspaces" in kw else []


def test_real_logs_shard_as_the_cli(tmp_path):
    logs = trajectories()
    assert len(logs) == 15
    whole = check_shards(logs, (1, 2, 3, 7, len(logs) + 1), tmp_path, workspaces=REAL / "sources")
    assert whole.summary["files"] == 15 and whole.summary["refused"] == 0
    # A shard past the last file's first byte holds no log: an empty result, not an error.
    empty = readcov.import_log(logs, workspaces=REAL / "sources", shard=f"{len(logs)}/{len(logs) + 1}")
    assert list(empty) == [] and empty.errors == [] and empty.summary["files"] == 0


def test_chat_datasets_shard_as_the_cli(tmp_path):
    rows = json.loads((CHAT / "adp_nebius_SWE-agent-trajectories_sample_raw.json").read_text())
    chat = tmp_path / "chat.jsonl"
    chat.write_text("".join(json.dumps(r) + "\n" for r in rows))
    parquet = CHAT / "nebius_SWE-agent-trajectories.zstd.parquet"
    whole = check_shards([chat, parquet], (1, 2, 3, 7, len(rows) + 1), tmp_path)
    assert len(whole.outcomes) > 0
    # A JSONL dataset alone, cut at line starts: each shard reads only its part.
    alone = readcov.import_log(chat)
    parts = [readcov.import_log(chat, shard=(i, 3)) for i in range(3)]
    assert [r for p in parts for r in p] == list(alone) and all(len(p) < len(alone) for p in parts)


@pytest.mark.parametrize("bad", ["x", "2/2", "1/0", "-1/2", "a/b", (1,), (0, 2, 1), 5, ("0", "2")])
def test_a_bad_shard_names_shard(bad):
    logs = trajectories()[:1]
    with pytest.raises(readcov.InputError) as e:
        readcov.import_log(logs, shard=bad)
    assert e.value.field == "shard" and e.value.file == "<arguments>", e.value
    # The CLI's words for the same text, the parameter for the flag (session 36).
    if isinstance(bad, str):
        p = cli("import", *logs, f"--shard={bad}", "-o", "-", check=False)
        assert p.returncode != 0 and e.value.message in p.stderr.replace("'--shard <I/N>'", "`shard`")
