//! The whole sheet: each run record joined with its reads, edits, gold and ledger, graded, with a
//! proposed failure attribution, then aggregated by condition.

use super::aggregate::{summarise, ConditionCounts, ConditionSummary, Denominators};
use super::before_edit::{read_before_edit, ReadBeforeEdit, Units};
use super::events::order_events;
use super::grade::{grade, AxisValue, Grade, RunStatus};
use super::ledger::{Ledger, LedgerEvent};
use super::pass_sets::CommonSets;
use super::record::{Attribution, Axis, Component, RunRecord, Validity};
use super::timeline::{timeline, Timeline};
use super::trial::Trial;
use super::unreadable::UnreadableRun;
use crate::batch::no_run_tasks;
use crate::metrics::FileLengths;
use crate::named::NamedRuns;
use crate::span::{GoldSpan, ReadSpan, Source, Tier, DEFAULT_ID};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The axes required when a task declares none: every given axis but `state` (a generic check
/// not every harness has); exploration is reported only.
pub const DEFAULT_REQUIRED: [Axis; 5] = [
    Axis::Target,
    Axis::RegressionFree,
    Axis::Output,
    Axis::Process,
    Axis::RequirementTracking,
];

/// Everything the sheet is computed from. `gold`/`reads` are `None` when not supplied, which
/// leaves the exploration axis `null` (never a pass).
pub struct SheetInput<'a> {
    pub runs: &'a [RunRecord],
    /// Run records that could not be parsed: planned, never scorable; counted in their
    /// condition and task when the line names them.
    pub unreadable: &'a [UnreadableRun],
    pub gold: Option<&'a [GoldSpan]>,
    pub reads: Option<&'a [ReadSpan]>,
    pub ledger: &'a [LedgerEvent],
    /// Required axes per task; tasks not listed use `default_required`.
    pub required: &'a BTreeMap<String, BTreeSet<Axis>>,
    pub default_required: &'a BTreeSet<Axis>,
    pub threshold: f64,
    pub sources: &'a BTreeSet<Source>,
    pub lengths: &'a dyn FileLengths,
    pub units: &'a dyn Units,
    pub ks: &'a [u32],
    /// `--regeneration-limit`: a rejected run regenerated this often failed at the limit.
    pub regeneration_limit: Option<u32>,
}

