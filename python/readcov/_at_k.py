"""`at_k`: retrieval at k, as `readcov score --at-k K,...` scores it (one library call,
`readcov_files::at_k`)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from . import (
    InputError,
    OutcomesInput,
    PathLike,
    Rows,
    RowsInput,
    SourcesArg,
    _call,
    _count,
    _NOT_A_K,
    _threshold,
    _finish,
    _input,
    _located,
    _native,
    _outcomes,
    _path,
    _sources,
)

#: The IR measures' levels, in the CLI's order.
_LEVELS = ("file", "unit", "line")
#: A row's keys in `readcov score --at-k --format jsonl`'s order (the rows cross as dicts whose
#: order is not the CLI's).
_ROW_KEYS = (
    "k", "task", "run", "status", "file_hit", "line_coverage", "passes_threshold", "chunks",
    "gold_lines", "read_lines", "covered_lines", "hit_files", "coverage_widened_by_lines",
    "extra_lines_by_lines", "coverage_widened_to_units", "extra_lines_units", "files_without_units",
    "chunk_precision", "chunk_iou",
)


class AtKResult(Rows):
    """`at_k` rows: one per (k, task, run), the keys of `readcov score --at-k --format jsonl`'s
    rows (`k`, `task`, `run`, `status`, `file_hit`, `line_coverage`, `passes_threshold`, `chunks`,
    the line counts, the widening what-if, `chunk_precision`, `chunk_iou`, `measures` per level,
    `chunk_fit` per top-k chunk), with `points` (each k's `all` row: `--format json`'s `at_k`) and
    `notes`; with `at_k(..., trec_run=LEVEL)`, `trec_run`: the TREC run text (else None).
    `.to_pandas()` flattens `measures` as `<level>.<measure>` columns (`file.R@5`,
    `unit.nDCG@5`, `line.AP`, ...); `chunk_fit` stays a list per row."""

    points: List[Dict[str, Any]]
    notes: List[str]
    trec_run: Optional[str]

    def _columns(self) -> Dict[str, List[Any]]:
        cols = super()._columns()
        first = {k: cols.pop(k) for k in _ROW_KEYS if k in cols}
        first.update(cols)
        cols = first
        measures = cols.pop("measures", None)
        fit = cols.pop("chunk_fit", None)
        if measures is not None:
            names: Dict[str, None] = {}
            for m in measures:
                for level in _LEVELS:
                    names.update(dict.fromkeys((m or {}).get(level) or {}))
            for level in _LEVELS:
                for name in names:
                    cols[f"{level}.{name}"] = [((m or {}).get(level) or {}).get(name) for m in measures]
        if fit is not None:
            cols["chunk_fit"] = fit
        return cols


def at_k(
    gold: RowsInput,
    reads: RowsInput,
    k: Sequence[int] = (1, 3, 5, 10),
    *,
    threshold: float = 0.5,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    widen: int = 10,
    sources: SourcesArg = None,
    trec_run: Optional[str] = None,
    outcomes: Optional[OutcomesInput] = None,
    errors: str = "raise",
) -> AtKResult:
    """A retriever's ranked chunks scored with only each task's top k (reads with `rank <= k`, ties
    all kept), for every k, as `readcov score --at-k` (docs/retrievers.md): file hit@k and
    coverage@k, the share at the threshold, the widening what-if (+-`widen` lines, enclosing
    units), the chunks' line precision and IoU, and the IR measures (`R@k`, `P@k`, `nDCG@k`,
    `Success@k`, `RR`, `AP`) at file, unit and line level.

    gold: as `score` takes it. reads: ranked reads (`rank`), or a chunks file / trajectory
        imported on the fly (character offsets need `workspace` or `workspaces`).
    k: the cut-offs (each at least 1; sorted, each once, as `--at-k`).
    workspace / workspaces: the repository, or one per task (`DIR/<task>/`): file lengths and
        the units the unit what-if and unit measures need.
    sources: which reads count, as `score` takes it (`--sources`; retrieved chunks are
        `retriever` reads).
    trec_run: "file", "unit" or "line": also the ranked documents at that level as a TREC run
        (`qid Q0 docid rank score tag`), on `.trec_run`, the text `readcov score --at-k ...
        --trec-run LEVEL` prints, to score with any TREC tool against `readcov gold --format qrels
        --level LEVEL` (docs/retrievers.md); runs it cannot judge at that level are said in
        `.notes`. Another value raises InputError naming `trec_run`.
    outcomes: labels, as `score` takes them (`--outcomes [RUN=]FILE`, `OutcomesInput`): each
        labelled run of a gold task is a row at every k, retrieved or not (a run that retrieved
        nothing scores 0 and counts in every point's means), as `score --at-k --outcomes`.
    """
    ks = [_count("k", x, 1, reason=_NOT_A_K) for x in k]
    if trec_run is not None and not isinstance(trec_run, str):
        raise InputError("<arguments>", 0, "trec_run", f"`trec_run` takes a level name (file, unit, line), not {trec_run!r}")
    rows, points, errs, notes, trec = _call(
        _native.at_k, _input(gold, "gold"), _input(reads, "reads"), ks, _threshold(threshold),
        _path(workspace, "workspace"), _path(workspaces, "workspaces"), _count("widen", widen), sources=_sources(sources),
        trec_run=trec_run, outcomes=_outcomes(outcomes),
    )
    result = AtKResult(rows)
    result.points = points
    result.notes = notes
    result.trec_run = trec
    return _finish(result, _located(errs), errors)
