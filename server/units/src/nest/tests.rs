use super::*;

/// Random nested spans with their depth, in (start, depth) order as `units` returns them: a tree
/// of units on lines. A child lies within its parent's lines (its first or last line included,
/// or the very same lines as an only child); siblings follow each other, often on the line where
/// the previous one ends (`} function g() {`), one-line units too.
fn nested(seed: &mut u64, n: usize) -> Vec<(u32, u32, u32)> {
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }
    fn grow(
        seed: &mut u64,
        (start, end): (u32, u32),
        depth: u32,
        left: &mut usize,
        out: &mut Vec<(u32, u32, u32)>,
    ) {
        out.push((start, end, depth));
        if *left > 0 && next(seed).is_multiple_of(7) {
            // An only child on the very same lines (`const f = function g() {}`).
            *left -= 1;
            return grow(seed, (start, end), depth + 1, left, out);
        }
        let mut at = start;
        while *left > 0 && !next(seed).is_multiple_of(3) {
            let s = at + (next(seed) % 3) as u32;
            let e = s + (next(seed) % 6) as u32;
            if e > end || (s, e) == (start, end) {
                break;
            }
            *left -= 1;
            grow(seed, (s, e), depth + 1, left, out);
            at = e + (next(seed) % 2) as u32;
        }
    }
    let mut out = Vec::new();
    let mut left = n;
    let mut at = 1;
    while left > 0 {
        left -= 1;
        let len = (next(seed) % 40) as u32;
        grow(seed, (at, at + len), 0, &mut left, &mut out);
        at += len + (next(seed) % 2) as u32;
    }
    out.sort_by_key(|&(s, _, d)| (s, d));
    out
}

/// The definitions this module replaces, quadratic: own lines minus the depth + 1 units after a
/// unit inside its span (`coverage::gold_units`), and minus every span strictly inside it (the
/// server's innermost units).
fn by_depth(units: &[(u32, u32, u32)], i: usize) -> LineSet {
    let (s, e, d) = units[i];
    let children = units[i + 1..]
        .iter()
        .take_while(|c| c.0 <= e)
        .filter(|c| c.2 == d + 1 && c.1 <= e)
        .map(|c| LineSet::span(c.0, c.1));
    children.fold(LineSet::span(s, e), |own, c| own.difference(&c))
}

fn strictly_inside(units: &[(u32, u32, u32)], i: usize) -> LineSet {
    let (s, e, _) = units[i];
    let inner = LineSet::from_intervals(
        units
            .iter()
            .filter(|o| s <= o.0 && o.1 <= e && (o.0, o.1) != (s, e))
            .map(|o| Interval {
                start: o.0,
                end: o.1,
            }),
    );
    LineSet::span(s, e).difference(&inner)
}

#[test]
fn own_lines_equal_the_quadratic_definitions_on_nested_units() {
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    for n in [1, 2, 5, 20, 60, 200] {
        for _ in 0..200 {
            let units = nested(&mut seed, n);
            let spans: Vec<(u32, u32)> = units.iter().map(|u| (u.0, u.1)).collect();
            let own = own_lines_by_depth(&units);
            let seen = own_lines_strict(&spans);
            for i in 0..units.len() {
                assert_eq!(own[i], by_depth(&units, i), "{units:?} unit {i}");
                assert_eq!(seen[i], strictly_inside(&units, i), "{units:?} unit {i}");
            }
        }
    }
}

fn lines(sets: &[LineSet]) -> Vec<Vec<(u32, u32)>> {
    (sets.iter())
        .map(|l| l.intervals().iter().map(|i| (i.start, i.end)).collect())
        .collect()
}

#[test]
fn parents_and_own_lines_of_nested_and_equal_spans() {
    //            0        1        2        3        4
    let units = [(1, 10, 0), (2, 5, 1), (2, 5, 2), (3, 4, 3), (12, 20, 0)];
    let spans: Vec<(u32, u32)> = units.iter().map(|u| (u.0, u.1)).collect();
    assert_eq!(parents(&spans), [None, Some(0), Some(1), Some(2), None]);
    assert_eq!(
        lines(&own_lines_by_depth(&units)),
        [
            vec![(1, 1), (6, 10)],
            vec![],
            vec![(2, 2), (5, 5)],
            vec![(3, 4)],
            vec![(12, 20)]
        ]
    );
    // Strictly inside: both equal spans own the lines their child leaves.
    assert_eq!(
        lines(&own_lines_strict(&spans)),
        [
            vec![(1, 1), (6, 10)],
            vec![(2, 2), (5, 5)],
            vec![(2, 2), (5, 5)],
            vec![(3, 4)],
            vec![(12, 20)]
        ]
    );
}

/// `a` ends on line 5 where `b` starts, and a one-line `c` inside `b` sits on line 5 too: `c` is
/// inside both spans but a child of `b` only.
#[test]
fn a_one_line_unit_where_two_siblings_meet() {
    //            a           b           c
    let units = [(1, 5, 0), (5, 8, 0), (5, 5, 1)];
    let spans: Vec<(u32, u32)> = units.iter().map(|u| (u.0, u.1)).collect();
    assert_eq!(parents(&spans), [None, None, Some(1)]);
    assert_eq!(
        lines(&own_lines_by_depth(&units)),
        [vec![(1, 4)], vec![(6, 8)], vec![(5, 5)]]
    );
    assert_eq!(
        lines(&own_lines_strict(&spans)),
        [vec![(1, 4)], vec![(6, 8)], vec![(5, 5)]]
    );
}

/// 100,000 units each inside the last: every unit owns its first and last line (a test of the
/// result; the time is measured by `benches/units.rs`, `deep_nesting`).
#[test]
fn a_deep_chain_has_one_own_line_per_end() {
    let n = 100_000u32;
    let units: Vec<(u32, u32, u32)> = (0..n).map(|i| (i + 1, 2 * n - i, i)).collect();
    let spans: Vec<(u32, u32)> = units.iter().map(|u| (u.0, u.1)).collect();
    for own in [own_lines_by_depth(&units), own_lines_strict(&spans)] {
        assert!(own.iter().all(|o| o.len() == 2));
        assert_eq!(own[0].intervals()[1].start, 2 * n);
    }
}
