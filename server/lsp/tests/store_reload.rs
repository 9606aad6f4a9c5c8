//! Reloading reads (settings or `readcov.toml` changed) while other threads serve requests:
//! the store is never seen empty — the old reads stay until the new ones are in.

use readcov_lsp::config::Config;
use readcov_lsp::store::Store;
use std::sync::atomic::{AtomicBool, Ordering};

#[test]
fn runs_never_vanish_during_a_reload() {
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
    std::fs::write(root.join("reads.jsonl"), log).expect("write");
    let store = Store::default();
    *store.root.write().unwrap() = Some(root);
    *store.config.write().unwrap() = Config {
        reads: vec!["reads.jsonl".into()],
        ..Config::default()
    };
    store.poll_reads();
    assert_eq!(store.runs(), ["run-a", "run-b"]);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            for _ in 0..30 {
                store.reload_reads();
            }
            done.store(true, Ordering::Relaxed);
        });
        let mut looks = 0;
        while !done.load(Ordering::Relaxed) {
            assert_eq!(store.runs(), ["run-a", "run-b"], "after {looks} looks");
            looks += 1;
        }
    });
    assert_eq!(store.runs(), ["run-a", "run-b"]);
    assert_eq!(
        store.reads_for_scoring().len(),
        1_000,
        "no read kept twice once the reload is over"
    );
}
