//! Which lines of a shown range stand (the first `n`, the last `n`), and the text comparison of
//! a shown line with the file's line: modulo tabs, trailing whitespace and CRLF ([`same_text`]).

/// The 1-based line number of a 0-based index, saturating (files past `u32::MAX` lines are none
/// of readcov's).
pub(crate) fn line_no(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// The first `n` lines of `ranges`.
pub fn first_lines(ranges: &[(u32, u32)], mut n: u64) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(s, e) in ranges {
        if n == 0 || e < s {
            continue;
        }
        let len = u64::from(e - s) + 1;
        let take = len.min(n);
        out.push((s, s + u32::try_from(take - 1).unwrap_or(u32::MAX)));
        n -= take;
    }
    out
}

/// The last `n` lines of ranges given last first (each range still `(start, end)`).
pub(super) fn last(reversed: &[(u32, u32)], mut n: u64) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(s, e) in reversed {
        if n == 0 || e < s {
            continue;
        }
        let len = u64::from(e - s) + 1;
        let take = len.min(n);
        out.push((e - u32::try_from(take - 1).unwrap_or(u32::MAX), e));
        n -= take;
    }
    out
}

/// How much of a line a displayed line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Whole,
    /// Its start only (cut at the end).
    Prefix,
    /// Its end only (a numbered line's number may be cut too: never trust it).
    Suffix,
}

/// A line as tools display it: tabs expanded to 8 columns (OpenHands `view` runs `expandtabs`),
/// no trailing whitespace and no `\r`.
pub fn normalize(line: &str) -> String {
    let line = line.trim_end();
    if !line.contains('\t') {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 8);
    let mut col = 0usize;
    for ch in line.chars() {
        if ch == '\t' {
            let n = 8 - col % 8;
            out.extend(std::iter::repeat_n(' ', n));
            col += n;
        } else {
            out.push(ch);
            col += 1;
        }
    }
    out
}

/// Whether a displayed line shows the file line `file` (modulo tab expansion, trailing
/// whitespace, CRLF); a prefix or suffix only needs to match that end. Called for every shown
/// line checked against a file: without a tab on either side, the texts are compared as they are.
pub fn same_text(file: &str, shown: &str, part: Part) -> bool {
    // Equal texts are equal however normalised, whole or at either end: most shown lines are
    // the file's line as it is (profiled: the two tab searches were most of this function).
    if file == shown {
        return true;
    }
    let (f, s) = (file.trim_end(), shown.trim_end());
    let tab = |t: &str| memchr::memchr(b'\t', t.as_bytes()).is_some();
    if tab(f) || tab(s) {
        return same_normalized(&normalize(f), &normalize(s), part);
    }
    same_normalized(f, s, part)
}

pub(super) fn same_normalized(f: &str, s: &str, part: Part) -> bool {
    match part {
        Part::Whole => f == s,
        Part::Prefix => f.starts_with(s),
        Part::Suffix => f.ends_with(s),
    }
}
