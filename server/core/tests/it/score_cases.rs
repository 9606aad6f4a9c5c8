//! Hand-computed scoring cases: each states the inputs and the figures worked out by hand.

use readcov_core::{
    score_batch, GoldSpan, ReadSpan, ScoreOptions, Status, TaskRunScore, Tier, NO_RUN,
};
use std::collections::BTreeMap;

fn g(task: &str, path: &str, s: u32, e: u32) -> GoldSpan {
    GoldSpan {
        task: task.into(),
        ..GoldSpan::simple(path, s, e)
    }
}

fn r(task: &str, run: &str, path: &str, s: u32, e: u32) -> ReadSpan {
    ReadSpan {
        task: task.into(),
        run: run.into(),
        ..ReadSpan::simple(path, s, e)
    }
}

fn rows(gold: &[GoldSpan], reads: &[ReadSpan], lengths: &[(&str, u32)]) -> Vec<TaskRunScore> {
    let lengths: BTreeMap<String, u32> = lengths.iter().map(|(p, n)| (p.to_string(), *n)).collect();
    score_batch(gold, reads, &lengths, &ScoreOptions::default())
}

/// (task, run, file_hit, line_coverage, precision, gold, read, covered)
type Expect = (
    &'static str,
    &'static str,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    u64,
    u64,
    u64,
);

