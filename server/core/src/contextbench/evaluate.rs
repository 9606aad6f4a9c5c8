//! One instance in one mode: the reference evaluator's `evaluate_instance` — final context at
//! four levels, the trajectory's AUC and redundancy, edit location — plus readcov's usage drop.

use super::blockset::BlockSet;
use super::input::{GoldRow, PredRow, Step};
use super::ivs::{self, per_file, PerFile};
use super::paths::{gold_path, resolve, unresolved};
use super::source::Files;
use super::FastMap as HashMap;
use super::{CbError, Mode};
use std::collections::{BTreeMap, BTreeSet};

mod editloc;

use editloc::edit_location;
pub use editloc::EditLoc;

/// Coverage and precision at one level, with the sizes they come from. `None` is unscored
/// (clean mode, empty denominator); compat always has a number.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    pub coverage: Option<f64>,
    pub precision: Option<f64>,
    pub intersection: i64,
    pub gold_size: i64,
    pub pred_size: i64,
}

/// The final context at each level (`None`: the level is off — no checkout for span, no
/// checkout or no block source for symbol).
pub type Final = [Option<Level>; 4];

/// Coverage of the cumulative context after one step, per level.
pub type TrajStep = [Option<f64>; 4];

/// The trajectory metrics per level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectory {
    pub steps: Vec<TrajStep>,
    pub auc: [Option<f64>; 4],
    pub redundancy: [Option<f64>; 4],
}

/// One instance's numbers in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    pub num_steps: usize,
    /// Which levels were computed: file, symbol, span, line.
    pub on: [bool; 4],
    pub final_: Final,
    pub trajectory: Trajectory,
    pub editloc: Option<EditLoc>,
    /// Of the gold lines seen during the run, the share missing from the final context.
    pub usage_drop: Option<f64>,
}

/// A step's content in the four representations.
#[derive(Default)]
struct Sets {
    files: BTreeSet<String>,
    blocks: BlockSet,
    bytes: PerFile,
    lines: PerFile,
}

fn ratio(num: i64, den: i64, empty: f64, mode: Mode) -> Option<f64> {
    if den > 0 {
        Some(num as f64 / den as f64)
    } else {
        (mode == Mode::Compat).then_some(empty)
    }
}

fn level(inter: i64, gold: i64, pred: i64, mode: Mode) -> Level {
    Level {
        coverage: ratio(inter, gold, 1.0, mode),
        precision: ratio(inter, pred, 1.0, mode),
        intersection: inter,
        gold_size: gold,
        pred_size: pred,
    }
}

