//! Each run's change, for the edit and change stages (`readcov diagnose`, `readcov explain`, the
//! language server's `readcov/explain`): the first that exists of its SWE-bench predictions entry
//! (`--patches`, the server's `patches`), the final patch its log carries, and its edits replayed
//! on the base files. One matching rule for every edge, so the CLI and the server pair the same
//! entry with the same run.

use readcov_core::stages::ChangeSource;
use readcov_gold::diagnose::AgentChange;
use readcov_import::RunChange;
use readcov_patch::Prediction;
use std::collections::{BTreeMap, BTreeSet};

/// The known changes: predictions entries by (task, run named), the logs' own by (task, run),
/// and the runs of each task (a task's only entry pairs with its only run).
#[derive(Clone, Debug, Default)]
pub struct RunChanges {
    /// `None` run: the entry names no run.
    predictions: BTreeMap<(String, Option<String>), AgentChange>,
    /// The predictions' keys in the order the entries came (each once, where it first came), so
    /// a note names the entries no run took as the user wrote them.
    order: Vec<(String, Option<String>)>,
    logged: BTreeMap<(String, String), AgentChange>,
    runs_of: BTreeMap<String, BTreeSet<String>>,
}

impl RunChanges {
    /// Predictions entries (a later entry for the same task and run wins, as in a JSON object).
    pub fn add_predictions(&mut self, preds: impl IntoIterator<Item = Prediction>) {
        for p in preds {
            let change = AgentChange {
                source: ChangeSource::Patches,
                patch: p.patch.unwrap_or_default(),
                lost: p.partial,
            };
            let key = (p.task, p.run);
            if !self.predictions.contains_key(&key) {
                self.order.push(key.clone());
            }
            self.predictions.insert(key, change);
        }
    }

    /// The changes an imported trajectory carries: its submitted patch (`log`), else its
    /// replayed edits (`replay`, with what the replay lost).
    pub fn add_logged<'a>(&mut self, changes: impl IntoIterator<Item = &'a RunChange>) {
        for c in changes {
            let source = match c.submitted {
                Some(_) => ChangeSource::Log,
                None => ChangeSource::Replay,
            };
            let Some((patch, lost)) = c.best() else {
                continue;
            };
            let change = AgentChange {
                source,
                patch: patch.to_string(),
                lost: lost.to_vec(),
            };
            self.logged.insert((c.task.clone(), c.run.clone()), change);
        }
    }

    /// A run seen in the reads of `task`.
    pub fn add_run(&mut self, task: &str, run: &str) {
        if !self.runs_of.get(task).is_some_and(|r| r.contains(run)) {
            (self.runs_of.entry(task.to_string()).or_default()).insert(run.to_string());
        }
    }

    /// A run's change: its predictions entry, else (a task's only entry, for its only run) that
    /// one, else its log's patch or its replay.
    pub fn change(&self, task: &str, run: &str) -> Option<AgentChange> {
        match self.prediction_of(task, run) {
            Some(key) => self.predictions.get(key).cloned(),
            None => self
                .logged
                .get(&(task.to_string(), run.to_string()))
                .cloned(),
        }
    }

    /// The predictions entry a run takes: the one naming it, or its task's only entry when the
    /// task has only this run.
    pub fn prediction_of(&self, task: &str, run: &str) -> Option<&(String, Option<String>)> {
        let exact = (task.to_string(), Some(run.to_string()));
        if let Some((k, _)) = self.predictions.get_key_value(&exact) {
            return Some(k);
        }
        let mut of_task = self.predictions.keys().filter(|(t, _)| t == task);
        let only = of_task.next()?;
        let one_run = self.runs_of.get(task).is_some_and(|r| r.len() == 1);
        (of_task.next().is_none() && one_run).then_some(only)
    }

    /// The predictions entries none of `runs` (task, run) takes, as (task, `model_name_or_path`),
    /// in the order they came.
    pub fn unused_predictions<'a>(
        &self,
        runs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Vec<(&str, Option<&str>)> {
        let used: BTreeSet<&(String, Option<String>)> = (runs.into_iter())
            .filter_map(|(t, r)| self.prediction_of(t, r))
            .collect();
        (self.order.iter())
            .filter(|k| !used.contains(k))
            .map(|(t, r)| (t.as_str(), r.as_deref()))
            .collect()
    }
}

#[cfg(test)]
mod tests;
