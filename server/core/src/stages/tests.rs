//! Every verdict and every precedence rule on a small hand-made task: `a.py` (40 lines) with
//! functions `f` (5-14) and `g` (20-29) and a class `C` (30-40) holding a method `m` (32-40),
//! so lines 1-4 and 15-19 are module-level stretches; gold lines 10-11 in `f`, which the gold
//! patch changes. Each case states the inputs and the verdict and reason worked out by hand.

use super::*;
use crate::lineset::LineSet;
use crate::metrics::UnknownLengths;
use crate::span::Tier;
use crate::syntax::indentation;
use std::collections::BTreeMap;
use std::sync::Arc;

const T: &str = "t";

fn gold_span(path: &str, start: u32, end: u32) -> GoldSpan {
    GoldSpan {
        task: T.into(),
        path: path.into(),
        start,
        end,
        tier: Tier::Core,
        requirement: None,
    }
}

fn read(path: &str, start: u32, end: u32) -> ReadSpan {
    ReadSpan {
        task: T.into(),
        run: "r".into(),
        ..ReadSpan::simple(path, start, end)
    }
}

fn unit(kind: &str, name: &str, start: u32, end: u32, depth: u32) -> Unit {
    Unit {
        kind: kind.into(),
        name: name.into(),
        start,
        end,
        depth,
    }
}

fn syntax() -> BTreeMap<String, BaseSyntax> {
    let units = vec![
        unit("function", "f", 5, 14, 0),
        unit("function", "g", 20, 29, 0),
        unit("class", "C", 30, 40, 0),
        unit("method", "m", 32, 40, 1),
    ];
    let mut m = BTreeMap::new();
    let a = FileSyntax::Units {
        units,
        parse_errors: 0,
    };
    m.insert("a.py".to_string(), BaseSyntax { syntax: a, len: 40 });
    let b = FileSyntax::Unsupported;
    m.insert("b.py".to_string(), BaseSyntax { syntax: b, len: 10 });
    m
}

