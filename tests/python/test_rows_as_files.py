"""Reads given as dicts or a DataFrame score as the same rows in a JSONL file (issue 39): dicts
and DataFrames without edits are taken by the extension straight into the engine's lean table,
with edits as whole rows straight from their cells (no JSONL in between); a row it cannot take
goes through the JSONL writer and the file's parser (with edits: all the rows). Each case: the rows, and what scoring them as a file must give (which rows are errors,
on which field); the file, the dicts and the DataFrame must then give the same rows, totals and
errors (line, field, message), bad rows (wrong types, missing fields, extra fields, None)
included."""

import json

import pytest

import readcov

GOLD = [
    {"task": "t1", "path": "a.py", "start": 1, "end": 20},
    {"task": "t1", "path": "dir/b.py", "start": 5, "end": 9},
    {"task": "t2", "path": "a.py", "start": 3, "end": 4},
]


def r(**kw):
    """A valid read of t1 by run r1, with `kw` changed (a value None stays as None)."""
    row = {"task": "t1", "run": "r1", "path": "a.py", "start": 1, "end": 5}
    row.update(kw)
    return row


def drop(row, *keys):
    return {k: v for k, v in row.items() if k not in keys}


# (case, rows, the errors a file of the rows gives: (line, field) each). Every case is also
# given as a DataFrame of pandas' own dtypes (int64 columns as raw bytes, Arrow strings as
# buffers), except where pandas changes the values: "wrong types" has a column of ints and a
# float, which pandas makes all floats (5.0: not a line number).
CASES = [
    ("valid, every optional key", [
        r(),
        r(run="r2", path="dir/b.py", start=5, end=7, turn=2, step=3, tool="view", command='cat "b.py"\n'),
        r(task="t2", run="r1", start=3, end=3, source="human", kind="read"),
        r(path="./dir/../a.py", start=10, end=12, source="manual"),
        r(task="t2", run="日本", path="dir/ä b.py", start=1, end=2, source="retriever"),
    ], []),
    ("wrong types", [
        r(),
        r(start="1"),
        r(end=2.5),
        r(task=True),
        r(path=3),
        r(source="robot"),
        r(kind="write"),
        r(turn=-1),
        r(step="x"),
        r(tool=7),
        r(start=0),
        r(start=9, end=3),
        r(end=4_294_967_296),
        r(task=""),
        r(path=".."),
        r(start=2),
    ], [(2, "start"), (3, "end"), (4, "task"), (5, "path"), (6, "source"), (7, "kind"), (8, "turn"),
        (9, "step"), (10, "tool"), (11, "start"), (12, "end"), (13, "end"), (14, "task"), (15, "path")]),
    ("missing fields", [
        drop(r(), "path"),
        drop(r(), "start"),
        drop(r(), "end"),
        drop(r(), "task", "run"),
        r(),
    ], [(1, "path"), (2, "start"), (3, "end")]),
    ("extra fields (taken by the text path)", [
        r(base={"sha256": "ab" * 32, "lines": 40}),
        r(extra=[1, 2], start=2),
        r(rank=3, score=0.5, source="retriever"),
        r(rank=0),
        r(note=None),
    ], [(4, "rank")]),
    ("None", [
        r(path=None),
        r(start=None),
        r(task=None, run=None),
        r(turn=None, step=None, tool=None, command=None, source=None, kind=None),
        r(end=None),
    ], [(1, "path"), (2, "start"), (5, "end")]),
    ("ids as numbers", [
        r(task=7, run=3),
        r(run=-3),
        r(),
    ], []),
    ("edits, every row taken (whole rows from the cells)", [
        r(start=1, end=9, turn=1, step=1, tool="view", command="cat a.py"),
        r(kind="edit", start=3, end=4, turn=2, step=2, source="agent"),
        r(run="r2", path="./dir/../dir/b.py", start=5, end=7, kind="read"),
        r(run="r2", kind="edit", start=3, end=4, command='sed -i "s/x/y/"\tq'),
        r(task="t2", run=None, start=3, end=3, kind="edit"),
    ], []),
    ("edits (whole rows: read-before-edit)", [
        r(start=1, end=9),
        r(kind="edit", start=3, end=4),
        r(run="r2", kind="edit", start=3, end=4),
        r(start="bad"),
    ], [(4, "start")]),
]


def _score(gold, reads):
    return readcov.score(gold, reads, errors="collect")


def _seen(result):
    errors = [(e.line, e.field, e.message) for e in result.errors]
    return list(result), result.totals, errors


def check(tmp_path, rows, expected):
    """The rows as a file give `expected` errors; as dicts and as a DataFrame, the file's result."""
    import pandas as pd

    path = tmp_path / "reads.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in rows))
    want = _seen(_score(GOLD, path))
    assert [(line, field) for line, field, _ in want[2]] == expected
    assert all(e.file == str(path) for e in _score(GOLD, path).errors)
    got = _score(GOLD, rows)
    assert _seen(got) == want
    assert all(e.file == "<reads>" for e in got.errors)
    # A DataFrame of object columns holds the values as given (a missing key is NaN: left out).
    assert _seen(_score(GOLD, pd.DataFrame(rows, dtype=object))) == want
    return want


