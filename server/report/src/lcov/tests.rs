use super::*;

#[test]
fn counts_overlapping_reads() {
    assert_eq!(hit_counts(&[]), vec![]);
    assert_eq!(hit_counts(&[(3, 4)]), vec![(3, 1), (4, 1)]);
    assert_eq!(
        hit_counts(&[(1, 3), (2, 2), (5, 5), (2, 3)]),
        vec![(1, 1), (2, 3), (3, 2), (5, 1)]
    );
    assert_eq!(hit_counts(&[(u32::MAX, u32::MAX)]), vec![(u32::MAX, 1)]);
}

#[test]
fn huge_sections_are_skipped_and_reported() {
    use readcov_core::ReadSpan;
    let gold = [readcov_core::GoldSpan::simple("a.py", 1, 3)];
    let reads = [
        ReadSpan::simple("a.py", 1, 2),
        ReadSpan::simple("big.py", 1, 4_000_000_000),
    ];
    let r = crate::model::build_plain(&gold, &reads);
    let out = render(&r, LcovOptions { gold_unread: true });
    assert_eq!(
        out.text,
        "TN:default__default\nSF:a.py\nDA:1,1\nDA:2,1\nDA:3,0\nLF:3\nLH:2\nend_of_record\n"
    );
    assert_eq!(out.skipped.len(), 1);
    assert_eq!(
        (out.skipped[0].path.as_str(), out.skipped[0].lines),
        ("big.py", 4_000_000_000)
    );
}

#[test]
fn a_path_with_a_line_break_forges_no_record() {
    let gold = [readcov_core::GoldSpan::simple("a.py\nSF:/etc/passwd", 1, 2)];
    let reads = [
        readcov_core::ReadSpan::simple("a.py\nSF:/etc/passwd", 1, 2),
        readcov_core::ReadSpan::simple("b.py\r", 1, 1),
        readcov_core::ReadSpan::simple("ok.py", 1, 1),
    ];
    let r = crate::model::build_plain(&gold, &reads);
    let out = render(&r, LcovOptions { gold_unread: true });
    assert_eq!(
        out.text,
        "TN:default__default\nSF:ok.py\nDA:1,1\nLF:1\nLH:1\nend_of_record\n"
    );
    let left: Vec<_> = out
        .skipped
        .iter()
        .map(|s| (s.path.as_str(), s.line_break))
        .collect();
    assert_eq!(left, [("a.py\nSF:/etc/passwd", true), ("b.py\r", true)]);
}

#[test]
fn test_names_are_word_characters() {
    assert_eq!(
        test_name("psf__requests-1724", "openhands/run 1"),
        "psf__requests_1724__openhands_run_1"
    );
}
