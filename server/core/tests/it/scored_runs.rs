//! Property test: runs scored apart — each batch of runs by `score_batch_named` on the gold of its
//! own tasks, as `score --reads <dataset>` scores a dataset's rows as they are imported — then put
//! back by `ScoredRuns::walk` give the rows of one `score_batch_named` over every read: the same
//! rows in the same order, the no-run rows of tasks nobody read, the named runs that read nothing
//! (of tasks read, unread, and without gold). A run split over two batches is found
//! (`run_held_twice`), never handed out twice.

use proptest::prelude::*;
use readcov_core::{
    score_batch_named, EventKind, GoldSpan, NamedRuns, ReadSpan, ScoreOptions, ScoredRuns,
    TaskRunScore, Tier, UnknownLengths,
};
use std::collections::BTreeSet;

const PATHS: [&str; 3] = ["a.py", "b.py", "c.py"];

fn gold_of(g: &[(usize, usize, u32, u32, bool)]) -> Vec<GoldSpan> {
    (g.iter())
        .map(|&(t, p, s, len, core)| GoldSpan {
            task: format!("t{t}").into(),
            tier: if core { Tier::Core } else { Tier::Optional },
            ..GoldSpan::simple(PATHS[p], s, s + len)
        })
        .collect()
}

fn reads_of(r: &[(usize, usize, usize, u32, u32, bool)]) -> Vec<ReadSpan> {
    (r.iter())
        .map(|&(t, run, p, s, len, edit)| ReadSpan {
            task: format!("t{t}"),
            run: format!("r{run}"),
            kind: if edit {
                EventKind::Edit
            } else {
                EventKind::Read
            },
            ..ReadSpan::simple(PATHS[p], s, s + len)
        })
        .collect()
}

/// The rows as comparable text (a row has no `PartialEq`; its JSON is what `score` prints).
fn texts(rows: &[TaskRunScore]) -> Vec<String> {
    (rows.iter())
        .map(|r| serde_json::to_string(r).unwrap())
        .collect()
}

/// Each run in the batch `batch_of` gives it (a run's reads all in one batch), each batch scored
/// on its tasks' gold, then walked.
fn scored_apart(
    gold: &[GoldSpan],
    reads: &[ReadSpan],
    named: &NamedRuns,
    opts: &ScoreOptions,
    batch_of: impl Fn(&ReadSpan) -> usize,
) -> (Option<(String, String)>, Vec<String>) {
    let batches: BTreeSet<usize> = reads.iter().map(&batch_of).collect();
    let mut runs = ScoredRuns::default();
    for b in batches {
        let batch: Vec<ReadSpan> = (reads.iter())
            .filter(|r| batch_of(r) == b)
            .cloned()
            .collect();
        let tasks: BTreeSet<&str> = batch.iter().map(|r| r.task.as_str()).collect();
        let batch_gold: Vec<GoldSpan> = (gold.iter())
            .filter(|g| tasks.contains(&*g.task))
            .cloned()
            .collect();
        let none = NamedRuns::default();
        runs.extend(score_batch_named(
            &batch_gold,
            &batch,
            &none,
            &UnknownLengths,
            opts,
        ));
    }
    let twice = (runs.run_held_twice()).map(|(t, r)| (t.to_string(), r.to_string()));
    let mut out = Vec::new();
    runs.walk(gold, named, &UnknownLengths, opts, |row, _| {
        out.push(serde_json::to_string(&row).unwrap())
    });
    (twice, out)
}

proptest! {
    #[test]
    fn runs_scored_apart_walk_to_the_rows_of_one_batch(
        g in prop::collection::vec((0usize..6, 0usize..3, 1u32..40, 0u32..15, prop::bool::weighted(0.8)), 0..14),
        r in prop::collection::vec((0usize..5, 0usize..4, 0usize..3, 1u32..40, 0u32..15, prop::bool::weighted(0.2)), 0..30),
        named in prop::collection::vec((0usize..7, 0usize..6), 0..6),
        salt in 0usize..7,
        breakdown in any::<bool>(),
    ) {
        let (gold, reads) = (gold_of(&g), reads_of(&r));
        let named = NamedRuns::new(named.iter().map(|&(t, r)| (format!("t{t}"), format!("r{r}"))));
        let opts = ScoreOptions { breakdown, ..ScoreOptions::default() };
        let all = score_batch_named(&gold, &reads, &named, &UnknownLengths, &opts);
        let want = texts(&all);
        // Batches by a hash of the run: every run whole in one batch.
        let by_run = |x: &ReadSpan| (x.task.len() * 7 + x.task.as_bytes()[1] as usize * 3 + x.run.as_bytes()[1] as usize + salt) % 3;
        let (twice, got) = scored_apart(&gold, &reads, &named, &opts, by_run);
        prop_assert_eq!(twice, None);
        prop_assert_eq!(got, want);
    }

    #[test]
    fn a_run_split_over_two_batches_is_found(
        r in prop::collection::vec((0usize..3, 0usize..2, 0usize..3, 1u32..40, 0u32..15, any::<bool>()), 2..20),
    ) {
        let reads = reads_of(&r);
        // The first read alone in batch 0, the rest in batch 1: the first read's run is split
        // exactly when a later read shares it.
        let first = (reads[0].task.clone(), reads[0].run.clone());
        let split = reads[1..].iter().any(|x| (&x.task, &x.run) == (&first.0, &first.1));
        // `scored_apart` asks about each read more than once: the first read is told by where
        // it sits.
        let first_ptr = &reads[0] as *const ReadSpan;
        let batch_of = |x: &ReadSpan| usize::from(!std::ptr::eq(x, first_ptr));
        let (twice, _) = scored_apart(&[], &reads, &NamedRuns::default(), &ScoreOptions::default(), batch_of);
        prop_assert_eq!(twice.is_some(), split);
        if split {
            prop_assert_eq!(twice, Some(first));
        }
    }
}
