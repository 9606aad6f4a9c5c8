//! `sed -i` replayed (session 36): each file's replayed text run through the script, the lines
//! it changed an edit (rows `kind: edit`, later reads placed on the new text). A file whose text
//! is not known as it is, or that the workspace lacks, is left to [`Session::bash`]'s writes,
//! as every `sed -i` was before session 36. A glob operand is the files bash passed (session 37,
//! [`super::operands`]).

use super::operands::Operand;
use crate::bashread::sedinplace::{hunks, in_place, InPlace, SedInPlace};
use crate::replay::EditOp;
use crate::session::{shorten, Action, Key, Session};
use crate::shell::Pipeline;
use readcov_core::span::EventKind;
use std::borrow::Cow;

/// What one file operand of a replayed `sed -i` did.
enum Done {
    Edited,
    /// Its text is not known as it is: a write not followed.
    Unknown,
    /// A folder: GNU sed stops there ("couldn't edit D: not a regular file", exit 4), so the
    /// files after it are not edited.
    Stopped,
}

impl Session<'_> {
    /// Replays the pipeline's `sed -i`, if it is one; returns its file operands, each replayed
    /// or lost here (the pipeline's other writes are left to the caller).
    pub(super) fn sed_in_place<'a>(
        &mut self,
        a: &Action,
        p: &Pipeline<'a>,
        cwd: &str,
        raw: &str,
    ) -> Vec<Cow<'a, str>> {
        let InPlace::Replay(sed) = in_place(p, raw) else {
            return Vec::new();
        };
        // Files are edited one after the other, each as its own stream. One whose text is not
        // known as it is (or outside the repository) is a write not followed, and so is every
        // operand after it (a later one may be the same file).
        let cause = format!("written by `{}` (turn {})", shorten(&a.command), a.turn);
        let mut failed = false;
        for w in &sed.files {
            let keys = match self.operand(super::operands::word_in(p, w), cwd) {
                Operand::Path(f) => match self.roots.resolve_in(&f, cwd) {
                    Ok(k) => vec![k],
                    Err(_) => {
                        failed = true;
                        continue;
                    }
                },
                Operand::Matches(keys) => keys,
                Operand::Unknown(pattern) => {
                    failed = true;
                    self.lose_matching(&pattern, &cause);
                    continue;
                }
                Operand::Outside => {
                    failed = true;
                    continue;
                }
            };
            for key in keys {
                if failed {
                    self.lose(&key, || cause.clone());
                    continue;
                }
                match self.sed_file(a, &sed, &key) {
                    Done::Edited => {}
                    Done::Stopped => return sed.files,
                    Done::Unknown => {
                        failed = true;
                        self.lose(&key, || cause.clone());
                    }
                }
            }
        }
        sed.files
    }

    /// Replays the script on one file.
    fn sed_file(&mut self, a: &Action, sed: &SedInPlace<'_>, key: &Key) -> Done {
        if self.is_directory_rel(&key.1) && !self.files.contains_key(key) {
            return Done::Stopped;
        }
        let (in_ws, st) = self.state(key);
        let in_ws = *in_ws;
        let Some((lines, eol)) = st.known_lines() else {
            return Done::Unknown;
        };
        let Ok(out) = sed.run(&lines, eol) else {
            return Done::Unknown;
        };
        let old = backup_text(&lines, eol);
        // A line the agent wrote has no base line: its change is placed on the base line before
        // it, as a `str_replace` of it is (session 37), by the rule of every hunk edit
        // (`replay/hunks.rs`).
        let Some(touched) = st.apply(&EditOp::Hunks(hunks(&lines, &out))) else {
            return Done::Unknown;
        };
        st.set_eol(out.eol);
        self.summary.edit_events += 1;
        if !touched.is_empty() && in_ws {
            self.emit(a, &key.1, &touched, EventKind::Edit);
        }
        if let Some(suffix) = &sed.suffix {
            let backup = format!("{}/{}{suffix}", key.0.trim_end_matches('/'), key.1);
            self.create_by_shell(a, &backup, "/", &old);
        }
        Done::Edited
    }
}

/// The text before the edit, for `-i.bak`'s backup.
fn backup_text(lines: &[&str], eol: bool) -> String {
    let mut t = lines.join("\n");
    if eol && !lines.is_empty() {
        t.push('\n');
    }
    t
}

#[cfg(test)]
mod tests;
