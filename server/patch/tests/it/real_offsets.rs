//! The shipped gold patches that apply only with offsets (tests/data/real/offset-patches, issue
//! 34): each hunk lands where `git apply -v` puts it on the shipped sources (its "Hunk #N
//! succeeded at M (offset K lines)" lines, recorded in the MANIFEST), and the changed lines
//! move with it.

use readcov_patch::{apply, change_lines, parse};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/offset-patches")
}

fn patch_of(task: &str) -> String {
    let rows = std::fs::read_to_string(data().join("gold.jsonl")).unwrap();
    rows.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["instance_id"] == task)
        .map(|r| r["patch"].as_str().unwrap().to_string())
        .unwrap()
}

/// Per file of the task's gold patch: (path, each hunk's offset, note, changed base lines).
type FileOffsets = (String, Vec<i64>, Option<String>, Vec<(u32, u32)>);

fn offsets(task: &str) -> Vec<FileOffsets> {
    let parsed = parse(&patch_of(task), "gold.jsonl");
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed
        .patch
        .files
        .iter()
        .map(|f| {
            let path = f.path().unwrap().to_string();
            let src =
                std::fs::read_to_string(data().join("sources").join(task).join(&path)).unwrap();
            let a = apply(f, &src).unwrap_or_else(|e| panic!("{task} {path}: {e}"));
            let offs = a.placed.iter().map(|p| p.offset()).collect();
            (path, offs, a.offset_note(), change_lines(f, &a.starts(), 1))
        })
        .collect()
}

#[test]
fn sphinx_7462_applies_at_offset_plus_9_inside_unparse() {
    let got = offsets("sphinx-doc__sphinx-7462");
    assert_eq!(got[0].0, "sphinx/domains/python.py");
    assert_eq!(got[0].1, [9]);
    assert_eq!(got[0].2.as_deref(), Some("applied with offset +9"));
    // Deleted lines 117-121 (stated 108-112), inside `unparse` (91-124).
    assert_eq!(got[0].3, [(117, 121)]);
    let src = std::fs::read_to_string(
        data().join("sources/sphinx-doc__sphinx-7462/sphinx/domains/python.py"),
    )
    .unwrap();
    let line = |n: usize| src.lines().nth(n - 1).unwrap().trim().to_string();
    assert_eq!(line(117), "result = []");
    assert_eq!(line(121), "result.pop()");
    assert_eq!(
        (got[1].0.as_str(), got[1].1.as_slice(), got[1].2.as_deref()),
        ("sphinx/pycode/ast.py", [0].as_slice(), None)
    );
}

#[test]
fn sympy_12489_hunks_6_to_26_apply_at_offset_minus_4() {
    let got = offsets("sympy__sympy-12489");
    assert_eq!(got.len(), 1);
    let want: Vec<i64> = (1..=26).map(|h| if h >= 6 { -4 } else { 0 }).collect();
    assert_eq!(got[0].1, want);
    assert_eq!(
        got[0].2.as_deref(),
        Some("applied with offset -4 (hunks 6-26 of 26)")
    );
}

#[test]
fn sympy_13877_matrices_applies_at_offset_plus_1() {
    let got = offsets("sympy__sympy-13877");
    assert_eq!(got[0].0, "sympy/matrices/matrices.py");
    assert_eq!(got[0].1, [1, 1, 1, 1, 1]);
    assert_eq!(got[0].2.as_deref(), Some("applied with offset +1"));
    assert_eq!(got[1].0, "sympy/utilities/randtest.py");
    assert_eq!(got[1].2, None);
}
