//! Scoring against consensus without circularity. A resolved run is scored against the consensus
//! of the *other* resolved runs of its task (n − 1 runs). A failed run was never part of the
//! consensus; scoring it against the full one (n runs) would make it face a different gold — with
//! `--agree K`, a larger one (n runs reach K on more lines than n − 1 do) — so by default it is
//! matched: scored against each of the n consensuses of n − 1 runs, and the scores averaged
//! ([`Others::Matched`]); [`Others::Full`] keeps the full consensus. Each gold is scored by core's
//! one engine, `score_batch`; no other scoring path.

use crate::consensus::{prepare, task_consensus, Prepared, RunsInput, Short, TaskConsensus};
use crate::{ConsensusOptions, Notes};
use readcov_core::metrics::{FileLengths, RunScore, Status};
use readcov_core::span::{GoldSpan, ReadSpan, Source};
use readcov_core::{score_batch_named, NamedRuns, ScoreOptions, TaskRunScore};
use std::collections::{BTreeMap, BTreeSet};

/// The gold a run outside the consensus (a failed run) is scored against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Others {
    /// Each consensus of n − 1 resolved runs, scores averaged: the gold a resolved run faces.
    #[default]
    Matched,
    /// The consensus of all n resolved runs.
    Full,
}

impl Others {
    /// `matched` or `full`.
    pub fn parse(s: &str) -> Result<Others, String> {
        match s {
            "matched" => Ok(Others::Matched),
            "full" => Ok(Others::Full),
            _ => Err(format!("`{s}` is not `matched` or `full`")),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Others::Matched => "matched",
            Others::Full => "full",
        }
    }
}

/// One run's leave-one-out gold: the consensus builds it is scored against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaveOneOut {
    pub task: String,
    pub run: String,
    /// Whether `run` was among the runs the full consensus is built from (and so left out here).
    pub left_out: bool,
    /// A resolved run: one build, without it. Another run: under [`Others::Matched`] one build
    /// per resolved run left out, under [`Others::Full`] the full consensus. Empty when too few
    /// runs remain (noted).
    pub golds: Vec<TaskConsensus>,
}

/// For every labelled (task, run) with agent reads, and every labelled run of those tasks that
/// read nothing: the consensus builds it is scored against.
/// Notes: a task whose full consensus has too few runs once (its runs get no gold), a run whose
/// n − 1 builds have too few once per run.
pub fn leave_one_out(
    input: &RunsInput,
    opts: &ConsensusOptions,
    others: Others,
) -> (Vec<LeaveOneOut>, Notes) {
    let Prepared {
        resolved,
        mut notes,
    } = prepare(input);
    let mut by_task: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for r in &input.reads {
        if r.source == Source::Agent && input.outcomes.get(&r.task, &r.run).is_some() {
            by_task.entry(&r.task).or_default().insert(&r.run);
        }
    }
    // A labelled run that read nothing still ran (`readcov_core::named`): scored, coverage 0,
    // in a task some labelled run read for (a task nobody read has no consensus to face).
    for (task, run, _) in input.outcomes.runs() {
        if let Some(runs) = by_task.get_mut(task) {
            runs.insert(run);
        }
    }
    let empty = BTreeMap::new();
    let mut out = Vec::new();
    for (task, runs) in by_task {
        let members = resolved.get(task).unwrap_or(&empty);
        let full = task_consensus(task, members, None, opts);
        if let Err(short) = &full {
            let msg = format!(
                "{} resolved run(s) with reads, {} ({} run(s) not scored)",
                short.have,
                short.option(),
                runs.len()
            );
            notes.push(short.kind(false), task, "", msg);
        }
        // The n builds of n − 1 runs, made once per task when some run needs them.
        let mut cache: Option<BTreeMap<&str, Result<TaskConsensus, Short>>> = None;
        let mut without = |skip: &str| {
            cache
                .get_or_insert_with(|| {
                    members
                        .keys()
                        .map(|m| (m.as_str(), task_consensus(task, members, Some(m), opts)))
                        .collect()
                })
                .get(skip)
                .cloned()
        };
        for run in runs {
            let left_out = members.contains_key(run);
            let golds = match (&full, left_out, others) {
                (Err(_), _, _) => Vec::new(),
                (Ok(f), false, Others::Full) => vec![f.clone()],
                (Ok(_), true, _) => match without(run) {
                    Some(Ok(g)) => vec![g],
                    Some(Err(short)) => {
                        note_short(&mut notes, task, run, &short, "without it");
                        Vec::new()
                    }
                    None => Vec::new(),
                },
                (Ok(_), false, Others::Matched) => {
                    let builds: Result<Vec<_>, Short> =
                        members.keys().filter_map(|m| without(m)).collect();
                    builds.unwrap_or_else(|short| {
                        note_short(
                            &mut notes,
                            task,
                            run,
                            &short,
                            "in each build of all but one",
                        );
                        Vec::new()
                    })
                }
            };
            out.push(LeaveOneOut {
                task: task.to_string(),
                run: run.to_string(),
                left_out,
                golds,
            });
        }
    }
    (out, notes)
}

