"""Type stubs of the Rust extension (server/python). Use the wrappers in `readcov`, which turn
what these return into rows and errors into `readcov.InputError`."""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

# (file, line, field, message): line 0 / field None for an error about a whole file.
Located = Tuple[str, int, Optional[str], str]

__version__: str

# An input: a path (read by the input layer, as the CLI reads it) or (JSONL bytes, name for errors).
Input = Union[str, Tuple[bytes, str]]

# Outcome labels: one (run or None, input) per `--outcomes [RUN=]FILE`, merged in order.
RunInputs = List[Tuple[Optional[str], Input]]

# A bad option value (`sources`, `trec_run`) raises ValueError with the args (file, line, field,
# message): `readcov._call` raises them as InputError.

def score(
    gold: Input,
    reads: Union[Input, LeanTable],
    threshold: float,
    workspace: Optional[str] = None,
    shard: Optional[str] = None,
    breakdown: bool = True,
    widen: int = 10,
    workspaces: Optional[str] = None,
    outcomes: RunInputs = ...,
    columns: bool = False,
    sources: Optional[List[str]] = None,
) -> Tuple[List[Dict[str, Any]], Dict[str, Any], Dict[str, Any], List[Located], List[str], Optional[Breakdown]]:
    """Rows (dicts), totals, partial aggregate, located errors, notes (conversions done), and
    with `columns` the breakdown kept as columns (the rows then carry none)."""

class Breakdown:
    """The per-file and per-span breakdown of one `score` call, kept by the extension."""

    def files(self) -> Dict[str, List[Any]]: ...
    def spans(self) -> Dict[str, List[Any]]: ...

def rows_jsonl(rows: Sequence[Mapping[str, Any]]) -> Tuple[Optional[bytes], Optional[Tuple[int, str]]]:
    """Dicts as JSONL bytes, or the first row that is not JSON (1-based, why)."""

class LeanTable:
    """Reads rows taken into the engine's lean table by `lean_rows` / `lean_columns`; `score`
    takes it (once) as its reads."""

def lean_rows(
    rows: Sequence[Mapping[str, Any]], name: str
) -> Tuple[Optional[LeanTable], Optional[Tuple[int, str]]]:
    """Dicts as the lean table; (None, None) when they are to go as JSONL (not plain reads rows,
    or rows with edits); or the first row that is not JSON (1-based, why)."""

def lean_columns(
    names: List[str],
    columns: List[Union[bytes, Tuple[bytes, bytes], Tuple[bytes, bytes, bytes], List[Any]]],
    name: str,
) -> Tuple[Optional[LeanTable], Optional[Tuple[int, str]]]:
    """A DataFrame's columns (as for `columns_jsonl`) as the lean table; else as `lean_rows`."""

def columns_jsonl(
    names: List[str],
    columns: List[Union[bytes, Tuple[bytes, bytes], Tuple[bytes, bytes, bytes], List[Any]]],
) -> Tuple[Optional[bytes], Optional[Tuple[int, str]]]:
    """A DataFrame's columns (int64 ones as little-endian bytes, Arrow strings as (int64 offsets,
    UTF-8 bytes[, one byte per cell, 0 for a missing one]), others `Series.tolist()`) as JSONL
    bytes, or the first bad row."""

def import_log(
    paths: List[str],
    format: str = "auto",
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    task: Optional[str] = None,
    run: Optional[str] = None,
    corpus: Optional[str] = None,
    patches: Optional[str] = None,
    layout: str = "log",
    shard: Optional[str] = None,
    jobs: int = 1,
) -> Tuple[
    List[Dict[str, Any]], str, List[Located], List[Tuple[str, str, bool, str]],
    Optional[Tuple[List[Dict[str, Any]], int]], bool, List[str],
]:
    """Reads rows (dicts, each log's made as it is imported), import summary (JSON), located
    errors, each run's stated outcome as (task, run, resolved, from) (`--emit-outcomes`), with
    `patches` the predictions rows (dicts) and the count of runs not written (`--emit-patches`), whether the import failed
    as a whole (`readcov import`'s exit 2), and the notes the CLI prints beside its summary.
    `shard`: "I/N", `--shard I/N`'s part of the inputs."""

