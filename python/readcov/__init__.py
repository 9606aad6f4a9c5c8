"""readcov: did the coding agent read the lines the fix needed?

A typed Python API over readcov's Rust libraries (no subprocess). Every function returns rows as
plain dicts with the same keys as the matching CLI command's JSONL output, in a `Rows` list that
also converts to pandas (`.to_pandas()`) or Arrow (`.to_arrow()`) when those are installed.

Inputs are paths (`str` / `os.PathLike`) or lists of dicts (a pandas DataFrame works too). Bad
input raises `InputError` naming file, line, field and message; the rows from the valid rest are
on the error's `.result`, so nothing is lost (or pass `errors="collect"` to get them back with the
problems on `.errors`).

    >>> import readcov
    >>> reads = readcov.import_log(["run.json"], workspaces="sources")
    >>> gold = readcov.gold_from_patch(swebench="instances.jsonl")
    >>> rows = readcov.score(gold, reads)
    >>> rows.to_pandas().groupby("status").line_coverage.mean()

Sharding (Ray, Spark, ...): `score(..., shard="i/n")` scores the tasks of shard i, and
`merge([r.partial for r in parts])` gives the totals of one unsharded run, bit for bit.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union

from . import _native

if TYPE_CHECKING:  # only for the annotations: neither is needed at run time
    import pandas as pd  # type: ignore[import-untyped, unused-ignore]
    import pyarrow as pa  # type: ignore[import-untyped, unused-ignore]

__version__: str = _native.__version__

__all__ = [
    "InputError",
    "Rows",
    "ScoreResult",
    "ImportResult",
    "GoldResult",
    "Explanation",
    "score",
    "score_sets",
    "GoldSetsResult",
    "at_k",
    "AtKResult",
    "report",
    "ReportResult",
    "import_log",
    "gold_from_patch",
    "gold_from_runs",
    "gold_from_beir",
    "explore",
    "ExploreResult",
    "sheet",
    "SheetResult",
    "explain",
    "explain_sets",
    "diagnose",
    "DiagnoseResult",
    "contextbench",
    "ContextBenchResult",
    "locbench",
    "LocbenchResult",
    "units",
    "UnitsResult",
    "merge",
    "shard_of",
    "set_parquet_limits",
    "OutcomesInput",
    "__version__",
]

PathLike = Union[str, "os.PathLike[str]"]
#: Rows as paths to JSONL, rows as dicts, or a pandas DataFrame.
RowsInput = Union[PathLike, Iterable[Mapping[str, Any]], "pd.DataFrame"]
#: Outcome labels as `--outcomes [RUN=]FILE`, repeated, gives them: one input for every run (a
#: path, label rows or a DataFrame; a "RUN=FILE" string is FILE for run RUN, split as the CLI
#: splits it); {run: input}, each input's labels made that run's (a harness report per model);
#: or a list of paths, "RUN=FILE" strings and (run or None, input) pairs, merged in order.
OutcomesInput = Union[
    RowsInput,
    Mapping[str, RowsInput],
    Sequence[Union[PathLike, Tuple[Optional[str], RowsInput]]],
]


class InputError(ValueError):
    """Bad input, located as the CLI locates it: `file`, `line` (1-based; 0 for the whole file),
    `field` (or None) and `message`. `errors` holds every problem found (this one first) and
    `result` what was computed from the valid rest of the input (None when nothing was)."""

    def __init__(
        self,
        file: str,
        line: int,
        field: Optional[str],
        message: str,
        errors: Optional[List["InputError"]] = None,
        result: Any = None,
    ) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        self.errors: List[InputError] = errors if errors is not None else [self]
        self.result = result
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        field = f" field `{self.field}`:" if self.field else ""
        more = f" (and {len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        return f"{where}:{field} {self.message}{more}"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:  # picklable, so errors travel back from Ray / multiprocessing workers
        return (InputError, (self.file, self.line, self.field, self.message, self.errors, self.result))


class Rows(List[Dict[str, Any]]):
    """A list of row dicts (the CLI's JSONL rows) with the problems met on `.errors`."""

    errors: List[InputError]

    def __init__(self, rows: Iterable[Dict[str, Any]] = (), errors: Sequence[InputError] = ()) -> None:
        super().__init__(rows)
        self.errors = list(errors)

    def _columns(self) -> Dict[str, List[Any]]:
        """The rows as columns, in the rows' key order (`task`, `run` first); a key a row lacks
        is None there."""
        keys: Dict[str, None] = {}
        for row in self:
            if len(row) != len(keys) or any(k not in keys for k in row):
                keys.update(dict.fromkeys(row))
        return {k: [row.get(k) for row in self] for k in keys}

    def to_pandas(self) -> "pd.DataFrame":
        """A pandas DataFrame, one column per JSONL key, `task` and `run` first. A column of
        booleans (with None where a row has none, e.g. `passes_threshold` of an unscored row) is
        pandas' nullable `boolean` dtype; a column of whole numbers with None where a row has
        none (`read_before_edit_edits` of a run without edits) is pandas' nullable `Int64`, not
        float64 (before session 35: 3.0 and NaN); nested values (`files`, `spans`) stay Python
        lists."""
        import pandas as pd

        cols = self._columns()
        df = pd.DataFrame(cols, columns=list(cols))
        for k, values in cols.items():
            kind = _kind(k, values)
            if kind == "bool":
                df[k] = pd.array(values, dtype="boolean")
            elif kind == "int" and (k in _INTEGER or any(v is None for v in values)):
                df[k] = pd.array(values, dtype="Int64")
        return df

    def to_jsonl(self, path: PathLike) -> None:
        """Writes the rows to `path` as JSONL, one row per line (e.g. a Ray task's shard of rows
        to an output folder, instead of through the object store)."""
        with open(os.fspath(path), "w", encoding="utf-8") as f:
            for row in self:
                f.write(json.dumps(row, sort_keys=True, allow_nan=False))
                f.write("\n")

    def to_arrow(self) -> "pa.Table":
        """A pyarrow Table with the JSONL keys as columns, in `to_pandas`' order (booleans are
        nullable in Arrow; nested lists are list<struct> columns)."""
        import pyarrow as pa

        cols = self._columns()
        # A column no row fills (every cell None) keeps its type: `passes_threshold` bool,
        # `read_before_edit_edits` int64 (pyarrow made them of type null).
        types = {"bool": pa.bool_(), "int": pa.int64(), None: None}
        return pa.table({k: pa.array(v, type=types[_kind(k, v)]) for k, v in cols.items()})


class ScoreResult(Rows):
    """`score` rows, with `totals` (as `readcov merge --format json` prints them) and `partial`,
    the mergeable aggregate (`readcov score --emit-partial`'s file, as a dict)."""

    totals: Dict[str, Any]
    partial: Dict[str, Any]
    notes: List[str]
    # The breakdown of `breakdown="columns"`: the extension's store until first asked for, then
    # the (files, spans) columns built from it.
    _breakdown: Any = None

    @property
    def files(self) -> Dict[str, List[Any]]:
        """The per-file breakdown as columns, one row per (task, run, gold file): `task`, `run`,
        `path`, `gold_lines`, `covered_lines`, `coverage`, `hit` (`pandas.DataFrame(result.files)`).
        Built on first access; with `breakdown=True` from the rows' `files` lists. ValueError
        with `breakdown=False`, which computes no breakdown."""
        return self._tables()[0]

    @property
    def spans(self) -> Dict[str, List[Any]]:
        """The per-span breakdown as columns, one row per (task, run, gold span): `task`, `run`,
        `path`, `start`, `end`, `gold_lines`, `covered_lines`, `coverage`, `unread` (the ranges
        nobody read, as `[start, end]` pairs). Built on first access, as `files`."""
        return self._tables()[1]

    def _tables(self) -> Tuple[Dict[str, List[Any]], Dict[str, List[Any]]]:
        b = self._breakdown
        if isinstance(b, tuple):
            return b
        if b is not None:
            with _no_gc():
                built = (b.files(), b.spans())
        elif self and all("files" in row for row in self):
            built = _breakdown_of(self)
        elif not self:
            built = (_no_rows(_FILE_KEYS), _no_rows(_SPAN_KEYS))
        else:
            raise ValueError("no breakdown: score(..., breakdown=False) computes none")
        self._breakdown = built
        return built

    def __getstate__(self) -> Dict[str, Any]:
        # Picklable (Ray, multiprocessing): the extension's store travels as its columns.
        if self._breakdown is not None and not isinstance(self._breakdown, tuple):
            self._tables()
        return dict(self.__dict__)

    def _columns(self) -> Dict[str, List[Any]]:
        # `read_before_edit` (a dict or None) becomes flat `read_before_edit_*` columns.
        cols = super()._columns()
        rbe = cols.pop("read_before_edit", None)
        if rbe is not None:
            for key in _RBE_KEYS:
                cols[f"read_before_edit_{key}"] = [None if x is None else x.get(key) for x in rbe]
        nested = {k: cols.pop(k) for k in ("files", "spans") if k in cols}
        cols.update(nested)
        if "resolved" in cols and "files_hit" in cols:
            # `resolved` right after `files_hit`, as docs/python.md has it, also with a workspace:
            # the rows hold it after the unit figures (before session 35 the column was there,
            # after `widen`).
            keys = [k for k in cols if k != "resolved"]
            at = keys.index("files_hit") + 1
            keys[at:at] = ["resolved"]
            cols = {k: cols[k] for k in keys}
        return cols


class ImportResult(Rows):
    """`import_log` rows, with `summary`: runs, actions, events and what was not turned into
    reads, as `readcov import`'s summary counts them; and `outcomes`: the outcome each run's log
    states (dataset rows' `resolved`, `target`, `reward`) as label rows (`task`, `run`,
    `resolved`, `from`), the rows `readcov import --emit-outcomes` writes and `outcomes=` takes;
    with `patches=`, `patches`: each run's change as a predictions row (`instance_id`,
    `model_name_or_path`, `model_patch`, `partial`, `change_source`), the lines
    `readcov import --emit-patches` writes, and `patches_not_written`: the runs with no change to
    write (None and 0 without `patches=`); and `notes`: what `readcov import` says on stderr beside
    its summary (a `workspaces` folder no imported task has its folder in, which changed nothing;
    a shard's part, ...)."""

    summary: Dict[str, Any]
    notes: List[str]
    outcomes: List[Dict[str, Any]]
    patches: Optional[List[Dict[str, Any]]]
    patches_not_written: int


class GoldResult(Rows):
    """`gold_from_patch` rows, with `notes`: what was left out (new files, excluded tests,
    patches applied with an offset, ...), each a dict with `kind`, `task`, `subject`, `message`.
    With `qrels=LEVEL`: `qrels`, the gold as TREC qrels text (`readcov gold --format qrels
    --level LEVEL`'s output, byte for byte), and `qrels_unjudged`, the tasks left out of unit
    qrels (a gold file with no units; the CLI's warning); otherwise None and []."""

    notes: List[Dict[str, Any]]
    qrels: Optional[str]
    qrels_unjudged: List[str]


@contextlib.contextmanager
def _no_gc() -> Iterator[None]:
    """Python's cycle collector paused while the extension builds rows: the rows are dicts and
    lists of scalars, without cycles, but building 50,880 rows with their breakdown set off
    collections that walked every object built so far, again and again — 0.8 of `score`'s 1.3 s
    CPU (issue 39). Left as it was (a caller that disabled it keeps it disabled)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


_FILE_KEYS = ("path", "gold_lines", "covered_lines", "coverage", "hit")
_SPAN_KEYS = ("path", "start", "end", "gold_lines", "covered_lines", "coverage", "unread")


def _no_rows(keys: Sequence[str]) -> Dict[str, List[Any]]:
    return {k: [] for k in ("task", "run", *keys)}


def _breakdown_of(rows: Sequence[Dict[str, Any]]) -> Tuple[Dict[str, List[Any]], Dict[str, List[Any]]]:
    """The columns of `ScoreResult.files` / `.spans` from rows that carry `files` and `spans`."""
    files, spans = _no_rows(_FILE_KEYS), _no_rows(_SPAN_KEYS)
    for row in rows:
        for table, items, keys in ((files, row["files"], _FILE_KEYS), (spans, row["spans"], _SPAN_KEYS)):
            for item in items:
                table["task"].append(row["task"])
                table["run"].append(row["run"])
                for k in keys:
                    v = item[k]
                    table[k].append([[u["start"], u["end"]] for u in v] if k == "unread" else v)
    return files, spans


#: Columns that are booleans whatever the rows hold (all missing is still a boolean column:
#: `resolved` of `diagnose` without labels was an object column of None before session 35).
_BOOLEAN = frozenset({"passes_threshold", "resolved"})
#: Columns that are whole numbers whatever the rows hold (all missing is still an Int64 column).
_INTEGER = frozenset({"read_before_edit_edits"})


def _kind(key: str, values: Sequence[Any]) -> Optional[str]:
    """"bool" or "int" for a column of booleans or of whole numbers (None aside; a column of
    `_BOOLEAN` or `_INTEGER` also when every cell is None), else None."""
    present = [v for v in values if v is not None]
    if all(isinstance(v, bool) for v in present) and (present or key in _BOOLEAN):
        return "bool"
    if key in _INTEGER and not present:
        return "int"
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int"
    return None


_RBE_KEYS = ("edits", "mean", "worst", "worst_event_id", "worst_path", "worst_region")


def _call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """A native call; its whole-input errors (a missing workspace, a bad option value) become
    InputError too, with the message the CLI gives."""
    try:
        return fn(*args, **kwargs)
    except ValueError as e:
        if len(e.args) == 1 and isinstance(e.args[0], list):
            # An error that ended the call after others, all in the CLI's order (`explore`: a
            # preds file's bad rows, then a lengths file that cannot be read): nothing computed.
            errs = _located(e.args[0])
            first = errs[0]
            raise InputError(first.file, first.line, first.field, first.message, errs) from None
        if len(e.args) == 4:  # a bad option value, located by the extension: (file, line, field, message)
            raise InputError(*e.args) from None
        text = str(e)
        file, sep, message = text.partition(": ")
        if not sep or " " in file:
            file, message = "<arguments>", text
        raise InputError(file, 0, None, message) from None


def _located(errs: Sequence[Tuple[str, int, Optional[str], str]]) -> List[InputError]:
    return [InputError(f, line, field, msg) for (f, line, field, msg) in errs]


_R = TypeVar("_R", bound=Rows)


def _finish(result: _R, errs: List[InputError], errors: str) -> _R:
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors={errors!r}: expected 'raise' or 'collect'")
    result.errors = errs
    if errs and errors == "raise":
        first = errs[0]
        raise InputError(first.file, first.line, first.field, first.message, errs, result)
    return result


def _jsonl_rows(text: str) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line]


def _read(path: str) -> bytes:
    """A whole input file, read as the CLI reads it (`readcov-files`): a FIFO, a socket or a
    device such as /dev/zero is refused with InputError ("not a regular file") instead of
    blocking or reading without end."""
    try:
        return _native.read_input(path)
    except ValueError as e:
        text = str(e)
        message = text[len(path) + 2:] if text.startswith(path + ": ") else text
        raise InputError(path, 0, None, message) from None


def _given(rows: Optional[RowsInput], what: str) -> RowsInput:
    """An input the call needs: None (`gold=None`) raises InputError naming it, as the CLI
    refuses a missing `--gold` (it used to fail deep inside with a TypeError)."""
    if rows is None:
        # The CLI's words for a missing `--gold`, the parameter for the flag (session 36).
        raise InputError(f"<{what}>", 0, None, f"the following required arguments were not provided: `{what}` "
                         "(a path, a list of dicts or a DataFrame, not None)")
    return rows


def _widen(widen: Any, workspace: Any, workspaces: Any) -> int:
    """`widen` checked as `_count` checks a count, or the default +-10. Given without `workspace`
    or `workspaces` it changed nothing (the what-if needs the sources to parse): InputError, as
    the CLI refuses `--widen` without `--workspace`/`--workspaces` (session 29)."""
    if widen is None:
        return 10
    _count("widen", widen)
    if workspace is None and workspaces is None:
        raise InputError("<arguments>", 0, "widen", "`widen` goes with `workspace` or `workspaces`: "
                         "without the sources there is no what-if to widen")
    return int(widen)


def _refuse_idle(*options: Tuple[str, bool, str, bool]) -> None:
    """The first parameter given (`given`) without what it goes with (`with_given`): InputError
    naming it, `` `k` goes with `runs` only``, as the CLI refuses the same option where it would
    change nothing (`args::refuse_idle`; sessions 29-30: such parameters were taken silently)."""
    for name, given, goes_with, with_given in options:
        if given and not with_given:
            raise InputError("<arguments>", 0, name, f"`{name}` goes with {goes_with} only")


# The CLI's counts are u32 (`--widen`, `--anchor`, `--k`, ...): clap refuses what is outside
# with `invalid value 'V' for '--flag <N>': V is not in 0..=4294967295`.
_U32 = 2**32 - 1


def _count(name: str, value: Any, least: int = 0, most: int = _U32, reason: Optional[str] = None) -> Any:
    """A count or size parameter, checked before the extension sees it. A whole number outside
    `least..=most` raises InputError with `field` the parameter and the CLI's words for the same
    flag value, the parameter named for the flag (`invalid value '-1' for `widen`: -1 is not in
    0..=4294967295`; `reason`: the CLI's own words where its flag has a parser of its own, with
    `{}` for the value). Before session 36 it said "`widen` must be a whole number 0 or above",
    and a count above the extension's type (`widen=2**40`) raised a bare OverflowError. A value
    that is not a whole number (1.5, "3", True) keeps Python's own message: the CLI has no twin."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError("<arguments>", 0, name, f"`{name}` must be a whole number {least} or above, not {value!r}")
    if value < least or value > most:
        why = reason.format(value) if reason else f"{value} is not in {least}..={most}"
        raise InputError("<arguments>", 0, name, f"invalid value '{value}' for `{name}`: {why}")
    return value


# The CLI's parsers' words for a value they refuse (`readcov_core::retrieval::parse_ks`,
# `Shard::parse`, `explore --top-k`).
_NOT_A_K = "`{}` is not a k ≥ 1"
_NOT_A_SHARD_COUNT = "`{}` is not a shard count"
_NOT_A_TOP_K = "`{}` is not a positive count or `all` (default 5)"


def _threshold(value: Any) -> float:
    """`threshold` as a float: a string (`"0.5"`) or a boolean (`True`, scored as 1.0) raises
    InputError naming it, as the CLI's `--threshold` takes numbers only; `float()` took both.
    The range (0 to 1, no NaN) is the extension's check."""
    if isinstance(value, (str, bytes, bool)):
        raise InputError("<arguments>", 0, "threshold", f"`threshold` must be a number from 0 to 1, not {value!r}")
    return float(value)


def _jobs(jobs: Any) -> int:
    """`jobs=`: threads, as `--jobs N` takes them (0: the available cores); None or a negative or
    non-integer value raises InputError naming `jobs`."""
    if jobs is None:
        raise InputError("<arguments>", 0, "jobs", "`jobs` must be a whole number 0 or above (0: all cores), not None")
    checked: int = _count("jobs", jobs, most=sys.maxsize)
    return checked


def _as_jsonl(rows: RowsInput, what: str) -> Tuple[bytes, str]:
    """Input rows as (JSONL bytes, name for errors): a path's bytes, or dicts one per line (line
    numbers in errors are then 1-based positions in the list). The rows are written by the
    extension (`json.dumps` row by row cost twice the scoring); a DataFrame goes column by
    column. NaN cells are left out (a missing key), numpy scalars become their Python values."""
    rows = _given(rows, what)
    if isinstance(rows, (str, os.PathLike)):
        path = os.fspath(rows)
        return _read(path), path
    name = f"<{what}>"
    return _jsonl(_prepared(rows, what), name), name


def _prepared(rows: RowsInput, what: str) -> Tuple[bool, Any]:
    """Rows as the extension takes them: (True, (names, columns)) for a pandas DataFrame, (False,
    a list of dicts) otherwise (a generator taken into a list once)."""
    if hasattr(rows, "to_dict") and hasattr(rows, "columns") and not isinstance(rows, Mapping):
        frame: Any = rows
        return True, ([str(c) for c in frame.columns], [_column(frame[c]) for c in frame.columns])
    if isinstance(rows, Mapping):
        raise TypeError(f"{what}: expected a path or a list of dicts, not one dict")
    if isinstance(rows, (list, tuple)):
        return False, rows
    try:
        return False, list(rows)  # type: ignore[arg-type, unused-ignore]
    except TypeError:
        raise TypeError(
            f"{what}: expected a path, a list of dicts or a DataFrame, not {type(rows).__name__}"
        ) from None


def _jsonl(prepared: Tuple[bool, Any], name: str) -> bytes:
    """Prepared rows written as JSONL by the extension; the first row it cannot write raises."""
    frame, p = prepared
    data, err = _native.columns_jsonl(*p) if frame else _native.rows_jsonl(p)
    if err is not None or data is None:
        line, message = err if err is not None else (0, "no rows written")
        raise InputError(name, line, None, message)
    return data


def _score_reads(rows: RowsInput, lean: bool) -> Any:
    """`score`'s reads: a path as it is; dicts or a DataFrame taken by the extension straight
    into the engine's lean table when `lean` (no workspace: a file of the same rows is loaded so
    by the CLI) and they are plain reads rows without edits; else as JSONL (whole rows, as for a
    file with edits). The table is built from the Python objects (no JSONL written and parsed
    again) with the text path's errors: a row it cannot take is written as its JSONL line and
    parsed, as a file's line would be."""
    rows = _given(rows, "reads")
    if isinstance(rows, (str, os.PathLike)):
        return os.fspath(rows)
    name = "<reads>"
    prepared = _prepared(rows, "reads")
    if lean:
        frame, p = prepared
        if frame:
            names, columns = p  # named: mypy refuses an argument after `*p` of unknown length
            table, err = _native.lean_columns(names, columns, name)
        else:
            table, err = _native.lean_rows(p, name)
        if err is not None:
            raise InputError(name, err[0], None, err[1])
        if table is not None:
            return table
    return _jsonl(prepared, name), name


def _column(series: Any) -> Union[bytes, Tuple[bytes, bytes], Tuple[bytes, bytes, bytes], List[Any]]:
    """A DataFrame column for the extension: an integer column as little-endian int64 bytes (no
    Python int per cell), any other as `tolist()`. A missing cell (NaN, None, pandas' NA) becomes
    NaN, which the extension leaves out as a missing key; a float column whose values are all
    whole numbers (an integer column pandas made float64 by one missing cell) gives integers,
    as the JSONL keys `start`, `end`, `step` must be."""
    strings = _arrow_strings(series)
    if strings is not None:
        return strings
    kind = getattr(series.dtype, "kind", "O")
    missing = series.isna().to_numpy(dtype=bool)
    if kind == "i" or kind == "f":
        # As numpy arrays: a pyarrow-backed float column has no `%` (NotImplementedError).
        present = series[~missing].to_numpy(dtype="<i8" if kind == "i" else "<f8")
        if kind == "i" or bool(((present % 1 == 0) & (abs(present) < 2.0**53)).all()):
            ints = present.astype("<i8")
            if not missing.any():
                return bytes(ints.tobytes())
            values: List[Any] = [_NAN] * len(series)
            for i, v in zip((~missing).nonzero()[0].tolist(), ints.tolist()):
                values[i] = v
            return values
    values = list(series.tolist())
    if missing.any():
        values = [_NAN if m else v for v, m in zip(values, missing.tolist())]
    return values


_NAN = float("nan")


def _arrow_strings(series: Any) -> Union[None, Tuple[bytes, bytes], Tuple[bytes, bytes, bytes]]:
    """A pyarrow-backed string column (pandas 3's default `str` dtype when pyarrow is installed)
    as Arrow `large_string` buffers: (n+1 int64 offsets, UTF-8 bytes), and when a cell is missing
    a third, one byte per cell, 0 for a missing one (left out, as a NaN cell is). Its `tolist()`
    made a Python str per cell, most of a DataFrame input's cost (and with missing cells, a
    second list to put NaN in: 0.12 s for the real corpus's `kind`, 1.4M of 1.73M cells missing)."""
    if getattr(series.dtype, "storage", None) != "pyarrow":
        return None
    import pyarrow as pa

    arr = pa.array(series)
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if not (pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type)):
        return None
    arr = arr.cast(pa.large_string())
    _, offsets, data = arr.buffers()
    start, n = arr.offset, len(arr)
    raw = b"" if offsets is None else offsets.to_pybytes()[start * 8:(start + n + 1) * 8]
    text = b"" if data is None else data.to_pybytes()
    if not arr.null_count:
        return raw, text
    present = arr.is_valid().to_numpy(zero_copy_only=False).astype("u1")
    return raw, text, bytes(present.tobytes())


