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
