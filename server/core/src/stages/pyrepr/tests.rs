use super::parse;
use serde_json::json;

fn check(text: &str, expected: serde_json::Value) {
    assert_eq!(parse(text).unwrap(), expected, "{text}");
}

#[test]
fn literals_as_repr_prints_them() {
    check("{}", json!({}));
    check(
        "{'patch_is_None': False, 'resolved': True, 'x': None}",
        json!({"patch_is_None": false, "resolved": true, "x": null}),
    );
    check("['a', \"b's\", 'c\\'d']", json!(["a", "b's", "c'd"]));
    check("('a', 1, -2.5, 1_000)", json!(["a", 1, -2.5, 1000]));
    check("{1: [ ]}", json!({"1": []}));
    check(
        "'tab\\there \\\\ \\x41\\u00e9\\U0001F600'",
        json!("tab\there \\ Aé😀"),
    );
    check("  ['ünïcode ✓']  ", json!(["ünïcode ✓"]));
    check(
        "{'FAIL_TO_PASS': {'success': [], 'failure': ['t[a-b]'], 'skipped': []},}",
        json!({"FAIL_TO_PASS": {"success": [], "failure": ["t[a-b]"], "skipped": []}}),
    );
}

#[test]
fn what_is_no_literal_is_an_error_naming_the_byte() {
    for (text, byte) in [
        ("{'a': 1", 8),
        ("{'a' 1}", 6),
        ("['a', b]", 7),
        ("'never ends", 12),
        ("{'a': 1} tail", 10),
        ("'bad \\q'", 7),
        ("{['a']: 1}", 2),
        ("", 1),
    ] {
        let e = parse(text).unwrap_err();
        assert!(e.contains(&format!("at byte {byte}:")), "{text}: {e}");
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = "[".repeat(1_000_000);
    assert!(parse(&deep).unwrap_err().contains("nested too deeply"));
    let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
    assert!(parse(&ok).is_ok());
}