def _input(rows: RowsInput, what: str) -> Union[str, Tuple[bytes, str]]:
    """A path as it is (the extension reads it through the input layer, as the CLI does), or
    rows as (JSONL bytes, name)."""
    rows = _given(rows, what)
    if isinstance(rows, (str, os.PathLike)):
        return os.fspath(rows)
    return _as_jsonl(rows, what)


def _path(p: Optional[PathLike], what: str) -> Optional[str]:
    """An optional path argument as text (None stays None)."""
    return None if p is None else _fspath(p, what)


def _fspath(p: Any, what: str) -> str:
    """A path argument as text; anything else (bytes included: the extension takes text paths)
    raises TypeError naming the parameter, where `os.fspath` would name only the type."""
    path = os.fspath(p) if isinstance(p, (str, os.PathLike)) else None
    if not isinstance(path, str):
        raise TypeError(f"{what}: expected a path (str or os.PathLike), not {type(p).__name__}")
    return path


def _fspaths(p: Any, what: str) -> List[str]:
    """One path or an iterable of paths, as a list of text paths; TypeError names the parameter."""
    if isinstance(p, (str, os.PathLike)):
        return [_fspath(p, what)]
    try:
        items = list(p)
    except TypeError:
        raise TypeError(
            f"{what}: expected a path or an iterable of paths, not {type(p).__name__}"
        ) from None
    return [_fspath(x, what) for x in items]