def check_typed_frame(tmp_path, rows, want):
    """The rows as a DataFrame of pandas' own dtypes give the file's result."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    assert _seen(_score(pd.DataFrame(GOLD), frame)) == want


@pytest.mark.parametrize("case, rows, expected", CASES, ids=[c[0] for c in CASES])
def test_rows_as_dicts_and_frames_score_as_a_file(tmp_path, case, rows, expected):
    want = check(tmp_path, rows, expected)
    if case != "wrong types":
        check_typed_frame(tmp_path, rows, want)


def test_plain_rows_go_into_the_lean_table_and_rows_with_edits_as_whole_rows():
    from readcov import _native

    plain, edits, bad_edits = CASES[0][1], CASES[-2][1], CASES[-1][1]
    table, err = _native.lean_rows(plain, "<reads>")
    assert err is None and type(table).__name__ == "LeanTable"
    # Reads with edits: whole rows, each from its cells (read-before-edit needs them), scored
    # as the file of the same rows is (test_rows_as_dicts_and_frames_score_as_a_file)...
    whole, err = _native.lean_rows(edits, "<reads>")
    assert err is None and type(whole).__name__ == "LeanTable"
    assert any(row["read_before_edit"] for row in readcov.score(GOLD, edits))
    # ... unless a row is declined there: then all go by the text path, which words the error.
    assert _native.lean_rows(bad_edits, "<reads>") == (None, None)
    # Gold rows given as reads are not plain reads: the input layer refuses them, as for a file.
    assert _native.lean_rows(GOLD + [{**GOLD[0], "tier": "core"}], "<reads>") == (None, None)
    with pytest.raises(readcov.InputError, match="gold"):
        readcov.score(GOLD, [{**g, "tier": "core"} for g in GOLD])
    # A table scores once.
    gold = ("".join(json.dumps(g) + "\n" for g in GOLD).encode(), "<gold>")
    assert len(_native.score(gold, table, 0.5)[0]) == len(readcov.score(GOLD, plain))
    with pytest.raises(ValueError, match="scored already"):
        _native.score(gold, table, 0.5)


def test_a_row_that_is_not_json_names_its_position(tmp_path):
    # Raised before scoring, from the dicts and the DataFrame alike (as before the lean table).
    for bad in ([r(), ["a.py", 1, 2]], [r(), r(start=float("inf"))], [r(), r(tool={1: 2})]):
        with pytest.raises(readcov.InputError) as e:
            readcov.score(GOLD, bad)
        assert (e.value.file, e.value.line) == ("<reads>", 2)
    with pytest.raises(readcov.InputError) as e:
        readcov.score(GOLD, [r(), r(start=float("inf"))], workspace=tmp_path)
    assert (e.value.file, e.value.line) == ("<reads>", 2)


# The cells are read through CPython's C API with borrowed references (server/python/src/cells.rs):
# what that reader declines or fails on goes to the text path, which gives the file's result.
BIG_AND_NEGATIVE = [
    r(),
    r(start=2**64),
    r(end=2**64 - 1),
    r(step=-(2**70)),
    r(turn=2**63),
    r(start=True),
    r(end=5.0),
]


def test_integers_the_c_api_cannot_read_as_u64_score_as_a_file(tmp_path):
    check(tmp_path, BIG_AND_NEGATIVE, [(2, "start"), (3, "end"), (4, "step"), (5, "turn"), (6, "start"), (7, "end")])
    # The C API's overflow errors were cleared: nothing is left set for the next call.
    assert _seen(_score(GOLD, CASES[0][1]))[2] == []


def test_other_containers_and_subclasses_score_as_plain_dicts(tmp_path):
    from collections import OrderedDict, defaultdict

    class Text(str):
        pass

    rows = CASES[0][1]
    want = _seen(_score(GOLD, rows))
    assert _seen(_score(GOLD, tuple(rows))) == want
    assert _seen(_score(GOLD, (x for x in rows))) == want
    assert _seen(_score(GOLD, [OrderedDict(x) for x in rows])) == want
    assert _seen(_score(GOLD, [defaultdict(int, x) for x in rows])) == want
    # A str subclass as a key or a value goes by text (its JSON is its text): the same rows.
    assert _seen(_score(GOLD, [{Text(k): v for k, v in x.items()} for x in rows])) == want
    assert _seen(_score(GOLD, [{k: Text(v) if isinstance(v, str) else v for k, v in x.items()} for x in rows])) == want


def test_a_string_with_no_utf8_form_names_its_row_and_leaves_no_error_behind():
    for bad in (r(task="\ud800"), r(path="a\udfff.py"), {"\ud800": 1, **r()}):
        with pytest.raises(readcov.InputError) as e:
            readcov.score(GOLD, [r(), bad, r()])
        assert (e.value.file, e.value.line) == ("<reads>", 2)
        assert len(readcov.score(GOLD, CASES[0][1])) > 0


def test_a_list_changed_while_its_rows_are_read_is_refused():
    rows = []

    class Shrinks:
        """A numpy-like scalar: the JSON writer calls `item()`, which changes the list."""

        def __init__(self, change):
            self.change = change

        def item(self):
            self.change()
            return 3

    # Read in place, not copied: a list changed under the reader (here while the first rows are
    # written to tell their kind, and while a row goes by text) raises, naming what happened.
    for change in (rows.clear, lambda: rows.append(r())):
        rows[:] = [r(), r(), r(step=Shrinks(change)), r(), r(start=9, end=3)]
        with pytest.raises(RuntimeError, match="the list of rows changed while it was read"):
            readcov.score(GOLD, rows)
    # Past the first 64 KiB (the kind's head): changed while a row goes by text.
    late = [r()] * 2000 + [r(step=Shrinks(lambda: late.pop()))]
    with pytest.raises(RuntimeError, match="2001 rows, now 2000"):
        readcov.score(GOLD, late)
    # Replacing a row keeps the length: the rows read are the list's as it is read, as Python's
    # own iteration over a list sees them.
    rows[:] = [r(), r(), r(step=Shrinks(lambda: rows.__setitem__(4, r(start=2)))), r(), r(start=9, end=3)]
    assert _seen(_score(GOLD, rows)) == _seen(_score(GOLD, [r(), r(), r(step=3), r(), r(start=2)]))
