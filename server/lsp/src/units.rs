//! Syntax units of an open document (functions, classes, …) from `readcov-units`, kept current
//! across edits by its incremental `UnitTree`. Files in a language without a grammar have no
//! units; the views then fall back to one unit per gold span.

use crate::view::UnitSpan;
use readcov_units::{edit_for_replace, lang_for_path, UnitTree};

/// The incremental parse of one document, when its language is known.
pub struct Units {
    tree: Option<UnitTree>,
    pub spans: Vec<UnitSpan>,
}

impl Units {
    pub fn new(path: Option<&str>, text: &str) -> Units {
        let tree = path
            .and_then(lang_for_path)
            .and_then(|lang| UnitTree::new(lang, text).ok());
        let mut u = Units {
            tree,
            spans: Vec::new(),
        };
        u.collect();
        u
    }

    pub fn none() -> Units {
        Units {
            tree: None,
            spans: Vec::new(),
        }
    }

    /// Bytes `start..old_end` of the previous text were replaced by `new_text`, giving `new_source`.
    pub fn edit(&mut self, start: usize, old_end: usize, new_text: &str, new_source: &str) {
        if let Some(tree) = &mut self.tree {
            let edit = edit_for_replace(tree.source(), start, old_end, new_text);
            tree.edit(&edit, new_source);
            self.collect();
        }
    }

    pub fn replace(&mut self, new_source: &str) {
        if let Some(tree) = &mut self.tree {
            tree.replace(new_source);
            self.collect();
        }
    }

    pub fn is_parsed(&self) -> bool {
        self.tree.is_some()
    }

    fn collect(&mut self) {
        self.spans = self
            .tree
            .as_ref()
            .map(|t| {
                t.units()
                    .iter()
                    .map(|u| UnitSpan {
                        kind: u.kind.clone(),
                        name: u.name.clone(),
                        start: u.start,
                        end: u.end,
                    })
                    .collect()
            })
            .unwrap_or_default();
    }
}