def _shard(shard: Union[None, str, Tuple[int, int]]) -> Optional[str]:
    """`shard=` as the CLI's `--shard I/N` text: "i/n" as given (the extension parses it with the
    CLI's words) or (i, n); anything else raises InputError with `field` "shard"."""
    if shard is None or isinstance(shard, str):
        return shard
    if (isinstance(shard, tuple) and len(shard) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in shard)):
        return f"{shard[0]}/{shard[1]}"
    raise InputError("<arguments>", 0, "shard", f"shard {shard!r}: expected \"i/n\" or (i, n)")


#: Which reads count (`--sources`): source names (agent, human, manual, retriever), as a list or
#: one comma-separated string; None is the CLI's default, agent, human and retriever.
SourcesArg = Union[None, str, Sequence[str]]


def _sources(sources: SourcesArg) -> Optional[List[str]]:
    """`sources` as the extension takes it: a list of names (a string split at commas, as the
    CLI splits `--sources`), or None for the default. The names are checked by the extension
    with the CLI's words (InputError naming `sources`); anything but strings is refused here."""
    if sources is None:
        return None
    names = sources.split(",") if isinstance(sources, str) else list(sources)
    for n in names:
        if not isinstance(n, str):
            raise InputError("<arguments>", 0, "sources", f"`sources` takes source names (strings), not {n!r}")
    return names


