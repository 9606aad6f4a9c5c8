use super::*;
use crate::GoldSpan;

/// Labels act on `score` with one gold set only through runs of a gold task: another task's
/// run, or no run at all (whole-task labels name none), changes nothing.
#[test]
fn only_a_run_of_a_gold_task_is_named() {
    let gold = [GoldSpan {
        task: "t".into(),
        ..GoldSpan::simple("a.py", 1, 2)
    }];
    let named = |pairs: &[(&str, &str)]| {
        NamedRuns::new(pairs.iter().map(|(t, r)| (t.to_string(), r.to_string())))
    };
    assert!(named(&[("other", "r1"), ("t", "r2")]).names_a_run_of(&gold));
    assert!(!named(&[("other", "r1")]).names_a_run_of(&gold));
    assert!(!named(&[]).names_a_run_of(&gold));
    assert!(!named(&[("t", "r")]).names_a_run_of(&[]));
}
