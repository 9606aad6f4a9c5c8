//! Explanations of small synthetic tasks, one field at a time.

use super::*;
use crate::formats::{parse_gold, parse_reads};
use crate::lineset::LineSet;
use crate::metrics::UnknownLengths;
use crate::span::EventKind;

fn gold(text: &str) -> Vec<GoldSpan> {
    let p = parse_gold(text.as_bytes(), "gold.jsonl", None);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    p.items
}

fn reads(text: &str) -> Vec<ReadSpan> {
    let p = parse_reads(text.as_bytes(), "reads.jsonl", None);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    p.items
}

fn ask<'a>(task: &'a str, run: Option<&'a str>, against: Option<&'a str>) -> ExplainRequest<'a> {
    ExplainRequest {
        task,
        run,
        against,
        more_runs: &[],
    }
}

fn run_of(g: &str, r: &str, req: ExplainRequest) -> Result<Explanation, ExplainError> {
    let opts = ScoreOptions::default();
    explain(
        &gold(g),
        &reads(r),
        &UnknownLengths,
        &opts,
        &UnitMap::new(),
        &req,
    )
}

fn ok(g: &str, r: &str, req: ExplainRequest) -> Explanation {
    run_of(g, r, req).expect("explains")
}

/// Two gold files: a.py lines 10-19 (read 10-14) and b.py 1-4 (never opened); c.py read
/// instead; an edit of a.py 16 at turn 3 before a.py 15-19 was read, one of c.py.
const GOLD: &str = r#"{"task":"t","path":"a.py","start":10,"end":19}
{"task":"t","path":"b.py","start":1,"end":4}
{"task":"u","path":"z.py","start":1,"end":1}
"#;
const READS: &str = r#"{"task":"t","run":"r1","path":"a.py","start":1,"end":5,"turn":1,"tool":"view","command":"view a.py 1 5"}
{"task":"t","run":"r1","path":"a.py","start":10,"end":14,"turn":2,"tool":"view"}
{"task":"t","run":"r1","path":"c.py","start":1,"end":30,"turn":2}
{"task":"t","run":"r1","path":"a.py","start":16,"end":16,"turn":3,"kind":"edit"}
{"task":"t","run":"r1","path":"c.py","start":3,"end":3,"turn":3,"kind":"edit"}
{"task":"t","run":"r1","path":"a.py","start":40,"end":60,"turn":4,"tool":"bash","command":"sed -n 40,60p a.py"}
{"task":"t","run":"r2","path":"a.py","start":15,"end":19,"turn":1}
{"task":"t","run":"r2","path":"b.py","start":1,"end":4,"turn":2}
"#;

#[test]
fn verdict_and_totals() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), None));
    assert_eq!((e.task.as_str(), e.run.as_str()), ("t", "r1"));
    assert_eq!(e.runs, ["r1", "r2"]);
    assert_eq!((e.gold_lines, e.covered_lines), (14, 5));
    assert_eq!(e.line_coverage, Some(5.0 / 14.0));
    assert_eq!((e.file_hit, e.gold_files, e.files_hit), (Some(0.5), 2, 1));
    assert_eq!(e.verdict, Verdict::Below);
    assert_eq!(e.reads, 4);
    assert_eq!(e.outcome, None);
}

#[test]
fn every_gold_file_worst_first_with_first_read_turn() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), None));
    let files: Vec<_> = (e.files.iter())
        .map(|f| {
            (
                f.path.as_str(),
                f.gold_lines,
                f.covered,
                f.opened,
                f.first_read_turn,
                f.reads,
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            ("b.py", 4, 0, false, None, 0),
            ("a.py", 10, 5, true, Some(1), 3)
        ]
    );
}

#[test]
fn unread_span_names_the_nearest_reads_around_it() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), None));
    let a = &e.files[1].spans[0];
    assert_eq!(
        (a.start, a.end, a.covered, a.coverage),
        (10, 19, 5, Some(0.5))
    );
    assert_eq!(a.unread, LineSet::span(15, 19));
    let near = |n: &Option<NearRead>| n.as_ref().map(|n| (n.start, n.end, n.turn));
    // 0.5 is exactly the 50% threshold and lines 15-19 are unread: listed, marked as at the
    // threshold, with the reads around it (it used to be left out as passing).
    assert_eq!(a.missed, Some(Missed::AtThreshold));
    assert_eq!(
        (near(&a.nearest_before), near(&a.nearest_after)),
        (Some((10, 14, Some(2))), Some((40, 60, Some(4))))
    );
    assert_eq!(a.never_read, LineSet::span(15, 39));
    let strict = ScoreOptions {
        threshold: 0.6,
        ..ScoreOptions::default()
    };
    let e = explain(
        &gold(GOLD),
        &reads(READS),
        &UnknownLengths,
        &strict,
        &UnitMap::new(),
        &ask("t", Some("r1"), None),
    )
    .unwrap();
    let a = &e.files[1].spans[0];
    assert_eq!(a.missed, Some(Missed::Under));
    assert_eq!(near(&a.nearest_before), Some((10, 14, Some(2))));
    let after = a.nearest_after.as_ref().unwrap();
    assert_eq!((after.start, after.end, after.turn), (40, 60, Some(4)));
    assert_eq!(
        (after.tool.as_deref(), after.command.as_deref()),
        (Some("bash"), Some("sed -n 40,60p a.py"))
    );
    // The never-opened file's spans have nobody near them.
    let b = &e.files[0].spans[0];
    assert_eq!(
        (b.unread.len(), &b.nearest_before, &b.nearest_after),
        (4, &None, &None)
    );
}

