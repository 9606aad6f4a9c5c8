"""The input matrix (issue 36) through the Python API, beside the CLI's: each kind of input file
given to `readcov.score`, `readcov.explain` and `readcov.sheet` as gold or reads is taken,
converted on the fly (with the CLI's note) or refused (with the CLI's words) exactly as the
`readcov` command of the same wheel takes, converts or refuses it, and a file whose every line is
invalid fails in both. The cases are the CLI matrix's (server/cli/tests/it/input_matrix.rs) for
these commands. `score`'s `outcomes` (labels through the layer, a reads file refused) is held
equal to the CLI in test_sets.py.
"""

import json

import pytest

import readcov

from conftest import REAL, REPO, cli

TASK = "psf__requests-1724"
GOLD = {"task": TASK, "path": "requests/models.py", "start": 1, "end": 9, "tier": "core"}
READS = {"task": TASK, "run": "r", "path": "requests/models.py", "start": 1, "end": 5, "tool": "view"}
LABELS = {"task": TASK, "run": "r", "resolved": True}
RUNS = {"task": TASK, "run": "r", "condition": "c", "target": True}
DIFF = "--- a/requests/models.py\n+++ b/requests/models.py\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("matrix")
    for name, text in [
        ("gold.jsonl", json.dumps(GOLD) + "\n"),
        ("reads.jsonl", json.dumps(READS) + "\n"),
        ("labels.jsonl", json.dumps(LABELS) + "\n"),
        ("runs.jsonl", json.dumps(RUNS) + "\n"),
        ("notes.md", "# notes\nnot json\nnor this\n"),
        ("fix.txt", DIFF),
    ]:
        (d / name).write_text(text)
    return {
        "gold": d / "gold.jsonl",
        "reads": d / "reads.jsonl",
        "labels": d / "labels.jsonl",
        "runs": d / "runs.jsonl",
        "text": d / "notes.md",
        "diff": d / "fix.txt",
        "swebench": REAL / "gold.jsonl",
        "traj": REAL / "openhands" / f"{TASK}.json",
        "bench": REPO / "tests" / "fixtures" / "explore" / "bench.jsonl",
        "cbgold": REPO / "tests" / "fixtures" / "contextbench" / "gold.jsonl",
    }


TAKES, CONVERTS, NOTHING_VALID = "takes", "converts", "nothing valid"


def refused(looks, role):
    return ("refused", looks, role)


# (command, which flag gets the file under test, the file's kind, what must happen)
CASES = [
    ("score", "reads", "reads", TAKES),
    ("score", "reads", "traj", CONVERTS),
    ("score", "reads", "gold", refused("gold JSONL", "reads")),
    ("score", "reads", "labels", refused("outcome labels", "reads")),
    ("score", "reads", "swebench", refused("SWE-bench rows", "reads")),
    ("score", "reads", "bench", refused("SWE-Explore", "reads")),
    ("score", "reads", "text", NOTHING_VALID),
    ("score", "gold", "gold", TAKES),
    ("score", "gold", "swebench", CONVERTS),
    ("score", "gold", "diff", CONVERTS),
    # ContextBench rows are gold region by region: taken with no conversion note, in both
    # (docs/contextbench.md).
    ("score", "gold", "cbgold", TAKES),
    ("score", "gold", "reads", refused("reads JSONL", "gold")),
    ("score", "gold", "traj", refused("an agent trajectory", "gold")),
    ("score", "gold", "labels", refused("outcome labels", "gold")),
    ("score", "gold", "text", NOTHING_VALID),
    ("explain", "reads", "reads", TAKES),
    ("explain", "reads", "traj", CONVERTS),
    ("explain", "reads", "gold", refused("gold JSONL", "reads")),
    ("explain", "reads", "labels", refused("outcome labels", "reads")),
    ("explain", "reads", "text", NOTHING_VALID),
    ("explain", "gold", "swebench", CONVERTS),
    ("explain", "gold", "diff", CONVERTS),
    ("explain", "gold", "reads", refused("reads JSONL", "gold")),
    ("explain", "gold", "labels", refused("outcome labels", "gold")),
    ("explain", "gold", "text", NOTHING_VALID),
    ("sheet", "reads", "reads", TAKES),
    ("sheet", "reads", "traj", CONVERTS),
    ("sheet", "reads", "gold", refused("gold JSONL", "reads")),
    ("sheet", "reads", "labels", refused("outcome labels", "reads")),
    ("sheet", "reads", "text", NOTHING_VALID),
    ("sheet", "gold", "gold", TAKES),
    ("sheet", "gold", "swebench", CONVERTS),
    ("sheet", "gold", "diff", CONVERTS),
    ("sheet", "gold", "reads", refused("reads JSONL", "gold")),
    ("sheet", "gold", "traj", refused("an agent trajectory", "gold")),
    ("sheet", "gold", "text", NOTHING_VALID),
]


def run_both(command, flag, path, files):
    """The CLI's result and the Python call's (its value, or the exception it raised)."""
    gold = path if flag == "gold" else files["gold"]
    reads = path if flag == "reads" else files["reads"]
    args = [command, "--gold", gold, "--reads", reads]
    if command == "explain":
        args += ["--task", TASK]
    if command == "sheet":
        args += ["--runs", files["runs"]]
    done = cli(*args, check=False)
    try:
        if command == "score":
            got = readcov.score(gold, reads, errors="raise")
        elif command == "sheet":
            got = readcov.sheet(files["runs"], gold=gold, reads=reads, errors="raise")
        else:
            got = readcov.explain(gold, reads, TASK, errors="raise")
    except ValueError as e:  # InputError is a ValueError
        got = e
    return done, got


@pytest.mark.parametrize("command,flag,kind,want", CASES, ids=[f"{c}-{f}-{k}" for c, f, k, _ in CASES])
def test_each_kind_is_taken_converted_or_refused_as_the_cli_does(files, command, flag, kind, want):
    path = files[kind]
    done, got = run_both(command, flag, path, files)
    err = done.stderr
    if want in (TAKES, CONVERTS):
        assert done.returncode in (0, 1) and "looks like" not in err, err
        assert not isinstance(got, Exception), f"{got!r}\nCLI: {err}"
        if want == CONVERTS:
            notes = [n for n in got.notes if "on the fly" in n]
            assert notes, (got.notes, err)
            # The same note, word for word, as the CLI prints it for the same file.
            assert all(n in err for n in notes), (notes, err)
        else:
            assert not any("on the fly" in n for n in got.notes), got.notes
    elif want == NOTHING_VALID:
        assert done.returncode == 2 and "nothing to score" in err, err
        assert isinstance(got, readcov.InputError), repr(got)
        if command == "sheet":
            # The sheet refuses the whole file before grading, with the CLI's closing words.
            assert got.line == 0 and "nothing to score" in got.message and got.message in err, (str(got), err)
        else:
            # Located as the CLI locates it: the first bad line of the file, with the same words.
            assert got.line == 1 and got.message in err, (str(got), err)
    else:
        _, looks, role = want
        assert done.returncode == 2, err
        assert f"looks like {looks}" in err and f", not {role}: " in err, err
        assert isinstance(got, readcov.InputError), repr(got)
        text = str(got)
        assert f"looks like {looks}" in text and f", not {role}: " in text, text
        # The refusal's words after the file name are the CLI's.
        assert got.message in err, (got.message, err)
