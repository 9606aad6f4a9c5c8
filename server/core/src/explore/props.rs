//! Properties that must hold for any input: every metric in [0, 1], compat = clean with `None`
//! read as 0, recall_at grows with the budget up to recall, precision ≤ context_efficiency, and
//! a top-k cut never adds predicted lines.

use super::rank::recall_at;
use super::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

const PATHS: [&str; 3] = ["a.py", "b.py", "c.py"];

fn region() -> impl Strategy<Value = Region> {
    (0..PATHS.len(), -30i64..120, -30i64..120).prop_map(|(p, s, e)| Region::new(PATHS[p], s, e))
}

fn row() -> impl Strategy<Value = BenchRow> {
    (
        prop::collection::vec(region(), 0..5),
        prop::collection::vec(region(), 0..4),
        prop::collection::vec(0..PATHS.len(), 0..3),
    )
        .prop_map(|(core, optional, main)| BenchRow {
            instance_id: "i".into(),
            core_files: core.iter().map(|r| r.path.clone()).collect(),
            optional_files: [(
                "m".to_string(),
                optional.iter().map(|r| r.path.clone()).collect(),
            )]
            .into(),
            core_regions: core,
            optional_regions: [("m".to_string(), optional)].into(),
            modified_core_files: Vec::new(),
            main_files: main.into_iter().map(|i| PATHS[i].to_string()).collect(),
        })
}

fn lengths() -> impl Strategy<Value = BTreeMap<String, u32>> {
    prop::collection::vec(prop::option::of(0u32..150), PATHS.len()).prop_map(|ls| {
        PATHS
            .iter()
            .zip(ls)
            .filter_map(|(p, l)| l.map(|l| (p.to_string(), l)))
            .collect()
    })
}

proptest! {
    #[test]
    fn metrics_are_bounded_and_consistent(
        b in row(),
        preds in prop::collection::vec(region(), 0..8),
        l in lengths(),
        k in prop::option::of(1usize..6),
    ) {
        let g = Gold::new(&b, &l);
        let p = Preds::new(&g, &preds, k, &l);
        let m = score_instance(&g, &p);
        for (name, (clean, compat)) in METRIC_NAMES.iter().zip(m.values().into_iter().zip(m.compat().values())) {
            prop_assert!((0.0..=1.0).contains(&compat), "{} = {}", name, compat);
            prop_assert_eq!(clean.unwrap_or(0.0), compat, "{}", name);
        }
        if let (Some(pr), Some(ce)) = (m.precision, m.context_efficiency) {
            prop_assert!(pr <= ce + 1e-12);
        }
        let mut last = 0.0;
        for budget in [1, 10, 50, 100, 1000, 100_000] {
            let r = recall_at(&g, &p, budget).unwrap_or(0.0);
            prop_assert!(r + 1e-12 >= last, "recall_at not monotone at {}", budget);
            last = r;
        }
        prop_assert!((last - m.recall.unwrap_or(0.0)).abs() < 1e-12, "recall_at(∞) = recall");
        let all = Preds::new(&g, &preds, None, &l);
        prop_assert!(p.line_count <= all.line_count);
    }
}
