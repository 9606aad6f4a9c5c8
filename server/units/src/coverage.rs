//! Unit coverage for one run: which units hold gold lines, which of them the run touched, how
//! much of each it read, and the widening what-if — coverage if every read touching a gold unit
//! had read the whole unit, or if every read had been ±N lines wider — with the lines each costs.
//!
//! Pure: units, gold and reads arrive as values. A gold line belongs to its *innermost* unit, so
//! a fix inside one method makes that method a gold unit, not the whole class.

use crate::Unit;
use readcov_core::metrics::ratio;
pub use readcov_core::syntax::FileSyntax;
use readcov_core::{FileLengths, FileLines, LineSet};
use serde::Serialize;
use std::collections::BTreeMap;

/// Default `--widen`: ±10 lines.
pub const DEFAULT_WIDEN: u32 = 10;

/// One unit holding gold lines, and how much of it the run read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GoldUnit {
    pub path: String,
    pub kind: String,
    pub name: String,
    pub start: u32,
    pub end: u32,
    pub depth: u32,
    pub gold_lines: u64,
    /// Lines of the unit the run read (any line of it, gold or not).
    pub read_lines: u64,
    /// `read_lines` / unit length.
    pub read_fraction: f64,
    /// The run read at least one line of the unit.
    pub hit: bool,
}

/// The flat keys of a [`UnitScore`] that `readcov score` adds to its jsonl/csv rows (and json
/// rows) with a workspace, and that gold sets side by side carry per set.
pub const UNIT_KEYS: [&str; 7] = [
    "gold_units",
    "unit_hit",
    "coverage_widened_to_units",
    "coverage_widened_by_lines",
    "extra_lines_units",
    "extra_lines_by_lines",
    "gold_units_hit",
];

/// Unit figures for one run; flattened next to the line metrics in `readcov score` output.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitScore {
    pub gold_units: usize,
    pub gold_units_hit: usize,
    /// Share of gold units the run touched; `None` without gold units.
    pub unit_hit: Option<f64>,
    /// Line coverage if every read touching a gold unit had read that whole unit.
    pub coverage_widened_to_units: Option<f64>,
    /// Line coverage if every read had been `widen` lines wider on each side.
    pub coverage_widened_by_lines: Option<f64>,
    /// Lines the unit widening adds to what was read.
    pub extra_lines_units: u64,
    /// Lines the ±N widening adds to what was read (over every read file, not only gold files).
    pub extra_lines_by_lines: u64,
    pub widen: u32,
    /// Gold lines inside no unit (module-level code): never widened to a unit.
    pub gold_lines_outside_units: u64,
    pub parse_errors: usize,
    /// Files that fell back to line-only metrics, and why.
    pub unit_notes: Vec<String>,
    pub unit_detail: Vec<GoldUnit>,
}

/// The units holding gold lines: for each gold line, its innermost enclosing unit (deduplicated,
/// in `units` order). `units` must be sorted by (start, depth) as [`crate::units`] returns them.
pub fn gold_units<'a>(units: &'a [Unit], gold: &LineSet) -> Vec<&'a Unit> {
    gold_units_owning(units, &own_lines(units), gold)
}

/// [`gold_units`] with the units' own lines already known (`own`, as [`own_lines`] gives them).
fn gold_units_owning<'a>(units: &'a [Unit], own: &[LineSet], gold: &LineSet) -> Vec<&'a Unit> {
    (units.iter().zip(own))
        .filter(|(_, own)| own.overlaps(gold))
        .map(|(u, _)| u)
        .collect()
}

/// The own lines of each parsed file's units, computed once for every run scored against the
/// file. Computed per run and file, they made the unit figures cost runs × units: the
/// language server's summary of 156,844 one-span tasks on 50 files of 500 functions took 949 s
/// (issue 35, item 7's "cliff": the cost grew with the tasks, not the input).
pub(crate) struct OwnLines<'a>(BTreeMap<&'a str, Vec<LineSet>>);

impl<'a> OwnLines<'a> {
    /// Of the files among `paths` that `syntax` holds units of.
    pub(crate) fn of<'p>(
        syntax: &'a BTreeMap<String, FileSyntax>,
        paths: impl IntoIterator<Item = &'p str>,
    ) -> OwnLines<'a> {
        let mut own = BTreeMap::new();
        for path in paths {
            if let Some((p, FileSyntax::Units { units, .. })) = syntax.get_key_value(path) {
                own.entry(p.as_str()).or_insert_with(|| own_lines(units));
            }
        }
        OwnLines(own)
    }
}

/// Each unit's lines not inside one of its child units (the units one level deeper inside its
/// span), in one pass over all units: [`crate::nest::own_lines_by_depth`]. Asking each unit
/// about the units after it was quadratic on deeply nested code.
pub(crate) fn own_lines(units: &[Unit]) -> Vec<LineSet> {
    let spans: Vec<(u32, u32, u32)> = units.iter().map(|u| (u.start, u.end, u.depth)).collect();
    crate::nest::own_lines_by_depth(&spans)
}

/// One gold file's unit figures.
#[derive(Clone, Debug, PartialEq)]
pub struct FileUnitCoverage {
    pub gold_units: Vec<GoldUnit>,
    /// What was read, plus every gold unit a read touched.
    pub widened: LineSet,
    pub gold_lines_outside_units: u64,
}

