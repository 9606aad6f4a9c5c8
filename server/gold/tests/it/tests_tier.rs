//! The test tier: test functions a test patch touches and `FAIL_TO_PASS` names, widened to units,
//! origin `test`; a failing test the base lacks (the test patch adds it) is noted.

use readcov_gold::{parse_patch_rows, test_gold, ExpandOptions, NoteKind, Origin};
use std::collections::BTreeMap;

const TEST_PY: &str = "import pytest\n\nclass TestX:\n    def test_a(self):\n        assert 1\n\n    def test_b(self):\n        assert 2\n\ndef test_c():\n    assert 3\n";

const TEST_PATCH: &str = "--- a/tests/test_m.py\n+++ b/tests/test_m.py\n@@ -7,2 +7,2 @@\n     def test_b(self):\n-        assert 2\n+        assert 22\n";

#[test]
fn test_tier_from_test_patch_and_fail_to_pass() {
    let row = serde_json::json!({
        "instance_id": "t",
        "patch": "",
        "test_patch": TEST_PATCH,
        // SWE-bench ships the list as a JSON string.
        "FAIL_TO_PASS": "[\"tests/test_m.py::TestX::test_a\", \"tests/test_m.py::test_c[1-2]\", \"tests/test_m.py::test_new\"]",
    });
    let parsed = parse_patch_rows(format!("{row}\n").as_bytes(), "rows.jsonl");
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.items[0].fail_to_pass.len(), 3);
    let files: BTreeMap<(String, String), String> = [(
        ("t".to_string(), "tests/test_m.py".to_string()),
        TEST_PY.to_string(),
    )]
    .into();
    let b = test_gold(&parsed.items, &files, &ExpandOptions::default());
    let rows: Vec<String> = b
        .rows
        .iter()
        .map(|r| format!("{}:{}-{}", r.path, r.start, r.end))
        .collect();
    // test_b (7-8) from the patch; test_a (4-5) and test_c (10-11) from FAIL_TO_PASS.
    assert_eq!(
        rows,
        [
            "tests/test_m.py:4-5",
            "tests/test_m.py:7-8",
            "tests/test_m.py:10-11"
        ]
    );
    assert!(b.rows.iter().all(|r| r.origin == Origin::Test));
    let kinds: Vec<NoteKind> = b.notes.0.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoteKind::TestNotInBase]);
    assert_eq!(b.notes.0[0].subject, "tests/test_m.py::test_new");
}

#[test]
fn bad_fail_to_pass_is_a_located_error() {
    let rows = "{\"instance_id\":\"t\",\"patch\":\"\",\"FAIL_TO_PASS\":7}\n{\"instance_id\":\"u\",\"patch\":\"\"}\n";
    let parsed = parse_patch_rows(rows.as_bytes(), "rows.jsonl");
    assert_eq!(parsed.items.len(), 1);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(parsed.errors[0].line, 1);
    assert_eq!(parsed.errors[0].field.as_deref(), Some("FAIL_TO_PASS"));
}
