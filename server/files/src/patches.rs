//! Each imported run's change as a SWE-bench predictions line (`readcov import --emit-patches`,
//! Python `import_log(patches=)`): the log's own patch or the one rebuilt by replaying its edits,
//! as `--emit-from` picks, with the counts of runs written partial or not at all.

use readcov_import::RunChange;
use readcov_patch::prediction_line;

/// Which of a run's changes is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmitFrom {
    /// The log's own final patch, else the replayed change.
    Auto,
    Log,
    Replay,
}

/// The lines written so far, counted: runs whose change is partial, runs with none to write.
#[derive(Debug)]
pub struct PatchLines {
    pub from: EmitFrom,
    pub partial: usize,
    pub none: usize,
}

impl PatchLines {
    pub fn new(from: EmitFrom) -> PatchLines {
        PatchLines {
            from,
            partial: 0,
            none: 0,
        }
    }

    /// Each run's change as a predictions line (JSONL, `change_source` `log` or `replay`).
    pub fn lines(&mut self, changes: &[RunChange]) -> String {
        let mut out = String::new();
        for c in changes {
            let replayed =
                || (c.replayed.as_ref()).map(|r| (r.patch.as_str(), &r.partial[..], "replay"));
            let logged = || c.submitted.as_deref().map(|p| (p, &[][..], "log"));
            let pick = match self.from {
                EmitFrom::Auto => logged().or_else(replayed),
                EmitFrom::Log => logged(),
                EmitFrom::Replay => replayed(),
            };
            match pick {
                Some((patch, lost, source)) => {
                    self.partial += usize::from(!lost.is_empty());
                    out += &prediction_line(&c.task, &c.run, patch, lost, source);
                }
                None => self.none += 1,
            }
        }
        out
    }

    /// Why runs were not written: `workspace` names the option that would let them be replayed.
    pub fn why_none(&self, workspace: &str) -> String {
        match self.from {
            EmitFrom::Log => "no final patch in the log".to_string(),
            _ => format!("no final patch in the log, and no {workspace} to replay its edits on"),
        }
    }
}

#[cfg(test)]
mod tests;
