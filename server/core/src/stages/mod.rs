//! Stages: where a run failed. Each (task, run) is measured stage by stage against the gold —
//! **search** (gold files opened), **read** (gold lines and units read), **edit** (gold change
//! units changed), **change** (changed as the gold did), **tests** (a harness report) — and the
//! first stage that failed is its verdict, with a one-line reason built from the figures
//! (`docs/diagnose.md` defines each in words and maths). Runs go through the one scoring walk
//! (`score_tasks` + `PreparedGold`): line coverage is the very figure `score` prints.
//!
//! Pure: units arrive as line ranges, changes as base-side lines with a way to read a unit's
//! text after them ([`AfterText`]); outcomes are never an input (the caller may set
//! `resolved` beside the verdict).

mod code;
mod diff;
mod harness;
mod harness_files;
mod harness_text;
mod input;
mod marks;
mod measure;
mod model;
mod pyrepr;
mod similar;
mod summary;
#[cfg(test)]
mod tests;
mod units;
mod verdict;

pub use code::code_tokens;
pub use diff::{unit_diff, DiffLine};
pub use harness::{is_report_object, parse_reports, ReportFile};
pub use harness_files::HarnessFile;
pub use harness_text::is_report_text;
pub use input::*;
pub use model::*;
pub use similar::{same, similarity, tokens};
pub use summary::{DiagnosePartial, GroupSummary, GroupSums, StageSums, WIDE_MAX};
pub use units::{indent_delimited, FileUnits, UnitRef};
pub use verdict::EDIT_PRECISION_FLOOR;

use crate::batch::{score_tasks, ScoreOptions, NO_RUN};
use crate::group::by_task_run;
use crate::metrics::{collect_lines, FileLengths, PreparedGold};
use crate::span::{GoldSpan, ReadSpan};
use measure::{GoldUnit, Units};
use std::cell::RefCell;
use std::collections::BTreeSet;

/// One task as the runs are measured against it: its units, gold units and gold change units,
/// built once.
struct TaskState {
    name: String,
    input: TaskInput,
    units: Option<Units>,
    gold_units: Option<Vec<GoldUnit>>,
    gcu: Option<BTreeSet<UnitRef>>,
}

impl TaskState {
    fn new(name: &str, input: TaskInput, gold: &PreparedGold) -> TaskState {
        let units: Option<Units> = input.syntax.as_ref().map(|syntax| {
            (syntax.iter())
                .map(|(p, s)| (p.clone(), FileUnits::new(p, s)))
                .collect()
        });
        let gold_units = measure::gold_units(gold.files(), units.as_ref());
        let gcu = match (&input.gold_change, &units) {
            (Some(c), Some(u)) => Some(measure::change_units(c, u)),
            _ => None,
        };
        TaskState {
            name: name.to_string(),
            input,
            units,
            gold_units,
            gcu,
        }
    }
}

/// Diagnoses every run that read for a task (runs come from `reads`, as in `score`; a task
/// nobody read gives no row). `task_input` is asked once per task, `run_input` once per run;
/// rows come in task, then run order.
pub fn diagnose(
    gold: &[GoldSpan],
    reads: &[&ReadSpan],
    lengths: &dyn FileLengths,
    opts: &ScoreOptions,
    task_input: &mut dyn FnMut(&str) -> TaskInput,
    run_input: &mut dyn FnMut(&str, &str) -> RunInput,
    emit: &mut dyn FnMut(RunStages),
) {
    let runs = by_task_run(reads.iter().copied(), |r| opts.counts(r));
    let current: RefCell<Option<TaskState>> = RefCell::new(None);
    let done: RefCell<Option<RunStages>> = RefCell::new(None);
    score_tasks(
        gold,
        &runs,
        |((t, r), _)| (t, r),
        |task_gold| PreparedGold::summary_only(task_gold, lengths),
        |g, pair| {
            let Some(((task, run), rows)) = pair else {
                return g.score_by(0, |_| None, opts.threshold, false);
            };
            let mut cur = current.borrow_mut();
            if cur.as_ref().is_none_or(|t| t.name != *task) {
                *cur = Some(TaskState::new(task, task_input(task), g));
            }
            let state = cur.as_ref().expect("set above");
            let read = collect_lines(
                rows.iter().map(|r| (r.path.as_str(), r.start, r.end)),
                lengths,
            );
            // `PreparedGold::score` on the read lines collected once (the same figures).
            let read_lines = read.values().map(crate::lineset::LineSet::len).sum();
            let score = g.score_by(
                read_lines,
                |i| read.get(g.file_path(i)),
                opts.threshold,
                false,
            );
            let input = run_input(task, run);
            *done.borrow_mut() = Some(one_run(state, g, &score, &read, input, opts, run));
            score
        },
        |row| {
            if row.run != NO_RUN {
                if let Some(s) = done.borrow_mut().take() {
                    emit(s);
                }
            }
        },
    );
}

/// One run's stages and verdict.
fn one_run(
    t: &TaskState,
    g: &PreparedGold,
    score: &crate::metrics::RunScore,
    read: &crate::metrics::FileLines,
    input: RunInput,
    opts: &ScoreOptions,
    run: &str,
) -> RunStages {
    let gold_paths: Vec<&str> = (g.files())
        .filter(|(_, s)| !s.is_empty())
        .map(|(p, _)| p)
        .collect();
    let gold_change = t.input.gold_change.as_ref();
    let mut gold_files: BTreeSet<&str> = gold_paths.iter().copied().collect();
    gold_files.extend(
        gold_change
            .iter()
            .flat_map(|c| c.files.keys().map(String::as_str)),
    );
    let run_change = input.change.as_ref();
    let (edit, acu) = measure::edit(
        &gold_files,
        gold_change,
        t.gcu.as_ref(),
        run_change,
        t.units.as_ref(),
    );
    let change = match (&t.gcu, &acu, gold_change, run_change) {
        (Some(gcu), Some(acu), Some(gc), Some(rc)) => measure::change(gcu, acu, gc, rc),
        _ => ChangeStage::default(),
    };
    let stages = Stages {
        search: measure::search(&gold_paths, read),
        read: measure::read(
            score.line_coverage,
            t.gold_units.as_deref(),
            t.units.as_ref(),
            read,
            opts.threshold,
        ),
        edit,
        change,
        tests: input.tests.as_ref().map(measure::tests),
    };
    let facts = verdict::Facts {
        scored: score.status == crate::metrics::Status::Scored,
        source: input.source,
        run: run_change,
        gold: gold_change,
        threshold: opts.threshold,
    };
    let (verdict, reason) = verdict::verdict(&facts, &stages);
    let marks = marks::marks(&facts, &stages);
    // A file of the run's change that did not apply to its base file (its lines are the stated
    // ones, its text after the change unknown) or was refused (a path out of the repository) is
    // lost from the change too: named here, never dropped without a word.
    let lost: Vec<String> = (run_change.iter())
        .flat_map(|c| {
            let rebuilt = c.lost.iter().map(|l| l.sentence.clone());
            rebuilt.chain(c.not_applied.iter().map(|n| format!("not applied: {n}")))
        })
        .collect();
    RunStages {
        task: t.name.clone(),
        run: run.to_string(),
        verdict,
        reason,
        change_source: input.source,
        change_partial: !lost.is_empty(),
        change_lost: lost,
        stages,
        resolved: None,
        marks,
    }
}
