//! A compact line diff of one gold change unit's two texts — after the gold patch and after the
//! run's change — for showing them side by side (`readcov explain`): the lines only one side
//! has, with a few equal lines around them, and the longer equal stretches counted, not shown.

use crate::base::diff_lines;
use serde::Serialize;

/// One line of a unit diff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "text")]
pub enum DiffLine {
    /// On both sides.
    Same(String),
    /// Only in the gold's text.
    Gold(String),
    /// Only in the run's text.
    Agent(String),
    /// This many equal lines left out.
    Skipped(u32),
}

/// The diff of `gold` → `agent`, line by line (lines compared exactly), keeping `context` equal
/// lines on each side of a difference. Past the line diff's bound (too many lines differ) every
/// gold line is `Gold` and every agent line `Agent`: longer, never wrong.
pub fn unit_diff(gold: &str, agent: &str, context: usize) -> Vec<DiffLine> {
    let (a, b): (Vec<&str>, Vec<&str>) = (gold.lines().collect(), agent.lines().collect());
    let mut full = Vec::with_capacity(a.len().max(b.len()));
    let (mut i, mut j) = (0usize, 0usize);
    let matched: Vec<(u32, u32, u32)> = match diff_lines(gold.as_bytes(), agent.as_bytes()) {
        Some(runs) => runs.matched().collect(),
        None => Vec::new(),
    };
    for (base, cur, len) in matched
        .into_iter()
        .chain([(a.len() as u32, b.len() as u32, 0)])
    {
        let (base, cur) = (base as usize, cur as usize);
        full.extend(
            a[i..base.min(a.len())]
                .iter()
                .map(|l| DiffLine::Gold(l.to_string())),
        );
        full.extend(
            b[j..cur.min(b.len())]
                .iter()
                .map(|l| DiffLine::Agent(l.to_string())),
        );
        let end = (base + len as usize).min(a.len());
        full.extend(
            a[base.min(end)..end]
                .iter()
                .map(|l| DiffLine::Same(l.to_string())),
        );
        (i, j) = (end, (cur + len as usize).min(b.len()));
    }
    compact(full, context)
}

/// Equal lines farther than `context` from every difference become one `Skipped`.
fn compact(full: Vec<DiffLine>, context: usize) -> Vec<DiffLine> {
    let changed: Vec<usize> = (full.iter().enumerate())
        .filter(|(_, l)| !matches!(l, DiffLine::Same(_)))
        .map(|(k, _)| k)
        .collect();
    let near = |k: usize| {
        let at = changed.partition_point(|&c| c < k);
        let after = changed.get(at).is_some_and(|&c| c - k <= context);
        let before = at > 0 && k - changed[at - 1] <= context;
        after || before
    };
    let mut out = Vec::new();
    let mut skipped = 0u32;
    for (k, line) in full.into_iter().enumerate() {
        if matches!(line, DiffLine::Same(_)) && !near(k) {
            skipped += 1;
            continue;
        }
        if skipped > 0 {
            out.push(DiffLine::Skipped(skipped));
            skipped = 0;
        }
        out.push(line);
    }
    if skipped > 0 {
        out.push(DiffLine::Skipped(skipped));
    }
    out
}

#[cfg(test)]
mod tests;
