//! The walk every score goes through: tasks in name order (gold and runs merged), each task's
//! gold prepared once, one row per run, a [`super::NO_RUN`] row for a task no run read, the runs
//! labels name merged in among the task's runs. [`super::score_tasks_named`] gives it a slice of
//! runs; [`super::walk_kept`] gives it kept rows merged from memory and disk.

use super::{core_gold_by_task, no_run, TaskRunScore, NO_RUN};
use crate::metrics::RunScore;
use crate::span::GoldSpan;

/// The walk itself, over runs given as any iterator in (task, run) order (a slice's, or kept
/// rows merged from sorted chunks, [`crate::batch::scored`]): the runs are taken one at a
/// time, each scored by `score_run` (which may take what it needs out of the run) and let go.
/// `key` names a run's task and run from the run itself; a task only runs name is held as a
/// copy of its name while its runs go by.
pub(super) fn score_tasks_in_order<'a, 'g: 'a, R, G>(
    gold: impl IntoIterator<Item = &'g GoldSpan>,
    runs: impl IntoIterator<Item = R>,
    named: &[(&'a str, &'a str)],
    key: impl Fn(&R) -> (&str, &str),
    mut prepare: impl FnMut(&[&'a GoldSpan]) -> G,
    mut score_run: impl FnMut(&G, Option<&mut R>) -> RunScore,
    mut emit: impl FnMut(TaskRunScore<&str>),
) {
    let mut n = 0;
    let gold_by_task: Vec<(&'a str, Vec<&'a GoldSpan>)> = core_gold_by_task(gold);
    let mut gold_tasks = gold_by_task.iter().peekable();
    let mut runs = runs.into_iter().peekable();
    let mut only_runs = String::new();
    loop {
        // The next task in name order, from the gold, the runs or both.
        let gold_task = gold_tasks.peek().map(|(t, _)| *t);
        let from_runs = match (gold_task, runs.peek().map(|r| key(r).0)) {
            (Some(g), Some(r)) if r < g => Some(r),
            (None, Some(r)) => Some(r),
            (Some(_), _) => None,
            (None, None) => break,
        };
        if let Some(r) = from_runs {
            only_runs.clear();
            only_runs.push_str(r);
        }
        let task: &str = match (from_runs.is_some(), gold_task) {
            (false, Some(g)) => g,
            _ => &only_runs,
        };
        let has_gold = gold_task == Some(task);
        let task_gold: &[&GoldSpan] = match gold_task {
            Some(g) if g == task => &gold_tasks.next().expect("peeked").1,
            _ => &[],
        };
        let g = prepare(task_gold);
        // This task's named runs (those of tasks before it had neither gold nor reads).
        while n < named.len() && named[n].0 < task {
            n += 1;
        }
        let named_first = n;
        while n < named.len() && named[n].0 == task {
            n += 1;
        }
        // A named run of a task without gold adds no row, even beside runs that read the task
        // (docs/formats.md: nothing to measure, nothing read).
        let named_here = if has_gold {
            &named[named_first..n]
        } else {
            &[]
        };
        let mut extra = named_here.iter().map(|p| p.1).peekable();
        // Runs are sorted by (task, run): each task's runs come next.
        let has_runs = runs.peek().is_some_and(|r| key(r).0 == task);
        if !has_runs && extra.peek().is_none() {
            emit(TaskRunScore {
                task,
                run: NO_RUN,
                score: no_run(score_run(&g, None)),
            });
        }
        while let Some(mut r) = runs.next_if(|r| key(r).0 == task) {
            // Named runs before this one, and this one's own name, merged in name order.
            let run = key(&r).1;
            while let Some(m) = extra.next_if(|m| *m <= run) {
                if m != run {
                    emit(TaskRunScore {
                        task,
                        run: m,
                        score: score_run(&g, None),
                    });
                }
            }
            let score = score_run(&g, Some(&mut r));
            emit(TaskRunScore {
                task,
                run: key(&r).1,
                score,
            });
        }
        for m in extra {
            emit(TaskRunScore {
                task,
                run: m,
                score: score_run(&g, None),
            });
        }
    }
}
