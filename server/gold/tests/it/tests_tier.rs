//! The test tier: test functions a test patch touches and `FAIL_TO_PASS` names, widened to units,
//! origin `test`; a failing test the base lacks (the test patch adds it) is noted.

use readcov_gold::{
    parse_patch_rows, parse_test_id, test_gold, ExpandOptions, GoldDef, GoldInput, NoteKind,
    Origin, TestRef,
};
use readcov_import::DiffOptions;
use std::collections::BTreeMap;

const TEST_PY: &str = "import pytest\n\nclass TestX:\n    def test_a(self):\n        assert 1\n\n    def test_b(self):\n        assert 2\n\ndef test_c():\n    assert 3\n";

const TEST_PATCH: &str = "--- a/tests/test_m.py\n+++ b/tests/test_m.py\n@@ -7,2 +7,2 @@\n     def test_b(self):\n-        assert 2\n+        assert 22\n";

/// The test patch's pure insertions take `--anchor` lines on each side, as under `unit` (before
/// session 24 the test tier always took 1), and `--exclude-tests` does not empty the tier.
#[test]
fn test_patch_insertions_take_the_anchor_option() {
    // `x = 1` inserted between the blank line 9 and `def test_c():` (10).
    let patch = "--- a/tests/test_m.py\n+++ b/tests/test_m.py\n@@ -7,5 +7,6 @@\n     def test_b(self):\n         assert 2\n \n+x = 1\n def test_c():\n     assert 3\n";
    let row = serde_json::json!({"instance_id": "t", "test_patch": patch});
    let parsed = parse_patch_rows(format!("{row}\n").as_bytes(), "rows.jsonl");
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let files: BTreeMap<(String, String), String> = [(
        ("t".to_string(), "tests/test_m.py".to_string()),
        TEST_PY.to_string(),
    )]
    .into();
    let opts = ExpandOptions {
        max_unit: 200,
        window: 0,
    };
    let spans = |anchor| {
        let diff = DiffOptions {
            anchor,
            exclude_tests: true,
        };
        let b = GoldDef::Test(opts)
            .build(GoldInput::Patches(&parsed.items), &files, &diff)
            .unwrap();
        b.rows
            .iter()
            .map(|r| format!("{}-{}", r.start, r.end))
            .collect::<Vec<_>>()
    };
    // anchor 1: line 9 (module level, window 0) and 10 (test_c, 10-11).
    assert_eq!(spans(1), ["9-11"]);
    // anchor 3: lines 7-9 (7-8 in test_b) and 10-11.
    assert_eq!(spans(3), ["7-11"]);
}

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
    let b = test_gold(&parsed.items, &files, &ExpandOptions::default(), 1);
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

/// `id` → its candidates as `path:Name.name` strings (or `bare:name`), most specific first.
fn check_id(id: &str, expected: &[&str]) {
    let got: Vec<String> = match parse_test_id(id) {
        None => vec![],
        Some(TestRef::Bare(n)) => vec![format!("bare:{n}")],
        Some(TestRef::At(at)) => at
            .into_iter()
            .map(|(p, n)| format!("{p}:{}", n.join(".")))
            .collect(),
    };
    assert_eq!(got, expected, "{id}");
}

