//! The set metrics of SWE-Explore for one (explorer, instance): precision, recall, f1, file and
//! region hit/noise rates, weighted core coverage, context efficiency, optional coverage — and
//! [`score_instance`], which adds the ranking metrics from [`super::rank`].
//!
//! Every metric is computed as `Option<f64>`: `None` means an empty denominator (readcov's clean
//! "unscored"); the compatibility value is that with `None` read as 0.0.

use super::rank::{first_useful_hit, ndcg, recall_at};
use super::resolve::{common, Gold, Placed, Preds, Resolved};
use super::{Metrics, BUDGETS};
use crate::lineset::LineSet;
use crate::metrics::{f1, ratio};

/// True when the placed region shares a line with `set`'s lines of the same path.
fn touches(r: &Placed, set: &[LineSet]) -> bool {
    r.hits(set) > 0
}

/// `|pred ∩ core| / |pred|`.
pub fn precision(g: &Gold, p: &Preds) -> Option<f64> {
    ratio(common(&p.lines, &g.core), p.line_count)
}

/// `|pred ∩ core| / |core|`.
pub fn recall(g: &Gold, p: &Preds) -> Option<f64> {
    ratio(common(&p.lines, &g.core), g.core_lines)
}

/// `|visited paths ∩ read_core_files| / |read_core_files|` (unresolvable regions still visit).
pub fn hit_file_rate(g: &Gold, p: &Preds) -> Option<f64> {
    let flag = |f: &usize| g.is_core_file.get(*f).copied().unwrap_or(false);
    let hit = p.visited.iter().filter(|f| flag(f)).count();
    ratio(hit as u64, g.core_file_count as u64)
}

/// `|visited − core files − optional files| / |visited|`.
pub fn noise_file_rate(g: &Gold, p: &Preds) -> Option<f64> {
    let known = |f: usize| {
        g.is_core_file.get(f).copied().unwrap_or(false)
            || g.is_optional_file.get(f).copied().unwrap_or(false)
    };
    let noise = p.visited.iter().filter(|f| !known(**f)).count();
    ratio(noise as u64, p.visited.len() as u64)
}

/// Whether `r` overlaps one of `regions` (whose lines, per file, are `lines`) by the reference's
/// interval test. Between two regions with lines that is "they share a line", answered from the
/// union of lines; a region resolved to `s > e` has no lines and is tested pair by pair.
fn overlaps_any(r: &Placed, regions: &[Placed], lines: &[LineSet]) -> bool {
    let inverted = |x: &Placed| matches!(x.lines, Resolved::Inverted { .. });
    if inverted(r) {
        return regions.iter().any(|x| r.overlaps(x));
    }
    touches(r, lines) || regions.iter().any(|x| inverted(x) && r.overlaps(x))
}

/// Share of core regions that overlap at least one pred region (same path, interval test).
pub fn hit_region_rate(g: &Gold, p: &Preds) -> Option<f64> {
    let hit = g
        .core_regions
        .iter()
        .filter(|c| overlaps_any(c, &p.regions, &p.lines))
        .count();
    ratio(hit as u64, g.core_regions.len() as u64)
}

/// Share of pred regions overlapping neither a core nor an optional region.
pub fn noise_region_rate(g: &Gold, p: &Preds) -> Option<f64> {
    let noise = p
        .regions
        .iter()
        .filter(|r| {
            !overlaps_any(r, &g.core_regions, &g.core)
                && !overlaps_any(r, &g.optional_regions, &g.optional)
        })
        .count();
    ratio(noise as u64, p.regions.len() as u64)
}

/// `Σ wᵢ·covᵢ / Σ wᵢ` over core regions with lines; wᵢ = 3 for a `main_files` path, else 2.
pub fn weighted_core_coverage(g: &Gold, p: &Preds) -> Option<f64> {
    let (mut num, mut den) = (0.0, 0.0);
    for c in &g.core_regions {
        let n = c.lines.len();
        if n == 0 {
            continue;
        }
        let covered = c.hits(&p.lines);
        let w = if g.main(c.file) { 3.0 } else { 2.0 };
        num += w * covered as f64 / n as f64;
        den += w;
    }
    (den > 0.0).then(|| num / den)
}

/// `|pred ∩ (core ∪ optional)| / |pred|`.
pub fn context_efficiency(g: &Gold, p: &Preds) -> Option<f64> {
    ratio(common(&p.lines, &g.relevant), p.line_count)
}

/// `|pred ∩ optional| / |optional|`.
pub fn optional_coverage(g: &Gold, p: &Preds) -> Option<f64> {
    ratio(common(&p.lines, &g.optional), g.optional_lines)
}

/// Every metric for one explorer on one instance (clean values; `.compat()` for the reference's).
pub fn score_instance(g: &Gold, p: &Preds) -> Metrics<Option<f64>> {
    let precision = precision(g, p);
    let recall = recall(g, p);
    let [n100, n300, n500] = ndcg(g, p, BUDGETS);
    let [r100, r300, r500] = BUDGETS.map(|b| recall_at(g, p, b));
    Metrics {
        precision,
        recall,
        f1: precision.zip(recall).map(|(p, r)| f1(p, r)),
        hit_file_rate: hit_file_rate(g, p),
        noise_file_rate: noise_file_rate(g, p),
        hit_region_rate: hit_region_rate(g, p),
        noise_region_rate: noise_region_rate(g, p),
        weighted_core_coverage: weighted_core_coverage(g, p),
        context_efficiency: context_efficiency(g, p),
        optional_coverage: optional_coverage(g, p),
        ndcg_at_100: n100,
        ndcg_at_300: n300,
        ndcg_at_500: n500,
        recall_at_100: r100,
        recall_at_300: r300,
        recall_at_500: r500,
        first_useful_hit: first_useful_hit(g, p),
    }
}
