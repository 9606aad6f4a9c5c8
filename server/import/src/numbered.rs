//! Numbered tool output: the lines an observation actually shows, with their numbers and text.
//!
//! Styles: `cat -n` (`   12\ttext`, OpenHands `view`), Claude Code `Read` (`    12→text`), SWE-agent
//! windows (`12:text`), and `grep -n` (`12:match`, `12-context`, or `path:12:` over several files).
//! Only the lines the observation displayed count ([`crate::display`]).
//!
//! Every listing line of a run is matched here, so the styles are matched by hand on bytes and
//! the texts borrow the output (a regex capture and a `String` per line were a quarter of an
//! import). The matchers take what the regexes `^ *(\d+)\t(.*)$`, `^ *(\d+)→(.*)$`,
//! `^(\d+):(.*)$`, `^(\d+)[:-](.*)$` and `^(.+?)(?::(\d+):|-(\d+)-)(.*)$` take; a number the
//! regexes' Unicode `\d` would have taken with a non-ASCII digit never parsed as a `u32`, so it is
//! skipped either way (the property test `hand_matchers_agree_with_the_regexes` holds them equal).
//! Over several lines, `grep -n` prefers the split whose path is a match line's path (a file name
//! may hold `-12-`; see [`parse_grep_multi`]).

use crate::display::{displayed, Part};
use regex::Regex;
use std::collections::HashSet;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    CatN,
    Arrow,
    Colon,
    Grep,
}

/// One line an output shows: its number and text (`partial` when a clip cut it short).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown<'a> {
    pub line: u32,
    pub text: &'a str,
    pub partial: bool,
}

/// `(number, text)` of a line in `style`, as written (the number not yet parsed).
fn split_numbered(line: &str, style: Style) -> Option<(&str, &str)> {
    let b = line.as_bytes();
    let start = match style {
        Style::CatN | Style::Arrow => b.iter().take_while(|&&c| c == b' ').count(),
        Style::Colon | Style::Grep => 0,
    };
    let end = start + b[start..].iter().take_while(|c| c.is_ascii_digit()).count();
    if end == start {
        return None;
    }
    let rest = &line[end..];
    let text = match style {
        Style::CatN => rest.strip_prefix('\t'),
        Style::Arrow => rest.strip_prefix('→'),
        Style::Colon => rest.strip_prefix(':'),
        Style::Grep => rest.strip_prefix([':', '-']),
    }?;
    Some((&line[start..end], text))
}

/// A `cat -n` (`   12\ttext`) or arrow (`    12→text`) line: its number as written and which of
/// the two it is (Claude Code's `Read` wrote the arrow up to 2.1.85, the tab since 2.1.86).
pub(crate) fn tab_or_arrow(line: &str) -> Option<(&str, Style)> {
    [Style::CatN, Style::Arrow]
        .into_iter()
        .find_map(|s| split_numbered(line, s).map(|(n, _)| (n, s)))
}

/// The numbered lines `output` displayed, in the given style (see [`displayed`]: nothing past a
/// clip marker, nothing from a cut-out middle; a line whose start was cut off is not trusted).
pub fn parse(output: &str, style: Style) -> Vec<Shown<'_>> {
    let shown = displayed(output);
    // Sized for every displayed line: grown by doubling, it was reallocated and copied about
    // ten times for a long view (5,700 reallocations on 300 chat rows).
    let mut out: Vec<Shown<'_>> = Vec::with_capacity(shown.count());
    let mut lines = shown.lines().peekable();
    while let Some((line, part)) = lines.next() {
        if part == Part::Suffix {
            continue;
        }
        // `cat -n` writes an empty line as `   790\t`; a tool that trims its output's end (the
        // SWE-agent editor does) leaves a bare `   790` as the last line: that empty line was
        // shown. Only the last line, and only the number after the previous one, so a count
        // printed after a listing is never taken for a line.
        let bare = (style == Style::CatN && part != Part::Prefix && lines.peek().is_none())
            .then(|| bare_next(line, out.last()))
            .flatten();
        if let Some(n) = bare {
            out.push(Shown {
                line: n,
                text: "",
                partial: false,
            });
        } else if let Some((num, text)) = split_numbered(line, style) {
            if let Ok(n) = num.parse::<u32>() {
                if n > 0 {
                    let (text, cut) = match style {
                        Style::Arrow => long_line_start(text),
                        Style::Grep if omitted_long_line(text) => continue,
                        _ => (text, false),
                    };
                    // Cut right after its number (the editor's clip fell on a line break, so its
                    // notice opened a numbered line of its own), or after some of its indentation
                    // (requests-1766's clipped view of test_requests.py, `   473\t     <response
                    // clipped>`: it was read before session 33): none of the line's text was shown.
                    if part == Part::Prefix && text.trim().is_empty() {
                        continue;
                    }
                    out.push(Shown {
                        line: n,
                        text,
                        partial: cut || part == Part::Prefix,
                    });
                }
            }
        }
    }
    out
}

