use super::*;

fn check(spans: &[(&str, u32, u32)], want: &[(&str, u32, u32)]) {
    let gold: Vec<GoldSpan> = (spans.iter())
        .map(|&(p, s, e)| GoldSpan::simple(p, s, e))
        .collect();
    let got: Vec<(&str, u32, u32)> = (merge_touching(&gold).iter())
        .map(|g| {
            (
                if g.path == "a.py" { "a.py" } else { "b.py" },
                g.start,
                g.end,
            )
        })
        .collect();
    assert_eq!(got, want, "{spans:?}");
}

#[test]
fn touching_and_overlapping_spans_of_one_file_merge() {
    // pylint-dev__pylint-4604 under `units`: 1823-1827, 1828-1829, 1830-1843.
    check(
        &[
            ("a.py", 1828, 1829),
            ("a.py", 1823, 1827),
            ("a.py", 1830, 1843),
        ],
        &[("a.py", 1823, 1843)],
    );
    check(&[("a.py", 1, 5), ("a.py", 3, 4)], &[("a.py", 1, 5)]);
    // A gap of one line keeps them apart; another file never merges.
    check(
        &[("a.py", 1, 5), ("a.py", 7, 9), ("b.py", 6, 6)],
        &[("a.py", 1, 5), ("a.py", 7, 9), ("b.py", 6, 6)],
    );
    check(
        &[("a.py", 1, u32::MAX), ("a.py", 5, 6)],
        &[("a.py", 1, u32::MAX)],
    );
}
