//! The importer engine shared by every format: takes normalised actions (a view, a bash command,
//! an edit) with their observations, tracks the working directory and each file's edit replay,
//! and emits reads-JSONL rows (`kind: read` and `kind: edit`) plus a summary of what was skipped.

use crate::numbered::Style;
use crate::paths::Roots;
use crate::replay::{EditOp, FileState};
use crate::summary::{Reason, Summary};
use crate::FileProvider;
use readcov_core::span::ReadSpan;
use std::collections::HashMap;

/// A file in one checkout: (checkout root, repository-relative path).
pub(crate) type Key = (String, String);

/// Per action: its step, its command (shortened), and why it gave no rows (`None`: it gave some).
pub type Outcome = (u32, String, Option<Reason>);

/// One tool call of a trajectory, normalised.
#[derive(Clone, Debug)]
pub struct Action {
    /// Assistant message index.
    pub turn: u32,
    /// Tool call index over the whole run.
    pub step: u32,
    pub tool: String,
    /// The raw call (shortened when written out).
    pub command: String,
    pub op: Op,
    /// The tool result; `None` when the log has none.
    pub output: Option<String>,
}

#[derive(Clone, Debug)]
pub enum Op {
    /// A viewer whose output numbers the lines of `path` in `style`; `total` is the file length
    /// when the tool reports it.
    View {
        path: String,
        style: Style,
        total: Option<u32>,
    },
    /// What the tool's own header calls a directory listing of `path` (never a read, unless the
    /// workspace says `path` is a file).
    Listing {
        path: String,
        style: Style,
    },
    Bash {
        script: String,
    },
    /// An edit, and the style of the snippet its output shows (if any).
    Edit {
        path: String,
        edit: EditOp,
        shows: Option<Style>,
    },
    /// Several commands in one tool call, each with its share of the output (a classic SWE-agent
    /// action of several lines, `cd x` then `open Y`): one action, credited part by part.
    Seq(Vec<(Op, String)>),
    /// Not a read and not worth reporting (thinking, finishing).
    Quiet,
    Skip(Reason),
}

/// Import state for one run.
pub struct Session<'a> {
    task: String,
    run: String,
    pub roots: Roots,
    pub cwd: String,
    /// Whether `cd` inside a command changes the cwd of later commands (a persistent shell).
    pub persist_cd: bool,
    provider: &'a dyn FileProvider,
    pub(crate) files: HashMap<(String, String), (bool, FileState)>,
    pub rows: Vec<ReadSpan>,
    pub summary: Summary,
    /// Per action: its step and the reason it gave no read (`None`: it gave rows).
    pub outcomes: Vec<Outcome>,
    /// The final patch the log carries, set by the format's reader ([`crate::change`]).
    pub submission: Option<String>,
    /// Writes that may have changed any file (`git checkout`, a script writing a path readcov
    /// cannot name), as phrases.
    pub(crate) run_losses: Vec<String>,
    /// Edits to files the workspace does not have, by path: not replayed.
    pub(crate) outside: std::collections::BTreeMap<String, u32>,
    /// Globs of writes whose files are unknown (a `sed -i … pkg/*.py` without a workspace): a
    /// file first seen after one that it matches starts with unknown text (session 37).
    pub(crate) lost_globs: Vec<(Key, String)>,
    /// The command of the action being applied, shortened once for its outcome and each of its
    /// rows ([`shorten`]; profiled: once per row was 0.6% of importing the real runs).
    short: String,
}

const MAX_COMMAND: usize = 160;

/// The command as written to the `command` field: first line, at most 160 characters.
pub fn shorten(cmd: &str) -> String {
    let cmd = cmd.trim();
    // A trimmed text ends in no white space, so a line break in it starts a second line.
    let more = memchr::memchr(b'\n', cmd.as_bytes());
    let first = cmd.lines().next().unwrap_or("");
    // Sliced, not collected a char at a time (profiled: 2% of importing the real runs); a line
    // of at most 160 bytes has at most 160 characters, so only a longer one is counted.
    let cut = match first.len() <= MAX_COMMAND {
        true => first.len(),
        // 160 ASCII bytes are 160 characters: counted only when one is not (a tool call's
        // arguments are one long line; walking its characters was most of this function).
        false if first.as_bytes()[..MAX_COMMAND].is_ascii() => MAX_COMMAND,
        false => first
            .char_indices()
            .nth(MAX_COMMAND)
            .map_or(first.len(), |(i, _)| i),
    };
    let mut out = String::with_capacity(cut + '…'.len_utf8());
    out.push_str(&first[..cut]);
    if cut < first.len() || more.is_some() {
        out.push('…');
    }
    out
}

