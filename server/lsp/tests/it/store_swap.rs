//! A log read again from its start (rotated, rewritten, a reload, `clearWhatIf`) replaces its
//! old reads at once: looked at after every write of reads ([`Store::on_piece`], called between
//! a large log's pieces), the store holds the old reads or the new, never both — a summary in
//! between once counted a rotated log's reads twice (session 22).

use readcov_lsp::store::Store;
use std::sync::{Arc, Mutex};

/// A log of two runs over three files larger than two pieces (`tail::PIECE`), its size in
/// reads, and a store that has read it.
fn store_with_a_large_log() -> (tempfile::TempDir, std::path::PathBuf, String, usize, Store) {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().canonicalize().expect("root");
    let mut log = String::new();
    let mut n = 0;
    while log.len() as u64 <= readcov_lsp::tail::PIECE * 5 / 2 {
        let run = if n % 1000 < 500 { "run-a" } else { "run-b" };
        log += &format!(
            "{{\"task\":\"t\",\"run\":\"{run}\",\"path\":\"src/f{}.py\",\"start\":{},\"end\":{}}}\n",
            n / 100 % 3,
            n % 500 + 1,
            n % 500 + 9
        );
        n += 1;
    }
    let store = crate::common::store_over_log(&root, &log);
    (dir, root, log, n, store)
}

/// Sets a hook that records the number of reads held after each write.
fn count_at_each_write(store: &Store) -> Arc<Mutex<Vec<usize>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = seen.clone();
    *store.on_piece.lock().unwrap() = Some(Arc::new(move |store: &Store| {
        // The index's counts, as the summary plans from them, and the reads themselves.
        let held = store.held();
        let indexed: usize = held
            .pairs()
            .map(|(_, p)| p.by_source.iter().sum::<usize>())
            .sum();
        assert_eq!(
            indexed,
            held.iter().count(),
            "the index counts the reads held"
        );
        s.lock().unwrap().push(held.len());
    }));
    seen
}

#[test]
fn a_rotated_logs_new_reads_replace_the_old_at_once() {
    let (_dir, root, log, n, store) = store_with_a_large_log();
    let seen = count_at_each_write(&store);
    store.poll_reads();
    // The first load shows its pieces as they come (the hook sees the store between them).
    let first = std::mem::take(&mut *seen.lock().unwrap());
    assert!(first.len() >= 3, "read in pieces: {first:?}");
    assert!(first[0] < n && first.last() == Some(&n), "{first:?}");
    // Rotated: a new file renamed over the old one.
    let tmp = root.join("reads.jsonl.new");
    std::fs::write(&tmp, &log).expect("write");
    std::fs::rename(&tmp, root.join("reads.jsonl")).expect("rename");
    assert!(store.poll_reads().bytes > readcov_lsp::tail::PIECE * 2);
    let again = seen.lock().unwrap().clone();
    assert!(!again.is_empty(), "the hook ran during the reload");
    assert!(
        again.iter().all(|&c| c == n),
        "{n} reads, seen after each write of the reload: {again:?}"
    );
    assert_eq!(store.runs(), ["run-a", "run-b"]);
}

#[test]
fn a_reload_replaces_every_logs_reads_at_once() {
    let (_dir, _, _, n, store) = store_with_a_large_log();
    store.poll_reads();
    let seen = count_at_each_write(&store);
    store.reload_reads();
    let again = seen.lock().unwrap().clone();
    assert!(!again.is_empty(), "the hook ran during the reload");
    assert!(again.iter().all(|&c| c == n), "{n} reads: {again:?}");
    assert_eq!(store.read_count(), n);
}

/// `clearWhatIf` rewrites the read log and reads it again: its agent reads are never counted
/// twice nor missing, the what-if read goes in the same write.
#[test]
fn clearing_what_if_reads_replaces_the_read_log_at_once() {
    let (_dir, _, _, n, store) = store_with_a_large_log();
    store.poll_reads();
    let mut agent = readcov_core::ReadSpan::simple("a.py", 1, 3);
    agent.run = "run-c".into();
    let mut manual = readcov_core::ReadSpan::simple("a.py", 2, 2);
    manual.source = readcov_core::Source::Manual;
    for r in [&agent, &manual, &agent] {
        store.append_read(r, None).expect("append");
    }
    store.poll_reads();
    assert_eq!(store.read_count(), n + 3);
    let seen = count_at_each_write(&store);
    store.clear_what_if().expect("clear");
    let again = seen.lock().unwrap().clone();
    assert!(!again.is_empty(), "the hook ran");
    assert!(
        again.iter().all(|&c| c == n + 2),
        "{} reads: {again:?}",
        n + 2
    );
    assert_eq!(store.runs(), ["run-a", "run-b", "run-c"]);
}

/// A deleted log's reads go, and its runs with them (the index made again); written again, it
/// comes back whole.
#[test]
fn a_deleted_log_takes_its_runs_with_it() {
    let (_dir, root, log, n, store) = store_with_a_large_log();
    store.poll_reads();
    std::fs::remove_file(root.join("reads.jsonl")).expect("remove");
    store.poll_reads();
    assert_eq!(store.read_count(), 0);
    assert!(store.runs().is_empty() && store.held().pairs().next().is_none());
    std::fs::write(root.join("reads.jsonl"), &log).expect("write");
    store.poll_reads();
    assert_eq!(store.read_count(), n);
    assert_eq!(store.runs(), ["run-a", "run-b"]);
}
