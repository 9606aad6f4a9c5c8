//! Property tests: LineSet agrees with a naive BTreeSet<u32> model on every operation.

use proptest::prelude::*;
use readcov_core::{Interval, LineSet};
use std::collections::BTreeSet;

fn intervals() -> impl Strategy<Value = Vec<(u32, u32)>> {
    prop::collection::vec(
        (1u32..200, 0u32..30).prop_map(|(s, len)| (s, s + len)),
        0..12,
    )
}

fn build(ivs: &[(u32, u32)]) -> (LineSet, BTreeSet<u32>) {
    let set: LineSet = ivs
        .iter()
        .map(|&(start, end)| Interval { start, end })
        .collect();
    let model = ivs.iter().flat_map(|&(s, e)| s..=e).collect();
    (set, model)
}

fn lines(s: &LineSet) -> BTreeSet<u32> {
    s.intervals().iter().flat_map(|i| i.start..=i.end).collect()
}

/// Sorted, disjoint, non-adjacent: the representation is canonical.
fn canonical(s: &LineSet) -> bool {
    s.intervals()
        .windows(2)
        .all(|w| w[0].end.saturating_add(1) < w[1].start)
        && s.intervals().iter().all(|i| i.start <= i.end)
}

proptest! {
    #[test]
    fn build_matches_model(a in intervals()) {
        let (s, m) = build(&a);
        prop_assert!(canonical(&s));
        prop_assert_eq!(lines(&s), m.clone());
        prop_assert_eq!(s.len(), m.len() as u64);
    }

    #[test]
    fn algebra_matches_model(a in intervals(), b in intervals()) {
        let (sa, ma) = build(&a);
        let (sb, mb) = build(&b);
        let u = sa.union(&sb);
        let i = sa.intersection(&sb);
        let d = sa.difference(&sb);
        for s in [&u, &i, &d] {
            prop_assert!(canonical(s));
        }
        prop_assert_eq!(lines(&u), ma.union(&mb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(lines(&i), ma.intersection(&mb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(lines(&d), ma.difference(&mb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(sa.intersection_len(&sb), ma.intersection(&mb).count() as u64);
        prop_assert_eq!(d.len(), ma.difference(&mb).count() as u64);
        prop_assert_eq!(sa.overlaps(&sb), !ma.is_disjoint(&mb));
    }

    #[test]
    fn insert_matches_model(a in intervals()) {
        let mut s = LineSet::new();
        let mut m = BTreeSet::new();
        for &(start, end) in &a {
            s.insert(start, end);
            m.extend(start..=end);
            prop_assert!(canonical(&s));
        }
        prop_assert_eq!(lines(&s), m);
    }

    #[test]
    fn contains_clip_widen_match_model(a in intervals(), probe in 0u32..250, max in 0u32..250, n in 0u32..15) {
        let (s, m) = build(&a);
        prop_assert_eq!(s.contains(probe), m.contains(&probe));
        let clipped: BTreeSet<u32> = m.iter().copied().filter(|&l| l <= max).collect();
        prop_assert_eq!(lines(&s.clip(max)), clipped);
        let widened: BTreeSet<u32> = m.iter().flat_map(|&l| l.saturating_sub(n).max(1)..=l + n).collect();
        prop_assert_eq!(lines(&s.widen(n)), widened);
    }

    /// A set refilled from sorted intervals is the set built from them, whatever it held.
    #[test]
    fn assign_sorted_matches_model(a in intervals(), before in intervals()) {
        let mut sorted = a.clone();
        sorted.sort_by_key(|&(s, _)| s);
        let (mut s, _) = build(&before);
        s.assign_sorted(sorted.iter().map(|&(start, end)| Interval { start, end }));
        let (want, m) = build(&a);
        prop_assert!(canonical(&s));
        prop_assert_eq!(&s, &want);
        prop_assert_eq!(lines(&s), m);
    }
}
