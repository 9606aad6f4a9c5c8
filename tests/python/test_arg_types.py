"""Arguments of the wrong type raise TypeError naming the parameter (docs/python.md "Errors"):
before session 28 a float given as a path said only "'float' object is not iterable" or
"expected str, bytes or os.PathLike object, not float", with no word of which argument, and
`gold_from_patch()` with neither input said "not both". A threshold of -0.0 is 0.0 in the
results, as on the CLI (before, both echoed -0.0)."""

import pytest

import readcov

WRONG = {
    "import_log float": (lambda g, r: readcov.import_log(1.5), "path"),
    "import_log bytes": (lambda g, r: readcov.import_log(b"log.jsonl"), "path"),
    "import_log list of ints": (lambda g, r: readcov.import_log([1]), "path"),
    "import_log workspace": (lambda g, r: readcov.import_log(r, workspace=1.5), "workspace"),
    "gold_from_beir path": (lambda g, r: readcov.gold_from_beir(object()), "path"),
    "gold_from_beir corpus": (lambda g, r: readcov.gold_from_beir(g, corpus=2), "corpus"),
    "gold_from_patch patch": (lambda g, r: readcov.gold_from_patch(patch=1.5), "patch"),
    "gold_from_patch swebench": (lambda g, r: readcov.gold_from_patch(swebench=1.5), "swebench"),
    "units": (lambda g, r: readcov.units(1.5), "paths"),
    "units item": (lambda g, r: readcov.units([g, 3]), "paths"),
    "merge": (lambda g, r: readcov.merge(1.5), "partials"),
    "merge a path": (lambda g, r: readcov.merge(g), "partials"),
    "merge item": (lambda g, r: readcov.merge([1.5]), "partials"),
    "sheet runs": (lambda g, r: readcov.sheet(runs=1.5), "runs"),
    "score reads": (lambda g, r: readcov.score(g, 1.5), "reads"),
    "score workspace": (lambda g, r: readcov.score(g, r, workspace=1.5), "workspace"),
    "score workspaces": (lambda g, r: readcov.score(g, r, workspaces=b"ws"), "workspaces"),
    "at_k workspace": (lambda g, r: readcov.at_k(g, r, workspace=object()), "workspace"),
    "report workspaces": (lambda g, r: readcov.report(g, r, workspaces=7), "workspaces"),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_wrong_type_names_its_parameter(case, real_files):
    call, param = WRONG[case]
    with pytest.raises(TypeError) as e:
        call(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"))
    assert str(e.value).startswith(f"{param}: expected "), str(e.value)


def test_gold_from_patch_without_an_input_asks_for_one():
    with pytest.raises(TypeError) as e:
        readcov.gold_from_patch()
    assert str(e.value) == "gold_from_patch: give a patch (diff text) or swebench rows, one of them"
    with pytest.raises(TypeError) as e:
        readcov.gold_from_patch(patch="", swebench=[])
    assert str(e.value).endswith("not both")


def test_a_negative_zero_threshold_is_zero(real_files):
    rows = readcov.score(str(real_files / "gold.jsonl"), str(real_files / "reads.jsonl"), threshold=-0.0)
    t = rows.partial["threshold"]
    assert t == 0.0 and str(t) == "0.0", rows.partial
    assert all(r["passes_threshold"] is not False for r in rows if r["status"] == "scored")