def score(
    gold: RowsInput,
    reads: RowsInput,
    threshold: float = 0.5,
    workspace: Optional[PathLike] = None,
    *,
    workspaces: Optional[PathLike] = None,
    shard: Union[None, str, Tuple[int, int]] = None,
    breakdown: Union[bool, str] = True,
    widen: Optional[int] = None,
    outcomes: Optional[OutcomesInput] = None,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> ScoreResult:
    """Scores reads against gold: one row per (task, run), as `readcov score --format jsonl`.

    gold, reads: paths, or rows as lists of dicts or DataFrames with the JSONL keys (gold:
        task, path, start, end; reads: path, start, end, optional task, run, kind, ...). As
        `readcov score` takes them, through the same input layer: gold may also be a unified
        diff or SWE-bench rows, reads an agent trajectory (converted on the fly; `.notes` says
        so), either a JSON array or Parquet file of rows.
    threshold: line coverage at or above it passes (`passes_threshold`).
    workspace: repository root: paths made relative and confined to it, spans clipped to file
        lengths, and the syntax-unit columns (`gold_units`, `unit_hit`, ...) added.
    workspaces: a folder with one workspace per task, `<dir>/<task>/` (`--workspaces`): what
        `workspace` does, each task in its own folder (a task without one: line metrics only,
        said in `.notes`); a trajectory given as reads is imported against them.
    shard: "i/n" or (i, n): score only the tasks of shard i of n (the CLI's `--shard`); the
        result's `partial` then merges with the other shards' (`merge`).
    breakdown: False drops the per-file and per-span lists (`files`, `spans`), as `--summary`.
        "columns": the rows carry no lists either, and the breakdown is kept by the extension
        and given as columns by `result.files` / `result.spans` on first access (a fraction of
        the time and memory of the lists in every row).
    widen: the +-N lines what-if of the unit columns (default 10); with `workspace` or
        `workspaces` only (without the sources there is no what-if: InputError, as the CLI
        refuses `--widen` without `--workspace`).
    outcomes: labels (`task`, `run`, `resolved`; or SWE-bench rows with `resolved`), as
        `--outcomes`: each labelled run is a row, read or not (a run that read nothing scores 0),
        and every row carries its run's label as `resolved` (None for a run the labels do not name).
        Several inputs as `--outcomes [RUN=]FILE`, repeated (`OutcomesInput`): {run: input} or
        "RUN=FILE" makes an input's labels that run's (a label naming another run is a located
        error), and the inputs merge (a later disagreement is a located error of its input).
    sources: which reads count (`--sources`): names from agent, human, manual, retriever, as a
        list or a comma-separated string; default agent, human and retriever. An unknown name
        raises InputError naming `sources`, with the CLI's possible values.
    errors: "raise" (InputError after scoring the valid rest) or "collect" (on `.errors`).
    """
    if breakdown not in (True, False, "columns") or not isinstance(breakdown, (bool, str)):
        raise ValueError(f"breakdown={breakdown!r}: expected True, False or 'columns'")
    columns = breakdown == "columns"
    lean = workspace is None and workspaces is None
    g, r = _input(gold, "gold"), _score_reads(reads, lean)
    o = _outcomes(outcomes)
    with _no_gc():
        rows, totals, partial, errs, notes, kept = _call(
            _native.score, g, r, _threshold(threshold), _path(workspace, "workspace"), _shard(shard), breakdown is True,
            _widen(widen, workspace, workspaces), _path(workspaces, "workspaces"), outcomes=o, columns=columns,
            sources=_sources(sources),
        )
    result = ScoreResult(rows)
    result._breakdown = kept
    result.totals = totals
    result.partial = partial
    result.notes = notes
    return _finish(result, _located(errs), errors)


def import_log(
    path: Union[PathLike, Sequence[PathLike]],
    format: str = "auto",
    workspace: Optional[PathLike] = None,
    *,
    workspaces: Optional[PathLike] = None,
    task: Optional[str] = None,
    run: Optional[str] = None,
    corpus: Optional[PathLike] = None,
    patches: Optional[str] = None,
    layout: str = "log",
    shard: Union[None, str, Tuple[int, int]] = None,
    jobs: int = 1,
    errors: str = "raise",
) -> ImportResult:
    """Agent trajectories to reads rows (and `kind: edit` rows), as `readcov import` writes them.

    path: one log (file, or an OpenHands V1 conversation folder) or a list of them; a Claude Code
        transcript brings its subagents.
    format: "auto" (detected from content) or a format label: openhands, openhands-v1,
        openhands-eval, mini-swe-agent, swe-agent, claude-code, codex, atif, chunks, chat,
        gemini-cli, otel-genai, inspect, aider, trec, autocoderover (`readcov import --format`'s
        values).
    workspace: the repository at the base commit (reads checked against it, edits replayed);
    workspaces: a folder with one workspace per task, `<dir>/<task>/` (a task without its folder
        is imported as without a workspace; when no imported task has one, a warning in `.notes`
        says it changed nothing, as the CLI's).
    task, run: override the ids (default: the log's instance id; the format name).
    corpus: a BEIR-style corpus (`corpus.jsonl` or its folder) mapping a TREC run's docids to
        spans (`--corpus`; with format "trec" or "auto").
    patches: "auto", "log" or "replay": also each run's change on `.patches` (`--emit-patches
        --emit-from`): the log's own final patch, the one rebuilt by replaying its edits on the
        workspace, or (auto) the first, else the second.
    layout: "task/run": a folder laid out `<task>/<run>.traj` is imported file by file, each
        log's task its folder's name and its run its file name (`--layout task/run`; no `task`
        or `run` then).
    shard: "i/n" or (i, n): only shard i of n of the inputs, as `readcov import --shard I/N`: the
        inputs laid end to end are split into n contiguous byte parts (whole logs where there
        are many, a dataset file at line starts or by Parquet row group), and the shards' rows
        concatenated in shard order are the unsharded rows (docs/scale.md). A shard whose part
        holds no row is an empty result, not an error.
    jobs: files (or dataset rows) imported at once, as `--jobs`: 0 means all the available cores;
        the default 1 keeps one call on one thread (a Ray worker running one call per core). The
        rows are the same whatever the number; the GIL is released throughout.
    The result's `summary` dict counts runs, actions, events and what was not turned into reads;
    its `outcomes` are the runs' stated outcomes as labels (`--emit-outcomes`).
    """
    paths = _fspaths(path, "path")
    # The rows come as dicts, each log's built by the extension as it is imported (no JSONL of
    # them all: before session 38 the call held that text beside the rows, 12 MB above the CLI's
    # peak on the 191 real trajectories); the collector paused while it builds them.
    with _no_gc():
        rows, summary, errs, stated, changes, failed, notes = _call(
            _native.import_log,
            paths, format, _path(workspace, "workspace"), _path(workspaces, "workspaces"), task, run,
            corpus=_path(corpus, "corpus"), patches=patches, layout=layout, shard=_shard(shard),
            jobs=_jobs(jobs),
        )
    result = ImportResult(rows)
    del rows
    result.summary = json.loads(summary)
    result.notes = notes
    result.outcomes = [{"task": t, "run": r, "resolved": ok, "from": src} for (t, r, ok, src) in stated]
    result.patches = changes[0] if changes is not None else None
    result.patches_not_written = changes[1] if changes is not None else 0
    found = _located(errs)
    if failed and not found:
        # As `readcov import` exits 2: nothing imported is an error, never an empty list (a
        # wrong explicit `format=` read every log as no action at all).
        where = paths[0] if len(paths) == 1 else "<import>"
        hint = f" (format={format!r} was given: are the logs in that format?)" if format != "auto" else ""
        found.append(InputError(where, 0, None, f"no read or edit rows imported from {len(paths)} file(s){hint}"))
    return _finish(result, found, errors)


def _gold_result(out: Tuple[str, str, List[Any], Optional[Tuple[str, List[str]]]], errors: str) -> GoldResult:
    rows, notes, errs, qrels = out
    result = GoldResult(_jsonl_rows(rows))
    result.notes = json.loads(notes)
    result.qrels, result.qrels_unjudged = (qrels[0], list(qrels[1])) if qrels is not None else (None, [])
    return _finish(result, _located(errs), errors)


def gold_from_patch(
    patch: Optional[str] = None,
    *,
    swebench: Optional[RowsInput] = None,
    task: Optional[str] = None,
    anchor: int = 1,
    exclude_tests: bool = False,
    expand: str = "edit",
    tests: bool = False,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    max_unit: Optional[int] = None,
    window: Optional[int] = None,
    qrels: Optional[str] = None,
    errors: str = "raise",
) -> GoldResult:
    """Gold rows from patches, as `readcov gold --from-diff | --from-swebench` builds them.

    patch: a unified diff (text) for one task (`task`, default "default"); or
    swebench: SWE-bench rows (path to JSONL or dicts with `instance_id`, `patch`, and for
        `tests=True` `test_patch`, `FAIL_TO_PASS`).
    expand: "edit" (changed lines and insertion anchors) or "units" (widened to the enclosing
        function/method, small class or ±window; needs workspace or workspaces).
    tests: the test tier instead (test functions the test patch touches and FAIL_TO_PASS names).
    max_unit, window: the largest unit taken whole (default 200 lines) and the +-lines taken
        instead (default 10), with expand="units" or tests=True only, as `--max-unit`/`--window`
        (elsewhere they change nothing: InputError naming them). `task` goes with `patch` only.
    qrels: "file", "unit", "span" or "line": also the gold as TREC qrels at that level on
        `.qrels` (`--format qrels --level LEVEL`; "unit" needs workspace or workspaces).
    The result's `notes` list says what was left out (new files, excluded tests, ...).
    """
    if (patch is None) == (swebench is None):
        given = "not both" if patch is not None else "one of them"
        raise TypeError(f"gold_from_patch: give a patch (diff text) or swebench rows, {given}")
    if patch is not None and not isinstance(patch, str):
        raise TypeError(f"patch: expected diff text (str), not {type(patch).__name__}")
    # A bad value is named as such first; then a good one where it changes nothing.
    anchor = _count("anchor", anchor)
    given_unit, given_window = max_unit is not None, window is not None
    max_unit = 200 if max_unit is None else _count("max_unit", max_unit)
    window = 10 if window is None else _count("window", window)
    expands = expand == "units" or tests is True
    _refuse_idle(
        ("task", task is not None, "`patch` (swebench rows name their tasks)", patch is not None),
        ("max_unit", given_unit, "`expand=\"units\"` or `tests=True`", expands),
        ("window", given_window, "`expand=\"units\"` or `tests=True`", expands),
    )
    if patch is not None:
        out = _call(
            _native.gold_from_patch,
            diff=patch, task=task, anchor=anchor, exclude_tests=exclude_tests, expand=expand,
            tests=tests, workspace=_path(workspace, "workspace"), workspaces=_path(workspaces, "workspaces"),
            max_unit=max_unit, window=window, qrels=qrels,
        )
    else:
        # A path goes as it is: the extension checks its kind and reads it, as the CLI's
        # `--from-swebench` (reads JSONL or a trajectory is refused with the CLI's words).
        out = _call(
            _native.gold_from_patch,
            rows=_input(swebench, "swebench"), anchor=anchor, exclude_tests=exclude_tests, expand=expand,
            tests=tests, workspace=_path(workspace, "workspace"), workspaces=_path(workspaces, "workspaces"),
            max_unit=max_unit, window=window, qrels=qrels,
        )
    return _gold_result(out, errors)


def gold_from_runs(
    reads: RowsInput,
    outcomes: OutcomesInput,
    *,
    agree: Union[str, int] = "all",
    min_runs: int = 2,
    optional: bool = False,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    format: str = "jsonl",
    qrels: Optional[str] = None,
    errors: str = "raise",
) -> GoldResult:
    """Consensus gold from several runs per task, as `readcov gold --from-runs READS --outcomes
    LABELS` builds it (docs/gold.md): the lines the resolved runs' agents read, for each task with
    at least `min_runs` resolved runs.

    reads: reads rows of several runs (path, dicts, DataFrame) or an agent trajectory (imported,
        its edits replayed on `workspace` / `workspaces`).
    outcomes: labels (`task` or `instance_id`, `run`, `resolved`), e.g. SWE-bench rows, or a
        harness report per model as {run: report} (`--outcomes RUN=FILE`, `OutcomesInput`).
    agree: "all" (the intersection, SWE-Explore's G_core) or K (lines at least K runs read).
    optional: also each resolved run's own lines minus the core (`tier: optional`, `run`).
    format: "jsonl" (gold rows) or "swe-explore": one SWE-Explore benchmark row per task
        (`--format swe-explore`), the `bench` `explore` takes.
    qrels: "file", "unit", "span" or "line": also the gold as TREC qrels at that level on
        `.qrels` (`--format qrels --level LEVEL`; the rows stay gold rows).
    The result's `notes` say which tasks got no gold and why, after what the CLI says of the
    outcomes (a harness report read as labels: `kind` "outcomes", the CLI's line as `message`).
    """
    if format not in ("jsonl", "swe-explore"):
        # The CLI's words for `--format`; its third value, qrels, is a parameter of its own here.
        raise InputError("<arguments>", 0, "format", f"invalid value '{format}' for `format` [possible values: "
                         "jsonl, swe-explore] (qrels: give qrels='file', 'unit', 'span' or 'line'; the text is on `.qrels`)")
    if format == "swe-explore" and qrels is not None:
        raise InputError("<arguments>", 0, "qrels", "qrels are written from gold rows, not from format='swe-explore'")
    out = _call(
        _native.gold_from_runs, _input(reads, "reads"), _outcomes(_given(outcomes, "outcomes")), str(agree),
        _count("min_runs", min_runs), optional, _path(workspace, "workspace"), _path(workspaces, "workspaces"),
        swe_explore=format == "swe-explore", qrels=qrels,
    )
    return _gold_result(out, errors)


def gold_from_beir(
    path: PathLike,
    *,
    corpus: Optional[PathLike] = None,
    split: Optional[str] = None,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    qrels: Optional[str] = None,
    errors: str = "raise",
) -> GoldResult:
    """Gold from BEIR-style relevance judgments, as `readcov gold --from-beir PATH` builds it
    (docs/retrievers.md): the judged-relevant (score > 0) corpus documents' spans.

    path: a BEIR dataset folder (`qrels/<split>.tsv`, `corpus.jsonl`, `queries.jsonl`) or a
        qrels file.
    corpus: the corpus (`corpus.jsonl` or its folder) mapping corpus ids to spans (`--corpus`;
        default: the dataset folder's).
    split: the qrels split of a dataset folder (`--split`; default "test"). Beside a qrels file,
        its own split, it changes nothing: InputError naming `split`.
    qrels: "file", "unit", "span" or "line": also the gold as TREC qrels at that level on
        `.qrels` (`--format qrels --level LEVEL`; "unit" needs workspace or workspaces).
    Bad rows of the corpus, queries or qrels are located errors (`errors=`), as the CLI reports.
    """
    path = _fspath(path, "path")
    # Refused beside a qrels file only: a path that is not there is reported missing by the load.
    _refuse_idle(("split", split is not None, "a dataset folder `path` (a qrels file is its own split)",
                  not os.path.isfile(path)))
    out = _call(
        _native.gold_from_beir, path, corpus=_path(corpus, "corpus"), split="test" if split is None else split,
        workspace=_path(workspace, "workspace"), workspaces=_path(workspaces, "workspaces"), qrels=qrels,
    )
    return _gold_result(out, errors)


class ExploreResult(Rows):
    """`explore` rows: one per (explorer, instance), the JSONL `instance` records of
    `readcov explore --format jsonl` (without the `record` tag), with `summaries` (the
    `summary` records: per-explorer means and the 50% wall), `unused` (prediction rows not
    scored, and why), `top_k`, the mergeable `partial` and `notes` (the CLI's warnings on
    instance folders `workspace` could not use, and on a `pred_root` that changed nothing)."""

    summaries: List[Dict[str, Any]]
    unused: List[Dict[str, Any]]
    top_k: Optional[int]
    partial: Dict[str, Any]
    notes: List[str]


def explore(
    bench: RowsInput,
    preds: Union[RowsInput, Sequence[PathLike]],
    top_k: Optional[int] = 5,
    lengths: Union[None, PathLike, Mapping[str, Mapping[str, int]]] = None,
    *,
    pred_root: Optional[str] = None,
    explorer: Optional[str] = None,
    shard: Union[None, str, Tuple[int, int]] = None,
    workspace: Optional[PathLike] = None,
    instance: Optional[str] = None,
    errors: str = "raise",
) -> ExploreResult:
    """SWE-Explore compatibility, as `readcov explore`: the benchmark's metric suite per
    (explorer, instance) beside readcov's clean numbers.

    bench: SWE-Explore benchmark rows (path or dicts: instance_id, ground_truth, ...).
    preds: explorer outputs: a JSONL path, a list of paths (the explorer defaults to each
        file's stem, as the CLI), or dicts (with `explorer`, else "default"). A file that is not
        JSONL is read as CLI-agent text (`path:10-20` or `path` per line) answering `instance`.
    top_k: the ranking cut (None: all regions).
    lengths: {instance_id: {path: n_lines}} as a dict or a JSON file (`--file-lengths`).
    workspace: repository checkouts the file lengths are counted in instead (`--workspace`):
        `<dir>/<instance_id>/<path>` when that folder exists, else `<dir>/<path>`.
    instance: the instance a text-form prediction file answers (`--instance`); with JSONL
        predictions only (their rows name their instance) InputError naming it, as the CLI.
    pred_root: the absolute prefix explorers used for the repository (`--pred-root`); with no
        absolute prediction path it changes nothing: a warning in `.notes`, as the CLI's.
    explorer: the explorer name of prediction rows that give none (`--explorer`), instead of
        each file's stem (or "default" for dicts); when no row takes it (every row names its own
        explorer, no text-form file) InputError naming it, as the CLI refuses it.
    shard: "i/n" or (i, n); merge the `partial`s with `merge`.
    """
    bench = _given(bench, "bench")
    b = os.fspath(bench) if isinstance(bench, (str, os.PathLike)) else _as_jsonl(bench, "bench")
    if isinstance(preds, (str, os.PathLike)):
        preds = [preds]
    items = list(preds)  # type: ignore[arg-type, unused-ignore]
    # Files go to the extension as paths, read there in the CLI's order (session 37): a bad
    # benchmark or preds row is said before a preds or lengths file that cannot be read.
    pred_inputs: List[Tuple[Union[str, Tuple[bytes, str]], str]] = []
    if items and all(isinstance(p, (str, os.PathLike)) for p in items):
        for p in items:
            name = os.fspath(p)  # type: ignore[arg-type, unused-ignore]
            pred_inputs.append((name, explorer or os.path.splitext(os.path.basename(name))[0]))
    else:
        pred_inputs.append((_as_jsonl(items, "preds"), explorer or "default"))
    lens: Union[None, str, Tuple[bytes, str]]
    if lengths is None:
        lens = None
    elif isinstance(lengths, Mapping):
        lens = (json.dumps(lengths).encode(), "<lengths>")
    else:
        lens = os.fspath(lengths)
    top_k = _count("top_k", top_k, 1, reason=_NOT_A_TOP_K)
    doc, partial, errs, notes = _call(
        _native.explore, b, pred_inputs, top_k, lens, pred_root, _shard(shard),
        workspace=_path(workspace, "workspace"), instance=instance, explorer=explorer,
    )
    report = json.loads(doc)
    result = ExploreResult(report["instances"])
    result.summaries = report["explorers"]
    result.unused = report["unused_predictions"]
    result.top_k = report["top_k"]
    result.partial = json.loads(partial)
    result.notes = notes
    return _finish(result, _located(errs), errors)


class SheetResult(Rows):
    """`sheet` rows: one per run record (the `runs` of `readcov sheet --format json`), with
    `doc`, the whole document (`overall`, `conditions`, `common`, `threshold`, `input_errors`,
    `units`, ...), the mergeable `partial`, and `notes` (gold or reads converted on the fly)."""

    doc: Dict[str, Any]
    partial: Dict[str, Any]
    notes: List[str]


def _optional(rows: Optional[RowsInput], what: str) -> Optional[Tuple[bytes, str]]:
    return None if rows is None else _as_jsonl(rows, what)


def sheet(
    runs: RowsInput,
    *,
    gold: Optional[RowsInput] = None,
    reads: Optional[RowsInput] = None,
    ledger: Optional[RowsInput] = None,
    tasks: Optional[RowsInput] = None,
    units: Optional[RowsInput] = None,
    require: Optional[Sequence[str]] = None,
    k: Sequence[int] = (1,),
    regeneration_limit: Optional[int] = None,
    threshold: Optional[float] = None,
    workspace: Optional[PathLike] = None,
    shard: Union[None, str, Tuple[int, int]] = None,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> SheetResult:
    """The multi-turn evaluation sheet, as `readcov sheet --format json` (docs/evaluation.md):
    validity, evidence axes, strict success, per-turn coverage, ledger, read-before-edit,
    denominators and pass^k / pass@k per condition.

    runs: run records (path or dicts); gold, reads, ledger, tasks, units: the optional inputs
    of the CLI's flags of the same names. Gold and reads are taken as `readcov sheet` takes them,
    through the same input layer: gold may be a diff or SWE-bench rows, reads an agent trajectory
    (imported against `workspace`; `.notes` says so); a file of the wrong kind, or with no valid
    row, is refused with the CLI's words. require: the default required axes (the CLI's
    `--require`); k: the pass^k / pass@k k values. sources: which reads count, as `score` takes
    it (`--sources`; with `reads` only, else InputError naming it). regeneration_limit: as
    `--regeneration-limit`; when no run record has `regeneration_count` it counts nothing:
    InputError naming it (with `shard`, a warning in `.notes`). threshold (default 0.5) goes with
    `gold` and `reads`, workspace with `gold`, `reads` or `units`: elsewhere they change nothing
    (InputError naming them), as the CLI's `--threshold` and `--workspace`.
    """
    checked = 0.5 if threshold is None else _threshold(threshold)  # a bad value is named first
    _refuse_idle(
        ("threshold", threshold is not None, "`gold` and `reads`", gold is not None and reads is not None),
        ("workspace", workspace is not None, "`gold`, `reads` or `units`",
         gold is not None or reads is not None or units is not None),
    )
    doc, partial, errs, notes = _call(
        _native.sheet,
        *_as_jsonl(runs, "runs"),
        gold=_optional_input(gold, "gold"),
        reads=_optional_input(reads, "reads"),
        ledger=_optional(ledger, "ledger"),
        tasks=_optional(tasks, "tasks"),
        units=_optional(units, "units"),
        require=None if require is None else list(require),
        k=[_count("k", x, 1) for x in k],
        regeneration_limit=_count("regeneration_limit", regeneration_limit),
        threshold=checked,
        workspace=_path(workspace, "workspace"),
        shard=_shard(shard),
        sources=_sources(sources),
    )
    d = json.loads(doc)
    result = SheetResult(d["runs"])
    result.doc = d
    result.partial = json.loads(partial)
    result.notes = notes
    return _finish(result, _located(errs), errors)


class Explanation(Dict[str, Any]):
    """`explain`'s document (the keys of `readcov explain --format json`), with `.errors` and
    `.notes` (conversions done on the fly, as the CLI prints them)."""

    errors: List[InputError]
    notes: List[str]

    def _files(self) -> "Rows":
        # The gold files as rows, the CLI's keys in its order; with none (a task only read), no
        # row but the columns still (`pandas.DataFrame.from_records([])` had none).
        files = Rows(self.get("files") or [])
        return files

    def to_pandas(self) -> "pd.DataFrame":
        """The gold files of the explanation as a DataFrame, worst first, one column per key of
        a file in `readcov explain --format json` (`path`, `gold_lines`, `covered`, `coverage`,
        `opened`, `first_read_turn`, `reads`, `spans`), typed as every result's: `opened`
        pandas' `boolean`, `first_read_turn` nullable `Int64` (`<NA>` for a file no read
        reached), `spans` lists. Before session 36 it was `from_records`: `first_read_turn` a
        float64 column (11.0, NaN) when a file was unread, `opened` numpy `bool`."""
        import pandas as pd

        files = self._files()
        if not files:
            return pd.DataFrame(columns=list(_EXPLAIN_FILE_KEYS))
        df = files.to_pandas()
        df["first_read_turn"] = pd.array(df["first_read_turn"].tolist(), dtype="Int64")
        return df

    def to_arrow(self) -> "pa.Table":
        """The gold files as a pyarrow Table, `to_pandas`' columns (`first_read_turn` int64,
        null where unread; new in session 36)."""
        import pyarrow as pa

        files = self._files()
        cols = files._columns() if files else {k: [] for k in _EXPLAIN_FILE_KEYS}
        types = {"bool": pa.bool_(), "int": pa.int64(), None: None}
        typed = {k: types[_kind(k, v)] for k, v in cols.items()}
        typed["first_read_turn"] = pa.int64()
        return pa.table({k: pa.array(v, type=typed.get(k)) for k, v in cols.items()})


#: A gold file's keys in `readcov explain --format json` (the DataFrame's columns).
_EXPLAIN_FILE_KEYS = ("path", "gold_lines", "covered", "coverage", "opened", "first_read_turn", "reads", "spans")


def explain(
    gold: RowsInput,
    reads: RowsInput,
    task: str,
    run: Optional[str] = None,
    *,
    against: Optional[str] = None,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    outcomes: Optional[OutcomesInput] = None,
    patches: Union[None, RowsInput, Sequence[PathLike]] = None,
    test_reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]] = None,
    stages: bool = True,
    threshold: float = 0.5,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> Explanation:
    """One (task, run) across the whole task, as `readcov explain --format json`: the verdict,
    every gold file, each span under the threshold with its unit (with a workspace) and the
    nearest reads around it, the files read instead, coverage per turn, `against` (a second run
    side by side), `lost_edits` (edits an on-the-fly import could not place), and `stages`: where
    the run failed, as `readcov explain` measures it (`diagnose` for this run; `stages=False`
    leaves them out, `None`, as `--no-stages`). The run's change, for the edit and change stages,
    is its `patches` entry (SWE-bench predictions), else the trajectory's own final patch or its
    edits replayed on the workspace (`change_source` says which).

    Gold and reads are taken as `score` and the CLI take them: gold may be a diff or SWE-bench
    rows, reads an agent trajectory (converted on the fly; `.notes` says so); a file of the wrong
    kind raises, naming what it looks like. `workspaces`: one folder per task (`--workspaces`),
    the task's own folder is its workspace. `outcomes`: labels (task, run, resolved) for the
    `outcome` key, in any form `score` takes them (`OutcomesInput`). `test_reports`: harness reports for the tests stage (`--test-report`).
    `sources`: which reads count, as `score` takes it (`--sources`)."""
    return _explain(
        gold, reads, task, run, against=against, workspace=workspace, workspaces=workspaces,
        outcomes=outcomes, patches=patches, test_reports=test_reports, stages=stages,
        threshold=threshold, sources=sources, errors=errors, gold_set=None,
    )


def _explain(
    gold: RowsInput,
    reads: RowsInput,
    task: str,
    run: Optional[str],
    *,
    against: Optional[str],
    workspace: Optional[PathLike],
    workspaces: Optional[PathLike],
    outcomes: Optional[OutcomesInput],
    patches: Union[None, RowsInput, Sequence[PathLike]],
    test_reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]],
    stages: bool,
    threshold: float,
    sources: SourcesArg,
    errors: str,
    gold_set: Optional[str],
) -> Explanation:
    """`explain`; `gold_set`: the set's name when it is one of several (`explain_sets`), which
    leads the explanation's error as the CLI's `gold set NAME: ...`."""
    _refuse_idle(
        ("patches", patches is not None, "`stages=True` (they are the stages' inputs)", stages is not False),
        ("test_reports", test_reports is not None, "`stages=True` (they are the stages' inputs)", stages is not False),
    )
    text, errs, notes = _call(
        _native.explain, _input(gold, "gold"), _input(reads, "reads"), task, run, against,
        _path(workspace, "workspace"), _outcomes(outcomes), _threshold(threshold), _path(workspaces, "workspaces"),
        _patches(patches), _reports(test_reports), stages, sources=_sources(sources),
        gold_set=gold_set,
    )
    doc = Explanation(json.loads(text))
    doc.notes = notes
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors={errors!r}: expected 'raise' or 'collect'")
    doc.errors = _located(errs)
    if doc.errors and errors == "raise":
        first = doc.errors[0]
        raise InputError(first.file, first.line, first.field, first.message, doc.errors, doc)
    return doc


