"""A chat-row dataset given to `readcov.score` as reads (issue 40): the rows are imported and
scored a batch of 64 at a time, as `readcov score --reads <dataset>` does them
(readcov_files::input::dataset_scored), and what comes back is what scoring `readcov import`'s
reads of the same file gives — rows, totals, the partial — with and without the breakdown, and
for a run whose rows sit in two batches (a row repeated far apart: the file scored whole, said in
the notes). The CLI's byte-for-byte cases are server/cli/tests/it/score_dataset.rs.
"""

import json

import pytest

import readcov

from conftest import REPO, cli, jsonl

SAMPLES = REPO / "tests" / "data" / "formats" / "chat-trajectories"
FILES = (
    "adp_nebius_SWE-agent-trajectories_sample_raw.json",
    "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
)


def dataset_rows():
    """The vendored nebius and SWE-Gym rows 25 times over (150 rows: three batches), each copy
    a run (`_<k>`) of one of three tasks per sample row, so each task has runs in every batch."""
    samples = [r for f in FILES for r in json.loads((SAMPLES / f).read_text())]
    rows = []
    for k in range(25):
        for r in samples:
            r = dict(r)
            task = r["instance_id"].rsplit("_", 1)[0]
            r["instance_id"] = f"{task}-{k % 3}_{k}"
            rows.append(r)
    return rows


def write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def imported(tmp_path, data):
    """`readcov import` of the dataset, and gold on the first file each task read (every other
    task left without gold, and one gold task no row reads)."""
    reads = tmp_path / "reads.jsonl"
    cli("import", data, "-o", reads)
    first = {}
    for r in jsonl(reads.read_text()):
        first.setdefault(r["task"], (r["path"], r["start"]))
    assert len(first) >= 6, first
    gold = [
        {"task": t, "path": p, "start": s, "end": s + 20}
        for i, (t, (p, s)) in enumerate(sorted(first.items()))
        if i % 2 == 0
    ]
    gold.append({"task": "nobody-read-this", "path": "a.py", "start": 1, "end": 3})
    return reads, write(tmp_path / "gold.jsonl", gold)


@pytest.mark.parametrize("breakdown", [True, False])
def test_a_dataset_as_reads_scores_as_its_imported_reads(tmp_path, breakdown):
    data = write(tmp_path / "rows.jsonl", dataset_rows())
    reads, gold = imported(tmp_path, data)
    got = readcov.score(gold, data, breakdown=breakdown)
    want = readcov.score(gold, reads, breakdown=breakdown)
    assert len(want) > 20
    assert list(got) == list(want)
    assert got.totals == want.totals
    assert got.partial == want.partial
    assert any(r["task"] == "nobody-read-this" and r["run"] == "-" for r in got), "the unread gold task has its row"
    # The CLI given the same dataset prints the same rows.
    args = ["score", "--gold", gold, "--reads", data, "--format", "jsonl"]
    assert jsonl(cli(*args, *([] if breakdown else ["--summary"])).stdout) == list(got)


def test_a_run_in_two_batches_is_scored_whole(tmp_path):
    rows = dataset_rows()
    # The first row again after the first batch: one run whose reads sit in two batches.
    data = write(tmp_path / "rows.jsonl", rows + [rows[0]])
    reads, gold = imported(tmp_path, data)
    got = readcov.score(gold, data)
    want = readcov.score(gold, reads)
    assert list(got) == list(want)
    assert got.totals == want.totals
    assert any("is in rows of two batches" in n and "scored whole" in n for n in got.notes), got.notes
