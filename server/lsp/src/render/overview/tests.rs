use super::*;
use readcov_core::explain::{explain, ExplainRequest, UnitMap, UnitRange};
use readcov_core::formats::{parse_gold, parse_reads};
use readcov_core::{ScoreOptions, UnknownLengths};

/// Paths as they are, every line where it was on disk except `shifted` (one line inserted at
/// the top of it).
struct Here {
    shifted: Option<&'static str>,
}

impl Locate for Here {
    fn uri(&self, path: &str) -> Option<Uri> {
        format!("file:///ws/{path}").parse().ok()
    }
    fn lines(&self, path: &str, start: u32, end: u32) -> (u32, u32) {
        let d = u32::from(self.shifted == Some(path));
        (start + d, end + d)
    }
}

fn check_timeline(cov: &[(u32, f64)], first_at: Option<u32>, untimed: usize, want: &str) {
    let points: Vec<TurnCoverage> = (cov.iter())
        .map(|&(turn, c)| TurnCoverage {
            turn,
            covered_lines: 0,
            coverage: Some(c),
        })
        .collect();
    assert_eq!(timeline(&points, first_at, 0.5, untimed), want);
}

#[test]
fn timeline_is_one_line() {
    check_timeline(&[], None, 0, "no read with a turn");
    check_timeline(
        &[],
        None,
        2,
        "no read with a turn · 2 read(s) without a turn",
    );
    check_timeline(
        &[(1, 0.0), (3, 0.25), (5, 0.5), (9, 1.0)],
        Some(5),
        0,
        "0% (turn 1) → 100% (turn 9) · 50% reached in turn 5 · ▁▃▅█",
    );
    // 80 turns: 40 bars, each the last of two turns.
    let many: Vec<(u32, f64)> = (1..=80).map(|t| (t, 0.0)).collect();
    let got = {
        let points: Vec<TurnCoverage> = (many.iter())
            .map(|&(turn, c)| TurnCoverage {
                turn,
                covered_lines: 0,
                coverage: Some(c),
            })
            .collect();
        timeline(&points, None, 0.5, 0)
    };
    assert_eq!(
        got.chars().rev().take_while(|c| *c == '▁').count(),
        MAX_BARS
    );
    assert!(
        got.starts_with("0% (turn 1) → 0% (turn 80) · never reached 50% · ▁"),
        "{got}"
    );
}

const GOLD: &str = r#"{"task":"t","path":"a.py","start":10,"end":19}
{"task":"t","path":"b.py","start":1,"end":4}
"#;
const READS: &str = r#"{"task":"t","run":"r1","path":"a.py","start":1,"end":14,"turn":1}
{"task":"t","run":"r1","path":"c.py","start":5,"end":30,"turn":2}
{"task":"t","run":"r1","path":"c.py","start":40,"end":41,"turn":4}
{"task":"t","run":"r1","path":"a.py","start":16,"end":16,"turn":3,"kind":"edit"}
"#;

fn explained() -> Explanation {
    let gold = parse_gold(GOLD.as_bytes(), "g", None).items;
    let reads = parse_reads(READS.as_bytes(), "r", None).items;
    let units: UnitMap = [(
        "a.py".to_string(),
        vec![UnitRange {
            kind: "function".into(),
            name: "f".into(),
            start: 8,
            end: 25,
        }],
    )]
    .into();
    let opts = ScoreOptions {
        threshold: 0.5,
        breakdown: true,
        ..ScoreOptions::default()
    };
    let req = ExplainRequest {
        task: "t",
        run: None,
        against: None,
        more_runs: &[],
    };
    explain(&gold, &reads, &UnknownLengths, &opts, &units, &req).unwrap()
}

fn shown(label: &str, spans: usize, notes: &[&str]) -> GoldShown {
    GoldShown {
        label: label.into(),
        spans,
        notes: notes.iter().map(|s| s.to_string()).collect(),
    }
}

/// (group id, row label, description, 0-based lines) of every row and child.
fn rows(v: &Value) -> Vec<(String, String, String, u64, u64)> {
    let mut out = Vec::new();
    for g in v["groups"].as_array().unwrap() {
        let mut push = |r: &Value| {
            out.push((
                g["id"].as_str().unwrap().to_string(),
                r["label"].as_str().unwrap().to_string(),
                r["description"].as_str().unwrap().to_string(),
                r["startLine"].as_u64().unwrap(),
                r["endLine"].as_u64().unwrap(),
            ))
        };
        for r in g["rows"].as_array().unwrap() {
            push(r);
            for c in r["children"].as_array().unwrap() {
                push(c);
            }
        }
    }
    out
}

