//! Score rows with their unit figures, a few thousand tasks at a time: `readcov_core::score_batch`
//! and [`unit_scores`] over one chunk of tasks, then the next. Each (task, run) scores as if
//! alone, so the chunks' rows, in order, are the rows of one batch; only one chunk's engine rows
//! (~350 bytes each with their unit scores) are held at once — the language server's summary
//! answers a whole workspace under its memory budget this way.

use crate::{unit_scores, FileSyntax, UnitScore};
use readcov_core::{score_batch, FileLengths, GoldSpan, ReadSpan, ScoreOptions, TaskRunScore};
use std::collections::BTreeMap;

/// How rows are scored: the lengths, the options, the gold files' syntax and the chunk size.
#[derive(Clone, Copy)]
pub struct ChunkScoring<'a> {
    pub lengths: &'a dyn FileLengths,
    pub opts: &'a ScoreOptions,
    pub syntax: &'a BTreeMap<String, FileSyntax>,
    /// Tasks scored at once (at least one).
    pub per_chunk: usize,
}

impl ChunkScoring<'_> {
    /// Scores `gold` and `reads` (both sorted by task) `per_chunk` tasks at a time, handing
    /// each chunk's gold, its `score_batch` rows (task, then run) and their unit scores (widen
    /// 0), row for row, to `each_chunk`.
    pub fn run<'g>(
        &self,
        gold: &[&'g GoldSpan],
        reads: &[ReadSpan],
        mut each_chunk: impl FnMut(&[&'g GoldSpan], Vec<TaskRunScore>, Vec<UnitScore>),
    ) {
        let (mut g, mut r) = (0, 0);
        while g < gold.len() || r < reads.len() {
            let (g0, r0) = (g, r);
            for _ in 0..self.per_chunk.max(1) {
                // The next task in order, from the gold or the reads.
                let next = match (gold.get(g), reads.get(r)) {
                    (Some(a), Some(b)) => a.task.as_str().min(b.task.as_str()),
                    (Some(a), None) => a.task.as_str(),
                    (None, Some(b)) => b.task.as_str(),
                    (None, None) => break,
                };
                let next = next.to_string();
                g += (gold[g..].iter())
                    .take_while(|s| s.task.as_str() == next)
                    .count();
                r += reads[r..].iter().take_while(|s| s.task == next).count();
            }
            let (gold, reads) = (&gold[g0..g], &reads[r0..r]);
            let rows = score_batch(gold.iter().copied(), reads, self.lengths, self.opts);
            let units = unit_scores(
                &rows,
                gold.iter().copied(),
                reads,
                self.lengths,
                self.opts,
                self.syntax,
                0,
            );
            each_chunk(gold, rows, units);
        }
    }
}