/// Scores `pred` against `gold`. `files` is the instance's checkout (`None`: no
/// `--workspaces`, so paths are not resolved and the span and symbol levels are off).
pub fn evaluate(
    gold: &GoldRow,
    pred: &PredRow,
    mut files: Option<&mut Files>,
    mode: Mode,
) -> Result<Evaluation, CbError> {
    let mut cache: HashMap<String, Option<String>> = HashMap::default();
    let mut resolve_path = |raw: &str, files: &mut Option<&mut Files>| -> Option<String> {
        if let Some(r) = cache.get(raw) {
            return r.clone();
        }
        let r = match files {
            Some(f) => resolve(raw, &mut |p| f.is_file(p)),
            None => unresolved(raw),
        };
        cache.insert(raw.to_string(), r.clone());
        r
    };
    let mut filter = |s: &Step, files: &mut Option<&mut Files>| -> Step {
        let fs: BTreeSet<String> = s
            .files
            .iter()
            .filter_map(|f| resolve_path(f, files))
            .collect();
        let spans = s
            .spans
            .iter()
            .filter_map(|(f, a, b)| resolve_path(f, files).map(|p| (p, *a, *b)))
            .collect();
        let mut syms: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (f, names) in s.symbols.iter().filter(|(_, n)| !n.is_empty()) {
            if let Some(p) = resolve_path(f, files) {
                syms.entry(p).or_default().extend(names.iter().cloned());
            }
        }
        Step {
            files: fs.into_iter().collect(),
            spans,
            symbols: syms.into_iter().collect(),
        }
    };
    let final_step = filter(&pred.final_step, &mut files);
    let steps: Vec<Step> = if pred.steps.is_empty() {
        vec![final_step.clone()]
    } else {
        pred.steps.iter().map(|s| filter(s, &mut files)).collect()
    };
    if final_step.files.is_empty() && final_step.spans.is_empty() {
        return Err(CbError::NoContextExtracted);
    }
    let has_bytes = files.is_some();
    let has_blocks = files.as_ref().is_some_and(|f| f.has_blocks());
    let on = [true, has_blocks, has_bytes, true];

    // Gold: files, bytes and blocks from init + add; lines (and edit location) from init only.
    let all = gold.init.iter().chain(&gold.add);
    let norm = |f: &str| gold_path(f, mode);
    let gold_files: BTreeSet<String> = all
        .clone()
        .map(|it| norm(&it.file))
        .filter(|p| mode == Mode::Compat || !p.is_empty())
        .collect();
    let mut g = Sets {
        files: gold_files,
        lines: per_file(
            gold.init
                .iter()
                .map(|it| (norm(&it.file), (it.start, it.end)))
                .filter(|(p, _)| !p.is_empty())
                .collect::<Vec<_>>()
                .iter()
                .map(|(p, iv)| (p.as_str(), *iv)),
        ),
        ..Sets::default()
    };
    if let Some(f) = files.as_deref_mut() {
        let mut bytes = Vec::new();
        for it in all {
            let p = norm(&it.file);
            if p.is_empty() {
                continue;
            }
            if let Some(iv) = f.line_to_byte(&p, it.start, it.end, mode) {
                bytes.push((p, iv));
            }
        }
        g.bytes = per_file(bytes.iter().map(|(p, iv)| (p.as_str(), *iv)));
        if has_blocks {
            g.blocks = f.blocks_in_spans(&g.bytes, mode);
        }
    }

    let sets = |s: &Step, files: &mut Option<&mut Files>| -> Sets {
        let mut out = Sets {
            files: s.files.iter().cloned().collect(),
            ..Sets::default()
        };
        let lines = s.spans.iter().filter_map(|(p, a, b)| match mode {
            Mode::Compat => (*a > 0 && *b > 0).then_some((p.as_str(), (*a, *b))),
            Mode::Clean => (*b >= 1).then_some((p.as_str(), ((*a).max(1), *b))),
        });
        out.lines = per_file(lines);
        if let Some(f) = files.as_deref_mut() {
            let bytes: Vec<_> = s
                .spans
                .iter()
                .filter_map(|(p, a, b)| f.line_to_byte(p, *a, *b, mode).map(|iv| (p.as_str(), iv)))
                .collect();
            out.bytes = per_file(bytes);
            if f.has_blocks() {
                out.blocks = if s.symbols.is_empty() {
                    f.blocks_in_spans(&out.bytes, mode)
                } else {
                    f.blocks_by_name(&s.symbols, mode)
                };
            }
        }
        out
    };

    let fin = sets(&final_step, &mut files);
    let final_ = [
        Some(level(
            fin.files.intersection(&g.files).count() as i64,
            g.files.len() as i64,
            fin.files.len() as i64,
            mode,
        )),
        has_blocks.then(|| {
            level(
                fin.blocks.common(&g.blocks) as i64,
                g.blocks.len() as i64,
                fin.blocks.len() as i64,
                mode,
            )
        }),
        has_bytes.then(|| {
            level(
                ivs::inter_total(&fin.bytes, &g.bytes),
                ivs::total(&g.bytes),
                ivs::total(&fin.bytes),
                mode,
            )
        }),
        Some(level(
            ivs::inter_total(&fin.lines, &g.lines),
            ivs::total(&g.lines),
            ivs::total(&fin.lines),
            mode,
        )),
    ];

    // Trajectory: coverage of the cumulative union after each step; redundancy from sizes.
    let gold_sizes = [
        g.files.len() as i64,
        g.blocks.len() as i64,
        ivs::total(&g.bytes),
        ivs::total(&g.lines),
    ];
    let mut union = Sets::default();
    let mut sums = [0i64; 4];
    let mut traj = Trajectory::default();
    for s in &steps {
        let st = sets(s, &mut files);
        union.files.extend(st.files.iter().cloned());
        union.blocks.extend(&st.blocks);
        ivs::union_into(&mut union.bytes, &st.bytes);
        ivs::union_into(&mut union.lines, &st.lines);
        let inter = [
            union.files.intersection(&g.files).count() as i64,
            union.blocks.common(&g.blocks) as i64,
            ivs::inter_total(&union.bytes, &g.bytes),
            ivs::inter_total(&union.lines, &g.lines),
        ];
        let mut cov: TrajStep = [None; 4];
        for l in 0..4 {
            cov[l] = ratio(inter[l], gold_sizes[l], 1.0, mode);
        }
        // The reference scores line coverage 0.0 when the gold has no line at all.
        if mode == Mode::Compat && g.lines.is_empty() {
            cov[3] = Some(0.0);
        }
        traj.steps.push(cov);
        sums[0] += st.files.len() as i64;
        sums[1] += st.blocks.len() as i64;
        sums[2] += ivs::total(&st.bytes);
        sums[3] += ivs::total(&st.lines);
    }
    let union_sizes = [
        union.files.len() as i64,
        union.blocks.len() as i64,
        ivs::total(&union.bytes),
        ivs::total(&union.lines),
    ];
    for l in 0..4 {
        let vals: Option<Vec<f64>> = traj.steps.iter().map(|c| c[l]).collect();
        traj.auc[l] = vals.map(|v| v.iter().sum::<f64>() / v.len() as f64);
        traj.redundancy[l] = if sums[l] > 0 {
            Some(1.0 - union_sizes[l] as f64 / sums[l] as f64)
        } else {
            (mode == Mode::Compat).then_some(0.0)
        };
    }

    let editloc = edit_location(gold, pred, &g.lines, mode);

    // Usage drop: gold lines seen at some step but missing from the final context.
    let seen = ivs::intersect_map(&union.lines, &g.lines);
    let seen_n = ivs::total(&seen);
    let usage_drop =
        (seen_n > 0).then(|| 1.0 - ivs::inter_total(&seen, &fin.lines) as f64 / seen_n as f64);

    Ok(Evaluation {
        num_steps: steps.len(),
        on,
        final_,
        trajectory: traj,
        editloc,
        usage_drop,
    })
}
