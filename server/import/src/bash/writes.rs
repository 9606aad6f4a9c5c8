//! What a command writes, as far as its text says (split from bash.rs in session 39's review):
//! an operand as the shell left it (a glob, a parameter), a here-document's whole new file, and
//! the files a script it runs names. A write readcov cannot replay makes the file unaligned.

use super::names_unknown;
use super::operands::{self, Operand};
use crate::replay::EditOp;
use crate::scripts::{script_of, writes_of, Script};
use crate::session::{shorten, Action, Session};
use crate::shell::Pipeline;
use readcov_core::span::EventKind;

impl Session<'_> {
    /// [`Session::write`] of an operand as the shell left it: a glob is the files it matches
    /// (before session 37, a file of the glob's literal name), every file it may match when
    /// those are unknown (see [`operands`]).
    pub(super) fn write_operand(
        &mut self,
        p: &Pipeline<'_>,
        w: Option<&std::borrow::Cow<'_, str>>,
        cwd: &str,
        cause: &str,
    ) {
        let Some(w) = w else {
            return self.write(None, cwd, cause);
        };
        if names_unknown(w, cwd) {
            return self.unnamed_write(w, cause);
        }
        match self.operand(operands::word_in(p, w), cwd) {
            Operand::Path(p) => self.write(Some(&p), cwd, cause),
            Operand::Matches(keys) => {
                for k in keys {
                    self.lose(&k, || cause.to_string());
                }
            }
            Operand::Unknown(pattern) => self.lose_matching(&pattern, cause),
            Operand::Outside => {}
        }
    }

    /// A write to a file bash names by a parameter or a command's output (`> $OUT`, `rm $F`, a
    /// relative path after `cd $REPO`): which file it wrote is in no log. No file is lost to the
    /// reads (as for a script's write it names only when it runs: a numbered read is still checked
    /// against the text it shows), and the change says a file it cannot name was written. Before
    /// session 39 a file literally named `$OUT` was written (with a workspace, listed in the change
    /// as `$OUT (new file)`; `cat > $F << EOF` put a file `$F` in the replayed patch).
    pub(super) fn unnamed_write(&mut self, w: &str, cause: &str) {
        let why = format!("{cause} to `{w}`, a file the command names only when it runs");
        if !self.run_losses.contains(&why) {
            self.run_losses.push(why);
        }
    }

    /// A write readcov cannot replay: the file (or, for `None`, every file) is unaligned from
    /// now on, and the change records it as lost (`cause`).
    pub(super) fn write(&mut self, path: Option<&str>, cwd: &str, cause: &str) {
        match path {
            Some(p) => {
                if let Ok(rel) = self.roots.resolve_in(p, cwd) {
                    self.lose(&rel, || cause.to_string());
                }
            }
            None => {
                for (_, st) in self.files.values_mut() {
                    st.apply(&EditOp::Opaque(crate::replay::UNFOLLOWED_WRITE));
                    st.note_lost(|| cause.to_string());
                }
                self.run_losses
                    .push(format!("{cause}, which may change any file"));
            }
        }
    }

    /// `cat > F << EOF`: F's whole text is the here-document, replayed as a file created (over a
    /// base file, a replacement of its whole text: the base lines it changed are edit rows).
    pub(super) fn create_by_shell(&mut self, a: &Action, target: &str, cwd: &str, text: &str) {
        if let Ok(rel) = self.roots.resolve_in(target, cwd) {
            let op = EditOp::Create {
                text: text.to_string(),
            };
            if let Some(touched) = self.state(&rel).1.apply(&op) {
                self.summary.edit_events += 1;
                if !touched.is_empty() && self.state(&rel).0 {
                    self.emit(a, &rel.1, &touched, EventKind::Edit);
                }
            }
        }
    }

    /// The files a script run by the pipeline writes, as far as its text says (see
    /// [`crate::scripts`]): each named one is lost to the replay; a write it does not name, or
    /// a script written by this run that readcov could not follow, may have changed any file.
    pub(super) fn scripts(&mut self, a: &Action, p: &Pipeline<'_>, cwd: &str) {
        let cmd = || format!("`{}` (turn {})", shorten(&a.command), a.turn);
        for stage in &p.stages {
            let code = match script_of(stage) {
                Some(Script::Inline(code)) => code,
                Some(Script::File(f)) => {
                    let Ok(key) = self.roots.resolve_in(&f, cwd) else {
                        continue;
                    };
                    match self.files.get(&key).map(|(_, st)| st) {
                        Some(st) if st.is_edited() => match st.final_text() {
                            Ok(Some(text)) => text,
                            Ok(None) => continue,
                            Err(_) => {
                                let why = "runs a script readcov could not follow; it may have written files";
                                self.run_losses.push(format!("{} {why}", cmd()));
                                continue;
                            }
                        },
                        // A script the run never wrote (the repository's own): taken not to write.
                        _ => continue,
                    }
                }
                None => continue,
            };
            let w = writes_of(&code);
            for path in &w.paths {
                if let Ok(key) = self.roots.resolve_in(path, cwd) {
                    // Lost to the change, not to the reads: each later read is still checked
                    // against the text it shows (as before scripts were looked at).
                    let cause = || format!("written by the script of {}", cmd());
                    self.state(&key).1.note_lost(cause);
                }
            }
            if w.unnamed {
                let why = "runs a script that writes a file it names only when it runs";
                self.run_losses.push(format!("{} {why}", cmd()));
            }
        }
    }
}
