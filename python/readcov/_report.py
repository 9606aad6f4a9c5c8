"""`report`: the HTML report, LCOV tracefile and SARIF log `readcov report` writes (one library
call, `readcov_files::report`), with its summary figures."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import (
    InputError,
    PathLike,
    OutcomesInput,
    RowsInput,
    _call,
    _count,
    _input,
    _located,
    _native,
    _optional_input,
    _outcomes,
    _path,
    _patches,
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


def _write(path: Optional[PathLike], text: str) -> None:
    if path is not None:
        with open(os.fspath(path), "w", encoding="utf-8") as f:
            f.write(text)


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
    k: Sequence[int] = (1,),
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
        graded with this report's gold and reads; `ledger`, `tasks` and `k` as `--ledger`,
        `--tasks`, `--k`.
    sources: which reads count, as `score` takes it (`--sources`).
    """
    if errors not in ("raise", "collect"):
        raise ValueError(f"errors={errors!r}: expected 'raise' or 'collect'")
    inputs = (
        _named(gold), _input(reads, "reads"), _outcomes(outcomes),
        _optional_input(units, "units"), _patches(patches), _reports(test_reports),
        None if runs is None else (
            _input(runs, "runs"), _optional_input(ledger, "ledger"), _optional_input(tasks, "tasks"),
            [_count("k", x, 1) for x in k],
        ),
    )
    ks = None if at_k is None else [_count("at_k", k) for k in at_k]
    summary, html_text, lcov_text, sarif_text, errs, notes = _call(
        _native.report, inputs, str(title), float(threshold), _path(workspace), _path(workspaces),
        ks, bool(lcov_gold_unread), bool(stages), sources=_sources(sources),
    )
    result = ReportResult(summary)
    result.html, result.lcov, result.sarif = html_text, lcov_text, sarif_text
    result.notes = notes
    result.errors = _located(errs)
    _write(html, html_text)
    _write(lcov, lcov_text)
    _write(sarif, sarif_text)
    if result.errors and errors == "raise":
        first = result.errors[0]
        raise InputError(first.file, first.line, first.field, first.message, result.errors, result)
    return result
