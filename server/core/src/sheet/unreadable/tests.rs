use super::*;

#[test]
fn broken_lines_are_located_when_they_say_where() {
    let f = parse_run_file(
        br#"{"run":"a","task":"t","condition":"C"}
{"run":"b","task":"t","condition":"C","target":"yes"}
not json
{"run":"c","task":[1],"condition":"C","target":"yes"}
{"run":"d","target":1}
{"run":"a","task":"t","condition":"D"}"#,
        "runs.jsonl",
    );
    assert_eq!(f.parsed.items.len(), 1);
    let got: Vec<(usize, Option<&str>, Option<&str>)> = f
        .unreadable
        .iter()
        .map(|u| (u.line, u.task.as_deref(), u.condition.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            (2, Some("t"), Some("C")),
            (3, None, None),
            (4, None, Some("C")),
            (5, Some("default"), Some("default")),
            (6, Some("t"), Some("D")),
        ]
    );
    let lines: Vec<usize> = f.parsed.errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6]);
}
