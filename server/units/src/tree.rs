//! An incrementally re-parsed source: keeps the tree-sitter tree, applies edits, re-parses only
//! what changed and refreshes the units (for the language server, which edits on every keystroke).
//! Large Python files are kept as top-level chunks, one tree each (see `chunks`): an edit inside a
//! chunk re-parses that chunk only.

use crate::chunks::{self, Chunk};
use crate::extract::{count_errors, find, merge_sorted, sort_found, to_units, Found};
use crate::{parser_for, Lang, Unit, UnitsError};
use tree_sitter::{InputEdit, Parser, Point, Tree};

/// A parsed document whose units stay current across edits.
pub struct UnitTree {
    lang: Lang,
    parser: Parser,
    /// The whole text's tree, or `None` while the text is kept as chunks.
    tree: Option<Tree>,
    chunks: Vec<Chunk>,
    /// In chunked mode: how many of `units` each chunk holds, in order.
    chunk_units: Vec<usize>,
    source: String,
    /// Units with byte offsets, kept so an edit re-queries only the part of the tree it changed.
    found: Vec<Found>,
    units: Vec<Unit>,
    parse_errors: usize,
    /// The tree was parsed with dedented continuation lines hidden (`dedent`): the next edit
    /// parses afresh, as the parser's ranges are the whole file's again.
    ranged: bool,
}

impl UnitTree {
    pub fn new(lang: Lang, source: &str) -> Result<UnitTree, UnitsError> {
        crate::check_size(lang, source)?;
        lang.query()?;
        let parser = parser_for(lang)?;
        let mut t = UnitTree {
            lang,
            parser,
            tree: None,
            chunks: Vec::new(),
            chunk_units: Vec::new(),
            source: String::new(),
            found: Vec::new(),
            units: Vec::new(),
            parse_errors: 0,
            ranged: false,
        };
        t.replace(source);
        if t.tree.is_none() && t.chunks.is_empty() {
            return Err(UnitsError::Parse { lang: lang.name() });
        }
        Ok(t)
    }

    /// Applies one edit (byte offsets and points in the *old* and new text) and re-parses
    /// `new_source`, reusing the unchanged parts of the old tree; only units touching what
    /// changed are re-queried, the others are shifted.
    pub fn edit(&mut self, edit: &InputEdit, new_source: &str) {
        if crate::check_size(self.lang, new_source).is_err() {
            return self.replace(new_source);
        }
        if !self.chunks.is_empty() {
            if !self.edit_chunk(edit, new_source) {
                self.replace(new_source);
            }
            return;
        }
        let Some(tree) = self.tree.as_mut() else {
            return self.replace(new_source);
        };
        tree.edit(edit);
        // From a tree with a syntax error, tree-sitter's re-parse can keep shapes its error
        // recovery built that a fresh parse would not (the property tests found a string
        // closed far below its opening quote, the lines between still parsed as statements):
        // such a text is parsed afresh and re-queried whole.
        let was_broken = self.parse_errors > 0;
        let fresh = was_broken || self.ranged;
        let old = (!fresh).then_some(&*tree);
        let Some(mut new_tree) = self.parser.parse(new_source, old) else {
            return self.replace(new_source);
        };
        // The edit that breaks a clean tree: tree-sitter's incremental error recovery can differ
        // from a fresh parse's too (the JavaScript property test: `"` typed after `const` in
        // `const add = (a, b) => {…}` kept no unit where a fresh parse finds `add`): parse afresh.
        let fresh = fresh || new_tree.root_node().has_error();
        if fresh && old.is_some() {
            match self.parser.parse(new_source, None) {
                Some(t) => new_tree = t,
                None => return self.replace(new_source),
            }
        }
        let (new_tree, ranged) =
            crate::dedent::reparse_if_better(self.lang, &mut self.parser, new_source, new_tree);
        self.ranged = ranged;
        let changed = (!fresh && !ranged).then(|| {
            // Bytes whose syntax changed: the edited text plus whatever tree-sitter re-shaped.
            let (mut lo, mut hi) = (edit.start_byte, edit.new_end_byte);
            for r in tree.changed_ranges(&new_tree) {
                lo = lo.min(r.start_byte);
                hi = hi.max(r.end_byte);
            }
            (edit, lo, hi)
        });
        self.tree = Some(new_tree);
        self.source = new_source.to_string();
        self.refresh(changed);
        // An edit that mends the last syntax error of a large file: back to chunks (once per
        // mend, not on every keystroke of a file that cannot be cut).
        if was_broken && self.parse_errors == 0 && chunks::split(self.lang, &self.source).is_some()
        {
            let text = std::mem::take(&mut self.source);
            self.replace(&text);
        }
    }

    /// An edit in chunked mode: re-parses the one chunk holding it and shifts the later ones.
    /// `false` (nothing changed) when the edit spans chunks or leaves its chunk with a syntax
    /// error: the caller then parses the new text afresh.
    fn edit_chunk(&mut self, edit: &InputEdit, new_source: &str) -> bool {
        let last = self.chunks.len() - 1;
        let Some(at) = self.chunks.iter().enumerate().position(|(i, c)| {
            let r = &c.range;
            r.start_byte <= edit.start_byte
                && edit.old_end_byte <= r.end_byte
                && (edit.start_byte < r.end_byte || i == last)
        }) else {
            return false;
        };
        let mut range = self.chunks[at].range;
        edit.edit_point(&mut range.end_point, &mut range.end_byte);
        if !chunks::cut_between_statements(new_source, range) {
            return false;
        }
        let mut old = self.chunks[at].tree.clone();
        old.edit(edit);
        let Some(mut fresh) =
            chunks::parse_one(&mut self.parser, self.lang, new_source, range, Some(&old))
        else {
            return false;
        };
        // Swap in the chunk's new units; later units move by the edit's change in rows.
        let first = self.chunk_units[..at].iter().sum::<usize>();
        let count = fresh.units.len();
        let old_count = std::mem::replace(&mut self.chunk_units[at], count);
        self.units
            .splice(first..first + old_count, std::mem::take(&mut fresh.units));
        let rows = edit.new_end_position.row as i64 - edit.old_end_position.row as i64;
        for u in &mut self.units[first + count..] {
            u.start = (i64::from(u.start) + rows) as u32;
            u.end = (i64::from(u.end) + rows) as u32;
        }
        self.chunks[at] = fresh;
        for c in &mut self.chunks[at + 1..] {
            c.tree.edit(edit);
            let r = &mut c.range;
            edit.edit_point(&mut r.start_point, &mut r.start_byte);
            edit.edit_point(&mut r.end_point, &mut r.end_byte);
        }
        self.source = new_source.to_string();
        true
    }

