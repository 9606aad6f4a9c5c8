//! Shared helpers for the real-data tests: locate `tests/data/real`, import one trajectory with
//! its instance's `sources/` as the workspace, and pick out the rows of one action.

#![allow(dead_code)]

use readcov_core::EventKind;
use readcov_import::{
    import_with, DirFiles, FileProvider, ImportOptions, Imported, NoFiles, Reason,
};
use std::path::{Path, PathBuf};

/// The shipped real data; panics (never skips) when it is missing.
pub fn real() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "real agent data not found at {} (it ships in the repository)",
        p.display()
    );
    p
}

/// Imports `rel` (relative to the real data), with `sources/<task>/` as the workspace when present.
pub fn run(rel: &str) -> Imported {
    run_with(rel, &ImportOptions::default())
}

/// [`run`] with `opts`.
pub fn run_with(rel: &str, opts: &ImportOptions) -> Imported {
    let root = real();
    let bytes = std::fs::read(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let sources = root.join("sources");
    let pick = move |task: &str| -> Box<dyn FileProvider> {
        let dir = sources.join(task);
        if dir.is_dir() {
            Box::new(DirFiles(dir))
        } else {
            Box::new(NoFiles)
        }
    };
    import_with(&bytes, rel, opts, &pick)
}

/// Imports `rel` (relative to the real data) with no workspace: lengths and text only from the log.
pub fn run_bare(rel: &str) -> Imported {
    let bytes = std::fs::read(real().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    import_with(&bytes, rel, &ImportOptions::default(), &|_: &str| {
        Box::new(NoFiles) as Box<dyn FileProvider>
    })
}

/// Imports `rel` of the several-models set (`tests/data/real-multi`, which ships no sources).
pub fn run_multi(rel: &str) -> Imported {
    let root = real().join("../real-multi");
    let bytes = std::fs::read(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    import_with(&bytes, rel, &ImportOptions::default(), &|_: &str| {
        Box::new(NoFiles) as Box<dyn FileProvider>
    })
}

type Row = (String, u32, u32);

fn rows(imp: &Imported, step: u32, kind: EventKind) -> Vec<Row> {
    imp.rows
        .iter()
        .filter(|r| r.step == Some(step) && r.kind == kind)
        .map(|r| (r.path.clone(), r.start, r.end))
        .collect()
}

fn own(v: &[(&str, u32, u32)]) -> Vec<Row> {
    v.iter().map(|(p, s, e)| (p.to_string(), *s, *e)).collect()
}

/// The read rows of action `step` are exactly `expected`.
pub fn reads(imp: &Imported, step: u32, expected: &[(&str, u32, u32)]) {
    assert_eq!(
        rows(imp, step, EventKind::Read),
        own(expected),
        "reads of step {step}"
    );
}

/// The edit rows of action `step` are exactly `expected`.
pub fn edits(imp: &Imported, step: u32, expected: &[(&str, u32, u32)]) {
    assert_eq!(
        rows(imp, step, EventKind::Edit),
        own(expected),
        "edits of step {step}"
    );
}

/// Action `step` gave no rows, for `reason`.
pub fn skipped(imp: &Imported, step: u32, reason: Reason) {
    let got = imp
        .outcomes
        .iter()
        .find(|(s, _, _)| *s == step)
        .map(|(_, _, r)| *r);
    assert_eq!(got, Some(Some(reason)), "outcome of step {step}");
}
