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
