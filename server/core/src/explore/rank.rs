//! The ranking metrics of SWE-Explore: `ndcg_at_{budget}`, `recall_at_{budget}` and
//! `first_useful_hit`. They walk the explorer's regions in rank order (after the top-k cut).
//!
//! Clean values are `None` when the instance has no core lines (nothing to rank toward) or,
//! for ndcg and first_useful_hit, when the explorer returned no region.

use super::resolve::{common, Gold, Placed, Preds};
use crate::lineset::LineSet;
use crate::metrics::ratio;

/// Weight of a core line in a `main_files` path; other core lines weigh 1, other lines 0.
pub const MAIN_WEIGHT: f64 = 1.5;

/// Σ over the region's lines of their weight.
fn gain(g: &Gold, r: &Placed) -> f64 {
    let hits = r.hits(&g.core) as f64;
    if g.main(r.file) {
        MAIN_WEIGHT * hits
    } else {
        hits
    }
}

/// DCG over regions given as (lines, gain) in walk order: the running line total stops the walk
/// before the region that makes it exceed the budget — but the first region always counts. A
/// region's line count is the reference's `e - s + 1`: an inverted region lowers the total.
fn dcg(items: &[(i64, f64)], budget: u64) -> f64 {
    let budget = i64::try_from(budget).unwrap_or(i64::MAX);
    let mut total = 0i64;
    let mut sum = 0.0;
    for (i, &(lines, g)) in items.iter().enumerate() {
        total = total.saturating_add(lines);
        if i > 0 && total > budget {
            break;
        }
        sum += g / ((i + 2) as f64).log2();
    }
    sum
}

/// `min(DCG / IDCG, 1)` at each budget; the ideal order sorts the same regions by gain per
/// line, descending (stable: ties keep their rank order). Gains are computed once for all budgets.
pub fn ndcg<const N: usize>(g: &Gold, p: &Preds, budgets: [u64; N]) -> [Option<f64>; N] {
    if g.core_lines == 0 || p.regions.is_empty() {
        return [None; N];
    }
    let items: Vec<(i64, f64)> = p
        .regions
        .iter()
        .map(|r| (r.lines.signed_len(), gain(g, r)))
        .collect();
    let mut ideal = items.clone();
    let density = |&(lines, gain): &(i64, f64)| gain / lines.max(1) as f64;
    ideal.sort_by(|a, b| density(b).total_cmp(&density(a)));
    budgets.map(|budget| {
        let idcg = dcg(&ideal, budget);
        if idcg == 0.0 {
            return Some(0.0);
        }
        Some((dcg(&items, budget) / idcg).min(1.0))
    })
}

/// Recall of the core lines seen while walking pred lines in rank order, line by line (a line
/// in two regions is walked twice), until `budget` lines have been walked.
pub fn recall_at(g: &Gold, p: &Preds, budget: u64) -> Option<f64> {
    if g.core_lines == 0 {
        return None;
    }
    let mut seen = vec![LineSet::new(); p.lines.len()];
    let mut walked = 0u64;
    for r in &p.regions {
        if walked >= budget {
            break;
        }
        let Some(iv) = r.lines.interval() else {
            continue;
        };
        let take = iv.len().min(budget - walked);
        // take ≥ 1 and ≤ iv.len(), so the last line stays inside the interval.
        let last = iv.start + u32::try_from(take - 1).unwrap_or(u32::MAX);
        if let Some(s) = seen.get_mut(r.file) {
            s.insert(iv.start, last);
        }
        walked += take;
    }
    ratio(common(&seen, &g.core), g.core_lines)
}

/// `1 − i / len(preds)` for the first region i (0-based) holding a core line; 0 if none.
pub fn first_useful_hit(g: &Gold, p: &Preds) -> Option<f64> {
    if g.core_lines == 0 || p.regions.is_empty() {
        return None;
    }
    let n = p.regions.len() as f64;
    let first = p.regions.iter().position(|r| r.hits(&g.core) > 0);
    Some(first.map_or(0.0, |i| 1.0 - i as f64 / n))
}
