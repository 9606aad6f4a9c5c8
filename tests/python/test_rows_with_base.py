"""Reads rows carrying a `base` (`{"sha256": str, "lines": int}` on every row `readcov import
--workspaces` writes: the real corpus) given as dicts or a DataFrame score as the same rows in a
JSONL file (issue 39). A reads row's base is not scored: the file's parser takes any JSON there and
skips it. The extension takes a base that is a flat dict of strings, ints and None straight from
the cells (server/python/src/cells.rs, `flat_object`) and leaves anything else to the JSONL writer
and the file's parser, so a malformed base (wrong types, extra keys, None, negative or huge
numbers, nesting) gives the file's result: the same skip, or the same error."""

import json

import pytest

import readcov

GOLD = [
    {"task": "t1", "path": "a.py", "start": 1, "end": 20},
    {"task": "t1", "path": "dir/b.py", "start": 5, "end": 9},
    {"task": "t2", "path": "a.py", "start": 3, "end": 4},
]

SHA = "9d296c3a0dffffbafd59ef15290a6d4c2061a470f3ad2b00709388d35d1dddc0"
BASE = {"sha256": SHA, "lines": 621}


def r(**kw):
    """A valid read of t1 by run r1 with a well-formed base, `kw` changed."""
    row = {"task": "t1", "run": "r1", "path": "a.py", "start": 1, "end": 5, "base": dict(BASE)}
    row.update(kw)
    return row


def plain(**kw):
    """`r` without a base."""
    row = r(**kw)
    del row["base"]
    return row


WELL_FORMED = [
    r(),
    r(run="r2", path="dir/b.py", start=5, end=7, turn=2, step=3, tool="view", command='cat "b.py"\n'),
    r(task="t2", start=3, end=3, source="human", base={"lines": 3, "sha256": "AB" * 32}),
    r(path="./dir/../a.py", start=10, end=12, source="manual"),
    r(task="t2", run="日本", path="dir/ä b.py", start=1, end=2, base={"sha256": "é", "lines": 0}),
]
EDITS = [
    r(start=1, end=9, turn=1, step=1),
    r(kind="edit", start=3, end=4, turn=2, step=2),
    r(run="r2", path="dir/b.py", start=5, end=7, kind="read"),
    r(run="r2", kind="edit", start=3, end=4, command='sed -i "s/x/y/"'),
    r(task="t2", run=None, start=3, end=3, kind="edit"),
]
# Bases the text path skips though they are not what `import` writes. Those marked `cells` the
# extension takes from the cells too (a flat dict of str, int, bool or None, or a scalar); the
# rest it leaves to the text path.
ODD_BASES = [
    ("wrong types", {"sha256": 5, "lines": "x"}, True),
    ("extra keys", {"sha256": SHA, "lines": 3, "more": True, "x": None, "y": False}, True),
    ("None", None, True),
    ("negative lines", {"sha256": SHA, "lines": -1}, True),
    ("i64 min", {"sha256": SHA, "lines": -(2**63)}, True),
    ("u64 max", {"sha256": SHA, "lines": 2**64 - 1}, True),
    ("past u64", {"sha256": SHA, "lines": 2**64}, False),  # JSON reads it as a float
    ("below i64", {"sha256": SHA, "lines": -(2**63) - 1}, False),
    ("a float", {"sha256": SHA, "lines": 2.5}, False),
    ("empty", {}, True),
    ("a string", "a sha", True),
    ("an int", 7, True),
    ("a negative int", -7, False),
    ("a list", [SHA, 3], False),
    ("nested", {"sha256": SHA, "lines": {"n": 3}}, False),
    ("a list inside", {"sha256": [SHA]}, False),
]


def _score(gold, reads):
    return readcov.score(gold, reads, errors="collect")


def _seen(result):
    errors = [(e.line, e.field, e.message) for e in result.errors]
    return list(result), result.totals, errors


def _frames(rows, typed=True):
    """The rows as DataFrames: object columns (values as given), and unless not `typed`, pandas'
    own dtypes and the pyarrow-backed dtypes (Arrow string columns handed over as buffers)."""
    import pandas as pd

    yield "object", pd.DataFrame(rows, dtype=object)
    if not typed:
        return
    yield "typed", pd.DataFrame(rows)
    yield "arrow", pd.DataFrame(rows).convert_dtypes(dtype_backend="pyarrow")
    if all(isinstance(x.get("base"), dict) and set(x["base"]) == {"sha256", "lines"} for x in rows):
        # Arrow throughout, the base a struct column (its cells come to the extension as dicts).
        import pyarrow as pa

        frame = pa.Table.from_pandas(pd.DataFrame(rows)).to_pandas(types_mapper=pd.ArrowDtype)
        assert pa.types.is_struct(frame["base"].dtype.pyarrow_dtype)
        yield "arrow struct", frame


def check(tmp_path, rows, expected, typed=True):
    """The rows as a file give `expected` errors; as dicts and as DataFrames, the file's result."""
    path = tmp_path / "reads.jsonl"
    # Compact, as the extension's JSONL writer writes: a JSON error's column is then the same.
    path.write_text("".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in rows))
    want = _seen(_score(GOLD, path))
    assert [(line, field) for line, field, _ in want[2]] == expected
    assert _seen(_score(GOLD, rows)) == want
    for how, frame in _frames(rows, typed):
        assert _seen(_score(GOLD, frame)) == want, how
    return want