/// What readcov proposes when the grader left attribution fields empty. When several causes
/// apply, the first decisive event by turn is primary and the others are secondary codes.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Proposal {
    pub responsible_component: Option<Component>,
    pub primary_code: Option<String>,
    pub secondary_codes: Vec<String>,
    pub first_decisive_event_id: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunSheet {
    pub run: String,
    pub task: String,
    pub condition: String,
    pub validity: BTreeMap<&'static str, Validity>,
    pub axes: BTreeMap<Axis, AxisValue>,
    pub required: Vec<Axis>,
    #[serde(flatten)]
    pub grade: Grade,
    pub line_coverage: Option<f64>,
    pub timeline: Option<Timeline>,
    pub read_before_edit: ReadBeforeEdit,
    pub attribution: Attribution,
    pub proposed: Proposal,
    /// What the harness recorded about the trial (termination, counts, regenerations, versions).
    pub trial: Trial,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sheet {
    pub threshold: f64,
    pub regeneration_limit: Option<u32>,
    pub runs: Vec<RunSheet>,
    pub overall: Denominators,
    pub conditions: Vec<ConditionSummary>,
    /// The like-for-like task sets behind `pass_k_common` and `pass_k_planned`.
    pub common: CommonSets,
    /// Gold tasks no run record names (readable or not): not planned trials, graded nowhere and
    /// never in a denominator — `score`'s `no run` tasks, found by its walk
    /// ([`crate::batch::no_run_tasks`]). Empty without gold. Give a shard's gold only to have
    /// the shard's.
    pub no_run_tasks: Vec<String>,
}

pub fn evaluate(input: &SheetInput) -> Sheet {
    let mut ledgers: BTreeMap<&str, Vec<&LedgerEvent>> = BTreeMap::new();
    for e in input.ledger {
        ledgers.entry(e.run.as_str()).or_default().push(e);
    }
    // Grouped once, so a sheet costs O(runs + rows), not O(runs × rows).
    let mut rows_by_run: BTreeMap<&str, Vec<&ReadSpan>> = BTreeMap::new();
    for s in input.reads.unwrap_or(&[]) {
        rows_by_run.entry(s.run.as_str()).or_default().push(s);
    }
    let mut gold_by_task: BTreeMap<&str, Vec<&GoldSpan>> = BTreeMap::new();
    for g in input
        .gold
        .unwrap_or(&[])
        .iter()
        .filter(|g| g.tier == Tier::Core)
    {
        gold_by_task.entry(g.task.as_str()).or_default().push(g);
    }
    let runs: Vec<RunSheet> = input
        .runs
        .iter()
        .map(|r| {
            let ledger = Ledger::new(
                ledgers
                    .get(r.run.as_str())
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|e| e.task.as_ref().is_none_or(|t| *t == r.task)),
            );
            // Reads without a task belong to whichever task the run record names.
            let rows: Vec<&ReadSpan> = rows_by_run
                .get(r.run.as_str())
                .into_iter()
                .flatten()
                .copied()
                .filter(|s| s.task == r.task || s.task == DEFAULT_ID)
                .collect();
            let gold = gold_by_task
                .get(r.task.as_str())
                .map_or(&[][..], Vec::as_slice);
            evaluate_run(r, input, ledger, &rows, gold)
        })
        .collect();
    let mut overall = Denominators::default();
    // Every (condition, task) a run or a broken record will count, placed in order first.
    let mut planned: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for r in &runs {
        planned.entry(&r.condition).or_default().insert(&r.task);
    }
    for u in input.unreadable {
        if let (Some(c), Some(t)) = (&u.condition, &u.task) {
            planned.entry(c).or_default().insert(t);
        }
    }
    let mut counts: BTreeMap<String, ConditionCounts> = (planned.into_iter())
        .map(|(c, tasks)| (c.to_string(), ConditionCounts::with_tasks(c, tasks)))
        .collect();
    fn condition<'m>(
        counts: &'m mut BTreeMap<String, ConditionCounts>,
        name: &str,
    ) -> &'m mut ConditionCounts {
        counts
            .entry(name.to_string())
            .or_insert_with(|| ConditionCounts::new(name))
    }
    for r in &runs {
        overall.add(&r.grade);
        condition(&mut counts, &r.condition).add_run(r, input.regeneration_limit);
    }
    for u in input.unreadable {
        overall.add_unreadable();
        // Only a line naming both goes to a condition: one that names no task counts overall only
        // (docs/evaluation.md), so a condition's planned trials are always those of its tasks.
        if let (Some(c), Some(t)) = (&u.condition, &u.task) {
            condition(&mut counts, c).add_unreadable(t);
        }
    }
    overall.rates();
    let (conditions, common) = summarise(&counts, &super::passk::distinct_ks(input.ks));
    // A broken record that names its task still plans a run of it.
    let named = NamedRuns::new(
        (input.runs.iter().map(|r| (r.task.clone(), r.run.clone()))).chain(
            (input.unreadable.iter()).filter_map(|u| Some((u.task.clone()?, String::new()))),
        ),
    );
    let no_run_tasks = (input.gold)
        .map(|g| no_run_tasks(g, &named, input.lengths))
        .unwrap_or_default();
    Sheet {
        no_run_tasks,
        threshold: input.threshold,
        regeneration_limit: input.regeneration_limit,
        runs,
        overall,
        conditions,
        common,
    }
}

