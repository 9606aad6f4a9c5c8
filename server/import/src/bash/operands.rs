//! A file operand with a glob (`sed -i 's/a/b/' pkg/*.py`, `rm pkg/*.pyc`; session 37): the files
//! bash passed, from the workspace's folders and the files the run wrote (see
//! [`crate::bashread::glob`]); without a workspace, or when a folder cannot be listed, which
//! files they were is unknown, so every file the pattern matches (now or when first seen later)
//! is one whose text is unknown. Before session 37 the operand was taken for a file of that
//! literal name.

use crate::bashread::glob::{self, Word};
use crate::session::{Key, Session};
use crate::shell::Pipeline;
use std::borrow::Cow;

/// The files an operand names.
pub(super) enum Operand {
    /// One path as written (no glob).
    Path(String),
    /// The glob's matches, in bash's order, each a repository file or folder (none: it matched
    /// nothing, and no file has its literal name).
    Matches(Vec<Key>),
    /// Which files the glob matched is unknown: its pattern (root, repository path).
    Unknown(Key),
    /// Outside every repository: nothing readcov follows.
    Outside,
}

impl Session<'_> {
    /// What operand `w` names, from `cwd` (a `&Cow`: see [`glob::word`]).
    #[allow(clippy::ptr_arg)]
    pub(super) fn operand(&mut self, w: &Cow<'_, str>, cwd: &str) -> Operand {
        let pattern = match glob::word(w) {
            Word::Plain(p) => return Operand::Path(p.to_string()),
            Word::Glob(p) | Word::Unsure(p) => p,
        };
        let Ok(key) = self.roots.resolve_in(pattern, cwd) else {
            return Operand::Outside;
        };
        // Quotes somewhere in the word, a folder-only pattern (`pkg/*/`) or a `.`/`..` after a
        // glob (made away with by normalising): not expanded here.
        let odd = !matches!(glob::word(w), Word::Glob(_))
            || pattern.ends_with('/')
            || pattern
                .split('/')
                .skip_while(|c| !c.contains(['*', '?', '[']))
                .any(|c| c == "." || c == "..");
        // A quoted glob is a name (`'pkg/*.rs'`), as is a match [`Session::expand_globs`] put
        // in: when the workspace or the run has a file of that name, it is that file.
        if matches!(glob::word(w), Word::Unsure(_))
            && (self.has_file(&key.1) || self.files.get(&key).is_some_and(|(_, st)| st.is_edited()))
        {
            return Operand::Path(w.to_string());
        }
        if odd || !self.has_workspace() {
            return Operand::Unknown(key);
        }
        let mut tree = RunTree {
            s: self,
            root: &key.0,
        };
        match glob::expand(&key.1, &mut tree) {
            None => Operand::Unknown(key),
            // No match: bash passes the word as written, a file of that name if there is one
            // (else the command fails on it: `sed: can't read pkg/*.rs`, and writes nothing).
            Some(m) if m.is_empty() => match glob::Tree::exists(&mut tree, &key.1) {
                true => Operand::Matches(vec![key]),
                false => Operand::Matches(Vec::new()),
            },
            Some(m) => Operand::Matches(m.into_iter().map(|p| (key.0.clone(), p)).collect()),
        }
    }

    /// The pipeline as bash runs it: each glob word of its commands (their names aside) replaced
    /// by the paths it matched, written as bash writes them (`pkg/*.py` → `pkg/a.py pkg/b.py`); a
    /// glob whose matches are unknown, or that matched nothing, is left as written.
    pub(super) fn expand_globs<'a>(&mut self, mut p: Pipeline<'a>, cwd: &str) -> Pipeline<'a> {
        for st in &mut p.stages {
            let globs = st.words.iter().skip(1);
            if !globs
                .clone()
                .any(|w| matches!(glob::word(w), Word::Glob(_)))
            {
                continue;
            }
            let mut out = Vec::with_capacity(st.words.len());
            for (i, w) in std::mem::take(&mut st.words).into_iter().enumerate() {
                match (i > 0 && matches!(glob::word(&w), Word::Glob(_)))
                    .then(|| self.operand(&w, cwd))
                {
                    Some(Operand::Matches(keys)) if !keys.is_empty() => {
                        out.extend(keys.iter().map(|k| Cow::Owned(as_written(&w, k))));
                    }
                    _ => out.push(w),
                }
            }
            st.words = out;
        }
        p
    }

    /// A glob whose matches are unknown: every file it matches, known now or first seen later,
    /// has unknown text (`cause` names the write).
    pub(super) fn lose_matching(&mut self, pattern: &Key, cause: &str) {
        let hit: Vec<Key> = self
            .files
            .keys()
            .filter(|k| k.0 == pattern.0 && path_matches(&pattern.1, &k.1))
            .cloned()
            .collect();
        for k in hit {
            self.lose(&k, || cause.to_string());
        }
        self.lost_globs.push((pattern.clone(), cause.to_string()));
    }
}

