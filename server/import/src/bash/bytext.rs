//! Placing a `grep` without `-n` on a file whose text readcov knows (session 34; docs/importers.md,
//! the `grep` / `rg` without `-n` row): grep prints the file's matching lines in order, and every
//! line whose text matches, so without context the lines shown are exactly the file's lines whose
//! text is among them; with context each group is a run of contiguous lines, placed where it
//! occurs when the order of the groups leaves one place. Never a guess: a text the output and the
//! file hold a different number of times, or a group found nowhere, is *shown text differs from
//! file*; a run that fits at several places is *ambiguous output*.

use crate::display::{line_no, normalize};
use crate::summary::Reason;
use std::collections::HashSet;

/// How the output of one file may have been cut by later stages (`head`, `tail`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edges {
    /// Lines may be missing before the first shown.
    pub start_cut: bool,
    /// Lines may be missing after the last shown.
    pub end_cut: bool,
}

/// A shown line's text may have lost its indentation: the output's first line, when the harness
/// stripped the output (OpenHands) and it starts with no blank.
fn stripped(shown: &str, allowed: bool) -> bool {
    allowed && !shown.is_empty() && !shown.starts_with(char::is_whitespace)
}

/// Whether file key `f` is shown key `s`, the leading blanks aside when `loose`.
fn fits(f: &str, s: &str, loose: bool) -> bool {
    f == s || (loose && f.trim_start() == s)
}

/// Without context: the current lines (1-based) `shown` are, or why none. `first_loose`: the
/// first shown line may have lost its indentation.
pub(crate) fn place_lines(
    file: &[String],
    shown: &[&str],
    edges: Edges,
    first_loose: bool,
) -> Result<Vec<u32>, Reason> {
    if shown.is_empty() {
        return Err(Reason::NothingShown);
    }
    let keys: Vec<String> = shown.iter().map(|s| normalize(s)).collect();
    let loose = stripped(&keys[0], first_loose);
    // The file texts the first line may be: its own, or (stripped) one with indentation.
    let mut firsts: Vec<&str> = file
        .iter()
        .filter(|f| fits(f, &keys[0], loose))
        .map(String::as_str)
        .collect();
    firsts.sort_unstable();
    firsts.dedup();
    let rest: HashSet<&str> = keys[1..].iter().map(String::as_str).collect();
    let mut found: Vec<Vec<u32>> = Vec::new();
    for first in firsts {
        // Every line of the file whose text is among those shown matched (or passed the
        // filters) as they did: the shown lines are a run of these.
        let among: Vec<usize> = (0..file.len())
            .filter(|&i| file[i] == first || rest.contains(file[i].as_str()))
            .collect();
        let Some(last) = among.len().checked_sub(shown.len()) else {
            continue;
        };
        for p in 0..=last {
            if (p > 0 && !edges.start_cut) || (p < last && !edges.end_cut) {
                continue;
            }
            let run = &among[p..p + shown.len()];
            let same = file[run[0]] == first
                && run[1..].iter().zip(&keys[1..]).all(|(&i, k)| file[i] == *k);
            if same {
                let lines = run.iter().map(|&i| line_no(i)).collect();
                if !found.contains(&lines) {
                    found.push(lines);
                }
            }
        }
    }
    match found.len() {
        0 => Err(Reason::TextMismatch),
        1 => Ok(found.remove(0)),
        _ => Err(Reason::AmbiguousOutput),
    }
}

/// With context: each group of `groups` (a run of contiguous lines, the next starting at least
/// one line after the previous ends) placed where the order of groups leaves one place; the
/// current lines of the groups so placed, or why none.
pub(crate) fn place_groups(
    file: &[String],
    groups: &[Vec<&str>],
    first_loose: bool,
) -> Result<Vec<u32>, Reason> {
    let groups: Vec<Vec<String>> = groups
        .iter()
        .filter(|g| !g.is_empty())
        .map(|g| g.iter().map(|s| normalize(s)).collect())
        .collect();
    if groups.is_empty() {
        return Err(Reason::NothingShown);
    }
    // Where each group occurs.
    let at: Vec<Vec<usize>> = groups
        .iter()
        .enumerate()
        .map(|(j, g)| {
            let loose = j == 0 && stripped(&g[0], first_loose);
            (0..(file.len() + 1).saturating_sub(g.len()))
                .filter(|&p| {
                    g.iter()
                        .enumerate()
                        .all(|(t, k)| fits(&file[p + t], k, loose && t == 0))
                })
                .collect()
        })
        .collect();
    // Places reachable from the left (after an earlier group's earliest place) and from the
    // right (before a later group's latest place): a place in both is in a whole placement.
    let mut left: Vec<Vec<usize>> = Vec::with_capacity(at.len());
    let mut after = 0usize;
    for (j, ps) in at.iter().enumerate() {
        let ok: Vec<usize> = ps.iter().copied().filter(|&p| p >= after).collect();
        let Some(&p) = ok.first() else {
            return Err(Reason::TextMismatch);
        };
        after = p + groups[j].len() + 1;
        left.push(ok);
    }
    let mut lines = Vec::new();
    let mut ambiguous = false;
    let mut before = usize::MAX;
    for j in (0..at.len()).rev() {
        let len = groups[j].len();
        let ok: Vec<usize> = left[j]
            .iter()
            .copied()
            .filter(|&p| p + len < before)
            .collect();
        before = *ok.last().unwrap_or(&0);
        match ok.as_slice() {
            [p] => lines.extend((*p..*p + len).map(line_no)),
            _ => ambiguous = true,
        }
    }
    lines.sort_unstable();
    match (lines.is_empty(), ambiguous) {
        (true, true) => Err(Reason::AmbiguousOutput),
        _ => Ok(lines),
    }
}

/// The groups of an output: its lines split at grep's `--` separator lines.
pub(crate) fn groups<'a>(lines: &[&'a str]) -> Vec<Vec<&'a str>> {
    let mut out = vec![Vec::new()];
    for l in lines {
        if l.trim_end() == "--" {
            out.push(Vec::new());
        } else if let Some(g) = out.last_mut() {
            g.push(*l);
        }
    }
    out.retain(|g| !g.is_empty());
    out
}

/// grep's and ripgrep's own messages on its standard error, which the harness shows with the
/// output (`grep: f.pyc: binary file matches`, older grep's `Binary file f.pyc matches`,
/// `grep: d: Is a directory`): no line of a file.
pub(crate) fn is_message(line: &str) -> bool {
    ["grep: ", "egrep: ", "fgrep: ", "rg: "]
        .iter()
        .any(|p| line.starts_with(p))
        || (line.starts_with("Binary file ") && line.trim_end().ends_with(" matches"))
}

#[cfg(test)]
mod tests;
