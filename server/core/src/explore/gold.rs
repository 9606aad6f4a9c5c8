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
mod tests {
    use super::*;
    use crate::explore::parse_bench;
    use std::collections::BTreeMap;

    struct Len(BTreeMap<&'static str, u32>);
    impl FileLengths for Len {
        fn lines_in(&self, path: &str) -> Option<u32> {
            self.0.get(path).copied()
        }
    }

    #[test]
    fn core_and_optional_regions_resolved_like_the_metrics() {
        let row = r#"{"instance_id":"i1","ground_truth":{"read_core_files":["a.py"],
            "read_core_regions":[{"path":"a.py","start":10,"end":20},{"path":"b.py","start":5,"end":-1}],
            "read_optional_regions_map":{"m":[{"path":"a.py","start":30,"end":29}]}}}"#
            .replace('\n', " ");
        let bench = parse_bench(row.as_bytes(), "bench.jsonl");
        assert!(bench.errors.is_empty(), "{:?}", bench.errors);
        let unknown = bench_gold(&bench.items[0], &Len(BTreeMap::new()));
        assert_eq!(unknown.spans.len(), 1);
        assert_eq!(
            (
                unknown.spans[0].start,
                unknown.spans[0].end,
                unknown.spans[0].tier
            ),
            (10, 20, Tier::Core)
        );
        assert_eq!(unknown.spans[0].task, "i1");
        assert_eq!(unknown.skipped.len(), 1, "b.py to the end needs a length");
        let known = bench_gold(&bench.items[0], &Len([("b.py", 40)].into()));
        let b: Vec<_> = known.spans.iter().filter(|s| s.path == "b.py").collect();
        assert_eq!((b[0].start, b[0].end), (5, 40));
        assert!(
            known.skipped.is_empty(),
            "start > end is empty, not skipped"
        );
    }
}
