//! A definition applied to gold that arrives as rows (a gold JSONL file) rather than as a patch or
//! runs: rows built by `readcov gold` carry their `origin`, so `edit`, `test` and `consensus` pick
//! the rows of that origin; `unit` keeps `edit`, `unit` and `window` rows, and when a file has edit
//! rows only (plain gold), widens them to their units in the workspace as `unit` gold from a
//! patch is (without the patch's base-text check: rows carry no expected text).

use crate::expand::{set_of, ExpandOptions};
use crate::patch::{push_rows, widen};
use crate::{Built, GoldDef, GoldRow, NoteKind, Origin, TaskFiles};
use std::collections::BTreeMap;

/// The rows of `rows` that `def` keeps, widened for `unit` where the file has only edit rows.
pub(crate) fn rows_under(def: &GoldDef, rows: &[GoldRow], files: &dyn TaskFiles) -> Built {
    let pick = |origins: &[Origin]| Built {
        rows: rows
            .iter()
            .filter(|r| origins.contains(&r.origin))
            .cloned()
            .collect(),
        ..Built::default()
    };
    match def {
        GoldDef::Edit => pick(&[Origin::Edit]),
        GoldDef::Test(_) => pick(&[Origin::Test]),
        GoldDef::Consensus(_) => pick(&[Origin::Consensus]),
        GoldDef::Unit(opts) => widen_plain(rows, files, opts),
    }
}

fn widen_plain(rows: &[GoldRow], files: &dyn TaskFiles, opts: &ExpandOptions) -> Built {
    let mut out = Built::default();
    let mut by_file: BTreeMap<(&str, &str), Vec<&GoldRow>> = BTreeMap::new();
    for r in rows {
        by_file.entry((&r.task, &r.path)).or_default().push(r);
    }
    for ((task, path), file_rows) in by_file {
        let widened = |r: &&GoldRow| matches!(r.origin, Origin::Unit | Origin::Window);
        let edit: Vec<(u32, u32)> = file_rows
            .iter()
            .filter(|r| r.origin == Origin::Edit)
            .map(|r| (r.start, r.end))
            .collect();
        // Already widened (a `--expand units` file), or nothing to widen: the rows as they are.
        if file_rows.iter().any(widened) || edit.is_empty() {
            let keep = file_rows
                .into_iter()
                .filter(|r| r.origin == Origin::Edit || widened(r));
            out.rows.extend(keep.cloned());
            continue;
        }
        if !files.has_workspace(task) {
            out.notes.push(
                NoteKind::NoWorkspace,
                task,
                path,
                "no workspace: gold is the edit lines",
            );
        }
        let fg = if files.has_workspace(task) {
            widen(task, path, &set_of(edit), files, opts, &mut out.notes)
        } else {
            crate::expand::edit_only(&set_of(edit))
        };
        push_rows(&mut out.rows, task, path, &fg);
    }
    out
}
