//! A file operand with a glob (`sed -i 's/a/b/' pkg/*.py`, `rm pkg/*.pyc`; session 37): the files
//! bash passed, from the workspace's folders and the files the run wrote (see
//! [`crate::bashread::glob`]); without a workspace, or when a folder cannot be listed, which
//! files they were is unknown, so every file the pattern matches (now or when first seen later)
//! is one whose text is unknown. Before session 37 the operand was taken for a file of that
//! literal name. Since session 38 brace and tilde expansion come first ([`brace`]: `f.{py,txt}`
//! is two words), and a quoted glob character is literal (`'pkg/*.py'` names that file).

use crate::bashread::brace;
use crate::bashread::glob::{self, Word};
use crate::session::{Key, Session};
use crate::shell::{Pipeline, Stage};
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
    /// What operand `w` names, from `cwd`.
    pub(super) fn operand(&mut self, w: Word<'_>, cwd: &str) -> Operand {
        let (pattern, unsure) = match w {
            Word::Plain(p) => return Operand::Path(p.to_string()),
            Word::Glob(p) => (p, false),
            Word::Unsure(p) => (p, true),
        };
        let Ok(key) = self.roots.resolve_in(pattern, cwd) else {
            return Operand::Outside;
        };
        // Quotes on some of its glob characters, a folder-only pattern (`pkg/*/`) or a `.`/`..`
        // after a glob (made away with by normalising): not expanded here.
        let odd = unsure
            || pattern.ends_with('/')
            || pattern
                .split('/')
                .skip_while(|c| !c.contains(['*', '?', '[']))
                .any(|c| c == "." || c == "..");
        // An unsure word may be a name (`'a*'*.py`, or a redirection's quoted target): when the
        // workspace or the run has a file of that name, it is that file.
        if unsure
            && (self.has_file(&key.1) || self.files.get(&key).is_some_and(|(_, st)| st.is_edited()))
        {
            return Operand::Path(pattern.to_string());
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

    /// The pipeline as bash runs it: each word of its commands (their names aside) brace-expanded
    /// (`f.{py,txt}` → `f.py f.txt`), its `~+` made the cwd, and each glob replaced by the paths it
    /// matched, written as bash writes them (`pkg/*.py` → `pkg/a.py pkg/b.py`); a glob whose
    /// matches are unknown, or that matched nothing, is left as written, as is a `~` (the run's
    /// HOME is not known: such a path is outside every repository readcov follows).
    pub(super) fn expand_words<'a>(&mut self, mut p: Pipeline<'a>, cwd: &str) -> Pipeline<'a> {
        for st in &mut p.stages {
            let expands = |w: &Cow<str>| w.contains(['*', '?', '[', '{']) || w.starts_with('~');
            if !st.words.iter().skip(1).any(expands) {
                continue;
            }
            let literal = std::mem::take(&mut st.literal);
            let pattern_of = |i: usize| {
                let p = literal.iter().find(|(j, _)| *j == i);
                p.map(|(_, p)| p.as_str())
            };
            let mut out = Expanded::default();
            for (i, w) in std::mem::take(&mut st.words).into_iter().enumerate() {
                let pattern = pattern_of(i);
                if i == 0 || !expands(&w) {
                    out.push(w, pattern.map(str::to_string));
                    continue;
                }
                let Some(words) = brace::expand(pattern.unwrap_or(&w)) else {
                    // More words than readcov follows: left as written.
                    out.push(w, pattern.map(str::to_string));
                    continue;
                };
                for b in words {
                    self.expand_word(&b, cwd, &mut out);
                }
            }
            st.words = out.words;
            st.literal = out.literal;
        }
        p
    }

    /// One word of a brace expansion (a pattern), through tilde and pathname expansion.
    fn expand_word<'a>(&mut self, b: &str, cwd: &str, out: &mut Expanded<'a>) {
        // `~+` is the cwd; a quoted `~` a folder of that name (`./~`, as the name alone would
        // read as HOME's); `~`, `~-` and `~user` are left as written (unknown).
        let b: Cow<str> = match b.strip_prefix("~+") {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                format!("{}{rest}", glob::escape(cwd)).into()
            }
            _ if b.starts_with("\\~") => format!("./{b}").into(),
            _ => b.into(),
        };
        let has_escape = b.contains('\\');
        let text = match has_escape {
            true => glob::unescape(&b),
            false => b.to_string(),
        };
        let pattern = has_escape.then(|| b.to_string());
        let w = glob::classify(&text, pattern.as_deref());
        if let Word::Glob(_) = w {
            if let Operand::Matches(keys) = self.operand(w, cwd) {
                if !keys.is_empty() {
                    for k in keys {
                        out.push_text(as_written(&text, &k));
                    }
                    return;
                }
            }
        }
        out.push(Cow::Owned(text), pattern);
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

/// The words of a stage being expanded, with their patterns ([`Stage::literal`]).
#[derive(Default)]
struct Expanded<'a> {
    words: Vec<Cow<'a, str>>,
    literal: Vec<(usize, String)>,
}

impl<'a> Expanded<'a> {
    fn push(&mut self, w: Cow<'a, str>, pattern: Option<String>) {
        if let Some(p) = pattern {
            self.literal.push((self.words.len(), p));
        }
        self.words.push(w);
    }

    /// A word that is a name (a glob's match): its expansion characters literal.
    fn push_text(&mut self, text: String) {
        let pattern = text
            .contains(['*', '?', '[', ']', '{', '}', ',', '~', '\\'])
            .then(|| glob::escape(&text));
        self.push(Cow::Owned(text), pattern);
    }
}

/// What the word `w` of a pipeline's commands is to pathname expansion: a word of a command's
/// operands by its pattern, a redirection's target by its text alone ([`glob::word`]).
#[allow(clippy::ptr_arg)]
pub(super) fn word_in<'w>(p: &Pipeline<'_>, w: &'w Cow<'_, str>) -> Word<'w> {
    let found = p.stages.iter().find_map(|s| {
        let i = s.words.iter().skip(1).position(|x| x == w)? + 1;
        Some(pattern(s, i))
    });
    match found {
        Some(pat) => glob::classify(w, pat),
        None => glob::word(w),
    }
}

/// The pattern of word `i` of `st`, when quotes kept a character of it literal.
fn pattern<'s>(st: &'s Stage<'_>, i: usize) -> Option<&'s str> {
    let p = st.literal.iter().find(|(j, _)| *j == i);
    p.map(|(_, p)| p.as_str())
}

/// Whether `path`, a file a read plan names, is a glob word of the pipeline (one not expanded).
pub(super) fn unexpanded(p: &Pipeline<'_>, path: &str) -> bool {
    p.stages.iter().any(|s| {
        (1..s.words.len())
            .filter(|&i| s.words[i] == *path)
            .any(|i| !matches!(glob::classify(&s.words[i], pattern(s, i)), Word::Plain(_)))
    })
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
