use super::*;

#[test]
fn exec_output_parts() {
    let o = "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 48230\nOriginal token count: 0\nOutput:\n";
    assert_eq!(running_session(o), Some(48230));
    assert_eq!(body(o), "");
    let o = "Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 3\nOutput:\nx\ny\n";
    assert_eq!(running_session(o), None);
    assert_eq!(body(o), "x\ny\n");
    assert_eq!(body("plain"), "plain");
    assert_eq!(
        legacy_output(r#"{"output":"a\n","metadata":{"exit_code":0}}"#),
        "a\n"
    );
}

#[test]
fn unified_diff_hunks_and_shell_argv() {
    let h = hunks("@@ -246,2 +246,4 @@\n \n+a\n+b\n   });\n@@ -300 +302 @@\n-x\n+y\n").unwrap();
    assert_eq!(h.len(), 2);
    assert_eq!(
        h[0],
        (
            246,
            vec![" ".into(), "+a".into(), "+b".into(), "   });".into()]
        )
    );
    assert_eq!(h[1].0, 300);
    let argv = serde_json::json!(["bash", "-lc", "sed -n '1,5p' a"]);
    assert_eq!(shell_script(Some(&argv)), "sed -n '1,5p' a");
}

#[test]
fn the_truncation_header_goes_only_with_a_cut() {
    let cut = "Total output lines: 9\n\na\nb…3 tokens truncated…c\n";
    let o = format!("Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 9\nOutput:\n{cut}");
    assert_eq!(body(&o), "a\nb…3 tokens truncated…c\n");
    let warned = format!("Warning: truncated output (original token count: 9)\n{cut}");
    assert_eq!(without_cut_header(&warned), "a\nb…3 tokens truncated…c\n");
    // Not cut: a file that starts with those words is the file.
    let plain = "Total output lines: 9\n\na\n";
    assert_eq!(without_cut_header(plain), plain);
}
