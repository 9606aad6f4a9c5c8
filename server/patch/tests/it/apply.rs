//! `apply` on hand-made texts: where each hunk lands, the changed base lines there, the
//! patched text, and hunks that apply nowhere.

use readcov_patch::{apply, change_lines, merge, parse, Anchor};

/// Base lines `l1`..`lN`, one per line.
fn base(n: u32) -> String {
    (1..=n).map(|i| format!("l{i}\n")).collect()
}

/// One file's patch and base → (offsets per hunk, changed base lines, offset note, patched text).
type Got = (Vec<i64>, Vec<(u32, u32)>, Option<String>, String);

fn run(patch: &str, base: &str) -> Result<Got, String> {
    let p = parse(patch, "p.diff");
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let f = &p.patch.files[0];
    let a = apply(f, base).map_err(|e| e.to_string())?;
    let offsets = a.placed.iter().map(|p| p.offset()).collect();
    Ok((
        offsets,
        change_lines(f, &a.starts(), 1),
        a.offset_note(),
        a.text(),
    ))
}

fn check(patch: &str, base: &str, offsets: &[i64], lines: &[(u32, u32)], note: Option<&str>) {
    let (o, l, n, _) = run(patch, base).unwrap();
    assert_eq!(o, offsets, "offsets");
    assert_eq!(l, lines, "changed base lines");
    assert_eq!(n.as_deref(), note, "note");
}

const HUNK_AT_5: &str = "--- a/f\n+++ b/f\n@@ -5,3 +5,3 @@\n l5\n-l6\n+L6\n l7\n";

#[test]
fn a_hunk_where_stated_applies_with_no_offset() {
    check(HUNK_AT_5, &base(20), &[0], &[(6, 6)], None);
    let (_, _, _, text) = run(HUNK_AT_5, &base(8)).unwrap();
    assert_eq!(text, "l1\nl2\nl3\nl4\nl5\nL6\nl7\nl8\n");
}

#[test]
fn a_hunk_found_lines_away_applies_there_with_its_offset() {
    // Three lines added at the top: the context l5-l7 now sits at 8-10.
    let moved = format!("a\nb\nc\n{}", base(20));
    check(
        HUNK_AT_5,
        &moved,
        &[3],
        &[(9, 9)],
        Some("applied with offset +3"),
    );
    // Two lines fewer at the top: found backwards.
    let fewer: String = (3..=20).map(|i| format!("l{i}\n")).collect();
    check(
        HUNK_AT_5,
        &fewer,
        &[-2],
        &[(4, 4)],
        Some("applied with offset -2"),
    );
}

#[test]
fn the_nearest_place_wins_forward_first_as_git_does() {
    // l5..l7 at 3-5 (offset -2) and 7-9 (offset +2): git tries +1, -1, +2 before -2.
    let text = "x\nx\nl5\nl6\nl7\nx\nl5\nl6\nl7\nx\n";
    check(
        HUNK_AT_5,
        text,
        &[2],
        &[(8, 8)],
        Some("applied with offset +2"),
    );
}

#[test]
fn later_hunks_only_moved_are_named_in_the_note() {
    let p = "--- a/f\n+++ b/f\n@@ -2,3 +2,3 @@\n l2\n-l3\n+L3\n l4\n@@ -12,3 +12,3 @@\n l12\n-l13\n+L13\n l14\n";
    // l7 removed: the second hunk's context is one line earlier.
    let text: String = (1..=20)
        .filter(|&i| i != 7)
        .map(|i| format!("l{i}\n"))
        .collect();
    check(
        p,
        &text,
        &[0, -1],
        &[(3, 3), (12, 12)],
        Some("applied with offset -1 (hunk 2 of 2)"),
    );
}

#[test]
fn content_is_never_fuzzed_a_changed_context_line_does_not_apply() {
    let text = base(20).replace("l7\n", "l7 changed\n");
    let err = run(HUNK_AT_5, &text).unwrap_err();
    assert!(
        err.starts_with("hunk 1 of 1 (`@@ -5`) does not apply: line 7: the file has `l7 changed`"),
        "{err}"
    );
    // A trailing `\r` (a CRLF file) is not a difference.
    let crlf = base(8).replace('\n', "\r\n");
    check(HUNK_AT_5, &crlf, &[0], &[(6, 6)], None);
}

#[test]
fn a_hunk_at_the_top_or_without_trailing_context_prefers_the_file_edges() {
    // No trailing context: first tried where it ends the file (line 9), not at stated 2.
    let p = "--- a/f\n+++ b/f\n@@ -2,2 +2,2 @@\n x\n-y\n+Y\n";
    let text = "a\nx\ny\nb\nc\nd\ne\nx\ny\n";
    check(p, text, &[6], &[(9, 9)], Some("applied with offset +6"));
    // Nothing at the end: then anywhere, nearest first.
    let text = "a\nx\ny\nb\n";
    check(p, text, &[0], &[(3, 3)], None);
}

#[test]
fn pure_insertions_anchor_where_they_landed_and_record_their_place() {
    let p = "--- a/f\n+++ b/f\n@@ -4,2 +4,3 @@\n l4\n+new\n l5\n";
    let moved = format!("a\n{}", base(10));
    check(p, &moved, &[1], &[(5, 6)], Some("applied with offset +1"));
    let f = &parse(p, "p").patch.files[0];
    let a = apply(f, &moved).unwrap();
    assert_eq!(
        a.anchors[4..7],
        [
            Anchor::Base(5),
            Anchor::Inserted {
                before: 6,
                replaces: None
            },
            Anchor::Base(6)
        ]
    );
}

#[test]
fn replaced_lines_record_the_first_base_line_they_stand_in_for() {
    let p = "--- a/f\n+++ b/f\n@@ -2,4 +2,3 @@\n l2\n-l3\n-l4\n+L34\n l5\n";
    let f = &parse(p, "p").patch.files[0];
    let a = apply(f, &base(6)).unwrap();
    assert_eq!(a.lines, ["l1", "l2", "L34", "l5", "l6"]);
    assert_eq!(
        a.anchors[2],
        Anchor::Inserted {
            before: 5,
            replaces: Some(3)
        }
    );
}

#[test]
fn new_and_deleted_files_and_the_final_newline() {
    let new = "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n";
    let (_, lines, _, text) = run(new, "").unwrap();
    assert_eq!((lines, text.as_str()), (vec![], "a\nb"));
    let gone = "diff --git a/g.py b/g.py\ndeleted file mode 100644\n--- a/g.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n";
    let (_, lines, _, text) = run(gone, "a\nb\n").unwrap();
    assert_eq!((lines, text.as_str()), (vec![(1, 2)], ""));
    let p = parse(gone, "p").patch;
    assert!(p.files[0].deleted && !p.files[0].new_file);
}

#[test]
fn merge_joins_overlapping_and_adjacent_intervals_only() {
    assert_eq!(
        merge(vec![
            (9, 9),
            (1, 3),
            (4, 4),
            (2, 2),
            (6, 7),
            (u32::MAX, u32::MAX)
        ]),
        vec![(1, 4), (6, 7), (9, 9), (u32::MAX, u32::MAX)]
    );
    assert_eq!(merge(vec![]), vec![]);
}
