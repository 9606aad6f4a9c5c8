use super::*;
use readcov_core::base::Base;
use std::collections::BTreeMap;

fn span(task: &str, path: &str, start: u32, end: u32) -> GoldSpan {
    GoldSpan {
        task: task.into(),
        ..GoldSpan::simple(path, start, end)
    }
}

#[test]
fn the_base_is_the_text_that_holds_the_patch() {
    let patch = "--- a/x.py\n+++ b/x.py\n@@ -2,2 +2,2 @@\n-b\n+B\n c\n".to_string();
    let patches = [("t".to_string(), patch)];
    let spans = [span("t", "x.py", 2, 2), span("t", "y.py", 1, 1)];
    let base = "a\nb\nc\n";
    let edited = "new\na\nb\nc\n";
    let check = |disk: &str, kept: Vec<&str>| {
        let files = BTreeMap::from([("x.py".to_string(), disk.to_string())]);
        let kept = move || kept.iter().map(|k| k.as_bytes().to_vec()).collect();
        patch_bases("rows.jsonl", &patches, &spans, &files, &kept)
    };
    // The file on disk is the pre-image: its base, first and last line of the span.
    let (rows, note) = check(base, vec![]);
    assert_eq!(rows.len(), 1, "y.py is not in the workspace: no base");
    assert_eq!(rows[0].base, Some(Base::of_span(base.as_bytes(), 2, 2)));
    assert_eq!(note, None);
    // Edited before the server started: the kept text that holds the patch is the base.
    let (rows, note) = check(edited, vec!["zzz\n", base]);
    assert_eq!(rows[0].base, Some(Base::of_span(base.as_bytes(), 2, 2)));
    assert_eq!(note, None);
    // Neither: the file as it is, and said.
    let (rows, note) = check(edited, vec!["zzz\n"]);
    assert_eq!(rows[0].base, Some(Base::of_span(edited.as_bytes(), 2, 2)));
    assert!(note
        .unwrap()
        .starts_with("rows.jsonl: for 1 file(s) (`x.py`) neither the workspace file"));
}
