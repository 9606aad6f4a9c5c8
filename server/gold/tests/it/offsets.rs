//! Gold of the shipped patches that apply only with an offset (tests/data/real/offset-patches,
//! issue 34): with the workspace, their gold sits where `git apply` puts the hunks, said in a
//! note ("applied with offset +9"), and unit gold widens from there.

use readcov_gold::{parse_patch_rows, unit_gold, ExpandOptions, PatchRow, TaskFiles};
use readcov_import::DiffOptions;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/offset-patches")
}

/// `sources/<task>/<path>`, as `--workspaces` serves them.
struct Sources;

impl TaskFiles for Sources {
    fn read(&self, task: &str, path: &str) -> Option<String> {
        std::fs::read_to_string(data().join("sources").join(task).join(path)).ok()
    }
    fn has_workspace(&self, _: &str) -> bool {
        true
    }
}

fn rows() -> Vec<PatchRow> {
    let bytes = std::fs::read(data().join("gold.jsonl")).unwrap();
    let parsed = parse_patch_rows(&bytes, "gold.jsonl");
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.items
}

/// `path:start-end origin` rows of one task, and its notes as `kind: subject: message`.
fn gold(task: &str, expand: Option<&ExpandOptions>) -> (Vec<String>, Vec<String>) {
    let rows: Vec<PatchRow> = rows().into_iter().filter(|r| r.task == task).collect();
    let b = unit_gold(&rows, &Sources, &DiffOptions::default(), expand);
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    let shown = (b.rows.iter())
        .map(|r| format!("{}:{}-{} {}", r.path, r.start, r.end, r.origin.as_str()))
        .collect();
    let notes = (b.notes.0.iter())
        .map(|n| format!("{:?}: {}: {}", n.kind, n.subject, n.message))
        .collect();
    (shown, notes)
}

#[test]
fn sphinx_7462_gold_moves_to_117_121_inside_unparse() {
    let (rows, notes) = gold("sphinx-doc__sphinx-7462", None);
    assert_eq!(
        rows,
        [
            "sphinx/domains/python.py:117-121 edit",
            "sphinx/pycode/ast.py:117-117 edit"
        ]
    );
    assert_eq!(
        notes,
        ["AppliedWithOffset: sphinx/domains/python.py: applied with offset +9"]
    );
    // Unit gold: the enclosing `unparse` (91-124), not lines around the stated 108-112.
    let (rows, notes) = gold("sphinx-doc__sphinx-7462", Some(&ExpandOptions::default()));
    assert!(
        rows.contains(&"sphinx/domains/python.py:91-116 unit".to_string())
            && rows.contains(&"sphinx/domains/python.py:122-124 unit".to_string()),
        "{rows:?}"
    );
    assert!(!notes.iter().any(|n| n.starts_with("PatchDoesNotApply")));
}

#[test]
fn sympy_offsets_are_noted_and_nothing_is_reported_as_not_applying() {
    let (_, notes) = gold("sympy__sympy-12489", Some(&ExpandOptions::default()));
    assert_eq!(
        notes,
        ["AppliedWithOffset: sympy/combinatorics/permutations.py: applied with offset -4 (hunks 6-26 of 26)"]
    );
    let (rows, notes) = gold("sympy__sympy-13877", None);
    assert_eq!(
        notes,
        ["AppliedWithOffset: sympy/matrices/matrices.py: applied with offset +1"]
    );
    // The first hunk inserts an import after base line 7 (stated 6): anchors 8 and 9.
    assert_eq!(rows[0], "sympy/matrices/matrices.py:8-9 edit");
}
