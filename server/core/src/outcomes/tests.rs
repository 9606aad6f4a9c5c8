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

fn labels(text: &str, file: &str) -> Parsed<Label> {
    parse_outcomes(text.as_bytes(), file)
}

#[test]
fn a_file_given_for_a_run_labels_that_run_and_refuses_another() {
    let mut p = labels(
        "{\"task\":\"a\",\"resolved\":true}\n{\"task\":\"b\",\"run\":\"r1\",\"resolved\":false}\n{\"task\":\"c\",\"run\":\"r2\",\"resolved\":true}\n",
        "l.jsonl",
    );
    for_run(&mut p, "r1", "l.jsonl");
    let got: Vec<_> = p
        .items
        .iter()
        .map(|l| (l.task.as_str(), l.run.as_deref(), l.resolved))
        .collect();
    assert_eq!(got, [("a", Some("r1"), true), ("b", Some("r1"), false)]);
    assert_eq!(p.errors.len(), 1);
    assert_eq!(
        p.errors[0].to_string(),
        "l.jsonl:3: field `run`: names run `r2`, but the file was given for run `r1`"
    );
}

#[test]
fn files_merge_a_later_disagreement_is_its_files_error() {
    let a = labels(
        "{\"task\":\"t\",\"run\":\"r\",\"resolved\":true}\n",
        "a.jsonl",
    );
    let b = labels(
        "{\"task\":\"u\",\"resolved\":true}\n{\"task\":\"t\",\"run\":\"r\",\"resolved\":false}\n{\"task\":\"t\",\"run\":\"r\",\"resolved\":true}\n",
        "b.jsonl",
    );
    let m = merge_labels(vec![("a.jsonl".into(), a), ("b.jsonl".into(), b)]);
    let got: Vec<_> = m
        .items
        .iter()
        .map(|l| (l.task.as_str(), l.resolved))
        .collect();
    assert_eq!(got, [("t", true), ("u", true)]);
    assert_eq!(m.records, 4);
    let errs: Vec<String> = m.errors.iter().map(ToString::to_string).collect();
    // b's own disagreement is found as b is read; its line 2 then meets a's label.
    assert_eq!(
        errs,
        [
            "b.jsonl:3: field `resolved`: conflicts with line 2 for the same task (kept line 2)",
            "b.jsonl:2: field `resolved`: conflicts with a.jsonl:1 for the same task (kept a.jsonl:1)"
        ]
    );
}
