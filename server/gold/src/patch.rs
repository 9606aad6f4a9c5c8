//! Gold from patches: the edit lines (`readcov_import`'s gold from a diff) and, with a workspace,
//! those lines widened to their enclosing units ([`crate::expand`]). A file falls back to its
//! edit lines, with a note, when there is no workspace, no such file, no grammar, or the
//! workspace does not hold what the patch expects (the patch does not apply, as `git apply`
//! decides: hunks found a few lines away apply there, with their offset noted).

use crate::expand::{edit_only, expand_file, set_of, ExpandOptions, FileGold};
use crate::{Built, GoldRow, NoteKind, Notes, Origin, TaskFiles};
use readcov_core::formats::{parse_jsonl, Parsed};
use readcov_core::LineSet;
use readcov_import::{repo_path, DiffOptions};
use readcov_patch::{change_lines, is_test_path};
use readcov_units::lang_for_file;
use std::collections::BTreeMap;

/// One task's patch (and, from SWE-bench rows, its test patch and failing tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatchRow {
    pub task: String,
    pub patch: String,
    pub test_patch: Option<String>,
    /// `FAIL_TO_PASS` test ids (a JSON list, or a string holding one, as SWE-bench ships it).
    pub fail_to_pass: Vec<String>,
    /// The input file (for located errors).
    pub file: String,
}

/// SWE-bench style rows: `instance_id`, `patch`, optional `test_patch` and `FAIL_TO_PASS`.
pub fn parse_patch_rows(bytes: &[u8], file: &str) -> Parsed<PatchRow> {
    parse_jsonl(bytes, file, |f| {
        let fail_to_pass = match f.obj.get("FAIL_TO_PASS") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(v) => test_ids(v).ok_or_else(|| {
                f.err(
                    "FAIL_TO_PASS",
                    "expected a list of test ids or a string holding one",
                )
            })?,
        };
        let test_patch = f.opt_string("test_patch")?.map(str::to_string);
        // Rows for the test tier alone (a harness's FAIL_TO_PASS lists) need no fix patch.
        let patch = match f.opt_string("patch")? {
            Some(p) => p.to_string(),
            None if test_patch.is_some() || !fail_to_pass.is_empty() => String::new(),
            None => f.string("patch")?.to_string(),
        };
        Ok(PatchRow {
            task: f.string("instance_id")?.to_string(),
            patch,
            test_patch,
            fail_to_pass,
            file: file.to_string(),
        })
    })
}

fn test_ids(v: &serde_json::Value) -> Option<Vec<String>> {
    match v {
        serde_json::Value::Array(a) => a.iter().map(|x| x.as_str().map(String::from)).collect(),
        serde_json::Value::String(s) => {
            test_ids(&serde_json::from_str::<serde_json::Value>(s).ok()?)
        }
        _ => None,
    }
}

/// Gold of every patch: edit lines, widened by `expand` when given. With a workspace the patch
/// is applied to each file first, as `git apply` does: a hunk found a few lines from its stated
/// place moves its gold there (with a note giving the offset), and a file the patch does not
/// apply to keeps the stated lines, with a note, and is not widened.
pub fn unit_gold(
    rows: &[PatchRow],
    files: &dyn TaskFiles,
    diff: &DiffOptions,
    expand: Option<&ExpandOptions>,
) -> Built {
    let mut out = Built::default();
    for row in rows {
        let parsed = readcov_patch::parse(&row.patch, &row.file);
        out.errors.extend(parsed.errors);
        let has_ws = files.has_workspace(&row.task);
        let mut any_lines = false;
        let mut by_path: BTreeMap<String, FileGold> = BTreeMap::new();
        for f in &parsed.patch.files {
            let Some(path) = repo_path(f, &row.file, &mut out.errors) else {
                continue;
            };
            if diff.exclude_tests && is_test_path(&path) {
                let msg = "excluded as a test file";
                out.notes
                    .push(NoteKind::ExcludedTest, &row.task, &path, msg);
                continue;
            }
            if f.new_file {
                let msg = "new file: no base lines";
                out.notes.push(NoteKind::NewFile, &row.task, &path, msg);
                continue;
            }
            let placed = has_ws
                .then(|| place(&row.task, &path, f, files, &mut out.notes))
                .flatten();
            let starts = placed.as_ref().map_or(Vec::new(), |(_, s)| s.clone());
            let edit = set_of(change_lines(f, &starts, diff.anchor));
            any_lines |= !edit.is_empty();
            let fg = match (expand, placed) {
                (Some(opts), Some((source, _))) => {
                    widen_source(&row.task, &path, &edit, &source, opts, &mut out.notes)
                }
                _ => edit_only(&edit),
            };
            let slot = by_path.entry(path).or_default();
            *slot = union(slot, &fg);
        }
        if expand.is_some() && !has_ws && any_lines {
            out.notes.push(
                NoteKind::NoWorkspace,
                &row.task,
                "",
                "no workspace: gold is the edit lines",
            );
        }
        for (path, fg) in by_path {
            push_rows(&mut out.rows, &row.task, &path, &fg);
        }
    }
    out
}

