"""`report`: the HTML report, LCOV tracefile and SARIF log `readcov report` writes (one library
call, `readcov_files::report`), with its summary figures."""

from __future__ import annotations

import errno
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import (
    InputError,
    PathLike,
    OutcomesInput,
    RowsInput,
    _call,
    _count,
    _NOT_A_K,
    _threshold,
    _input,
    _located,
    _native,
    _optional_input,
    _outcomes,
    _path,
    _patches,
    _refuse_idle,
    _reports,
    _sources,
    SourcesArg,
)
from ._sets import GoldSets, _named


class ReportResult(Dict[str, Any]):
    """`report`'s summary: `tasks`, `runs`, `totals` (rows, scored, passing, no_run, the means),
    `buckets` (resolve rate by line-coverage quarter, with `outcomes`), `labelled_runs`,
    `gold_sets` (each named set's section), `at_k` (the curves' points), `diagnosis` (where runs
    failed, per run label; None with `stages=False`), as the report shows them. The texts are on
    `.html`, `.lcov` and `.sarif` (written to the paths given), problems on `.errors`, and `.notes`
    (conversions done on the fly, LCOV sections left out)."""

    html: str
    lcov: str
    sarif: str
    errors: List[InputError]
    notes: List[str]


def _write(field: str, path: Optional[PathLike], text: str) -> None:
    """Writes one output file. A path that cannot be written (a missing folder, a directory,
    a full device) raises InputError naming it and `field`, not a bare OSError; a FIFO no
    process reads is refused at once (opened without blocking: ENXIO), where `open` waited
    for a reader forever."""
    if path is None:
        return
    name = os.fsdecode(os.fspath(path))
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK, 0o666)
        os.set_blocking(fd, True)  # a FIFO with a reader: writes wait for it as usual
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        why = "a FIFO no process reads" if e.errno == errno.ENXIO else e.strerror or str(e)
        raise InputError(name, 0, field, f"cannot write the {field} output: {why}") from None


def report(
    gold: GoldSets,
    reads: RowsInput,
    *,
    html: Optional[PathLike] = None,
    lcov: Optional[PathLike] = None,
    sarif: Optional[PathLike] = None,
    lcov_gold_unread: bool = False,
    outcomes: Optional[OutcomesInput] = None,
    units: Optional[RowsInput] = None,
    title: str = "readcov report",
    threshold: float = 0.5,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    at_k: Optional[Sequence[int]] = None,
    stages: bool = True,
    patches: Union[None, RowsInput, Sequence[PathLike]] = None,
    test_reports: Union[None, PathLike, Sequence[Union[PathLike, Tuple[str, PathLike]]]] = None,
    runs: Optional[RowsInput] = None,
    ledger: Optional[RowsInput] = None,
    tasks: Optional[RowsInput] = None,
    k: Optional[Sequence[int]] = None,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> ReportResult:
    """The report `readcov report` writes (docs/reports.md): the self-contained HTML page (`html`),
    an LCOV tracefile of read lines (`lcov`; `lcov_gold_unread` adds unread gold lines as zero
    hits) and a SARIF 2.1.0 log of gold spans under the threshold (`sarif`), each written to the
    path given and kept as text on the result, byte for byte what the CLI writes for the same
    inputs.

    gold: as `score_sets` takes it: one input, or several ({name: input}: each run's verdict per
        set, and resolve rate per set with `outcomes`; the first set is the report's gold).
    reads: as `score` takes them (reads JSONL or an agent trajectory, imported on the fly).
    outcomes: labels (resolve rate by coverage bucket), in any form `score` takes them
        (`OutcomesInput`). units: syntax units JSONL (drill-down).
    workspace / workspaces: the repository, or one per task (`DIR/<task>/`): lengths to clip to,
        SARIF locations.
    at_k: the file hit@k and coverage@k curves (`--at-k`).
    stages: where runs failed (`readcov diagnose` on these inputs); `patches` and `test_reports`
        as `diagnose` takes them. False leaves the section out (`--no-stages`).
    runs: run records (`--runs`): adds the evaluation sheet's per-condition table to the page,
        graded with this report's gold and reads; `ledger`, `tasks` and `k` (default (1,)) as
        `--ledger`, `--tasks`, `--k`: without `runs` they change nothing (InputError naming them),
        and neither do `patches`/`test_reports` with `stages=False`.
    sources: which reads count, as `score` takes it (`--sources`).
    """
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors={errors!r}: expected 'raise' or 'collect'")
    # `--k` is 1..=2^32-1 and `--ledger`/`--tasks` need `--runs` at the CLI; here they were
    # checked only with `runs` given, else ignored without a word (k=(0,), a missing ledger).
    sheet_k = [_count("k", x, 1) for x in ((1,) if k is None else k)]
    if not isinstance(title, str):  # `str(title)` made `title=None` the page title "None"
        raise InputError("<arguments>", 0, "title", f"`title` must be a string, not {title!r}")
    if runs is None:
        for given, field in ((ledger, "ledger"), (tasks, "tasks"), (k, "k")):
            if given is not None:
                raise InputError("<arguments>", 0, field, f"`{field}` needs `runs` (the CLI's --{field} needs --runs)")
    # As `report --no-stages` refuses `--patches` and `--test-report` (they were taken unread).
    _refuse_idle(
        ("patches", patches is not None, "`stages=True` (they are the stages' inputs)", stages is not False),
        ("test_reports", test_reports is not None, "`stages=True` (they are the stages' inputs)", stages is not False),
    )
    inputs = (
        _named(gold), _input(reads, "reads"), _outcomes(outcomes),
        _optional_input(units, "units"), _patches(patches), _reports(test_reports),
        None if runs is None else (
            _input(runs, "runs"), _optional_input(ledger, "ledger"), _optional_input(tasks, "tasks"),
            sheet_k,
        ),
    )
    ks = None if at_k is None else [_count("at_k", k, 1, reason=_NOT_A_K) for k in at_k]
    summary, html_text, lcov_text, sarif_text, errs, notes = _call(
        _native.report, inputs, title, _threshold(threshold), _path(workspace, "workspace"), _path(workspaces, "workspaces"),
        ks, bool(lcov_gold_unread), bool(stages), sources=_sources(sources),
    )
    result = ReportResult(summary)
    result.html, result.lcov, result.sarif = html_text, lcov_text, sarif_text
    result.notes = notes
    result.errors = _located(errs)
    _write("html", html, html_text)
    _write("lcov", lcov, lcov_text)
    _write("sarif", sarif, sarif_text)
    if result.errors and errors == "raise":
        first = result.errors[0]
        raise InputError(first.file, first.line, first.field, first.message, result.errors, result)
    return result
