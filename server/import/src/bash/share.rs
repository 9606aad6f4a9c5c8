//! How several unnumbered reads of one command share its output when a file's length is unknown
//! (session 38, found by `scripts/import_observed_codex.py` on the shipped Codex rollout).
//!
//! `sed -n '1,160p' A && sed -n '1,120p' B` printed 44 lines: A's 30 and B's 14. Without the
//! files' lengths the split is unknown: each read printed at most its window, so read i printed
//! at least the output's lines less every other read's window, and that lower bound is all the
//! output proves of it (0 here: neither read is credited, where before A was credited 1–44 and B
//! nothing). When every length is known (a workspace) the windows are exact and the reads take
//! their lines in order, as before.

use super::{evaluate, Plan, Sel};
use crate::session::Session;

impl Session<'_> {
    /// Per plan, the most lines its read may be credited (`None`: no limit beyond the output's),
    /// when two or more unnumbered reads share an output `budget` lines long and one of them has
    /// no known length. A read whose selection runs to an unknown end (`cat`, `'a,$p'`) may have
    /// printed the whole output: every other read's floor is then 0. Numbered reads (`grep -n f`)
    /// are left as they were: their lines are told apart by their numbers, not by a count.
    pub(super) fn floors<'p>(
        &mut self,
        plans: impl Iterator<Item = (&'p Plan, &'p str)>,
        budget: usize,
    ) -> Vec<Option<usize>> {
        let bounds: Vec<Option<(Option<u64>, bool)>> = plans
            .map(|(p, cwd)| match p {
                Plan::Window { path, sels, .. } => Some(self.bound(path, cwd, sels)),
                _ => None,
            })
            .collect();
        let readers = bounds.iter().flatten().count();
        if readers < 2 || bounds.iter().flatten().all(|(_, exact)| *exact) {
            return vec![None; bounds.len()];
        }
        (0..bounds.len())
            .map(|i| {
                bounds[i]?;
                let others = bounds
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .filter_map(|(_, b)| *b)
                    .try_fold(0u64, |sum, (n, _)| n.map(|n| sum.saturating_add(n)));
                let floor = others.map_or(0, |o| (budget as u64).saturating_sub(o));
                Some(usize::try_from(floor).unwrap_or(usize::MAX))
            })
            .collect()
    }

    /// The most lines a read of `raw` narrowed by `sels` prints (`None`: no bound known), and
    /// whether that is exactly what it prints (the file's length is known).
    fn bound(&mut self, raw: &str, cwd: &str, sels: &[Sel]) -> (Option<u64>, bool) {
        let len = match self.locate(raw, cwd) {
            Ok(key) => self.state(&key).1.current_len(),
            Err(_) => None,
        };
        let lines = |rs: Vec<(u32, u32)>| rs.iter().map(|(s, e)| u64::from(e - s) + 1).sum();
        match evaluate(sels, len) {
            Some(rs) => (Some(lines(rs)), len.is_some()),
            None => (None, false),
        }
    }
}

#[cfg(test)]
mod tests;
