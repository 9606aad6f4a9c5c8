//! The unit each line of a file belongs to, for every stage alike: its innermost syntax unit;
//! a line inside no unit belongs to the stretch of lines between the units around it (kind
//! `module`, name `<module>`: imports, module constants); a file with no grammar is one unit
//! (kind `file`, name `<file>`). A set of lines *touches* the units one of its lines belongs to;
//! a pure insertion, which has no base line, touches the one unit of its gap (`gap_units`).

use super::input::{BaseSyntax, FileChange, FileSyntax, Unit};
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
        for &k in &f.gaps {
            out.extend(self.gap_units(k));
        }
        out
    }

    /// The unit of the gap between base lines `k` and `k + 1` (docs/diagnose.md, *Change
    /// lines*): the innermost unit spanning both (a method added between two methods: the class,
    /// not the methods around it); else the `<module>` stretch holding `k`, else the one holding
    /// `k + 1` (between two top-level units, at the file's start or end); else, no stretch
    /// there (two top-level units with no line between them, a file ending inside a unit), the
    /// units of the neighbours, as before session 32.
    pub fn gap_units(&self, k: u32) -> Vec<usize> {
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
