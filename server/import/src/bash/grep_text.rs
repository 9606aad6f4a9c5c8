//! A `grep`/`rg` without `-n` read by the text of the files it names (session 34): the output's
//! lines split by file (`path:` before a match, `path-` before context, over several files or a
//! folder), each file's placed on its current text ([`super::bytext`]) and mapped to base lines.
//! Without that text (no workspace, a file the workspace lacks, one a write readcov cannot follow
//! changed) nothing is read, as before (*output without line numbers*).

use super::bytext::{groups, is_message, place_groups, place_lines, Edges};
use crate::bashread::greptext::{End, GrepText};
use crate::bashread::{evaluate, Sel};
use crate::display::{normalize, Displayed};
use crate::session::{Action, Key, Session};
use crate::summary::Reason;
use std::collections::HashMap;

/// One file's stretch of the output: its lines without their `path:` (`--` separators kept).
struct Run<'a> {
    key: Option<Key>,
    lines: Vec<&'a str>,
}

impl Session<'_> {
    pub(super) fn grep_text(
        &mut self,
        a: &Action,
        g: &GrepText,
        cwd: &str,
        shown: &Displayed<'_>,
        first_loose: bool,
    ) -> Result<(), Reason> {
        // No text to place by; a cut output hides which of the file's lines it showed.
        if !self.has_workspace() || shown.is_cut() {
            return Err(Reason::NoLineNumbers);
        }
        let lines: Vec<&str> = shown
            .head
            .iter()
            .copied()
            .filter(|l| !is_message(l))
            .collect();
        let end_cut = match g.end {
            End::Whole => false,
            // grep's messages go to its standard error, not through the `head`.
            End::HeadOf(n) => lines.len() >= n as usize,
            End::Maybe => true,
        };
        if let Some((path, sels)) = &g.input {
            let edges = Edges {
                start_cut: g.start_cut,
                end_cut,
            };
            return self.grep_stream(a, g, (path, sels), cwd, &lines, edges, first_loose);
        }
        let one = match g.files.as_slice() {
            [f] if g.with_filename != Some(true) => {
                !g.recursive
                    || self
                        .is_directory(f, cwd)
                        .map_or(crate::bashread::looks_like_file(f), |d| !d)
            }
            _ => false,
        };
        let edges = |first: bool, last: bool| Edges {
            start_cut: g.start_cut && first,
            end_cut: end_cut && last,
        };
        if one {
            let key = self
                .locate(&g.files[0], cwd)
                .map_err(|_| Reason::NoLineNumbers)?;
            let text = self.current_text(&key)?;
            let placed = match g.context {
                true => place_groups(&text, &groups(&lines), first_loose),
                false => place_lines(&text, &lines, edges(true, true), first_loose),
            }?;
            return self.read_lines(a, &key, &placed, &[]);
        }
        // Several files, a folder: each line names its file; `-h` took the names off (and a
        // grep of no file reads its standard input).
        if g.with_filename == Some(false) || (g.files.is_empty() && !g.recursive) {
            return Err(Reason::NoLineNumbers);
        }
        let runs = self.runs(&lines, g.context, cwd)?;
        let mut result = Err(Reason::NothingShown);
        let n = runs.len();
        for (i, run) in runs.iter().enumerate() {
            // Lines of a file the workspace lacks (one the run created): its text is unknown, so
            // nothing changes for them (*output without line numbers*, as before session 34).
            let Some(key) = &run.key else {
                if result == Err(Reason::NothingShown) {
                    result = Err(Reason::NoLineNumbers);
                }
                continue;
            };
            let r = self.current_text(key).and_then(|text| match g.context {
                true => place_groups(&text, &groups(&run.lines), false),
                false => place_lines(&text, &run.lines, edges(i == 0, i + 1 == n), false),
            });
            let r = r.and_then(|placed| self.read_lines(a, key, &placed, &[]));
            result = match (result, r) {
                (Ok(()), _) | (_, Ok(())) => Ok(()),
                (Err(Reason::NothingShown), Err(e)) => Err(e),
                (e, _) => e,
            };
        }
        result
    }

    /// A grep reading the stream an earlier stage printed of one file: its lines placed among
    /// the stream's (as on a file of those lines), then mapped to the file's current lines.
    #[allow(clippy::too_many_arguments)]
    fn grep_stream(
        &mut self,
        a: &Action,
        g: &GrepText,
        (path, sels): (&str, &[Sel]),
        cwd: &str,
        lines: &[&str],
        edges: Edges,
        first_loose: bool,
    ) -> Result<(), Reason> {
        let key = self.locate(path, cwd).map_err(|_| Reason::NoLineNumbers)?;
        let text = self.current_text(&key)?;
        let resolved = self.resolve_patterns(&key, sels)?;
        let sels = resolved.as_deref().unwrap_or(sels);
        let len = u32::try_from(text.len()).ok();
        let runs = evaluate(sels, len).ok_or(Reason::UnknownLength)?;
        let stream: Vec<u32> = runs.iter().flat_map(|(s, e)| *s..=*e).collect();
        let sub: Vec<String> = stream
            .iter()
            .map(|&n| text.get(n as usize - 1).cloned())
            .collect::<Option<_>>()
            .ok_or(Reason::UnknownLength)?;
        let placed = match g.context {
            true => place_groups(&sub, &groups(lines), first_loose),
            false => place_lines(&sub, lines, edges, first_loose),
        }?;
        let current: Vec<u32> = placed.iter().map(|&p| stream[p as usize - 1]).collect();
        self.read_lines(a, &key, &current, &[])
    }

    /// The current text of `key`, each line as compared ([`normalize`]); *output without line
    /// numbers* when it is not known (a file the workspace lacks, or a write lost it).
    fn current_text(&mut self, key: &Key) -> Result<Vec<String>, Reason> {
        let (in_ws, st) = self.state(key);
        if !*in_ws || st.is_dirty() {
            return Err(Reason::NoLineNumbers);
        }
        let len = st.current_len().ok_or(Reason::NoLineNumbers)?;
        (1..=len)
            .map(|n| st.text_at(n).map(normalize))
            .collect::<Option<Vec<String>>>()
            .ok_or(Reason::NoLineNumbers)
    }

    /// The output's lines by file, in order: each line's path is the part before a `:` (or, with
    /// context, a `-`) that names a workspace file; a line naming none is another file's (one
    /// the workspace lacks); a `--` stays with the file it follows. A line that could name two
    /// files, or a file whose lines come apart, is *ambiguous output*.
    fn runs<'a>(
        &mut self,
        lines: &[&'a str],
        context: bool,
        cwd: &str,
    ) -> Result<Vec<Run<'a>>, Reason> {
        let mut cache: HashMap<&str, Option<Key>> = HashMap::new();
        let mut runs: Vec<Run<'a>> = Vec::new();
        for line in lines {
            if line.trim_end() == "--" {
                if let Some(r) = runs.last_mut() {
                    r.lines.push(line);
                }
                continue;
            }
            let mut found: Option<(Key, &'a str)> = None;
            let path_end = line.find(char::is_whitespace).unwrap_or(line.len());
            for (k, c) in line[..path_end].char_indices().skip(1) {
                if c != ':' && !(context && c == '-') {
                    continue;
                }
                let prefix = &line[..k];
                let key = match cache.get(prefix) {
                    Some(k) => k.clone(),
                    None => {
                        let k = self.workspace_file(prefix, cwd);
                        cache.insert(prefix, k.clone());
                        k
                    }
                };
                if let Some(key) = key {
                    if found.as_ref().is_some_and(|(f, _)| *f != key) {
                        return Err(Reason::AmbiguousOutput);
                    }
                    found = Some((key, &line[k + 1..]));
                }
            }
            let (key, text) = match found {
                Some((key, text)) => (Some(key), text),
                None => (None, *line),
            };
            match runs.last_mut() {
                Some(r) if r.key == key => r.lines.push(text),
                _ => {
                    if key.is_some() && runs.iter().any(|r| r.key == key) {
                        return Err(Reason::AmbiguousOutput);
                    }
                    runs.push(Run {
                        key,
                        lines: vec![text],
                    });
                }
            }
        }
        Ok(runs)
    }

    /// The file `raw` names when the workspace has it (never adding a state for a name that
    /// is not a file: a replay of every known file must not meet made-up ones).
    fn workspace_file(&mut self, raw: &str, cwd: &str) -> Option<Key> {
        let key = self.roots.resolve_in(raw, cwd).ok()?;
        if key.1.is_empty() {
            return None;
        }
        match self.files.get(&key) {
            Some((in_ws, _)) => in_ws.then_some(key),
            None if self.has_file(&key.1) => Some(key),
            None => None,
        }
    }
}
