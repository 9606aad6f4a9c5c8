//! Unit coverage maths on small hand-computed cases: gold units, unit_hit, read fractions, and
//! both widening what-ifs with their line costs.

use readcov_core::{FileLines, LineSet};
use readcov_units::{file_unit_coverage, gold_units, run_unit_score, FileSyntax, Unit};
use std::collections::BTreeMap;

fn u(kind: &str, name: &str, start: u32, end: u32, depth: u32) -> Unit {
    Unit {
        kind: kind.into(),
        name: name.into(),
        start,
        end,
        depth,
    }
}

/// class C 1-20 { method a 3-8, method b 10-18 { function inner 12-14 } }, function top 25-30.
fn sample() -> Vec<Unit> {
    vec![
        u("class", "C", 1, 20, 0),
        u("method", "a", 3, 8, 1),
        u("method", "b", 10, 18, 1),
        u("function", "inner", 12, 14, 2),
        u("function", "top", 25, 30, 0),
    ]
}

fn set(ivs: &[(u32, u32)]) -> LineSet {
    ivs.iter()
        .fold(LineSet::new(), |s, &(a, b)| s.union(&LineSet::span(a, b)))
}

#[test]
fn gold_units_are_innermost() {
    let units = sample();
    let check = |gold: &[(u32, u32)], want: &[&str]| {
        let got: Vec<&str> = gold_units(&units, &set(gold))
            .iter()
            .map(|u| u.name.as_str())
            .collect();
        assert_eq!(got, want, "gold {gold:?}");
    };
    check(&[(4, 4)], &["a"]);
    check(&[(13, 13)], &["inner"]);
    check(&[(11, 11)], &["b"]);
    check(&[(12, 14)], &["inner"]);
    check(&[(2, 2)], &["C"]);
    check(&[(9, 9)], &["C"]);
    check(&[(22, 23)], &[]);
    check(&[(5, 5), (15, 15), (26, 26)], &["a", "b", "top"]);
    check(&[(8, 13)], &["C", "a", "b", "inner"]);
}

#[test]
fn file_figures() {
    let units = sample();
    // Gold in a (4-5) and in top (26); reads touch a at 3 only; top unread; 40 is outside units.
    let f = file_unit_coverage(
        "x.py",
        &units,
        &set(&[(4, 5), (26, 26), (40, 40)]),
        &set(&[(3, 3)]),
    );
    let got: Vec<(&str, u64, u64, bool)> = f
        .gold_units
        .iter()
        .map(|g| (g.name.as_str(), g.gold_lines, g.read_lines, g.hit))
        .collect();
    assert_eq!(got, vec![("a", 2, 1, true), ("top", 1, 0, false)]);
    assert!((f.gold_units[0].read_fraction - 1.0 / 6.0).abs() < 1e-12);
    assert_eq!(f.widened, set(&[(3, 8)]));
    assert_eq!(f.gold_lines_outside_units, 1);
}

fn lines(items: &[(&str, &[(u32, u32)])]) -> FileLines {
    items
        .iter()
        .map(|(p, ivs)| (p.to_string(), set(ivs)))
        .collect()
}

#[test]
fn run_score_widening_what_if() {
    let gold = lines(&[("x.py", &[(4, 5), (26, 26)]), ("notes.txt", &[(2, 2)])]);
    let read = lines(&[("x.py", &[(3, 3)]), ("other.py", &[(50, 50)])]);
    let syntax: BTreeMap<String, FileSyntax> = [
        (
            "x.py".to_string(),
            FileSyntax::Units {
                units: sample(),
                parse_errors: 0,
            },
        ),
        ("notes.txt".to_string(), FileSyntax::Unsupported),
    ]
    .into_iter()
    .collect();
    let lengths: BTreeMap<String, u32> = [("x.py".to_string(), 30), ("other.py".to_string(), 55)]
        .into_iter()
        .collect();
    let s = run_unit_score(&gold, &read, &syntax, &lengths, 2);
    assert_eq!((s.gold_units, s.gold_units_hit), (2, 1));
    assert_eq!(s.unit_hit, Some(0.5));
    // Gold lines: 4, 5, 26 in x.py and 2 in notes.txt = 4. Widened to a (3-8): 4 and 5 covered.
    assert_eq!(s.coverage_widened_to_units, Some(0.5));
    assert_eq!(s.extra_lines_units, 5);
    // ±2 around line 3: 1-5 covers 4 and 5; other.py 48-52; notes.txt unread.
    assert_eq!(s.coverage_widened_by_lines, Some(0.5));
    // x.py: 1-5 adds 4 lines; other.py: 48-52 adds 4 (55 lines long, no clipping).
    assert_eq!(s.extra_lines_by_lines, 8);
    assert_eq!(s.gold_lines_outside_units, 1);
    assert_eq!(
        s.unit_notes,
        vec!["notes.txt: line metrics only (no grammar for this language)".to_string()]
    );
}

