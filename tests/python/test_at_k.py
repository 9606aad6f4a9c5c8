"""`readcov.at_k` against `readcov score --at-k` of the same wheel: the shipped retriever chunks
(tests/fixtures/retriever, imported on the fly against the real sources) give the same rows and
points, with and without workspaces, and ranked reads given as dicts the same as their file; with
`outcomes`, real-multi's labelled runs that read nothing are rows at every k, as `--outcomes` makes them."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

CHUNKS = REPO / "tests" / "fixtures" / "retriever" / "chunks.jsonl"
MULTI = REPO / "tests" / "data" / "real-multi"


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


def test_outcomes_name_runs_that_read_nothing_as_the_cli(tmp_path):
    """real-multi's two labelled runs with no reads (doubao-pro-128k on jackson-databind-4487 and
    jib-4035) are rows at every k with nothing retrieved, as `score --at-k --outcomes` gives them:
    25 rows, mean coverage 0.89 (without labels 23 and 0.96; before session 34 `at_k` took none)."""
    reads, gold, labels = tmp_path / "reads.jsonl", tmp_path / "gold.jsonl", MULTI / "outcomes.jsonl"
    cli("import", "--layout", "task/run", MULTI / "swe-agent-java", "-o", reads)
    cli("gold", "--from-runs", reads, "--outcomes", labels, "-o", gold)
    want, _ = cli_at_k("--gold", gold, "--reads", reads, "--at-k", "1,5", "--outcomes", labels)
    got = readcov.at_k(gold, reads, k=(1, 5), outcomes=labels)
    assert list(got) == want["rows"] and got.points == want["at_k"]
    assert [(p["rows"], p["scored"], p["passing"]) for p in got.points] == [(25, 25, 23)] * 2
    assert round(got.points[0]["mean_line_coverage"], 2) == 0.89
    idle = [(r["task"], r["run"]) for r in got if r["chunks"] == 0 and r["line_coverage"] == 0.0]
    assert sorted(set(idle)) == [("fasterxml__jackson-databind-4487", "doubao-pro-128k"),
                                 ("googlecontainertools__jib-4035", "doubao-pro-128k")]
    plain = readcov.at_k(gold, reads, k=(1, 5))
    assert [p["rows"] for p in plain.points] == [23, 23]


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
