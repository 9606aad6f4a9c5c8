//! Runs named outside the reads: per-run outcome labels (`--outcomes`) and the sheet's run
//! records name runs an evaluation planned, whether or not they read anything. The one rule for
//! them, kept by the scoring walk (`batch::score_tasks_named`) for score, report, explain and the
//! sheet alike: a named run with no reads *exists* — it looked and read nothing — so for a task
//! with gold it is a scored row with line coverage 0, counted in every denominator and mean.
//! Only a task that no run reads and no label or record names is `no run` (not scored).
//! A named run of a task with no gold adds no row (there is nothing to measure and nothing read).
//! `report --runs` names the records' runs for the page's rows too, save the invalid ones
//! (`readcov_files::report::record_runs`): an invalid trial's missing reads are no 0.

use crate::outcomes::Outcomes;

/// The (task, run) pairs named outside the reads, sorted and distinct.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NamedRuns {
    pairs: Vec<(String, String)>,
}

impl NamedRuns {
    /// The pairs given, sorted and distinct.
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> NamedRuns {
        let mut pairs: Vec<(String, String)> = pairs.into_iter().collect();
        pairs.sort_unstable();
        pairs.dedup();
        NamedRuns { pairs }
    }

    /// The runs the per-run labels name (a label for a whole task names no run).
    pub fn of_outcomes(o: &Outcomes) -> NamedRuns {
        NamedRuns::new(o.runs().map(|(t, r, _)| (t.to_string(), r.to_string())))
    }

    /// The runs the labels name (`outcomes`, when given) and `more` names (`report --runs`: the
    /// run records'), sorted and distinct: the one set a report's rows and its gold sets take.
    pub fn of_labels_and(outcomes: Option<&Outcomes>, more: &NamedRuns) -> NamedRuns {
        let labelled = outcomes.map(NamedRuns::of_outcomes).unwrap_or_default();
        NamedRuns::new(labelled.pairs.into_iter().chain(more.pairs.iter().cloned()))
    }

    /// Only the pairs whose task `keep` accepts (a shard's tasks).
    pub fn retain_tasks(&mut self, keep: impl Fn(&str) -> bool) {
        self.pairs.retain(|(t, _)| keep(t));
    }

    /// The pairs as borrowed names, in (task, run) order: what the walk takes.
    pub fn as_refs(&self) -> Vec<(&str, &str)> {
        self.pairs
            .iter()
            .map(|(t, r)| (t.as_str(), r.as_str()))
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Whether some pair is of a task `gold` has: only such a pair may add a row. With one gold
    /// set, adding the labelled runs that read nothing is all `score --outcomes` does, so when
    /// none is (labels of other tasks, or labels of whole tasks, which name no run) the labels
    /// change nothing and the CLI says so (before session 31, silently).
    pub fn names_a_run_of(&self, gold: &[crate::GoldSpan]) -> bool {
        let tasks: std::collections::HashSet<&str> = gold.iter().map(|g| g.task.as_str()).collect();
        self.pairs.iter().any(|(t, _)| tasks.contains(t.as_str()))
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }
}

#[cfg(test)]
mod tests;
