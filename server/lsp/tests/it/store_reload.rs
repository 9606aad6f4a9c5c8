//! Reloading reads (settings or `readcov.toml` changed) while other threads serve requests:
//! the store is never seen empty — the old reads stay until the new ones are in. The same when a
//! log is rotated or rewritten and read again from its start.

use readcov_lsp::store::Store;
use std::sync::atomic::{AtomicBool, Ordering};

/// 1,000 reads by two runs in `reads.jsonl`, and a store that has read them.
fn store_with_two_runs() -> (tempfile::TempDir, std::path::PathBuf, String, Store) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("root");
    let mut log = String::new();
    for i in 0..1_000 {
        let run = if i % 2 == 0 { "run-a" } else { "run-b" };
        log += &format!(
            "{{\"task\":\"t\",\"run\":\"{run}\",\"path\":\"a.py\",\"start\":{},\"end\":{}}}\n",
            i + 1,
            i + 3
        );
    }
    let store = crate::common::store_over_log(&root, &log);
    store.poll_reads();
    assert_eq!(store.runs(), ["run-a", "run-b"]);
    (dir, root, log, store)
}

/// Runs `work` on another thread while this one keeps asking for the runs: both must be there
/// at every look.
fn runs_stay_visible_while(store: &Store, work: impl FnOnce() + Send) {
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            work();
            done.store(true, Ordering::Relaxed);
        });
        let mut looks = 0;
        while !done.load(Ordering::Relaxed) {
            assert_eq!(store.runs(), ["run-a", "run-b"], "after {looks} looks");
            looks += 1;
            // No pause between looks: the loader still gets the store between them, as a
            // waiting writer goes before new readers (`store::held`). With the reads in a
            // dashmap, whose readers go first, this loop starved the 9 MB log's reload: 82 s in a
            // debug build instead of 1.7 s, the CI's LSP tests 150 s instead of ~50 (session 22,
            // when it looked once a millisecond instead).
        }
    });
}

#[test]
fn runs_never_vanish_during_a_reload() {
    let (_dir, _, _, store) = store_with_two_runs();
    runs_stay_visible_while(&store, || {
        for _ in 0..30 {
            store.reload_reads();
        }
    });
    assert_eq!(store.runs(), ["run-a", "run-b"]);
    assert_eq!(
        store.reads_for_scoring().len(),
        1_000,
        "no read kept twice once the reload is over"
    );
}

/// A log replaced under the server (rotated by rename, or rewritten) is read again from the
/// start; its runs stay visible while that happens and no read is kept twice afterwards.
#[test]
fn runs_never_vanish_while_a_rotated_log_is_read_again() {
    let (_dir, root, log, store) = store_with_two_runs();
    runs_stay_visible_while(&store, || {
        for i in 0..30 {
            // A new file renamed over the old one: a new inode, so a rotation.
            let tmp = root.join(format!("reads.jsonl.{i}"));
            std::fs::write(&tmp, &log).expect("write");
            std::fs::rename(&tmp, root.join("reads.jsonl")).expect("rename");
            let changed = store.poll_reads();
            assert!(!changed.paths.is_empty(), "rotation {i} not noticed");
        }
    });
    assert_eq!(store.reads_for_scoring().len(), 1_000, "no read kept twice");
}