fn note_short(notes: &mut Notes, task: &str, run: &str, short: &Short, how: &str) {
    let msg = format!(
        "{} resolved run(s) left {how}, {}",
        short.have,
        short.option()
    );
    notes.push(short.kind(true), task, run, msg);
}

/// One run's score against its leave-one-out consensus.
#[derive(Clone, Debug)]
pub struct LooScore {
    pub row: TaskRunScore,
    /// Whether the run was left out of its gold (it is one of the task's resolved runs).
    pub left_out: bool,
    /// How many consensus builds the row averages (1 unless a matched failed run).
    pub builds: usize,
}

/// Every labelled run (with reads, or none: coverage 0), scored against its leave-one-out consensus (see
/// [`leave_one_out`]); a run with several builds gets the mean of its scores ([`mean_score`]). Runs
/// with no build get no row (noted). `lengths` gives each task's file lengths from its reads.
pub fn score_leave_one_out<L: FileLengths>(
    input: &RunsInput,
    consensus: &ConsensusOptions,
    others: Others,
    mut lengths: impl FnMut(&str, &[ReadSpan]) -> L,
    opts: &ScoreOptions,
) -> (Vec<LooScore>, Notes) {
    let (loo, notes) = leave_one_out(input, consensus, others);
    let mut by_run: BTreeMap<(&str, &str), Vec<ReadSpan>> = BTreeMap::new();
    let mut by_task: BTreeMap<&str, Vec<ReadSpan>> = BTreeMap::new();
    for r in &input.reads {
        by_run.entry((&r.task, &r.run)).or_default().push(r.clone());
        by_task.entry(&r.task).or_default().push(r.clone());
    }
    let mut out = Vec::new();
    let mut task_lengths: Option<(&str, L)> = None;
    for l in &loo {
        if l.golds.is_empty() {
            continue;
        }
        if task_lengths.as_ref().is_none_or(|(t, _)| *t != l.task) {
            let reads = by_task.get(l.task.as_str()).map(Vec::as_slice);
            task_lengths = Some((&l.task, lengths(&l.task, reads.unwrap_or_default())));
        }
        let Some((_, len)) = &task_lengths else {
            continue;
        };
        let reads = by_run
            .get(&(l.task.as_str(), l.run.as_str()))
            .map(Vec::as_slice)
            .unwrap_or_default();
        let scores: Vec<TaskRunScore> = l
            .golds
            .iter()
            .flat_map(|gold| {
                let spans: Vec<GoldSpan> = gold.rows(false).iter().map(|r| r.span()).collect();
                let named = NamedRuns::new([(l.task.clone(), l.run.clone())]);
                score_batch_named(&spans, reads, &named, len, opts)
                    .into_iter()
                    .filter(|r| r.run == l.run)
            })
            .collect();
        let Some(first) = scores.first() else {
            continue;
        };
        let all: Vec<&RunScore> = scores.iter().map(|s| &s.score).collect();
        out.push(LooScore {
            row: TaskRunScore {
                task: first.task.clone(),
                run: first.run.clone(),
                score: mean_score(&all, opts.threshold),
            },
            left_out: l.left_out,
            builds: l.golds.len(),
        });
    }
    (out, notes)
}

/// The mean of one run's scores against several golds: each ratio the mean over the scored
/// builds (unscored ones, with no gold lines, are left out, never counted as 0), counts the
/// rounded means over those same builds, the verdict the mean coverage at `threshold`, no per-file breakdown. One
/// score is returned as it is.
pub fn mean_score(scores: &[&RunScore], threshold: f64) -> RunScore {
    if let [one] = scores {
        return (*one).clone();
    }
    let scored: Vec<&RunScore> = scores
        .iter()
        .copied()
        .filter(|s| s.status == Status::Scored)
        .collect();
    let avg = |f: fn(&RunScore) -> Option<f64>| {
        let v: Vec<f64> = scored.iter().filter_map(|s| f(s)).collect();
        (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
    };
    // Counts average the same builds as the ratios: the scored ones (all of them when none is).
    let counted: &[&RunScore] = if scored.is_empty() { scores } else { &scored };
    let count = |f: fn(&RunScore) -> u64| {
        let n = counted.len().max(1) as f64;
        (counted.iter().map(|s| f(s) as f64).sum::<f64>() / n).round() as u64
    };
    let line_coverage = avg(|s| s.line_coverage);
    RunScore {
        status: if scored.is_empty() {
            Status::Unscored
        } else {
            Status::Scored
        },
        file_hit: avg(|s| s.file_hit),
        line_coverage,
        precision: avg(|s| s.precision),
        f1: avg(|s| s.f1),
        gold_files: count(|s| s.gold_files as u64) as usize,
        files_hit: count(|s| s.files_hit as u64) as usize,
        gold_lines: count(|s| s.gold_lines),
        read_lines: count(|s| s.read_lines),
        covered_lines: count(|s| s.covered_lines),
        passes_threshold: line_coverage.map(|c| c >= threshold),
        files: Vec::new(),
        spans: Vec::new(),
    }
}
