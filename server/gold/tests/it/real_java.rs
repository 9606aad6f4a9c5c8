//! Java unit gold on real base files: the three files of tests/data/real-multi/sources (rebuilt
//! byte-for-byte from the runs' windows, MANIFEST.md) under the runs' own submitted patches
//! (model_patches.jsonl), one task per run. Expected rows were read off the files by eye
//! (session 34): a constructor of a nested class, a method with `@Override` on its own line, a
//! `@Test` method split by an insertion, and a class closing brace widened to the whole class
//! with its Javadoc.

use readcov_gold::{unit_gold, ExpandOptions, NoteKind, PatchRow, TaskFiles};
use readcov_import::DiffOptions;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi")
}

/// `sources/<task>/<path>` for a task named `<task>.<run>`.
struct Sources;

impl TaskFiles for Sources {
    fn read(&self, task: &str, path: &str) -> Option<String> {
        let task = task.split('.').next()?;
        std::fs::read_to_string(data().join("sources").join(task).join(path)).ok()
    }
    fn has_workspace(&self, _: &str) -> bool {
        true
    }
}

/// `run path:start-end origin` rows of every run of `task` that changed a file under sources/.
fn gold(task: &str) -> Vec<String> {
    let bytes = std::fs::read_to_string(data().join("model_patches.jsonl")).unwrap();
    let rows: Vec<PatchRow> = (bytes.lines())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["task"] == task)
        .map(|v| PatchRow {
            task: format!("{task}.{}", v["run"].as_str().unwrap()),
            patch: v["model_patch"].as_str().unwrap_or("").to_string(),
            file: "model_patches.jsonl".into(),
            ..PatchRow::default()
        })
        .collect();
    let opts = ExpandOptions::default();
    let b = unit_gold(&rows, &Sources, &DiffOptions::default(), Some(&opts));
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    // Every base file the patches change is in sources/ and applies where its header says;
    // the only notes are the new files the runs added.
    let bad: Vec<_> = (b.notes.0.iter())
        .filter(|n| n.kind != NoteKind::NewFile)
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
    let file = |p: &str| p.rsplit('/').next().unwrap().to_string();
    (b.rows.iter())
        .map(|r| {
            let run = r.task.split_once('.').unwrap().1;
            format!(
                "{run} {}:{}-{} {}",
                file(&r.path),
                r.start,
                r.end,
                r.origin.as_str()
            )
        })
        .collect()
}

#[test]
fn a_nested_class_constructor_is_the_unit_of_its_line() {
    // NodeCursor.java: `_contents = ((ObjectNode) n).fields();` (198) in the constructor
    // `public ObjectCursor(JsonNode n, NodeCursor p)` (195-200) of the nested class ObjectCursor
    // (187-232); line 194 above it holds only spaces, so no leading comment.
    let got = gold("fasterxml__jackson-databind-3701");
    let runs = [
        "deepseek-chat-v2",
        "deepseek-coder-v2",
        "doubao-pro-128k",
        "gpt-4o-2024-05-13",
        "gpt-4o-mini-2024-07-18",
    ];
    let want: Vec<String> = (runs.iter())
        .flat_map(|r| {
            [
                format!("{r} NodeCursor.java:195-197 unit"),
                format!("{r} NodeCursor.java:198-198 edit"),
                format!("{r} NodeCursor.java:199-200 unit"),
            ]
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn annotations_javadoc_and_a_whole_small_class() {
    let got = gold("fasterxml__jackson-core-1142");
    let want = [
        // `&& other._snapshotInfo.equals(_snapshotInfo)` (130) in `equals`, whose `@Override`
        // stands alone on 120 (the blank 119 above: no comment).
        "deepseek-chat-v2 Version.java:120-129 unit",
        "deepseek-chat-v2 Version.java:130-130 edit",
        "deepseek-chat-v2 Version.java:131-134 unit",
        // `_snapshotInfo = snapshotInfo;` (60) in the six-argument constructor, 54-63.
        "deepseek-coder-v2 Version.java:54-59 unit",
        "deepseek-coder-v2 Version.java:60-60 edit",
        "deepseek-coder-v2 Version.java:61-63 unit",
        "gpt-4o-2024-05-13 Version.java:54-59 unit",
        "gpt-4o-2024-05-13 Version.java:60-60 edit",
        "gpt-4o-2024-05-13 Version.java:61-63 unit",
        // A method inserted between `@Test` (12) and `public void testEqualsAndHashCode()` (13):
        // both anchors lie in that test method, 12-21.
        "gpt-4o-2024-05-13 VersionTest.java:12-13 edit",
        "gpt-4o-2024-05-13 VersionTest.java:14-21 unit",
        "gpt-4o-mini-2024-07-18 Version.java:120-129 unit",
        "gpt-4o-mini-2024-07-18 Version.java:130-130 edit",
        "gpt-4o-mini-2024-07-18 Version.java:131-134 unit",
        // The class's closing brace (100, replaced) is in no method: the whole class VersionTest
        // (10-100, 91 lines ≤ 200) with its Javadoc (6-9).
        "gpt-4o-mini-2024-07-18 VersionTest.java:6-99 unit",
        "gpt-4o-mini-2024-07-18 VersionTest.java:100-100 edit",
    ];
    assert_eq!(got, want);
}
