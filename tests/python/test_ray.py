"""The tested way past one machine (docs/scale.md): split the corpus by task (readcov.shard_of),
score each shard with the Python API inside Ray tasks on a local Ray instance (num_cpus=2), and
combine the shards' mergeable partial aggregates with readcov.merge — equal, bit for bit, to one
unsharded run: on the real data and on a synthetic SWE-Explore-scale corpus (848 tasks × 12
explorers × 5 trials = 50,880 (task, run) rows, 585k reads), generated here by bench/gen.py.

Ray is a hard requirement of this suite: if it cannot be imported the tests FAIL (no skip)."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import readcov
from conftest import REPO

try:
    import ray
except ImportError as e:  # pragma: no cover - the failure itself is the point
    raise RuntimeError(
        f"ray cannot be imported on Python {sys.version.split()[0]}: {e}. "
        "scripts/test.d/47-python.sh installs ray from PyPI; the Ray path of docs/scale.md is untested"
    ) from e


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@ray.remote(num_cpus=1)
def score_shard(gold_file, reads_file, i, n, threshold, breakdown):
    """One Ray task: the shard's own files, scored by the Python API (no subprocess)."""
    import readcov

    got = readcov.score(gold_file, reads_file, threshold=threshold, shard=(i, n), breakdown=breakdown)
    return list(got), got.partial


def split_by_task(src: Path, n: int, out: Path):
    """Each line of a JSONL file into the file of its task's shard (the split `--shard` makes)."""
    outs = [open(out / f"{src.stem}-{i}.jsonl", "w") for i in range(n)]
    with open(src) as f:
        for line in f:
            if line.strip():
                outs[readcov.shard_of(json.loads(line).get("task", "default"), n)].write(line)
    for o in outs:
        o.close()
    return [out / f"{src.stem}-{i}.jsonl" for i in range(n)]


def on_ray(gold: Path, reads: Path, n: int, tmp: Path, threshold=0.5, breakdown=True):
    golds, readss = split_by_task(gold, n, tmp), split_by_task(reads, n, tmp)
    refs = [score_shard.remote(str(golds[i]), str(readss[i]), i, n, threshold, breakdown) for i in range(n)]
    parts = ray.get(refs)
    merged = readcov.merge([p for _, p in parts])
    rows = [r for rs, _ in parts for r in rs]
    return merged, rows


def key(r):
    return (r["task"], r["run"])


def check_equal(gold, reads, n, tmp, breakdown=True):
    whole = readcov.score(gold, reads, breakdown=breakdown)
    merged, rows = on_ray(gold, reads, n, tmp, breakdown=breakdown)
    assert merged["shards"] == sorted(f"{i}/{n}" for i in range(n)) and "warning" not in merged
    # Bit for bit: the merged totals are the unsharded run's (floats compared exactly).
    assert merged["totals"] == whole.totals
    assert json.dumps(merged["totals"], sort_keys=True) == json.dumps(whole.totals, sort_keys=True)
    assert sorted(rows, key=key) == sorted(whole, key=key)
    return whole


def test_ray_on_the_real_data(local_ray, tmp_path):
    real = REPO / "tests" / "data" / "real"
    reads = readcov.import_log(
        sorted((real / "openhands").glob("*.json")) + sorted((real / "mini-swe-agent").glob("*.json")),
        workspaces=real / "sources",
    )
    gold = readcov.gold_from_patch(swebench=real / "gold.jsonl")
    (tmp_path / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in gold))
    (tmp_path / "reads.jsonl").write_text("".join(json.dumps(r) + "\n" for r in reads))
    parts = tmp_path / "parts"
    parts.mkdir()
    whole = check_equal(tmp_path / "gold.jsonl", tmp_path / "reads.jsonl", 4, parts)
    assert whole.totals["rows"] == 15 and whole.totals["passing"] == 14


def test_ray_on_a_swe_explore_scale_corpus(local_ray, tmp_path):
    started = time.time()
    corpus = tmp_path / "corpus"
    subprocess.run([sys.executable, str(REPO / "bench" / "gen.py"), "--out", str(corpus)], check=True, capture_output=True)
    parts = tmp_path / "parts"
    parts.mkdir()
    # Without the per-span breakdown: the totals and every row's figures, at a size CI affords.
    whole = check_equal(corpus / "gold.jsonl", corpus / "reads.jsonl", 8, parts, breakdown=False)
    assert whole.totals["rows"] == 50_880
    print(f"swe-explore-scale corpus on Ray: {time.time() - started:.1f} s")