#[test]
fn clips_widening_at_end_of_file_and_handles_no_reads() {
    let gold = lines(&[("x.py", &[(29, 30)])]);
    let read = lines(&[("x.py", &[(30, 30)])]);
    let syntax: BTreeMap<String, FileSyntax> = [(
        "x.py".to_string(),
        FileSyntax::Units {
            units: sample(),
            parse_errors: 3,
        },
    )]
    .into_iter()
    .collect();
    let lengths: BTreeMap<String, u32> = [("x.py".to_string(), 30)].into_iter().collect();
    let s = run_unit_score(&gold, &read, &syntax, &lengths, 10);
    assert_eq!(s.extra_lines_by_lines, 10, "20-30 minus the line read");
    assert_eq!(s.extra_lines_units, 5, "top is 25-30");
    assert_eq!(s.coverage_widened_to_units, Some(1.0));
    assert_eq!(s.parse_errors, 3);
    assert_eq!(s.unit_notes.len(), 1);

    let none = run_unit_score(&gold, &FileLines::new(), &syntax, &lengths, 10);
    assert_eq!(
        (none.gold_units, none.gold_units_hit, none.unit_hit),
        (1, 0, Some(0.0))
    );
    assert_eq!(none.coverage_widened_to_units, Some(0.0));
    assert_eq!((none.extra_lines_units, none.extra_lines_by_lines), (0, 0));
    assert_eq!(none.unit_detail[0].read_fraction, 0.0);
}

#[test]
fn no_gold_is_unscored_not_zero() {
    let s = run_unit_score(
        &FileLines::new(),
        &lines(&[("a.py", &[(1, 1)])]),
        &BTreeMap::new(),
        &BTreeMap::<String, u32>::new(),
        10,
    );
    assert_eq!(
        (
            s.unit_hit,
            s.coverage_widened_to_units,
            s.coverage_widened_by_lines
        ),
        (None, None, None)
    );
    assert_eq!(
        s.extra_lines_by_lines, 10,
        "unknown length: 1-11 minus the line read"
    );
}

#[test]
fn unavailable_source_says_why() {
    let gold = lines(&[("gone.py", &[(1, 2)])]);
    let read = lines(&[("gone.py", &[(1, 1)])]);
    let syntax: BTreeMap<String, FileSyntax> = [(
        "gone.py".to_string(),
        FileSyntax::Unavailable("not found in workspace".into()),
    )]
    .into_iter()
    .collect();
    let s = run_unit_score(&gold, &read, &syntax, &BTreeMap::<String, u32>::new(), 10);
    assert_eq!(s.coverage_widened_to_units, Some(0.5));
    assert_eq!(s.coverage_widened_by_lines, Some(1.0));
    assert_eq!(
        s.unit_notes,
        vec!["gone.py: line metrics only (not found in workspace)".to_string()]
    );
}

