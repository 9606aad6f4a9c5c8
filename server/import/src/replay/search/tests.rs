use super::only_match;

/// The `find_iter` version it replaced.
fn by_find_iter(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let mut hits = memchr::memmem::find_iter(hay, needle);
    let at = hits.next()?;
    (!needle.is_empty() && hits.next().is_none()).then_some(at)
}

proptest::proptest! {
    #[test]
    fn only_match_agrees_with_find_iter(
        hay in proptest::collection::vec(proptest::sample::select(vec![b'a', b'b', b'\n']), 0..400),
        cut in 0usize..400,
        len in 0usize..90,
        noise in proptest::collection::vec(proptest::sample::select(vec![b'a', b'b']), 0..90),
    ) {
        // A needle taken from the hay (found at least once), and one made up.
        let start = cut.min(hay.len());
        let taken = &hay[start..(start + len).min(hay.len())];
        for needle in [taken, &noise[..]] {
            proptest::prop_assert_eq!(only_match(&hay, needle), by_find_iter(&hay, needle));
        }
    }
}

#[test]
fn repeated_heads_and_overlaps() {
    let a = |n| vec![b'a'; n];
    let mut needle = a(40);
    needle.push(b'b');
    let mut hay = a(100);
    hay.extend(&needle);
    assert_eq!(only_match(&hay, &needle), by_find_iter(&hay, &needle));
    assert_eq!(only_match(&hay, &needle), Some(100));
    // Two matches that overlap: the second is not counted.
    let hay = a(70);
    assert_eq!(only_match(&hay, &a(40)), by_find_iter(&hay, &a(40)));
    assert_eq!(only_match(&hay, &a(40)), Some(0));
    assert_eq!(only_match(&a(90), &a(40)), None);
}
