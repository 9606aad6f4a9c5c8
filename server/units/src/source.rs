//! Units of these paths: the one "path → language → units" walk of `score`, `explain`, `report`,
//! read-before-edit, `diagnose` and the language server. Where a file's text comes from (an open
//! document, a workspace file, a checkout, texts in memory) is a [`Sources`], so this crate stays
//! pure and every caller gets a file's syntax by the same rule.

use crate::{lang_for_file, lang_for_path, units, FileSyntax};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A way to get a file's text.
pub trait Sources {
    /// The text of `path`, or why it cannot be had (kept in [`FileSyntax::Unavailable`]). Bytes
    /// that are no UTF-8 are the implementation's to decode; every reader of files in readcov
    /// decodes them lossily, so one stray byte does not hide a file's units.
    fn text(&self, path: &str) -> Result<Cow<'_, str>, String>;
}

/// Texts in memory, by path (e.g. a task's base files `readcov diagnose` read once).
impl<T: AsRef<str>> Sources for BTreeMap<String, T> {
    fn text(&self, path: &str) -> Result<Cow<'_, str>, String> {
        (self.get(path))
            .map(|t| Cow::Borrowed(t.as_ref()))
            .ok_or_else(|| "no text for this file".to_string())
    }
}

/// Each path's syntax (once per path, the first time it comes), by [`syntax_of_file`] with
/// `sources` giving the texts.
pub fn units_of_paths<'p, S: Sources + ?Sized>(
    paths: impl IntoIterator<Item = &'p str>,
    sources: &S,
) -> BTreeMap<String, FileSyntax> {
    let mut out = BTreeMap::new();
    for path in paths {
        if !out.contains_key(path) {
            out.insert(
                path.to_string(),
                syntax_of_file(path, || sources.text(path)),
            );
        }
    }
    out
}

/// One file's syntax: `Unsupported` when its extension has no grammar (its text is then not
/// asked for), else the units of the text `text` gives (a `.h` holding C++ parsed as C++), or
/// why there are none (`text`'s error: it cannot be read; or the parse's).
pub fn syntax_of_file<'t>(
    path: &str,
    text: impl FnOnce() -> Result<Cow<'t, str>, String>,
) -> FileSyntax {
    let Some(lang) = lang_for_path(path) else {
        return FileSyntax::Unsupported;
    };
    let text = match text() {
        Ok(t) => t,
        Err(why) => return FileSyntax::Unavailable(why),
    };
    let lang = lang_for_file(path, &text).unwrap_or(lang);
    match units(lang, &text) {
        Ok(r) => FileSyntax::Units {
            units: r.units,
            parse_errors: r.parse_errors,
        },
        Err(e) => FileSyntax::Unavailable(e.to_string()),
    }
}
