//! Widening edit lines to what a reader needs around them (`--expand units`):
//!
//! - a line inside a function or method → the innermost such unit, decorators and leading doc
//!   comment included (nested functions: the innermost one);
//! - a line outside any function but inside a class-like unit (class, struct, impl, enum, …) →
//!   the innermost such unit when it has at most `max_unit` lines, else ±`window` lines;
//! - any other line (module level, inside a `mod`/namespace) → ±`window` lines.
//!
//! The three results stay apart (origin `edit`, `unit`, `window`) and are disjoint.

use readcov_core::{Interval, LineSet};
use readcov_units::{units, with_leading_comments, Lang, Unit, UnitsError};

/// `--max-unit` and `--window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExpandOptions {
    /// A class-like unit longer than this is not taken whole.
    pub max_unit: u32,
    /// Lines taken on each side of a line no unit is taken for.
    pub window: u32,
}

impl Default for ExpandOptions {
    fn default() -> Self {
        ExpandOptions {
            max_unit: 200,
            window: 10,
        }
    }
}

/// One file's gold by origin; the three sets are disjoint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileGold {
    pub edit: LineSet,
    pub unit: LineSet,
    pub window: LineSet,
    /// Syntax errors in the parse (units still come from the rest).
    pub parse_errors: usize,
}

/// What a unit kind is for widening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Function,
    Class,
    Module,
}

/// Kinds as the queries name them (`grammars/README.md`).
fn role(kind: &str) -> Role {
    match kind {
        "function" | "method" | "constructor" | "macro" => Role::Function,
        "module" | "namespace" => Role::Module,
        // class, struct, union, enum, interface, trait, impl, record, type, and any kind a
        // query adds later: a body of declarations, taken whole when small.
        _ => Role::Class,
    }
}

/// The innermost unit of `role` enclosing `line`.
fn innermost_of(units: &[Unit], line: u32, want: Role) -> Option<&Unit> {
    units
        .iter()
        .filter(|u| u.contains(line) && role(&u.kind) == want)
        .max_by_key(|u| u.depth)
}

/// Widens `edit` (lines of `source`, a file in `lang`) by the rules above.
pub fn expand_file(
    lang: Lang,
    source: &str,
    edit: &LineSet,
    opts: &ExpandOptions,
) -> Result<FileGold, UnitsError> {
    let parsed = units(lang, source)?;
    let lines: Vec<&str> = source.lines().collect();
    let len = u32::try_from(lines.len()).unwrap_or(u32::MAX).max(1);
    // The edit lines stay whole (the `edit` rows of unit gold are exactly edit gold, a line
    // past the file's end included); only the lines the file has are widened.
    let edit = edit.clone();
    let mut unit = LineSet::new();
    let mut window = LineSet::new();
    for iv in edit.clip(len).intervals() {
        for line in iv.start..=iv.end {
            let whole = match innermost_of(&parsed.units, line, Role::Function) {
                Some(f) => Some(f),
                None => innermost_of(&parsed.units, line, Role::Class)
                    .filter(|c| c.lines() <= u64::from(opts.max_unit)),
            };
            match whole {
                Some(u) => {
                    let u = with_leading_comments(lang, &lines, u);
                    unit.insert(u.start, u.end.min(len));
                }
                None => window.insert(
                    line.saturating_sub(opts.window).max(1),
                    line.saturating_add(opts.window).min(len),
                ),
            }
        }
    }
    let unit = unit.difference(&edit);
    let window = window.difference(&edit).difference(&unit);
    Ok(FileGold {
        edit,
        unit,
        window,
        parse_errors: parsed.parse_errors,
    })
}

/// Edit lines only (no workspace, no grammar, a patch that does not apply).
pub fn edit_only(edit: &LineSet) -> FileGold {
    FileGold {
        edit: edit.clone(),
        ..FileGold::default()
    }
}

/// Inclusive intervals as a line set.
pub(crate) fn set_of(v: impl IntoIterator<Item = (u32, u32)>) -> LineSet {
    v.into_iter()
        .filter_map(|(s, e)| Interval::new(s, e))
        .collect()
}
