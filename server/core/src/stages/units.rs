//! The unit each line of a file belongs to, for every stage alike: its innermost syntax unit;
//! a line inside no unit belongs to the stretch of lines between the units around it (kind
//! `module`, name `<module>`: imports, module constants); a file with no grammar is one unit
//! (kind `file`, name `<file>`). A set of lines *touches* the units one of its lines belongs to;
//! a pure insertion, which has no base line, touches the one unit of its gap (`gap_units`).

use super::input::{BaseSyntax, FileChange, FileSyntax, Gap, Unit};
use crate::lineset::LineSet;
use serde::Serialize;
use std::collections::BTreeSet;

/// A unit of one file, as the stages name it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct UnitRef {
    pub path: String,
    pub kind: String,
    pub name: String,
    pub start: u32,
    pub end: u32,
}

impl UnitRef {
    /// `` `name` (path:start-end) `` for reasons.
    pub fn describe(&self) -> String {
        format!(
            "`{}` ({}:{}-{})",
            self.name, self.path, self.start, self.end
        )
    }
}

/// One file's units with the lines each owns (its lines not inside a unit nested in it), built
/// once per task and asked per run.
#[derive(Clone, Debug)]
pub struct FileUnits {
    pub units: Vec<UnitRef>,
    own: Vec<LineSet>,
}

impl FileUnits {
    pub fn new(path: &str, syntax: &BaseSyntax) -> FileUnits {
        let unit = |kind: &str, name: &str, start: u32, end: u32| UnitRef {
            path: path.to_string(),
            kind: kind.to_string(),
            name: name.to_string(),
            start,
            end,
        };
        let (mut units, mut own) = (Vec::new(), Vec::new());
        let len = syntax.len;
        match &syntax.syntax {
            FileSyntax::Unsupported | FileSyntax::Unavailable(_) => {
                units.push(unit("file", "<file>", 1, len.max(1)));
                own.push(LineSet::span(1, len.max(1)));
            }
            FileSyntax::Units { units: spans, .. } => {
                let mut covered = LineSet::new();
                for (i, u) in spans.iter().enumerate() {
                    units.push(unit(&u.kind, &u.name, u.start, u.end));
                    own.push(own_lines(spans, i, u));
                    covered.insert(u.start, u.end);
                }
                let file = LineSet::span(1, len.max(1));
                for gap in file.difference(&covered).intervals() {
                    units.push(unit("module", "<module>", gap.start, gap.end));
                    own.push(LineSet::span(gap.start, gap.end));
                }
            }
        }
        FileUnits { units, own }
    }

    /// Indexes of the units `lines` touches, in unit order.
    pub fn touched<'a>(&'a self, lines: &'a LineSet) -> impl Iterator<Item = usize> + 'a {
        (0..self.units.len()).filter(move |&i| self.own[i].overlaps(lines))
    }

    /// Indexes of the units a file's change touches: those of the lines it deletes or changes,
    /// and each pure insertion's gap unit.
    pub fn changed(&self, f: &FileChange) -> BTreeSet<usize> {
        let mut out: BTreeSet<usize> = self.touched(&f.edited).collect();
        for gap in &f.gaps {
            out.extend(self.gap_units(gap, f.indents.as_deref()));
        }
        out
    }

    /// The unit of the gap between base lines `k` and `k + 1` (docs/diagnose.md, *Change
    /// lines*). In an indentation-delimited file (`indents`, each base line's indentation, `None`
    /// for a blank line), a block whose first non-blank line is indented deeper than the first
    /// line of a syntax unit ending at `k` — or, `k` blank, at the last non-blank line before it —
    /// is inside it: the deepest such unit (a unit ends at its last statement there, so lines
    /// appended to a body stand after it, often after the blank line that follows it). Else the
    /// innermost unit spanning both lines (a method added between two methods: the class, not the
    /// methods around it); else the `<module>` stretch holding `k`, else the one holding `k + 1`
    /// (between two top-level units, at the file's start or end); else, no stretch there (two
    /// top-level units with no line between them, a file ending inside a unit), the units of the
    /// neighbours, as before session 32.
    pub fn gap_units(&self, gap: &Gap, indents: Option<&[Option<u32>]>) -> Vec<usize> {
        let k = gap.at;
        if let (Some(indent), Some(indents)) = (gap.indent, indents) {
            let first_indent = |i: usize| {
                let line = (self.units[i].start as usize).checked_sub(1);
                line.and_then(|l| indents.get(l)).copied().flatten()
            };
            // The last non-blank base line at or before `k` (0: none).
            let last = (1..=k)
                .rev()
                .find(|&l| indents.get(l as usize - 1).is_some_and(Option::is_some))
                .unwrap_or(0);
            let appended_to = (0..self.units.len())
                .filter(|&i| self.units[i].end == last && !is_stretch(&self.units[i]))
                .filter(|&i| first_indent(i).is_some_and(|w| w < indent))
                // Deepest: the latest start; a child follows its parent, so ties go to it.
                .max_by_key(|&i| (self.units[i].start, i));
            if let Some(i) = appended_to {
                return vec![i];
            }
        }
        let spanning = (0..self.units.len())
            .filter(|&i| self.units[i].start <= k && k < self.units[i].end)
            // Innermost: the shortest span; a child follows its parent, so ties go to it.
            .min_by_key(|&i| (self.units[i].end - self.units[i].start, usize::MAX - i));
        if let Some(i) = spanning {
            return vec![i];
        }
        let stretch = |line: u32| {
            (0..self.units.len())
                .find(|&i| self.units[i].name == "<module>" && self.own[i].contains(line))
        };
        if let Some(i) = (k >= 1)
            .then(|| stretch(k))
            .flatten()
            .or_else(|| stretch(k + 1))
        {
            return vec![i];
        }
        let mut neighbours = LineSet::new();
        neighbours.insert(k.max(1), k + 1);
        self.touched(&neighbours).collect()
    }

    /// The lines unit `i` owns.
    pub fn own(&self, i: usize) -> &LineSet {
        &self.own[i]
    }
}

/// The lines of `units[i]` not inside one of its child units (children follow it in order).
fn own_lines(units: &[Unit], i: usize, u: &Unit) -> LineSet {
    let children = units[i + 1..]
        .iter()
        .take_while(|c| c.start <= u.end)
        .filter(|c| c.depth == u.depth + 1 && c.end <= u.end)
        .map(|c| LineSet::span(c.start, c.end));
    children.fold(LineSet::span(u.start, u.end), |own, c| own.difference(&c))
}

/// A `<module>` stretch or the `<file>`: no syntax unit.
fn is_stretch(u: &UnitRef) -> bool {
    u.name == "<module>" || u.name == "<file>"
}

/// Whether `path`'s units are delimited by indentation (Python: `.py`, `.pyi`), the only files
/// where an insertion after a unit's last line can be inside it (in brace languages the unit's
/// last line is its closing `}`, Ruby's its `end`).
pub fn indent_delimited(path: &str) -> bool {
    path.ends_with(".py") || path.ends_with(".pyi")
}
