use super::*;

#[test]
fn window_and_search() {
    assert_eq!(
        window_file("[File: /r/a b.java (10 lines total)]\n1:x").as_deref(),
        Some("/r/a b.java")
    );
    let (p, body) = search_file(
        "Found 2 matches for \"x\" in /r/A.java:\nLine 3:  x\nLine 9:x()\nEnd of matches",
    )
    .unwrap();
    assert_eq!(p, "/r/A.java");
    assert_eq!(body, "3:  x\n9:x()\n");
}

/// An edit's text is each body line and a newline, as a `format!` per line made it; its
/// output is the observation, lent.
#[test]
fn edit_text_and_output() {
    let obs = "[File: /r/a.py (3 lines total)]\n1:x\n";
    for (action, text) in [
        ("edit 1:1\na\r\nb\nend_of_edit\nc", "a\nb\n"),
        ("edit 1:2\n  a\n  end_of_edit  \nb", "  a\n"),
        ("edit 1:1\nno end", "no end\n"),
        ("edit 1:1\nend_of_edit", ""),
    ] {
        let (op, out) = op_for(action, obs);
        assert!(matches!(out, Cow::Borrowed(o) if o == obs));
        match op {
            Op::Edit {
                edit: EditOp::Lines { text: t, .. },
                ..
            } => assert_eq!(t, text, "{action:?}"),
            other => panic!("{action:?}: {other:?}"),
        }
    }
}
