//! Each stage's own mark on the hand-made task of `stages/tests.rs`, one case per row: the
//! verdict is the first failure, the marks show the stages after it too.

use super::*;
use crate::stages::{Mark, StageMarks};

const P: Mark = Mark::Passed;
const F: Mark = Mark::Failed;
const N: Mark = Mark::NotJudged;

fn marks(m: [Mark; 5]) -> StageMarks {
    StageMarks {
        search: m[0],
        read: m[1],
        edit: m[2],
        change: m[3],
        tests: m[4],
    }
}

/// (what, the case, its gold, the verdict, the marks of search, read, edit, change, tests)
type MarkCase = (&'static str, Case, Vec<GoldSpan>, Verdict, [Mark; 5]);

#[test]
fn every_stage_is_marked_on_its_own() {
    let both = vec![gold_span("a.py", 10, 11), gold_span("b.py", 2, 2)];
    let one = vec![gold_span("a.py", 10, 11)];
    let failing = TestReport {
        fail_to_pass: Some((vec![], vec!["t::a".into()])),
        ..TestReport::default()
    };
    let cases: Vec<MarkCase> = vec![
        (
            "every stage passes",
            case(),
            one.clone(),
            Verdict::None,
            [P, P, P, P, N],
        ),
        // b.py never opened (search) nor read (read), yet f changed as the gold did.
        (
            "search and read fail, the change is right",
            case(),
            both,
            Verdict::Search,
            [F, F, P, P, N],
        ),
        (
            "g changed instead of f: change has nothing to judge",
            Case {
                run: Some(change(vec![("a.py", file(&[(22, 22)], None))])),
                ..case()
            },
            one.clone(),
            Verdict::Edit,
            [P, P, F, N, N],
        ),
        (
            "f changed, not as the gold did",
            Case {
                run: Some(change(vec![(
                    "a.py",
                    file(&[(11, 11)], Some(vec![(5, 14, "x = 3")])),
                )])),
                ..case()
            },
            one.clone(),
            Verdict::Change,
            [P, P, P, F, N],
        ),
        (
            "a FAIL_TO_PASS test still failing",
            Case {
                tests: Some(failing),
                ..case()
            },
            one.clone(),
            Verdict::Tests,
            [P, P, P, P, F],
        ),
        (
            "no change known",
            Case {
                run: None,
                source: ChangeSource::None,
                ..case()
            },
            one.clone(),
            Verdict::Unknown,
            [P, P, N, N, N],
        ),
        (
            "an empty change",
            Case {
                run: Some(Change::default()),
                ..case()
            },
            one,
            Verdict::NoChange,
            [P, P, F, N, N],
        ),
        (
            "no gold lines",
            case(),
            vec![],
            Verdict::Unknown,
            [N, N, N, N, N],
        ),
    ];
    for (what, c, gold, verdict, want) in cases {
        let s = diagnose_one(c, &gold);
        assert_eq!((s.verdict, s.marks), (verdict, marks(want)), "{what}");
    }
}
