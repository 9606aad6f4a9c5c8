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

/// Whether `needle` occurs in `hay`.
pub(super) fn contains(hay: &[u8], needle: &[u8]) -> bool {
    find(hay, needle).is_some()
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
mod tests;