impl<'a> Session<'a> {
    pub fn new(
        task: &str,
        run: &str,
        roots: Roots,
        cwd: &str,
        provider: &'a dyn FileProvider,
    ) -> Session<'a> {
        Session {
            task: task.to_string(),
            run: run.to_string(),
            roots,
            cwd: cwd.to_string(),
            persist_cd: true,
            provider,
            files: HashMap::new(),
            rows: Vec::new(),
            outcomes: Vec::new(),
            submission: None,
            run_losses: Vec::new(),
            outside: Default::default(),
            lost_globs: Vec::new(),
            short: String::new(),
            summary: Summary {
                runs: 1,
                ..Summary::default()
            },
        }
    }

    pub fn task_id(&self) -> &str {
        &self.task
    }

    pub fn run_id(&self) -> &str {
        &self.run
    }

    /// Whether a workspace was given (without one, nothing can be replayed on base files).
    pub fn has_workspace(&self) -> bool {
        self.provider.has_workspace()
    }

    /// Records a write to `key` that cannot be replayed (it makes the file dirty); `cause` says
    /// what it was, for the change's `partial` list.
    pub(crate) fn lose(&mut self, key: &Key, cause: impl FnOnce() -> String) {
        let st = &mut self.state(key).1;
        st.apply(&EditOp::Opaque(crate::replay::UNFOLLOWED_WRITE));
        st.note_lost(cause);
    }

    /// The replay state of `rel` in checkout `root`, and whether the workspace has the file.
    pub(crate) fn state(&mut self, key: &Key) -> &mut (bool, FileState) {
        let provider = self.provider;
        let globs = &self.lost_globs;
        self.files.entry(key.clone()).or_insert_with(|| {
            let base = provider.read(&key.1);
            let has = base.is_some();
            let mut st = FileState::of_bytes(base);
            let lost = globs
                .iter()
                .find(|(p, _)| p.0 == key.0 && crate::bash::operands::path_matches(&p.1, &key.1));
            if let Some((_, cause)) = lost {
                st.apply(&EditOp::Opaque(crate::replay::UNFOLLOWED_WRITE));
                st.note_lost(|| cause.clone());
            }
            (has || !provider.has_workspace(), st)
        })
    }

    /// The names in folder `rel` of the workspace (`None`: unknown; see
    /// [`crate::FileProvider::list_dir`]).
    pub(crate) fn list_dir(&self, rel: &str) -> Option<Vec<String>> {
        self.provider.list_dir(rel)
    }

    /// Whether the workspace has a folder at repository path `rel`.
    pub(crate) fn is_directory_rel(&self, rel: &str) -> bool {
        self.provider.is_dir(rel) == Some(true)
    }

    /// Whether the workspace has a file at repository path `rel` (one it can read: what
    /// [`Session::state`] then finds), asked without reading it.
    pub(crate) fn has_file(&self, rel: &str) -> bool {
        self.provider.is_file(rel)
    }

    /// Whether `raw` is a directory of the workspace (`None`: unknown, or outside the repository).
    pub(crate) fn is_directory(&mut self, raw: &str, cwd: &str) -> Option<bool> {
        let key = self.roots.resolve_in(raw, cwd).ok()?;
        if key.1.is_empty() {
            return Some(true);
        }
        self.provider.is_dir(&key.1)
    }

    /// Resolves a path and checks the workspace has it.
    pub(crate) fn locate(&mut self, raw: &str, cwd: &str) -> Result<Key, Reason> {
        let key = self.roots.resolve_in(raw, cwd)?;
        if !self.state(&key).0 {
            return Err(Reason::NotInWorkspace);
        }
        Ok(key)
    }

    /// Applies one action, then moves the shell to `new_cwd` when the action's command changed directory:
    /// the new directory applies to *later* commands, never to the one that ran `cd`.
    pub fn apply_then_cd(&mut self, a: &Action, new_cwd: Option<String>) {
        self.apply_output_then_cd(a, a.output.as_deref(), new_cwd);
    }

    /// [`Session::apply_then_cd`] with `output` lent (see [`Session::apply_output`]).
    pub(crate) fn apply_output_then_cd(
        &mut self,
        a: &Action,
        output: Option<&str>,
        new_cwd: Option<String>,
    ) {
        self.apply_output(a, output);
        if let Some(cwd) = new_cwd {
            self.cwd = cwd;
        }
    }

    pub fn apply(&mut self, a: &Action) {
        self.apply_output(a, a.output.as_deref());
    }

    /// [`Session::apply`] of `a` with `output` as its output (`a.output` unread): an importer
    /// whose outputs are the log's own text lends them instead of copying each into its action.
    pub(crate) fn apply_output(&mut self, a: &Action, output: Option<&str>) {
        self.summary.actions += 1;
        if matches!(a.op, Op::Quiet) {
            return;
        }
        let before = (self.rows.len(), self.summary.edit_events);
        self.short = shorten(&a.command);
        let outcome = self.run(a, &a.op, output);
        let short = std::mem::take(&mut self.short);
        if (self.rows.len(), self.summary.edit_events) == before {
            // Nothing came of it: one reason per action (a bare `cd` is an unknown command).
            let r = outcome.err().unwrap_or(Reason::UnknownCommand);
            self.summary.skip(r);
            self.outcomes.push((a.step, short, Some(r)));
        } else {
            self.outcomes.push((a.step, short, None));
        }
    }

    /// Runs one op of action `a` on `output`.
    fn run(&mut self, a: &Action, op: &Op, output: Option<&str>) -> Result<(), Reason> {
        match (op, output) {
            (Op::Quiet, _) => Ok(()),
            (Op::Skip(r), _) => Err(*r),
            (_, None) => Err(Reason::MissingObservation),
            (Op::View { path, style, total }, Some(out)) => {
                let cwd = self.cwd.clone();
                if self.is_directory(path, &cwd) == Some(true) {
                    Err(Reason::DirectoryView)
                } else {
                    if let (Some(n), Ok(key)) = (total, self.locate(path, &cwd)) {
                        self.state(&key).1.note_len(*n);
                    }
                    self.view(a, path, &cwd, out, *style, 1)
                }
            }
            (Op::Listing { path, style }, Some(out)) => {
                let cwd = self.cwd.clone();
                match self.is_directory(path, &cwd) {
                    // The header and the workspace disagree: the workspace has a file there.
                    Some(false) if self.locate(path, &cwd).is_ok() => {
                        self.view(a, path, &cwd, out, *style, 1)
                    }
                    _ => Err(Reason::DirectoryView),
                }
            }
            (Op::Bash { script }, Some(out)) => self.bash(a, script, out),
            (Op::Edit { path, edit, shows }, Some(out)) => self.edit(a, path, edit, *shows, out),
            (Op::Seq(parts), Some(_)) => {
                // As for a compound bash command: the first failure explains the action, a
                // failed read more than a neighbouring unknown command.
                let mut first_err = None;
                for (op, out) in parts {
                    if let Err(e) = self.run(a, op, Some(out)) {
                        if first_err.is_none_or(|f| f == Reason::UnknownCommand) {
                            first_err = Some(e);
                        }
                    }
                }
                first_err.map_or(Ok(()), Err)
            }
        }
    }

    pub fn finish(
        self,
    ) -> (
        Vec<ReadSpan>,
        Summary,
        Vec<Outcome>,
        crate::change::RunChange,
    ) {
        self.finish_with(true)
    }

    /// [`Session::finish`]; without `replayed`, the change rebuilt by replay is not made
    /// ([`crate::ImportOptions::no_replayed_changes`]).
    pub fn finish_with(
        self,
        replayed: bool,
    ) -> (
        Vec<ReadSpan>,
        Summary,
        Vec<Outcome>,
        crate::change::RunChange,
    ) {
        let change = self.change_with(replayed);
        (self.rows, self.summary, self.outcomes, change)
    }
}

mod record;

#[cfg(test)]
mod tests;
