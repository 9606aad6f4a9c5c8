//! `str_replace`'s search: the one match of `old_str` in the file. A `memmem` finder for the
//! whole of a long `old_str` costs ~32 K instructions to build (profiled: 45 M of the real
//! import's replay, a finder per edit), so a long needle is found by a finder for its first
//! bytes, each candidate compared in full.

use memchr::memmem;

/// Needles longer than this are searched by their first `HEAD` bytes.
const HEAD: usize = 16;
/// Candidates of the head that fail the full compare before the whole needle's finder is built
/// (a file of repeated heads stays linear).
const TRIES: usize = 16;

/// The first match of `needle` in `hay`.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() <= 2 * HEAD {
        return memmem::find(hay, needle);
    }
    let head = memmem::Finder::new(&needle[..HEAD]);
    let mut from = 0;
    for _ in 0..TRIES {
        let at = from + head.find(&hay[from..])?;
        if hay[at..].starts_with(needle) {
            return Some(at);
        }
        // Overlapping candidates count: the next may start one byte on.
        from = at + 1;
    }
    memmem::find(&hay[from..], needle).map(|at| from + at)
}

/// Where the only match of a non-empty `needle` starts, not counting matches that overlap it
/// (as `str::match_indices` counts them); `None` when there is none or another.
pub(super) fn only_match(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    let at = find(hay, needle)?;
    find(&hay[at + needle.len()..], needle)
        .is_none()
        .then_some(at)
}

#[cfg(test)]
mod tests {
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
}
