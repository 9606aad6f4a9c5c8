//! An incrementally re-parsed source: keeps the tree-sitter tree, applies edits, re-parses only
//! what changed and refreshes the units (for the language server, which edits on every keystroke).

use crate::extract::{count_errors, extract};
use crate::{parser_for, Lang, Unit, UnitsError};
use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A parsed document whose units stay current across edits.
pub struct UnitTree {
    lang: Lang,
    parser: Parser,
    tree: Tree,
    source: String,
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
            units: Vec::new(),
            parse_errors: 0,
        };
        t.refresh();
        Ok(t)
    }

    /// Applies one edit (byte offsets and points in the *old* and new text) and re-parses
    /// `new_source`, reusing the unchanged parts of the old tree. A wrong edit never corrupts
    /// anything: tree-sitter re-reads the new text, only less incrementally.
    pub fn edit(&mut self, edit: &InputEdit, new_source: &str) {
        self.tree.edit(edit);
        self.reparse(new_source, true);
    }

    /// Replaces the whole text (no edit information): a full parse.
    pub fn replace(&mut self, new_source: &str) {
        self.reparse(new_source, false);
    }

    fn reparse(&mut self, new_source: &str, incremental: bool) {
        let old = incremental.then_some(&self.tree);
        // parse() only returns None when cancelled or timed out, and neither is set here; a
        // full parse is still tried once before keeping the old tree.
        let parsed = self
            .parser
            .parse(new_source, old)
            .or_else(|| self.parser.parse(new_source, None));
        if let Some(tree) = parsed {
            self.tree = tree;
        }
        self.source = new_source.to_string();
        self.refresh();
    }

    fn refresh(&mut self) {
        if let Ok(query) = self.lang.query() {
            self.units = extract(query, &self.tree, &self.source);
        }
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
