"""`sources=` (which reads count, the CLI's `--sources`) on every function whose command takes it,
and `at_k(..., trec_run=LEVEL)` (`score --at-k ... --trec-run LEVEL`), against the wheel's own
`readcov` on the shipped real data: the same options give the CLI's output, and a bad value raises
InputError naming the parameter, with the CLI's possible values."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli, jsonl

CHUNKS = REPO / "tests" / "fixtures" / "retriever" / "chunks.jsonl"
SHEET = REPO / "tests" / "fixtures" / "sheet"
WS = REAL / "sources"
POSSIBLE = "[possible values: agent, human, manual, retriever]"


def mixed(src, out):
    """The reads of `src` with every third read a human's and every third a manual what-if: the
    real runs' reads split over three sources, so each choice of sources counts other lines."""
    rows = jsonl(src.read_text())
    for i, r in enumerate(x for x in rows if x.get("kind", "read") == "read"):
        r["source"] = ("agent", "human", "manual")[i % 3]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return out


@pytest.fixture(scope="module")
def reads(real_files, tmp_path_factory):
    return mixed(real_files / "reads.jsonl", tmp_path_factory.mktemp("sources") / "reads.jsonl")


# Each as the CLI spells it, and as Python may give it (a list, or one comma-separated string).
CHOICES = [("human", ["human"]), ("agent,manual", "agent,manual"), ("agent,human,manual,retriever", None)]


@pytest.mark.parametrize("flag,arg", CHOICES)
def test_score_counts_the_sources_the_cli_counts(real_files, reads, flag, arg):
    gold = real_files / "gold.jsonl"
    sources = arg if arg is not None else flag.split(",")
    want = jsonl(cli("score", "--gold", gold, "--reads", reads, "--sources", flag, "--format", "jsonl").stdout)
    got = readcov.score(gold, reads, sources=sources)
    assert list(got) == want and len(got) == 15
    # With the workspaces (the general path, unit columns and read-before-edit) too.
    want = jsonl(cli("score", "--gold", gold, "--reads", reads, "--sources", flag, "--workspaces", WS,
                     "--format", "jsonl").stdout)
    assert list(readcov.score(gold, reads, sources=sources, workspaces=WS)) == want


def test_the_sources_change_the_figures(real_files, reads):
    """Not a parameter that is passed and dropped: each choice counts other reads."""
    gold = real_files / "gold.jsonl"
    def read_lines(rows):
        return sum(r.get("read_lines") or 0 for r in rows)

    read = {s: read_lines(readcov.score(gold, reads, sources=s)) for s in ("agent", "human", "manual", "agent,human,manual")}
    default = read_lines(readcov.score(gold, reads))
    assert read["agent"] > 0 and read["human"] > 0 and read["manual"] > 0
    assert len(set(read.values())) == 4 and read["agent,human,manual"] > default > read["agent"]
    assert read_lines(readcov.score(gold, reads, sources="retriever")) == 0


def test_score_sets_and_at_k_take_sources(real_files, reads):
    gold = real_files / "gold.jsonl"
    want = json.loads(cli("score", "--gold", f"edit={gold}", "--gold", f"all={REAL / 'gold.jsonl'}", "--reads",
                          reads, "--outcomes", REAL / "gold.jsonl", "--sources", "human,manual", "--format",
                          "json").stdout)
    got = readcov.score_sets({"edit": gold, "all": REAL / "gold.jsonl"}, reads, outcomes=REAL / "gold.jsonl",
                             sources=["human", "manual"])
    assert list(got) == want["rows"] and got.totals == want["totals"] and len(got) == 15
    assert got.totals != readcov.score_sets({"edit": gold, "all": REAL / "gold.jsonl"}, reads,
                                            outcomes=REAL / "gold.jsonl").totals
    # Retrieved chunks are `retriever` reads: counting agents only scores none of them.
    for flag in ("retriever", "agent"):
        p = cli("score", "--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--workspaces", WS, "--at-k", "1,5",
                "--sources", flag, "--format", "json")
        got = readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(1, 5), workspaces=WS, sources=flag)
        want = json.loads(p.stdout)
        assert list(got) == want["rows"] and got.points == want["at_k"] and got.trec_run is None
    assert got.points[-1]["mean_line_coverage"] == 0


@pytest.mark.parametrize("level", ["file", "unit", "line"])
def test_trec_run_is_the_cli_run(level):
    p = cli("score", "--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--workspaces", WS, "--at-k", "5",
            "--trec-run", level)
    got = readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(5,), workspaces=WS, trec_run=level)
    assert got.trec_run == p.stdout and got.trec_run.count("\n") > 15
    first = got.trec_run.splitlines()[0].split()
    assert len(first) == 6 and first[1] == "Q0" and first[3] == "1"
    # The rows are there too, equal to the run without it.
    assert list(got) == list(readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(5,), workspaces=WS))
    # No chunk counted: an empty run, as the CLI writes none.
    none = readcov.at_k(REAL / "gold.jsonl", CHUNKS, k=(5,), workspaces=WS, trec_run=level, sources="agent")
    assert none.trec_run == "" == cli("score", "--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--workspaces",
                                      WS, "--at-k", "5", "--trec-run", level, "--sources", "agent").stdout


