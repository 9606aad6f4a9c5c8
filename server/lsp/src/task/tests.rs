//! `explain` on the rows of the runs asked about, the other runs by name only
//! ([`select_rows`]), answers as `explain` on every row of the task: for every run asked, none,
//! an unknown one, `against`, tasks sharing a path, human, what-if and edit rows.

use super::*;
use crate::store::Names;
use readcov_core::explain::explain;
use readcov_core::{parse_gold, parse_reads, EventKind};

/// Two tasks over the same path `a.py` (and `b.py`): runs r1 and r2 of t1, r1 alone of t2,
/// human reads, what-if reads, edits; t3 has gold and no rows.
fn inputs() -> (Vec<GoldSpan>, Vec<StoredRead>) {
    let gold = [
        ("t1", "a.py", 10, 30),
        ("t1", "b.py", 5, 8),
        ("t2", "a.py", 10, 30),
        ("t3", "a.py", 1, 2),
    ];
    let gold: String = (gold.iter())
        .map(|(t, p, s, e)| {
            format!("{{\"task\":\"{t}\",\"path\":\"{p}\",\"start\":{s},\"end\":{e}}}\n")
        })
        .collect();
    let mut reads = String::new();
    for (i, (task, run, source, path, start, end)) in [
        ("t1", "r1", "agent", "a.py", 1, 12),
        ("t1", "r1", "agent", "a.py", 20, 40),
        ("t2", "r1", "agent", "a.py", 1, 40),
        ("t1", "r2", "agent", "a.py", 12, 14),
        ("t1", "r2", "agent", "b.py", 1, 9),
        ("t1", "r1", "agent", "b.py", 6, 6),
        ("t1", "human", "human", "a.py", 25, 29),
        ("t1", "human", "manual", "a.py", 13, 19),
        ("t2", "human", "manual", "a.py", 2, 3),
        ("t1", "r1", "agent", "a.py", 11, 11),
    ]
    .iter()
    .enumerate()
    {
        reads += &format!(
            "{{\"task\":\"{task}\",\"run\":\"{run}\",\"source\":\"{source}\",\"path\":\"{path}\",\"start\":{start},\"end\":{end},\"turn\":{i},\"tool\":\"view\",\"command\":\"cat {path}\"}}\n"
        );
    }
    let mut reads = parse_reads(reads.as_bytes(), "r", None).items;
    assert_eq!(reads.len(), 10);
    // An edit of r1 after its reads.
    reads[9].kind = EventKind::Edit;
    let mut names = Names::default();
    let stored = reads
        .into_iter()
        .map(|r| StoredRead::new(&mut names, r, 0, None))
        .collect();
    (parse_gold(gold.as_bytes(), "g", None).items, stored)
}

#[test]
fn the_asked_runs_rows_explain_as_every_row_does() {
    let (gold, stored) = inputs();
    let each = |f: &mut dyn FnMut(&StoredRead)| stored.iter().for_each(&mut *f);
    let lengths: BTreeMap<String, u32> = [("a.py".into(), 50), ("b.py".into(), 9)].into();
    let units = UnitMap::new();
    let mut compared = 0;
    for sources in [
        BTreeSet::from([Source::Agent, Source::Human]),
        BTreeSet::from([Source::Agent, Source::Human, Source::Manual]),
        BTreeSet::from([Source::Agent]),
    ] {
        let opts = ScoreOptions {
            threshold: 0.5,
            sources: sources.clone(),
            breakdown: true,
        };
        for task in ["t1", "t2", "t3", "t4"] {
            // Every row of the task, as the store gave them before (`task_rows`).
            let all: Vec<ReadSpan> = (stored.iter())
                .filter(|r| &*r.task == task && is_run_row(r.source, &sources))
                .map(StoredRead::to_span)
                .collect();
            let asked = [None, Some("r1"), Some("r2"), Some("human"), Some("nope")];
            for run in asked {
                for against in [None, Some("r1"), Some("r2")] {
                    let picked = select_rows(each, task, &sources, run, against);
                    let req = ExplainRequest {
                        task,
                        run,
                        against,
                        more_runs: &[],
                    };
                    let whole = explain(&gold, &all, &lengths, &opts, &units, &req);
                    let req = ExplainRequest {
                        more_runs: &picked.runs,
                        ..req
                    };
                    let part = explain(&gold, &picked.rows, &lengths, &opts, &units, &req);
                    let what = format!("{task} {run:?} against {against:?} {sources:?}");
                    assert_eq!(format!("{part:?}"), format!("{whole:?}"), "{what}");
                    assert!(picked.rows.len() <= all.len(), "{what}");
                    compared += usize::from(whole.is_ok());
                }
            }
        }
    }
    // The comparisons are not all errors.
    assert!(compared > 20, "{compared}");
}

#[test]
fn only_the_asked_runs_rows_are_copied_and_what_if_stays_apart() {
    let (_, stored) = inputs();
    let each = |f: &mut dyn FnMut(&StoredRead)| stored.iter().for_each(&mut *f);
    let sources = BTreeSet::from([Source::Agent, Source::Human]);
    let rr = select_rows(each, "t1", &sources, Some("r2"), None);
    assert_eq!(rr.runs, ["human", "r1", "r2"]);
    let rows: Vec<(&str, u32)> = rr.rows.iter().map(|r| (r.run.as_str(), r.start)).collect();
    assert_eq!(rows, [("r2", 12), ("r2", 1), ("human", 25)]);
    assert_eq!(rr.what_if.len(), 1);
    assert_eq!(
        (rr.what_if[0].start, rr.what_if[0].task.as_str()),
        (13, "t1")
    );
    // With `manual` counted, what-if reads are rows (and their run a run).
    let sources = BTreeSet::from([Source::Agent, Source::Human, Source::Manual]);
    let rr = select_rows(each, "t2", &sources, None, None);
    assert_eq!(rr.runs, ["human", "r1"]);
    assert!(rr.what_if.is_empty());
    // t2 alone has one agent run, but a human run beside it: none is picked, no agent row copied.
    assert!(rr.rows.iter().all(|r| r.run == "human"), "{:?}", rr.rows);
}
