//! The unit each line of a file belongs to, for every stage alike: its innermost syntax unit;
//! a line inside no unit belongs to the stretch of lines between the units around it (kind
//! `module`, name `<module>`: imports, module constants); a file with no grammar is one unit
//! (kind `file`, name `<file>`). A set of lines *touches* the units one of its lines belongs to.

use super::input::{BaseSyntax, FileSyntax, Unit};
use crate::lineset::LineSet;
use serde::Serialize;

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
