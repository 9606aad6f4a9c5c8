//! Mergeable aggregate of `readcov sheet` (`--shard I/N --emit-partial`): the denominators
//! overall and every condition's [`ConditionCounts`]. Merging adds the counts and derives the
//! rates and pass^k figures with the same functions one run uses, so the result is exactly the
//! unsharded sheet's aggregate.

use super::aggregate::{summarise, ConditionCounts, ConditionSummary, Denominators};
use super::evaluate::Sheet;
use super::pass_sets::CommonSets;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetPartial {
    pub threshold: f64,
    /// The k values of pass^k / pass@k.
    pub ks: Vec<u32>,
    /// `--regeneration-limit` (partials of different limits do not add up).
    #[serde(default)]
    pub regeneration_limit: Option<u32>,
    pub overall: Denominators,
    pub conditions: Vec<ConditionCounts>,
}

impl SheetPartial {
    /// The aggregate part of a sheet graded with pass^k for `ks`.
    pub fn of(sheet: &Sheet, ks: &[u32]) -> SheetPartial {
        SheetPartial {
            threshold: sheet.threshold,
            ks: super::passk::distinct_ks(ks),
            regeneration_limit: sheet.regeneration_limit,
            overall: sheet.overall.clone(),
            conditions: sheet.conditions.iter().map(|c| c.counts.clone()).collect(),
        }
    }

    fn by_name(&self) -> BTreeMap<String, ConditionCounts> {
        self.conditions
            .iter()
            .map(|c| (c.condition.clone(), c.clone()))
            .collect()
    }

    /// Adds `o` (same threshold and ks: the caller checks). Conditions and their tasks stay
    /// sorted by name, as one run sorts them.
    pub fn merge(&mut self, o: &SheetPartial) {
        self.overall.merge(&o.overall);
        let mut by_name = self.by_name();
        for c in &o.conditions {
            by_name
                .entry(c.condition.clone())
                .or_insert_with(|| ConditionCounts::new(&c.condition))
                .merge(c);
        }
        self.conditions = by_name.into_values().collect();
    }

    /// Per-condition summaries with pass^k / pass@k recomputed from the tasks' (n, c), and the
    /// common task sets.
    pub fn conditions(&self) -> (Vec<ConditionSummary>, CommonSets) {
        summarise(&self.by_name(), &self.ks)
    }
}
