//! What a session records: reads (a file shown whole, in part or as numbered lines) and edits
//! (replayed on the file's state so later reads map back to base lines).

use super::{shorten, Action, Key, Session};
use crate::display::{same_text, Part};
use crate::numbered::{self, ranges, Shown, Style};
use crate::replay::{EditOp, FileState};
use crate::summary::{LostEdit, LostWhy, Reason};
use readcov_core::span::{EventKind, ReadSpan, Source};

impl Session<'_> {
    pub(crate) fn emit(&mut self, a: &Action, path: &str, lines: &[u32], kind: EventKind) -> usize {
        let rs = ranges(lines.iter().copied());
        for (start, end) in &rs {
            if kind == EventKind::Read {
                self.summary.read_events += 1;
                self.summary.read_lines += u64::from(end - start + 1);
            }
            self.rows.push(ReadSpan {
                rank: None,
                score: None,
                task: self.task.clone(),
                run: self.run.clone(),
                path: path.to_string(),
                start: *start,
                end: *end,
                turn: Some(a.turn),
                step: Some(a.step),
                tool: Some(a.tool.clone()),
                source: Source::Agent,
                command: Some(self.short.clone()),
                kind,
            });
        }
        rs.len()
    }

    /// Maps current lines of `rel` to base lines and emits them.
    pub(crate) fn read_lines(
        &mut self,
        a: &Action,
        key: &Key,
        current: &[u32],
        shown: &[Shown],
    ) -> Result<(), Reason> {
        let st = &mut self.state(key).1;
        // A file the replay lost (a write it cannot follow) is unaligned whatever a read shows:
        // its last known text is stale, so a text check against it says nothing.
        if st.is_dirty() {
            return Err(Reason::UnalignedAfterEdit);
        }
        if shown.iter().any(|s| mismatch(st, s)) {
            // Something readcov did not see (a script) changed the file, or the log is not of
            // this checkout: this read is not credited. It does not make the file unaligned:
            // every later read that shows text is checked on its own.
            return Err(Reason::TextMismatch);
        }
        // Without a workspace, the text shown is what an `edit a:b` of these lines replaces.
        for s in shown.iter().filter(|s| !s.partial) {
            st.note_shown(s.line, s.text);
        }
        let m = st.map(current).ok_or(Reason::UnalignedAfterEdit)?;
        if m.base.is_empty() {
            return Err(if m.agent_written > 0 {
                Reason::AgentWritten
            } else {
                Reason::NothingShown
            });
        }
        self.emit(a, &key.1, &m.base, EventKind::Read);
        Ok(())
    }

    /// Numbered output of one file; shown number `k` is current line `k + offset - 1`.
    pub(crate) fn view(
        &mut self,
        a: &Action,
        raw: &str,
        cwd: &str,
        out: &str,
        style: Style,
        offset: u32,
    ) -> Result<(), Reason> {
        let rel = self.locate(raw, cwd)?;
        if let Some(n) = total_lines(out) {
            self.state(&rel).1.note_len(n);
        }
        self.read_numbered(a, &rel, numbered::parse(out, style), offset)
    }

    /// Reads the numbered lines `shown` of `key` (`cat -n`, `grep -n`, awk's `NR`), shown number
    /// `k` being current line `k + offset - 1`.
    pub(crate) fn read_numbered(
        &mut self,
        a: &Action,
        key: &Key,
        mut shown: Vec<Shown<'_>>,
        offset: u32,
    ) -> Result<(), Reason> {
        if shown.is_empty() {
            return Err(Reason::NothingShown);
        }
        for s in &mut shown {
            s.line = s.line.saturating_add(offset - 1);
        }
        let lines: Vec<u32> = shown.iter().map(|s| s.line).collect();
        self.read_lines(a, key, &lines, &shown)
    }

    pub(super) fn edit(
        &mut self,
        a: &Action,
        raw: &str,
        op: &EditOp,
        shows: Option<Style>,
        out: &str,
    ) -> Result<(), Reason> {
        let rel = self.roots.resolve_in(raw, &self.cwd.clone())?;
        let creating = matches!(op, EditOp::Create { .. });
        // A file the run created is replayed too (for its change; it has no base lines to
        // give rows): only an edit of a file neither at the base nor created is not.
        let (in_ws, st) = self.state(&rel);
        if !creating && !*in_ws && !st.is_edited() {
            *self.outside.entry(rel.1.clone()).or_default() += 1;
            return Err(Reason::NotInWorkspace);
        }
        let st = &mut self.state(&rel).1;
        let has_base = st.has_base_for(op);
        // The write the file was already lost to, if any (before this edit adds itself).
        let lost_to = st.lost_to().map(str::to_string);
        let was_dirty = st.is_dirty();
        let Some(touched) = st.apply(op) else {
            st.note_lost(|| {
                let why = if was_dirty {
                    ""
                } else {
                    " could not be replayed"
                };
                format!("`{}` (turn {}){why}", shorten(&a.command), a.turn)
            });
            // Its lines are unknown: said in the summary, never dropped without a word.
            let why = match lost_to {
                _ if !has_base => LostWhy::NoBase,
                Some(cause) => LostWhy::After(cause),
                None => match op {
                    EditOp::Opaque(w) => LostWhy::Unrecorded(w),
                    _ => LostWhy::DidNotApply,
                },
            };
            self.summary.lost_edits.push(LostEdit {
                task: self.task.clone(),
                run: self.run.clone(),
                path: rel.1.clone(),
                turn: a.turn,
                step: a.step,
                command: shorten(&a.command),
                why,
            });
            return Err(Reason::UnalignedAfterEdit);
        };
        self.summary.edit_events += 1;
        if !touched.is_empty() && self.state(&rel).0 {
            self.emit(a, &rel.1, &touched, EventKind::Edit);
        }
        match shows {
            // The snippet an edit shows is read too: the agent saw those lines.
            Some(style) if self.state(&rel).0 => {
                let cwd = self.cwd.clone();
                self.view(a, raw, &cwd, out, style, 1).or(Ok(()))
            }
            _ => Ok(()),
        }
    }
}

/// Whether a shown line disagrees with the replayed text, modulo what tools do to text (tab
/// expansion, trailing whitespace, CRLF); a clipped line only needs to be a prefix.
fn mismatch(st: &FileState, s: &Shown) -> bool {
    let Some(t) = st.text_at(s.line) else {
        return false;
    };
    let part = if s.partial { Part::Prefix } else { Part::Whole };
    !same_text(t, s.text, part)
}

/// `[File: /x/A.java (233 lines total)]` in SWE-agent windows. Every view's output is searched,
/// so by a prebuilt `memmem` finder (profiled: `str::find`'s two-way search was most of
/// [`Session::view`]'s own time on the real runs).
fn total_lines(out: &str) -> Option<u32> {
    static HEADER: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    let header = HEADER.get_or_init(|| memchr::memmem::Finder::new("[File: "));
    let start = header.find(out.as_bytes())?;
    let rest = &out[start..out[start..].find('\n').map_or(out.len(), |i| start + i)];
    let open = rest.rfind('(')?;
    rest[open + 1..]
        .strip_suffix(" lines total)]")?
        .parse()
        .ok()
}
