use super::*;

fn check(input: &str, labels: &[(&str, Option<&str>, bool)], error_lines: &[(usize, &str)]) {
    let p = parse_outcomes(input.as_bytes(), "o.jsonl");
    let got: Vec<(&str, Option<&str>, bool)> = p
        .items
        .iter()
        .map(|l| (l.task.as_str(), l.run.as_deref(), l.resolved))
        .collect();
    assert_eq!(got, labels);
    let errs: Vec<(usize, &str)> = p
        .errors
        .iter()
        .map(|e| (e.line, e.field.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(errs, error_lines);
}

#[test]
fn reads_instance_id_or_task_and_run() {
    check(
        r#"{"instance_id":"a","resolved":true,"agent":"x","patch":"..."}
{"task":"b","run":"r1","resolved":false}
{"task":7,"resolved":false}"#,
        &[
            ("a", None, true),
            ("b", Some("r1"), false),
            ("7", None, false),
        ],
        &[],
    );
}

#[test]
fn bad_lines_are_located_and_skipped() {
    check(
        r#"{"resolved":true}
{"instance_id":"a","resolved":"yes"}
{"instance_id":"a"}
not json
{"instance_id":"b","resolved":true}"#,
        &[("b", None, true)],
        &[
            (1, "instance_id"),
            (2, "resolved"),
            (3, "resolved"),
            (4, ""),
        ],
    );
}

#[test]
fn conflicting_repeat_is_an_error_identical_is_not() {
    check(
        r#"{"instance_id":"a","resolved":true}
{"instance_id":"a","resolved":true}
{"instance_id":"a","resolved":false}"#,
        &[("a", None, true)],
        &[(3, "resolved")],
    );
}

#[test]
fn run_label_overrides_task_label() {
    let p = parse_outcomes(
        br#"{"task":"t","resolved":false}
{"task":"t","run":"good","resolved":true}"#,
        "o",
    );
    let o: Outcomes = p.items.into_iter().collect();
    assert_eq!(o.get("t", "good"), Some(true));
    assert_eq!(o.get("t", "other"), Some(false));
    assert_eq!(o.get("u", "good"), None);
}
