//! `readcov/tasks` scored in batches of (task, run) pairs answers as `tasks` over a copy of
//! every kept read: batches of one read (each run alone, a task's runs split), a few, all.

use super::*;
use crate::store::{Names, StoredRead};
use readcov_core::{parse_gold, parse_reads, EventKind, Source};

#[test]
fn tasks_in_batches_are_the_figures_of_one_call() {
    let gold = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":10,\"end\":30}\n\
                {\"task\":\"t1\",\"path\":\"b.py\",\"start\":5,\"end\":8}\n\
                {\"task\":\"t2\",\"path\":\"a.py\",\"start\":10,\"end\":30}\n\
                {\"task\":\"t3\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
    let mut gold = parse_gold(gold.as_bytes(), "g", None).items;
    gold.sort_by(|a, b| a.task.cmp(&b.task));
    let mut reads = String::new();
    // The store's order is the logs': runs not in name order, t0 has reads and no gold.
    for (task, run, source, path, start, end) in [
        ("t1", "r2", "agent", "a.py", 12, 14),
        ("t1", "r1", "agent", "a.py", 1, 12),
        ("t2", "r1", "agent", "a.py", 1, 40),
        ("t1", "r1", "agent", "a.py", 20, 40),
        ("t1", "r2", "agent", "b.py", 1, 9),
        ("t1", "human", "human", "a.py", 25, 29),
        ("t1", "human", "manual", "a.py", 13, 19),
        ("t0", "r9", "agent", "c.py", 1, 3),
        ("t1", "r1", "agent", "b.py", 6, 6),
    ] {
        reads += &format!(
            "{{\"task\":\"{task}\",\"run\":\"{run}\",\"source\":\"{source}\",\"path\":\"{path}\",\"start\":{start},\"end\":{end},\"tool\":\"view\"}}\n"
        );
    }
    let mut reads = parse_reads(reads.as_bytes(), "r", None).items;
    assert_eq!(reads.len(), 9);
    reads[8].kind = EventKind::Edit;
    let mut names = Names::default();
    let stored: Vec<StoredRead> = (reads.into_iter())
        .map(|r| StoredRead::new(&mut names, r, 0, None))
        .collect();
    let mut held = crate::store::Held::default();
    stored
        .iter()
        .for_each(|r| held.append(&mut vec![r.clone()]));
    let lengths: BTreeMap<String, u32> =
        [("a.py".into(), 50), ("b.py".into(), 9), ("c.py".into(), 5)].into();
    for sources in [
        BTreeSet::from([Source::Agent, Source::Human]),
        BTreeSet::from([Source::Agent, Source::Human, Source::Manual]),
    ] {
        let opts = ScoreOptions {
            threshold: 0.5,
            sources: sources.clone(),
            breakdown: true,
        };
        let kept = |s: Source| task::is_run_row(s, &sources);
        let all: Vec<_> = (stored.iter().filter(|r| kept(r.source)))
            .map(StoredRead::scoring_span)
            .collect();
        let expected = serde_json::to_value(tasks(&gold, &all, &lengths, &opts)).unwrap();
        assert_eq!(expected.as_array().map(Vec::len), Some(4), "{expected}");
        for limit in [1, 2, 3, 5, 1 << 20] {
            let got = tasks_in_batches(|| &held, &gold, kept, &lengths, &opts, limit);
            assert_eq!(
                serde_json::to_value(got).unwrap(),
                expected,
                "{limit} reads a batch, {sources:?}"
            );
        }
    }
}