/// The store shares each task, run, path, tool and command among its reads: two tasks and two
/// runs over one path answer with their own names; a log rewritten with other names, and
/// `clearWhatIf`, leave no read with an old name and let the old names go.
#[test]
fn shared_names_stay_each_reads_own_through_rewrites_and_clearing() {
    use readcov_core::{ReadSpan, Source};
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("root");
    let row = |task: &str, run: &str, start: u32, cmd: &str| {
        format!(
            "{{\"task\":\"{task}\",\"run\":\"{run}\",\"path\":\"a.py\",\"start\":{start},\"end\":{},\"step\":{start},\"tool\":\"view\",\"command\":\"{cmd}\"}}\n",
            start + 2
        )
    };
    let log = row("t1", "r1", 1, "cat a.py")
        + &row("t2", "r1", 10, "cat a.py")
        + &row("t1", "r2", 20, "sed a.py");
    let store = crate::common::store_over_log(&root, &log);
    store.poll_reads();
    let cfg = store.config();
    let at = |line: u32| -> Vec<(String, String, Option<String>, Option<u32>)> {
        (store.reads_at("a.py", line, &cfg).into_iter())
            .map(|r| (r.task, r.run, r.command, r.step))
            .collect()
    };
    let one =
        |t: &str, r: &str, c: &str, s: u32| vec![(t.into(), r.into(), Some(c.into()), Some(s))];
    assert_eq!(at(2), one("t1", "r1", "cat a.py", 1));
    assert_eq!(at(11), one("t2", "r1", "cat a.py", 10));
    assert_eq!(at(21), one("t1", "r2", "sed a.py", 20));
    // t1 t2 r1 r2 a.py view, two commands
    assert_eq!(store.shared_names(), 8);

    // Rewritten in place with other names (a rotation): none of the old ones is left.
    let tmp = root.join("reads.jsonl.new");
    std::fs::write(&tmp, row("t9", "r9", 1, "less a.py")).expect("write");
    std::fs::rename(&tmp, root.join("reads.jsonl")).expect("rename");
    store.poll_reads();
    assert_eq!(at(2), one("t9", "r9", "less a.py", 1));
    assert!(at(11).is_empty() && at(21).is_empty());
    assert_eq!(store.runs(), ["r9"]);
    assert_eq!(
        store.shared_names(),
        5,
        "t9 r9 a.py view, the command: the old names let go"
    );

    // A what-if read beside it, then cleared: the agent's read stays, with its names.
    let mut manual = ReadSpan::simple("a.py", 2, 2);
    manual.source = Source::Manual;
    manual.run = "human".into();
    store.append_read(&manual, None).expect("append");
    store.poll_reads();
    assert_eq!(store.reads_at("a.py", 2, &cfg).len(), 2);
    store.clear_what_if().expect("clear");
    assert_eq!(at(2), one("t9", "r9", "less a.py", 1));
    assert_eq!(store.reads_for_scoring().len(), 1);
    assert_eq!(store.shared_names(), 5, "the what-if read's names let go");
}

/// A log larger than a piece (`tail::PIECE`) is read in pieces in one poll: every read is in
/// once the poll returns, and when it is rotated and read again, its runs stay visible while
/// the pieces come in (the old reads go only after the last piece).
#[test]
fn a_log_read_in_pieces_loads_whole_and_its_runs_never_vanish() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("root");
    let mut log = String::new();
    let mut n = 0;
    while log.len() as u64 <= readcov_lsp::tail::PIECE * 9 / 8 {
        // run-b only after the first piece: read again, it comes in with a later piece.
        let past_first = log.len() as u64 > readcov_lsp::tail::PIECE * 17 / 16;
        let run = if past_first { "run-b" } else { "run-a" };
        log += &format!(
            "{{\"task\":\"t\",\"run\":\"{run}\",\"path\":\"src/f{}.py\",\"start\":{},\"end\":{}}}\n",
            n % 3,
            n % 500 + 1,
            n % 500 + 9
        );
        n += 1;
    }
    let store = crate::common::store_over_log(&root, &log);
    let changed = store.poll_reads();
    assert_eq!(changed.bytes, log.len() as u64);
    assert_eq!(store.reads_for_scoring().len(), n);
    assert_eq!(store.runs(), ["run-a", "run-b"]);
    runs_stay_visible_while(&store, || {
        let tmp = root.join("reads.jsonl.new");
        std::fs::write(&tmp, &log).expect("write");
        std::fs::rename(&tmp, root.join("reads.jsonl")).expect("rename");
        assert!(store.poll_reads().bytes > readcov_lsp::tail::PIECE);
    });
    assert_eq!(store.reads_for_scoring().len(), n, "no read kept twice");
}
