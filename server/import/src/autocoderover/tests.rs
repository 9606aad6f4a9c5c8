use super::*;

#[test]
fn task_from_the_output_folder() {
    assert_eq!(
        task_of("x/astropy__astropy-12907_2024-04-06_13-51-50/debug_agent_write_patch_1.json")
            .as_deref(),
        Some("astropy__astropy-12907")
    );
    assert_eq!(task_of("conversation_round_3.json"), None);
    assert_eq!(task_of("a/b/conversation_round_3.json"), None);
}

#[test]
fn results_split_by_call_and_code_kept_whole() {
    // A code line that reads like a result header stays in its block.
    let msg = "Result of search_method(\"f\"):\nFound 1 methods with name f in the codebase.\nSearch result 1: <file>a.py</file> <func>f</func> <code>def f():\nResult of search_x(\"y\"):\n    s = \"</code>\"\n</code>\n\n\n\nResult of search_class(\"C\"):\nCould not find class C in the codebase.\n\n";
    let calls = blocks::calls(msg);
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].call, "search_method(\"f\")");
    assert_eq!(calls[1].call, "search_class(\"C\")");
    match blocks::shows(calls[0].output) {
        blocks::Shows::Code(v) => {
            assert_eq!(v.len(), 1);
            assert_eq!(v[0].file, "a.py");
            assert_eq!(
                blocks::code_lines(v[0].code),
                [
                    "def f():",
                    "Result of search_x(\"y\"):",
                    "    s = \"</code>\""
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(blocks::shows(calls[1].output), blocks::Shows::NotFound);
    let bug = blocks::calls("Here are the code in buggy locations:\nFound 1 methods …");
    assert_eq!(bug[0].call, "bug locations");
    assert!(blocks::calls("Let's analyze collected context first").is_empty());
}

#[test]
fn edits_as_parse_edits_reads_them() {
    let reply = "# modification 1\n```python\n<file> a.py </file>\n<original>\n    x = 1\n# Rest of the code...\n</original>\n<patched>\n    x = 2\n</patched>\n```\nnot fenced <file>b.py</file><original>a</original><patched>b</patched>\n";
    assert_eq!(
        blocks::edits(reply),
        [blocks::Edit {
            file: "a.py".into(),
            original: "    x = 1".into(),
            patched: "    x = 2".into(),
        }]
    );
}

#[test]
fn edit_regions_and_indentation() {
    let file: Vec<String> = ["def f():", "    if a:", "        b()", "    c()"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(place::edit_region(&file, "if a:\n    b()"), Some((2, 3)));
    assert_eq!(place::edit_region(&file, "if z:"), None);
    // The original's first line found at column 4 of the file's: every patched line indented by 4.
    assert_eq!(
        place::edit_text("    if a:", "if a:\n    b()", "if a:\n    d()"),
        "    if a:\n        d()\n"
    );
    // Indented more than the file: the difference taken off.
    assert_eq!(
        place::edit_text("if a:", "    if a:", "    if b:\n      x"),
        "if b:\n  x\n"
    );
}

#[test]
fn placement_is_never_a_guess() {
    let file: Vec<String> = ["a", "b", "a", "b", "c"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(place::place(&file, &["b", "c"]), Ok(vec![4, 5]));
    assert_eq!(
        place::place(&file, &["a", "b"]),
        Err(Reason::AmbiguousOutput)
    );
    // Not contiguous: placed in order after the first line, which must leave one placement.
    assert_eq!(
        place::place(&file, &["b", "c", "x"]),
        Err(Reason::TextMismatch)
    );
    let sig: Vec<String> = ["class C:", "  x", "  def f():", "    y", "  def g():"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        place::place(&sig, &["class C:", "  def f():", "  def g():"]),
        Ok(vec![1, 3, 5])
    );
    assert_eq!(place::place(&file, &[]), Err(Reason::NothingShown));
}

#[test]
fn a_folder_name_of_any_text_is_no_panic() {
    assert_eq!(task_of("é/ééééééééééééééééé/x.json"), None);
    assert_eq!(task_of("/x.json"), None);
}
