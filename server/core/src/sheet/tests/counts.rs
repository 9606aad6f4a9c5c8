//! Per-task counts at scale: the tasks placed up front and shards merged in one pass give what
//! task-by-task counting gave — sorted, each task once, its counts added.

use crate::sheet::aggregate::{ConditionCounts, TaskCounts};
use crate::sheet::pass_sets::common_sets;

fn counts(tasks: &[(&str, usize, u32, u32)]) -> ConditionCounts {
    let mut c = ConditionCounts::new("c");
    c.tasks = tasks
        .iter()
        .map(|&(t, planned, scorable, successes)| TaskCounts {
            task: t.into(),
            planned,
            scorable,
            successes,
        })
        .collect();
    c
}

fn shown(c: &ConditionCounts) -> Vec<(String, usize, u32, u32)> {
    (c.tasks.iter())
        .map(|t| (t.task.clone(), t.planned, t.scorable, t.successes))
        .collect()
}

#[test]
fn merging_interleaved_shards_adds_each_task_once_in_order() {
    let mut whole = ConditionCounts::new("c");
    whole.merge(&counts(&[("b", 1, 1, 0), ("d", 2, 2, 1)]));
    whole.merge(&counts(&[("a", 1, 0, 0), ("c", 3, 3, 3), ("e", 1, 1, 1)]));
    // Overlapping shards are added, never dropped.
    whole.merge(&counts(&[("c", 1, 1, 0), ("f", 1, 1, 1)]));
    let want = [
        ("a", 1, 0, 0),
        ("b", 1, 1, 0),
        ("c", 4, 4, 3),
        ("d", 2, 2, 1),
        ("e", 1, 1, 1),
        ("f", 1, 1, 1),
    ];
    assert_eq!(shown(&whole), shown(&counts(&want)));
}

#[test]
fn a_partial_out_of_order_is_still_merged_task_by_task() {
    let mut whole = ConditionCounts::new("c");
    whole.merge(&counts(&[("b", 1, 1, 0)]));
    whole.merge(&counts(&[("c", 1, 1, 1), ("a", 2, 1, 0), ("b", 1, 1, 1)]));
    let want = [("a", 2, 1, 0), ("b", 2, 2, 1), ("c", 1, 1, 1)];
    assert_eq!(shown(&whole), shown(&counts(&want)));
}

#[test]
fn tasks_placed_up_front_are_sorted_and_start_at_zero() {
    let c = ConditionCounts::with_tasks("c", ["a", "b", "z"]);
    assert_eq!(
        shown(&c),
        shown(&counts(&[("a", 0, 0, 0), ("b", 0, 0, 0), ("z", 0, 0, 0)]))
    );
}

#[test]
fn common_sets_keep_the_tasks_every_condition_has_enough_of() {
    let one = counts(&[
        ("a", 2, 2, 1),
        ("b", 2, 1, 0),
        ("c", 2, 2, 2),
        ("d", 1, 1, 1),
    ]);
    let two = counts(&[
        ("a", 2, 2, 0),
        ("c", 3, 2, 1),
        ("d", 2, 2, 2),
        ("e", 2, 2, 2),
    ]);
    let sets = common_sets([one.tasks.as_slice(), two.tasks.as_slice()], &[1, 2]);
    assert_eq!(sets.max_k, 2);
    assert_eq!(sets.scorable_tasks, ["a", "c"]);
    assert_eq!(sets.planned_tasks, ["a", "c"]);
}
