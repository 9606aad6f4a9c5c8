//! The stream of file lines a pipeline's selections leave (`head`, `tail`, `sed -n` ranges and
//! scripts, awk's line choices), kept as runs of file lines so any stage can follow any other.

use super::{sedstep, Sel};

/// Applies selections to a file of `len` lines (unknown: `None`); returns the 1-based ranges
/// selected, in the order shown, or `None` when the answer needs the unknown length.
///
/// The stream is kept as runs of file lines, so any stage can follow any other (`sed -n '5,30p' f
/// | head -3` reads 5–7; before session 27 a `sed` range followed by another stage was *file
/// length unknown*). Without the length a run may be open (to the file's end) or an upper bound
/// (`head -100` of a file that may be shorter): stages counted from the start stay right, as the
/// output's line count trims the rest; a `tail` counts from the end, so it needs the length
/// (before, `head -100 f | tail -20` without a workspace read 81–100 of a 20-line file).
pub fn evaluate(sels: &[Sel], len: Option<u32>) -> Option<Vec<(u32, u32)>> {
    stream(sels, len)?
        .into_iter()
        .map(|(s, e)| Some((s, e?)))
        .collect()
}

/// The runs of file lines `sels` select, in the order shown, as [`evaluate`] gives them, but
/// with the last run left open (`None` end: to the file's unknown end) when the selection runs
/// to the end of a file of unknown length (`tail -n +K f` is `[(K, None)]`): where its lines
/// start is known, where they end is not. `None` when the answer needs the length.
pub fn stream(sels: &[Sel], len: Option<u32>) -> Option<Vec<Run>> {
    let mut runs: Vec<Run> = vec![(1, len)];
    for s in sels {
        runs = match s {
            Sel::Head(0) => return Some(Vec::new()),
            Sel::Head(n) => slice(&runs, 1, Some(u64::from(*n))),
            Sel::Tail(n) => {
                len?;
                if *n == 0 {
                    return Some(Vec::new());
                }
                let total: u64 = runs.iter().map(|r| count(*r).unwrap_or(0)).sum();
                slice(
                    &runs,
                    (total + 1).saturating_sub(u64::from(*n)).max(1),
                    None,
                )
            }
            Sel::From(k) => slice(&runs, u64::from(*k).max(1), None),
            // Needs the file's text: resolved into `Ranges` by the caller that has it.
            Sel::Pattern(_) => return None,
            // `$` and `first~step` count from the stream's end or over all of it.
            Sel::Script(addrs) => {
                len?;
                sedstep::print(&runs, addrs)?
            }
            Sel::Ranges(rs) => sed_print(&runs, rs)?,
        };
    }
    Some(runs)
}

/// Most lines one `sed -n` script may print more than once, one per line (more: unknown).
pub(super) const MAX_REPEATED: u64 = 100_000;

/// What `sed -n 'a,bp;c,dp'` prints of the stream `runs`: GNU sed runs its whole script on each
/// line in turn, so lines come in the stream's order, each once per range that selects it
/// (`'1,5p;3,8p'` prints 1 2 3 3 4 4 5 5 6 7 8, `'10,12p;1,3p'` 1–3 then 10–12). Before session
/// 27 the ranges were taken one after the other (10–12 then 1–3), so a stage after them, or a cut,
/// placed the lines shown at the wrong file lines (`sed -n '10,12p;1,3p' f | head -2` took 10–11
/// for the 1–2 shown).
/// `None`: a line repeated on a run to the unknown end, or too many repeats to list.
fn sed_print(runs: &[Run], rs: &[(u32, Option<u32>)]) -> Option<Vec<Run>> {
    let rs: Vec<(u64, Option<u64>)> = rs
        .iter()
        .filter(|(a, b)| b.is_none_or(|b| b >= *a))
        .map(|(a, b)| (u64::from(*a), b.map(u64::from)))
        .collect();
    // The positions where the set of selecting ranges changes.
    let mut cuts: Vec<u64> = rs
        .iter()
        .flat_map(|(a, b)| [Some(*a), b.map(|b| b + 1)])
        .flatten()
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Printed::default();
    for (i, &from) in cuts.iter().enumerate() {
        let to = cuts.get(i + 1).map(|n| n - 1);
        let times = rs
            .iter()
            .filter(|(a, b)| *a <= from && b.is_none_or(|b| b >= from))
            .count() as u64;
        if times > 0 {
            out.push(slice(runs, from, to), times)?;
        }
    }
    Some(out.runs)
}

/// What a `sed -n` script prints, built part by part: a part selected by several commands comes
/// once per command, line by line (`'1,5p;3,8p'` prints 3 3 4 4 5 5).
#[derive(Default)]
pub(super) struct Printed {
    pub(super) runs: Vec<Run>,
    /// Lines listed so far for parts printed more than once (at most [`MAX_REPEATED`]).
    repeated: u64,
}

impl Printed {
    /// Appends the runs `part`, each of its lines `times` times. `None`: a repeated run to the
    /// unknown end, or more than [`MAX_REPEATED`] repeated lines in all.
    pub(super) fn push(&mut self, part: Vec<Run>, times: u64) -> Option<()> {
        if times == 1 {
            self.runs.extend(part);
            return Some(());
        }
        for (s, e) in part {
            let e = e?;
            self.repeated += (u64::from(e) + 1 - u64::from(s)) * times;
            if self.repeated > MAX_REPEATED {
                return None;
            }
            for n in s..=e {
                self.runs
                    .extend(std::iter::repeat_n((n, Some(n)), times as usize));
            }
        }
        Some(())
    }
}

/// A run of file lines `start..=end`; `None` end: to the file's unknown end.
pub type Run = (u32, Option<u32>);

/// Lines in a run (`None`: open).
fn count((s, e): Run) -> Option<u64> {
    e.map(|e| (u64::from(e) + 1).saturating_sub(u64::from(s)))
}

/// The runs of stream positions `from..=to` (1-based; `None`: to the end).
pub(super) fn slice(runs: &[Run], from: u64, to: Option<u64>) -> Vec<Run> {
    let clamp = |x: u64| u32::try_from(x).unwrap_or(u32::MAX);
    let mut out = Vec::new();
    let mut pos: u64 = 1;
    for &(s, e) in runs {
        let n = count((s, e));
        let last = n.map(|n| pos + n - 1);
        let lo = from.max(pos);
        let hi = match (to, last) {
            (Some(t), Some(l)) => Some(t.min(l)),
            (t, l) => t.or(l),
        };
        if hi.is_none_or(|h| lo <= h) && n != Some(0) {
            let a = u64::from(s) + (lo - pos);
            out.push((clamp(a), hi.map(|h| clamp(u64::from(s) + (h - pos)))));
        }
        match n {
            Some(n) => pos += n,
            None => break,
        }
    }
    out
}