/// jackson-databind-4487 gpt-4o-mini's shape: reads at 1560 and 1731 around gold 1590-1723, and a
/// `search_file` hit at 1614 between them. "never 1561-1730" was false: 1614 was read.
#[test]
fn never_read_leaves_out_every_line_a_read_covered() {
    let g = r#"{"task":"t","path":"T.java","start":1590,"end":1723}"#;
    let r = r#"{"task":"t","run":"r","path":"T.java","start":1560,"end":1560,"turn":3,"tool":"search_file"}
{"task":"t","run":"r","path":"T.java","start":1614,"end":1614,"turn":3,"tool":"search_file"}
{"task":"t","run":"r","path":"T.java","start":1731,"end":1731,"turn":3,"tool":"search_file"}
{"task":"t","run":"r","path":"T.java","start":1,"end":100,"turn":1,"tool":"open"}"#;
    let e = ok(g, r, ask("t", None, None));
    let s = &e.files[0].spans[0];
    assert_eq!(s.unread.to_string(), "1590-1613,1615-1723");
    let (b, a) = (s.nearest_before.as_ref(), s.nearest_after.as_ref());
    assert_eq!(b.map(|r| (r.start, r.end)), Some((1560, 1560)));
    assert_eq!(a.map(|r| (r.start, r.end)), Some((1731, 1731)));
    assert_eq!(s.never_read.to_string(), "1561-1613,1615-1730");
    // A span over the threshold is not missed and names no reads.
    let e = ok(
        g,
        r#"{"task":"t","run":"r","path":"T.java","start":1590,"end":1700}"#,
        ask("t", None, None),
    );
    let s = &e.files[0].spans[0];
    assert_eq!((s.missed, s.never_read.is_empty()), (None, true));
}

#[test]
fn read_elsewhere_lists_files_without_gold() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), None));
    assert_eq!(
        e.read_elsewhere,
        [OtherFile {
            path: "c.py".into(),
            reads: 1,
            lines: 30,
            first_read_turn: Some(2),
            read: LineSet::span(1, 30),
        }]
    );
}

#[test]
fn edits_flagged_inside_gold_not_yet_read() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), None));
    let got: Vec<_> = (e.edits.iter())
        .map(|x| {
            (
                x.path.as_str(),
                x.start,
                x.turn,
                x.gold_lines,
                x.unread_gold_lines,
                x.before_reading,
                x.before_threshold,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("a.py", 16, Some(3), 1, 1, true, true),
            ("c.py", 3, Some(3), 0, 0, false, true)
        ]
    );
    // Once the lines were read first, the same edit is not flagged.
    let read_first = READS.replace(
        r#""start":10,"end":14,"turn":2"#,
        r#""start":10,"end":19,"turn":2"#,
    );
    let e = ok(GOLD, &read_first, ask("t", Some("r1"), None));
    assert_eq!(
        (e.edits[0].unread_gold_lines, e.edits[0].before_reading),
        (0, false)
    );
    // Reached the threshold at turn 2: an edit at turn 3 is after it.
    assert_eq!(
        (e.first_turn_at_threshold, e.edits[0].before_threshold),
        (Some(2), false)
    );
}

#[test]
fn same_turn_edits_are_ordered_by_row() {
    let g = r#"{"task":"t","path":"a.py","start":1,"end":2}"#;
    let edit_then_read = r#"{"task":"t","run":"r","path":"a.py","start":1,"end":1,"turn":1,"kind":"edit"}
{"task":"t","run":"r","path":"a.py","start":1,"end":2,"turn":1}"#;
    assert!(ok(g, edit_then_read, ask("t", None, None)).edits[0].before_reading);
    let read_then_edit = r#"{"task":"t","run":"r","path":"a.py","start":1,"end":2,"turn":1}
{"task":"t","run":"r","path":"a.py","start":1,"end":1,"turn":1,"kind":"edit"}"#;
    assert!(!ok(g, read_then_edit, ask("t", None, None)).edits[0].before_reading);
}

