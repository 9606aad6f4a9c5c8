"""Every call docs/python.md documents, written as a user would with the types the package
declares: `mypy --strict` and pyright check this file against the installed wheel
(scripts/test.d/47-python.sh), and test_typing.py runs it on the real data, so a stub that
describes another API than the real one fails one or the other."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import readcov


def main(real: Path, out: Path) -> Dict[str, Any]:
    sources = real / "sources"
    logs: List[Path] = sorted((real / "openhands").glob("*.json"))
    reads: readcov.ImportResult = readcov.import_log(logs, workspaces=sources, jobs=0)
    runs: int = reads.summary["runs"]
    stated: List[Dict[str, Any]] = reads.outcomes
    import_notes: List[str] = reads.notes
    one: readcov.Rows = readcov.import_log(logs[0], format="openhands", task="t", run="r", errors="collect")
    changes: Optional[List[Dict[str, Any]]] = readcov.import_log(logs[0], workspaces=sources, patches="auto", layout="log").patches
    trec_reads: readcov.ImportResult = readcov.import_log(real.parent.parent / "fixtures" / "beir" / "run.trec", corpus=real.parent.parent / "fixtures" / "beir")
    gold: readcov.GoldResult = readcov.gold_from_patch(swebench=real / "gold.jsonl")
    notes: List[Dict[str, Any]] = gold.notes
    units = readcov.gold_from_patch(swebench=real / "gold.jsonl", expand="units", workspaces=sources, max_unit=200, window=10)
    diff = readcov.gold_from_patch("--- a/x.py\n+++ b/x.py\n@@ -1,1 +1,1 @@\n-a\n+b\n", task="t", anchor=1, exclude_tests=True)
    rows: readcov.ScoreResult = readcov.score(gold, reads, threshold=0.5, breakdown=False, widen=10, workspaces=sources)
    humans: readcov.ScoreResult = readcov.score(gold, reads, sources=["agent", "human"], breakdown=False)
    labelled: readcov.ScoreResult = readcov.score(gold, reads, outcomes=real / "gold.jsonl", workspaces=sources)
    resolved: Optional[bool] = labelled[0]["resolved"]
    per_run: readcov.ScoreResult = readcov.score(gold, reads, outcomes={"openhands": real / "gold.jsonl"})
    as_args: readcov.OutcomesInput = [f"openhands={real / 'gold.jsonl'}", ("openhands", real / "gold.jsonl")]
    merged_labels: readcov.ScoreResult = readcov.score(gold, reads, outcomes=as_args)
    frame = reads.to_pandas()
    from_frame = readcov.score(gold.to_pandas(), frame)
    table = rows.to_arrow()
    totals: Dict[str, Any] = rows.totals
    columns: readcov.ScoreResult = readcov.score(gold, reads, breakdown="columns")
    span_columns: Dict[str, List[Any]] = columns.spans
    file_rows: int = len(columns.files["task"])
    parts = [readcov.score(gold, reads, shard=(i, 2)) for i in range(2)]
    merged: Dict[str, Any] = readcov.merge([p.partial for p in parts])
    shard: int = readcov.shard_of("pallets__flask-5014", 2)
    task: str = rows[0]["task"]
    explained: readcov.Explanation = readcov.explain(gold, reads, task, run=None, threshold=0.5, sources="agent,human")
    files = explained.to_pandas()
    explained_table = explained.to_arrow()  # the gold files as Arrow (session 36)
    staged: readcov.Explanation = readcov.explain(
        real / "gold.jsonl", logs[0], "pallets__flask-5014", workspaces=sources, patches=None, test_reports=None, stages=True
    )
    diagnosed: readcov.DiagnoseResult = readcov.diagnose(
        real / "gold.jsonl", reads, workspaces=sources, outcomes=real / "gold.jsonl", group_by="run", shard=None,
        sources=("agent", "human", "retriever"), jobs=2,
    )
    summary: List[Dict[str, Any]] = diagnosed.summary
    verdicts = diagnosed.to_pandas()["verdict"].value_counts()
    sets: readcov.GoldSetsResult = readcov.score_sets(
        {"edit": gold, "all": real / "gold.jsonl"}, reads, outcomes=real / "gold.jsonl", consensus=True,
        agree="all", min_runs=1, loo_failed="matched", workspaces=sources, shard=None, widen=10, sources=None,
    )
    set_totals: List[Dict[str, Any]] = sets.totals
    by_set = sets.to_pandas()
    chunks = real.parent.parent / "fixtures" / "retriever" / "chunks.jsonl"
    ranked: readcov.AtKResult = readcov.at_k(
        real / "gold.jsonl", chunks, k=(1, 5), threshold=0.5, workspace=None, workspaces=sources, widen=10,
        sources="retriever", trec_run="file",
    )
    trec: Optional[str] = ranked.trec_run
    points: List[Dict[str, Any]] = ranked.points
    curves = ranked.to_pandas()
    written: readcov.ReportResult = readcov.report(
        {"edit": gold, "all": real / "gold.jsonl"}, reads, html=out / "r.html", lcov=out / "r.lcov",
        sarif=out / "r.sarif", lcov_gold_unread=False, outcomes=real / "gold.jsonl", units=None, title="t",
        threshold=0.5, workspaces=sources, at_k=(1, 5), stages=True, patches=None, test_reports=None,
        runs=None, ledger=None, tasks=None, k=None, sources=["agent", "human", "retriever"],
    )
    page: str = written.html
    consensus: readcov.GoldResult = readcov.gold_from_runs(reads, real / "gold.jsonl", agree="all", min_runs=1)
    consensus_per_run = readcov.gold_from_runs(reads, {"openhands": real / "gold.jsonl"}, min_runs=1)
    beir_dir = real.parent.parent / "fixtures" / "beir"
    beir: readcov.GoldResult = readcov.gold_from_beir(beir_dir, corpus=beir_dir / "corpus.jsonl", split="test",
                                                      workspaces=sources, qrels="unit")
    qrels_text: Optional[str] = beir.qrels
    unjudged: List[str] = readcov.gold_from_patch(swebench=real / "gold.jsonl", qrels="file").qrels_unjudged
    limits: Tuple[int, int] = readcov.set_parquet_limits()
    per_set: List[readcov.Explanation] = readcov.explain_sets({"a": gold, "b": gold}, reads, task, stages=False)
    cb_dir = real.parent.parent / "fixtures" / "contextbench"
    cb: readcov.ContextBenchResult = readcov.contextbench(
        cb_dir / "gold.jsonl", cb_dir / "preds.jsonl", workspaces=cb_dir / "ws", blocks=True, jobs=1
    )
    cb_summaries: List[Dict[str, Any]] = cb.summaries
    loc_dir = real.parent.parent / "fixtures" / "locbench"
    located: readcov.LocbenchResult = readcov.locbench(
        loc_dir / "swebench-lite3.jsonl", loc_dir / "locagent-claude35-lite3.jsonl", workspaces=sources,
        k_file=(1, 3), k_module=(5,), k_function=(5, 10), errors="raise",
    )
    loc_levels: List[Dict[str, Any]] = located.levels
    listed: readcov.UnitsResult = readcov.units(
        [sources / "psf__requests-1724" / "requests" / "sessions.py"], lang=None, errors="raise"
    )
    unit_notes: List[str] = listed.notes
    # A valid benchmark row (`ground_truth` an object): with none valid, `explore` raises the
    # CLI's "no valid benchmark rows, nothing to score" even with errors="collect" (session 37).
    bench = [{"instance_id": "i", "ground_truth": {"read_core_files": ["a.py"],
                                                   "read_core_regions": [{"path": "a.py", "start": 1, "end": 2}]}}]
    preds = [{"instance_id": "i", "regions": [{"path": "a.py", "start": 1, "end": 2}]}]
    explored: readcov.ExploreResult = readcov.explore(bench, preds, top_k=5, explorer="mine", errors="collect")
    top_k: Optional[int] = explored.top_k
    # `instance` names what a text-form predictions file answers (refused beside JSONL alone).
    text_preds = out / "agent.txt"
    text_preds.write_text("a.py:1-2\n")
    notes_explore: List[str] = readcov.explore(bench, [text_preds], workspace=sources, instance="i",
                                               errors="collect").notes
    sheet: readcov.SheetResult = readcov.sheet(
        [{"task": "t", "run": "r", "condition": "c", "resolved": True}], k=(1,), errors="collect"
    )
    doc: Dict[str, Any] = sheet.doc
    sheet_notes: List[str] = readcov.sheet(
        [{"task": "pallets__flask-5014", "run": "openhands", "condition": "c", "target": True}],
        gold=real / "gold.jsonl", reads=logs[0], sources="agent", threshold=0.5, errors="collect",
    ).notes
    where: str = ""
    problems: List[readcov.InputError] = []
    try:
        readcov.score(out / "missing.jsonl", reads)
    except readcov.InputError as e:
        where = f"{e.file}:{e.line} {e.field} {e.message}"
        problems = e.errors
    return {
        "runs": runs, "one": len(one), "notes": len(notes), "units": len(units), "diff": len(diff),
        "rows": len(rows), "from_frame": len(from_frame), "columns": table.num_columns, "totals": totals,
        "merged": merged["totals"] == totals, "shard": shard, "files": len(files), "file_columns": explained_table.num_columns, "explored": len(explored),
        "top_k": top_k, "sheet": len(sheet), "doc": sorted(doc), "where": where, "problems": len(problems),
        "version": readcov.__version__, "staged": staged["stages"] is not None,
        "diagnosed": len(diagnosed), "groups": len(summary), "verdicts": int(verdicts.sum()),
        "consensus": len(consensus), "sets": len(sets), "sheet_notes": len(sheet_notes), "report_tasks": written["tasks"], "page": len(page), "at_k": len(ranked), "points": len(points), "curve_columns": len(curves.columns), "labelled": len(labelled), "resolved": resolved, "set_totals": len(set_totals),
        "humans": len(humans), "trec_lines": 0 if trec is None else len(trec.splitlines()),
        "set_columns": len(by_set.columns), "contextbench": len(cb), "cb_summaries": len(cb_summaries),
        "locbench": len(located), "loc_levels": len(loc_levels),
        "listed_units": len(listed), "unit_notes": len(unit_notes),
        "per_run": len(per_run), "merged_labels": len(merged_labels), "consensus_per_run": len(consensus_per_run),
        "parquet_rows": limits[0], "per_set": len(per_set), "stated": len(stated), "trec_rows": len(trec_reads),
        "import_notes": len(import_notes),
    }


if __name__ == "__main__":
    print(main(Path(sys.argv[1]), Path(sys.argv[2])))
