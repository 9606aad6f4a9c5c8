//! Syntax units of an open document (functions, classes, …) from `readcov-units`. A document
//! that is only viewed keeps just its unit spans; the first edit builds an incremental
//! `UnitTree` (a parser and tree per document cost memory — hundreds of open files stay cheap).
//! Files in a language without a grammar have no units; the views then fall back to one unit
//! per gold span.

use crate::view::UnitSpan;
use readcov_units::{edit_for_replace, lang_for_path, Lang, Unit, UnitTree};

pub struct Units {
    lang: Option<Lang>,
    tree: Option<UnitTree>,
    pub spans: Vec<UnitSpan>,
}

impl Units {
    pub fn new(path: Option<&str>, text: &str) -> Units {
        let lang = path.and_then(lang_for_path);
        let spans = lang
            .and_then(|l| readcov_units::units(l, text).ok())
            .map(|r| to_spans(&r.units))
            .unwrap_or_default();
        Units {
            lang,
            tree: None,
            spans,
        }
    }

    pub fn has_lang(&self) -> bool {
        self.lang.is_some()
    }

    /// Bytes `start..old_end` of the previous text were replaced by `new_text`, giving `new_source`.
    pub fn edit(&mut self, start: usize, old_end: usize, new_text: &str, new_source: &str) {
        match (&mut self.tree, self.lang) {
            (Some(tree), _) => {
                let edit = edit_for_replace(tree.source(), start, old_end, new_text);
                tree.edit(&edit, new_source);
            }
            (None, Some(lang)) => self.tree = UnitTree::new(lang, new_source).ok(),
            (None, None) => return,
        }
        self.collect();
    }

    pub fn replace(&mut self, new_source: &str) {
        match (&mut self.tree, self.lang) {
            (Some(tree), _) => tree.replace(new_source),
            (None, Some(lang)) => self.tree = UnitTree::new(lang, new_source).ok(),
            (None, None) => return,
        }
        self.collect();
    }

    fn collect(&mut self) {
        self.spans = self
            .tree
            .as_ref()
            .map(|t| to_spans(t.units()))
            .unwrap_or_default();
    }
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