#[test]
fn overview_lays_out_gold_read_instead_edits_and_timeline() {
    let e = explained();
    let v = overview(
        &e,
        &shown("edit", 2, &[]),
        None,
        None,
        &Here { shifted: None },
    );
    assert_eq!(
        v["title"],
        "t · run r1 · 36% < 50% (5/14 gold lines) · file hit 1/2 · gold edit"
    );
    assert_eq!(v["note"], Value::Null);
    assert_eq!(v["change"], Value::Null);
    let s = |a: &str, b: &str, c: &str, d: u64, e: u64| {
        (a.to_string(), b.to_string(), c.to_string(), d, e)
    };
    assert_eq!(
        rows(&v),
        [
            s("gold", "never opened · 0/4", "b.py", 0, 0),
            s("gold", "unread 1–4 · 0/4 of gold 1–4", "b.py", 0, 3),
            s("gold", "5/10 read · 50%", "a.py", 14, 14),
            s(
                "gold",
                "unread 15–19 · 5/10 of gold 10–19",
                // At the threshold with unread lines: listed with its nearest reads (issue 34).
                "function f · nearest reads 1–14 (turn 1) / none · a.py",
                14,
                18
            ),
            s(
                "readInstead",
                "28 lines · turn 2 · 2 read(s)",
                "c.py",
                4,
                29
            ),
            s(
                "edits",
                "edit 16 · turn 3 · 1 gold line(s), 1 not read before",
                "a.py",
                15,
                15
            ),
        ]
    );
    let groups: Vec<String> = (v["groups"].as_array().unwrap().iter())
        .map(|g| {
            format!(
                "{}: {}",
                g["label"].as_str().unwrap(),
                g["description"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        groups,
        [
            "gold files: 1/2 opened · 5/14 lines read",
            "read instead: 1 file(s) without gold · 28 lines",
            "edits: 1 edit(s) · 1 of gold lines not read before",
            "coverage per turn: 36% (turn 1) → 36% (turn 4) · never reached 50% · ▄▄▄",
        ]
    );
    assert_eq!(v["groups"][1]["rows"][0]["uri"], "file:///ws/c.py");
    assert!(
        (v["groups"][1]["rows"][0]["tooltip"].as_str().unwrap()).ends_with(": 5–30, 40–41"),
        "{}",
        v["groups"][1]["rows"][0]["tooltip"]
    );
}

#[test]
fn open_documents_shift_the_lines_shown_and_opened() {
    let e = explained();
    let v = overview(
        &e,
        &shown("edit", 2, &[]),
        None,
        None,
        &Here {
            shifted: Some("a.py"),
        },
    );
    let unread = &v["groups"][0]["rows"][1]["children"][0];
    // Every number of the label in the lines shown now: the gold span too (it said `of gold
    // 10–19`, the disk lines, beside unread lines shifted to 16–20).
    assert_eq!(unread["label"], "unread 16–20 · 5/10 of gold 11–20");
    assert_eq!(
        (unread["startLine"].clone(), unread["endLine"].clone()),
        (json!(15), json!(19))
    );
}

#[test]
fn the_gold_shown_is_named_and_an_empty_one_says_why() {
    let e = explained();
    let why = "swebench.jsonl (test gold): no test-tier lines: no test patch touched a base file";
    let v = overview(
        &e,
        &shown("test", 0, &[why]),
        None,
        None,
        &Here { shifted: None },
    );
    assert_eq!(v["note"], format!("no gold lines under gold `test`: {why}"));
    assert!(v["title"].as_str().unwrap().ends_with("· gold test"));
    let f = failed(
        &shown("units", 3, &[]),
        "task `t` has 2 runs (a, b); pick one with --run",
        true,
    );
    assert_eq!(
        (f["title"].clone(), f["needsRun"].clone()),
        (json!("readcov overview · gold units"), json!(true))
    );
    assert_eq!(f["note"], Value::Null);
}

#[test]
fn the_what_if_layer_is_a_figure_beside_the_run() {
    let e = explained();
    let mut layer = e.clone();
    (layer.line_coverage, layer.covered_lines) = (Some(1.0), 14);
    let v = overview(
        &e,
        &shown("edit", 2, &[]),
        Some(&layer),
        None,
        &Here { shifted: None },
    );
    assert_eq!(
        v["whatIf"]["text"],
        "what-if 100% (14/14) with your what-if reads · the run's own 36%"
    );
    assert_eq!(v["run"], "r1");
}
