//! Each localization shape and both gold shapes, by hand; bad records located.

use super::*;

fn one(text: &str) -> Localization {
    let p = parse_predictions(text.as_bytes(), "loc.jsonl");
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    assert_eq!(p.items.len(), 1);
    p.items.into_iter().next().unwrap()
}

fn v(s: &[&str]) -> Vec<String> {
    s.iter().map(|x| x.to_string()).collect()
}

#[test]
fn locagent_lists_as_given() {
    let l = one(
        r#"{"instance_id":"t","found_files":["a.py"],"found_modules":["a.py:A"],"found_entities":["a.py:A.f","a.py:g"],"raw_output_loc":["..."]}"#,
    );
    assert_eq!((l.task.as_str(), l.shape), ("t", "locagent"));
    assert_eq!(l.files, v(&["a.py"]));
    assert_eq!(l.modules, v(&["a.py:A"]));
    assert_eq!(l.functions, v(&["a.py:A.f", "a.py:g"]));
}

#[test]
fn retriever_docs_converted_as_locagent_does() {
    let l = one(
        r#"{"instance_id":"t","docs":["src/a.py/A/__init__","src/a.py/A/f","src/b.py/g","src/c.py","src/a.py/B.__init__","src/b.py/g/"]}"#,
    );
    // As LocAgent's eval_metric.py converts them: only a document ending in `.__init__` loses
    // it; `A/__init__` is the constructor `A.__init__` (the name LocAgent's oracle gives it).
    assert_eq!(
        l.functions,
        v(&[
            "src/a.py:A.__init__",
            "src/a.py:A.f",
            "src/b.py:g",
            "src/a.py:B",
            "src/b.py:g"
        ])
    );
    assert_eq!(
        l.modules,
        v(&["src/a.py:A", "src/b.py:g", "src/a.py:B.__init__"])
    );
    assert_eq!(l.files, v(&["src/a.py", "src/b.py", "src/c.py"]));
}

#[test]
fn agentless_edit_locations_in_found_files_order() {
    // The shape of Agentless's loc_outputs.jsonl (README_swebench.md; `extract_locs_for_files`
    // writes each file's locations as one newline-joined string); `found_edit_locs` as a list of
    // samples, the first read.
    let l = one(r#"{"instance_id":"t","found_files":["b.py","a.py","z.py"],
        "found_related_locs":{"a.py":["class: Ignored"]},
        "found_edit_locs":[{"a.py":["function: A.f\nline: 12\nvariable: X"],"b.py":["class: B\nfunction: g\nline: 3-5"]},{"a.py":["function: other"]}]}"#
        .replace('\n', " ").as_str());
    assert_eq!(l.shape, "agentless");
    assert_eq!(l.files, v(&["b.py", "a.py", "z.py"]));
    assert_eq!(l.functions, v(&["b.py:g", "a.py:A.f"]));
    assert_eq!(l.modules, v(&["b.py:B", "b.py:g", "a.py:A"]));
    assert_eq!(l.lines, [("b.py".to_string(), 3), ("a.py".to_string(), 12)]);
    // No edit locations: the related ones.
    let l = one(
        r#"{"instance_id":"t","found_files":["a.py"],"found_related_locs":{"a.py":["class: A\nfunction: A.f"]},"found_edit_locs":{}}"#,
    );
    assert_eq!(l.functions, v(&["a.py:A.f"]));
    assert_eq!(l.modules, v(&["a.py:A"]));
}

#[test]
fn gold_from_file_changes_and_edit_functions() {
    let g = parse_gold(
        br#"{"instance_id":"a","file_changes":[{"file":"x.py","changes":{"edited_modules":["x.py:A","x.py:f"],"edited_entities":["x.py:A.m","x.py:f"],"added_entities":["x.py:new"]}},{"file":"y.py","changes":{}}]}
{"instance_id":"b","edit_functions":["p.py:C.m","p.py:C.n","q.py:h"]}"#,
        "gold.jsonl",
    );
    assert!(g.errors.is_empty(), "{:?}", g.errors);
    assert_eq!(g.items[0].files, v(&["x.py", "y.py"]));
    assert_eq!(g.items[0].modules, v(&["x.py:A", "x.py:f"]));
    assert_eq!(g.items[0].functions, v(&["x.py:A.m", "x.py:f"]));
    assert_eq!(g.items[1].files, v(&["p.py", "q.py"]));
    assert_eq!(g.items[1].modules, v(&["p.py:C", "q.py:h"]));
    assert_eq!(g.items[1].functions, v(&["p.py:C.m", "p.py:C.n", "q.py:h"]));
}

#[test]
fn bad_records_are_located_and_the_rest_read() {
    let p = parse_predictions(
        b"{\"instance_id\":\"a\",\"found_files\":[\"a.py\"]}\nnot json\n{\"found_files\":[]}\n{\"instance_id\":\"c\",\"found_entities\":[1]}\n{\"instance_id\":\"d\",\"other\":1}\n",
        "loc.jsonl",
    );
    assert_eq!(p.items.len(), 1);
    let errs: Vec<(usize, Option<String>)> =
        p.errors.iter().map(|e| (e.line, e.field.clone())).collect();
    assert_eq!(
        errs,
        [
            (2, None),
            (3, Some("instance_id".into())),
            (4, Some("found_entities".into())),
            (5, Some("found_files".into())),
        ]
    );
}
