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
    let check = |disk: &str, kept: Vec<&str>, place: bool| {
        let files = BTreeMap::from([("x.py".to_string(), disk.to_string())]);
        let kept = move || kept.iter().map(|k| k.as_bytes().to_vec()).collect();
        let mut spans = spans.to_vec();
        let (rows, note) = patch_bases("rows.jsonl", &patches, &mut spans, place, &files, &kept);
        let at: Vec<(String, u32, u32)> = (spans.iter())
            .map(|s| (s.path.to_string(), s.start, s.end))
            .collect();
        (rows, note, at)
    };
    let given = vec![("x.py".to_string(), 2, 2), ("y.py".to_string(), 1, 1)];
    // The file on disk is the pre-image: its base, first and last line of the span.
    let (rows, note, at) = check(base, vec![], true);
    assert_eq!(rows.len(), 1, "y.py is not in the workspace: no base");
    assert_eq!(rows[0].base, Some(Base::of_span(base.as_bytes(), 2, 2)));
    assert_eq!((note, at), (None, given.clone()));
    // Edited before the server started: the kept text that holds the patch is the base.
    let (rows, note, at) = check(edited, vec!["zzz\n", base], true);
    assert_eq!(rows[0].base, Some(Base::of_span(base.as_bytes(), 2, 2)));
    assert_eq!((note, at), (None, given.clone()));
    // No kept text: the patch applies to the file one line down, as `git apply` places it; gold
    // as given moves there (it stayed on line 2 before session 33), and it is said.
    let (rows, note, at) = check(edited, vec!["zzz\n"], true);
    assert_eq!(rows[0].base, Some(Base::of_span(edited.as_bytes(), 3, 3)));
    assert_eq!(
        at,
        vec![("y.py".to_string(), 1, 1), ("x.py".to_string(), 3, 3)]
    );
    assert_eq!(
        note.unwrap(),
        "rows.jsonl: patch applied to the workspace file with an offset, gold moved with it (as `readcov gold --workspace`): `x.py`: applied with offset +1"
    );
    // A definition's gold was placed on the workspace already: not moved again, nothing said.
    let (_, note, at) = check(edited, vec!["zzz\n"], false);
    assert_eq!((note, at), (None, given.clone()));
    // A file the patch does not apply to: the file as it is, and said.
    let (rows, note, at) = check("x\ny\n", vec!["zzz\n"], true);
    assert_eq!(rows[0].base, Some(Base::of_span(b"x\ny\n", 2, 2)));
    assert_eq!(at, given);
    assert!(note
        .unwrap()
        .starts_with("rows.jsonl: for 1 file(s) (`x.py`) neither the workspace file"));
}