/// Gold units of one file, their read fractions, and the read set widened to touched gold units.
pub fn file_unit_coverage(
    path: &str,
    units: &[Unit],
    gold: &LineSet,
    read: &LineSet,
) -> FileUnitCoverage {
    file_coverage(path, units, &own_lines(units), gold, read)
}

/// [`file_unit_coverage`] with the units' own lines already known.
fn file_coverage(
    path: &str,
    units: &[Unit],
    own: &[LineSet],
    gold: &LineSet,
    read: &LineSet,
) -> FileUnitCoverage {
    let mut widened = read.clone();
    let mut in_units = LineSet::new();
    let gold_units = gold_units_owning(units, own, gold)
        .into_iter()
        .map(|u| {
            let span = LineSet::span(u.start, u.end);
            in_units = in_units.union(&span);
            let read_lines = span.intersection_len(read);
            if read_lines > 0 {
                widened = widened.union(&span);
            }
            GoldUnit {
                path: path.to_string(),
                kind: u.kind.clone(),
                name: u.name.clone(),
                start: u.start,
                end: u.end,
                depth: u.depth,
                gold_lines: span.intersection_len(gold),
                read_lines,
                read_fraction: read_lines as f64 / u.lines() as f64,
                hit: read_lines > 0,
            }
        })
        .collect();
    FileUnitCoverage {
        gold_units,
        widened,
        gold_lines_outside_units: gold.difference(&in_units).len(),
    }
}

/// Unit figures for one run. `gold` and `read` are per-file line sets (clipped as for line
/// metrics); `syntax` covers the gold files; `lengths` clips the ±N widening at end of file.
pub fn run_unit_score(
    gold: &FileLines,
    read: &FileLines,
    syntax: &BTreeMap<String, FileSyntax>,
    lengths: &dyn FileLengths,
    widen: u32,
) -> UnitScore {
    let own = OwnLines::of(syntax, gold.keys().map(String::as_str));
    run_unit_score_with(gold, read, syntax, &own, lengths, widen)
}

/// [`run_unit_score`] with the files' own lines computed once for many runs.
pub(crate) fn run_unit_score_with(
    gold: &FileLines,
    read: &FileLines,
    syntax: &BTreeMap<String, FileSyntax>,
    own: &OwnLines,
    lengths: &dyn FileLengths,
    widen: u32,
) -> UnitScore {
    let empty = LineSet::new();
    let (mut gold_total, mut cov_units, mut cov_lines) = (0u64, 0u64, 0u64);
    let (mut extra_units, mut extra_lines, mut outside, mut parse_errors) =
        (0u64, 0u64, 0u64, 0usize);
    let mut notes = Vec::new();
    let mut detail = Vec::new();
    for (path, r) in read {
        // A file whose gold is all clipped away (past the end of the file) is skipped below,
        // so its reads are widened here like any other file's.
        if gold.get(path).is_none_or(LineSet::is_empty) {
            extra_lines += widened_by_lines(path, r, lengths, widen).len() - r.len();
        }
    }
    for (path, g) in gold.iter().filter(|(_, g)| !g.is_empty()) {
        let r = read.get(path).unwrap_or(&empty);
        gold_total += g.len();
        let by_lines = widened_by_lines(path, r, lengths, widen);
        cov_lines += g.intersection_len(&by_lines);
        extra_lines += by_lines.len() - r.len();
        match syntax.get(path) {
            Some(FileSyntax::Units {
                units,
                parse_errors: errs,
            }) => {
                if *errs > 0 {
                    notes.push(format!(
                        "{path}: {errs} parse error(s); units from the rest of the file"
                    ));
                }
                parse_errors += errs;
                let f = match own.0.get(path.as_str()) {
                    Some(own) => file_coverage(path, units, own, g, r),
                    None => file_unit_coverage(path, units, g, r),
                };
                cov_units += g.intersection_len(&f.widened);
                extra_units += f.widened.len() - r.len();
                outside += f.gold_lines_outside_units;
                detail.extend(f.gold_units);
            }
            other => {
                let why = match other {
                    Some(FileSyntax::Unavailable(why)) => why.clone(),
                    _ => "no grammar for this language".to_string(),
                };
                notes.push(format!("{path}: line metrics only ({why})"));
                cov_units += g.intersection_len(r);
                outside += g.len();
            }
        }
    }
    let hit = detail.iter().filter(|u| u.hit).count();
    UnitScore {
        gold_units: detail.len(),
        gold_units_hit: hit,
        unit_hit: ratio(hit as u64, detail.len() as u64),
        coverage_widened_to_units: ratio(cov_units, gold_total),
        coverage_widened_by_lines: ratio(cov_lines, gold_total),
        extra_lines_units: extra_units,
        extra_lines_by_lines: extra_lines,
        widen,
        gold_lines_outside_units: outside,
        parse_errors,
        unit_notes: notes,
        unit_detail: detail,
    }
}

/// `read` widened by ±`n` lines, clipped to the file's length when known.
fn widened_by_lines(path: &str, read: &LineSet, lengths: &dyn FileLengths, n: u32) -> LineSet {
    let w = read.widen(n);
    match lengths.lines_in(path) {
        Some(len) => w.clip(len).union(read),
        None => w,
    }
}