#[test]
fn test_ids_of_every_runner() {
    check_id(
        "tests/test_m.py::TestX::test_a[1-2]",
        &["tests/test_m.py:TestX.test_a"],
    );
    let foo_bar = [
        "src/test/java/com/x/FooTest.java:FooTest.testBar",
        "src/it/java/com/x/FooTest.java:FooTest.testBar",
        "test/com/x/FooTest.java:FooTest.testBar",
    ];
    // JUnit 5 / Surefire, JUnit 4's Description, Gradle's report: one place.
    check_id("com.x.FooTest#testBar", &foo_bar);
    check_id("com.x.FooTest#testBar()", &foo_bar);
    check_id("testBar(com.x.FooTest)", &foo_bar);
    check_id("testBar[0](com.x.FooTest)", &foo_bar);
    check_id("com.x.FooTest > testBar", &foo_bar);
    // A nested class lives in its outer class's file.
    check_id(
        "com.x.FooTest$Inner#testBar",
        &[
            "src/test/java/com/x/FooTest.java:FooTest.Inner.testBar",
            "src/it/java/com/x/FooTest.java:FooTest.Inner.testBar",
            "test/com/x/FooTest.java:FooTest.Inner.testBar",
        ],
    );
    // Multi-SWE-bench names whole classes, prefixed by the Maven module.
    check_id(
        "core:com.x.FooTest",
        &[
            "core/src/test/java/com/x/FooTest.java:FooTest",
            "core/src/it/java/com/x/FooTest.java:FooTest",
            "core/test/com/x/FooTest.java:FooTest",
            "src/test/java/com/x/FooTest.java:FooTest",
            "src/it/java/com/x/FooTest.java:FooTest",
            "test/com/x/FooTest.java:FooTest",
        ],
    );
    // Django: the old and new runner shapes are one place; the longest module first (a
    // module-level function `app/tests/Cls.py:test_y` is tried before the class method).
    let django = [
        "app/tests/Cls.py:test_y",
        "tests/app/tests/Cls.py:test_y",
        "app/tests/Cls/__init__.py:test_y",
        "app/tests.py:Cls.test_y",
        "tests/app/tests.py:Cls.test_y",
        "app/tests/__init__.py:Cls.test_y",
        "app.py:tests.Cls.test_y",
        "tests/app.py:tests.Cls.test_y",
        "app/__init__.py:tests.Cls.test_y",
    ];
    check_id("test_y (app.tests.Cls)", &django);
    check_id("test_y (app.tests.Cls.test_y)", &django);
    // Dotted: Django first, then JUnit's dotted form.
    let mut dotted: Vec<&str> = django.to_vec();
    dotted.extend([
        "src/test/java/app/tests/Cls.java:Cls.test_y",
        "src/it/java/app/tests/Cls.java:Cls.test_y",
        "test/app/tests/Cls.java:Cls.test_y",
    ]);
    check_id("app.tests.Cls.test_y", &dotted);
    check_id("test_sympify", &["bare:test_sympify"]);
    // No known shape: no candidates.
    check_id("", &[]);
    check_id("has spaces but no parens", &[]);
    check_id("x (1.2)", &[]);
}

const FOO_TEST: &str = "package com.x;\n\nimport org.junit.Test;\n\npublic class FooTest {\n    @Test\n    public void testBar() {\n        assertTrue(true);\n    }\n\n    static class Inner {\n        @Test\n        public void testBar() {}\n    }\n}\n";

const DJANGO_TESTS: &str = "from django.test import TestCase\n\n\nclass Cls(TestCase):\n    def test_x(self):\n        pass\n\n    def test_y(self):\n        pass\n";

/// Test-tier gold for one task's `FAIL_TO_PASS` over the Java and Django files above.
fn tier_of(ids: &[&str]) -> (Vec<String>, Vec<NoteKind>) {
    let row = serde_json::json!({"instance_id": "t", "patch": "", "FAIL_TO_PASS": ids});
    let parsed = parse_patch_rows(format!("{row}\n").as_bytes(), "rows.jsonl");
    let files: BTreeMap<(String, String), String> = [
        ("src/test/java/com/x/FooTest.java", FOO_TEST),
        ("tests/app/tests.py", DJANGO_TESTS),
    ]
    .map(|(p, s)| (("t".to_string(), p.to_string()), s.to_string()))
    .into();
    let b = test_gold(&parsed.items, &files, &ExpandOptions::default(), 1);
    let rows = b
        .rows
        .iter()
        .map(|r| format!("{}:{}-{}", r.path, r.start, r.end))
        .collect();
    (rows, b.notes.0.iter().map(|n| n.kind).collect())
}