def taken_from_cells(rows):
    """Whether the extension takes rows with edits from their cells, as dicts and as a DataFrame
    of object columns (else, `(None, None)`, they go by the text path)."""
    import pandas as pd

    from readcov import _native

    dicts, err = _native.lean_rows(rows, "<reads>")
    assert err is None
    frame, p = readcov._prepared(pd.DataFrame(rows, dtype=object), "reads")
    assert frame
    names, columns = p
    columns_table, err = _native.lean_columns(names, columns, "<reads>")
    assert err is None
    assert (dicts is None) == (columns_table is None), "dicts and columns judged alike"
    return dicts is not None


def test_rows_with_a_base_score_as_a_file_and_are_taken_from_their_cells(tmp_path):
    want = check(tmp_path, WELL_FORMED, [])
    # The base is skipped: the same rows without it score the same.
    assert want == _seen(_score(GOLD, [{k: v for k, v in x.items() if k != "base"} for x in WELL_FORMED]))
    with_edits = check(tmp_path, EDITS, [])
    assert any(row["read_before_edit"] for row in with_edits[0])
    assert taken_from_cells(EDITS)
    # A base in the lean table's rows (no edits) is skipped there too.
    from readcov import _native

    table, err = _native.lean_rows(WELL_FORMED, "<reads>")
    assert err is None and table is not None


@pytest.mark.parametrize("case, base, cells", ODD_BASES, ids=[c[0] for c in ODD_BASES])
def test_an_odd_base_is_skipped_as_the_file_skips_it(tmp_path, case, base, cells):
    rows = [r(), r(base=base, start=2, end=6), plain(start=4, end=8)]
    check(tmp_path, rows, [])
    edits = rows + [r(kind="edit", start=3, end=4)]
    check(tmp_path, edits, [])
    # With edits, one row the cells decline sends all rows by the text path: which one it is.
    assert taken_from_cells(edits) == cells


def test_a_number_json_cannot_hold_fails_as_in_the_file(tmp_path):
    # 10**400 is written as its digits, which JSON reads as a number beyond f64: the file's
    # parser refuses the line, and the dicts' and the DataFrame's alike (of object columns:
    # pyarrow has no type for the int).
    rows = [r(), r(base={"sha256": SHA, "lines": 10**400}), r(start=2)]
    want = check(tmp_path, rows, [(2, None)], typed=False)
    assert not taken_from_cells(rows + [r(kind="edit")])
    check(tmp_path, rows + [r(kind="edit")], [(2, None)], typed=False)
    assert "number" in want[2][0][2]


def test_mixed_rows_with_and_without_bases_and_bad_rows(tmp_path):
    rows = [
        r(),
        plain(run="r2", start=2, end=3),
        r(base=None, kind="edit", start=3, end=4),
        r(base={"sha256": SHA, "lines": "many"}, start="1"),  # a bad row: its start is named
        plain(task="t2", start=3, end=3, kind="edit"),
        r(base=[1], end=0),
        r(task="t2", run="r3", path="dir/b.py", start=5, end=9),
    ]
    check(tmp_path, rows, [(4, "start"), (6, "end")])
    assert not taken_from_cells(rows)
    ok = [rows[0], rows[1], rows[2], rows[4], rows[6]]
    check(tmp_path, ok, [])
    assert taken_from_cells(ok)
    # One row whose base the cells decline (a list) sends all by the text path: the same result.
    check(tmp_path, ok + [r(base=[1], start=6, end=7)], [])
    assert not taken_from_cells(ok + [r(base=[1], start=6, end=7)])


def test_a_base_the_json_writer_refuses_names_its_row():
    import pandas as pd

    # As any other value JSON has no form for: InputError naming the row, before scoring; never
    # taken from the cells and skipped.
    # Row 2 is among the first rows, written as JSONL to tell the input's kind; row 801 is past
    # them (64 KiB), where the cells reader meets it first.
    head = [r(start=1 + i % 50, end=60) for i in range(800)]
    for bad in ({"sha256": SHA, "lines": float("nan")}, {"sha256": float("inf")}, {1: 2},
                {"sha256": "\ud800"}, {"\ud800": 1}, {"sha256": object()}, float("inf")):
        for rows, line in (
            ([r(), r(base=bad), r()], 2),
            ([r(), r(base=bad), r(kind="edit")], 2),
            (head + [r(base=bad), r()], 801),
            (head + [r(base=bad), r(kind="edit")], 801),
            (head + [r(kind="edit"), r(base=bad)], 802),
        ):
            for given in (rows, pd.DataFrame(rows, dtype=object)):
                with pytest.raises(readcov.InputError) as e:
                    readcov.score(GOLD, given)
                assert (e.value.file, e.value.line) == ("<reads>", line), bad
    # The C API's errors (a lone surrogate, an int past u64) were cleared: the next call is clean.
    assert _seen(_score(GOLD, WELL_FORMED))[2] == []


def test_a_nan_base_is_a_missing_key():
    # A DataFrame's missing cell: left out, as the JSONL writer leaves it out.
    import pandas as pd

    rows = [r(), plain(start=2, end=3), r(kind="edit", start=3, end=4)]
    frame = pd.DataFrame(rows, dtype=object)
    assert frame["base"].isna().tolist() == [False, True, False]
    want = _seen(_score(GOLD, [plain(), plain(start=2, end=3), plain(kind="edit", start=3, end=4)]))
    assert _seen(_score(GOLD, frame)) == want
    assert _seen(_score(GOLD, [{**x, "base": float("nan")} for x in rows])) == want
    assert taken_from_cells(rows)