fn check(gold: &[GoldSpan], reads: &[ReadSpan], lengths: &[(&str, u32)], expected: &[Expect]) {
    let got = rows(gold, reads, lengths);
    let got: Vec<Expect> = got
        .iter()
        .map(|x| {
            let round = |v: Option<f64>| v.map(|v| (v * 10_000.0).round() / 10_000.0);
            let s = &x.score;
            (
                leak(&x.task),
                leak(&x.run),
                round(s.file_hit),
                round(s.line_coverage),
                round(s.precision),
                s.gold_lines,
                s.read_lines,
                s.covered_lines,
            )
        })
        .collect();
    assert_eq!(got, expected);
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

#[test]
fn the_readme_example() {
    // 4 of 16 gold lines; 35 lines read (4 + 31).
    check(
        &[g("t", "auth.py", 80, 95)],
        &[
            r("t", "a", "auth.py", 80, 83),
            r("t", "a", "utils.py", 10, 40),
        ],
        &[],
        &[("t", "a", Some(1.0), Some(0.25), Some(0.1143), 16, 35, 4)],
    );
}

#[test]
fn overlapping_gold_spans_count_once() {
    // Gold union is 10-25 (16 lines); read 10-17 covers 8.
    check(
        &[g("t", "x.py", 10, 20), g("t", "x.py", 15, 25)],
        &[r("t", "a", "x.py", 10, 17)],
        &[],
        &[("t", "a", Some(1.0), Some(0.5), Some(1.0), 16, 8, 8)],
    );
}

#[test]
fn gold_file_never_read_and_reads_on_other_files() {
    // Two gold files of 10 lines; only a.py read (5 gold lines) plus 10 lines of c.py.
    check(
        &[g("t", "a.py", 1, 10), g("t", "b.py", 1, 10)],
        &[r("t", "a", "a.py", 6, 10), r("t", "a", "c.py", 1, 10)],
        &[],
        &[("t", "a", Some(0.5), Some(0.25), Some(0.3333), 20, 15, 5)],
    );
}

#[test]
fn spans_past_end_of_file_are_clipped_when_length_known() {
    // a.py has 12 lines: gold 10-20 becomes 10-12 (3 lines); read 1-100 becomes 1-12.
    check(
        &[g("t", "a.py", 10, 20)],
        &[r("t", "a", "a.py", 1, 100)],
        &[("a.py", 12)],
        &[("t", "a", Some(1.0), Some(1.0), Some(0.25), 3, 12, 3)],
    );
    // Without a length, spans are taken as written.
    check(
        &[g("t", "a.py", 10, 20)],
        &[r("t", "a", "a.py", 1, 100)],
        &[],
        &[("t", "a", Some(1.0), Some(1.0), Some(0.11), 11, 100, 11)],
    );
}

#[test]
fn unscored_task_is_never_zero() {
    // Task u has reads but no gold; optional-only gold is not core gold either.
    let mut opt = g("v", "a.py", 1, 5);
    opt.tier = Tier::Optional;
    let got = rows(
        &[opt],
        &[r("u", "a", "a.py", 1, 5), r("v", "a", "a.py", 1, 5)],
        &[],
    );
    assert_eq!(got.len(), 2);
    for row in &got {
        assert_eq!(row.score.status, Status::Unscored, "{}", row.task);
        assert_eq!(row.score.line_coverage, None);
        assert_eq!(row.score.passes_threshold, None);
    }
}

#[test]
fn task_without_runs_is_shown_not_scored() {
    // Gold and no run: a `-` row that keeps the gold lines and measures nothing (never a 0).
    check(
        &[g("t", "a.py", 1, 4)],
        &[],
        &[],
        &[("t", NO_RUN, None, None, None, 4, 0, 0)],
    );
    let got = rows(&[g("t", "a.py", 1, 4)], &[], &[]);
    assert_eq!(got[0].score.status, readcov_core::metrics::Status::NoRun);
    assert_eq!(got[0].score.passes_threshold, None);
    let t = readcov_core::totals(got.iter().map(|r| &r.score));
    assert_eq!(
        (t.rows, t.scored, t.no_run, t.mean_line_coverage),
        (1, 0, 1, None)
    );
    assert_eq!(t.not_scored_note(), " · 1 task(s) with no run, not scored");
}

/// Runs named by labels or run records (`NamedRuns`): one that read nothing is a scored row
/// with coverage 0, in run-name order among the reads' runs, counted in the means; a task
/// whose only runs are named gets no `-` row; a named run of a task without gold, no row.
#[test]
fn named_runs_with_no_reads_are_scored_zero_and_counted() {
    let gold = [g("t", "a.py", 1, 4), g("u", "b.py", 1, 2)];
    let reads = [r("t", "b", "a.py", 1, 4)];
    let named = readcov_core::NamedRuns::new(
        [("t", "a"), ("t", "b"), ("t", "c"), ("u", "x"), ("zz", "y")]
            .map(|(t, r)| (t.to_string(), r.to_string())),
    );
    let got = readcov_core::score_batch_named(
        &gold,
        &reads,
        &named,
        &readcov_core::UnknownLengths,
        &ScoreOptions::default(),
    );
    type Seen<'a> = (&'a str, &'a str, Status, Option<f64>, Option<f64>);
    let seen: Vec<Seen> = got
        .iter()
        .map(|x| {
            let s = &x.score;
            (
                x.task.as_str(),
                x.run.as_str(),
                s.status,
                s.line_coverage,
                s.precision,
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("t", "a", Status::Scored, Some(0.0), Some(0.0)),
            ("t", "b", Status::Scored, Some(1.0), Some(1.0)),
            ("t", "c", Status::Scored, Some(0.0), Some(0.0)),
            ("u", "x", Status::Scored, Some(0.0), Some(0.0)),
        ]
    );
    let t = readcov_core::totals(got.iter().map(|r| &r.score));
    // Four scored rows, one passing: the mean is 1/4, not 1/1; nothing is "no run".
    assert_eq!((t.rows, t.scored, t.no_run, t.passing), (4, 4, 0, 1));
    assert_eq!(t.mean_line_coverage, Some(0.25));
    // Without the names, the same inputs give one scored row and a `-` row for `u`.
    let plain = rows(&gold, &reads, &[]);
    let runs: Vec<(&str, &str)> = plain
        .iter()
        .map(|x| (x.task.as_str(), x.run.as_str()))
        .collect();
    assert_eq!(runs, [("t", "b"), ("u", NO_RUN)]);
}

/// Found by scripts/score_oracle.py: a named run of a task without gold got an unscored row when
/// another run had read the task (docs/formats.md: a named run of a task without gold adds no
/// row). The reading run keeps its unscored row; the named one adds none, before or after it.
#[test]
fn named_run_of_a_task_without_gold_adds_no_row_beside_reads() {
    let gold = [g("t", "a.py", 1, 4)];
    let reads = [r("t", "b", "a.py", 1, 4), r("v", "m", "b.py", 1, 2)];
    let named = readcov_core::NamedRuns::new(
        [("t", "a"), ("v", "a"), ("v", "z")].map(|(t, r)| (t.to_string(), r.to_string())),
    );
    let got = readcov_core::score_batch_named(
        &gold,
        &reads,
        &named,
        &readcov_core::UnknownLengths,
        &ScoreOptions::default(),
    );
    let seen: Vec<(&str, &str, Status)> = got
        .iter()
        .map(|x| (x.task.as_str(), x.run.as_str(), x.score.status))
        .collect();
    assert_eq!(
        seen,
        [
            ("t", "a", Status::Scored),
            ("t", "b", Status::Scored),
            ("v", "m", Status::Unscored),
        ]
    );
}

#[test]
fn many_tasks_and_runs_in_one_file() {
    check(
        &[g("t1", "a.py", 1, 10), g("t2", "b.py", 1, 4)],
        &[
            r("t1", "r1", "a.py", 1, 5),
            r("t1", "r2", "a.py", 1, 10),
            r("t2", "r1", "b.py", 4, 4),
            r("t2", "r1", "b.py", 4, 9),
        ],
        &[],
        &[
            ("t1", "r1", Some(1.0), Some(0.5), Some(1.0), 10, 5, 5),
            ("t1", "r2", Some(1.0), Some(1.0), Some(1.0), 10, 10, 10),
            ("t2", "r1", Some(1.0), Some(0.25), Some(0.1667), 4, 6, 1),
        ],
    );
}

#[test]
fn manual_reads_do_not_count_by_default_and_edits_never_do() {
    let mut manual = r("t", "a", "a.py", 1, 10);
    manual.source = readcov_core::Source::Manual;
    let mut edit = r("t", "a", "a.py", 1, 10);
    edit.kind = readcov_core::EventKind::Edit;
    check(
        &[g("t", "a.py", 1, 10)],
        &[manual, edit],
        &[],
        &[("t", "a", Some(0.0), Some(0.0), Some(0.0), 10, 0, 0)],
    );
}

#[test]
fn span_breakdown_lists_unread_ranges() {
    let got = rows(
        &[g("t", "a.py", 80, 95)],
        &[r("t", "a", "a.py", 80, 83), r("t", "a", "a.py", 90, 90)],
        &[],
    );
    let span = &got[0].score.spans[0];
    assert_eq!((span.gold_lines, span.covered_lines), (16, 5));
    assert_eq!(span.unread.to_string(), "84-89,91-95");
}

/// Each gold file and span keeps its own path, figures and unread lines, in path order (files)
/// and gold order (spans); a span past a file's known end is measured on the lines that exist.
#[test]
fn breakdown_per_file_and_span_with_several_files() {
    let got = rows(
        &[
            g("t", "b.py", 10, 19),
            g("t", "a.py", 1, 4),
            g("t", "c.py", 5, 30),
            g("t", "b.py", 40, 41),
        ],
        &[
            r("t", "x", "b.py", 15, 40),
            r("t", "x", "c.py", 1, 2),
            r("t", "x", "z.py", 1, 9),
        ],
        &[("c.py", 20)],
    );
    let files: Vec<(&str, u64, u64, bool)> = (got[0].score.files.iter())
        .map(|f| (&*f.path, f.gold_lines, f.covered_lines, f.hit))
        .collect();
    assert_eq!(
        files,
        [
            ("a.py", 4, 0, false),
            ("b.py", 12, 6, true),
            ("c.py", 16, 0, true),
        ]
    );
    let spans: Vec<(&str, u32, u64, u64, String)> = (got[0].score.spans.iter())
        .map(|s| {
            let unread = s.unread.to_string();
            (&*s.path, s.start, s.gold_lines, s.covered_lines, unread)
        })
        .collect();
    assert_eq!(
        spans,
        [
            ("b.py", 10, 10, 5, "10-14".to_string()),
            ("a.py", 1, 4, 0, "1-4".to_string()),
            ("c.py", 5, 16, 0, "5-20".to_string()),
            ("b.py", 40, 2, 1, "41".to_string()),
        ]
    );
}
