//! Unit level of the IR measures: ranked chunks as ranked *units*. A unit's document id is
//! `path:Qualified.name` (enclosing units' names joined by `.`, as LocAgent and Agentless name
//! entities: `src/a.py:Class.method`); a second unit of a file with the same qualified name gets
//! `#2`, a third `#3`, in line order.
//!
//! A line belongs to its innermost unit (as gold units are found: [`crate::gold_units`]), so a
//! chunk touches the units owning at least one of its lines, and a unit is relevant when it owns
//! a core gold line. A unit's rank is the best rank of the chunks touching it; units sharing a
//! rank are listed in reading order. Lines in no unit (imports, module code) give no document.

use crate::coverage::{own_lines, FileSyntax};
use crate::Unit;
use readcov_core::metrics::FileLines;
use readcov_core::retrieval::docs::{rank_of, Entry};
use readcov_core::retrieval::measures::best_ranks;
use readcov_core::{collect_lines, FileLengths, LineSet, ReadSpan};
use std::collections::{BTreeMap, BTreeSet};

/// One file's units as documents: ids and the lines each owns.
pub struct FileUnits {
    pub ids: Vec<String>,
    own: Vec<LineSet>,
}

impl FileUnits {
    pub fn new(path: &str, units: &[Unit]) -> FileUnits {
        FileUnits {
            ids: unit_ids(units)
                .into_iter()
                .map(|q| format!("{path}:{q}"))
                .collect(),
            own: own_lines(units),
        }
    }

    /// Indices of the units owning at least one of `lines`.
    pub fn touching<'a>(&'a self, lines: &'a LineSet) -> impl Iterator<Item = usize> + 'a {
        (0..self.own.len()).filter(move |&i| self.own[i].overlaps(lines))
    }
}

/// Qualified names of `units` (sorted by (start, depth) as [`crate::units`] returns them), with
/// `#n` on the n-th repeat of a name.
pub fn unit_ids(units: &[Unit]) -> Vec<String> {
    let mut stack: Vec<&Unit> = Vec::new();
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    units
        .iter()
        .map(|u| {
            while stack
                .last()
                .is_some_and(|p| !(p.depth < u.depth && p.start <= u.start && u.end <= p.end))
            {
                stack.pop();
            }
            let mut q: Vec<&str> = stack.iter().map(|p| p.name.as_str()).collect();
            q.push(&u.name);
            stack.push(u);
            let q = q.join(".");
            let n = seen.entry(q.clone()).or_default();
            *n += 1;
            if *n > 1 {
                format!("{q}#{n}")
            } else {
                q
            }
        })
        .collect()
}

/// The units of every file of `syntax` that has them.
pub fn file_units(syntax: &BTreeMap<String, FileSyntax>) -> BTreeMap<&str, FileUnits> {
    syntax
        .iter()
        .filter_map(|(p, s)| match s {
            FileSyntax::Units { units, .. } => Some((p.as_str(), FileUnits::new(p, units))),
            _ => None,
        })
        .collect()
}

/// The gold units' ids (units owning a core gold line), or `None` when a gold file has no units
/// to judge by (no grammar, not in the workspace): unit-level relevance would be incomplete.
pub fn gold_unit_ids(
    gold: &FileLines,
    units: &BTreeMap<&str, FileUnits>,
) -> Option<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    for (path, lines) in gold.iter().filter(|(_, l)| !l.is_empty()) {
        let f = units.get(path.as_str())?;
        out.extend(f.touching(lines).map(|i| f.ids[i].clone()));
    }
    Some(out)
}

/// Unit level for one run: the ranked unit documents and the number of relevant units, or
/// `None` when unit relevance cannot be judged ([`gold_unit_ids`]). A chunk in a file without
/// units touches no unit.
pub fn unit_entries(
    chunks: &[&ReadSpan],
    gold: &FileLines,
    units: &BTreeMap<&str, FileUnits>,
    lengths: &dyn FileLengths,
) -> Option<(Vec<Entry>, u64)> {
    let relevant = gold_unit_ids(gold, units)?;
    let mut touched: Vec<((&str, usize), u32)> = Vec::new();
    for c in chunks {
        let Some(f) = units.get(c.path.as_str()) else {
            continue;
        };
        let Some(lines) =
            collect_lines([(c.path.as_str(), c.start, c.end)], lengths).remove(c.path.as_str())
        else {
            continue;
        };
        touched.extend(
            f.touching(&lines)
                .map(|i| ((c.path.as_str(), i), rank_of(c))),
        );
    }
    let entries = best_ranks(touched)
        .into_iter()
        .map(|((path, i), _)| {
            let id = units[path].ids[i].clone();
            Entry::Doc {
                relevant: relevant.contains(&id),
                id,
            }
        })
        .collect();
    Some((entries, relevant.len() as u64))
}
