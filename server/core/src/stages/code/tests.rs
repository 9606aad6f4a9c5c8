//! Code tokens: comments and trailing commas dropped, by the file's kind.

use super::code_tokens;
use crate::stages::{same, similarity};

/// pytest-dev__pytest-5809 (resolved): `create_new_paste`'s `params` after the gold patch and
/// after the OpenHands run's change (tests/data/real). The run wrote the gold's dict over four
/// lines, with a comment and a trailing comma: the same code.
const GOLD_5809: &str = r#"    params = {"code": contents, "lexer": "text", "expiry": "1week"}
    url = "https://bpaste.net"
"#;
const RUN_5809: &str = r#"    params = {
        "code": contents,
        "lexer": "text",  # Changed from python3/python to text as pytest output is not Python code
        "expiry": "1week",
    }
    url = "https://bpaste.net"
"#;

#[test]
fn the_real_run_that_wrote_the_golds_dict_over_four_lines_is_the_same_code() {
    let path = "src/_pytest/pastebin.py";
    assert!(same(path, GOLD_5809, RUN_5809));
    assert_eq!(similarity(path, GOLD_5809, RUN_5809), 1.0);
    // Another value is still another change.
    let other = RUN_5809.replace(r#""lexer": "text""#, r#""lexer": "python3""#);
    assert!(!same(path, GOLD_5809, &other));
}

#[test]
fn comments_go_by_the_files_kind_and_strings_are_stepped_over() {
    assert_eq!(code_tokens("a.py", "x = 1  # one\ny"), ["x", "=", "1", "y"]);
    assert_eq!(
        code_tokens("a.py", "s = 'a # b'"),
        ["s", "=", "'", "a", "#", "b", "'"]
    );
    assert_eq!(
        code_tokens("a.py", r#"s = "\" # x""#),
        ["s", "=", "\"", "\\", "\"", "#", "x", "\""]
    );
    assert_eq!(
        code_tokens("A.java", "int x = 1; // one\n/* two\n lines */ y(\"//\");"),
        ["int", "x", "=", "1", ";", "y", "(", "\"", "/", "/", "\"", ")", ";"]
    );
    // `#` is no comment in Java, `//` none in Python, nothing in a file of unknown kind.
    assert_eq!(code_tokens("A.java", "#x").len(), 2);
    assert_eq!(code_tokens("a.py", "a // b").len(), 4);
    assert_eq!(code_tokens("notes.txt", "a # b").len(), 3);
    // A Rust lifetime opens no string.
    assert_eq!(code_tokens("a.rs", "fn f<'a>() {} // c").len(), 10);
}

#[test]
fn a_trailing_comma_is_layout_but_a_one_tuple_is_not() {
    assert_eq!(
        code_tokens("a.py", "[1, 2,]"),
        code_tokens("a.py", "[1, 2]")
    );
    assert_eq!(
        code_tokens("a.py", "{a: 1,\n}"),
        code_tokens("a.py", "{a: 1}")
    );
    assert_eq!(
        code_tokens("a.py", "f(a, b,)"),
        code_tokens("a.py", "f(a, b)")
    );
    assert_ne!(code_tokens("a.py", "(x,)"), code_tokens("a.py", "(x)"));
    assert_ne!(
        code_tokens("a.py", "f(a, b)"),
        code_tokens("a.py", "f(a b)")
    );
}
