"""`score_sets`: several gold sets side by side and the leave-one-out consensus, as `readcov score
--gold NAME=FILE ... [--consensus]` scores them (one library call, `readcov_files::sets`)."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import (
    PathLike,
    OutcomesInput,
    Rows,
    RowsInput,
    _call,
    _count,
    _widen,
    _threshold,
    _finish,
    _given,
    _input,
    _located,
    _outcomes,
    _path,
    _shard,
    _sources,
    _native,
    SourcesArg,
    InputError,
)

#: Each set's keys in a row, in `readcov score --format csv`'s order (the unit keys follow with a
#: workspace, `status` last).
_SET_KEYS = ("line_coverage", "passes_threshold", "file_hit", "gold_lines", "covered_lines")
_UNIT_KEYS = (
    "gold_units", "unit_hit", "coverage_widened_to_units", "coverage_widened_by_lines",
    "extra_lines_units", "extra_lines_by_lines", "gold_units_hit",
)

#: Gold sets: {name: input} (the CLI's `--gold NAME=FILE`), one input, or a list of paths (each
#: labelled as the CLI labels a plain `--gold FILE`: by its rows' origin, else its file's stem).
GoldSets = Union[Mapping[str, RowsInput], RowsInput, Sequence[PathLike]]


class GoldSetsResult(Rows):
    """`score_sets` rows: one per (task, run) of any set, the keys of `readcov score --gold NAME=FILE
    ... --format jsonl` — `task`, `run`, `resolved` (the run's label, or None) and `gold_sets`
    ({set name: its figures, or None where the set has no such row}) — with `totals` (one dict per
    set: `gold_set`, `scored`, `at_or_above_threshold`, the means, `note`, `resolve_by_coverage`)
    and `notes`. `.to_pandas()` flattens `gold_sets` as `<set>.<key>` columns (the CLI's csv)."""

    totals: List[Dict[str, Any]]
    notes: List[str]

    def _columns(self) -> Dict[str, List[Any]]:
        names = [t["gold_set"] for t in self.totals]
        cols: Dict[str, List[Any]] = {
            "task": [r["task"] for r in self],
            "run": [r["run"] for r in self],
        }
        for name in names:
            sets = [r["gold_sets"].get(name) for r in self]
            units = any(s is not None and "gold_units" in s for s in sets)
            for key in _SET_KEYS + (_UNIT_KEYS if units else ()) + ("status",):
                cols[f"{name}.{key}"] = [None if s is None else s.get(key) for s in sets]
        cols["resolved"] = [r["resolved"] for r in self]
        return cols


def _named(gold: GoldSets) -> List[Tuple[Optional[str], Union[str, Tuple[bytes, str]]]]:
    """(name or None, input) per gold set."""
    if gold is None:
        _given(None, "gold")
    if isinstance(gold, Mapping):
        return [(str(name), _input(g, f"gold {name}")) for name, g in gold.items()]
    if isinstance(gold, (list, tuple)) and gold and all(isinstance(g, (str, os.PathLike)) for g in gold):
        return [(None, _input(g, "gold")) for g in gold]
    return [(None, _input(gold, "gold"))]  # type: ignore[arg-type, unused-ignore]


def _consensus_only(consensus: Any, **given: Any) -> None:
    """`agree`, `min_runs` and `loo_failed` tune the leave-one-out consensus: given without
    `consensus=True` they changed nothing. InputError naming the first, as the CLI refuses
    `--agree`, `--min-runs` and `--loo-failed` without `--consensus` (session 29)."""
    if consensus:
        return
    for name, value in given.items():
        if value is not None:
            raise InputError("<arguments>", 0, name, f"`{name}` goes with `consensus=True`: it tunes the "
                             "leave-one-out consensus, which is not computed without it")


def score_sets(
    gold: GoldSets,
    reads: RowsInput,
    *,
    outcomes: Optional[OutcomesInput] = None,
    consensus: bool = False,
    agree: Union[None, str, int] = None,
    min_runs: Optional[int] = None,
    loo_failed: Optional[str] = None,
    threshold: float = 0.5,
    workspace: Optional[PathLike] = None,
    workspaces: Optional[PathLike] = None,
    shard: Union[None, str, Tuple[int, int]] = None,
    widen: Optional[int] = None,
    sources: SourcesArg = None,
    errors: str = "raise",
) -> GoldSetsResult:
    """Reads scored under several gold sets side by side, as `readcov score --gold NAME=FILE ...
    --format jsonl` (docs/gold.md): each run's coverage and verdict under each set, each set's
    totals and, with `outcomes`, resolve rate by coverage bucket per set.

    gold: {name: input} (`--gold NAME=FILE`, in order), a list of paths, or one input; each is
        taken as `score` takes gold (gold JSONL, a diff, SWE-bench rows; paths or rows).
    reads: as `score` takes them (reads JSONL or an agent trajectory, imported on the fly).
    outcomes: labels (`task`, `run`, `resolved`): each labelled run is a row in every set, read or
        not, with its label as `resolved`; needed by `consensus`. Any form `score` takes
        (`OutcomesInput`: {run: input}, "RUN=FILE", several merged).
    consensus: add the set `consensus-loo`: each run scored against the consensus of the *other*
        resolved runs of its task (leave-one-out; `--consensus`), with `agree` ("all" or K),
        `min_runs` and `loo_failed` ("matched" or "full") as the CLI's flags of the same names
        (defaults "all", 2, "matched"); given without `consensus=True` they raise InputError, as
        the CLI refuses them without `--consensus`.
    workspace / workspaces: the repository, or one per task (`DIR/<task>/`): unit columns per set.
    widen: the +-N lines what-if (default 10), with `workspace` or `workspaces` only, as `score`.
    shard: "i/n" or (i, n): only the tasks of that shard (`--shard`).
    sources: which reads count, as `score` takes it (`--sources`).
    """
    min_runs = _count("min_runs", min_runs)
    _consensus_only(consensus, agree=agree, min_runs=min_runs, loo_failed=loo_failed)
    rows, totals, errs, notes = _call(
        _native.score_sets,
        _named(gold), _input(reads, "reads"), _outcomes(outcomes),
        _threshold(threshold), _path(workspace, "workspace"), _path(workspaces, "workspaces"), _shard(shard), _widen(widen, workspace, workspaces),
        bool(consensus), str("all" if agree is None else agree), 2 if min_runs is None else min_runs,
        "matched" if loo_failed is None else loo_failed,
        sources=_sources(sources),
    )
    result = GoldSetsResult(rows)
    result.totals = totals
    result.notes = notes
    return _finish(result, _located(errs), errors)
