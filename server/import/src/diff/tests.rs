//! Patches with hand-derived base-side gold lines.

use super::*;

fn spans(patch: &str, opts: DiffOptions) -> Vec<(String, u32, u32)> {
    let g = gold_from_diff(patch, "t", &opts, "p.diff");
    assert!(g.errors.is_empty(), "{:?}", g.errors);
    g.spans
        .into_iter()
        .map(|s| (s.path.to_string(), s.start, s.end))
        .collect()
}

fn check(patch: &str, expected: &[(&str, u32, u32)]) {
    let want: Vec<(String, u32, u32)> = expected
        .iter()
        .map(|(p, s, e)| (p.to_string(), *s, *e))
        .collect();
    assert_eq!(spans(patch, DiffOptions::default()), want);
}

/// The flask-5014 gold patch: a pure insertion of 3 lines after base line 192.
const FLASK: &str = "diff --git a/src/flask/blueprints.py b/src/flask/blueprints.py\n--- a/src/flask/blueprints.py\n+++ b/src/flask/blueprints.py\n@@ -190,6 +190,9 @@ def __init__(\n             root_path=root_path,\n         )\n \n+        if not name:\n+            raise ValueError(\"'name' may not be empty.\")\n+\n         if \".\" in name:\n             raise ValueError(\"'name' may not contain a dot '.' character.\")\n \n";

#[test]
fn pure_insertion_anchors_both_sides() {
    // Context 190,191,192 then insertion, then 193: anchors 192 and 193.
    check(FLASK, &[("src/flask/blueprints.py", 192, 193)]);
    let wide = spans(
        FLASK,
        DiffOptions {
            anchor: 2,
            exclude_tests: false,
        },
    );
    assert_eq!(
        wide,
        vec![("src/flask/blueprints.py".to_string(), 191, 194)]
    );
}

#[test]
fn changes_count_base_side_only() {
    let p = "--- a/x.py\n+++ b/x.py\n@@ -10,4 +10,5 @@\n a\n-b\n-c\n+B\n+C\n+D\n d\n";
    // 10 a, 11 b (deleted), 12 c (deleted), 13 d.
    check(p, &[("x.py", 11, 12)]);
}

#[test]
fn several_files_crlf_and_no_newline_marker() {
    let p = "diff --git a/a.py b/a.py\r\n--- a/a.py\r\n+++ b/a.py\r\n@@ -1,2 +1,2 @@\r\n-x\r\n+y\r\n z\r\n\\ No newline at end of file\r\ndiff --git a/b.py b/b.py\r\n--- a/b.py\r\n+++ b/b.py\r\n@@ -5 +5 @@\r\n-old\r\n+new\r\n";
    check(p, &[("a.py", 1, 1), ("b.py", 5, 5)]);
}

#[test]
fn new_deleted_and_renamed_files() {
    let p = "diff --git a/new.py b/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a\n+b\ndiff --git a/gone.py b/gone.py\ndeleted file mode 100644\n--- a/gone.py\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\ndiff --git a/old.py b/moved.py\nsimilarity index 90%\nrename from old.py\nrename to moved.py\n--- a/old.py\n+++ b/moved.py\n@@ -2,3 +2,3 @@\n k\n-x\n+y\n k\n";
    let g = gold_from_diff(p, "t", &DiffOptions::default(), "p");
    let got: Vec<(String, u32, u32)> = g
        .spans
        .into_iter()
        .map(|s| (s.path.to_string(), s.start, s.end))
        .collect();
    assert_eq!(
        got,
        vec![("gone.py".to_string(), 1, 3), ("old.py".to_string(), 3, 3)]
    );
    assert_eq!(g.new_files, vec![("t".to_string(), "new.py".to_string())]);
}

#[test]
fn deleted_line_starting_with_dashes_is_not_a_header() {
    let p = "--- a/x.md\n+++ b/x.md\n@@ -1,3 +1,2 @@\n a\n--- rule\n b\n";
    check(p, &[("x.md", 2, 2)]);
}

#[test]
fn insertion_at_top_and_end() {
    check(
        "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,3 @@\n+top\n a\n b\n",
        &[("x.py", 1, 1)],
    );
    check(
        "--- a/x.py\n+++ b/x.py\n@@ -8,2 +8,3 @@\n a\n b\n+end\n",
        &[("x.py", 9, 9)],
    );
}

