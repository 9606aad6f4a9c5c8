//! Unit figures for every row of a score batch: regroups gold by task and reads by (task, run)
//! exactly as `readcov_core::score_batch` does, then scores units per row.

use crate::coverage::{run_unit_score_with, FileSyntax, OwnLines, UnitScore};
use readcov_core::{
    collect_lines, FileLengths, GoldSpan, ReadSpan, ScoreOptions, Status, TaskRunScore, Tier,
};
use std::collections::BTreeMap;

/// One [`UnitScore`] per row, in row order. `syntax` should cover the gold files.
pub fn unit_scores<'a>(
    rows: &[TaskRunScore],
    gold: impl IntoIterator<Item = &'a GoldSpan>,
    reads: &[ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    syntax: &BTreeMap<String, FileSyntax>,
    widen: u32,
) -> Vec<UnitScore> {
    // Same filters as score_batch: core gold only; read events from the chosen sources.
    let mut gold_by_task: BTreeMap<&str, Vec<&GoldSpan>> = BTreeMap::new();
    for g in gold.into_iter().filter(|g| g.tier == Tier::Core) {
        gold_by_task.entry(g.task.as_str()).or_default().push(g);
    }
    let mut reads_by_pair: BTreeMap<(&str, &str), Vec<&ReadSpan>> = BTreeMap::new();
    for r in reads.iter().filter(|r| opts.counts(r)) {
        reads_by_pair
            .entry((r.task.as_str(), r.run.as_str()))
            .or_default()
            .push(r);
    }
    // Each gold file's unit nesting, worked out once for all the rows.
    let own = OwnLines::of(syntax, syntax.keys().map(String::as_str));
    rows.iter()
        .map(|row| {
            let g = gold_by_task
                .get(row.task.as_str())
                .map_or(&[][..], Vec::as_slice);
            let r = reads_by_pair
                .get(&(row.task.as_str(), row.run.as_str()))
                .map_or(&[][..], Vec::as_slice);
            let gold_lines =
                collect_lines(g.iter().map(|s| (s.path.as_str(), s.start, s.end)), lengths);
            let read_lines =
                collect_lines(r.iter().map(|s| (s.path.as_str(), s.start, s.end)), lengths);
            let mut u = run_unit_score_with(&gold_lines, &read_lines, syntax, &own, lengths, widen);
            if row.score.status == Status::NoRun {
                // Nothing was measured (docs/metrics.md): the what-ifs are not coverages of 0,
                // as the row's own ratios are null and the table shows `-`.
                u.unit_hit = None;
                u.coverage_widened_to_units = None;
                u.coverage_widened_by_lines = None;
            }
            u
        })
        .collect()
}
