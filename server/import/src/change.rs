//! What a run changed: the final patch its log carries (SWE-agent and mini-swe-agent
//! `info.submission`, OpenHands eval `test_result.git_patch`), and the change rebuilt by
//! replaying its edits on the base files (with a workspace), written as a git-style patch with
//! what could not be rebuilt said, file by file ([`Loss`]), never silently left out.

use crate::session::Session;
use readcov_patch::{file_diff, Loss};
use std::collections::BTreeMap;

/// A log's final patch field: a string (possibly empty), or `null` (an empty submission);
/// absent or of another type, the log carries none.
pub(crate) fn submitted(v: Option<&serde_json::Value>) -> Option<String> {
    match v? {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Null => Some(String::new()),
        _ => None,
    }
}

/// One run's change, as far as the log and the replay tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunChange {
    pub task: String,
    pub run: String,
    /// The final patch the log carries; `Some("")`: the run submitted nothing. Other formats
    /// whose records carry a patch fill it too (see docs/importers.md).
    pub submitted: Option<String>,
    /// The change rebuilt by replay; `None` without a workspace (nothing to replay on).
    pub replayed: Option<Replayed>,
}

/// A change rebuilt by replaying a run's edits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    /// The patch (empty: the run changed nothing readcov could follow).
    pub patch: String,
    /// What could not be rebuilt (empty: the patch is the whole change).
    pub partial: Vec<Loss>,
}

impl RunChange {
    /// The change to use: the log's own patch first, else the replayed one.
    pub fn best(&self) -> Option<(&str, &[Loss])> {
        match (&self.submitted, &self.replayed) {
            (Some(p), _) => Some((p.as_str(), &[])),
            (None, Some(r)) => Some((r.patch.as_str(), &r.partial)),
            (None, None) => None,
        }
    }
}

impl Session<'_> {
    /// The change of this run so far.
    pub fn change(&self) -> RunChange {
        self.change_with(true)
    }

    /// [`Session::change`], the replayed change only when `replayed` (it diffs every edited file).
    pub(crate) fn change_with(&self, replayed: bool) -> RunChange {
        RunChange {
            task: self.task_id().to_string(),
            run: self.run_id().to_string(),
            submitted: self.submission.clone(),
            replayed: (replayed && self.has_workspace()).then(|| self.replayed()),
        }
    }

    fn replayed(&self) -> Replayed {
        // One entry per repository path (a file reached through two checkout roots counts
        // once: the copy that was edited).
        let mut by_path: BTreeMap<&str, &crate::replay::FileState> = BTreeMap::new();
        for ((_, rel), (_, st)) in &self.files {
            if st.is_edited() || st.lost().is_some() {
                by_path.entry(rel.as_str()).or_insert(st);
            }
        }
        let mut out = Replayed::default();
        for (path, st) in by_path {
            let base = st.base();
            match st.final_text() {
                Ok(Some(text)) if base != Some(text.as_str()) => {
                    out.patch += &file_diff(path, base, Some(&text));
                }
                Ok(_) => {}
                Err(what) => out.partial.push(Loss {
                    path: Some(path.to_string()),
                    new_file: base.is_none(),
                    what,
                }),
            }
        }
        for (path, n) in &self.outside {
            out.partial.push(Loss {
                path: Some(path.clone()),
                new_file: false,
                what: format!("not in the workspace: {n} edit(s) not replayed"),
            });
        }
        out.partial.extend(self.run_losses.iter().map(|what| Loss {
            path: None,
            new_file: false,
            what: what.clone(),
        }));
        out
    }
}

#[cfg(test)]
mod tests;