#[test]
fn exclude_tests_and_swebench_rows() {
    let row = |id: &str, path: &str| {
        let patch = format!("--- a/{path}\n+++ b/{path}\n@@ -3 +3 @@\n-a\n+b\n");
        serde_json::json!({"instance_id": id, "patch": patch}).to_string()
    };
    let text = format!(
        "{}\n{}\n{{\"instance_id\": 1}}\nnot json\n",
        row("i1", "src/a.py"),
        row("i1", "tests/test_a.py")
    );
    let g = gold_from_swebench(
        text.as_bytes(),
        "inst.jsonl",
        &DiffOptions {
            anchor: 1,
            exclude_tests: true,
        },
    );
    let got: Vec<(String, String, u32)> = g
        .spans
        .into_iter()
        .map(|s| (s.task.to_string(), s.path.to_string(), s.start))
        .collect();
    assert_eq!(got, vec![("i1".to_string(), "src/a.py".to_string(), 3)]);
    assert_eq!(
        g.excluded,
        vec![("i1".to_string(), "tests/test_a.py".to_string())]
    );
    assert_eq!(
        g.errors.iter().map(|e| e.line).collect::<Vec<_>>(),
        vec![3, 4]
    );
    for (p, t) in [
        ("tests/x.py", true),
        ("a/test_b.py", true),
        ("x_test.go", true),
        ("FooTest.java", true),
        ("a.test.js", true),
        ("src/testing.py", false),
        ("conftest.py", true),
        ("src/a.py", false),
    ] {
        assert_eq!(is_test_path(p), t, "{p}");
    }
}

/// Found by the `diff` fuzz target (fuzz/open-crashes/diff-crash-0f5c45d0): a header whose path
/// is absolute after stripping `a/` became a gold row with an absolute path.
#[test]
fn absolute_patch_paths_are_refused_not_kept() {
    let opts = DiffOptions::default();
    for header in [
        "--- a//etc/passwd\n+++ b//etc/passwd\n",
        "--- /abs/x.py\n+++ /abs/x.py\n",
    ] {
        let patch =
            format!("{header}@@ -3 +3 @@\n-a\n+b\n--- a/ok.py\n+++ b/ok.py\n@@ -1 +1 @@\n-x\n+y\n");
        let g = gold_from_diff(&patch, "t", &opts, "p.diff");
        assert!(
            g.spans.iter().all(|s| !s.path.starts_with('/')),
            "{:?}",
            g.spans
        );
        assert_eq!(
            g.spans.iter().map(|s| s.path.as_str()).collect::<Vec<_>>(),
            ["ok.py"]
        );
        assert!(
            g.errors
                .iter()
                .any(|e| e.field.as_deref() == Some("path") && e.line == 1),
            "{:?}",
            g.errors
        );
    }
}

#[test]
fn a_huge_anchor_costs_one_interval_not_one_entry_per_line() {
    // A header promising ~4·10⁹ old lines and `--anchor` near u32::MAX: the anchors used to be
    // pushed line by line (16 GB); as intervals they are one span each side, clipped to the hunk.
    let p = "--- a/x.py\n+++ b/x.py\n@@ -5,4000000000 +5,4000000001 @@\n a\n+new\n b\n";
    let g = gold_from_diff(
        p,
        "t",
        &DiffOptions {
            anchor: u32::MAX,
            exclude_tests: false,
        },
        "p.diff",
    );
    let got: Vec<(u32, u32)> = g.spans.iter().map(|s| (s.start, s.end)).collect();
    // Insertion after base line 5 (`a`), before 6 (`b`): before = 5..=5 (clipped at the hunk's
    // first line), after = 6..=4000000004 (clipped at its last).
    assert_eq!(got, vec![(5, 4_000_000_004)]);
    assert_eq!(
        g.errors.len(),
        1,
        "the lying count is still reported: {:?}",
        g.errors
    );
}

/// One instance in several rows (one per agent, as SWE-bench results are shared): its spans are
/// written once per (task, path, span, tier), and the repeats are counted for the summary.
#[test]
fn swebench_instance_in_several_rows_is_deduplicated() {
    let row =
        |id: &str, patch: &str| serde_json::json!({"instance_id": id, "patch": patch}).to_string();
    let p1 = "--- a/a.py\n+++ b/a.py\n@@ -3,1 +3,1 @@\n-a\n+b\n@@ -9,1 +9,1 @@\n-c\n+d\n";
    // The same instance with a second, different patch: its new span is kept, the shared one not.
    let p2 = "--- a/a.py\n+++ b/a.py\n@@ -3,1 +3,1 @@\n-a\n+z\n@@ -20,1 +20,1 @@\n-e\n+f\n";
    let new = "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1 @@\n+x\n";
    let text = [
        row("i1", p1),
        row("i2", p1),
        row("i1", p1),
        row("i1", p2),
        row("i2", new),
        row("i2", new),
    ]
    .join("\n");
    let g = gold_from_swebench(text.as_bytes(), "rows.jsonl", &DiffOptions::default());
    let got: Vec<(String, u32)> = g
        .spans
        .iter()
        .map(|s| (s.task.to_string(), s.start))
        .collect();
    let own = |v: &[(&str, u32)]| {
        v.iter()
            .map(|(t, s)| (t.to_string(), *s))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        got,
        own(&[("i1", 3), ("i1", 9), ("i2", 3), ("i2", 9), ("i1", 20)])
    );
    assert_eq!(g.duplicate_spans, 3);
    assert_eq!(g.new_files, vec![("i2".to_string(), "n.py".to_string())]);
    assert_eq!(
        g.repeated_tasks,
        vec![("i1".to_string(), 3), ("i2".to_string(), 3)]
    );
}
