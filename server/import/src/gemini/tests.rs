use super::*;

#[test]
fn outputs_get_their_line_numbers() {
    let args = json!({"file_path": "a.py", "start_line": 3});
    assert_eq!(read_window(&args, "x\ny\n"), (3, "x\ny\n"));
    let out = "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 111-180 of 555 total lines.\nAction: …\n\n--- FILE CONTENT (truncated) ---\n    def f():\n";
    assert_eq!(read_window(&json!({}), out), (111, "    def f():\n"));
    let hits = grep_hits("Found 2 matches\n---\nFile: core/v.py\nL74- class U:\nL79:     ipv6_re = 1\n---\nFile: b.py\nL1: x\n---");
    assert_eq!(
        hits,
        vec![
            (
                "core/v.py".to_string(),
                "    74\u{2192}class U:\n    79\u{2192}    ipv6_re = 1\n".to_string()
            ),
            ("b.py".to_string(), "     1\u{2192}x\n".to_string())
        ]
    );
    assert_eq!(
        shell_output("Output: hello\nProcess Group PGID: 6"),
        "hello\n"
    );
    assert_eq!(shell_output("Output: (empty)\nExit Code: 1"), "");
    let many = sections("--- a.py ---\n\nx\ny\n\n--- b.py ---\n\nz\n\n--- End of content ---");
    assert_eq!(
        many.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
        ["a.py", "b.py"]
    );
}

#[test]
fn a_window_that_stops_on_an_empty_line_shows_it() {
    // `a\n\nb\n` read as lines 1-2 of 4: the tool sends `["a", ""].join("\n")` = `a\n`.
    let head = "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 1-2 of 4 total lines.\nAction: …\n\n--- FILE CONTENT (truncated) ---\n";
    let shown = |out: String| {
        split("read_file", json!({"file_path": "a.py"}), Some(&out))[0]
            .1
            .clone()
    };
    assert_eq!(
        shown(format!("{head}a\n")),
        Some("     1\u{2192}a\n     2\u{2192}\n".to_string())
    );
    // A window of one empty line is that line, not nothing.
    let one = head.replace("1-2 of 4", "2-2 of 4");
    assert_eq!(shown(one), Some("     2\u{2192}\n".to_string()));
    // Reaching the end (`3-4 of 4`), the final break is the file's own: line 4 does not exist.
    let end = head.replace("1-2 of 4", "3-4 of 4");
    assert_eq!(
        shown(format!("{end}b\n")),
        Some("     3\u{2192}b\n".to_string())
    );
    // A whole file (no status) keeps its last empty line and drops only the final break.
    assert_eq!(
        shown("a\n\n".to_string()),
        Some("     1\u{2192}a\n     2\u{2192}\n".to_string())
    );
}
