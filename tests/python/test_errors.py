"""Issue 39, types and errors: every bad input the issue lists raises readcov.InputError, naming
the parameter or with the message the CLI gives for the same input (never a bare OverflowError,
a TypeError from deep inside, or an empty list)."""

import pytest

import readcov
from conftest import REAL, cli, trajectories

GOLD = [{"task": "t", "path": "a.py", "start": 1, "end": 5}]
READS = [{"task": "t", "run": "r", "path": "a.py", "start": 1, "end": 2}]


@pytest.mark.parametrize(
    "name, call",
    [
        ("widen", lambda: readcov.score(GOLD, READS, widen=-1)),
        ("anchor", lambda: readcov.gold_from_patch(swebench=REAL / "gold.jsonl", anchor=-1)),
        ("max_unit", lambda: readcov.gold_from_patch(swebench=REAL / "gold.jsonl", max_unit=-5)),
        ("window", lambda: readcov.gold_from_patch(swebench=REAL / "gold.jsonl", window=-1)),
        ("top_k", lambda: readcov.explore([], [], top_k=-1)),
        ("k", lambda: readcov.sheet([], k=(1, -2))),
        ("regeneration_limit", lambda: readcov.sheet([], regeneration_limit=-1)),
        ("n", lambda: readcov.shard_of("t", -3)),
    ],
)
def test_negative_counts_name_the_parameter(name, call):
    # The CLI's words for the flag's value, the parameter for the flag (session 36:
    # scripts/python_cli_oracle_errors.py holds each to the CLI's).
    with pytest.raises(readcov.InputError) as e:
        call()
    assert e.value.field == name, e.value
    assert e.value.message.startswith(f"invalid value '-") and f"' for `{name}`: " in e.value.message, e.value


def test_a_count_that_is_no_whole_number_names_the_parameter():
    with pytest.raises(readcov.InputError) as e:
        readcov.score(GOLD, READS, widen=1.5)
    assert e.value.field == "widen" and "`widen` must be a whole number 0 or above, not 1.5" in e.value.message


@pytest.mark.parametrize(
    "name, call",
    [
        # Counts that must be 1 or more: a 0 is refused naming the parameter too (it was refused
        # by the extension with field None, after the message said "0 or above"). `at_k`'s k
        # keeps the CLI's own words for a 0 (test_at_k.py).
        ("n", lambda: readcov.shard_of("t", 0)),
        ("k", lambda: readcov.sheet([], k=(0,))),
        ("top_k", lambda: readcov.explore([], [], top_k=0)),
    ],
)
def test_zero_where_one_is_the_least_names_the_parameter(name, call):
    with pytest.raises(readcov.InputError) as e:
        call()
    assert e.value.field == name, e.value
    assert e.value.message.startswith(f"invalid value '0' for `{name}`: "), e.value


@pytest.mark.parametrize(
    "what, call",
    [
        ("gold", lambda: readcov.score(None, READS)),
        ("reads", lambda: readcov.score(GOLD, None)),
        ("gold", lambda: readcov.explain(None, READS, task="t")),
        ("bench", lambda: readcov.explore(None, [])),
    ],
)
def test_none_as_an_input_is_named(what, call):
    with pytest.raises(readcov.InputError) as e:
        call()
    # The CLI's words for a missing required flag, the parameter for the flag.
    assert e.value.file == f"<{what}>", e.value
    assert e.value.message.startswith(f"the following required arguments were not provided: `{what}`"), e.value


def test_merge_of_a_missing_file_says_which(tmp_path):
    missing = tmp_path / "part.json"
    with pytest.raises(readcov.InputError) as e:
        readcov.merge([missing])
    assert e.value.file == str(missing) and e.value.line == 0, e.value
    # The CLI's words for the same file.
    assert e.value.message in cli("merge", missing, check=False).stderr


def test_merge_names_a_file_of_another_kind_as_the_cli_does():
    """SWE-bench rows given as a partial: what they look like and where they go, the CLI's words
    (before: "not JSON, so not a readcov partial")."""
    rows = REAL / "gold.jsonl"
    with pytest.raises(readcov.InputError) as e:
        readcov.merge([rows])
    says = "looks like SWE-bench rows (`instance_id`, `patch`), not a readcov partial"
    assert says in str(e.value), e.value
    done = cli("merge", rows, check=False)
    assert done.returncode == 2 and says in done.stderr, done.stderr


def test_a_text_that_is_not_a_diff_gives_the_clis_reason(tmp_path):
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_patch("not a diff")
    assert e.value.file == "<patch>" and e.value.message.startswith("no diff hunks found, so no gold lines"), e.value
    notes = tmp_path / "notes.txt"
    notes.write_text("not a diff\n")
    assert e.value.message in cli("gold", "--from-diff", notes, check=False).stderr
    rows = [{"instance_id": "x", "patch": "no hunk here"}]
    with pytest.raises(readcov.InputError) as e:
        readcov.gold_from_patch(swebench=rows)
    assert e.value.message.startswith("no diff hunks found in any row"), e.value


def test_import_with_a_wrong_explicit_format_is_an_error():
    log = trajectories()[0]  # an OpenHands log
    with pytest.raises(readcov.InputError) as e:
        readcov.import_log(log, format="swe-agent")
    assert e.value.file == str(log), e.value
    assert e.value.message.startswith("no read or edit rows imported from 1 file(s)"), e.value
    assert "format='swe-agent'" in e.value.message, e.value
    assert "no read or edit rows imported from 1 file(s)" in cli(
        "import", "--format", "swe-agent", log, "-o", "-", check=False
    ).stderr
    # errors="collect": the (empty) rows back, the problem on .errors.
    got = readcov.import_log(log, format="swe-agent", errors="collect")
    assert list(got) == [] and len(got.errors) == 1 and got.summary["runs"] >= 0
    # The right format still imports.
    assert len(readcov.import_log(log, format="openhands")) > 0


@pytest.mark.parametrize("call", [
    lambda ws: readcov.score(GOLD, READS, widen=5, workspace=ws),
    lambda ws: readcov.score_sets({"a": GOLD}, READS, widen=5, workspace=ws),
], ids=["score", "score_sets"])
def test_widen_without_the_sources_is_refused_as_the_cli_refuses_it(call, tmp_path):
    # Session 29: `widen` without `workspace`/`workspaces` changed nothing (no what-if without the
    # sources) and was taken silently; the CLI refuses `--widen` there (exit 2), and so does Python.
    with pytest.raises(readcov.InputError) as e:
        call(None)
    assert (e.value.file, e.value.field) == ("<arguments>", "widen"), e.value
    assert "`widen` goes with `workspace` or `workspaces`" in e.value.message, e.value
    gold, reads = tmp_path / "gold.jsonl", tmp_path / "reads.jsonl"
    gold.write_text("".join(f'{{"task":"t","path":"a.py","start":{s},"end":{e}}}\n' for s, e in [(1, 5)]))
    reads.write_text('{"task":"t","run":"r","path":"a.py","start":1,"end":2}\n')
    assert "--widen goes with --workspace" in cli(
        "score", "--gold", gold, "--reads", reads, "--widen", "5", check=False
    ).stderr
    # With the sources it is taken; without `widen` no workspace is needed.
    (tmp_path / "a.py").write_text("".join(f"x{i} = {i}\n" for i in range(8)))
    assert len(call(str(tmp_path))) == 1
    assert len(readcov.score(GOLD, READS)) == 1
