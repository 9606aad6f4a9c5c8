//! The totals of scored rows with honest denominators ([`Totals`]), and the mergeable
//! partial a shard writes ([`ScorePartial`], summed exactly with [`ExactSum`]).

use crate::metrics::{RunScore, Status};
use serde::{Deserialize, Serialize};

/// Aggregates over rows. Means are over scored rows only; every denominator is kept: `no_run`
/// counts the gold tasks no run read for (in `rows`, never in `scored` or a mean).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Totals {
    pub rows: usize,
    pub scored: usize,
    pub unscored: usize,
    pub no_run: usize,
    pub passing: usize,
    pub mean_file_hit: Option<f64>,
    pub mean_line_coverage: Option<f64>,
    pub mean_precision: Option<f64>,
    pub mean_f1: Option<f64>,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
}

impl Totals {
    /// The words every totals line ends with when gold tasks had no run: " · 14 task(s) with
    /// no run, not scored" (empty when there were none), the same in score, report and sheet.
    pub fn not_scored_note(&self) -> String {
        no_run_note(self.no_run)
    }
}

/// " · N task(s) with no run, not scored" (empty for 0): the words of every totals line, and of
/// the sheet's count of gold tasks no run record names ([`no_run_tasks`]).
pub fn no_run_note(n: usize) -> String {
    match n {
        0 => String::new(),
        n => format!(" · {n} task(s) with no run, not scored"),
    }
}

/// Totals over rows, computed through [`ScorePartial`] so that sharded runs merge to the very
/// same figures.
pub fn totals<'a>(rows: impl IntoIterator<Item = &'a RunScore>) -> Totals {
    let mut p = ScorePartial::default();
    for s in rows {
        p.add(s);
    }
    p.finish()
}

/// A mergeable aggregate of score rows: counts and exact sums (see [`ExactSum`]). Merging the
/// partials of any split of the rows gives bit-identical [`Totals`] to one unsplit run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePartial {
    pub rows: u64,
    pub scored: u64,
    pub unscored: u64,
    /// Gold tasks with no run (partials written before it existed read as 0).
    #[serde(default)]
    pub no_run: u64,
    pub passing: u64,
    pub gold_lines: u64,
    pub covered_lines: u64,
    pub read_lines: u64,
    pub sum_file_hit: ExactSum,
    pub sum_line_coverage: ExactSum,
    pub sum_precision: ExactSum,
    pub sum_f1: ExactSum,
}

impl ScorePartial {
    pub fn add(&mut self, s: &RunScore) {
        self.rows += 1;
        self.read_lines += s.read_lines;
        match s.status {
            Status::Scored => {}
            Status::Unscored => {
                self.unscored += 1;
                return;
            }
            Status::NoRun => {
                self.no_run += 1;
                return;
            }
        }
        self.scored += 1;
        self.passing += u64::from(s.passes_threshold == Some(true));
        self.gold_lines += s.gold_lines;
        self.covered_lines += s.covered_lines;
        self.sum_file_hit.add(s.file_hit.unwrap_or(0.0));
        self.sum_line_coverage.add(s.line_coverage.unwrap_or(0.0));
        self.sum_precision.add(s.precision.unwrap_or(0.0));
        self.sum_f1.add(s.f1.unwrap_or(0.0));
    }

    pub fn merge(&mut self, o: &ScorePartial) {
        self.rows += o.rows;
        self.scored += o.scored;
        self.unscored += o.unscored;
        self.no_run += o.no_run;
        self.passing += o.passing;
        self.gold_lines += o.gold_lines;
        self.covered_lines += o.covered_lines;
        self.read_lines += o.read_lines;
        self.sum_file_hit.merge(&o.sum_file_hit);
        self.sum_line_coverage.merge(&o.sum_line_coverage);
        self.sum_precision.merge(&o.sum_precision);
        self.sum_f1.merge(&o.sum_f1);
    }

    pub fn finish(&self) -> Totals {
        let n = self.scored;
        Totals {
            rows: self.rows as usize,
            scored: self.scored as usize,
            unscored: self.unscored as usize,
            no_run: self.no_run as usize,
            passing: self.passing as usize,
            mean_file_hit: self.sum_file_hit.mean(n),
            mean_line_coverage: self.sum_line_coverage.mean(n),
            mean_precision: self.sum_precision.mean(n),
            mean_f1: self.sum_f1.mean(n),
            gold_lines: self.gold_lines,
            covered_lines: self.covered_lines,
            read_lines: self.read_lines,
        }
    }
}

/// An order-independent sum of ratios in `0..=1`: each value is rounded to a multiple of 2^-60
/// and summed as an integer, so any split and merge order gives the same total (float addition
/// is not associative). Serialised as a decimal string (JSON numbers lose u128 precision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactSum(pub u128);

const FIXED_ONE: f64 = (1u64 << 60) as f64;

impl ExactSum {
    pub fn add(&mut self, x: f64) {
        // At most 2^60: exact as a u64, whose conversion is one instruction (a u128's is a call).
        self.0 += u128::from((x.clamp(0.0, 1.0) * FIXED_ONE).round() as u64);
    }

    pub fn merge(&mut self, o: &ExactSum) {
        self.0 += o.0;
    }

    /// Whether the sum is at most `n` (each added value is at most 1): a partial claiming a
    /// larger sum over `n` rows was not written by readcov (its mean would be above 1).
    pub fn at_most(&self, n: u64) -> bool {
        self.0 <= u128::from(n) << 60
    }

    pub fn mean(&self, n: u64) -> Option<f64> {
        (n > 0).then(|| (self.0 as f64 / FIXED_ONE) / n as f64)
    }
}

impl Serialize for ExactSum {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for ExactSum {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(ExactSum).map_err(serde::de::Error::custom)
    }
}