def explain_sets(
    gold: Mapping[str, RowsInput],
    reads: RowsInput,
    task: str,
    run: Optional[str] = None,
    *,
    against: Optional[str] = None,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    outcomes: Optional[OutcomesInput] = None,
    patches: Union[None, RowsInput, Sequence[PathLike]] = None,
    test_reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]] = None,
    stages: bool = True,
    threshold: float = 0.5,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> List[Explanation]:
    """One (task, run) under several gold sets, one after the other, as `readcov explain --gold
    NAME=FILE --gold NAME=FILE ... --format json` gives them: a list with one `explain` document
    per set, in order, each with `gold_set` (its name). Each set is explained by `explain` itself
    (the CLI's loop: one explanation per set by the same engine), the other arguments as
    `explain` takes them. An explanation's error (an unknown task or run) names its set when
    there are several, as the CLI's `gold set NAME: ...`."""
    if not isinstance(gold, Mapping) or not gold:
        raise InputError("<gold>", 0, None, "explain_sets takes {name: gold input}, at least one set")
    out: List[Explanation] = []
    for name, one in gold.items():
        doc = _explain(
            one, reads, task, run, against=against, workspace=workspace, workspaces=workspaces,
            outcomes=outcomes, patches=patches, test_reports=test_reports, stages=stages,
            threshold=threshold, sources=sources, errors=errors,
            gold_set=str(name) if len(gold) > 1 else None,
        )
        doc["gold_set"] = str(name)
        out.append(doc)
    return out


