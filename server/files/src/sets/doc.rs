//! The rows and totals of several gold sets side by side, as every edge gives them: one row per
//! (task, run) with each set's figures under its name (`gold_sets`) and the run's label
//! (`resolved`), and one totals record per set. `readcov score --format json/jsonl` prints these
//! values, its csv flattens them, and Python's `readcov.score_sets` hands them over as dicts.

use super::{GoldSets, Key, Set};
use readcov_core::TaskRunScore;
use readcov_units::{UnitScore, UNIT_KEYS};
use serde_json::{json, Value};
use std::collections::BTreeSet;

impl GoldSets {
    /// Every (task, run) of any set, in order.
    pub fn pairs(&self) -> BTreeSet<Key> {
        (self.sets.iter())
            .flat_map(|s| s.rows.keys().cloned())
            .collect()
    }

    /// The label of a run (`None` without labels, or for a run they do not name).
    pub fn resolved(&self, (task, run): &Key) -> Option<bool> {
        self.outcomes.as_ref().and_then(|o| o.get(task, run))
    }

    /// One row: `task`, `run`, `resolved`, and each set's figures (null where the set has no
    /// such row).
    pub fn row_value(&self, key: &Key) -> Value {
        let per: serde_json::Map<String, Value> = (self.sets.iter())
            .map(|s| (s.name.clone(), set_value_of(s, key)))
            .collect();
        json!({"task": key.0, "run": key.1, "resolved": self.resolved(key), "gold_sets": per})
    }

    /// Every row, in order.
    pub fn row_values(&self) -> Vec<Value> {
        self.pairs().iter().map(|k| self.row_value(k)).collect()
    }

    /// One totals record per set: its summary figures, note and resolve rate by coverage.
    pub fn totals_values(&self) -> Vec<Value> {
        (self.sets.iter())
            .map(|s| {
                let t = s.totals();
                json!({"gold_set": s.name, "scored": t.scored, "at_or_above_threshold": t.passing,
                       "mean_file_hit": t.mean_file_hit, "mean_line_coverage": t.mean_line_coverage,
                       "note": s.note, "resolve_by_coverage": self.outcomes.as_ref().map(|o| s.buckets(o))})
            })
            .collect()
    }
}

/// One set's figures for a row, or null when it has none.
pub fn set_value_of(s: &Set, key: &Key) -> Value {
    s.rows
        .get(key)
        .map_or(Value::Null, |r| set_value(r, s.units.get(key)))
}

/// Per set: its line figures, and the unit keys `score` prints with a workspace.
pub fn set_value(r: &TaskRunScore, unit: Option<&UnitScore>) -> Value {
    let mut v = json!({"file_hit": r.score.file_hit, "line_coverage": r.score.line_coverage,
        "passes_threshold": r.score.passes_threshold, "gold_lines": r.score.gold_lines,
        "covered_lines": r.score.covered_lines, "status": r.score.status});
    if let (Some(u), Value::Object(map)) = (unit, &mut v) {
        let u = serde_json::to_value(u).expect("serialisable");
        for k in UNIT_KEYS {
            map.insert(k.to_string(), u[k].clone());
        }
    }
    v
}
