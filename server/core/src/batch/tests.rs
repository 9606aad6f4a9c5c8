use super::*;
use crate::lineset::LineSet;
use crate::span::EventKind;
use std::collections::BTreeMap;

fn g(task: &str, path: &str, s: u32, e: u32, tier: Tier) -> GoldSpan {
    GoldSpan {
        task: task.into(),
        tier,
        ..GoldSpan::simple(path, s, e)
    }
}

fn r(task: &str, run: &str, path: &str, s: u32, e: u32) -> ReadSpan {
    ReadSpan {
        task: task.into(),
        run: run.into(),
        ..ReadSpan::simple(path, s, e)
    }
}

/// What `extra` saw for one row: (task, run, gold lines per file, the reads' (path, start, end)).
type Seen = (
    String,
    String,
    Vec<(String, LineSet)>,
    Vec<(String, u32, u32)>,
);

#[test]
fn rows_with_parts_are_the_named_rows_and_the_walks_own_reads() {
    let gold = vec![
        g("t1", "a.py", 1, 10, Tier::Core),
        g("t1", "a.py", 40, 60, Tier::Core),
        g("t1", "b.py", 5, 6, Tier::Optional),
        g("t2", "c.py", 1, 3, Tier::Core),
        g("t1", "d.py", 3, 4, Tier::Core),
    ];
    let reads = vec![
        r("t1", "r2", "a.py", 5, 8),
        r("t1", "r1", "a.py", 9, 12),
        ReadSpan {
            kind: EventKind::Edit,
            ..r("t1", "r1", "a.py", 1, 2)
        },
        ReadSpan {
            source: Source::Manual,
            ..r("t1", "r1", "d.py", 1, 4)
        },
        r("t1", "r1", "d.py", 4, 4),
        r("t3", "r1", "e.py", 1, 1),
    ];
    // a.py has 50 lines: the gold span 40-60 is clipped to 40-50.
    let lengths: BTreeMap<String, u32> = [("a.py".to_string(), 50)].into_iter().collect();
    let named = NamedRuns::new([("t1".into(), "r0".into()), ("t1".into(), "r1".into())]);
    let opts = ScoreOptions::default();
    let mut seen: Vec<Seen> = Vec::new();
    let with = score_batch_named_with(&gold, &reads, &named, &lengths, &opts, |p| {
        let files = (p.gold.files()).map(|(f, s)| (f.to_string(), s.clone()));
        let reads = (p.reads.iter()).map(|r| (r.path.clone(), r.start, r.end));
        seen.push((
            p.row.task.to_string(),
            p.row.run.to_string(),
            files.collect(),
            reads.collect(),
        ));
        seen.len()
    });
    // The same rows as `score_batch_named`, each with its own `extra`, called once per row.
    let plain = score_batch_named(&gold, &reads, &named, &lengths, &opts);
    assert_eq!(
        format!("{plain:?}"),
        format!("{:?}", with.iter().map(|x| &x.0).collect::<Vec<_>>())
    );
    assert_eq!(
        with.iter().map(|x| x.1).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    let a = LineSet::span(1, 10).union(&LineSet::span(40, 50));
    let t1 = vec![
        ("a.py".to_string(), a),
        ("d.py".to_string(), LineSet::span(3, 4)),
    ];
    let t2 = vec![("c.py".to_string(), LineSet::span(1, 3))];
    let s = |x: &str| x.to_string();
    let want: Vec<Seen> = vec![
        // A named run that read nothing: the task's gold, no reads.
        (s("t1"), s("r0"), t1.clone(), vec![]),
        // The edit and the what-if read are not counted; file order is kept.
        (
            s("t1"),
            s("r1"),
            t1.clone(),
            vec![(s("a.py"), 9, 12), (s("d.py"), 4, 4)],
        ),
        (s("t1"), s("r2"), t1, vec![(s("a.py"), 5, 8)]),
        // A task nobody read: its `no run` row, no reads.
        (s("t2"), s(NO_RUN), t2, vec![]),
        // Reads of a task with no gold.
        (s("t3"), s("r1"), vec![], vec![(s("e.py"), 1, 1)]),
    ];
    assert_eq!(seen, want);
}
