//! Agent trajectories as read sources: a `reads` entry that is an agent log (detected by the one
//! input layer, `readcov_files::input::is_trajectory`, as the CLI detects it) is imported
//! on the fly with `readcov-import` — the same conversion as `readcov import` — and imported
//! again whenever the file changes (a trajectory is rewritten or appended as the agent runs,
//! not a log of independent rows, so it is never tailed).

use crate::tail::Polled;
use readcov_core::InputError;
use readcov_import::{import, FileProvider, ImportOptions, Reason, Summary};
use std::path::Path;
use std::time::SystemTime;

/// How a trajectory file looked when it was last imported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    ino: u64,
}

fn stamp(meta: &std::fs::Metadata) -> Stamp {
    Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        #[cfg(unix)]
        ino: std::os::unix::fs::MetadataExt::ino(meta),
        #[cfg(not(unix))]
        ino: 0,
    }
}

/// Imports `path` again when it changed since `last`. On a change every earlier read of this
/// file is dropped (`reset`) and replaced by the new import; a log that no longer imports at all
/// (half-written JSON) keeps its previous reads until it does, and says why.
pub fn poll(path: &Path, display: &str, ws: &dyn FileProvider, last: &mut Option<Stamp>) -> Polled {
    let mut out = Polled::default();
    let Ok(meta) = std::fs::metadata(path) else {
        out.reset = last.is_some();
        if last.is_some() {
            out.changes = Some(Vec::new());
        }
        *last = None;
        return out;
    };
    let now = stamp(&meta);
    if last.as_ref() == Some(&now) {
        return out;
    }
    let bytes = match readcov_files::read_input(path) {
        Ok(b) => b,
        Err(e) => {
            out.errors.push(InputError::new(display, 0, None, e.what));
            // Said once: the stamp of what was refused is kept until the file changes again.
            *last = Some(now);
            return out;
        }
    };
    let imported = import(&bytes, display, &ImportOptions::default(), ws);
    out.errors = imported
        .errors
        .iter()
        .map(|e| InputError::new(display, 0, None, e.message.clone()))
        .collect();
    out.errors
        .extend(dropped_for_changed_files(display, &imported.summary));
    if imported.rows.is_empty() && !imported.errors.is_empty() {
        return out;
    }
    out.reset = last.is_some();
    out.bytes = bytes.len() as u64;
    out.reads = imported.rows;
    // Each run's change (`readcov diagnose`'s `log` or `replay`), against the same workspace.
    out.changes = Some(imported.changes);
    *last = Some(now);
    out
}

/// Tool calls the import credited nothing for because a file in the workspace is not the one the
/// agent saw (the shown text differs, or an edit could not be replayed onto it): counted in tool
/// calls — the import's unit, not read rows as the base mapping counts — and said, never
/// dropped silently. After a gold file is edited and saved, a restarted server re-imports
/// the trajectory against the edited file, and every read of it used to vanish without a word.
fn dropped_for_changed_files(display: &str, summary: &Summary) -> Vec<InputError> {
    [Reason::TextMismatch, Reason::UnalignedAfterEdit]
        .into_iter()
        .filter_map(|r| Some((r, *summary.skipped.get(&r)?)))
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| {
            InputError::new(
                display,
                0,
                None,
                format!(
                    "{n} tool call(s) gave no read ({r}): a file in the workspace differs from the one the agent read, so what they showed could not be mapped"
                ),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests;
