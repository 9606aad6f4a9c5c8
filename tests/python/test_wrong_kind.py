"""Inputs of the wrong kind given to `gold_from_patch` and `contextbench` (issue 39, session 38):
refused with the CLI's words for the same file, through the same input layer (the kind detected
by `readcov_files::input::detect`, refused by the role's check, as the CLI's `check_kind` and
`load_gold_rows` do). Each case runs the matching `readcov` command on the same file and holds
the InputError to its one `error:` line: same file (the alias where Python has no file: a diff
given as text is `<patch>`, rows given as dicts `<swebench>`, `<gold>`, `<preds>`), line 0, no
field, the same message. Before session 38 `gold_from_patch` parsed whatever it was given:
reads JSONL, gold rows or a trajectory as `swebench=` (or their text as `patch`) said "no diff
hunks found", and ContextBench gold rows a `patch` missing on line 2."""

import json

import pytest

import readcov
from conftest import REAL, REPO, cli

CB = REPO / "tests" / "fixtures" / "contextbench"
TRAJ = REAL / "openhands" / "psf__requests-1724.json"
SWEBENCH = REAL / "gold.jsonl"


def dicts(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


# (id, the file given, Python's call on it, the CLI's arguments around it, Python's name for it
# or None for the path itself). `f` is the case's file; `real` the fixture's reads and gold.
CASES = [
    # gold --from-diff FILE  ~  gold_from_patch(FILE's text)
    *[(f"patch=text of {name}", pick, lambda f: readcov.gold_from_patch(f.read_text()),
       lambda f: ["gold", "--from-diff", f], "<patch>")
      for name, pick in [("reads", "reads"), ("gold", "gold"), ("swebench rows", "swebench"),
                         ("a trajectory", "traj"), ("contextbench gold", "cb-gold")]],
    # gold --from-swebench FILE  ~  gold_from_patch(swebench=FILE or its rows)
    *[(f"swebench={name}", pick, lambda f: readcov.gold_from_patch(swebench=f),
       lambda f: ["gold", "--from-swebench", f], None)
      for name, pick in [("reads", "reads"), ("gold", "gold"), ("a trajectory", "traj"),
                         ("contextbench gold", "cb-gold"), ("contextbench preds", "cb-preds")]],
    ("swebench=reads dicts", "reads", lambda f: readcov.gold_from_patch(swebench=dicts(f)),
     lambda f: ["gold", "--from-swebench", f], "<swebench>"),
    # contextbench --gold FILE
    *[(f"contextbench gold={name}", pick, lambda f: readcov.contextbench(f, preds=CB / "preds.jsonl"),
       lambda f: ["contextbench", "--gold", f, "--preds", CB / "preds.jsonl"], None)
      for name, pick in [("reads", "reads"), ("gold", "gold"), ("swebench rows", "swebench"),
                         ("a trajectory", "traj"), ("contextbench preds", "cb-preds")]],
    ("contextbench gold=reads dicts", "reads", lambda f: readcov.contextbench(dicts(f), preds=CB / "preds.jsonl"),
     lambda f: ["contextbench", "--gold", f, "--preds", CB / "preds.jsonl"], "<gold>"),
    # contextbench --preds FILE / --reads FILE
    *[(f"contextbench preds={name}", pick, lambda f: readcov.contextbench(CB / "gold.jsonl", preds=f),
       lambda f: ["contextbench", "--gold", CB / "gold.jsonl", "--preds", f], None)
      for name, pick in [("reads", "reads"), ("gold", "gold"), ("a trajectory", "traj"),
                         ("contextbench gold", "cb-gold")]],
    ("contextbench preds=gold dicts", "cb-gold", lambda f: readcov.contextbench(CB / "gold.jsonl", preds=dicts(f)),
     lambda f: ["contextbench", "--gold", CB / "gold.jsonl", "--preds", f], "<preds>"),
    *[(f"contextbench reads={name}", pick, lambda f: readcov.contextbench(CB / "gold.jsonl", reads=f),
       lambda f: ["contextbench", "--gold", CB / "gold.jsonl", "--reads", f], None)
      for name, pick in [("gold", "gold"), ("contextbench preds", "cb-preds"), ("contextbench gold", "cb-gold")]],
]


def cli_error(args):
    """The CLI's one `error:` line (without `error: `) for arguments it must refuse (exit 2)."""
    p = cli(*args, check=False)
    said = [line[len("error: "):] for line in p.stderr.splitlines() if line.startswith("error: ")]
    assert p.returncode == 2 and len(said) == 1, (p.returncode, p.stderr)
    return said[0]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_wrong_kind_is_refused_with_the_clis_words(case, real_files):
    _, pick, call, args, alias = case
    f = {"reads": real_files / "reads.jsonl", "gold": real_files / "gold.jsonl", "swebench": SWEBENCH,
         "traj": TRAJ, "cb-gold": CB / "gold.jsonl", "cb-preds": CB / "preds.jsonl"}[pick]
    said = cli_error(args(f))
    prefix = f"{f}: "
    assert said.startswith(prefix) and " looks like " in said, said  # the CLI refused it by its kind
    with pytest.raises(readcov.InputError) as raised:
        call(f)
    e = raised.value
    got = (e.file, e.line, e.field, e.message, len(e.errors))
    assert got == (alias or str(f), 0, None, said[len(prefix):], 1)


def test_the_right_kinds_still_build(real_files):
    """The check refuses by kind only: a diff's text, SWE-bench rows as a file, as dicts and as a
    DataFrame still build the gold the CLI builds."""
    want = dicts(real_files / "gold.jsonl")
    assert list(readcov.gold_from_patch(swebench=SWEBENCH)) == want
    assert list(readcov.gold_from_patch(swebench=dicts(SWEBENCH))) == want
    import pandas as pd

    assert list(readcov.gold_from_patch(swebench=pd.DataFrame(dicts(SWEBENCH)))) == want
    row = dicts(SWEBENCH)[0]
    one = readcov.gold_from_patch(row["patch"], task=row["instance_id"])
    assert list(one) == [g for g in want if g["task"] == row["instance_id"]]