/// Whether `path`, a file a read plan names, is a glob word of the pipeline (one not expanded).
pub(super) fn unexpanded(p: &Pipeline<'_>, path: &str) -> bool {
    let words = p.stages.iter().flat_map(|s| s.words.iter().skip(1));
    words
        .filter(|w| **w == *path)
        .any(|w| !matches!(glob::word(w), Word::Plain(_)))
}

/// Match `key` of the glob `word` as bash writes it: the word's components up to its first glob,
/// then the match's own (the word's later components are as many: no `.` or `..` among them).
fn as_written(word: &str, key: &Key) -> String {
    let parts: Vec<&str> = word.split('/').collect();
    let first = parts
        .iter()
        .position(|c| c.contains(['*', '?', '[']))
        .unwrap_or(0);
    let rel: Vec<&str> = key.1.split('/').collect();
    match rel.len().checked_sub(parts.len() - first) {
        Some(from) => [&parts[..first], &rel[from..]].concat().join("/"),
        None => format!("{}/{}", key.0.trim_end_matches('/'), key.1),
    }
}

/// Whether repository path `path` matches the pattern, component by component.
pub(crate) fn path_matches(pattern: &str, path: &str) -> bool {
    let (mut p, mut f) = (pattern.split('/'), path.split('/'));
    loop {
        match (p.next(), f.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if glob::matches(a, b) || a == b => {}
            _ => return false,
        }
    }
}

/// The run's checkout as bash saw it: the workspace's files and folders, and the files the run
/// wrote (created, or written by a command readcov could not follow).
struct RunTree<'s, 'a> {
    s: &'s mut Session<'a>,
    root: &'s str,
}

impl RunTree<'_, '_> {
    /// Repository paths of the run's files under `root`.
    fn written(&self) -> Vec<&str> {
        self.s
            .files
            .iter()
            .filter(|(k, (_, st))| k.0 == self.root && (st.is_edited() || st.lost_to().is_some()))
            .map(|(k, _)| k.1.as_str())
            .collect()
    }
}

impl glob::Tree for RunTree<'_, '_> {
    fn names(&mut self, dir: &str) -> Option<Vec<String>> {
        if !dir.is_empty() && !glob::Tree::is_dir(self, dir) {
            return Some(Vec::new());
        }
        let mut names = self.s.list_dir(dir)?;
        let prefix = match dir.is_empty() {
            true => String::new(),
            false => format!("{dir}/"),
        };
        let run: Vec<String> = self
            .written()
            .into_iter()
            .filter_map(|p| p.strip_prefix(prefix.as_str()))
            .map(|rest| rest.split('/').next().unwrap_or(rest).to_string())
            .collect();
        names.extend(run);
        names.sort_unstable();
        names.dedup();
        Some(names)
    }

    fn is_dir(&mut self, path: &str) -> bool {
        let under = format!("{path}/");
        self.s.is_directory_rel(path) || self.written().iter().any(|p| p.starts_with(&under))
    }

    fn exists(&mut self, path: &str) -> bool {
        self.s.has_file(path) || self.written().contains(&path) || glob::Tree::is_dir(self, path)
    }
}

#[cfg(test)]
mod tests;