#[test]
fn timeline_per_turn_and_first_turn_at_threshold() {
    let e = ok(GOLD, READS, ask("t", Some("r2"), None));
    let t: Vec<_> = e
        .timeline
        .iter()
        .map(|p| (p.turn, p.covered_lines))
        .collect();
    assert_eq!(t, [(1, 5), (2, 9)]);
    assert_eq!(e.timeline[1].coverage, Some(9.0 / 14.0));
    assert_eq!(e.first_turn_at_threshold, Some(2));
    assert_eq!(e.untimed_reads, 0);
    // The last point is the run's coverage when every read has a turn.
    assert_eq!(e.timeline[1].coverage, e.line_coverage);
    let untimed = ok(
        GOLD,
        r#"{"task":"t","run":"r","path":"a.py","start":10,"end":19}"#,
        ask("t", None, None),
    );
    assert_eq!((untimed.timeline.len(), untimed.untimed_reads), (0, 1));
    assert_eq!(untimed.first_turn_at_threshold, None);
}

#[test]
fn against_lists_spans_read_by_one_run_only() {
    let e = ok(GOLD, READS, ask("t", Some("r1"), Some("r2")));
    let a = e.against.expect("compared");
    assert_eq!(
        (a.run.as_str(), a.verdict, a.covered_lines),
        ("r2", Verdict::Pass, 9)
    );
    let got: Vec<_> = (a.spans.iter())
        .map(|s| {
            (
                s.path.as_str(),
                s.covered,
                s.other_covered,
                s.only_this.clone(),
                s.only_other.clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("a.py", 5, 5, LineSet::span(10, 14), LineSet::span(15, 19)),
            ("b.py", 0, 4, LineSet::new(), LineSet::span(1, 4)),
        ]
    );
}

#[test]
fn run_with_no_reads_and_task_nobody_read() {
    // A run whose only row is an edit exists, with no reads: every ratio 0, every file unopened.
    let edit_only =
        r#"{"task":"t","run":"e","path":"a.py","start":12,"end":12,"turn":1,"kind":"edit"}"#;
    let e = ok(GOLD, edit_only, ask("t", None, None));
    assert_eq!(
        (e.run.as_str(), e.reads, e.line_coverage, e.file_hit),
        ("e", 0, Some(0.0), Some(0.0))
    );
    assert!(e
        .files
        .iter()
        .all(|f| !f.opened && f.first_read_turn.is_none()));
    assert!(e.edits[0].before_reading);
    assert!(e.timeline.is_empty());
    // Gold but no run at all: the score table's `-` row, not scored.
    let e = ok(GOLD, "", ask("u", None, None));
    assert_eq!(
        (e.run.as_str(), e.verdict, e.gold_lines, e.line_coverage),
        ("-", Verdict::NoRun, 1, None)
    );
}

#[test]
fn task_with_no_gold_is_unscored_not_zero() {
    let r = r#"{"task":"nogold","run":"r","path":"x.py","start":1,"end":9,"turn":1}"#;
    let e = ok(GOLD, r, ask("nogold", None, None));
    assert_eq!((e.status, e.verdict), (Status::Unscored, Verdict::Unscored));
    assert_eq!((e.line_coverage, e.file_hit, e.gold_lines), (None, None, 0));
    assert!(e.files.is_empty());
    assert_eq!(e.read_elsewhere[0].lines, 9);
    assert_eq!(e.timeline[0].coverage, None);
    assert_eq!(e.first_turn_at_threshold, None);
}

#[test]
fn units_enclose_spans_innermost_first() {
    let units: UnitMap = [(
        "a.py".to_string(),
        vec![
            UnitRange {
                kind: "class".into(),
                name: "C".into(),
                start: 1,
                end: 100,
            },
            UnitRange {
                kind: "function".into(),
                name: "f".into(),
                start: 8,
                end: 25,
            },
            UnitRange {
                kind: "function".into(),
                name: "g".into(),
                start: 30,
                end: 40,
            },
        ],
    )]
    .into_iter()
    .collect();
    let opts = ScoreOptions::default();
    let e = explain(
        &gold(GOLD),
        &reads(READS),
        &UnknownLengths,
        &opts,
        &units,
        &ask("t", Some("r1"), None),
    )
    .unwrap();
    let unit = e.files[1].spans[0].unit.as_ref().unwrap();
    assert_eq!((unit.name.as_str(), unit.start, unit.end), ("f", 8, 25));
    assert_eq!(e.files[0].spans[0].unit, None);
}

#[test]
fn errors_name_the_task_and_runs() {
    let cases: [(ExplainRequest, &str); 4] = [
        (
            ask("nope", None, None),
            "task `nope` has neither gold nor reads (tasks: t, u)",
        ),
        (
            ask("t", None, None),
            "task `t` has 2 runs (r1, r2); pick one with --run",
        ),
        (
            ask("t", Some("r9"), None),
            "task `t` has no run `r9` (runs: r1, r2)",
        ),
        (
            ask("t", Some("r1"), Some("r1")),
            "--against names the explained run `r1` itself",
        ),
    ];
    for (req, want) in cases {
        assert_eq!(run_of(GOLD, READS, req).unwrap_err().to_string(), want);
    }
}

#[test]
fn commands_are_shortened_to_one_line() {
    assert_eq!(nearest::shorten("cat  a.py\n| head"), "cat a.py | head");
    let long = format!("view {} a.py [10, 20]", "x".repeat(200));
    let s = nearest::shorten(&long);
    assert_eq!(s.chars().count(), COMMAND_CHARS);
    assert!(
        s.starts_with("view xx") && s.ends_with("xx a.py [10, 20]"),
        "{s}"
    );
    assert_eq!(elide_middle("abcdef", 4), "a…ef");
    assert_eq!(elide_middle("abc", 3), "abc");
}

#[test]
fn explain_agrees_with_score_batch() {
    // The explanation's figures are the score table's row: one engine.
    let (g, r) = (gold(GOLD), reads(READS));
    let rows = crate::score_batch(&g, &r, &UnknownLengths, &ScoreOptions::default());
    for row in rows.iter().filter(|x| x.task == "t") {
        let e = ok(GOLD, READS, ask("t", Some(&row.run), None));
        let s = &row.score;
        assert_eq!(
            (
                e.line_coverage,
                e.file_hit,
                e.covered_lines,
                e.gold_lines,
                e.read_lines
            ),
            (
                s.line_coverage,
                s.file_hit,
                s.covered_lines,
                s.gold_lines,
                s.read_lines
            )
        );
    }
}

#[test]
fn tasks_list_runs_with_their_figures() {
    let list = tasks(
        &gold(GOLD),
        &reads(READS),
        &UnknownLengths,
        &ScoreOptions::default(),
    );
    let got: Vec<_> = (list.iter())
        .map(|t| {
            let runs: Vec<_> = (t.runs.iter())
                .map(|r| (r.run.as_str(), r.verdict, r.covered_lines))
                .collect();
            (t.task.as_str(), t.gold_lines, runs)
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "t",
                14,
                vec![("r1", Verdict::Below, 5), ("r2", Verdict::Pass, 9)]
            ),
            ("u", 1, vec![("-", Verdict::NoRun, 0)]),
        ]
    );
}

