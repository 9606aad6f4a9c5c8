//! `sed -n` scripts of `p` commands, the one parser of them: line numbers and ranges (`a`, `a,b`,
//! `a,$`, `a,+N`) and GNU's addresses beyond them: `$` (the last line), `first~step` (every
//! step-th line from `first`; `0~4` is 4, 8, …) and `a,~N` (from `a` to the next line whose number
//! is a multiple of N), alone or joined (`'1p;$p'`, `'2~3p;4,6p'`).
//! Checked by running GNU sed 4.9 (scripts/import_oracle_shell_cases.py runs each form): `5,~4p`
//! prints 5–8 and `8,~4p` 8–12 (the end is looked for from the line after `a`), `3~0p` line 3
//! alone, `0~0p` and `0,~4p` are errors, and a line selected by two commands prints twice.
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
    /// `$`: the stream's last line.
    Last,
    /// `first~step`: lines `first`, `first + step`, … (from `step` when `first` is 0); a step of 0
    /// is line `first` alone.
    Step(u32, u32),
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

fn addr(a: &str, b: Option<&str>) -> Option<Addr> {
    if a == "$" {
        return b.is_none().then_some(Addr::Last);
    }
    if let Some((f, s)) = a.split_once('~') {
        let (f, s) = (num(f)?, num(s)?);
        // `0~0p`: GNU sed's "invalid usage of line address 0".
        return (b.is_none() && (f, s) != (0, 0)).then_some(Addr::Step(f, s));
    }
    let a = num(a).filter(|a| *a > 0)?;
    let end = match b {
        None => Some(a),
        Some("$") => None,
        Some(b) => match (b.strip_prefix('+'), b.strip_prefix('~')) {
            // GNU `a,+N`: lines a to a+N (before session 29 `+N` was read as line N: `3,+2p`
            // credited line 3 alone).
            (Some(n), _) => Some(a.checked_add(num(n)?)?),
            // The end is looked for from the line after `a`: the next multiple of N above it.
            (_, Some(n)) => match num(n)? {
                0 => Some(a),
                n => Some(u32::try_from((u64::from(a) / u64::from(n) + 1) * u64::from(n)).ok()?),
            },
            // GNU sed: an end line at or before the start matches the start line alone
            // (`sed -n '9,4p'` prints line 9).
            _ => Some(num(b)?.max(a)),
        },
    };
    Some(Addr::Lines(a, end))
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
    for p in 1..=total {
        let times = addrs.iter().filter(|a| selects(a, p, Some(total))).count() as u64;
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

/// Whether `a` selects stream line `p` of a stream of `total` lines (`None`: unknown; `$` then
/// selects nothing).
fn selects(a: &Addr, p: u64, total: Option<u64>) -> bool {
    match *a {
        Addr::Lines(s, e) => u64::from(s) <= p && e.is_none_or(|e| p <= u64::from(e)),
        Addr::Last => Some(p) == total,
        Addr::Step(f, 0) => p == u64::from(f),
        Addr::Step(f, s) => p >= u64::from(f) && (p - u64::from(f)).is_multiple_of(u64::from(s)),
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
    while printed < n {
        p += 1;
        if p > MAX_POSITIONS {
            return None;
        }
        let times = addrs.iter().filter(|a| selects(a, p, None)).count() as u64;
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
