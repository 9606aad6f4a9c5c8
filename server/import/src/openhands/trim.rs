//! OpenHands outputs trimmed to what the tool displayed: a bash output's status trailer taken
//! off (and the cwd it names), a view's lines past its range and its extra last line dropped.
//! Each gives back the output itself, borrowed, when nothing goes (nearly always), so the
//! importer lends it to the session instead of copying it.

use super::args;
use serde_json::Value;
use std::borrow::Cow;

const TRAILERS: [&str; 4] = [
    "[The command completed with exit code",
    "[Current working directory:",
    "[Python interpreter:",
    "[Command finished with exit code",
];

/// Splits the bracketed status lines OpenHands appends from the command output; returns the cwd they name.
/// The lines are looked at from the end, and the body is the text before them: borrowed from
/// `out` when the line break that ends it is `out`'s own (the usual case), else one copy.
pub(crate) fn strip_trailer(out: &str) -> (Cow<'_, str>, Option<String>) {
    let mut cwd = None;
    // The body is `out[..keep]`: the lines before the trailer, without the break that ends them.
    let mut keep = out.len();
    for line in out.rsplit('\n') {
        let t = line.trim();
        if !(t.is_empty() || TRAILERS.iter().any(|p| t.starts_with(p))) {
            break;
        }
        if let Some(dir) = t
            .strip_prefix("[Current working directory: ")
            .and_then(|r| r.strip_suffix(']'))
        {
            cwd = Some(dir.to_string());
        }
        keep = (keep - line.len()).saturating_sub(1);
    }
    if keep == 0 {
        return (Cow::Borrowed(""), cwd);
    }
    if out.as_bytes().get(keep) == Some(&b'\n') {
        return (Cow::Borrowed(&out[..=keep]), cwd);
    }
    let mut body = String::with_capacity(keep + 1);
    body.push_str(&out[..keep]);
    body.push('\n');
    (Cow::Owned(body), cwd)
}

/// `view` numbers the lines of `content.split('\n')`, so a file that ends in a newline gets one
/// more, empty, numbered line after its last. With `view_range: [a, b]` the lines past `b` are
/// dropped; a view to the end of the file (no range, or `[a, -1]`) drops a last numbered line
/// that is empty, whether or not a workspace could tell the file's length — unless the output
/// was clipped at its end, when its last line is not the file's. A cut in the middle (Inspect's
/// since 0.3.117) keeps the output's end, the file's: its extra line goes.
pub(crate) fn trim_to_range(out: &str, range: Option<&Value>) -> String {
    trim_to_end(out, args::view_end(range)).into_owned()
}

/// [`trim_to_range`] given the range's end (its second item, when an integer); `out` itself
/// (borrowed, not copied: the OpenHands importer lends it to the session) when no line goes.
pub(crate) fn trim_to_end(out: &str, end: Option<i64>) -> Cow<'_, str> {
    if let Some(catn) = filemap_as_catn(out) {
        return Cow::Owned(catn);
    }
    let Some(end) = end.filter(|e| *e > 0) else {
        // Cut at its end, the output stops before the file's: its last line is no extra line.
        // (Before session 28 a middle cut, whose tail runs to the file's end, kept the extra line:
        // Inspect 0.3.135's cut `text_editor view` of a 2,000-line file read 1754–2001.)
        if crate::display::is_cut(out) && crate::display::displayed(out).tail.is_empty() {
            return Cow::Borrowed(out);
        }
        // The last numbered line, found from the end: dropped when its text is empty.
        let mut stop = out.len();
        for line in lines_back(out) {
            let start = stop - line.len();
            if let Some((_, text)) = numbered_or_bare(line) {
                if text.trim_end_matches(['\n', '\r']).is_empty() {
                    let mut kept = String::with_capacity(out.len());
                    kept.push_str(&out[..start]);
                    kept.push_str(&out[stop..]);
                    return Cow::Owned(kept);
                }
                break;
            }
            stop = start;
        }
        return Cow::Borrowed(out);
    };
    let past =
        |l: &str| numbered_or_bare(l).is_some_and(|(n, _)| n.parse::<i64>().is_ok_and(|n| n > end));
    // Copied only from the first line past the end on (a view's output usually stops at it).
    let mut start = 0;
    let mut lines = lines_of(out);
    for line in lines.by_ref() {
        if past(line) {
            let mut kept = String::with_capacity(out.len());
            kept.push_str(&out[..start]);
            lines.filter(|l| !past(l)).for_each(|l| kept.push_str(l));
            return Cow::Owned(kept);
        }
        start += line.len();
    }
    Cow::Borrowed(out)
}

