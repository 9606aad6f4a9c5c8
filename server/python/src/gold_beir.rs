//! `gold_from_beir` and the qrels every gold function can also give (`qrels="file"|...`): thin
//! calls into `readcov_files::beir_gold` and `readcov_files::qrels`, the code `readcov gold
//! --from-beir` and `--format qrels --level` run, so the texts are the CLI's byte for byte.

use crate::{file_error, located, one_workspace, Located};
use pyo3::prelude::*;
use readcov_files::canonical_dir;
use readcov_files::gold_files::Workspaces;
use readcov_files::qrels::{qrels, QrelsLevel};
use readcov_gold::{Built, EmptyInput};
use serde_json::json;
use std::path::PathBuf;

/// The qrels text and the tasks left out of unit qrels (`None`: no qrels asked for).
pub type QrelsText = Option<(String, Vec<String>)>;

/// Rows (JSONL), notes (JSON), located errors, and the qrels when asked for.
pub type BuiltQrels = (String, String, Vec<Located>, QrelsText);

/// `level` parsed before any file is read (a bad one is the caller's mistake).
pub fn qrels_level(level: Option<&str>) -> PyResult<Option<QrelsLevel>> {
    level
        .map(|l| {
            QrelsLevel::parse(l).ok_or_else(|| {
                crate::options::not_one_of("qrels", l, &["file", "unit", "span", "line"])
            })
        })
        .transpose()
}

/// `built`'s rows as qrels at `level`, as `--format qrels --level` writes them.
pub fn qrels_of(
    built: &Built,
    level: Option<QrelsLevel>,
    files: &Workspaces,
) -> PyResult<QrelsText> {
    let Some(level) = level else { return Ok(None) };
    let spans: Vec<_> = built.rows.iter().map(|r| r.span()).collect();
    let out = qrels(&spans, level, files).map_err(file_error)?;
    Ok(Some((out.text, out.unjudged)))
}

/// The notes as the JSON list the Python results carry.
pub fn notes_json(built: &Built) -> String {
    notes_json_with(built, &[])
}

/// [`notes_json`] after the loader's notes on the outcome labels (a harness report read as
/// labels: `readcov_files::input::load_labels`' words, the lines `readcov gold --from-runs`
/// prints), each `{"kind": "outcomes", "message": line}`.
pub fn notes_json_with(built: &Built, label_notes: &[String]) -> String {
    let labels = (label_notes.iter())
        .map(|m| json!({"kind": "outcomes", "task": "", "subject": "", "message": m}));
    let notes: Vec<serde_json::Value> = labels
        .chain(built.notes.0.iter().map(|n| {
            json!({"kind": n.kind.label(), "task": n.task, "subject": n.subject, "message": n.message})
        }))
        .collect();
    serde_json::Value::from(notes).to_string()
}

/// Canonical workspaces (`canonical_dir`), refused as the CLI refuses them.
pub fn workspaces(
    workspace: &Option<PathBuf>,
    workspaces: &Option<PathBuf>,
) -> PyResult<Workspaces> {
    one_workspace(workspace, workspaces)?;
    let dir = |p: &Option<PathBuf>| {
        p.as_deref()
            .map(canonical_dir)
            .transpose()
            .map_err(file_error)
    };
    Ok(Workspaces {
        one: dir(workspace)?,
        per_task: dir(workspaces)?,
    })
}

/// Gold from BEIR-style relevance judgments, as `readcov gold --from-beir PATH [--corpus C]
/// [--split S]` builds it (`readcov_files::beir_gold::gold_from_beir`).
#[pyfunction]
#[pyo3(signature = (path, corpus=None, split="test", workspace=None, workspaces=None, qrels=None))]
pub fn gold_from_beir(
    py: Python<'_>,
    path: PathBuf,
    corpus: Option<PathBuf>,
    split: &str,
    workspace: Option<PathBuf>,
    workspaces: Option<PathBuf>,
    qrels: Option<&str>,
) -> PyResult<BuiltQrels> {
    let level = qrels_level(qrels)?;
    let files = self::workspaces(&workspace, &workspaces)?;
    py.detach(|| {
        let built =
            readcov_files::beir_gold::gold_from_beir(&path, corpus.as_deref(), split, &files)
                .map_err(file_error)?;
        let errors: Vec<Located> = built.errors.iter().map(located).collect();
        // Nothing built and nothing located: the CLI's own reason (it exits 2 with it).
        if built.rows.is_empty() && errors.is_empty() {
            if let Some(why) = built.why_empty(EmptyInput::Qrels) {
                return Err(file_error(format!("{}: {why}", path.display())));
            }
        }
        let mut rows = String::new();
        for s in &built.rows {
            rows.push_str(&serde_json::to_string(s).expect("gold rows serialise"));
            rows.push('\n');
        }
        let q = qrels_of(&built, level, &files)?;
        Ok((rows, notes_json(&built), errors, q))
    })
}