def _optional_input(rows: Optional[RowsInput], what: str) -> Union[None, str, Tuple[bytes, str]]:
    return None if rows is None else _input(rows, what)


def _run_file(arg: str) -> Tuple[Optional[str], str]:
    """A `[RUN=]FILE` text split as the CLI splits `--outcomes` / `--test-report` (the input
    layer's `named_file`: RUN a plain label and no file named like the whole text)."""
    run, path = _call(_native.run_file, arg)
    return run, os.fspath(path)


def _outcomes(outcomes: Optional[OutcomesInput]) -> List[Tuple[Optional[str], Union[str, Tuple[bytes, str]]]]:
    """`outcomes=` as one `(run or None, input)` per `--outcomes` argument (see `OutcomesInput`);
    the extension loads and merges them with the CLI's loader, errors and all."""
    if outcomes is None:
        return []
    if isinstance(outcomes, Mapping):
        out: List[Tuple[Optional[str], Union[str, Tuple[bytes, str]]]] = []
        for run, given in outcomes.items():
            if not isinstance(run, str) or isinstance(given, (bool, int, float)) or given is None:
                raise InputError("<arguments>", 0, "outcomes", "`outcomes` as a dict maps run names to "
                                 f"label inputs (a path, rows or a DataFrame), not {run!r}: {given!r}")
            out.append((run, _input(given, f"outcomes {run}")))
        return out
    if isinstance(outcomes, str):
        return [_run_file(outcomes)]
    if isinstance(outcomes, os.PathLike):
        return [(None, os.fspath(outcomes))]
    if hasattr(outcomes, "columns"):
        return [(None, _input(outcomes, "outcomes"))]  # type: ignore[arg-type, unused-ignore]
    items = list(outcomes)  # type: ignore[arg-type, unused-ignore]
    if not items or not all(isinstance(x, (str, os.PathLike, tuple)) for x in items):
        return [(None, _input(items, "outcomes"))]  # label rows
    out = []
    for x in items:
        if isinstance(x, tuple):
            if len(x) != 2 or not (x[0] is None or isinstance(x[0], str)):
                raise InputError("<arguments>", 0, "outcomes", f"`outcomes` pairs are (run or None, input), not {x!r}")
            out.append((x[0], _input(x[1], "outcomes" if x[0] is None else f"outcomes {x[0]}")))
        elif isinstance(x, str):
            out.append(_run_file(x))
        else:
            out.append((None, os.fspath(x)))
    return out