/// A unit's text after a change, by its (start, end).
struct Texts(Vec<(u32, u32, &'static str)>);

impl AfterText for Texts {
    fn slice(&self, start: u32, end: u32) -> String {
        (self.0.iter())
            .find(|(s, e, _)| (*s, *e) == (start, end))
            .map_or(String::new(), |(_, _, t)| t.to_string())
    }
}

fn file(lines: &[(u32, u32)], texts: Option<Vec<(u32, u32, &'static str)>>) -> FileChange {
    let mut set = LineSet::new();
    lines.iter().for_each(|(s, e)| set.insert(*s, *e));
    FileChange::of_lines(set, texts.map(|t| Arc::new(Texts(t)) as Arc<dyn AfterText>))
}

fn change(files: Vec<(&str, FileChange)>) -> Change {
    Change {
        files: files.into_iter().map(|(p, f)| (p.to_string(), f)).collect(),
        ..Change::default()
    }
}

/// The gold patch: lines 10-11 of `f`, whose text becomes `x = 2`.
fn gold_change() -> Change {
    change(vec![(
        "a.py",
        file(&[(10, 11)], Some(vec![(5, 14, "x = 2")])),
    )])
}

struct Case {
    reads: Vec<ReadSpan>,
    syntax: bool,
    gold: Option<Change>,
    run: Option<Change>,
    source: ChangeSource,
    tests: Option<TestReport>,
}

fn case() -> Case {
    Case {
        reads: vec![read("a.py", 1, 40)],
        syntax: true,
        gold: Some(gold_change()),
        run: Some(change(vec![(
            "a.py",
            file(&[(10, 10)], Some(vec![(5, 14, "x  =  2\n")])),
        )])),
        source: ChangeSource::Patches,
        tests: None,
    }
}

fn diagnose_one(c: Case, gold: &[GoldSpan]) -> RunStages {
    let mut out = Vec::new();
    let mut task = |_: &str| TaskInput {
        syntax: c.syntax.then(syntax),
        gold_change: c.gold.clone(),
    };
    let mut run = |_: &str, _: &str| RunInput {
        source: c.source,
        change: c.run.clone(),
        tests: c.tests.clone(),
    };
    let reads: Vec<&ReadSpan> = c.reads.iter().collect();
    diagnose(
        gold,
        &reads,
        &UnknownLengths,
        &ScoreOptions::default(),
        &mut task,
        &mut run,
        &mut |s| out.push(s),
    );
    assert_eq!(out.len(), 1);
    out.remove(0)
}

fn check(c: Case, verdict: Verdict, reason: &str) -> RunStages {
    let s = diagnose_one(c, &[gold_span("a.py", 10, 11)]);
    assert_eq!((s.verdict, s.reason.as_str()), (verdict, reason));
    s
}

#[test]
fn none_when_every_stage_passes() {
    let s = check(
        case(),
        Verdict::None,
        "opened every gold file, read every gold unit at or above 50%, changed every gold change unit as the gold did",
    );
    let st = &s.stages;
    assert_eq!(
        (st.search.recall, st.search.precision),
        (Some(1.0), Some(1.0))
    );
    // Units read: the two module stretches, f, g, C (its own lines 30-31) and m.
    assert_eq!((st.read.gold_units, st.read.units_read), (Some(1), Some(6)));
    assert_eq!(st.read.unit_precision, Some(1.0 / 6.0));
    assert_eq!(st.read.units_read_per_needed, Some(6.0));
    assert_eq!((st.edit.recall, st.edit.precision), (Some(1.0), Some(1.0)));
    let u = &st.change.units.as_ref().unwrap()[0];
    assert_eq!(
        (u.name.as_str(), u.same, u.similarity),
        ("f", Some(true), Some(1.0))
    );
    assert_eq!(st.tests, None);
}

#[test]
fn no_change_comes_first_even_before_search() {
    let c = Case {
        reads: vec![read("b.py", 1, 5)],
        run: Some(Change::default()),
        ..case()
    };
    check(
        c,
        Verdict::NoChange,
        "the run changed no file (its predictions entry is empty)",
    );
}

/// A predictions entry whose only file is out of the repository (`+++ b/../x`) changed no file,
/// but it is not empty: the reason says why (it said "its predictions entry is empty").
#[test]
fn no_change_of_a_change_refused_whole_says_why() {
    let refused = "p.jsonl: path `../x.py` leaves the repository".to_string();
    let c = Case {
        reads: vec![read("b.py", 1, 5)],
        run: Some(Change {
            not_applied: vec![refused.clone()],
            ..Change::default()
        }),
        ..case()
    };
    check(
        c,
        Verdict::NoChange,
        &format!(
            "the run changed no file (its predictions entry changes no file of the repository: {refused})"
        ),
    );
}

/// A file of the run's change that does not apply to its base (or is refused) keeps the verdict
/// the rest earns, but the row says the change is partial and names the file: before, it was
/// collected and never shown (`change_partial` false, `change_lost` empty).
#[test]
fn a_file_of_the_change_not_applied_is_named_in_change_lost() {
    let refused = "p.jsonl: b.py: hunk 1 does not apply at line 3".to_string();
    let mut c = case();
    if let Some(run) = c.run.as_mut() {
        run.not_applied.push(refused.clone());
    }
    let s = diagnose_one(c, &[gold_span("a.py", 10, 11)]);
    assert_eq!(s.verdict, Verdict::None);
    assert!(s.change_partial);
    assert_eq!(s.change_lost, vec![format!("not applied: {refused}")]);
}

#[test]
fn search_when_a_gold_file_was_never_opened() {
    let c = Case {
        reads: vec![read("b.py", 1, 5)],
        ..case()
    };
    let s = check(
        c,
        Verdict::Search,
        "opened 0 of 1 gold files; never opened a.py",
    );
    assert_eq!(
        (s.stages.search.recall, s.stages.search.precision),
        (Some(0.0), Some(0.0))
    );
}

#[test]
fn read_when_a_gold_unit_is_under_the_threshold_or_lines_without_units() {
    // Gold 10-11 and 25-26 (in g); g read, f only at line 10 (1 of 2 gold lines: 50%, passes)…
    let gold = [gold_span("a.py", 10, 11), gold_span("a.py", 25, 26)];
    let c = Case {
        reads: vec![read("a.py", 10, 10), read("a.py", 20, 24)],
        ..case()
    };
    let s = diagnose_one(c, &gold);
    assert_eq!(s.verdict, Verdict::Read);
    assert_eq!(
        s.reason,
        "gold unit `g` (a.py:20-29): 0 of 2 gold lines read (0% < 50%)"
    );
    assert_eq!(s.stages.read.unit_coverage, Some(0.5));
    // …and without units, on line coverage (1 of 4 gold lines).
    let c = Case {
        reads: vec![read("a.py", 10, 10), read("a.py", 20, 24)],
        syntax: false,
        ..case()
    };
    let s = diagnose_one(c, &gold);
    assert_eq!(
        (s.verdict, s.reason.as_str()),
        (
            Verdict::Read,
            "line coverage 25% < 50% (no units known: read judged on lines)"
        )
    );
    // Unknown figures are null, never 0.
    let r = &s.stages.read;
    assert_eq!(
        (r.unit_coverage, r.unit_precision, r.gold_units),
        (None, None, None)
    );
    assert_eq!(s.stages.edit.recall, None);
    assert_eq!(s.stages.change.units, None);
}

#[test]
fn search_comes_before_read() {
    let gold = [gold_span("a.py", 10, 11), gold_span("b.py", 2, 2)];
    let c = Case {
        reads: vec![read("a.py", 30, 31)],
        ..case()
    };
    let s = diagnose_one(c, &gold);
    assert_eq!(s.verdict, Verdict::Search);
    assert_eq!(s.reason, "opened 1 of 2 gold files; never opened b.py");
}

#[test]
fn edit_when_a_gold_change_unit_is_not_changed() {
    let c = Case {
        run: Some(change(vec![("a.py", file(&[(22, 22)], None))])),
        ..case()
    };
    let s = check(
        c,
        Verdict::Edit,
        "changed 0 of 1 gold change units; not `f` (a.py:5-14)",
    );
    assert_eq!(
        (s.stages.edit.recall, s.stages.edit.precision),
        (Some(0.0), Some(0.0))
    );
    assert_eq!(s.stages.edit.lines_outside_gold_files, Some(0));
    assert_eq!(s.stages.change.units, Some(vec![]));
}

#[test]
fn edit_when_most_changes_are_elsewhere() {
    let c = Case {
        run: Some(change(vec![
            (
                "a.py",
                file(&[(10, 10), (22, 22), (2, 2)], Some(vec![(5, 14, "x = 2")])),
            ),
            ("b.py", file(&[(3, 3)], None)),
        ])),
        ..case()
    };
    let s = check(
        c,
        Verdict::Edit,
        "3 of 4 changed units are not gold change units (precision 25% < 50%)",
    );
    assert_eq!(s.stages.edit.changed_files, Some(2));
    assert_eq!(s.stages.edit.lines_outside_gold_files, Some(1));
    assert_eq!(
        (s.stages.edit.file_recall, s.stages.edit.file_precision),
        (Some(1.0), Some(0.5))
    );
}

#[test]
fn new_files_and_test_files_are_counted_apart() {
    let only = Change {
        new_files: vec!["repro.py".into()],
        test_files: vec!["tests/test_a.py".into()],
        ..Change::default()
    };
    let c = Case {
        run: Some(only),
        ..case()
    };
    let s = check(
        c,
        Verdict::Edit,
        "changed no base file, only new or test files (repro.py, tests/test_a.py)",
    );
    assert_eq!(s.stages.edit.changed_files, Some(0));
    assert_eq!(s.stages.edit.precision, None);
    assert_eq!(s.stages.edit.test_files, ["tests/test_a.py"]);
}

#[test]
fn edit_per_file_without_units() {
    let c = Case {
        syntax: false,
        run: Some(change(vec![("b.py", file(&[(3, 3)], None))])),
        ..case()
    };
    check(
        c,
        Verdict::Edit,
        "changed 0 of 1 gold change files; not a.py (no units known: judged per file)",
    );
}

#[test]
fn change_when_changed_not_as_the_gold_did() {
    let c = Case {
        run: Some(change(vec![(
            "a.py",
            file(&[(11, 11)], Some(vec![(5, 14, "x = 3")])),
        )])),
        ..case()
    };
    let s = check(
        c,
        Verdict::Change,
        "changed all 1 gold change units; `f` (a.py:5-14) differs from the gold's (token similarity 0.67)",
    );
    let u = &s.stages.change.units.as_ref().unwrap()[0];
    assert_eq!(u.gold_text.as_deref(), Some("x = 2"));
    assert_eq!(u.agent_text.as_deref(), Some("x = 3"));
}

#[test]
fn tests_when_the_report_says_so_and_change_comes_first() {
    let report = TestReport {
        fail_to_pass: Some((vec![], vec!["t::a".into(), "t::b".into(), "t::c".into()])),
        pass_to_pass: Some((vec!["t::d".into()], vec!["t::e".into()])),
        patch_applied: Some(true),
        harness: Some(HarnessStatus::Unresolved),
    };
    let c = Case {
        tests: Some(report.clone()),
        ..case()
    };
    let s = check(
        c,
        Verdict::Tests,
        "3 FAIL_TO_PASS test(s) still failing (t::a, t::b and 1 more); 1 PASS_TO_PASS test(s) broken (t::e)",
    );
    let t = s.stages.tests.unwrap();
    assert_eq!(
        (t.fail_to_pass_passing, t.pass_to_pass_passing),
        (Some(0), Some(1))
    );
    // A change that differs from the gold's is the earlier failure.
    let c = Case {
        tests: Some(report),
        run: Some(change(vec![(
            "a.py",
            file(&[(11, 11)], Some(vec![(5, 14, "y")])),
        )])),
        ..case()
    };
    assert_eq!(
        diagnose_one(c, &[gold_span("a.py", 10, 11)]).verdict,
        Verdict::Change
    );
    // A run-level report alone.
    let c = Case {
        tests: Some(TestReport {
            harness: Some(HarnessStatus::Error),
            ..TestReport::default()
        }),
        ..case()
    };
    check(c, Verdict::Tests, "the harness lists it as an error");
    // A failing report when edit could not be judged (no gold patch): still `tests`, and the
    // reason says what was not judged.
    let c = Case {
        tests: Some(TestReport {
            harness: Some(HarnessStatus::Unresolved),
            ..TestReport::default()
        }),
        gold: None,
        ..case()
    };
    check(
        c,
        Verdict::Tests,
        "the harness lists it as unresolved; an earlier stage was not judged: the gold has no patch: edit and change need one",
    );
    let passing = TestReport {
        fail_to_pass: Some((vec!["t::a".into()], vec![])),
        harness: Some(HarnessStatus::Resolved),
        ..TestReport::default()
    };
    let c = Case {
        tests: Some(passing),
        ..case()
    };
    check(
        c,
        Verdict::None,
        "opened every gold file, read every gold unit at or above 50%, changed every gold change unit as the gold did; the harness report shows no failing test",
    );
}

#[test]
fn unknown_without_gold_without_a_patch_or_with_a_partial_change() {
    let s = diagnose_one(case(), &[]);
    assert_eq!(
        (s.verdict, s.reason.as_str()),
        (Verdict::Unknown, "no gold lines for this task")
    );
    let c = Case {
        gold: None,
        ..case()
    };
    check(
        c,
        Verdict::Unknown,
        "search and read passed; the gold has no patch: edit and change need one",
    );
    let c = Case {
        run: None,
        source: ChangeSource::None,
        ..case()
    };
    check(
        c,
        Verdict::Unknown,
        "search and read passed; no change known (no --patches entry for the run, and no trajectory as --reads with a final patch, or with a workspace to replay its edits on)",
    );
    // A partial change that may have changed a base file decides nothing past read…
    let partial = Change {
        lost: vec![Lost {
            sentence: "a.py: written by `sed -i …` (turn 4)".into(),
            decides: true,
        }],
        ..Change::default()
    };
    let c = Case {
        run: Some(partial.clone()),
        source: ChangeSource::Replay,
        ..case()
    };
    let s = check(
        c,
        Verdict::Unknown,
        "search and read passed; the change is partial (a.py: written by `sed -i …` (turn 4))",
    );
    assert!(s.change_partial);
    // …but never hides an earlier failure (and is never `no_change`, though nothing is known).
    let c = Case {
        reads: vec![read("b.py", 1, 3)],
        run: Some(partial),
        source: ChangeSource::Replay,
        ..case()
    };
    assert_eq!(
        diagnose_one(c, &[gold_span("a.py", 10, 11)]).verdict,
        Verdict::Search
    );
    // A loss that cannot change a base file (a file the run created) is judged past.
    let mut run = case().run.unwrap();
    run.lost = vec![Lost {
        sentence: "out.txt (new file): written by `python x.py > out.txt`".into(),
        decides: false,
    }];
    let c = Case {
        run: Some(run),
        ..case()
    };
    let s = diagnose_one(c, &[gold_span("a.py", 10, 11)]);
    assert_eq!((s.verdict, s.change_partial), (Verdict::None, true));
}

#[test]
fn similarity_is_the_token_lcs_ratio_and_same_ignores_whitespace() {
    assert_eq!(
        tokens("if not name:\n    raise"),
        ["if", "not", "name", ":", "raise"]
    );
    assert!(same("a.py", "a(b, c)", "a( b,c )\n"));
    assert!(!same("a.py", "a b", "ab"));
    // [x, =, 2] vs [x, =, 3]: LCS 2 of 3 + 3 tokens.
    assert!((similarity("a.py", "x = 2", "x = 3") - 4.0 / 6.0).abs() < 1e-12);
    assert_eq!(similarity("a.py", "", ""), 1.0);
    assert_eq!(similarity("a.py", "a", ""), 0.0);
}

#[test]
fn the_summary_counts_verdicts_and_merges_exactly() {
    let runs: Vec<RunStages> = [
        case(),
        Case {
            reads: vec![read("b.py", 1, 5)],
            ..case()
        },
    ]
    .into_iter()
    .map(|c| diagnose_one(c, &[gold_span("a.py", 10, 11)]))
    .map(|mut s| {
        s.resolved = Some(s.verdict == Verdict::None);
        s
    })
    .collect();
    let mut one = DiagnosePartial::new(0.5, "run");
    runs.iter().for_each(|s| one.add("m", s));
    let mut split = DiagnosePartial::new(0.5, "run");
    for s in &runs {
        let mut p = DiagnosePartial::new(0.5, "run");
        p.add("m", s);
        split.merge(&p);
    }
    assert_eq!(one, split);
    let rows = one.finish();
    assert_eq!(rows.len(), 1);
    let g = &rows[0];
    assert_eq!((g.runs, g.labelled, g.resolved), (2, 2, 1));
    assert_eq!(
        (g.verdicts["none"], g.verdicts["search"], g.verdicts["read"]),
        (1, 1, 0)
    );
    assert_eq!(g.resolve_rate["none"], Some(1.0));
    assert_eq!(g.resolve_rate["read"], None);
    assert_eq!(g.mean["search_recall"], Some(0.5));
    assert_eq!(g.known["change_similarity"], 2);
}

mod absent;
mod marks;
mod no_gold;

/// Python's tokenizer: a space one column, a tab up to the next multiple of 8; nothing else
/// indents (docs/diagnose.md, *Change lines*).
#[test]
fn indentation_counts_a_tab_to_the_next_multiple_of_8() {
    let cases = [
        ("x", 0),
        ("    x", 4),
        ("\tx", 8),
        ("   \tx", 8),
        ("\t  \tx", 16),
        ("  \x0cx", 2),
    ];
    for (line, want) in cases {
        assert_eq!(indentation(line), want, "{line:?}");
    }
    assert!(indent_delimited("a/b.py") && indent_delimited("b.pyi"));
    assert!(!indent_delimited("a.rs") && !indent_delimited("a.rb") && !indent_delimited("a.pyx"));
}
