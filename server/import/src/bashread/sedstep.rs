//! `sed -n` scripts of `p` commands, the one parser of them: line numbers and ranges (`a`, `a,b`,
//! `a,$`, `a,+N`) and GNU's addresses beyond them: `$` (the last line), `first~step` (every
//! step-th line from `first`; `0~4` is 4, 8, …) and `a,~N` (from `a` to the next line whose number
//! is a multiple of N), alone or joined (`'1p;$p'`, `'2~3p;4,6p'`); as a range's start, `$` (the
//! last line alone, whatever the end) and `first~step` (a range from each line of the sequence
//! not already in one).
//! Checked by running GNU sed 4.9 (scripts/import_oracle_shell_cases.py runs each form): `5,~4p`
//! prints 5–8 and `8,~4p` 8–12 (the end is looked for from the line after `a`), `3~0p` line 3
//! alone, `0~0p` and `0,~4p` are errors, a line selected by two commands prints twice, `$,5p`
//! the last line, and `0~4,5p` over 13 lines 4 5 8 12. A count after `+` or `~` may be left out
//! (0: `5,+p` and `5,~p` print line 5, `$,~p` the last line, `2~p` line 2) or follow blanks.
//! Commands are separated by `;` or a newline; `0p`, `0,5p`, `+3p` and an address split by a
//! newline (`1⏎,3p`) are errors (before session 31 a second parser of the numeric ranges, which
//! split on `;` only, read them as lines 1–5, 3 and 1–3).

use super::stream::{slice, Printed, MAX_REPEATED};
use super::Run;

/// The address of one `p` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addr {
    /// Lines `a` to `b` of the stream (`None`: to its end): `a`, `a,b`, `a,$`, `a,+N`, `a,~N`.
    Lines(u32, Option<u32>),
    /// `$`: the stream's last line; `$,X` too (the range opens on the last line, whatever X).
    Last,
    /// `first~step`: lines `first`, `first + step`, … (from `step` when `first` is 0); a step of 0
    /// is line `first` alone.
    Step(u32, u32),
    /// `first~step,X`: a range opened at each line of the sequence not already in one, through
    /// X's end counted from that line ([`End::last`]); the next start is looked for after it.
    StepRange(u32, u32, End),
}

/// The end of a range: `b`, `$`, `+N`, `~N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Line(u32),
    Last,
    Plus(u32),
    Multiple(u32),
}

impl End {
    fn parse(b: &str) -> Option<End> {
        Some(match (b.strip_prefix('+'), b.strip_prefix('~')) {
            _ if b == "$" => End::Last,
            (Some(n), _) => End::Plus(count(n)?),
            (_, Some(n)) => End::Multiple(count(n)?),
            _ => End::Line(num(b)?),
        })
    }

    /// The last line of a range opened on line `p` (`None`: the stream's end). GNU `a,+N`: a to
    /// a+N (before session 29 `+N` was read as line N: `3,+2p` credited line 3 alone); `a,~N`:
    /// to the next multiple of N above `a` (the end is looked for from the line after it), `a`
    /// alone for N = 0; `a,b` with `b` at or before `a`: `a` alone (`sed -n '9,4p'` prints 9).
    fn last(self, p: u64) -> Option<u64> {
        match self {
            End::Last => None,
            End::Line(b) => Some(u64::from(b).max(p)),
            End::Plus(n) => Some(p + u64::from(n)),
            End::Multiple(0) => Some(p),
            End::Multiple(n) => Some((p / u64::from(n) + 1) * u64::from(n)),
        }
    }
}

/// The addresses of a `sed -n` script of `p` commands, empty for a script of none (it prints
/// nothing). `None`: another command, an address it does not know, or one GNU sed refuses.
pub(crate) fn parse(scripts: &[&str]) -> Option<Vec<Addr>> {
    let mut out = Vec::new();
    for part in scripts.iter().flat_map(|s| s.split([';', '\n'])) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let body = part.strip_suffix('p')?.trim();
        let (a, b) = match body.split_once(',') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (body, None),
        };
        out.push(addr(a, b)?);
    }
    Some(out)
}

