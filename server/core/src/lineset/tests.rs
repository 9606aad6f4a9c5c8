use super::*;

fn set(pairs: &[(u32, u32)]) -> LineSet {
    pairs
        .iter()
        .map(|&(s, e)| Interval { start: s, end: e })
        .collect()
}

#[test]
fn merges_overlapping_and_adjacent() {
    assert_eq!(
        set(&[(5, 9), (1, 3), (4, 4), (20, 21)]).to_string(),
        "1-9,20-21"
    );
}

#[test]
fn huge_span_is_one_interval() {
    let s = LineSet::span(1, 1 << 31);
    assert_eq!(s.intervals().len(), 1);
    assert_eq!(s.len(), 1 << 31);
    assert_eq!(LineSet::span(1, u32::MAX).len(), u64::from(u32::MAX));
}

#[test]
fn difference_splits() {
    let d = LineSet::span(80, 95).difference(&set(&[(80, 83), (90, 90)]));
    assert_eq!(d.to_string(), "84-89,91-95");
}

#[test]
fn widen_clamps_at_one() {
    assert_eq!(set(&[(3, 4), (40, 40)]).widen(10).to_string(), "1-14,30-50");
}