#[test]
fn nearest_reads_of_any_lines() {
    let r = reads(READS);
    let a: Vec<&ReadSpan> = (r.iter())
        .filter(|x| x.run == "r1" && x.path == "a.py" && x.kind == EventKind::Read)
        .collect();
    let (b, n) = nearest_reads(&a, 15, 19);
    assert_eq!((b.map(|x| x.end), n.map(|x| x.start)), (Some(14), Some(40)));
    let (b, n) = nearest_reads(&a, 1, 100);
    assert_eq!((b, n), (None, None));
}

/// A run the caller knows without rows (every edit of it lost by the import) is explained with
/// no reads, beside the runs that have rows, and can be asked for by name; a task with no gold
/// and no rows is known through it too.
#[test]
fn a_run_without_rows_named_by_the_caller_is_explained() {
    let more = ["r0".to_string(), "r0".to_string()];
    let req = |run| ExplainRequest {
        task: "t",
        run,
        against: None,
        more_runs: &more,
    };
    let e = ok(GOLD, READS, req(Some("r0")));
    assert_eq!((e.run.as_str(), e.reads), ("r0", 0));
    assert_eq!(e.runs, ["r0", "r1", "r2"]);
    assert_eq!(e.verdict, Verdict::Below);
    // Beside it, the other runs are scored as before.
    let r1 = ok(GOLD, READS, req(Some("r1")));
    assert_eq!(
        r1.covered_lines,
        ok(GOLD, READS, ask("t", Some("r1"), None)).covered_lines
    );
    // Alone, it is the task's only run.
    let only = run_of(
        "",
        "",
        ExplainRequest {
            task: "t",
            ..req(None)
        },
    )
    .expect("known");
    assert_eq!((only.run.as_str(), only.gold_lines), ("r0", 0));
}
