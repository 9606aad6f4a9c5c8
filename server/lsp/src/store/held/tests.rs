//! The (task, run) index stays the reads' own through appends and removals, and the lock the
//! store keeps them behind lets no stream of readers starve a waiting writer.

use super::*;
use readcov_core::{Names, ReadSpan};

/// A read of `task`/`run` in `path`, its `start` telling it apart.
fn read(
    names: &mut Names,
    task: &str,
    run: &str,
    path: &str,
    start: u32,
    source: Source,
) -> StoredRead {
    let mut r = ReadSpan::simple(path, start, start + 1);
    (r.task, r.run, r.source) = (task.into(), run.into(), source);
    StoredRead::new(names, r, (start % 3) as usize, None)
}

type Key = (String, String, String, u32);

fn key(r: &StoredRead) -> Key {
    (
        r.task.to_string(),
        r.run.to_string(),
        r.path.to_string(),
        r.start,
    )
}

/// What the index must answer, by walking every read: each pair's reads (as keys, sorted) and
/// counts by source.
fn walked(held: &Held) -> BTreeMap<(String, String), (Vec<Key>, [usize; 4])> {
    let mut out: BTreeMap<(String, String), (Vec<Key>, [usize; 4])> = BTreeMap::new();
    for r in held.iter() {
        let e = out
            .entry((r.task.to_string(), r.run.to_string()))
            .or_default();
        e.0.push(key(r));
        e.1[source_slot(r.source)] += 1;
    }
    out.values_mut().for_each(|e| e.0.sort());
    out
}

/// What the index answers.
fn indexed(held: &Held) -> BTreeMap<(String, String), (Vec<Key>, [usize; 4])> {
    let mut out = BTreeMap::new();
    for ((t, r), pair) in held.pairs() {
        let mut keys = Vec::new();
        held.each_between((t, r), (t, r), &mut |x| keys.push(key(x)));
        keys.sort();
        out.insert((t.to_string(), r.to_string()), (keys, pair.by_source));
    }
    out
}

#[test]
fn the_index_answers_as_a_walk_through_appends_and_removals() {
    let mut names = Names::default();
    let mut held = Held::default();
    let sources = [
        Source::Agent,
        Source::Human,
        Source::Manual,
        Source::Retriever,
    ];
    let mut n = 0u32;
    for round in 0..6 {
        // Rows of one file, pairs interleaved inside a row and across rows, several files.
        for row in 0..20u32 {
            let path = format!("f{}.py", (row + round) % 4);
            let mut reads = (0..(row % 5))
                .map(|k| {
                    n += 1;
                    let task = format!("t{}", (row + k / 2) % 3);
                    let run = format!("r{}", (row * 7 + k) % 4);
                    read(&mut names, &task, &run, &path, n, sources[(n % 4) as usize])
                })
                .collect();
            held.append(&mut reads);
            assert_eq!(indexed(&held), walked(&held), "round {round} row {row}");
        }
        // A removal (a rotated log's origin, the what-if reads) moves the reads after it.
        let lost = match round % 3 {
            0 => held.retain(|r| r.origin != 1),
            1 => held.retain(|r| r.source != Source::Manual),
            _ => held.retain(|r| r.start % 5 != 0),
        };
        assert!(!lost.is_empty(), "round {round} removed nothing");
        assert_eq!(
            indexed(&held),
            walked(&held),
            "after the removal of round {round}"
        );
        assert_eq!(held.len(), held.iter().count());
    }
    // Pairs of a range, and of one task.
    let mut between = Vec::new();
    held.each_between(("t0", "r2"), ("t1", "r1"), &mut |x| between.push(key(x)));
    let mut expected: Vec<Key> = (held.iter().map(key))
        .filter(|k| ("t0", "r2") <= (&*k.0, &*k.1) && (&*k.0, &*k.1) <= ("t1", "r1"))
        .collect();
    between.sort();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(between, expected);
    let runs: Vec<&str> = held.pairs_of("t1").map(|(r, _)| r.as_str()).collect();
    let walked_runs: std::collections::BTreeSet<String> =
        (held.iter().filter(|r| &*r.task == "t1"))
            .map(|r| r.run.to_string())
            .collect();
    assert_eq!(
        runs,
        walked_runs.iter().map(String::as_str).collect::<Vec<_>>()
    );
    let mut of_task = Vec::new();
    held.each_of_task("t1", &mut |x| of_task.push(key(x)));
    let mut expected: Vec<Key> = (held.iter().map(key)).filter(|k| k.0 == "t1").collect();
    of_task.sort();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(of_task, expected);
    // In a walk's order, not only the same reads.
    let mut in_order = Vec::new();
    held.each_of_task_in_order("t1", &mut |x| in_order.push(key(x)));
    let walk: Vec<Key> = (held.iter().map(key)).filter(|k| k.0 == "t1").collect();
    assert_eq!(in_order, walk);
    // Everything gone: nothing indexed.
    held.retain(|_| false);
    assert!(held.is_empty() && held.pairs().next().is_none());
}

/// The store's reads lock (`std::sync::RwLock`) makes a new reader wait while a writer waits
/// for the readers inside: readers overlapping without end (a thread asking for the runs in a
/// loop) cannot starve a log's load. Dashmap's lock, which held the reads before, let new
/// readers in (`try_read` kept succeeding): the 82 s load of session 22.
#[test]
fn a_waiting_writer_goes_before_new_readers() {
    let lock = std::sync::RwLock::new(Held::default());
    let inside = lock.read().unwrap();
    std::thread::scope(|s| {
        let writer = s.spawn(|| {
            let mut held = lock.write().unwrap();
            held.append(&mut Vec::new());
        });
        // Until the writer waits, a new reader gets in; once it waits, none does. Polled, not
        // timed: the writer is waiting as soon as the thread runs (a minute is only a bound).
        let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while lock.try_read().is_ok() {
            assert!(
                std::time::Instant::now() < give_up,
                "new readers still get in while a writer waits"
            );
            std::thread::yield_now();
        }
        drop(inside);
        writer.join().unwrap();
    });
    assert!(lock.try_read().is_ok());
}
