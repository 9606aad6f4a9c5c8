use super::*;
use crate::outcomes::parse_outcomes;
use readcov_core::EventKind;
use readcov_core::{Source, UnknownLengths};

fn read(task: &str, run: &str, path: &str, start: u32, end: u32) -> ReadSpan {
    let mut r = ReadSpan::simple(path, start, end);
    r.task = task.into();
    r.run = run.into();
    r
}

fn gold(task: &str, path: &str, start: u32, end: u32) -> GoldSpan {
    let mut g = GoldSpan::simple(path, start, end);
    g.task = task.into();
    g
}

/// (task, run, line coverage, label, counted reads)
type Row<'a> = (&'a str, &'a str, Option<f64>, Option<bool>, usize);

#[test]
fn rows_carry_labels_buckets_and_filtered_reads() {
    let golds = [gold("t1", "a.py", 1, 10), gold("t2", "b.py", 1, 4)];
    let mut manual = read("t1", "r1", "a.py", 5, 10);
    manual.source = Source::Manual;
    let mut edit = read("t1", "r1", "a.py", 1, 10);
    edit.kind = EventKind::Edit;
    let reads = [
        read("t1", "r1", "a.py", 1, 3),
        manual,
        edit,
        read("t1", "r2", "a.py", 1, 10),
    ];
    let labels = parse_outcomes(br#"{"task":"t1","resolved":true}"#, "o");
    let outcomes: Outcomes = labels.items.into_iter().collect();
    let opts = ScoreOptions::default();
    let r = build(&ReportInput {
        title: "t".into(),
        gold: &golds,
        reads: &reads,
        lengths: &UnknownLengths,
        opts: &opts,
        outcomes: Some(&outcomes),
        named: &readcov_core::NamedRuns::default(),
        units: None,
        skipped_input_errors: 0,
    });
    let got: Vec<Row> = r
        .rows
        .iter()
        .map(|x| {
            (
                x.task.as_str(),
                x.run.as_str(),
                x.score.line_coverage,
                x.resolved,
                x.reads.len(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("t1", "r1", Some(0.3), Some(true), 1),
            ("t1", "r2", Some(1.0), Some(true), 1),
            // Gold and no run: a row, nothing measured, in no bucket.
            ("t2", NO_RUN, None, None, 0),
        ]
    );
    assert_eq!((r.tasks, r.runs, r.labelled_runs), (2, 2, 2));
    let b = r.buckets.expect("labels given");
    let counts: Vec<(usize, usize, usize)> = b
        .iter()
        .map(|b| (b.labelled, b.resolved, b.unlabelled))
        .collect();
    assert_eq!(counts, vec![(0, 0, 0), (1, 1, 0), (0, 0, 0), (1, 1, 0)]);
    assert_eq!((r.totals.scored, r.totals.no_run), (2, 1));
}