/// One run, given its reads rows (file order) and its task's core gold.
fn evaluate_run(
    r: &RunRecord,
    input: &SheetInput,
    ledger: Ledger,
    rows: &[&ReadSpan],
    gold: &[&GoldSpan],
) -> RunSheet {
    let events = order_events(rows, input.sources);
    // A timeline needs both sides: gold to cover and reads to cover it with.
    let tl = input
        .gold
        .zip(input.reads)
        .map(|_| timeline(gold, &events, &ledger, input.lengths, input.threshold));
    let rbe = read_before_edit(&events, input.units, input.lengths);

    let mut axes: BTreeMap<Axis, AxisValue> = r
        .evidence
        .iter()
        .map(|(a, v)| (*a, AxisValue::from_option(*v)))
        .collect();
    if !ledger.unfired().is_empty() {
        axes.insert(Axis::RequirementTracking, AxisValue::NotApplicable);
    }
    // Coverage needs both gold and reads; an empty final gold leaves exploration unjudged.
    let line_coverage = tl
        .as_ref()
        .filter(|_| input.reads.is_some())
        .and_then(|t| t.last())
        .and_then(|p| p.coverage);
    let exploration = match line_coverage {
        Some(c) => AxisValue::from_option(Some(c >= input.threshold)),
        None => AxisValue::Null,
    };
    axes.insert(Axis::Exploration, exploration);

    let required = input
        .required
        .get(&r.task)
        .unwrap_or(input.default_required);
    let g = grade(&r.validity(), &axes, required);
    // Where each event stands in turn order: ties within a turn go to the earlier event.
    let position: BTreeMap<&str, usize> = events
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id.as_str(), i))
        .collect();
    let proposed = propose(&g, tl.as_ref(), &position);
    RunSheet {
        run: r.run.clone(),
        task: r.task.clone(),
        condition: r.condition.clone(),
        validity: r.validity().into_iter().collect(),
        axes,
        required: required.iter().copied().collect(),
        grade: g,
        line_coverage,
        timeline: tl,
        read_before_edit: rbe,
        attribution: r.attribution.clone(),
        proposed,
        trial: r.trial.clone(),
    }
}

/// readcov's own attribution proposal; never overrides what the grader gave. Only failed
/// *required* axes are explained: an axis the task does not use is never proposed.
fn propose(g: &Grade, tl: Option<&Timeline>, position: &BTreeMap<&str, usize>) -> Proposal {
    if let Some(cause) = g.primary_invalid_cause() {
        let component = match cause {
            "environment" => Component::Environment,
            "simulator" => Component::Simulator,
            _ => Component::Oracle,
        };
        return Proposal {
            responsible_component: Some(component),
            primary_code: Some(format!("{cause}_invalid")),
            secondary_codes: g.invalid_causes[1..]
                .iter()
                .map(|c| format!("{c}_invalid"))
                .collect(),
            first_decisive_event_id: None,
        };
    }
    if g.status != RunStatus::Scored || g.strict_success == Some(true) {
        return Proposal::default();
    }
    // (turn, position, code, event); a cause without an event sorts after every event.
    let mut causes: Vec<(u32, usize, &str, Option<&str>)> = Vec::new();
    let at = |turn: u32, id: &'_ str| (turn, position.get(id).copied().unwrap_or(usize::MAX));
    if g.failed_axes.contains(&Axis::RequirementTracking) {
        if let Some(e) = tl.and_then(|t| t.obsolete_edits.first()) {
            let (turn, pos) = at(e.turn, &e.event_id);
            causes.push((
                turn,
                pos,
                "obsolete_requirement_followed",
                Some(&e.event_id),
            ));
        }
    }
    if g.failed_axes.contains(&Axis::Exploration) {
        match tl.and_then(|t| t.edited_before_reading.first()) {
            Some(e) => {
                let (turn, pos) = at(e.turn, &e.event_id);
                causes.push((turn, pos, "edited_before_reading", Some(&e.event_id)));
            }
            None => causes.push((u32::MAX, usize::MAX, "exploration_below_threshold", None)),
        }
    }
    causes.sort();
    let Some(&(_, _, code, event)) = causes.first() else {
        return Proposal::default();
    };
    Proposal {
        responsible_component: Some(Component::Agent),
        primary_code: Some(code.to_string()),
        secondary_codes: causes[1..].iter().map(|c| c.2.to_string()).collect(),
        first_decisive_event_id: event.map(str::to_string),
    }
}