/// Whether a `grep -n` line's text is ripgrep's stand-in for a line over `--max-columns`
/// (`write_exceeded_line`, `crates/printer/src/standard.rs`; 14.1.1, the `rg` Claude Code 2.0.76
/// and 2.1.7 ship and run with `--max-columns 500` for `Grep`): `[Omitted long matching line]`
/// (what it prints without colours), `[Omitted long line with N matches]` (when it counted the
/// matches), `[Omitted long context line]`. The line's number was shown, none of its text: the line
/// is not credited, and its text is never compared with the file. The other lines keep their own
/// numbers, so nothing else moves.
fn omitted_long_line(text: &str) -> bool {
    let Some(inner) = text
        .strip_prefix("[Omitted long ")
        .and_then(|t| t.strip_suffix(']'))
    else {
        return false;
    };
    matches!(inner, "matching line" | "context line" | "replacement line")
        || inner
            .strip_prefix("line with ")
            .and_then(|t| t.strip_suffix(" matches"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Gemini CLI's marker after a line it cut to its first 2,000 characters.
pub(crate) const LONG_LINE_CUT: &str = "... [truncated]";

/// The shown start of a line Gemini CLI cut, and whether it was cut. `read_file` and
/// `read_many_files` (`processSingleFileContent`, `utils/fileUtils.js`, 0.9.0 and 0.35.0) write a
/// line over 2,000 UTF-16 code units as its first 2,000 and `... [truncated]`; 0.35.0's
/// `grep_search` (`tools/grep-utils.js`) a match line over 2,000 graphemes as its first 2,000 and
/// the same marker. Either way at least 2,000 UTF-16 units precede the marker, while a line shown
/// whole that happens to end in the marker text has at most 1,985 before it (it is no longer than
/// 2,000 units): the length tells them apart. Readcov numbers Gemini CLI reads in the arrow style;
/// Claude Code `Read` (the other arrow output) never cuts a line, and a line of its file that ends
/// in the marker after 2,000 units still starts with what precedes it, so it is credited as before.
fn long_line_start(text: &str) -> (&str, bool) {
    match text.strip_suffix(LONG_LINE_CUT) {
        Some(start) if start.encode_utf16().nth(1_999).is_some() => (start, true),
        _ => (text, false),
    }
}

/// The digits of a bare `   N` line (spaces, digits, nothing else): an empty `cat -n` line
/// whose tab a tool's trim of its output's end took off.
pub(crate) fn bare_number(line: &str) -> Option<&str> {
    let digits = line.trim_start_matches(' ');
    // `parse` alone would take a leading `+`.
    (!digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit())).then_some(digits)
}

/// The number of a bare `   N` line ([`bare_number`]) that follows `prev`'s line.
fn bare_next(line: &str, prev: Option<&Shown<'_>>) -> Option<u32> {
    let n: u32 = bare_number(line)?.parse().ok()?;
    prev.is_some_and(|p| p.line.checked_add(1) == Some(n))
        .then_some(n)
}

/// `grep -n` over several files, one line: `(path, number, text)` of `path:12:match` or
/// `path-12-context` (the first place after a non-empty path where a number sits between two
/// `:` or two `-`; the number not yet parsed).
fn split_grep(line: &str) -> Option<(&str, &str, &str)> {
    if !line.is_ascii() {
        // The regex's `\d` takes Unicode digits: keep its exact choice of where the path ends.
        static RE: OnceLock<Regex> = OnceLock::new();
        let re =
            RE.get_or_init(|| Regex::new(r"^(.+?)(?::(\d+):|-(\d+)-)(.*)$").expect("static regex"));
        let c = re.captures(line)?;
        let num = c.get(2).or(c.get(3))?;
        let (path, text) = (c.get(1)?, c.get(4)?);
        return Some((path.as_str(), num.as_str(), text.as_str()));
    }
    let b = line.as_bytes();
    for i in 1..b.len() {
        let sep = b[i];
        if sep != b':' && sep != b'-' {
            continue;
        }
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = i + 1 + digits;
        if digits > 0 && b.get(end) == Some(&sep) {
            return Some((&line[..i], &line[i + 1..end], &line[end + 1..]));
        }
    }
    None
}

/// Every place a `grep -n` line can split into `(path, number, text)`: each `:N:` or `-N-` (ASCII
/// digits) after a non-empty path, left to right.
fn grep_splits(line: &str) -> impl Iterator<Item = (&str, &str, &str)> {
    let b = line.as_bytes();
    (1..b.len()).filter_map(move |i| {
        let sep = b[i];
        if sep != b':' && sep != b'-' {
            return None;
        }
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = i + 1 + digits;
        // `:`, `-` and ASCII digits are single bytes in UTF-8: the cuts are char boundaries.
        (digits > 0 && b.get(end) == Some(&sep))
            .then(|| (&line[..i], &line[i + 1..end], &line[end + 1..]))
    })
}

/// A split whose number is a line number (a `u32` above 0).
fn valid<'a>((p, num, text): (&'a str, &str, &'a str)) -> Option<(&'a str, u32, &'a str)> {
    let n = num.parse::<u32>().ok().filter(|n| *n > 0)?;
    Some((p, n, text))
}

/// `grep -n` over several files: `path:12:match` and `path-12-context` lines.
///
/// A file name may itself hold `-N-` (`session-2026-01-16T11-01-….json:17:`): the first split
/// would make it `session`, line 2026. A match line's path ends at its first `:N:`, and a context
/// line belongs to a file that also has match lines, so each line takes the split whose path is
/// such a match path, the first when several are (a context line `a.py-12-  x[1:2:3]` makes
/// `a.py-12-  x[1` a match path too); a line with none keeps the first split.
pub fn parse_grep_multi(output: &str) -> Vec<(&str, Shown<'_>)> {
    let shown = displayed(output);
    let match_paths: HashSet<&str> = shown
        .lines()
        .filter(|(_, part)| *part != Part::Suffix)
        .filter_map(|(raw, _)| grep_splits(raw).find(|(p, _, _)| raw.as_bytes()[p.len()] == b':'))
        .map(|(p, _, _)| p)
        .collect();
    let mut out = Vec::new();
    for (raw, part) in shown.lines() {
        if part == Part::Suffix {
            continue;
        }
        let chosen = grep_splits(raw)
            .find(|(p, _, _)| match_paths.contains(p))
            .and_then(valid)
            .or_else(|| split_grep(raw).and_then(valid));
        if let Some((path, n, text)) = chosen.filter(|(_, _, t)| !omitted_long_line(t)) {
            out.push((
                path,
                Shown {
                    line: n,
                    text,
                    partial: part == Part::Prefix,
                },
            ));
        }
    }
    out
}

/// Contiguous ranges from a list of line numbers (sorted, merged).
pub fn ranges(lines: impl IntoIterator<Item = u32>) -> Vec<(u32, u32)> {
    let mut v: Vec<u32> = lines.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for n in v {
        match out.last_mut() {
            Some((_, e)) if *e + 1 == n => *e = n,
            _ => out.push((n, n)),
        }
    }
    out
}

#[cfg(test)]
mod tests;