def gold_from_patch(
    diff: Optional[str] = None,
    rows: Optional[Input] = None,
    task: Optional[str] = None,
    anchor: int = 1,
    exclude_tests: bool = False,
    expand: str = "edit",
    tests: bool = False,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    max_unit: int = 200,
    window: int = 10,
    qrels: Optional[str] = None,
) -> Tuple[str, str, List[Located], Optional[Tuple[str, List[str]]]]:
    """Gold rows (JSONL), notes (JSON list), located errors, and with `qrels` (a level) the
    qrels text and the tasks left out of unit qrels. `diff` (named `<patch>`) and `rows` (a path
    or rows as (bytes, name)) of another kind are refused first, as `gold --from-diff` and
    `--from-swebench` refuse them."""

def gold_from_runs(
    reads: Input,
    outcomes: RunInputs,
    agree: str = "all",
    min_runs: int = 2,
    optional: bool = False,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    swe_explore: bool = False,
    qrels: Optional[str] = None,
) -> Tuple[str, str, List[Located], Optional[Tuple[str, List[str]]]]:
    """Consensus gold rows (JSONL; SWE-Explore benchmark rows with `swe_explore`), notes (JSON
    list), located errors, and with `qrels` the qrels text and the tasks left out of unit qrels."""

def gold_from_beir(
    path: str,
    corpus: Optional[str] = None,
    split: str = "test",
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    qrels: Optional[str] = None,
) -> Tuple[str, str, List[Located], Optional[Tuple[str, List[str]]]]:
    """BEIR gold rows (JSONL), notes (JSON list), located errors, and with `qrels` the qrels
    text and the tasks left out of unit qrels."""

def explore(
    bench: Input,
    preds: List[Tuple[Input, str]],
    top_k: Optional[int] = 5,
    lengths: Optional[Input] = None,
    pred_root: Optional[str] = None,
    shard: Optional[str] = None,
    workspace: Optional[str] = None,
    instance: Optional[str] = None,
    explorer: Optional[str] = None,
) -> Tuple[str, str, List[Located], List[str]]:
    """Report (JSON: top_k, explorers, instances, unused_predictions), partial (JSON), errors,
    notes (warnings on instance folders `workspace` could not use, a `pred_root` that changed
    nothing). `bench`, `preds` ((input, default explorer name) each) and `lengths`: files are
    checked (their kind, as the CLI's `check_kind`) and read here in the CLI's order.
    `explorer`: the name given (each input's default name already), refused when no row takes
    it. An error that ends the call after others (a lengths file that cannot be read after bad
    preds rows) raises ValueError whose one argument is the list of every `Located`, in the
    CLI's order."""

def sheet(
    runs: bytes,
    runs_name: str,
    gold: Optional[Input] = None,
    reads: Optional[Input] = None,
    ledger: Optional[Tuple[bytes, str]] = None,
    tasks: Optional[Tuple[bytes, str]] = None,
    units: Optional[Tuple[bytes, str]] = None,
    require: Optional[List[str]] = None,
    k: List[int] = [1],
    regeneration_limit: Optional[int] = None,
    threshold: float = 0.5,
    workspace: Optional[str] = None,
    shard: Optional[str] = None,
    sources: Optional[List[str]] = None,
) -> Tuple[str, str, List[Located], List[str]]:
    """Sheet document (JSON, as `readcov sheet --format json`), partial (JSON), errors, notes."""

def explain(
    gold: Input,
    reads: Input,
    task: str,
    run: Optional[str] = None,
    against: Optional[str] = None,
    workspace: Optional[str] = None,
    outcomes: RunInputs = ...,
    threshold: float = 0.5,
    workspaces: Optional[str] = None,
    patches: Sequence[Input] = ...,
    test_reports: Sequence[Tuple[Optional[str], Input]] = ...,
    stages: bool = True,
    sources: Optional[List[str]] = None,
    gold_set: Optional[str] = None,
) -> Tuple[str, List[Located], List[str]]:
    """Explanation (JSON, as `readcov explain --format json`), located errors, and the notes of
    conversions done on the fly (a trajectory imported, gold built from a diff). `gold_set`: the
    set's name when it is one of several (`explain_sets`), leading the explanation's error."""

def diagnose(
    gold: Input,
    reads: Input,
    patches: Sequence[Input] = ...,
    test_reports: Sequence[Tuple[Optional[str], Input]] = ...,
    outcomes: RunInputs = ...,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    threshold: float = 0.5,
    group_by: str = "run",
    shard: Optional[str] = None,
    sources: Optional[List[str]] = None,
    jobs: int = 1,
) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]], Dict[str, Any], List[Located], List[str]]:
    """Runs (dicts, as `readcov diagnose --format jsonl`), summary per group, partial, located
    errors, notes."""