def _patches(patches: Union[None, RowsInput, Sequence[PathLike]]) -> List[Union[str, Tuple[bytes, str]]]:
    """`--patches`: one predictions file, several, or prediction rows (dicts / a DataFrame)."""
    if patches is None:
        return []
    if isinstance(patches, (str, os.PathLike)):
        return [_input(patches, "patches")]
    items = patches if hasattr(patches, "columns") else list(patches)  # type: ignore[arg-type, unused-ignore]
    if not hasattr(items, "columns") and items and all(isinstance(p, (str, os.PathLike)) for p in items):
        return [_input(p, "patches") for p in items]  # type: ignore[arg-type, unused-ignore]
    return [_input(items, "patches")]  # type: ignore[arg-type, unused-ignore]


def _reports(
    reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]],
) -> List[Tuple[Optional[str], str]]:
    """`--test-report [RUN=]FILE`: a path applies to every run of its instances, (run, path) to
    that run only."""
    if reports is None:
        return []
    if isinstance(reports, (str, os.PathLike)):
        reports = [reports]
    out: List[Tuple[Optional[str], str]] = []
    for r in reports:
        if isinstance(r, tuple):
            out.append((r[0], os.fspath(r[1])))
        elif isinstance(r, str):
            out.append(_run_file(r))  # "RUN=FILE", as `--test-report RUN=FILE`
        else:
            out.append((None, os.fspath(r)))
    return out


class DiagnoseResult(Rows):
    """`diagnose` rows: one per (task, run), the keys of `readcov diagnose --format jsonl`
    (`task`, `run`, `verdict`, `reason`, `change_source`, `change_partial`, `change_lost`,
    `stages`, `resolved`), with `summary` (per group: runs, verdict counts, mean figures, resolve
    rate per verdict; `--summary --format json`'s list), the mergeable `partial`, and `notes`.
    `.to_pandas()` flattens `stages` into `<stage>_<key>` columns (see the docs)."""

    summary: List[Dict[str, Any]]
    partial: Dict[str, Any]
    notes: List[str]

    def _columns(self) -> Dict[str, List[Any]]:
        # `stages` (a dict of dicts) becomes flat `<stage>_<key>` columns, in stage order; the
        # per-unit lists (`edit_gold_change_units`, `change_units`) stay lists.
        cols = super()._columns()
        first = {k: cols.pop(k) for k in _DIAGNOSE_FIRST if k in cols}
        first.update(cols)
        cols = first
        stages = cols.pop("stages", None)
        if stages is None:
            return cols
        flat: Dict[str, List[Any]] = {}
        for i, st in enumerate(stages):
            for stage in _STAGES:
                part = (st or {}).get(stage)
                keys = _TESTS_KEYS if stage == "tests" else (part or {}).keys()
                for key in keys:
                    col = flat.setdefault(f"{stage}_{key}", [None] * len(stages))
                    col[i] = None if part is None else part.get(key)
        cols.update(flat)
        return cols


_STAGES = ("search", "read", "edit", "change", "tests")
#: The run's own keys, in `readcov diagnose --format jsonl`'s order, before the stage columns.
_DIAGNOSE_FIRST = ("task", "run", "verdict", "reason", "change_source", "change_partial", "change_lost", "resolved")
_TESTS_KEYS = ("fail_to_pass_failing", "pass_to_pass_broken")


def diagnose(
    gold: RowsInput,
    reads: RowsInput,
    *,
    patches: Union[None, RowsInput, Sequence[PathLike]] = None,
    test_reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]] = None,
    outcomes: Optional[OutcomesInput] = None,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    threshold: float = 0.5,
    group_by: str = "run",
    shard: Union[None, str, Tuple[int, int]] = None,
    sources: SourcesArg = None,
    jobs: int = 1,
    errors: str = "raise",
) -> DiagnoseResult:
    """Where each run failed — search, read, edit, change, tests — and the verdict (the first
    stage that failed), as `readcov diagnose --format jsonl` (docs/diagnose.md), through the same
    input layer and library call.

    gold, reads: as `score` takes them (gold JSONL, a diff or SWE-bench rows; reads JSONL or an
        agent trajectory, whose own final patch or replayed edits are then each run's change).
    patches: the runs' changes as SWE-bench predictions (`--patches`): a path, several paths, or
        prediction rows (`instance_id`, `model_name_or_path`, `model_patch`).
    test_reports: SWE-bench harness reports (`--test-report`): a path or a list of paths (every
        run of their instances) or (run, path) pairs (that run only).
    outcomes: labels (`--outcomes`), shown beside the verdicts and summarised per verdict, never
        used to reach them; in any form `score` takes them (`OutcomesInput`: {run: report}...).
    workspace / workspaces: the repository at the base commit, or one per task (`DIR/<task>/`).
    group_by: what `summary` groups runs by: "run", "task", "repo" or "source".
    shard: "i/n" or (i, n); merge the `partial`s with `merge`.
    jobs: tasks diagnosed at once, as `--jobs`: 0 means all the available cores; the default 1
        keeps one call on one thread (a Ray worker running one call per core). The rows are the
        same whatever the number; the GIL is released throughout.
    """
    runs, summary, partial, errs, notes = _call(
        _native.diagnose, _input(gold, "gold"), _input(reads, "reads"), _patches(patches),
        _reports(test_reports), _outcomes(outcomes), _path(workspace, "workspace"),
        _path(workspaces, "workspaces"), _threshold(threshold), group_by, _shard(shard), sources=_sources(sources),
        jobs=_jobs(jobs),
    )
    result = DiagnoseResult(runs)
    result.summary = summary
    result.partial = partial
    result.notes = notes
    return _finish(result, _located(errs), errors)


