//! `--fail-under`: which rows fall below the bar, listed on stderr after the output (an exit
//! code of 1 alone does not say which run to look at).

use super::output::Output;
use readcov_core::{RunScore, TaskRunScore};

/// Whether `--fail-under` fails this row.
fn is_below(output: &Output, row: &RunScore) -> bool {
    output
        .fail_bar
        .is_some_and(|bar| row.line_coverage.is_some_and(|c| c < bar))
}

/// The rows `--fail-under` fails, listed on stderr after the output: an exit code of 1 alone
/// does not say which run to look at.
#[derive(Default)]
pub(super) struct Below {
    rows: Vec<(String, String, f64)>,
    count: usize,
}

/// How many rows below the bar are named; the rest are counted (a corpus can fail thousands).
const BELOW_LISTED: usize = 50;

impl Below {
    pub(super) fn note<S: AsRef<str>>(&mut self, output: &Output, row: &TaskRunScore<S>) {
        if !is_below(output, &row.score) {
            return;
        }
        self.count += 1;
        if self.rows.len() < BELOW_LISTED {
            let cov = row.score.line_coverage.unwrap_or(0.0);
            let (task, run) = (row.task.as_ref(), row.run.as_ref());
            self.rows.push((task.to_string(), run.to_string(), cov));
        }
    }

    /// As [`Below::note`], for a row of the gold set `set` (side by side).
    pub(super) fn note_in(&mut self, set: &str, output: &Output, row: &TaskRunScore) {
        if !is_below(output, &row.score) {
            return;
        }
        let task = format!("{set}: {}", row.task);
        self.note(
            output,
            &TaskRunScore {
                task,
                run: row.run.clone(),
                score: row.score.clone(),
            },
        );
    }

    pub(super) fn any(&self) -> bool {
        self.count > 0
    }

    pub(super) fn report(&self, output: &Output) {
        let Some(bar) = output.fail_bar.filter(|_| self.any()) else {
            return;
        };
        say!(
            "below --fail-under {}: {} row(s) with line_coverage < {bar}",
            readcov_core::words::threshold(bar),
            self.count
        );
        for (task, run, cov) in &self.rows {
            say!(
                "  {task} / {run}: line_coverage {}",
                crate::render::ratio_at(Some(*cov), Some(bar))
            );
        }
        if self.count > self.rows.len() {
            say!("  … and {} more", self.count - self.rows.len());
        }
    }
}
