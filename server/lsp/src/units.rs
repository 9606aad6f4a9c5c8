//! Syntax units of an open document (functions, classes, …) from `readcov-units`.
//!
//! Parsing is kept off the `didChange` → diagnostics path: an edit only shifts the known unit
//! lines through it (cheap) and marks them stale; the server re-parses the latest text on a
//! blocking thread shortly after the last edit and refreshes hints and lenses. The re-parse is
//! incremental: the document keeps a tree-sitter tree (`UnitTree`, made at its first re-parse,
//! so a file only opened keeps none), the text it was parsed from is compared with the latest
//! (common prefix and suffix: one edit covering every keystroke since) and only what changed
//! is parsed again — a parse of a whole 20,000-line file on every pause in typing cost ~175 ms
//! of CPU. One re-parse per document at a time (`busy`); it parses the latest text, and parses
//! again if the text moved on meanwhile. Files in a language without a grammar have no units;
//! the views then fall back to one unit per gold span.

use crate::view::UnitSpan;
use readcov_units::{edit_for_replace, lang_for_file, InputEdit, Lang, Unit, UnitTree};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

pub struct Units {
    pub lang: Option<Lang>,
    pub spans: Vec<UnitSpan>,
    /// The spans were shifted through edits and await a re-parse.
    pub stale: bool,
    /// Bumped whenever `spans` change (a view computed from older spans is outdated).
    pub epoch: u64,
    /// The incrementally re-parsed tree, shared with the re-parse job.
    pub tree: Arc<Mutex<Option<UnitTree>>>,
    /// A re-parse job runs for this document.
    pub busy: Arc<AtomicBool>,
}

impl Units {
    pub fn new(path: Option<&str>, text: &str) -> Units {
        // By extension, except that a `.h` holding C++ is C++.
        let lang = path.and_then(|p| lang_for_file(p, text));
        let spans = lang.map(|l| parse(l, text)).unwrap_or_default();
        Units {
            lang,
            spans,
            stale: false,
            epoch: 0,
            tree: Arc::default(),
            busy: Arc::default(),
        }
    }

    pub fn has_lang(&self) -> bool {
        self.lang.is_some()
    }

    /// Lines `sl..=el` (0-based) became `sl..=sl+added`: later lines move by the difference.
    pub fn shift(&mut self, sl: u32, el: u32, added: u32) {
        if self.lang.is_none() {
            return;
        }
        let delta = i64::from(added) - i64::from(el - sl);
        let (sl1, el1) = (i64::from(sl) + 1, i64::from(el) + 1); // 1-based
        let mv = |line: u32| {
            let l = i64::from(line);
            let moved = if l > el1 {
                l + delta
            } else if l > sl1 {
                (sl1 + i64::from(added)).min(l)
            } else {
                l
            };
            u32::try_from(moved.max(1)).unwrap_or(1)
        };
        for u in &mut self.spans {
            u.start = mv(u.start);
            u.end = mv(u.end).max(u.start);
        }
        self.stale = true;
        self.epoch += 1;
    }

    /// The spans of a fresh parse of the current text. Returns whether they differ from the
    /// shifted ones: most keystrokes change no unit, and then nothing shown changes either
    /// (views, hints and lenses keep their epoch, and nothing needs re-publishing).
    pub fn replace(&mut self, spans: Vec<UnitSpan>) -> bool {
        self.stale = false;
        if spans == self.spans {
            return false;
        }
        self.spans = spans;
        self.epoch += 1;
        true
    }
}

/// Units of a whole text (a fresh parse), 1-based inclusive lines.
pub fn parse(lang: Lang, text: &str) -> Vec<UnitSpan> {
    readcov_units::units(lang, text)
        .map(|r| to_spans(&r.units))
        .unwrap_or_default()
}

/// Brings `tree` to `text` and returns its units: an edit of the kept tree when there is one,
/// else a first parse (kept for next time).
pub fn reparse(lang: Lang, tree: &mut Option<UnitTree>, text: &str) -> Vec<UnitSpan> {
    match tree {
        Some(t) => {
            let edit = diff_edit(t.source(), text);
            t.edit(&edit, text);
        }
        None => *tree = UnitTree::new(lang, text).ok(),
    }
    match tree {
        Some(t) => to_spans(t.units()),
        None => parse(lang, text),
    }
}

/// One edit turning `old` into `new`: the bytes between their common prefix and suffix.
pub fn diff_edit(old: &str, new: &str) -> InputEdit {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let mut prefix = common(
        a.len().min(b.len()),
        |i| a[i] == b[i],
        |r| a[r.clone()] == b[r],
    );
    // Identical bytes up to here, so a char boundary in one is one in the other.
    while !old.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let room = a.len().min(b.len()) - prefix;
    let mut suffix = common(
        room,
        |i| a[a.len() - 1 - i] == b[b.len() - 1 - i],
        |r| a[a.len() - r.end..a.len() - r.start] == b[b.len() - r.end..b.len() - r.start],
    );
    while !old.is_char_boundary(a.len() - suffix) {
        suffix -= 1;
    }
    edit_for_replace(
        old,
        prefix,
        a.len() - suffix,
        &new[prefix..b.len() - suffix],
    )
}

/// How many of the first `n` positions match: 64 bytes at a time (`block`, a slice compare,
/// i.e. `memcmp`), then one at a time (`byte`). The document is compared whole on every
/// re-parse, so this runs over ~300 KB per pause in typing on a 20,000-line file.
fn common(
    n: usize,
    byte: impl Fn(usize) -> bool,
    block: impl Fn(std::ops::Range<usize>) -> bool,
) -> usize {
    const BLOCK: usize = 64;
    let mut i = 0;
    while i + BLOCK <= n && block(i..i + BLOCK) {
        i += BLOCK;
    }
    while i < n && byte(i) {
        i += 1;
    }
    i
}

fn to_spans(units: &[Unit]) -> Vec<UnitSpan> {
    units
        .iter()
        .map(|u| UnitSpan {
            kind: u.kind.clone(),
            name: u.name.clone(),
            start: u.start,
            end: u.end,
        })
        .collect()
}

#[cfg(test)]
mod tests;
