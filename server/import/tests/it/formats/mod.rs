//! The new formats on their real samples (`tests/data/formats`, see its MANIFEST.md): reads
//! checked by hand against the text each observation displayed, and small synthetic cases, one
//! per rule. One test binary; a module per format.

mod aider;
mod atif;
mod autocoderover;
mod beir;
mod chat;
mod chunks;
mod claude_code;
mod claude_code_compact;
mod codex;
mod gemini;
mod inspect;
mod mini_swe_agent;
mod openhands;
mod otel;
mod seeds;
mod swe_agent;
mod swe_agent_1x;
mod trec;

use readcov_core::EventKind;
use readcov_import::{import, import_with, FileProvider, ImportOptions, Imported, NoFiles, Reason};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The vendored samples; panics (never skips) when they are missing.
pub fn formats() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "samples not found at {}",
        p.display()
    );
    p
}

/// Imports one sample (path relative to the samples folder) with no workspace.
pub fn sample(rel: &str) -> Imported {
    let bytes = std::fs::read(formats().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    import_with(&bytes, rel, &ImportOptions::default(), &|_| -> Box<
        dyn FileProvider,
    > {
        Box::new(NoFiles)
    })
}

/// Imports `text` with an in-memory workspace.
pub fn synthetic(text: &str, files: &[(&str, &str)]) -> Imported {
    import_as(None, "log", text, files)
}

/// Imports `text` (named `name`) as `format` (`None`: detected), with an in-memory workspace
/// when `files` is not empty.
pub fn import_as(
    format: Option<readcov_import::Format>,
    name: &str,
    text: &str,
    files: &[(&str, &str)],
) -> Imported {
    let opts = ImportOptions {
        format,
        ..ImportOptions::default()
    };
    let ws: BTreeMap<String, String> = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    if files.is_empty() {
        import(text.as_bytes(), name, &opts, &NoFiles)
    } else {
        import(text.as_bytes(), name, &opts, &ws)
    }
}

pub type Row = (String, u32, u32);

/// Read (or edit) rows of `step` in run `run` (`None`: any run).
pub fn rows(imp: &Imported, run: Option<&str>, step: u32, kind: EventKind) -> Vec<Row> {
    imp.rows
        .iter()
        .filter(|r| r.step == Some(step) && r.kind == kind && run.is_none_or(|x| r.run == x))
        .map(|r| (r.path.clone(), r.start, r.end))
        .collect()
}

pub fn own(v: &[(&str, u32, u32)]) -> Vec<Row> {
    v.iter().map(|(p, s, e)| (p.to_string(), *s, *e)).collect()
}

/// The read rows of `step` (any run) are exactly `expected`.
pub fn reads(imp: &Imported, step: u32, expected: &[(&str, u32, u32)]) {
    assert_eq!(
        rows(imp, None, step, EventKind::Read),
        own(expected),
        "reads of step {step}"
    );
}

/// Action `step` gave no rows, for `reason` (the first action with that step).
pub fn skipped(imp: &Imported, step: u32, reason: Reason) {
    let got = imp
        .outcomes
        .iter()
        .find(|(s, _, _)| *s == step)
        .map(|(_, _, r)| *r);
    assert_eq!(got, Some(Some(reason)), "outcome of step {step}");
}

/// Lines credited per (run, step) never exceed `shown(run, step)`, the number of lines that
/// step's observation displayed, counted from the raw log by the caller.
pub fn credited_within(imp: &Imported, shown: impl Fn(&str, u32) -> u32) {
    let mut credited: BTreeMap<(String, u32), u32> = BTreeMap::new();
    for r in imp.rows.iter().filter(|r| r.kind == EventKind::Read) {
        *credited
            .entry((r.run.clone(), r.step.unwrap_or(0)))
            .or_default() += r.end - r.start + 1;
    }
    assert!(!credited.is_empty(), "no reads at all");
    for ((run, step), n) in credited {
        let d = shown(&run, step);
        assert!(
            n <= d,
            "{run} step {step}: credited {n} lines, displayed {d}"
        );
    }
}

/// Lines of a tool output (a final newline ends the last line; it does not start another).
pub fn line_count(text: &str) -> u32 {
    if text.is_empty() {
        return 0;
    }
    text.strip_suffix('\n').unwrap_or(text).split('\n').count() as u32
}

/// Imports the hand-made log `tests/data/formats/handmade/<case>/<log>` (detected), with the
/// case's `workspace/` as the workspace (see MANIFEST.md: logs written in the tool's own format,
/// from its source, for a rule no real sample shows).
pub fn handmade(case: &str, log: &str) -> Imported {
    let dir = formats().join("handmade").join(case);
    let text = std::fs::read_to_string(dir.join(log)).unwrap_or_else(|e| panic!("{case}: {e}"));
    let mut files = Vec::new();
    let ws = dir.join("workspace");
    let mut todo = vec![ws.clone()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                let rel = p.strip_prefix(&ws).unwrap().to_str().unwrap().to_string();
                files.push((rel, std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    assert!(!files.is_empty(), "{case}: no workspace files");
    let files: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    import_as(None, log, &text, &files)
}
