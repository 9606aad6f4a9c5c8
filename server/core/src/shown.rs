//! Names from inputs (task, run, path, a field's value) as a text output shows them: a control
//! character — a line break that would forge an output line or an LCOV record, a terminal escape
//! code, a bidi override that reorders what is shown — is written as a visible escape, and a name
//! longer than [`MAX_SHOWN`] characters is cut to its two ends; in a longer message the names it
//! quotes are cut, not its words (`cut`). One function for every text renderer and message;
//! JSON outputs need none (serde escapes control characters).

use std::borrow::Cow;

/// The longest name shown whole, in characters; a longer one keeps its first and last
/// `MAX_SHOWN / 2` and says how many bytes were left out (a 500 MB path was echoed whole).
pub const MAX_SHOWN: usize = 400;

/// `s` as it is safe to print: see the module docs.
pub fn shown(s: &str) -> Cow<'_, str> {
    match s.chars().any(needs_escape) {
        true => Cow::Owned(cut(&escape(s)).into_owned()),
        false => cut(s),
    }
}

/// `s` with its control characters escaped as in [`shown`], never cut: for a line of a text
/// output whose whole content matters (a list of ranges).
pub fn escaped(s: &str) -> Cow<'_, str> {
    match s.chars().any(needs_escape) {
        true => Cow::Owned(escape(s)),
        false => Cow::Borrowed(s),
    }
}

/// Whether `s` holds a line break (`\n`, `\r`): a record format without escapes (LCOV's
/// `SF:` lines) cannot carry it.
pub fn has_line_break(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// Characters that change what a terminal shows beyond themselves: C0 and C1 controls, DEL, and
/// the Unicode bidi embedding/override/isolate controls.
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) && (c as u32) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A text of more than [`MAX_SHOWN`] characters, cut. A message quotes names in its words (`note:
/// PATH: an agent trajectory, not reads JSONL: … readcov import PATH -o …`), so only its long
/// words — those over [`KEEP`] characters, the names — are cut, each to its two ends: to
/// [`MAX_SHOWN`] like any name, and shorter, all to one length, when the line would keep more than
/// [`MAX_LINE`] characters. The message's own words stay whole (the whole line cut in its middle
/// at 400 characters, two 150-character paths hid what the note said). A text that cannot fit that
/// way (its short words alone are too long, or too many long ones) is cut to its two ends as one
/// name.
fn cut(s: &str) -> Cow<'_, str> {
    if s.len() <= MAX_SHOWN || s.chars().nth(MAX_SHOWN).is_none() {
        return Cow::Borrowed(s);
    }
    match word_length(s) {
        Some(keep) if s.split(' ').all(|w| w.chars().nth(keep).is_none()) => Cow::Borrowed(s),
        Some(keep) => Cow::Owned(
            s.split(' ')
                .map(|w| cut_to(w, keep))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        None => cut_to(s, MAX_SHOWN),
    }
}

/// Words of at most this many characters are never cut by [`cut`] (a message's own words); a
/// longer word (a name) keeps at least this many.
pub const KEEP: usize = 40;

/// The most characters a message line keeps when its names are cut (the cuts' marks not counted):
/// three names' worth, so a note quoting two paths of up to [`MAX_SHOWN`] shows them whole.
pub const MAX_LINE: usize = 3 * MAX_SHOWN;

/// The length every long word of `s` (over [`KEEP`] characters) is cut to: at most [`MAX_SHOWN`],
/// the largest that keeps `s` within [`MAX_LINE`] characters; `None` when even [`KEEP`] does not.
fn word_length(s: &str) -> Option<usize> {
    // Each word's length, short words summed: a 500 MB text of short words is not listed.
    let (mut short, mut long) = (0usize, Vec::new());
    for w in s.split(' ') {
        let n = w.chars().count();
        match n > KEEP {
            true => long.push(n),
            false => short += n,
        }
        // The spaces between words count as kept characters too.
        short += 1;
        if short + KEEP * long.len() > MAX_LINE + 1 {
            return None;
        }
    }
    let kept = |c: usize| short - 1 + long.iter().map(|&n| n.min(c)).sum::<usize>();
    let most = long.iter().copied().max().unwrap_or(KEEP).min(MAX_SHOWN);
    if kept(most) <= MAX_LINE {
        return Some(most);
    }
    // Fits at KEEP (checked above), not at `most`: the largest length that fits, by halving.
    let (mut fits, mut over) = (KEEP, most);
    while over - fits > 1 {
        let mid = (fits + over) / 2;
        match kept(mid) <= MAX_LINE {
            true => fits = mid,
            false => over = mid,
        }
    }
    Some(fits)
}

/// `s` cut to its first and last characters, `keep` in all, with the bytes left out between.
fn cut_to(s: &str, keep: usize) -> Cow<'_, str> {
    let n = s.chars().count();
    if n <= keep {
        return Cow::Borrowed(s);
    }
    let half = keep / 2;
    let head_end = s.char_indices().nth(half).map_or(s.len(), |(i, _)| i);
    let tail_start = (s.char_indices().nth(n - (keep - half))).map_or(s.len(), |(i, _)| i);
    let left = tail_start - head_end;
    Cow::Owned(format!(
        "{}…[{left} bytes not shown]…{}",
        &s[..head_end],
        &s[tail_start..]
    ))
}

#[cfg(test)]
mod tests;
