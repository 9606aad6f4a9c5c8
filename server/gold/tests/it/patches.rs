//! Gold from patches with a workspace: pure insertions, new files, patches that do not apply,
//! no workspace, no grammar, and the origins of every row.

use crate::expand::PY;
use readcov_gold::{
    unit_gold, ExpandOptions, GoldDef, GoldInput, NoWorkspace, NoteKind, Origin, PatchRow,
    TaskFiles,
};
use readcov_import::DiffOptions;
use std::collections::BTreeMap;

const OPTS: ExpandOptions = ExpandOptions {
    max_unit: 200,
    window: 2,
};

fn files(entries: &[(&str, &str)]) -> BTreeMap<(String, String), String> {
    entries
        .iter()
        .map(|(p, s)| (("t".to_string(), p.to_string()), s.to_string()))
        .collect()
}

fn row(patch: &str) -> PatchRow {
    PatchRow {
        task: "t".into(),
        patch: patch.into(),
        file: "p.diff".into(),
        ..PatchRow::default()
    }
}

/// Rows as `path:start-end origin`.
fn rows_of(patch: &str, ws: &dyn TaskFiles) -> (Vec<String>, Vec<NoteKind>) {
    let b = unit_gold(&[row(patch)], ws, &DiffOptions::default(), Some(&OPTS));
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    let rows = b
        .rows
        .iter()
        .map(|r| format!("{}:{}-{} {}", r.path, r.start, r.end, r.origin.as_str()))
        .collect();
    (rows, b.notes.0.iter().map(|n| n.kind).collect())
}

/// A pure insertion after line 9 (`return b` in `inner`), with lines 8-10 as context.
const INSERT: &str = "--- a/m.py\n+++ b/m.py\n@@ -8,3 +8,4 @@\n     def inner(b):\n         return b\n+        # new\n     return inner(a)\n";

