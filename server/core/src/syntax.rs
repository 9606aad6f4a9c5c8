//! A file's syntax units as plain values: what `readcov-units` finds with tree-sitter (outside
//! core, which has no grammar) and every consumer takes, the units crate's coverage and
//! retrieval maths and core's stages alike: one `Unit` and one `FileSyntax` type.

use serde::Serialize;

/// A syntactic unit: the whole definition, from its first line (decorators, `template <...>`,
/// modifiers included) through its body's last line. Lines are 1-based and inclusive.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Unit {
    /// `function`, `method`, `class`, `struct`, `impl`, `trait`, `module`, `namespace`, ...
    pub kind: String,
    pub name: String,
    pub start: u32,
    pub end: u32,
    /// 0 for a top-level unit, 1 inside one unit, ...
    pub depth: u32,
}

impl Unit {
    pub fn contains(&self, line: u32) -> bool {
        self.start <= line && line <= self.end
    }

    /// Number of lines in the unit.
    pub fn lines(&self) -> u64 {
        u64::from(self.end - self.start) + 1
    }
}

/// What is known about a file's syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileSyntax {
    /// Parsed; `parse_errors` > 0 means units come from a partly broken tree.
    Units {
        units: Vec<Unit>,
        parse_errors: usize,
    },
    /// No grammar for this file's language: line metrics only.
    Unsupported,
    /// The source could not be read (missing, outside the workspace, not UTF-8).
    Unavailable(String),
}

/// The width of `line`'s leading spaces and tabs as Python's tokenizer (and `str.expandtabs`)
/// counts it: a space one column, a tab up to the next multiple of 8. One count for the units
/// crate (a doc comment's indentation against its unit's) and the stages (an insertion's against
/// a unit's first line).
pub fn indentation(line: &str) -> u32 {
    let mut w = 0;
    for c in line.chars() {
        match c {
            ' ' => w += 1,
            '\t' => w = (w / 8 + 1) * 8,
            _ => break,
        }
    }
    w
}