/// The workspace text of `path` and where each hunk of `f` applies to it; `None` (with a note)
/// when the file is missing or the patch does not apply.
fn place(
    task: &str,
    path: &str,
    f: &readcov_patch::FilePatch,
    files: &dyn TaskFiles,
    notes: &mut Notes,
) -> Option<(String, Vec<u32>)> {
    let Some(source) = files.read(task, path) else {
        notes.push(NoteKind::MissingFile, task, path, "not in the workspace");
        return None;
    };
    match readcov_patch::apply(f, &source) {
        Ok(applied) => {
            if let Some(msg) = applied.offset_note() {
                notes.push(NoteKind::AppliedWithOffset, task, path, msg);
            }
            Some((source, applied.starts()))
        }
        Err(e) => {
            notes.push(NoteKind::PatchDoesNotApply, task, path, e.to_string());
            None
        }
    }
}

/// Two parts of one file's gold (a file named twice in a patch) as one.
fn union(a: &FileGold, b: &FileGold) -> FileGold {
    let edit = a.edit.union(&b.edit);
    let unit = a.unit.union(&b.unit).difference(&edit);
    FileGold {
        window: a
            .window
            .union(&b.window)
            .difference(&edit)
            .difference(&unit),
        unit,
        edit,
        parse_errors: a.parse_errors + b.parse_errors,
    }
}

/// One file's widened gold from the workspace, or its edit lines with a note saying why not.
pub(crate) fn widen(
    task: &str,
    path: &str,
    edit: &LineSet,
    files: &dyn TaskFiles,
    opts: &ExpandOptions,
    notes: &mut Notes,
) -> FileGold {
    let Some(source) = files.read(task, path) else {
        notes.push(NoteKind::MissingFile, task, path, "not in the workspace");
        return edit_only(edit);
    };
    widen_source(task, path, edit, &source, opts, notes)
}

/// One file's widened gold from its text, or its edit lines with a note saying why not.
fn widen_source(
    task: &str,
    path: &str,
    edit: &LineSet,
    source: &str,
    opts: &ExpandOptions,
    notes: &mut Notes,
) -> FileGold {
    let Some(lang) = lang_for_file(path, source) else {
        notes.push(NoteKind::NoGrammar, task, path, "no grammar for this file");
        return edit_only(edit);
    };
    match expand_file(lang, source, edit, opts) {
        Ok(fg) => {
            if fg.parse_errors > 0 {
                let msg = format!("{} syntax error node(s)", fg.parse_errors);
                notes.push(NoteKind::ParseErrors, task, path, msg);
            }
            fg
        }
        Err(e) => {
            notes.push(NoteKind::NoGrammar, task, path, e.to_string());
            edit_only(edit)
        }
    }
}

/// Rows of one file's gold, in line order.
pub(crate) fn push_rows(rows: &mut Vec<GoldRow>, task: &str, path: &str, fg: &FileGold) {
    let mut file_rows: Vec<GoldRow> = [
        (&fg.edit, Origin::Edit),
        (&fg.unit, Origin::Unit),
        (&fg.window, Origin::Window),
    ]
    .into_iter()
    .flat_map(|(set, origin)| {
        set.intervals()
            .iter()
            .map(move |iv| GoldRow::new(task, path, iv.start, iv.end, origin))
    })
    .collect();
    file_rows.sort_by_key(|r| r.start);
    rows.extend(file_rows);
}
