//! Every prediction against its gold row, in both modes: error rows as the reference writes
//! them, the evaluator's micro sums and the leaderboard's macro means.

use super::defcache::DefCache;
use super::evaluate::{evaluate, Evaluation};
use super::input::{GoldRow, PredRow};
use super::source::{DefSource, FileNote, Files, Workspaces, INSTANCE_BYTES};
use super::{CbError, Mode};
use std::collections::HashMap;

/// One prediction's result, in compat and clean mode.
#[derive(Clone, Debug, PartialEq)]
pub struct InstanceResult {
    pub instance_id: String,
    pub run: Option<String>,
    pub compat: Result<Evaluation, CbError>,
    pub clean: Result<Evaluation, CbError>,
    /// Checkout files this row was scored without, or without their blocks, and why.
    pub notes: Vec<FileNote>,
}

impl InstanceResult {
    pub fn get(&self, mode: Mode) -> &Result<Evaluation, CbError> {
        match mode {
            Mode::Compat => &self.compat,
            Mode::Clean => &self.clean,
        }
    }
}

/// The evaluator's micro summary: sizes summed over valid rows, then divided; trajectory
/// numbers are means over valid rows (as the reference aggregates them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MicroSummary {
    pub num_valid: usize,
    pub num_total: usize,
    /// Per level (file, symbol, span, line): (coverage, precision); `None` when the level is
    /// off for every row.
    pub final_: [Option<(Option<f64>, Option<f64>)>; 4],
    pub traj_auc: [Option<f64>; 4],
    pub traj_redundancy: [Option<f64>; 4],
    /// (recall, precision): Σ hit / Σ gold, Σ hit / Σ pred over rows with a patch.
    pub editloc: Option<(Option<f64>, Option<f64>)>,
}

/// The leaderboard's macro summary: means over instances (error rows count as 0).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MacroSummary {
    pub num_total: usize,
    /// Per level: mean coverage, precision and F1 (`2CP/(C+P)`, 0 when both are 0).
    pub final_: [Option<[Option<f64>; 3]>; 4],
    pub auc: [Option<f64>; 4],
    pub redundancy: [Option<f64>; 4],
    /// Mean recall, precision, F1 over rows with a patch (and error rows).
    pub editloc: Option<[Option<f64>; 3]>,
    /// Mean usage drop over rows where the agent saw a gold line (clean only).
    pub usage_drop: Option<f64>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub micro: MicroSummary,
    pub macro_: MacroSummary,
}

/// Everything `readcov contextbench` prints.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CbReport {
    pub rows: Vec<InstanceResult>,
    pub compat: Summary,
    pub clean: Summary,
}

impl CbReport {
    /// One warning per checkout file a row was scored without (`INSTANCE: PATH: WHY (…)`), in
    /// row order: the lines the CLI prints on stderr and Python returns in `.notes`.
    pub fn given_up(&self) -> impl Iterator<Item = String> + '_ {
        (self.rows.iter()).flat_map(|row| {
            (row.notes.iter()).map(move |n| format!("warning: {}: {n}", row.instance_id))
        })
    }
}

/// Options of a run.
#[derive(Clone, Copy, Default)]
pub struct CbOptions<'a> {
    /// Checkouts (`--workspaces`); without them paths are not resolved and the span and symbol
    /// levels are off.
    pub workspaces: Option<&'a dyn Workspaces>,
    /// Blocks (tree-sitter); without them the symbol level is off.
    pub defs: Option<&'a dyn DefSource>,
    /// Threads to score instances on; 0 (the default) is every available core.
    pub threads: usize,
}

/// Scores every prediction (in input order) against the gold row with its id (the last row
/// wins when ids repeat, as in the reference's index). Memory beside the inputs and rows is
/// bounded: each instance keeps at most [`INSTANCE_BYTES`] of its files while it is scored
/// (per thread), and the run's blocks by content [`super::defcache::CACHE_BYTES`].
pub fn score_contextbench(gold: &[GoldRow], preds: &[PredRow], opts: &CbOptions) -> CbReport {
    score_within(gold, preds, opts, INSTANCE_BYTES, DefCache::default())
}

