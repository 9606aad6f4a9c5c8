//! Reloading reads (settings or `readcov.toml` changed) while other threads serve requests:
//! the store is never seen empty — the old reads stay until the new ones are in. The same when a
//! log is rotated or rewritten and read again from its start.

use readcov_lsp::config::Config;
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
    std::fs::write(root.join("reads.jsonl"), &log).expect("write");
    let store = Store::default();
    *store.root.write().unwrap() = Some(root.clone());
    *store.config.write().unwrap() = Config {
        reads: vec!["reads.jsonl".into()],
        ..Config::default()
    };
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