#[test]
fn junit_ids_resolve_to_methods_and_classes() {
    // testBar with its annotation (6-9); the nested Inner.testBar (12-13), not the outer one.
    let java = "src/test/java/com/x/FooTest.java";
    let method = format!("{java}:6-9");
    assert_eq!(tier_of(&["com.x.FooTest#testBar"]).0, vec![method.clone()]);
    assert_eq!(tier_of(&["testBar(com.x.FooTest)"]).0, vec![method.clone()]);
    assert_eq!(tier_of(&["com.x.FooTest.testBar"]).0, vec![method]);
    assert_eq!(
        tier_of(&["com.x.FooTest$Inner#testBar"]).0,
        [format!("{java}:12-13")]
    );
    // A whole class (Multi-SWE-bench's `module:class`): the class's lines.
    assert_eq!(tier_of(&["src:com.x.FooTest"]).0, [format!("{java}:5-15")]);
}

#[test]
fn django_ids_resolve_under_tests() {
    let want = ["tests/app/tests.py:8-9".to_string()];
    assert_eq!(tier_of(&["test_y (app.tests.Cls)"]).0, want);
    assert_eq!(tier_of(&["test_y (app.tests.Cls.test_y)"]).0, want);
    assert_eq!(tier_of(&["app.tests.Cls.test_y"]).0, want);
}

#[test]
fn unknown_and_missing_ids_are_noted_not_dropped() {
    let (rows, notes) = tier_of(&[
        "x (1.2)",
        "com.x.GoneTest#testBar",
        "test_y (app.tests.Cls)",
    ]);
    assert_eq!(rows, ["tests/app/tests.py:8-9"]);
    assert_eq!(notes, [NoteKind::UnknownTestId, NoteKind::TestNotInBase]);
}

#[test]
fn rows_for_the_test_tier_alone_need_no_fix_patch() {
    let rows = concat!(
        "{\"instance_id\":\"a\",\"FAIL_TO_PASS\":[\"src:com.x.FooTest\"]}\n",
        "{\"instance_id\":\"b\",\"test_patch\":\"\"}\n",
        "{\"instance_id\":\"c\"}\n",
    );
    let parsed = parse_patch_rows(rows.as_bytes(), "rows.jsonl");
    let tasks: Vec<&str> = parsed.items.iter().map(|r| r.task.as_str()).collect();
    assert_eq!(tasks, ["a", "b"]);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(parsed.errors[0].line, 3);
    assert_eq!(parsed.errors[0].field.as_deref(), Some("patch"));
    // Without a workspace the id is noted, never dropped silently.
    let b = test_gold(
        &parsed.items,
        &readcov_gold::NoWorkspace,
        &ExpandOptions::default(),
        1,
    );
    assert!(b.rows.is_empty());
    let kinds: Vec<NoteKind> = b.notes.0.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoteKind::NoWorkspace]);
}

/// Rows with a fix patch only (as tests/data/real/gold.jsonl has them): each is noted, and why
/// nothing came out names the missing fields instead of pointing at notes that were not there.
#[test]
fn rows_without_test_fields_are_noted_and_named_as_the_reason() {
    let rows = "{\"instance_id\":\"a\",\"patch\":\"x\"}\n{\"instance_id\":\"b\",\"patch\":\"y\"}\n";
    let parsed = parse_patch_rows(rows.as_bytes(), "rows.jsonl");
    let b = test_gold(
        &parsed.items,
        &readcov_gold::NoWorkspace,
        &ExpandOptions::default(),
        1,
    );
    assert!(b.rows.is_empty());
    assert_eq!(b.notes.count(NoteKind::NoTestFields), 2);
    let why = b.why_empty(readcov_gold::EmptyInput::Tests).unwrap();
    assert!(
        why.contains("no row has a `test_patch` or `FAIL_TO_PASS` field"),
        "{why}"
    );
    assert!(!why.contains("see the notes"), "{why}");
}