fn num(t: &str) -> Option<u32> {
    (!t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
        .then(|| t.parse().ok())
        .flatten()
}

/// The count after `+` or `~` (a range's `+N`, `~N`, a `first~step`'s step): GNU sed 4.9 skips
/// blanks before it and reads none as 0, so `5,+p` and `5,~p` print line 5 alone, `$,+p` the last
/// line, `0~4,~p` 4 8 12 … and `2~p` line 2 (before session 32 these read nothing: *unknown
/// command*).
fn count(t: &str) -> Option<u32> {
    match t.trim() {
        "" => Some(0),
        t => num(t),
    }
}

fn addr(a: &str, b: Option<&str>) -> Option<Addr> {
    let end = b.map(End::parse);
    if end == Some(None) {
        return None;
    }
    let end = end.flatten();
    if a == "$" {
        // GNU sed 4.9 prints the last line alone for `$,5p`, `$,+2p`, `$,~4p`, `$,0p`, `$,$p`
        // (before session 32 `$,X` read nothing: *unknown command*).
        return Some(Addr::Last);
    }
    if let Some((f, s)) = a.split_once('~') {
        let (f, s) = (num(f.trim())?, count(s)?);
        // `0~0p`: GNU sed's "invalid usage of line address 0".
        if (f, s) == (0, 0) {
            return None;
        }
        return Some(end.map_or(Addr::Step(f, s), |e| Addr::StepRange(f, s, e)));
    }
    let a = num(a).filter(|a| *a > 0)?;
    let last = match end {
        None => Some(u64::from(a)),
        Some(e) => e.last(u64::from(a)),
    };
    let last = last.map(u32::try_from).transpose().ok()?;
    Some(Addr::Lines(a, last))
}

/// Most stream lines a script with `$` or `first~step` is run over, one by one (more: unknown).
const MAX_POSITIONS: u64 = 1 << 22;

/// What `sed -n` with `addrs` prints of the stream `runs`, whose length is known: GNU sed runs the
/// whole script on each line in turn, so lines come in the stream's order, each once per command
/// that selects it. `None`: too long a stream, or too many repeats to list.
pub(super) fn print(runs: &[Run], addrs: &[Addr]) -> Option<Vec<Run>> {
    let mut total: u64 = 0;
    for (s, e) in runs {
        total += (u64::from((*e)?) + 1).saturating_sub(u64::from(*s));
    }
    if total > MAX_POSITIONS {
        return None;
    }
    // Runs of stream positions selected the same number of times.
    let mut parts: Vec<(u64, u64, u64)> = Vec::new();
    let mut walk = Walk::new(addrs);
    for p in 1..=total {
        let times = walk.times(p, Some(total));
        match parts.last_mut() {
            Some((_, to, t)) if *to + 1 == p && *t == times => *to = p,
            _ if times > 0 => parts.push((p, p, times)),
            _ => {}
        }
    }
    let mut out = Printed::default();
    for (from, to, times) in parts {
        out.push(slice(runs, from, Some(to)), times)?;
    }
    Some(out.runs)
}

/// The commands of a script as GNU sed runs them over the lines, in order: a `first~step,X`
/// range is open from a line its start selects through its end, and its start is asked again
/// only after (`0~4,5p` over 13 lines prints 4 5 8 12).
struct Walk<'a> {
    addrs: &'a [Addr],
    /// Per command, the last line of its open range (`None`: none open).
    open: Vec<Option<u64>>,
}

impl<'a> Walk<'a> {
    fn new(addrs: &'a [Addr]) -> Self {
        Walk {
            addrs,
            open: vec![None; addrs.len()],
        }
    }

    /// How many commands select stream line `p` (the next line after the last asked), of a
    /// stream of `total` lines (`None`: unknown; `$` then selects nothing).
    fn times(&mut self, p: u64, total: Option<u64>) -> u64 {
        let mut n = 0;
        for (a, open) in self.addrs.iter().zip(&mut self.open) {
            let hit = match *a {
                Addr::StepRange(f, s, end) => {
                    if open.is_some_and(|last| p <= last) {
                        true
                    } else if on_step(f, s, p) {
                        *open = Some(end.last(p).unwrap_or(u64::MAX));
                        true
                    } else {
                        false
                    }
                }
                Addr::Lines(s, e) => u64::from(s) <= p && e.is_none_or(|e| p <= u64::from(e)),
                Addr::Last => Some(p) == total,
                Addr::Step(f, s) => on_step(f, s, p),
            };
            n += u64::from(hit);
        }
        n
    }
}

/// Whether line `p` is in the sequence `first~step`.
fn on_step(f: u32, s: u32, p: u64) -> bool {
    match s {
        0 => p == u64::from(f),
        s => p >= u64::from(f) && (p - u64::from(f)).is_multiple_of(u64::from(s)),
    }
}

/// The first `n` lines a script without `$` prints of a file of unknown length, in order (a line
/// once per command selecting it): whatever the length, they come first. `None`: a `$`, or fewer
/// than `n` lines printed within [`MAX_POSITIONS`] (the output is not this script's).
pub(crate) fn first_printed(addrs: &[Addr], n: u64) -> Option<Vec<(u32, u32)>> {
    if addrs.contains(&Addr::Last) || n > MAX_REPEATED {
        return None;
    }
    let mut out: Vec<(u32, u32)> = Vec::new();
    let mut printed: u64 = 0;
    let mut p: u64 = 0;
    let mut walk = Walk::new(addrs);
    while printed < n {
        p += 1;
        if p > MAX_POSITIONS {
            return None;
        }
        let times = walk.times(p, None);
        let line = u32::try_from(p).ok()?;
        for _ in 0..times.min(n - printed) {
            match out.last_mut() {
                Some((_, e)) if *e + 1 == line => *e = line,
                _ => out.push((line, line)),
            }
        }
        printed += times;
    }
    Some(out)
}
