//! Which gold the server shows (`goldDefinition`). Gold entries may be named (`NAME=FILE`, as
//! `readcov score --gold NAME=FILE`); `goldDefinition` is either such a name (only those entries
//! are loaded, as given) or a definition — `edit`, `units`, `tests`, `consensus` — applied to
//! every entry through `readcov_gold::GoldDef::build`, the same library the CLI's `readcov gold`
//! uses: patches (a diff, SWE-bench rows) are built under it, gold JSONL rows are picked by their
//! `origin` (plain edit rows widened to units for `units`). Unset: every entry as given.

use crate::sources::{as_jsonl, detect, load_gold, InputKind, LoadedGold, Workspace};
use readcov_core::FileLengths;
use readcov_gold::{
    parse_patch_rows, parse_rows_in, Built, EmptyInput, GoldDef, GoldInput, PatchRow,
};
use readcov_import::{DiffOptions, FileProvider};

/// What `goldDefinition` asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// Unset: every entry, as its file gives it.
    Given,
    /// The entries named this (`NAME=FILE`), as given.
    Named(String),
    /// Every entry under this definition.
    Def(GoldDef),
    /// Neither a definition nor a name of an entry (reported; every entry as given).
    Unknown(String),
}

/// `NAME=FILE` → (`Some(NAME)`, `FILE`) when NAME is a plain label; else the whole entry is a path.
pub fn entry(s: &str) -> (Option<&str>, &str) {
    match s.split_once('=') {
        Some((name, path))
            if !name.is_empty()
                && !path.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')) =>
        {
            (Some(name), path)
        }
        _ => (None, s),
    }
}

/// A name of an entry wins over a definition of the same label (`unit=unit.jsonl` with
/// `goldDefinition: "unit"` shows that file as given).
pub fn choice(definition: Option<&str>, gold: &[String]) -> Choice {
    let Some(d) = definition.map(str::trim).filter(|d| !d.is_empty()) else {
        return Choice::Given;
    };
    if gold.iter().any(|g| entry(g).0 == Some(d)) {
        return Choice::Named(d.to_string());
    }
    match GoldDef::from_label(d) {
        Some(def) => Choice::Def(def),
        None => Choice::Unknown(d.to_string()),
    }
}

/// How the overview and the status name the gold shown: `edit`, `units`, the NAME of a
/// `NAME=FILE` entry, or `as given`.
pub fn label(choice: &Choice) -> String {
    match choice {
        Choice::Given => "as given".into(),
        Choice::Named(n) => n.clone(),
        Choice::Def(def) => def.label().into(),
        Choice::Unknown(d) => format!("as given (`{d}` unknown)"),
    }
}

/// The gold files to load under `choice`.
pub fn selected<'a>(choice: &Choice, gold: &'a [String]) -> Vec<&'a str> {
    gold.iter()
        .map(|g| entry(g))
        .filter(|(name, _)| match choice {
            Choice::Named(n) => *name == Some(n.as_str()),
            _ => true,
        })
        .map(|(_, path)| path)
        .collect()
}

/// The workspace as `readcov_gold`'s files (one root for every task).
struct Files<'a>(&'a Workspace);

impl readcov_gold::TaskFiles for Files<'_> {
    fn read(&self, _task: &str, path: &str) -> Option<String> {
        let bytes = self.0.read(path)?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
    fn has_workspace(&self, _task: &str) -> bool {
        self.0.has_workspace()
    }
}

/// One gold file under `def`. SWE-Explore and ContextBench rows are evidence gold already: they
/// load as given, with a note.
pub fn load_under(
    def: &GoldDef,
    name: &str,
    bytes: &[u8],
    workspace: Option<&str>,
    task: Option<&str>,
    files: &Workspace,
) -> LoadedGold {
    let kind = detect(name, bytes);
    let located = |errors: &[readcov_core::InputError]| -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    };
    let (built, mut errors) = match kind {
        InputKind::GoldJsonl | InputKind::Spans | InputKind::Unknown => {
            let rows = parse_rows_in(&as_jsonl(bytes), name, workspace);
            let b = def.build(
                GoldInput::Rows(&rows.items),
                &Files(files),
                &DiffOptions::default(),
            );
            (b, located(&rows.errors))
        }
        InputKind::Diff | InputKind::SweBench => {
            let (mut rows, errors) = if kind == InputKind::Diff {
                let row = PatchRow {
                    task: task.unwrap_or(readcov_core::DEFAULT_ID).to_string(),
                    patch: String::from_utf8_lossy(bytes).into_owned(),
                    file: name.to_string(),
                    ..PatchRow::default()
                };
                (vec![row], Vec::new())
            } else {
                let p = parse_patch_rows(&as_jsonl(bytes), name);
                (p.items, located(&p.errors))
            };
            rows.retain(|r| task.is_none_or(|t| t == r.task));
            let b = def.build(
                GoldInput::Patches(&rows),
                &Files(files),
                &DiffOptions::default(),
            );
            (b, errors)
        }
        // Evidence gold already (SWE-Explore, ContextBench, Parquet rows) shown as given; any
        // other kind is refused by the loader, with the one error saying what it looks like.
        _ => {
            let lengths: &dyn FileLengths = files;
            let (mut g, _) = load_gold(name, bytes.to_vec(), workspace, task, lengths);
            if matches!(
                g.kind,
                Some(InputKind::Explore | InputKind::ContextBench | InputKind::Parquet)
            ) {
                g.errors.push(format!(
                    "{name}: goldDefinition `{}` applies to gold JSONL, diffs and SWE-bench rows; {} shown as given",
                    def.label(),
                    kind.label()
                ));
            }
            return g;
        }
    };
    let built = built.unwrap_or_else(|e| {
        errors.push(format!("{name}: {e}"));
        Built::default()
    });
    errors.extend(located(&built.errors));
    // What building left out, counted by kind (each kind once: a large file has many).
    for (note, n) in built.notes.counts() {
        errors.push(format!(
            "{name} ({} gold): {n} × {}",
            def.label(),
            note.label()
        ));
    }
    // Why nothing came out, in the words of `readcov gold` (the overview shows it), after the
    // notes it refers to.
    let empty = match (def, kind) {
        (GoldDef::Test(_), _) => EmptyInput::Tests,
        (GoldDef::Consensus(_), _) => EmptyInput::Runs,
        (_, InputKind::Diff) => EmptyInput::Diff,
        _ => EmptyInput::Rows,
    };
    if let Some(why) = built.why_empty(empty) {
        errors.push(format!("{name} ({} gold): {why}", def.label()));
    }

    LoadedGold {
        kind: Some(kind),
        spans: built.rows.iter().map(|r| r.span()).collect(),
        // Gold JSONL rows keep the base they record (a widened span has no anchors of its
        // own, but its file's base is still known); patches built here record none.
        bases: match kind {
            InputKind::GoldJsonl | InputKind::Spans | InputKind::Unknown => {
                readcov_core::base::parse_row_bases(&as_jsonl(bytes), name, workspace)
                    .items
                    .into_iter()
                    .filter(|r| r.base.is_some())
                    .collect()
            }
            _ => Vec::new(),
        },
        errors,
    }
}

#[cfg(test)]
mod tests;