def contextbench(
    gold: Input,
    preds: Optional[Input] = None,
    reads: Optional[Input] = None,
    workspaces: Optional[str] = None,
    blocks: bool = True,
    jobs: int = 1,
) -> Tuple[str, List[Located], List[str]]:
    """Document (JSON: `rows`, `summaries`, as `readcov contextbench --format json`), located
    errors, notes."""

def locbench(
    gold: Input,
    preds: Input,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    ks: Optional[List[Optional[List[int]]]] = None,
) -> Tuple[str, List[Located], List[str]]:
    """Document (JSON: `levels`, as `readcov locbench --format json`), located errors, notes."""

def units(
    paths: List[str], lang: Optional[str] = None
) -> Tuple[List[Tuple[str, str, str, int, int, int]], List[Located], List[str]]:
    """Units (path, kind, name, start, end, depth) of the files that have them, a located error
    per file that has none, the CLI's parse warnings."""

def merge(partials: List[str]) -> Tuple[str, Optional[str]]:
    """Merged aggregate (JSON, as `readcov merge --format json`) and a warning, if any."""

def shard_of(task: str, n: int) -> int:
    """The shard (0..n) of a task id: the FNV-1a hash `--shard I/N` uses."""
def run_file(arg: str) -> Tuple[Optional[str], str]:
    """`RUN=FILE` split as the CLI splits `--outcomes RUN=FILE` (RUN a plain label and no file
    named like the whole text), else (None, arg); `RUN=` alone raises ValueError."""
def set_parquet_limits(max_rows: Optional[int] = None, max_bytes: Optional[int] = None) -> Tuple[int, int]:
    """Sets this process's Parquet limits once (`--max-parquet-rows`, `--max-parquet-bytes`);
    the limits in force as (rows, bytes). ValueError when other limits are already set."""
def read_input(path: str) -> bytes:
    """A whole regular file; a FIFO, socket or device raises ValueError ("not a regular file")."""
def settle() -> bool:
    """Waits until the rows the last `score` loaded are freed (a thread of their own frees them
    after the call returns); the bench calls it to count that CPU time with the call's. Whether
    a free was in flight."""

def score_sets(
    golds: List[Tuple[Optional[str], Input]],
    reads: Input,
    outcomes: RunInputs = ...,
    threshold: float = 0.5,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    shard: Optional[str] = None,
    widen: int = 10,
    consensus: bool = False,
    agree: str = "all",
    min_runs: int = 2,
    loo_failed: str = "matched",
    sources: Optional[List[str]] = None,
) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]], List[Located], List[str]]:
    """Rows (dicts: task, run, resolved, gold_sets), totals per set, located errors, notes."""

def at_k(
    gold: Input,
    reads: Input,
    ks: List[int],
    threshold: float = 0.5,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    widen: int = 10,
    sources: Optional[List[str]] = None,
    trec_run: Optional[str] = None,
    outcomes: RunInputs = ...,
) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]], List[Located], List[str], Optional[str]]:
    """Rows (dicts: one per k, task and run), points (each k's `all` row), located errors, notes,
    and with `trec_run` (a level) the TREC run `--trec-run` writes, as text."""

# The report's inputs: gold sets ((name or None, input), the first is the report's gold), reads,
# labels, units, predictions, harness reports ((run or None, path)), and the evaluation sheet's
# run records, ledger, task declarations and ks.
ReportInputs = Tuple[
    List[Tuple[Optional[str], Input]],
    Input,
    RunInputs,
    Optional[Input],
    List[Input],
    List[Tuple[Optional[str], str]],
    Optional[Tuple[Input, Optional[Input], Optional[Input], List[int]]],
]

def report(
    inputs: ReportInputs,
    title: str,
    threshold: float = 0.5,
    workspace: Optional[str] = None,
    workspaces: Optional[str] = None,
    at_k: Optional[List[int]] = None,
    lcov_gold_unread: bool = False,
    stages: bool = True,
    sources: Optional[List[str]] = None,
) -> Tuple[Dict[str, Any], str, str, str, List[Located], List[str]]:
    """The summary, the HTML, LCOV and SARIF texts, located errors, notes."""