/// The note SWE-agent's `str_replace_editor` prints above a long Python file's *filemap*.
const FILEMAP_NOTE: &str =
    "<NOTE>This file is too large to display entirely. Showing abbreviated version.";

/// SWE-agent's `str_replace_editor` (tools/edit_anthropic, used by SWE-smith) views a Python file
/// longer than 16,000 characters without `view_range` as a filemap: the file's lines as
/// `f"{i+1:6d} {line}"` (a blank, not `cat -n`'s tab), each long function body replaced by one
/// `{n:6d} ... eliding lines a-b ...` line, between two notes. The lines it prints are shown, with
/// their numbers: given back in `cat -n` form (the elision lines and notes left out, a clip
/// marker kept in its line) so they read as any view; `None` when `out` is no filemap.
fn filemap_as_catn(out: &str) -> Option<String> {
    let head = out.trim_start();
    let head = head
        .strip_prefix("OBSERVATION:")
        .unwrap_or(head)
        .trim_start();
    if !head.starts_with(FILEMAP_NOTE) {
        return None;
    }
    let mut catn = String::with_capacity(out.len());
    for line in lines_of(out) {
        let digits = line.trim_start_matches(' ');
        let n = digits.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &digits[n..];
        // A line emptied of its trailing blank by a later strip still shows its number.
        let text = rest.strip_prefix([' ', '\t']).or_else(|| {
            rest.trim_end_matches(['\r', '\n'])
                .is_empty()
                .then_some(rest)
        });
        match text {
            Some(text) if n > 0 && !text.starts_with("... eliding lines ") => {
                catn.push_str(&line[..line.len() - rest.len()]);
                catn.push('\t');
                catn.push_str(text);
            }
            _ => {}
        }
    }
    Some(catn)
}

/// `out.split_inclusive('\n')`, each line break found by `memchr` (the `str` splitter's
/// search cost more than the rest of `trim_to_end`: views are many short lines).
fn lines_of(out: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = out.get(at..).filter(|r| !r.is_empty())?;
        let len = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        at += len;
        Some(&rest[..len])
    })
}

/// [`lines_of`] from the last line back (`out.split_inclusive('\n').rev()`).
fn lines_back(out: &str) -> impl Iterator<Item = &str> {
    let mut stop = out.len();
    std::iter::from_fn(move || {
        let body = out.as_bytes().get(..stop.checked_sub(1)?)?;
        let start = memchr::memrchr(b'\n', body).map_or(0, |i| i + 1);
        let line = &out[start..stop];
        stop = start;
        Some(line)
    })
}

/// [`numbered_line`], or a bare `   86` ([`crate::numbered::bare_number`]): an empty numbered
/// line whose tab the tool's trim of its output's end took off (the SWE-agent editor's views end
/// so), read as number and empty text.
fn numbered_or_bare(l: &str) -> Option<(&str, &str)> {
    numbered_line(l).or_else(|| {
        let digits = crate::numbered::bare_number(l.trim_end_matches(['\n', '\r']))?;
        Some((digits, ""))
    })
}

/// `(number, text after the tab)` of a `cat -n` line (`^ *[0-9]+\t`); the number not parsed.
fn numbered_line(l: &str) -> Option<(&str, &str)> {
    let digits = l.trim_start_matches(' ');
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    let text = digits[n..].strip_prefix('\t')?;
    (n > 0).then(|| (&digits[..n], text))
}

#[cfg(test)]
mod tests;