#[test]
fn pure_insertion_widens_both_anchors() {
    // Anchors 9 (in `inner`, 8-9) and 10 (in `outer`, 5-10 with decorator and comment).
    let (rows, notes) = rows_of(INSERT, &files(&[("m.py", PY)]));
    assert_eq!(rows, ["m.py:5-8 unit", "m.py:9-10 edit"]);
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn new_file_is_noted_and_has_no_rows() {
    let patch = "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1,2 @@\n+a = 1\n+b = 2\n";
    let (rows, notes) = rows_of(patch, &files(&[("m.py", PY)]));
    assert!(rows.is_empty());
    assert_eq!(notes, [NoteKind::NewFile]);
}

#[test]
fn patch_that_does_not_apply_keeps_the_edit_lines_and_says_so() {
    let other = PY.replace("return b", "return b + 1");
    let (rows, notes) = rows_of(INSERT, &files(&[("m.py", &other)]));
    assert_eq!(rows, ["m.py:9-10 edit"]);
    assert_eq!(notes, [NoteKind::PatchDoesNotApply]);
}

#[test]
fn no_workspace_missing_file_and_no_grammar_fall_back_to_edit_lines() {
    let (rows, notes) = rows_of(INSERT, &NoWorkspace);
    assert_eq!(rows, ["m.py:9-10 edit"]);
    assert_eq!(notes, [NoteKind::NoWorkspace]);
    let (rows, notes) = rows_of(INSERT, &files(&[("other.py", PY)]));
    assert_eq!(rows, ["m.py:9-10 edit"]);
    assert_eq!(notes, [NoteKind::MissingFile]);
    let txt = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1,1 +1,1 @@\n-a\n+b\n";
    let (rows, notes) = rows_of(txt, &files(&[("notes.txt", "a\n")]));
    assert_eq!(rows, ["notes.txt:1-1 edit"]);
    assert_eq!(notes, [NoteKind::NoGrammar]);
}

#[test]
fn gold_def_builds_edit_and_unit_and_detects_them_back() {
    let ws = files(&[("m.py", PY)]);
    let rows = [row(INSERT)];
    let diff = DiffOptions::default();
    let edit = GoldDef::Edit
        .build(GoldInput::Patches(&rows), &ws, &diff)
        .unwrap();
    assert!(edit.rows.iter().all(|r| r.origin == Origin::Edit));
    assert_eq!(GoldDef::detect(&edit.rows).label(), "edit");
    let unit = GoldDef::Unit(OPTS)
        .build(GoldInput::Patches(&rows), &ws, &diff)
        .unwrap();
    assert_eq!(GoldDef::detect(&unit.rows).label(), "unit");
    // The edit rows of unit gold are exactly edit gold.
    let edit_part: Vec<_> = unit
        .rows
        .iter()
        .filter(|r| r.origin == Origin::Edit)
        .cloned()
        .collect();
    assert_eq!(edit_part, edit.rows);
}

/// A hunk with no base text whose stated line is past the file's end (`@@ -40,0 +42 @@` on a
/// shorter file: the patch applies, its anchor is line 40): unit gold keeps that edit line, as
/// edit gold does, and widens only the lines the file has (before session 24 it dropped the line
/// under `--expand units`, so unit gold's edit rows were not edit gold).
#[test]
fn edit_rows_of_unit_gold_are_edit_gold_past_the_files_end() {
    let patch = format!("{INSERT}@@ -40,0 +42 @@\n+x = 1\n");
    let ws = files(&[("m.py", PY)]);
    assert!(PY.lines().count() < 40);
    let rows = [row(&patch)];
    let diff = DiffOptions::default();
    let edit = GoldDef::Edit
        .build(GoldInput::Patches(&rows), &ws, &diff)
        .unwrap();
    let unit = GoldDef::Unit(OPTS)
        .build(GoldInput::Patches(&rows), &ws, &diff)
        .unwrap();
    let span = |r: &readcov_gold::GoldRow| format!("{}-{} {}", r.start, r.end, r.origin.as_str());
    assert_eq!(
        edit.rows.iter().map(span).collect::<Vec<_>>(),
        ["9-10 edit", "40-40 edit"]
    );
    assert_eq!(
        unit.rows.iter().map(span).collect::<Vec<_>>(),
        ["5-8 unit", "9-10 edit", "40-40 edit"]
    );
}

/// A path holding a space (git ends such a `---`/`+++` name with a tab) and a git-quoted path
/// (`"a/\303\251 t.py"`, octal escapes) are read whole: before session 24 the first was cut at
/// its space (`my`) and the second kept its quotes, so their gold named files that do not exist.
#[test]
fn paths_with_spaces_and_git_quoted_paths_are_read_whole() {
    let spaced = "diff --git a/my file.py b/my file.py\n--- a/my file.py\t\n+++ b/my file.py\t\n@@ -9,1 +9,1 @@\n-        return b\n+        return -b\n";
    let quoted = "diff --git \"a/\\303\\251 t.py\" \"b/\\303\\251 t.py\"\n--- \"a/\\303\\251 t.py\"\n+++ \"b/\\303\\251 t.py\"\n@@ -9,1 +9,1 @@\n-        return b\n+        return -b\n";
    let plain = "--- a/m.py\n+++ b/m.py\n@@ -9,1 +9,1 @@\n-        return b\n+        return -b\n";
    let ws = files(&[("m.py", PY), ("my file.py", PY), ("\u{e9} t.py", PY)]);
    let (want, _) = rows_of(plain, &ws);
    assert!(!want.is_empty());
    for (patch, path) in [(spaced, "my file.py"), (quoted, "\u{e9} t.py")] {
        let (rows, notes) = rows_of(patch, &ws);
        let named: Vec<String> = want.iter().map(|r| r.replacen("m.py", path, 1)).collect();
        assert_eq!(rows, named, "{patch}");
        assert!(notes.is_empty(), "{notes:?}");
    }
}

/// SWE-bench results list an instance once per agent: the same task in several rows. Each
/// (task, path, span, tier) is built once, repeated notes too, and a note says so.
#[test]
fn a_task_in_several_rows_gives_each_span_once() {
    let new = "diff --git a/n.py b/n.py\nnew file mode 100644\n--- /dev/null\n+++ b/n.py\n@@ -0,0 +1 @@\n+a = 1\n";
    let other = "--- a/m.py\n+++ b/m.py\n@@ -2,1 +2,1 @@\n-x\n+y\n";
    let rows = [row(INSERT), row(INSERT), row(new), row(new), row(other)];
    for def in [GoldDef::Edit, GoldDef::Unit(OPTS)] {
        let b = def
            .build(
                GoldInput::Patches(&rows),
                &files(&[("m.py", PY)]),
                &DiffOptions::default(),
            )
            .expect("patches build");
        let keys: std::collections::HashSet<_> = b
            .rows
            .iter()
            .map(|r| (r.path.clone(), r.start, r.end, r.tier))
            .collect();
        assert_eq!(keys.len(), b.rows.len(), "{}: {:?}", def.label(), b.rows);
        // INSERT's rows once, plus the one-line change of `other` (its own span is kept).
        assert!(
            b.rows.iter().any(|r| r.start <= 2 && r.end >= 2),
            "{:?}",
            b.rows
        );
        assert_eq!(b.notes.count(NoteKind::NewFile), 1, "{}", def.label());
        let repeated: Vec<&str> = b
            .notes
            .0
            .iter()
            .filter(|n| n.kind == NoteKind::RepeatedTask)
            .map(|n| n.message.as_str())
            .collect();
        assert_eq!(repeated.len(), 1, "{:?}", b.notes);
        assert!(repeated[0].starts_with("in 5 rows:"), "{repeated:?}");
    }
}

/// Gold rows (a gold JSONL file) under each definition: picked by origin; plain edit rows widened
/// to units for `unit`, an already widened file kept as it is, no workspace noted.
#[test]
fn gold_rows_under_each_definition() {
    let parse = |text: &str| readcov_gold::parse_rows(text.as_bytes(), "g.jsonl").items;
    let under = |label: &str, rows: &[readcov_gold::GoldRow], ws: &dyn TaskFiles| {
        let def = GoldDef::from_label(label).unwrap();
        let b = def
            .build(GoldInput::Rows(rows), ws, &DiffOptions::default())
            .unwrap();
        let rows: Vec<String> = b
            .rows
            .iter()
            .map(|r| format!("{}:{}-{} {}", r.path, r.start, r.end, r.origin.as_str()))
            .collect();
        (rows, b.notes.0.iter().map(|n| n.kind).collect::<Vec<_>>())
    };
    // Plain gold: line 9 (`return b` in `inner`, 8-9) widens to `inner` under `units`.
    let plain = parse("{\"task\":\"t\",\"path\":\"m.py\",\"start\":9,\"end\":9}\n");
    let ws = files(&[("m.py", PY)]);
    assert_eq!(under("edit", &plain, &ws).0, ["m.py:9-9 edit"]);
    assert_eq!(
        under("units", &plain, &ws).0,
        ["m.py:8-8 unit", "m.py:9-9 edit"]
    );
    assert_eq!(
        under("unit", &plain, &NoWorkspace),
        (
            vec!["m.py:9-9 edit".to_string()],
            vec![NoteKind::NoWorkspace]
        )
    );
    // A file `readcov gold` wrote with origins: each definition picks its own rows.
    let mixed = parse(concat!(
        "{\"task\":\"t\",\"path\":\"m.py\",\"start\":8,\"end\":8,\"origin\":\"unit\"}\n",
        "{\"task\":\"t\",\"path\":\"m.py\",\"start\":9,\"end\":9,\"origin\":\"edit\"}\n",
        "{\"task\":\"t\",\"path\":\"t.py\",\"start\":1,\"end\":3,\"origin\":\"test\"}\n",
        "{\"task\":\"t\",\"path\":\"m.py\",\"start\":1,\"end\":12,\"origin\":\"consensus\"}\n",
    ));
    assert_eq!(under("edit", &mixed, &ws).0, ["m.py:9-9 edit"]);
    assert_eq!(
        under("units", &mixed, &ws).0,
        ["m.py:8-8 unit", "m.py:9-9 edit"]
    );
    assert_eq!(under("tests", &mixed, &ws).0, ["t.py:1-3 test"]);
    assert_eq!(under("consensus", &mixed, &ws).0, ["m.py:1-12 consensus"]);
    assert!(GoldDef::from_label("given").is_none());
}
