use super::*;

#[test]
fn span_bar_splits_read_and_unread() {
    let sp = SpanScore {
        path: "a.py".into(),
        start: 10,
        end: 19,
        gold_lines: 10,
        covered_lines: 4,
        coverage: Some(0.4),
        unread: readcov_core::LineSet::from_intervals([
            readcov_core::Interval { start: 12, end: 14 },
            readcov_core::Interval { start: 17, end: 19 },
        ]),
    };
    let svg = span_bar(&sp);
    let order: Vec<&str> = svg
        .split("<rect class=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap_or(""))
        .collect();
    assert_eq!(
        order,
        vec!["seg-read", "seg-unread", "seg-read", "seg-unread"]
    );
    assert!(svg.contains("<title>unread 17-19</title>"), "{svg}");
    assert!(svg.contains("<title>read 10-11</title>"), "{svg}");
}