    /// Replaces the whole text (no edit information): a full parse.
    pub fn replace(&mut self, new_source: &str) {
        self.source = new_source.to_string();
        self.ranged = false;
        // Past the parse limit: no tree and no units (a later edit back under it parses again).
        if crate::check_size(self.lang, new_source).is_err() {
            self.tree = None;
            self.chunks.clear();
            self.chunk_units.clear();
            self.found.clear();
            self.units.clear();
            self.parse_errors = 0;
            return;
        }
        if let Some(chunks) = chunks::split(self.lang, new_source)
            .and_then(|r| chunks::parse(self.lang, new_source, &r))
        {
            self.tree = None;
            self.chunks = chunks;
            (self.units, self.chunk_units) = chunks::take_units(&mut self.chunks);
            self.found.clear();
            self.parse_errors = 0;
            return;
        }
        self.chunks.clear();
        self.chunk_units.clear();
        // parse() only returns None when cancelled or timed out, and neither is set here.
        if let Some(tree) = self.parser.parse(new_source, None) {
            let (tree, ranged) =
                crate::dedent::reparse_if_better(self.lang, &mut self.parser, new_source, tree);
            self.tree = Some(tree);
            self.ranged = ranged;
        }
        self.refresh(None);
    }

    /// Recomputes units: everywhere, or — after an edit — only units touching bytes `lo..=hi`
    /// of the new text, shifting the others. Enclosing units touch the edit, so they are
    /// re-queried and get their new ends.
    fn refresh(&mut self, changed: Option<(&InputEdit, usize, usize)>) {
        let (Ok(query), Some(tree)) = (self.lang.query(), self.tree.as_ref()) else {
            return;
        };
        // A `.open` unit ends at its next sibling, which an edit far away can move: no shortcut.
        let open_units = query.capture_names().iter().any(|n| n.ends_with(".open"));
        self.found = match changed {
            Some((edit, lo, hi)) if !open_units => {
                // A unit whose first bytes the edit replaced may now start further on: its
                // decorators (beside its node, `extract`) were cut, so its node lies after the
                // changed bytes. Re-query through its end, so it is found again.
                let hi = self
                    .found
                    .iter()
                    .filter(|f| f.start_byte >= edit.start_byte && f.start_byte < edit.old_end_byte)
                    .map(|f| {
                        (f.end_byte.max(edit.old_end_byte) + edit.new_end_byte)
                            .saturating_sub(edit.old_end_byte)
                    })
                    .fold(hi, usize::max)
                    .min(self.source.len());
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
                let mut fresh = find(self.lang, query, tree, &self.source, Some(range));
                fresh.retain(|f| f.touches(lo, hi));
                sort_found(&mut fresh);
                // Shifting keeps `kept` in order; merging keeps the whole list sorted.
                merge_sorted(kept, fresh)
            }
            _ => {
                let mut all = find(self.lang, query, tree, &self.source, None);
                sort_found(&mut all);
                all
            }
        };
        self.units = to_units(&self.found);
        self.parse_errors = count_errors(tree);
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

    /// Byte offsets where chunks start (empty when the text is one tree). For tests that edit
    /// at the cuts; not for callers.
    #[doc(hidden)]
    pub fn chunk_starts(&self) -> Vec<usize> {
        self.chunks.iter().map(|c| c.range.start_byte).collect()
    }

    /// Whether the text is kept as top-level chunks (a large Python file) rather than one tree.
    pub fn is_chunked(&self) -> bool {
        !self.chunks.is_empty()
    }
}

/// The [`InputEdit`] for replacing bytes `start..old_end` of `old` with `new_text` — so callers
/// holding only byte offsets (an LSP change converted to bytes) need not compute points.
/// Offsets past the end or inside a UTF-8 character are clamped to the nearest valid boundary.
pub fn edit_for_replace(old: &str, start: usize, old_end: usize, new_text: &str) -> InputEdit {
    let start = floor_boundary(old, start);
    let old_end = floor_boundary(old, old_end.max(start));
    // One pass over the text before the edit (the old end is reached from the start).
    let start_position = point_of(old, start);
    let old_end_position = advance(start_position, &old[start..old_end]);
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
            p.row += count_newlines(text.as_bytes());
            p.column = text.len() - last - 1;
        }
        None => p.column += text.len(),
    }
    p
}

/// Line breaks in `bytes`. Counted over a slice (which the compiler vectorises), not through
/// `str::bytes()`: an LSP edit near the end of a 20,000-line file counts ~300 KB per re-parse.
fn count_newlines(bytes: &[u8]) -> usize {
    // Blocks of 255 bytes summed in a `u8` (cannot overflow): byte-wide vector adds.
    bytes
        .chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}
