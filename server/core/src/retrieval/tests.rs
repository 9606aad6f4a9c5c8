//! The top-k cut, ties in rank, and the points of the curves, worked out by hand.

use super::*;
use crate::metrics::UnknownLengths;
use crate::span::Source;

fn chunk(task: &str, path: &str, s: u32, e: u32, rank: Option<u32>) -> ReadSpan {
    ReadSpan {
        task: task.into(),
        run: "ret".into(),
        source: Source::Retriever,
        rank,
        ..ReadSpan::simple(path, s, e)
    }
}

fn gold(task: &str, path: &str, s: u32, e: u32) -> GoldSpan {
    GoldSpan {
        task: task.into(),
        ..GoldSpan::simple(path, s, e)
    }
}

/// (k, file_hit, line_coverage, covered lines) of task `t`'s one row.
fn check(reads: &[ReadSpan], want: &[(u32, f64, f64, u64)]) {
    let g = [gold("t", "a.py", 10, 19)];
    for &(k, hit, cov, covered) in want {
        let none = NamedRuns::default();
        let rows = score_at_k(
            &g,
            reads,
            &none,
            &UnknownLengths,
            &ScoreOptions::default(),
            k,
        );
        assert_eq!(
            rows.len(),
            1,
            "k={k}: one row, even when every chunk is cut"
        );
        let s = &rows[0].score;
        assert_eq!(
            (
                rows[0].run.as_str(),
                s.file_hit,
                s.line_coverage,
                s.covered_lines
            ),
            ("ret", Some(hit), Some(cov), covered),
            "k={k}"
        );
    }
}

#[test]
fn top_k_keeps_rank_at_most_k_and_every_tie() {
    // Gold a.py 10-19 (10 lines). Rank 1 is another file; two chunks share rank 2.
    let reads = [
        chunk("t", "b.py", 1, 5, Some(1)),
        chunk("t", "a.py", 10, 12, Some(2)),
        chunk("t", "a.py", 15, 16, Some(2)),
        chunk("t", "a.py", 17, 19, Some(4)),
    ];
    check(
        &reads,
        &[
            (1, 0.0, 0.0, 0),
            (2, 1.0, 0.5, 5),
            (3, 1.0, 0.5, 5),
            (4, 1.0, 0.8, 8),
            (100, 1.0, 0.8, 8),
        ],
    );
}

#[test]
fn rows_without_rank_are_never_cut() {
    let reads = [
        chunk("t", "a.py", 10, 11, None),
        chunk("t", "a.py", 12, 19, Some(3)),
    ];
    check(&reads, &[(1, 1.0, 0.2, 2), (3, 1.0, 1.0, 10)]);
    assert!(within_k(&reads[0], 1) && !within_k(&reads[1], 2) && within_k(&reads[1], 3));
}

#[test]
fn the_point_at_k_averages_scored_rows_and_counts_the_wall() {
    let g = [
        gold("t", "a.py", 1, 10),
        gold("u", "a.py", 1, 4),
        gold("v", "x.py", 1, 1),
    ];
    let reads = [
        chunk("t", "a.py", 1, 6, Some(1)), // 0.6: passes
        chunk("u", "a.py", 1, 1, Some(1)), // 0.25
        chunk("u", "a.py", 2, 4, Some(2)), // at k=2: 1.0
        chunk("w", "a.py", 1, 1, Some(1)), // no gold: unscored
    ];
    let opts = ScoreOptions::default();
    let none = NamedRuns::default();
    let at = |k| summarize(k, &score_at_k(&g, &reads, &none, &UnknownLengths, &opts, k));
    let one = at(1);
    // Rows: t, u, v (`-`: nobody retrieved for it: no run, not scored, as trec_eval leaves
    // out queries the run has no results for), w (unscored).
    assert_eq!((one.rows, one.scored, one.passing), (4, 2, 1));
    assert_eq!(one.mean_line_coverage, Some((0.6 + 0.25) / 2.0));
    assert_eq!(one.mean_file_hit, Some(1.0));
    assert_eq!(one.share_passing, Some(1.0 / 2.0));
    let two = at(2);
    assert_eq!(
        (two.passing, two.mean_line_coverage),
        (2, Some((0.6 + 1.0) / 2.0))
    );
}

/// A run named outside the reads (a label, a run record) that retrieved nothing is a scored row
/// at every k, counted in the point's denominators as nothing retrieved (coverage 0, file hit 0),
/// as `readcov score` counts it; a named run of a task without gold adds no row. Before session
/// 34 the curves left it out: 1 row at k=1, mean coverage 0.6 and 1/1 passing, not 0.3 and 1/2.
#[test]
fn a_named_run_that_retrieved_nothing_counts_at_every_k() {
    let g = [gold("t", "a.py", 1, 10)];
    let reads = [chunk("t", "a.py", 1, 6, Some(1))];
    let named = NamedRuns::new([
        ("t".to_string(), "idle".to_string()),
        ("nogold".to_string(), "idle".to_string()),
    ]);
    let opts = ScoreOptions::default();
    for k in [1, 5] {
        let rows = score_at_k(&g, &reads, &named, &UnknownLengths, &opts, k);
        let runs: Vec<&str> = rows.iter().map(|r| r.run.as_str()).collect();
        assert_eq!(runs, ["idle", "ret"], "k={k}");
        let idle = &rows[0].score;
        assert_eq!(
            (
                idle.status,
                idle.line_coverage,
                idle.file_hit,
                idle.read_lines
            ),
            (crate::metrics::Status::Scored, Some(0.0), Some(0.0), 0)
        );
        let at = summarize(k, &rows);
        assert_eq!((at.rows, at.scored, at.passing), (2, 2, 1), "k={k}");
        assert_eq!(at.mean_line_coverage, Some(0.3));
        assert_eq!((at.mean_file_hit, at.share_passing), (Some(0.5), Some(0.5)));
    }
}

#[test]
fn ks_parse_sorted_once_each_and_positive() {
    assert_eq!(parse_ks("10,1,3,3"), Ok(vec![1, 3, 10]));
    assert_eq!(parse_ks(" 5 "), Ok(vec![5]));
    for bad in ["0", "", "a", "1,-2"] {
        assert!(parse_ks(bad).is_err(), "{bad}");
    }
}
