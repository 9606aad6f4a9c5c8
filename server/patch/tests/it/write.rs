//! `file_diff` written from two texts, then read and applied again: the round trip gives the new
//! text back, for edits anywhere, new and deleted files, and final newlines that change.
//! (`git apply` itself accepts these patches: the CLI's `--emit-patches` test runs it.)

use readcov_patch::{apply, file_diff, parse};

fn round_trip(old: Option<&str>, new: Option<&str>) -> String {
    let d = file_diff("src/x.py", old, new);
    let p = parse(&d, "d");
    assert!(p.errors.is_empty(), "{d}\n{:?}", p.errors);
    assert_eq!(p.patch.files.len(), 1, "{d}");
    let f = &p.patch.files[0];
    assert_eq!((f.new_file, f.deleted), (old.is_none(), new.is_none()));
    let a = apply(f, old.unwrap_or("")).unwrap_or_else(|e| panic!("{d}\n{e}"));
    assert_eq!(a.placed.iter().map(|p| p.offset()).max(), Some(0));
    assert_eq!(a.text(), new.unwrap_or(""), "{d}");
    d
}

fn numbered(n: u32) -> String {
    (1..=n).map(|i| format!("line {i}\n")).collect()
}

#[test]
fn edits_far_apart_are_two_hunks_near_ones_one() {
    let old = numbered(40);
    let new = old
        .replace("line 5\n", "five\n")
        .replace("line 30\n", "thirty\nmore\n");
    let d = round_trip(Some(&old), Some(&new));
    assert_eq!(d.matches("\n@@ ").count(), 2, "{d}");
    assert!(d.contains("@@ -2,7 +2,7 @@\n"), "{d}");
    assert!(d.contains("@@ -27,7 +27,8 @@\n"), "{d}");
    let near = old
        .replace("line 5\n", "five\n")
        .replace("line 10\n", "ten\n");
    let d = round_trip(Some(&old), Some(&near));
    assert_eq!(d.matches("\n@@ ").count(), 1, "{d}");
}

#[test]
fn new_deleted_and_emptied_files() {
    let d = round_trip(None, Some("a\nb\n"));
    assert!(d.contains("new file mode 100644\n--- /dev/null\n+++ b/src/x.py\n@@ -0,0 +1,2 @@\n"));
    let d = round_trip(Some("a\nb\n"), None);
    assert!(
        d.contains("deleted file mode 100644\n--- a/src/x.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n")
    );
    round_trip(Some("a\nb\n"), Some(""));
    assert_eq!(file_diff("x", Some("same\n"), Some("same\n")), "");
}

#[test]
fn final_newline_changes_are_written_with_the_marker() {
    let d = round_trip(Some("a\nb"), Some("a\nb\n"));
    assert!(d.contains("-b\n\\ No newline at end of file\n+b\n"), "{d}");
    round_trip(Some("a\nb\n"), Some("a\nb"));
    round_trip(Some("a\nb"), Some("a\nb\nc"));
    round_trip(Some("a\nb"), Some("a\nB"));
}

#[test]
fn crlf_lines_keep_their_bytes_as_context() {
    let old = "a\r\nb\r\nc\r\n";
    let d = round_trip(Some(old), Some("a\r\nB\r\nc\r\n"));
    assert!(d.contains(" a\r\n-b\r\n+B\r\n c\r\n"), "{d:?}");
}
