//! Gold from patches: the edit lines (`readcov_import`'s gold from a diff) and, with a workspace,
//! those lines widened to their enclosing units ([`crate::expand`]). A file falls back to its
//! edit lines, with a note, when there is no workspace, no such file, no grammar, or the
//! workspace does not hold what the patch expects (the patch does not apply).

use crate::expand::{edit_only, expand_file, set_of, ExpandOptions, FileGold};
use crate::{Built, GoldRow, NoteKind, Notes, Origin, TaskFiles};
use readcov_core::formats::{parse_jsonl, Parsed};
use readcov_core::LineSet;
use readcov_import::{base_text, gold_from_diff, DiffOptions};
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

/// Gold of every patch: edit lines, widened by `expand` when given.
pub fn unit_gold(
    rows: &[PatchRow],
    files: &dyn TaskFiles,
    diff: &DiffOptions,
    expand: Option<&ExpandOptions>,
) -> Built {
    let mut out = Built::default();
    for row in rows {
        let g = gold_from_diff(&row.patch, &row.task, diff, &row.file);
        out.errors.extend(g.errors);
        for (task, path) in &g.new_files {
            out.notes
                .push(NoteKind::NewFile, task, path, "new file: no base lines");
        }
        for (task, path) in &g.excluded {
            out.notes.push(
                NoteKind::ExcludedTest,
                task,
                path,
                "excluded as a test file",
            );
        }
        let mut by_path: BTreeMap<String, Vec<(u32, u32)>> = BTreeMap::new();
        for s in g.spans {
            by_path.entry(s.path).or_default().push((s.start, s.end));
        }
        let base = base_text(&row.patch);
        if expand.is_some() && !files.has_workspace(&row.task) && !by_path.is_empty() {
            out.notes.push(
                NoteKind::NoWorkspace,
                &row.task,
                "",
                "no workspace: gold is the edit lines",
            );
        }
        for (path, spans) in by_path {
            let edit = set_of(spans);
            let fg = match expand {
                Some(opts) if files.has_workspace(&row.task) => {
                    let expected = base.iter().find(|b| b.path == path);
                    widen(
                        &row.task,
                        &path,
                        &edit,
                        expected,
                        files,
                        opts,
                        &mut out.notes,
                    )
                }
                _ => edit_only(&edit),
            };
            push_rows(&mut out.rows, &row.task, &path, &fg);
        }
    }
    out
}

/// One file's widened gold, or its edit lines with a note saying why not.
pub(crate) fn widen(
    task: &str,
    path: &str,
    edit: &LineSet,
    expected: Option<&readcov_import::BaseText>,
    files: &dyn TaskFiles,
    opts: &ExpandOptions,
    notes: &mut Notes,
) -> FileGold {
    let Some(source) = files.read(task, path) else {
        notes.push(NoteKind::MissingFile, task, path, "not in the workspace");
        return edit_only(edit);
    };
    let Some(lang) = lang_for_file(path, &source) else {
        notes.push(NoteKind::NoGrammar, task, path, "no grammar for this file");
        return edit_only(edit);
    };
    if let Some(msg) = expected.and_then(|b| mismatch(&source, &b.lines)) {
        notes.push(NoteKind::PatchDoesNotApply, task, path, msg);
        return edit_only(edit);
    }
    match expand_file(lang, &source, edit, opts) {
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

/// The first base line whose text differs from what the patch shows, as a sentence.
pub(crate) fn mismatch(source: &str, expected: &[(u32, String)]) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    expected.iter().find_map(|(n, want)| {
        let have = lines
            .get(*n as usize - 1)
            .map(|l| l.strip_suffix('\r').unwrap_or(l));
        let want = want.strip_suffix('\r').unwrap_or(want);
        match have {
            Some(h) if h == want => None,
            Some(h) => Some(format!(
                "line {n}: the workspace has `{}`, the patch expects `{}`",
                clip(h),
                clip(want)
            )),
            None => Some(format!(
                "line {n}: the workspace file has only {} line(s)",
                lines.len()
            )),
        }
    })
}

fn clip(s: &str) -> String {
    let t = s.trim();
    match t.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
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
