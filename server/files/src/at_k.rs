//! Retrieval at k (`readcov score --at-k 1,3,5,10`, Python's `readcov.at_k`): a retriever's ranked
//! chunks scored with only each task's top k (rows with `rank ≤ k`), for every k — file hit@k and
//! coverage@k, the share of rows at the threshold, the widening what-if (±N lines, enclosing
//! units) with its extra lines, the chunks' line precision and IoU, and the IR measures at file,
//! unit and line level. Per task [`readcov_units::at_k_rows`] (the one scoring engine behind a
//! rank filter) with that task's file lengths and syntax from its workspace, then each k's point
//! (the `all` row of trec_eval). Inputs come loaded, with the runs named outside the reads
//! ([`NamedRuns`]: `score --at-k --outcomes`, `report --at-k`'s labels and run records,
//! Python's `at_k(outcomes=)`), each a row read or not; the edges render. See docs/retrievers.md.

use crate::scored::{lengths_of_inputs, Sources};
use crate::syntax::load_syntax;
use crate::task_dir;
use readcov_core::retrieval::{summarize, AtK};
use readcov_core::{GoldSpan, NamedRuns, ReadSpan, ScoreOptions};
use readcov_units::retrieval::levels::mean_level_measures;
use readcov_units::{
    at_k_rows, widening_totals, AtKRow, FileSyntax, LevelMeasures, WideningTotals,
};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One point of the curves and of the what-if: the `all` row of one k.
#[derive(Clone, Debug, Serialize)]
pub struct Point {
    #[serde(flatten)]
    pub at: AtK,
    #[serde(flatten)]
    pub widened: WideningTotals,
    /// Means over the rows that have them.
    pub measures: LevelMeasures,
}

/// Every k's point, and the rows by k, then task and run.
pub struct AtKScores {
    pub points: Vec<Point>,
    pub rows: Vec<AtKRow>,
}

/// Scores `reads` (ranked chunks) against `gold` at each k of `ks`, each task with its own file
/// lengths and syntax from `sources` (gold files and the chunks' files: unit measures judge every
/// retrieved unit), and each run `named` names a row of its gold task, read or not.
/// `sources` with one folder per task takes a canonical folder.
pub fn score_at_k(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    sources: Sources,
    opts: &ScoreOptions,
    widen: u32,
    ks: &[u32],
) -> AtKScores {
    let mut rows: Vec<AtKRow> = Vec::new();
    // Each task takes its own named runs (a pair of another task would only be passed over).
    let mut named_of: BTreeMap<&str, Vec<(String, String)>> = BTreeMap::new();
    for (t, run) in named.as_refs() {
        named_of.entry(t).or_default().push((t.into(), run.into()));
    }
    for (task, (g, r)) in by_task(gold, reads) {
        let (lengths, syntax) = task_inputs(sources, task, &g, &r);
        let ours = NamedRuns::new(named_of.remove(task).unwrap_or_default());
        rows.extend(at_k_rows(&g, &r, &ours, &lengths, opts, &syntax, widen, ks));
    }
    // Rows by k, then task and run (as one batch gives them).
    rows.sort_by(|a, b| (a.k, &a.task, &a.run).cmp(&(b.k, &b.task, &b.run)));
    let points = (ks.iter())
        .map(|&k| points_at(k, &rows, opts.threshold))
        .collect();
    AtKScores { points, rows }
}

/// Whether any read has a `rank` (without one every k scores the same reads: worth a warning).
pub fn any_ranked(reads: &[ReadSpan]) -> bool {
    reads.iter().any(|r| r.rank.is_some())
}

/// One task's file lengths and syntax (gold files and the chunks' files) from its workspace, if
/// it has one.
pub fn task_inputs(
    sources: Sources,
    task: &str,
    g: &[GoldSpan],
    r: &[ReadSpan],
) -> (BTreeMap<String, u32>, BTreeMap<String, FileSyntax>) {
    let dir: Option<PathBuf> = match sources {
        Sources::One(d) => Some(d.to_path_buf()),
        Sources::PerTask(dir) => task_dir(dir, task),
        Sources::None => None,
    };
    let lengths = lengths_of_inputs(dir.as_deref(), g, r);
    let syntax = dir
        .as_deref()
        .map(|d| {
            let mut files: Vec<GoldSpan> = g.to_vec();
            let paths: BTreeSet<&str> = r.iter().map(|x| x.path.as_str()).collect();
            files.extend(paths.into_iter().map(|p| GoldSpan {
                task: task.into(),
                ..GoldSpan::simple(p, 1, 1)
            }));
            load_syntax(Some(d), &files)
        })
        .unwrap_or_default();
    (lengths, syntax)
}

/// The curves' point at `k`: line metrics from the engine's rows, the what-if from theirs.
pub fn points_at(k: u32, rows: &[AtKRow], threshold: f64) -> Point {
    let at_k: Vec<&AtKRow> = rows.iter().filter(|r| r.k == k).collect();
    let scores: Vec<readcov_core::TaskRunScore> = at_k.iter().map(|r| as_score(r)).collect();
    let scored: Vec<&&AtKRow> = at_k.iter().filter(|r| r.line_coverage.is_some()).collect();
    let mean = |f: fn(&AtKRow) -> Option<f64>| {
        let v: Vec<f64> = scored.iter().filter_map(|r| f(r)).collect();
        (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
    };
    let mut at = summarize(k, &scores);
    at.mean_chunk_precision = mean(|r| r.chunk_precision);
    at.mean_chunk_iou = mean(|r| r.chunk_iou);
    Point {
        at,
        widened: widening_totals(at_k.iter().map(|r| &r.widening), threshold),
        measures: mean_level_measures(at_k.iter().map(|r| &r.measures)),
    }
}

/// The summary figures of a row back as a score row, for the engine's own totals.
fn as_score(r: &AtKRow) -> readcov_core::TaskRunScore {
    readcov_core::TaskRunScore {
        task: r.task.clone(),
        run: r.run.clone(),
        score: readcov_core::RunScore {
            status: r.status,
            file_hit: r.file_hit,
            line_coverage: r.line_coverage,
            precision: None,
            f1: None,
            gold_files: 0,
            files_hit: 0,
            gold_lines: r.gold_lines,
            read_lines: r.read_lines,
            covered_lines: r.covered_lines,
            passes_threshold: r.passes_threshold,
            files: Vec::new(),
            spans: Vec::new(),
        },
    }
}

/// Gold and reads per task, every task of either.
pub fn by_task<'a>(
    gold: &'a [GoldSpan],
    reads: &'a [ReadSpan],
) -> BTreeMap<&'a str, (Vec<GoldSpan>, Vec<ReadSpan>)> {
    let tasks: BTreeSet<&str> = gold
        .iter()
        .map(|g| g.task.as_str())
        .chain(reads.iter().map(|r| r.task.as_str()))
        .collect();
    let mut out: BTreeMap<&str, (Vec<GoldSpan>, Vec<ReadSpan>)> =
        tasks.into_iter().map(|t| (t, Default::default())).collect();
    for g in gold {
        out.get_mut(g.task.as_str())
            .expect("listed")
            .0
            .push(g.clone());
    }
    for r in reads {
        out.get_mut(r.task.as_str())
            .expect("listed")
            .1
            .push(r.clone());
    }
    out
}
