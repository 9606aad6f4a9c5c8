//! Where a chunk lands: its file in the task's workspace (an absolute path from the indexing
//! machine cut to the longest suffix the workspace has) and its lines there, placed from line
//! numbers, character offsets or its own text; or why it cannot be placed.

use super::shape::{Chunk, Pos};
use super::text::{FileText, Placement};
use super::Builder;
use crate::runs::Runs;
use crate::summary::Reason;
use crate::FileProvider;
use std::rc::Rc;

impl<'p> Builder<'p> {
    /// The chunk's lines, checked against the workspace file when there is one.
    pub(super) fn place(
        &mut self,
        task: &str,
        c: &Chunk,
        runs: &Runs<'_, 'p>,
    ) -> Result<(String, u32, u32), (&'static str, String, Reason)> {
        let provider = self.provider(task, runs);
        if !provider.has_workspace() {
            return match c.pos {
                Pos::Lines { start, end } => Ok((c.path.clone(), start, end)),
                Pos::File => Err((
                    c.pos_field(),
                    format!(
                        "`{}` names a whole file: its lines need --workspace or --workspaces{}",
                        c.path,
                        corpus_hint(c)
                    ),
                    Reason::OffsetsNeedWorkspace,
                )),
                _ => Err((
                    c.pos_field(),
                    "character offsets need the file to count lines in: give --workspace or --workspaces".into(),
                    Reason::OffsetsNeedWorkspace,
                )),
            };
        }
        let path = resolve(&c.path, provider.as_ref());
        let Some(file) = self.file(task, &path, provider.as_ref()) else {
            return Err((
                c.path_field,
                format!("`{}` is not in the workspace{}", c.path, corpus_hint(c)),
                Reason::NotInWorkspace,
            ));
        };
        let text = c.text.as_deref();
        let placed = match c.pos {
            Pos::Lines { start, end } => file.place_lines(start, end, text),
            Pos::Chars { start, end } => file.place_chars(start, end, text),
            Pos::Find => file.find(text.unwrap_or_default()),
            Pos::File => match file.lines() {
                0 => Placement::PastEnd { len: 0 },
                n => Placement::Lines(1, n),
            },
        };
        match placed {
            Placement::Lines(s, e) => Ok((path, s, e)),
            Placement::PastEnd { len } => Err((
                c.pos_field(),
                format!(
                    "runs past the end of `{}` ({len} {})",
                    c.path,
                    if matches!(c.pos, Pos::Lines { .. }) {
                        "lines"
                    } else {
                        "characters"
                    }
                ),
                Reason::PastEndOfFile,
            )),
            Placement::Stale => Err((
                c.text_field,
                format!(
                    "the chunk's text is not what `{}` has at its position (stale index?)",
                    c.path
                ),
                Reason::StaleChunk,
            )),
            Placement::NotFound => Err((
                c.text_field,
                format!("the chunk's text is nowhere in `{}` (stale index?)", c.path),
                Reason::StaleChunk,
            )),
        }
    }

    fn provider(&mut self, task: &str, runs: &Runs<'_, 'p>) -> Rc<dyn FileProvider + 'p> {
        self.providers
            .entry(task.to_string())
            .or_insert_with(|| Rc::from(runs.files(task)))
            .clone()
    }

    fn file(&mut self, task: &str, path: &str, p: &dyn FileProvider) -> Option<Rc<FileText>> {
        self.files
            .entry((task.to_string(), path.to_string()))
            .or_insert_with(|| p.read(path).map(|b| Rc::new(FileText::new(&b))))
            .clone()
    }
}

/// A TREC docid that names no lines may be a BEIR corpus id: say how to map it.
fn corpus_hint(c: &Chunk) -> &'static str {
    match c.shape {
        "trec" if !c.path.contains(['/', '.']) => {
            " (a corpus id? map ids to spans with `readcov import --corpus corpus.jsonl`)"
        }
        _ => "",
    }
}

/// An absolute path from the indexing machine (`/home/me/repo/src/a.py`): the longest suffix
/// the workspace has (`src/a.py`); a relative path stays as it is.
fn resolve(path: &str, files: &dyn FileProvider) -> String {
    let Some(rest) = path.strip_prefix('/') else {
        return path.to_string();
    };
    let mut tail = rest;
    loop {
        if files.read(tail).is_some() {
            return tail.to_string();
        }
        match tail.split_once('/') {
            Some((_, t)) => tail = t,
            None => return path.to_string(),
        }
    }
}
