//! Which lines of a command's output are a read's own when other commands of the call print
//! too (`echo x && cat f`), and what a read credits without the file's length: from a known first
//! line, as many lines as the output has when its line count is the read's (docs/importers.md,
//! "What counts as a read" and "What counts as displayed").

use crate::bashread::{stream, Banner, Sel};
use crate::display::{Cut, Displayed};
use crate::shell::Pipeline;
use crate::summary::Reason;

/// What a read's output displayed of the read's own lines, when it is the command's only read.
pub(super) struct Seen<'a> {
    /// The output without what is not the read's: a banner, and around a cut the head (another
    /// command printed before the read) or the tail (another printed after it).
    pub(super) d: Displayed<'a>,
    /// No other command printed: the output's lines (or the count the tool states) are all the
    /// read's.
    pub(super) own: bool,
}

impl<'a> Seen<'a> {
    /// `before`/`after`: whether another command of the call printed before or after the read
    /// (their lines are in the output too, unknown how many).
    pub(super) fn of(
        d: &Displayed<'a>,
        banner: Option<Banner>,
        path: &str,
        before: bool,
        after: bool,
    ) -> Self {
        let mut d = banner.map_or_else(|| d.clone(), |b| b.strip(d, path));
        let own = !before && !after;
        if !own {
            // The stated count is the whole output's (before session 29 it was used when the
            // others were silent only for want of a line count: `true && cat f`).
            d.total = None;
        }
        // Around a cut, the start of the output is an earlier command's, its end a later one's:
        // which of the read's lines they replaced is unknown (before session 29 they were
        // credited as the read's, `git status && cat f` cut one line of the file per status line).
        if d.is_cut() && before {
            d.head.clear();
            d.head_partial = false;
        }
        if d.cut == Cut::Middle && after {
            d.tail.clear();
            d.tail_partial = false;
        }
        Seen { d, own }
    }
}

/// Without the file's length: the lines of `sels`' stream the output shows. Its start is known,
/// its end only when the output's line count is the read's (an output no other command printed
/// into, whole or with the count the tool states): a lone whole-file read, `tail -n +K f` and
/// `sed -n 'a,$p' f` shown whole credit every line shown (K..K+n-1), cut their head (the last
/// line maybe in part) and, with the count stated, their tail. A bounded stream (`head -n N`,
/// `sed -n 'a,bp'`) is an upper bound the output's line count trims (see [`Displayed::keep`]).
/// Before session 29 `tail -n +K f` and `sed -n 'a,$p' f` credited nothing without the length
/// (*file length unknown*), shown whole or cut, and an `echo x && cat f` output's `x` counted
/// as one more line of `f`.
pub(super) fn without_length(sels: &[Sel], seen: Option<&Seen>) -> Result<Vec<(u32, u32)>, Reason> {
    let runs = stream(sels, None).ok_or(Reason::UnknownLength)?;
    let open = runs.last().is_some_and(|r| r.1.is_none());
    // As many lines as the output had, from the stream's start: where the file's end is.
    let counted = seen.filter(|s| s.own).and_then(|s| match s.d.cut {
        Cut::None => Some(s.d.count() as u64).filter(|n| *n > 0),
        _ => s.d.total.filter(|n| *n >= s.d.count() as u64),
    });
    let first = |n: u64| -> Vec<(u32, u32)> {
        let closed: Vec<(u32, u32)> = runs
            .iter()
            .map(|(s, e)| (*s, e.unwrap_or(u32::MAX)))
            .collect();
        crate::display::first_lines(&closed, n)
    };
    match (counted, seen) {
        (Some(n), _) => Ok(first(n)),
        // Cut: the head is the stream's first lines, whatever the length; the tail is at its
        // unknown end (before session 27 a bounded one was placed at the bound: over-credit).
        // An open stream's head is the read's only when nothing else printed (a later command's
        // lines may follow a short file's within it).
        (None, Some(s)) if s.d.is_cut() => match open && (!s.own || s.d.head.is_empty()) {
            true => Err(Reason::UnknownLength),
            false => Ok(first(s.d.head.len() as u64)),
        },
        _ if !open => Ok(first(u64::MAX)),
        _ => Err(Reason::UnknownLength),
    }
}

/// A pipeline that prints nothing into the output: its output goes to a file (`> f`, `>
/// /dev/null`), or a command that prints nothing when it works (`cd`, `true`, `export`,
/// `mkdir`, `touch`, `rm`, `cp`, `mv`).
pub(super) fn quiet(p: &Pipeline<'_>) -> bool {
    const SILENT: [&str; 8] = ["cd", "true", "export", "mkdir", "touch", "rm", "cp", "mv"];
    let redirected = p.stages.last().is_some_and(|s| !s.writes.is_empty());
    let silent = match p.stages.as_slice() {
        [s] => s.words.first().is_some_and(|w| SILENT.contains(&&**w)),
        _ => false,
    };
    redirected || silent
}
