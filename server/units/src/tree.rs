//! An incrementally re-parsed source: keeps the tree-sitter tree, applies edits, re-parses only
//! what changed and refreshes the units (for the language server, which edits on every keystroke).

use crate::extract::{count_errors, find, merge_sorted, sort_found, to_units, Found};
use crate::{parser_for, Lang, Unit, UnitsError};
use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A parsed document whose units stay current across edits.
pub struct UnitTree {
    lang: Lang,
    parser: Parser,
    tree: Tree,
    source: String,
    /// Units with byte offsets, kept so an edit re-queries only the part of the tree it changed.
    found: Vec<Found>,
    units: Vec<Unit>,
    parse_errors: usize,
}

impl UnitTree {
    pub fn new(lang: Lang, source: &str) -> Result<UnitTree, UnitsError> {
        lang.query()?;
        let mut parser = parser_for(lang)?;
        let tree = parser
            .parse(source, None)
            .ok_or(UnitsError::Parse { lang: lang.name() })?;
        let mut t = UnitTree {
            lang,
            parser,
            tree,
            source: source.to_string(),
            found: Vec::new(),
            units: Vec::new(),
            parse_errors: 0,
        };
        t.refresh(None);
        Ok(t)
    }

    /// Applies one edit (byte offsets and points in the *old* and new text) and re-parses
    /// `new_source`, reusing the unchanged parts of the old tree; only units touching what
    /// changed are re-queried, the others are shifted.
    pub fn edit(&mut self, edit: &InputEdit, new_source: &str) {
        self.tree.edit(edit);
        let Some(new_tree) = self.parser.parse(new_source, Some(&self.tree)) else {
            return self.replace(new_source);
        };
        // Bytes whose syntax changed: the edited text plus whatever tree-sitter re-shaped.
        let (mut lo, mut hi) = (edit.start_byte, edit.new_end_byte);
        for r in self.tree.changed_ranges(&new_tree) {
            lo = lo.min(r.start_byte);
            hi = hi.max(r.end_byte);
        }
        self.tree = new_tree;
        self.source = new_source.to_string();
        self.refresh(Some((edit, lo, hi)));
    }

    /// Replaces the whole text (no edit information): a full parse.
    pub fn replace(&mut self, new_source: &str) {
        // parse() only returns None when cancelled or timed out, and neither is set here.
        if let Some(tree) = self.parser.parse(new_source, None) {
            self.tree = tree;
        }
        self.source = new_source.to_string();
        self.refresh(None);
    }

    /// Recomputes units: everywhere, or — after an edit — only units touching bytes `lo..=hi`
    /// of the new text, shifting the others. Enclosing units touch the edit, so they are
    /// re-queried and get their new ends.
    fn refresh(&mut self, changed: Option<(&InputEdit, usize, usize)>) {
        let Ok(query) = self.lang.query() else {
            return;
        };
        // A `.open` unit ends at its next sibling, which an edit far away can move: no shortcut.
        let open_units = query.capture_names().iter().any(|n| n.ends_with(".open"));
        self.found = match changed {
            Some((edit, lo, hi)) if !open_units => {
                let mut kept: Vec<Found> = Vec::with_capacity(self.found.len());
                for mut f in self.found.drain(..) {
                    if f.end_byte < edit.start_byte {
                        // Wholly before the edit: unchanged.
                    } else if f.start_byte >= edit.old_end_byte {
                        f.shift(edit);
                    } else {
                        continue;
                    }
                    if !f.touches(lo, hi) {
                        kept.push(f);
                    }
                }
                // A byte of slack on each side; the same closed-interval test as above then
                // decides, so no unit is lost or counted twice.
                let range = lo.saturating_sub(1)..hi.saturating_add(1).min(self.source.len());
                let mut fresh = find(self.lang, query, &self.tree, &self.source, Some(range));
                fresh.retain(|f| f.touches(lo, hi));
                sort_found(&mut fresh);
                // Shifting keeps `kept` in order; merging keeps the whole list sorted.
                merge_sorted(kept, fresh)
            }
            _ => {
                let mut all = find(self.lang, query, &self.tree, &self.source, None);
                sort_found(&mut all);
                all
            }
        };
        self.units = to_units(&self.found);
        self.parse_errors = count_errors(&self.tree);
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Units sorted by (start, depth), as [`crate::units`] would give for the current text.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    pub fn parse_errors(&self) -> usize {
        self.parse_errors
    }

    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn tree(&self) -> &Tree {
        &self.tree
    }
}

/// The [`InputEdit`] for replacing bytes `start..old_end` of `old` with `new_text` — so callers
/// holding only byte offsets (an LSP change converted to bytes) need not compute points.
/// Offsets past the end or inside a UTF-8 character are clamped to the nearest valid boundary.
pub fn edit_for_replace(old: &str, start: usize, old_end: usize, new_text: &str) -> InputEdit {
    let start = floor_boundary(old, start);
    let old_end = floor_boundary(old, old_end.max(start));
    let start_position = point_of(old, start);
    let old_end_position = point_of(old, old_end);
    let new_end_byte = start + new_text.len();
    let new_end_position = advance(start_position, new_text);
    InputEdit {
        start_byte: start,
        old_end_byte: old_end,
        new_end_byte,
        start_position,
        old_end_position,
        new_end_position,
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Row and byte column of offset `byte` (tree-sitter points count bytes, not characters).
fn point_of(s: &str, byte: usize) -> Point {
    advance(Point { row: 0, column: 0 }, &s[..byte])
}

fn advance(mut p: Point, text: &str) -> Point {
    match text.rfind('\n') {
        Some(last) => {
            p.row += text.bytes().filter(|&b| b == b'\n').count();
            p.column = text.len() - last - 1;
        }
        None => p.column += text.len(),
    }
    p
}