/// A batch of many runs over the same files (their units' nesting worked out once for all of
/// them) gives every row what scoring that run alone gives.
#[test]
fn a_batch_of_runs_scores_each_as_if_alone() {
    use readcov_core::{
        collect_lines, score_batch, GoldSpan, ReadSpan, ScoreOptions, UnknownLengths,
    };
    let syntax: BTreeMap<String, FileSyntax> = ["x.py", "y.py"]
        .into_iter()
        .map(|p| {
            let units = FileSyntax::Units {
                units: sample(),
                parse_errors: 0,
            };
            (p.to_string(), units)
        })
        .collect();
    let mut gold = Vec::new();
    let mut reads = Vec::new();
    for t in 0..40u32 {
        let task = format!("t{t}");
        let path = if t % 2 == 0 { "x.py" } else { "y.py" };
        let line = 1 + t % 30;
        gold.push(GoldSpan {
            task: task.as_str().into(),
            ..GoldSpan::simple(path, line, line + 1)
        });
        for run in 0..3u32 {
            let start = 1 + (t * 7 + run * 5) % 30;
            reads.push(ReadSpan {
                task: task.clone(),
                run: format!("r{run}"),
                ..ReadSpan::simple(path, start, start + run)
            });
        }
    }
    let opts = ScoreOptions::default();
    let rows = score_batch(&gold, &reads, &UnknownLengths, &opts);
    let batch =
        readcov_units::unit_scores(&rows, &gold, &reads, &UnknownLengths, &opts, &syntax, 2);
    assert_eq!(batch.len(), rows.len());
    assert!(
        batch.iter().any(|s| s.gold_units_hit > 0),
        "some unit is hit"
    );
    for (row, got) in rows.iter().zip(&batch) {
        let g = (gold.iter())
            .filter(|s| s.task == row.task)
            .map(|s| (s.path.as_str(), s.start, s.end));
        let r = (reads.iter())
            .filter(|s| s.task == row.task && s.run == row.run)
            .map(|s| (s.path.as_str(), s.start, s.end));
        let (g, r) = (
            collect_lines(g, &UnknownLengths),
            collect_lines(r, &UnknownLengths),
        );
        let alone = run_unit_score(&g, &r, &syntax, &UnknownLengths, 2);
        assert_eq!(got, &alone, "{} {}", row.task, row.run);
    }
}

/// Found by scripts/score_oracle.py: a file read whose gold spans all lie past its end (clipped
/// to no line by `--workspace`) was left out of the ±N cost, which counts every file read
/// (docs/units.md); and a `no run` row had what-if coverages of 0.0 where its own ratios are
/// null (docs/metrics.md: nothing is measured).
#[test]
fn clipped_away_gold_file_still_widens_and_no_run_rows_have_no_what_ifs() {
    use readcov_core::{score_batch, GoldSpan, ReadSpan, ScoreOptions, Status};
    let gold = [
        GoldSpan {
            task: "t".into(),
            ..GoldSpan::simple("x.py", 40, 40)
        },
        GoldSpan {
            task: "t".into(),
            ..GoldSpan::simple("y.py", 5, 5)
        },
        GoldSpan {
            task: "n".into(),
            ..GoldSpan::simple("y.py", 12, 13)
        },
    ];
    let reads = [ReadSpan {
        task: "t".into(),
        run: "r".into(),
        ..ReadSpan::simple("x.py", 2, 4)
    }];
    let lengths: BTreeMap<String, u32> = [("x.py".to_string(), 30), ("y.py".to_string(), 30)]
        .into_iter()
        .collect();
    let syntax: BTreeMap<String, FileSyntax> = ["x.py", "y.py"]
        .map(|p| {
            let units = FileSyntax::Units {
                units: sample(),
                parse_errors: 0,
            };
            (p.to_string(), units)
        })
        .into_iter()
        .collect();
    let opts = ScoreOptions::default();
    let rows = score_batch(&gold, &reads, &lengths, &opts);
    let got = readcov_units::unit_scores(&rows, &gold, &reads, &lengths, &opts, &syntax, 10);
    let of = |task: &str| {
        let i = rows.iter().position(|r| r.task == task).expect("row");
        (rows[i].score.status, &got[i])
    };
    let (status, t) = of("t");
    assert_eq!(status, Status::Scored);
    assert_eq!(t.extra_lines_by_lines, 11, "x.py 2-4 widened to 1-14");
    assert_eq!(t.coverage_widened_by_lines, Some(0.0));
    let (status, n) = of("n");
    assert_eq!(status, Status::NoRun);
    assert_eq!(
        (
            n.unit_hit,
            n.coverage_widened_to_units,
            n.coverage_widened_by_lines
        ),
        (None, None, None)
    );
    assert_eq!(
        (n.gold_units, n.gold_units_hit),
        (1, 0),
        "its gold is still shown"
    );
}
