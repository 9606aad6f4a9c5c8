"""`readcov.at_k` against `readcov score --at-k` of the same wheel: the shipped retriever chunks
(tests/fixtures/retriever, imported on the fly against the real sources) give the same rows and
points, with and without workspaces, and ranked reads given as dicts the same as their file."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

CHUNKS = REPO / "tests" / "fixtures" / "retriever" / "chunks.jsonl"


def cli_at_k(*args):
    p = cli("score", *args, "--format", "json")
    return json.loads(p.stdout), p.stderr


@pytest.mark.parametrize("ks", [[1, 3, 5, 10], [5, 1, 5]])
def test_at_k_equals_the_cli_on_the_retriever_chunks(ks):
    want, err = cli_at_k("--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--workspaces", REAL / "sources",
                         "--at-k", ",".join(map(str, ks)))
    got = readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=ks, workspaces=REAL / "sources")
    assert list(got) == want["rows"] and got.points == want["at_k"]
    assert [p["k"] for p in got.points] == sorted(set(ks))
    assert any("retrieved chunks" in n for n in got.notes) and all(n in err for n in got.notes)
    # More chunks never lose a file or a line, and the deepest cut reads more than the first.
    hits = [p["mean_file_hit"] for p in got.points]
    cover = [p["mean_line_coverage"] for p in got.points]
    assert hits == sorted(hits) and cover == sorted(cover) and cover[-1] > cover[0] and 0 < hits[0] <= 1
    df = got.to_pandas()
    assert list(df.columns[:3]) == ["k", "task", "run"]
    k = got.points[0]["k"]
    assert f"unit.nDCG@{k}" in df.columns and "line.AP" in df.columns
    assert df["file.AP"].iloc[0] == got[0]["measures"]["file"]["AP"]
    assert str(df["passes_threshold"].dtype) == "boolean"


def test_ranked_reads_as_dicts_and_a_workspace(tmp_path):
    reads = tmp_path / "ranked.jsonl"
    cli("import", "--workspaces", REAL / "sources", CHUNKS, "-o", reads)
    ws = REAL / "sources" / "psf__requests-1724"
    want, _ = cli_at_k("--gold", REAL / "gold.jsonl", "--reads", reads, "--workspace", ws, "--at-k", "1,2",
                       "--widen", "5", "--threshold", "0.3")
    got = readcov.at_k(REAL / "gold.jsonl", jsonl(reads.read_text()), k=(1, 2), workspace=ws, widen=5,
                       threshold=0.3)
    assert list(got) == want["rows"] and got.points == want["at_k"]


def test_at_k_refuses_as_the_cli(tmp_path):
    with pytest.raises(readcov.InputError) as e:
        readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(0, 1), workspaces=REAL / "sources")
    p = cli("score", "--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--at-k", "0,1", check=False)
    assert p.returncode == 2 and "is not a k ≥ 1" in e.value.message and "is not a k ≥ 1" in p.stderr
    with pytest.raises(readcov.InputError) as e:
        readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(-1,))
    assert e.value.field == "k"
    # Character offsets with no workspace: the CLI's located error.
    with pytest.raises(readcov.InputError) as e:
        readcov.at_k(REAL / "gold.jsonl", CHUNKS)
    assert "give --workspace or --workspaces" in e.value.message
