//! `sed -i` replayed (session 36): each file's replayed text run through the script, the lines
//! it changed an edit (rows `kind: edit`, later reads placed on the new text). A file whose text
//! is not known as it is, or that the workspace lacks, is left to [`Session::bash`]'s writes,
//! as every `sed -i` was before session 36.

use crate::bashread::sedinplace::{hunks, in_place, InPlace, SedInPlace};
use crate::replay::EditOp;
use crate::session::{shorten, Action, Session};
use crate::shell::Pipeline;
use readcov_core::span::EventKind;

impl Session<'_> {
    /// Replays the pipeline's `sed -i`, if it is one; returns its file operands, each replayed
    /// or lost here (the pipeline's other writes are left to the caller).
    pub(super) fn sed_in_place(
        &mut self,
        a: &Action,
        p: &Pipeline<'_>,
        cwd: &str,
        raw: &str,
    ) -> Vec<String> {
        let InPlace::Replay(sed) = in_place(p, raw) else {
            return Vec::new();
        };
        // Files are edited one after the other, each as its own stream. One whose text is not
        // known as it is (or outside the repository) is a write not followed, and so is every
        // operand after it (a later one may be the same file).
        let cause = format!("written by `{}` (turn {})", shorten(&a.command), a.turn);
        let mut failed = false;
        for f in &sed.files {
            if failed || !self.sed_file(a, &sed, f, cwd) {
                failed = true;
                self.write(Some(f), cwd, &cause);
            }
        }
        sed.files
    }

    /// Replays the script on one file; `false` when its text is not known as it is.
    fn sed_file(&mut self, a: &Action, sed: &SedInPlace, f: &str, cwd: &str) -> bool {
        let Ok(key) = self.roots.resolve_in(f, cwd) else {
            return false;
        };
        let (in_ws, st) = self.state(&key);
        let in_ws = *in_ws;
        let Some((lines, eol)) = st.known_lines() else {
            return false;
        };
        let Ok(out) = sed.run(&lines, eol) else {
            return false;
        };
        let old = backup_text(&lines, eol);
        let h = hunks(&lines, &out);
        let Some(touched) = st.apply(&EditOp::Hunks(h)) else {
            return false;
        };
        st.set_eol(out.eol);
        self.summary.edit_events += 1;
        if !touched.is_empty() && in_ws {
            self.emit(a, &key.1, &touched, EventKind::Edit);
        }
        if let Some(suffix) = &sed.suffix {
            self.create_by_shell(a, &format!("{f}{suffix}"), cwd, &old);
        }
        true
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
