"""The tested way past one machine (docs/scale.md): each Ray task scores its shard of the whole
inputs with the Python API (`shard=(i, n)`), writes its rows and partial aggregate to an output
folder, and the driver merges the partials with readcov.merge — equal, bit for bit, to one
unsharded run. Run three ways: docs/scale.md's block as written against a cluster started with
`ray start --head` in another directory (the driver in a third); and in-process Ray
(num_cpus=2) on the real data and on a synthetic SWE-Explore-scale corpus (848 tasks × 12
explorers × 5 trials = 50,880 (task, run) rows, 585k reads), generated here by bench/gen.py.

Ray is a hard requirement of this suite: if it cannot be imported the tests FAIL (no skip)."""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
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
def score_shard(gold_file, reads_file, i, n, threshold, breakdown, out):
    """One Ray task, as docs/scale.md: the whole inputs, its own tasks kept, rows and partial
    written to the output folder."""
    import readcov

    got = readcov.score(gold_file, reads_file, threshold=threshold, shard=(i, n), breakdown=breakdown)
    got.to_jsonl(f"{out}/rows-{i}.jsonl")
    with open(f"{out}/partial-{i}.json", "w") as f:
        json.dump(got.partial, f)
    return f"{out}/partial-{i}.json"


def read_rows(out: Path):
    return [json.loads(l) for p in sorted(out.glob("rows-*.jsonl")) for l in p.read_text().splitlines() if l]


def on_ray(gold: Path, reads: Path, n: int, out: Path, threshold=0.5, breakdown=True):
    refs = [score_shard.remote(str(gold.resolve()), str(reads.resolve()), i, n, threshold, breakdown, str(out.resolve()))
            for i in range(n)]
    merged = readcov.merge(ray.get(refs))
    return merged, read_rows(out)


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
    out = tmp_path / "out"
    out.mkdir()
    whole = check_equal(tmp_path / "gold.jsonl", tmp_path / "reads.jsonl", 4, out)
    assert whole.totals["rows"] == 15 and whole.totals["passing"] == 14


def test_ray_on_a_swe_explore_scale_corpus(local_ray, tmp_path):
    started = time.time()
    corpus = tmp_path / "corpus"
    subprocess.run([sys.executable, str(REPO / "bench" / "gen.py"), "--out", str(corpus)], check=True, capture_output=True)
    out = tmp_path / "out"
    out.mkdir()
    # Without the per-span breakdown: the totals and every row's figures, at a size CI affords.
    whole = check_equal(corpus / "gold.jsonl", corpus / "reads.jsonl", 8, out, breakdown=False)
    assert sorted(p.name for p in corpus.iterdir()) == sorted(["gold.jsonl", "reads.jsonl", "bench.jsonl", "preds.jsonl", "lengths.json"])
    assert whole.totals["rows"] == 50_880
    print(f"swe-explore-scale corpus on Ray: {time.time() - started:.1f} s")


def scale_md_recipe():
    """The Ray block of docs/scale.md, as a user copies it."""
    text = (REPO / "docs" / "scale.md").read_text()
    found = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "readcov-out" in b]
    assert len(found) == 1, "docs/scale.md: the Ray recipe block (writing readcov-out/) is gone"
    return found[0]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def ray_cluster():
    """A Ray head started by `ray start --head --block` in a folder of its own (workers start there,
    not where the driver runs); stopped by terminating that one process, never `ray stop` (which
    would stop every Ray on the machine)."""
    ray_cmd = Path(sys.executable).parent / "ray"
    assert ray_cmd.exists(), f"no `ray` command beside {sys.executable}"
    home = Path(tempfile.mkdtemp(prefix="rc-ray-"))  # short: Ray's socket paths must fit 107 bytes
    (home / "head").mkdir()
    port = free_port()
    log = open(home / "head.log", "w")
    head = subprocess.Popen(
        [str(ray_cmd), "start", "--head", "--block", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
         "--object-store-memory=100000000", f"--temp-dir={home / 't'}", "--disable-usage-stats"],
        cwd=home / "head", stdout=log, stderr=subprocess.STDOUT,
    )
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while True:
            ok = subprocess.run([str(ray_cmd), "status", f"--address={address}"], capture_output=True).returncode == 0
            if ok:
                break
            assert head.poll() is None, f"ray start --head exited: {(home / 'head.log').read_text()[-2000:]}"
            assert time.time() < deadline, f"the Ray head did not come up in 120 s: {(home / 'head.log').read_text()[-2000:]}"
            time.sleep(2)
        yield address
    finally:
        head.terminate()
        try:
            head.wait(60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        log.close()
        shutil.rmtree(home, ignore_errors=True)


def test_scale_md_recipe_on_a_cluster_started_elsewhere(ray_cluster, real_files, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(real_files / "gold.jsonl", data / "gold.jsonl")
    shutil.copy(real_files / "reads.jsonl", data / "reads.jsonl")
    env = {**os.environ, "RAY_ADDRESS": ray_cluster}
    p = subprocess.run([sys.executable, "-c", scale_md_recipe()], cwd=data, env=env, capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    whole = readcov.score(data / "gold.jsonl", data / "reads.jsonl")
    assert p.stdout.strip().splitlines()[-1] == f"8 shards, {whole.totals['rows']} rows, {whole.totals['passing']} passing"
    out = data / "readcov-out"
    merged = readcov.merge(sorted(out.glob("partial-*.json")))
    assert merged["shards"] == sorted(f"{i}/8" for i in range(8)) and "warning" not in merged
    assert json.dumps(merged["totals"], sort_keys=True) == json.dumps(whole.totals, sort_keys=True)
    assert sorted(read_rows(out), key=key) == sorted(whole, key=key)
    # Nothing written beside the inputs but the output folder (no split shards).
    assert sorted(x.name for x in data.iterdir()) == sorted(["gold.jsonl", "reads.jsonl", "readcov-out"])
