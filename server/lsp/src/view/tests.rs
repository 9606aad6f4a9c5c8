use super::*;
use readcov_core::words::threshold as pct_threshold;

fn input<'a>(
    gold: &'a [(u32, u32)],
    read: &'a LineSet,
    map: &'a LineMap,
    units: &'a [UnitSpan],
) -> ViewInput<'a> {
    ViewInput {
        gold_disk: gold,
        read_disk: read,
        what_if_disk: Box::leak(Box::new(LineSet::new())),
        map,
        opened_lines: 100,
        base_note: None,
        units,
        threshold: 0.5,
    }
}

#[test]
fn spans_units_and_projection() {
    let read = LineSet::span(80, 83);
    let map = LineMap::identity(100);
    let units = [UnitSpan {
        kind: "function".into(),
        name: "check_token".into(),
        start: 78,
        end: 96,
    }];
    let v = file_view(&input(&[(80, 95)], &read, &map, &units));
    assert_eq!(
        (v.spans[0].covered, v.spans[0].unread.to_string()),
        (4, "84-95".to_string())
    );
    assert_eq!(v.coverage(), Some(0.25));
    assert_eq!(v.units[0].gold, 16);
    assert_eq!(v.projected(&LineSet::span(78, 96)), Some(1.0));
    assert_eq!(v.projected(&LineSet::span(84, 85)), Some(6.0 / 16.0));
    assert_eq!(
        v.line_states(),
        vec![(80, 83, "gold-read"), (84, 95, "gold-unread")]
    );
    assert_eq!(
        v.enclosing_unit(&units, 80, 95).map(|u| u.name.as_str()),
        Some("check_token")
    );
}

#[test]
fn touching_spans_show_as_one() {
    // `units` gold of pylint-dev__pylint-4604: the method around the changed lines.
    let read = LineSet::span(1820, 1825);
    let map = LineMap::identity(2000);
    let mut i = input(
        &[(1828, 1829), (1823, 1827), (1830, 1843)],
        &read,
        &map,
        &[],
    );
    i.opened_lines = 2000;
    let v = file_view(&i);
    let got: Vec<_> = (v.spans.iter())
        .map(|s| (s.disk, s.start, s.end, s.covered, s.unread.to_string()))
        .collect();
    assert_eq!(got, [((1823, 1843), 1823, 1843, 3, "1826-1843".into())]);
    assert_eq!((v.gold.len(), v.covered), (21, 3));
    // A gap keeps two spans apart.
    i.gold_disk = &[(10, 12), (14, 15)];
    assert_eq!(file_view(&i).spans.len(), 2);
}

#[test]
fn stale_gold_is_not_painted() {
    let read = LineSet::new();
    let map = LineMap::identity(100);
    let mut i = input(&[(80, 120)], &read, &map, &[]);
    let v = file_view(&i);
    assert!(
        v.stale.as_deref().unwrap_or("").contains("past the end"),
        "{:?}",
        v.stale
    );
    assert!(!v.has_gold());
    i.gold_disk = &[(1, 2)];
    assert!(file_view(&i).stale.is_none());
}

#[test]
fn window_is_the_intersection_with_a_span() {
    let set = LineSet::from_intervals(
        [(1, 3), (8, 12), (20, 20), (30, 40)].map(|(s, e)| Interval { start: s, end: e }),
    );
    for (s, e) in [
        (1, 1),
        (2, 9),
        (4, 7),
        (10, 35),
        (41, 50),
        (1, 100),
        (20, 20),
    ] {
        assert_eq!(
            window(&set, s, e),
            set.intersection(&LineSet::span(s, e)),
            "{s}-{e}"
        );
    }
}

#[test]
fn percentages() {
    // The CLI's rule (readcov_core::words::share): on its side of the threshold, all exact.
    assert_eq!(pct(0.25, 0.5), "25%");
    assert_eq!(pct(0.4999, 0.5), "49.9%");
    assert_eq!(pct(0.4999, 0.3), "50%");
    assert_eq!(pct(1.0, 0.5), "100%");
    assert_eq!(pct(0.999, 0.5), "99.9%");
    assert_eq!(pct(0.29, 0.5), "29%");
    assert_eq!(pct(3.0 / 35.0, 0.5), "9%");
    // The one threshold text of every output (readcov_core::words): the CLI printed 33.33% where
    // the editor printed 33.3% for the same setting until session 33.
    assert_eq!(pct_threshold(0.5), "50%");
    assert_eq!(pct_threshold(1.0 / 3.0), "33.33%");
    assert_eq!(pct_threshold(1.0 / 134.0), "0.75%");
}
