//! Consensus gold from successful runs (SWE-Explore's construction and a robust variant).
//!
//! Per task, the runs labelled resolved (at least `min_runs` of them) and their agent reads:
//! - `Agree::All` (SWE-Explore's G_core): per file, the intersection of the runs' merged read
//!   intervals; a file some run never read is not core;
//! - `Agree::AtLeast(k)`: the lines at least `k` of the runs read;
//! - optional tier, per run: that run's read lines minus core;
//! - `modified_core_files`: files every resolved run edited; `main_files`: core ∩ modified.
//!
//! Scoring a run against consensus that includes it is circular: `loo.rs` builds the consensus
//! without one run.

pub(crate) use crate::short::Short;
use crate::{Built, GoldRow, NoteKind, Notes, Origin};
use readcov_core::outcomes::Outcomes;
use readcov_core::span::{EventKind, ReadSpan, Source, Tier};
use readcov_core::{Interval, LineSet};
use std::collections::{BTreeMap, BTreeSet};

/// How many resolved runs must have read a line for it to be core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agree {
    All,
    AtLeast(u32),
}

impl Agree {
    /// `all` or a positive count.
    pub fn parse(s: &str) -> Result<Agree, String> {
        match s {
            "all" => Ok(Agree::All),
            _ => match s.parse::<u32>() {
                Ok(k) if k > 0 => Ok(Agree::AtLeast(k)),
                _ => Err(format!("`{s}` is not `all` or a positive count")),
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConsensusOptions {
    pub agree: Agree,
    /// A task needs this many resolved runs (with reads) to get gold.
    pub min_runs: u32,
}

impl Default for ConsensusOptions {
    fn default() -> Self {
        ConsensusOptions {
            agree: Agree::All,
            min_runs: 2,
        }
    }
}

/// Reads (and edit rows) of several runs, with their outcome labels.
#[derive(Clone, Debug, Default)]
pub struct RunsInput {
    pub reads: Vec<ReadSpan>,
    pub outcomes: Outcomes,
}

/// One resolved run's agent reads by file, and the files it edited.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RunLines {
    reads: BTreeMap<String, LineSet>,
    edited: BTreeSet<String>,
}

/// One task's consensus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaskConsensus {
    pub task: String,
    /// The resolved runs it was built from.
    pub runs: Vec<String>,
    pub core: BTreeMap<String, LineSet>,
    /// Per run: its read lines minus core, by file.
    pub optional: BTreeMap<String, BTreeMap<String, LineSet>>,
    pub modified_core_files: Vec<String>,
    pub main_files: Vec<String>,
}

/// Every task's consensus, with what was left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Consensus {
    pub tasks: Vec<TaskConsensus>,
    pub notes: Notes,
}

/// Runs grouped by task: resolved runs' lines (a task with only failed runs has an empty map).
pub(crate) struct Prepared {
    pub resolved: BTreeMap<String, BTreeMap<String, RunLines>>,
    pub notes: Notes,
}

pub(crate) fn prepare(input: &RunsInput) -> Prepared {
    let mut notes = Notes::default();
    let mut runs: BTreeMap<(String, String), RunLines> = BTreeMap::new();
    let mut outside: BTreeMap<(String, String), usize> = BTreeMap::new();
    for r in &input.reads {
        if r.source != Source::Agent {
            continue;
        }
        let key = (r.task.clone(), r.run.clone());
        if r.path.starts_with('/') {
            *outside.entry(key).or_default() += 1;
            continue;
        }
        let lines = runs.entry(key).or_default();
        match r.kind {
            EventKind::Read => lines
                .reads
                .entry(r.path.clone())
                .or_default()
                .insert(r.start, r.end),
            EventKind::Edit => {
                lines.edited.insert(r.path.clone());
            }
        }
    }
    for ((task, run), n) in outside {
        let msg = format!("{n} read(s) outside the workspace left out");
        notes.push(NoteKind::ReadOutsideWorkspace, &task, &run, msg);
    }
    for (task, run, ok) in input.outcomes.runs() {
        let key = (task.to_string(), run.to_string());
        if ok && !runs.contains_key(&key) {
            notes.push(
                NoteKind::NoReads,
                task,
                run,
                "resolved, but no agent reads in the log",
            );
        }
    }
    let mut resolved: BTreeMap<String, BTreeMap<String, RunLines>> = BTreeMap::new();
    for ((task, run), lines) in runs {
        match input.outcomes.get(&task, &run) {
            None => notes.push(NoteKind::NoOutcome, &task, &run, "no outcome label"),
            Some(true) => {
                resolved.entry(task).or_default().insert(run, lines);
            }
            Some(false) => {
                resolved.entry(task).or_default();
            }
        }
    }
    Prepared { resolved, notes }
}

/// Lines at least `k` of `sets` contain: a sweep over interval ends, linear in intervals.
pub(crate) fn at_least(sets: &[&LineSet], k: u32) -> LineSet {
    let mut events: Vec<(u64, i64)> = Vec::new();
    for s in sets {
        for iv in s.intervals() {
            events.push((u64::from(iv.start), 1));
            events.push((u64::from(iv.end) + 1, -1));
        }
    }
    events.sort_unstable();
    let mut out = Vec::new();
    let (mut depth, mut open) = (0i64, None);
    for (at, d) in events {
        let before = depth >= i64::from(k);
        depth += d;
        let after = depth >= i64::from(k);
        match (before, after) {
            (false, true) => open = Some(at),
            (true, false) => {
                if let Some(s) = open.take() {
                    out.extend(Interval::new(s as u32, (at - 1) as u32));
                }
            }
            _ => {}
        }
    }
    LineSet::from_intervals(out)
}

/// Core lines per file of `runs` under `agree`.
fn core_of(runs: &[&RunLines], agree: Agree) -> BTreeMap<String, LineSet> {
    let files: BTreeSet<&String> = runs.iter().flat_map(|r| r.reads.keys()).collect();
    let mut out = BTreeMap::new();
    for f in files {
        let sets: Vec<&LineSet> = runs.iter().filter_map(|r| r.reads.get(f)).collect();
        let lines = match agree {
            Agree::All if sets.len() < runs.len() => LineSet::new(),
            Agree::All => sets[1..]
                .iter()
                .fold(sets[0].clone(), |acc, s| acc.intersection(s)),
            Agree::AtLeast(k) => at_least(&sets, k),
        };
        if !lines.is_empty() {
            out.insert(f.clone(), lines);
        }
    }
    out
}

/// The consensus of `runs` less `skip`, or why there is none.
pub(crate) fn task_consensus(
    task: &str,
    runs: &BTreeMap<String, RunLines>,
    skip: Option<&str>,
    opts: &ConsensusOptions,
) -> Result<TaskConsensus, Short> {
    let used: Vec<(&String, &RunLines)> = runs
        .iter()
        .filter(|(name, _)| Some(name.as_str()) != skip)
        .collect();
    if let Some(short) = Short::of(used.len(), opts) {
        return Err(short);
    }
    let lines: Vec<&RunLines> = used.iter().map(|(_, l)| *l).collect();
    let core = core_of(&lines, opts.agree);
    let optional = used
        .iter()
        .map(|(name, l)| {
            let rest = l
                .reads
                .iter()
                .map(|(p, s)| {
                    (
                        p.clone(),
                        core.get(p).map_or(s.clone(), |c| s.difference(c)),
                    )
                })
                .filter(|(_, s)| !s.is_empty())
                .collect();
            (name.to_string(), rest)
        })
        .collect();
    let modified: Vec<String> = lines[0]
        .edited
        .iter()
        .filter(|f| lines.iter().all(|l| l.edited.contains(*f)))
        .cloned()
        .collect();
    let main_files = modified
        .iter()
        .filter(|f| core.contains_key(*f))
        .cloned()
        .collect();
    Ok(TaskConsensus {
        task: task.to_string(),
        runs: used.iter().map(|(n, _)| n.to_string()).collect(),
        core,
        optional,
        modified_core_files: modified,
        main_files,
    })
}

/// Consensus gold of every task.
pub fn consensus(input: &RunsInput, opts: &ConsensusOptions) -> Consensus {
    let Prepared {
        resolved,
        mut notes,
    } = prepare(input);
    let mut tasks = Vec::new();
    for (task, runs) in &resolved {
        match task_consensus(task, runs, None, opts) {
            Ok(t) => tasks.push(t),
            Err(short) => {
                let msg = format!(
                    "{} resolved run(s) with reads, {}",
                    short.have,
                    short.option()
                );
                notes.push(short.kind(false), task, "", msg);
            }
        }
    }
    Consensus { tasks, notes }
}

impl TaskConsensus {
    /// Gold rows: core (origin `consensus`), then each run's optional tier (with `run`).
    pub fn rows(&self, optional: bool) -> Vec<GoldRow> {
        let mut rows = Vec::new();
        for (path, set) in &self.core {
            for iv in set.intervals() {
                rows.push(GoldRow::new(
                    &self.task,
                    path,
                    iv.start,
                    iv.end,
                    Origin::Consensus,
                ));
            }
        }
        if optional {
            for (run, files) in &self.optional {
                for (path, set) in files {
                    for iv in set.intervals() {
                        let mut r =
                            GoldRow::new(&self.task, path, iv.start, iv.end, Origin::Consensus);
                        r.tier = Tier::Optional;
                        r.run = Some(run.clone());
                        rows.push(r);
                    }
                }
            }
        }
        rows
    }
}

impl Consensus {
    /// Core rows only (what scoring needs; `--optional` adds the per-run tier).
    pub fn built(&self) -> Built {
        self.built_with(false)
    }

    pub fn built_with(&self, optional: bool) -> Built {
        Built {
            rows: self.tasks.iter().flat_map(|t| t.rows(optional)).collect(),
            notes: self.notes.clone(),
            errors: Vec::new(),
        }
    }
}
