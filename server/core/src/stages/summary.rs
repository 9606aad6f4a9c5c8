//! The summary per group of runs (per run name — an agent or a model — or another key the
//! caller picks): runs, resolved when labelled, verdict counts and resolve rate per verdict,
//! and the mean of each stage figure over the runs where it is known (with that count). Kept as
//! sums that merge exactly, so `--shard` partials merged give the figures of one run.

use super::model::{RunStages, Verdict};
use crate::batch::ExactSum;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A mean's sum and count, as an [`ExactSum`] (order-independent). Figures that may exceed 1
/// (units read per unit needed) are summed divided by [`WIDE_MAX`], so every added value is in
/// [0, 1] and a partial's sum is checked the same way as `score`'s (at most its count).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageSums {
    pub n: u64,
    pub sum: ExactSum,
}

/// Wide figures are clamped to this before they are summed (22 units read per unit needed is
/// TRAJEVAL's mean; a million is beyond any run).
pub const WIDE_MAX: f64 = 1e6;

impl StageSums {
    fn add(&mut self, x: f64, wide: bool) {
        self.n += 1;
        self.sum.add(if wide { x / WIDE_MAX } else { x });
    }

    fn merge(&mut self, o: &StageSums) {
        self.n += o.n;
        self.sum.merge(&o.sum);
    }

    fn mean(&self, wide: bool) -> Option<f64> {
        let m = self.sum.mean(self.n)?;
        Some(if wide { m * WIDE_MAX } else { m })
    }
}

/// The figures summarised, in table order: (name, may exceed 1).
pub const FIGURES: [(&str, bool); 12] = [
    ("search_recall", false),
    ("search_precision", false),
    ("line_coverage", false),
    ("unit_coverage", false),
    ("unit_precision", false),
    ("units_read_per_needed", true),
    ("edit_recall", false),
    ("edit_precision", false),
    ("edit_file_recall", false),
    ("edit_file_precision", false),
    ("change_same", false),
    ("change_similarity", false),
];

/// One run's figures, by [`FIGURES`] name (`None`: unknown for this run).
fn figures(s: &RunStages) -> [Option<f64>; 12] {
    let st = &s.stages;
    let units = st.change.units.as_deref().unwrap_or(&[]);
    let compared: Vec<_> = units.iter().filter(|u| u.same.is_some()).collect();
    let mean = |v: Vec<f64>| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    [
        st.search.recall,
        st.search.precision,
        st.read.line_coverage,
        st.read.unit_coverage,
        st.read.unit_precision,
        st.read.units_read_per_needed,
        st.edit.recall,
        st.edit.precision,
        st.edit.file_recall,
        st.edit.file_precision,
        mean(
            compared
                .iter()
                .map(|u| f64::from(u.same == Some(true)))
                .collect(),
        ),
        mean(compared.iter().filter_map(|u| u.similarity).collect()),
    ]
}

/// A group's sums.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupSums {
    pub runs: u64,
    /// Runs with an outcome label, and those resolved.
    pub labelled: u64,
    pub resolved: u64,
    /// By verdict name: runs, labelled runs, resolved runs.
    pub verdicts: BTreeMap<String, [u64; 3]>,
    pub figures: BTreeMap<String, StageSums>,
}

impl GroupSums {
    fn merge(&mut self, o: &GroupSums) {
        self.runs += o.runs;
        self.labelled += o.labelled;
        self.resolved += o.resolved;
        for (v, c) in &o.verdicts {
            let e = self.verdicts.entry(v.clone()).or_default();
            (0..3).for_each(|i| e[i] += c[i]);
        }
        for (f, s) in &o.figures {
            self.figures.entry(f.clone()).or_default().merge(s);
        }
    }
}

/// The mergeable aggregate of a diagnosis (the `diagnose` kind of `--emit-partial`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DiagnosePartial {
    pub threshold: f64,
    /// What runs are grouped by (`run`, or the field named by `--group-by`).
    pub group_by: String,
    pub groups: BTreeMap<String, GroupSums>,
}

impl DiagnosePartial {
    pub fn new(threshold: f64, group_by: &str) -> DiagnosePartial {
        DiagnosePartial {
            threshold,
            group_by: group_by.to_string(),
            groups: BTreeMap::new(),
        }
    }

    /// Adds one run, in group `group`.
    pub fn add(&mut self, group: &str, s: &RunStages) {
        let g = self.groups.entry(group.to_string()).or_default();
        g.runs += 1;
        let (labelled, resolved) = match s.resolved {
            Some(r) => (1, u64::from(r)),
            None => (0, 0),
        };
        g.labelled += labelled;
        g.resolved += resolved;
        let v = g
            .verdicts
            .entry(s.verdict.as_str().to_string())
            .or_default();
        v[0] += 1;
        v[1] += labelled;
        v[2] += resolved;
        for ((name, wide), x) in FIGURES.iter().zip(figures(s)) {
            if let Some(x) = x {
                g.figures.entry(name.to_string()).or_default().add(x, *wide);
            }
        }
    }

    pub fn merge(&mut self, o: &DiagnosePartial) {
        for (k, og) in &o.groups {
            self.groups.entry(k.clone()).or_default().merge(og);
        }
    }

    /// The summary rows, one per group in name order, and one for all runs (`*`) when there
    /// are several groups.
    pub fn finish(&self) -> Vec<GroupSummary> {
        let mut out: Vec<GroupSummary> = (self.groups.iter())
            .map(|(k, g)| GroupSummary::of(k, g))
            .collect();
        if self.groups.len() > 1 {
            let mut all = GroupSums::default();
            self.groups.values().for_each(|g| all.merge(g));
            out.push(GroupSummary::of("*", &all));
        }
        out
    }
}

/// One group's summary row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupSummary {
    pub group: String,
    pub runs: u64,
    pub labelled: u64,
    pub resolved: u64,
    /// Runs per verdict, every verdict listed (0 when none).
    pub verdicts: BTreeMap<String, u64>,
    /// Resolved / labelled runs per verdict (`null` with no labelled run of that verdict).
    pub resolve_rate: BTreeMap<String, Option<f64>>,
    /// Mean of each figure over the runs where it is known, and that count.
    pub mean: BTreeMap<String, Option<f64>>,
    pub known: BTreeMap<String, u64>,
}

impl GroupSummary {
    fn of(name: &str, g: &GroupSums) -> GroupSummary {
        let mut verdicts = BTreeMap::new();
        let mut resolve_rate = BTreeMap::new();
        for v in Verdict::ALL {
            let c = g.verdicts.get(v.as_str()).copied().unwrap_or_default();
            verdicts.insert(v.as_str().to_string(), c[0]);
            resolve_rate.insert(
                v.as_str().to_string(),
                (c[1] > 0).then(|| c[2] as f64 / c[1] as f64),
            );
        }
        let (mut mean, mut known) = (BTreeMap::new(), BTreeMap::new());
        for (f, wide) in FIGURES {
            let s = g.figures.get(f).cloned().unwrap_or_default();
            mean.insert(f.to_string(), s.mean(wide));
            known.insert(f.to_string(), s.n);
        }
        GroupSummary {
            group: name.to_string(),
            runs: g.runs,
            labelled: g.labelled,
            resolved: g.resolved,
            verdicts,
            resolve_rate,
            mean,
            known,
        }
    }
}
