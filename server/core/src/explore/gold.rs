//! SWE-Explore benchmark rows as readcov gold: each resolved `read_core_regions` entry becomes a
//! `tier: core` span and each model's `read_optional_regions_map` entry a `tier: optional` span,
//! with the instance id as the task. Regions are resolved exactly as the metrics resolve them
//! ([`super::resolve`](mod@super::resolve)), so the lines are the ones `readcov explore` scores against.

use super::input::{BenchRow, Region};
use super::resolve::{resolve, Resolved};
use crate::metrics::FileLengths;
use crate::path::normalize_path;
use crate::span::{GoldSpan, Tier};

/// Gold spans of one benchmark row, and the regions that gave none (a negative bound on a file
/// of unknown length, or a path that does not normalise) with the reason.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BenchGold {
    pub spans: Vec<GoldSpan>,
    pub skipped: Vec<(Region, String)>,
}

/// Converts `row` with file lengths from `lengths` (needed for `end = -1` and negative starts).
pub fn bench_gold(row: &BenchRow, lengths: &dyn FileLengths) -> BenchGold {
    let mut out = BenchGold::default();
    let task = crate::name::Name::from(row.instance_id.as_str());
    let optional = row.optional_regions.values().flatten();
    let tiered = row
        .core_regions
        .iter()
        .map(|r| (r, Tier::Core))
        .chain(optional.map(|r| (r, Tier::Optional)));
    for (region, tier) in tiered {
        let path = match normalize_path(&region.path, None) {
            Ok(p) => p,
            Err(e) => {
                out.skipped.push((region.clone(), e.to_string()));
                continue;
            }
        };
        match resolve(region.start, region.end, lengths.lines_in(&path)) {
            Resolved::Lines(iv) => out.spans.push(GoldSpan {
                task: task.clone(),
                path: path.into(),
                start: iv.start,
                end: iv.end,
                tier,
                requirement: None,
            }),
            Resolved::Inverted { .. } => {}
            Resolved::Unresolvable => out.skipped.push((
                region.clone(),
                "counts from the end of a file of unknown length".into(),
            )),
        }
    }
    out
}

#[cfg(test)]
mod tests;