class ContextBenchResult(Rows):
    """`contextbench` rows: one per prediction, the benchmark's keys with readcov's `clean`
    numbers beside (the `rows` of `readcov contextbench --format json`), and `summaries`: the
    compat and clean summaries (`micro`, `macro`), and `notes` (a trajectory imported on the fly)."""

    summaries: List[Dict[str, Any]]
    notes: List[str]


def contextbench(
    gold: RowsInput,
    preds: Optional[RowsInput] = None,
    *,
    reads: Optional[RowsInput] = None,
    workspaces: Optional[PathLike] = None,
    blocks: bool = True,
    jobs: int = 1,
    errors: str = "raise",
) -> ContextBenchResult:
    """ContextBench's metrics, as `readcov contextbench --format json` (docs/contextbench.md):
    reference-compatible rows with readcov's clean numbers beside, and micro / macro summaries.

    gold: ContextBench gold rows (JSONL or Parquet as the data set ships them, or dicts).
    preds: predictions in ContextBench's unified form (`instance_id`, `model_patch`, `traj_data`);
        or reads: readcov reads (or a trajectory) as predictions, one per (task, run), a step per
        turn. Give one of the two.
    workspaces: checkouts at the base commit, `DIR/<instance_id>/` (the span and symbol levels).
    blocks: False skips the symbol level (no tree-sitter parsing), as `--no-blocks`.
    jobs: instances scored at once, as `--jobs`: 0 means all the available cores; the default 1
        keeps one call on one thread (a Ray worker running one call per core). The rows are the
        same whatever the number; the GIL is released throughout.
    """
    if (preds is None) == (reads is None):
        raise TypeError("contextbench: give preds or reads, one of them")
    doc, errs, notes = _call(
        _native.contextbench, _input(gold, "gold"), _optional_input(preds, "preds"),
        _optional_input(reads, "reads"), _path(workspaces, "workspaces"), blocks, jobs=_jobs(jobs),
    )
    d = json.loads(doc)
    result = ContextBenchResult(d["rows"])
    result.summaries = d["summaries"]
    result.notes = notes
    return _finish(result, _located(errs), errors)


class LocbenchResult(Rows):
    """`locbench` rows: one per (task, level) with gold at that level — `task`, `level` (`file`,
    `module`, `function`), `gold` and `predicted` (name counts), then each metric at each k as
    its own column (`Acc@1`, …, `Recall@5`, `NDCG@10`, `P@10`: the `metrics` of `readcov
    locbench --format jsonl`, flattened). `levels`: the `--format json` document's `levels`
    (per level `ks`, `instances` and the `means`, with its rows nested as the CLI writes them);
    `notes`: what the CLI says on stderr (a conversion, names the workspace does not define)."""

    levels: List[Dict[str, Any]]
    notes: List[str]


def locbench(
    gold: RowsInput,
    preds: RowsInput,
    *,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    k_file: Optional[Sequence[int]] = None,
    k_module: Optional[Sequence[int]] = None,
    k_function: Optional[Sequence[int]] = None,
    errors: str = "raise",
) -> LocbenchResult:
    """Code localizers in Loc-Bench / LocAgent's conventions, as `readcov locbench` (docs/retrievers.md):
    Acc@k, Recall@k, NDCG@k and P@k at file, module and function level.

    gold: Loc-Bench rows (`file_changes` or `edit_functions`; JSONL, Parquet or dicts), or readcov
        gold (gold JSONL, a diff, SWE-bench rows), named through the units of `workspace` /
        `workspaces` (`DIR/<task>/`).
    preds: localization outputs: LocAgent `found_files`/`found_modules`/`found_entities`, a
        retriever's `docs`, or Agentless `found_files` + `found_edit_locs`/`found_related_locs`
        (its `line:` locations named through the units).
    k_file, k_module, k_function: the cutoffs per level (each at least 1), as `--k-file` etc.
        (defaults (1, 2, 3, 5), (5, 10), (5, 10)). Given for a level no task has gold at (readcov
        gold without a workspace names files only) they change nothing: InputError naming them.
    """
    ks: List[Optional[List[int]]] = []
    for name, values in (("k_file", k_file), ("k_module", k_module), ("k_function", k_function)):
        if values is None:
            ks.append(None)
            continue
        values = [_count(name, k, 1, reason=_NOT_A_K) for k in values]
        if not values:
            raise InputError("<arguments>", 0, name, f"`{name}` must hold at least one k")
        ks.append(values)
    doc, errs, notes = _call(
        _native.locbench, _input(gold, "gold"), _input(preds, "preds"), _path(workspace, "workspace"),
        _path(workspaces, "workspaces"), ks,
    )
    levels = json.loads(doc)["levels"]
    rows = []
    for level in levels:
        for row in level["rows"]:
            flat = {"task": row["task"], "level": level["level"], "gold": row["gold"], "predicted": row["predicted"]}
            flat.update(row["metrics"])
            rows.append(flat)
    result = LocbenchResult(rows)
    result.levels = levels
    result.notes = notes
    return _finish(result, _located(errs), errors)


class UnitsResult(Rows):
    """`units` rows (`path`, `kind`, `name`, `start`, `end`, `depth`), and `notes`: the CLI's
    warnings (a file that parsed with errors)."""

    notes: List[str]


def units(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    lang: Optional[str] = None,
    errors: str = "raise",
) -> UnitsResult:
    """The syntactic units (functions, classes, methods, …) of source files, as `readcov units`
    lists them: one row per unit, `path`, `kind`, `name`, `start`, `end` (1-based inclusive),
    `depth` (0 = top level), files in the order given. The language comes from each file's
    extension, or `lang` for all (python, javascript, typescript, tsx, go, rust, java, c, cpp,
    ruby, php). A file with no units to give (no grammar, unreadable) is a located error
    (`errors="collect"` keeps the others' rows); `.notes` holds the CLI's warnings (a file that
    parsed with errors gives the units of the rest)."""
    listed, errs, notes = _call(_native.units, _fspaths(paths, "paths"), lang)
    keys = ("path", "kind", "name", "start", "end", "depth")
    result = UnitsResult(dict(zip(keys, row)) for row in listed)
    result.notes = notes
    return _finish(result, _located(errs), errors)


def merge(partials: Iterable[Union[Mapping[str, Any], PathLike]]) -> Dict[str, Any]:
    """Merges partial aggregates — `ScoreResult.partial` dicts or `--emit-partial` files — into
    the aggregate of one unsharded run, as `readcov merge --format json` prints it (for score:
    `shards`, `threshold`, `totals`). A shard given twice, shards of different counts or other
    settings raise InputError; an incomplete set of shards adds a `warning` key."""
    texts = []
    if isinstance(partials, (str, os.PathLike, Mapping)) or not hasattr(partials, "__iter__"):
        raise TypeError(
            f"partials: expected an iterable of dicts or paths, not {type(partials).__name__}"
        )
    for p in partials:
        if isinstance(p, Mapping):
            texts.append(json.dumps(p))
        else:
            texts.append(_read(_fspath(p, "partials")).decode("utf-8", "replace"))
    try:
        doc, warning = _native.merge(texts)
    except ValueError as e:
        raise InputError("<partials>", 0, None, str(e)) from None
    out: Dict[str, Any] = json.loads(doc)
    if warning:
        out["warning"] = warning
    return out


def shard_of(task: str, n: int) -> int:
    """The shard (0..n-1) of a task id: the stable hash `score(shard=...)` and the CLI's
    `--shard I/N` split by, the same on every machine and for any input order."""
    return int(_call(_native.shard_of, task, _count("n", n, 1, reason=_NOT_A_SHARD_COUNT)))


def set_parquet_limits(max_rows: Optional[int] = None, max_bytes: Optional[int] = None) -> Tuple[int, int]:
    """The limits every Parquet input of this process is read within, as the CLI's global
    `--max-parquet-rows N` / `--max-parquet-bytes BYTES` set them (docs/reliability.md): rows a
    file may hold (default 1,000,000; a file declaring more is refused unread) and bytes it may
    decode to (default 268,435,456). Set once per process, as flags are: a later call asking for
    other limits raises InputError naming the ones in force (a `None` is that limit's default).
    Without arguments, returns the limits in force; else the ones set, as (rows, bytes)."""
    rows, size = _call(
        _native.set_parquet_limits, _count("max_rows", max_rows, most=sys.maxsize), _count("max_bytes", max_bytes, most=sys.maxsize)
    )
    return int(rows), int(size)


# Capabilities in modules of their own, on the helpers above (imported last: they import them).
from ._sets import GoldSetsResult, score_sets  # noqa: E402
from ._at_k import AtKResult, at_k  # noqa: E402
from ._report import ReportResult, report  # noqa: E402
