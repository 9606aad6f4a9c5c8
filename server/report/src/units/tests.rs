use super::*;
use readcov_core::{collect_lines, UnknownLengths};

#[test]
fn parses_units_and_locates_errors() {
    let p = parse_units(
        br#"{"path":"./a.py","name":"f","kind":"function","start":1,"end":5}
{"path":"a.py","name":"","start":1,"end":2}
{"path":"a.py","name":"g","start":9,"end":3}"#,
        "u.jsonl",
        None,
    );
    assert_eq!(p.items.len(), 1);
    assert_eq!(p.items[0].path, "a.py");
    let errs: Vec<(usize, Option<&str>)> = p
        .errors
        .iter()
        .map(|e| (e.line, e.field.as_deref()))
        .collect();
    assert_eq!(errs, vec![(2, Some("name")), (3, Some("end"))]);
}

#[test]
fn scores_only_units_holding_gold_for_the_task() {
    let unit = |name: &str, start, end, task: Option<&str>| Unit {
        path: "a.py".into(),
        name: name.into(),
        kind: None,
        start,
        end,
        task: task.map(str::to_string),
    };
    let units = [
        unit("outer", 1, 20, None),
        unit("inner", 5, 8, None),
        unit("nogold", 30, 40, None),
        unit("other_task", 1, 20, Some("t2")),
    ];
    let gold = collect_lines([("a.py", 6, 12)], &UnknownLengths);
    let read = collect_lines([("a.py", 1, 7)], &UnknownLengths);
    let got: Vec<(String, u64, u64, u64)> = score_units(&units, "t1", &gold, &read)
        .into_iter()
        .map(|u| (u.name, u.gold_lines, u.covered_lines, u.read_lines))
        .collect();
    assert_eq!(
        got,
        vec![("outer".into(), 7, 2, 7), ("inner".into(), 3, 2, 3)]
    );
}
