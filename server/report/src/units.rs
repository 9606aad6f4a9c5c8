//! Optional syntax units (functions, classes, …) for the per-unit drill-down. The report takes them
//! as JSONL `{"path","name","start","end"}` plus optional `kind` and `task`, so any producer (the
//! tree-sitter units crate, a script) can feed it; coverage per unit is computed here.

use readcov_core::formats::parse_jsonl;
use readcov_core::metrics::FileLines;
use readcov_core::{LineSet, Parsed};
use serde::Serialize;

/// A named line range of a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unit {
    pub path: String,
    pub name: String,
    pub kind: Option<String>,
    pub start: u32,
    pub end: u32,
    /// Restricts the unit to one task (files differ between base commits); `None` means every task.
    pub task: Option<String>,
}

/// One unit's coverage in one run. Only units holding gold lines are scored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitScore {
    pub path: String,
    pub name: String,
    pub kind: Option<String>,
    pub start: u32,
    pub end: u32,
    pub gold_lines: u64,
    pub covered_lines: u64,
    /// Lines of the unit the run read, gold or not.
    pub read_lines: u64,
}

/// Parses a units JSONL file (paths normalised like gold paths).
pub fn parse_units(bytes: &[u8], file: &str, workspace: Option<&str>) -> Parsed<Unit> {
    parse_jsonl(bytes, file, |f| {
        let (start, end) = f.lines()?;
        let name = f.string("name")?;
        if name.is_empty() {
            return Err(f.err("name", "must not be empty"));
        }
        Ok(Unit {
            path: f.path(workspace)?,
            name: name.to_string(),
            kind: f.opt_string("kind")?.map(str::to_string),
            start,
            end,
            task: f.opt_string("task")?.map(str::to_string),
        })
    })
}

/// Scores the units of `task` that hold gold lines, in file then line order.
pub fn score_units(
    units: &[Unit],
    task: &str,
    gold: &FileLines,
    read: &FileLines,
) -> Vec<UnitScore> {
    let empty = LineSet::new();
    let mut out: Vec<UnitScore> = units
        .iter()
        .filter(|u| u.task.as_deref().is_none_or(|t| t == task))
        .filter_map(|u| {
            let span = LineSet::span(u.start, u.end);
            let g = span.intersection(gold.get(&u.path)?);
            if g.is_empty() {
                return None;
            }
            let r = read.get(&u.path).unwrap_or(&empty);
            Some(UnitScore {
                path: u.path.clone(),
                name: u.name.clone(),
                kind: u.kind.clone(),
                start: u.start,
                end: u.end,
                gold_lines: g.len(),
                covered_lines: g.intersection_len(r),
                read_lines: span.intersection_len(r),
            })
        })
        .collect();
    out.sort_by(|a, b| (&a.path, a.start, a.end, &a.name).cmp(&(&b.path, b.start, b.end, &b.name)));
    out
}

#[cfg(test)]
mod tests;