/// [`score_contextbench`] with the budgets given: an instance's files (`instance_bytes`) and
/// the run's block cache (tests check that tight budgets give the same report).
pub(crate) fn score_within(
    gold: &[GoldRow],
    preds: &[PredRow],
    opts: &CbOptions,
    instance_bytes: usize,
    cache: DefCache,
) -> CbReport {
    let mut index: HashMap<&str, &GoldRow> = HashMap::new();
    for g in gold {
        for k in &g.keys {
            index.insert(k, g);
        }
    }
    // Instances are independent: spread them over the cores, rows kept in input order. Their
    // checkouts share most files, so blocks are computed once per distinct content.
    let threads = crate::par::threads_for(opts.threads, preds.len());
    let rows: Vec<InstanceResult> = crate::par::map_ordered(preds, threads, |_, p| {
        let both = |e: CbError| (Err(e), Err(e), Vec::new());
        let (compat, clean, notes) = match index.get(p.instance_id.as_str()) {
            None => both(CbError::MissingGold),
            Some(g) => match opts.workspaces {
                None => (
                    evaluate(g, p, None, Mode::Compat),
                    evaluate(g, p, None, Mode::Clean),
                    Vec::new(),
                ),
                Some(ws) => {
                    let mut ids = vec![p.instance_id.as_str()];
                    ids.extend(g.keys.iter().map(String::as_str));
                    match ws.checkout(&ids) {
                        None => both(CbError::CheckoutFailed),
                        Some(co) => {
                            let mut files = Files::with_cache(
                                co.as_ref(),
                                opts.defs,
                                Some(&cache),
                                instance_bytes,
                            );
                            let a = evaluate(g, p, Some(&mut files), Mode::Compat);
                            let b = evaluate(g, p, Some(&mut files), Mode::Clean);
                            (a, b, files.into_notes())
                        }
                    }
                }
            },
        };
        InstanceResult {
            instance_id: p.instance_id.clone(),
            run: p.run.clone(),
            compat,
            clean,
            notes,
        }
    });
    let compat = summarise(&rows, Mode::Compat);
    let clean = summarise(&rows, Mode::Clean);
    CbReport {
        rows,
        compat,
        clean,
    }
}

fn div(n: i64, d: i64, mode: Mode) -> Option<f64> {
    if d > 0 {
        Some(n as f64 / d as f64)
    } else {
        (mode == Mode::Compat).then_some(1.0)
    }
}

/// The mean of the values that are scored; `None` when none is.
fn mean(vals: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0usize);
    for v in vals.flatten() {
        sum += v;
        n += 1;
    }
    (n > 0).then(|| sum / n as f64)
}

fn f1(c: Option<f64>, p: Option<f64>) -> Option<f64> {
    let (c, p) = (c?, p?);
    Some(if c + p > 0.0 {
        2.0 * c * p / (c + p)
    } else {
        0.0
    })
}

/// Micro and macro summaries of one mode.
pub fn summarise(rows: &[InstanceResult], mode: Mode) -> Summary {
    let valid: Vec<&Evaluation> = rows
        .iter()
        .filter_map(|r| r.get(mode).as_ref().ok())
        .collect();
    let errors = rows.len() - valid.len();
    let mut micro = MicroSummary {
        num_valid: valid.len(),
        num_total: rows.len(),
        ..MicroSummary::default()
    };
    let mut macro_ = MacroSummary {
        num_total: rows.len(),
        ..MacroSummary::default()
    };
    // An error row is a 0 in every macro mean.
    let zeros = || std::iter::repeat_n(Some(0.0), errors);
    for l in 0..4 {
        let lv: Vec<_> = valid.iter().filter_map(|e| e.final_[l]).collect();
        if lv.is_empty() {
            continue;
        }
        let sum = |f: fn(&super::Level) -> i64| lv.iter().map(f).sum::<i64>();
        let (i, g, p) = (
            sum(|x| x.intersection),
            sum(|x| x.gold_size),
            sum(|x| x.pred_size),
        );
        micro.final_[l] = Some((div(i, g, mode), div(i, p, mode)));
        micro.traj_auc[l] = mean(valid.iter().map(|e| e.trajectory.auc[l]));
        micro.traj_redundancy[l] = mean(valid.iter().map(|e| e.trajectory.redundancy[l]));
        macro_.final_[l] = Some([
            mean(lv.iter().map(|x| x.coverage).chain(zeros())),
            mean(lv.iter().map(|x| x.precision).chain(zeros())),
            mean(
                lv.iter()
                    .map(|x| f1(x.coverage, x.precision))
                    .chain(zeros()),
            ),
        ]);
        macro_.auc[l] = mean(valid.iter().map(|e| e.trajectory.auc[l]).chain(zeros()));
        macro_.redundancy[l] = mean(
            valid
                .iter()
                .map(|e| e.trajectory.redundancy[l])
                .chain(zeros()),
        );
    }
    let el: Vec<_> = valid.iter().filter_map(|e| e.editloc).collect();
    if !el.is_empty() {
        let (i, g, p) = el.iter().fold((0, 0, 0), |a, x| {
            (a.0 + x.intersection, a.1 + x.gold_size, a.2 + x.pred_size)
        });
        micro.editloc = Some((div(i, g, mode), div(i, p, mode)));
        macro_.editloc = Some([
            mean(el.iter().map(|x| x.recall).chain(zeros())),
            mean(el.iter().map(|x| x.precision).chain(zeros())),
            mean(el.iter().map(|x| f1(x.recall, x.precision)).chain(zeros())),
        ]);
    }
    if mode == Mode::Clean {
        macro_.usage_drop = mean(valid.iter().map(|e| e.usage_drop));
    }
    Summary { micro, macro_ }
}