def test_trec_run_unjudged_runs_are_said_as_the_cli_says_them(tmp_path):
    """Without sources the unit level cannot be judged: the CLI's warning is a note."""
    reads = tmp_path / "ranked.jsonl"
    cli("import", "--workspaces", WS, CHUNKS, "-o", reads)
    p = cli("score", "--gold", REAL / "gold.jsonl", "--reads", reads, "--at-k", "5", "--trec-run", "unit")
    got = readcov.at_k(REAL / "gold.jsonl", reads, k=(5,), trec_run="unit")
    assert got.trec_run == p.stdout == ""
    warning = [n for n in got.notes if "not written at unit level" in n]
    assert len(warning) == 1 and warning[0] in p.stderr


def test_explain_diagnose_report_sheet_take_sources(real_files, reads, tmp_path):
    gold = real_files / "gold.jsonl"
    task = "psf__requests-1724"
    common = ["--gold", gold, "--reads", reads, "--sources", "human"]
    want = json.loads(cli("explain", *common, "--task", task, "--workspaces", WS, "--format", "json").stdout)
    got = readcov.explain(gold, reads, task, workspaces=WS, sources="human")
    assert dict(got) == want
    assert dict(got) != dict(readcov.explain(gold, reads, task, workspaces=WS))
    want = json.loads(cli("diagnose", *common, "--workspaces", WS, "--format", "json").stdout)
    got = readcov.diagnose(gold, reads, workspaces=WS, sources=["human"])
    assert list(got) == want["runs"] and got.summary == want["summary"]
    (tmp_path / "cli").mkdir()
    cli("report", *common, "--outcomes", REAL / "gold.jsonl", "--html", tmp_path / "cli" / "r.html",
        "--lcov", tmp_path / "cli" / "r.lcov")
    got = readcov.report(gold, reads, outcomes=REAL / "gold.jsonl", sources="human", html=tmp_path / "r.html",
                         lcov=tmp_path / "r.lcov")
    for name in ("r.html", "r.lcov"):
        assert (tmp_path / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    sheet_reads = mixed(SHEET / "reads.jsonl", tmp_path / "sheet-reads.jsonl")
    args = ["--runs", SHEET / "runs.jsonl", "--gold", SHEET / "gold.jsonl", "--reads", sheet_reads]
    want = json.loads(cli("sheet", *args, "--sources", "agent", "--format", "json").stdout)
    got = readcov.sheet(SHEET / "runs.jsonl", gold=SHEET / "gold.jsonl", reads=sheet_reads, sources="agent",
                        errors="collect")
    assert got.doc == want
    assert got.doc != readcov.sheet(SHEET / "runs.jsonl", gold=SHEET / "gold.jsonl", reads=sheet_reads,
                                    errors="collect").doc


def calls(real_files, value):
    """Every function that takes `sources`, given `value`."""
    gold, reads = real_files / "gold.jsonl", real_files / "reads.jsonl"
    return {
        "score": lambda: readcov.score(gold, reads, sources=value),
        "score_sets": lambda: readcov.score_sets({"a": gold}, reads, sources=value),
        "at_k": lambda: readcov.at_k(gold, reads, sources=value),
        "explain": lambda: readcov.explain(gold, reads, "psf__requests-1724", sources=value),
        "diagnose": lambda: readcov.diagnose(gold, reads, sources=value),
        "report": lambda: readcov.report(gold, reads, sources=value),
        "sheet": lambda: readcov.sheet(SHEET / "runs.jsonl", sources=value, errors="collect"),
    }


@pytest.mark.parametrize("name", ["score", "score_sets", "at_k", "explain", "diagnose", "report", "sheet"])
def test_a_bad_source_is_refused_as_the_cli_refuses_it(real_files, name):
    p = cli("score", "--gold", real_files / "gold.jsonl", "--reads", real_files / "reads.jsonl", "--sources",
            "agent,bogus", check=False)
    assert p.returncode == 2 and "invalid value 'bogus'" in p.stderr and POSSIBLE in p.stderr
    for value, shown in (("agent,bogus", "bogus"), (["Agent"], "Agent"), ([], "")):
        with pytest.raises(readcov.InputError) as e:
            calls(real_files, value)[name]()
        assert e.value.field == "sources" and e.value.file == "<arguments>", (value, e.value)
        assert e.value.message == f"invalid value '{shown}' for `sources` {POSSIBLE}"
    with pytest.raises(readcov.InputError) as e:
        calls(real_files, ["agent", 3])[name]()
    assert e.value.field == "sources"


def test_a_bad_trec_level_is_refused_as_the_cli_refuses_it():
    p = cli("score", "--gold", REAL / "gold.jsonl", "--reads", CHUNKS, "--at-k", "5", "--trec-run", "units",
            check=False)
    assert p.returncode == 2 and "[possible values: file, unit, line]" in p.stderr
    for value in ("units", "FILE", ""):
        with pytest.raises(readcov.InputError) as e:
            readcov.at_k(REAL / "gold.jsonl", CHUNKS, workspaces=WS, trec_run=value)
        assert e.value.field == "trec_run"
        assert e.value.message == f"invalid value '{value}' for `trec_run` [possible values: file, unit, line]"
    with pytest.raises(readcov.InputError) as e:
        readcov.at_k(REAL / "gold.jsonl", CHUNKS, workspaces=WS, trec_run=1)  # type: ignore[arg-type]
    assert e.value.field == "trec_run"
