//! Shared helpers of the LSP integration tests: the test client, the fixture workspace and an
//! in-process server.
#![allow(dead_code)]

mod client;
pub use client::*;

pub mod fixture;
pub mod raw;
pub mod settle;

/// The server in this process: `readcov_lsp::serve` over an in-memory duplex, through
/// readcov's transport as `readcov lsp` serves it (`readcov/summary` streamed), its service
/// wrapped in [`settle::Settle`] so tests can wait for it to have handled what they sent
/// ([`Client::settle`]).
pub fn in_process() -> Client {
    cache_home();
    let (client_end, server_end) = tokio::io::duplex(1 << 20);
    let (sr, sw) = tokio::io::split(server_end);
    let (service, socket) = readcov_lsp::service();
    let streamed = service.inner().inner().inner.streamed.clone();
    let service = settle::Settle::new(service);
    tokio::spawn(readcov_lsp::transport::serve_streamed(
        sr,
        sw,
        service,
        socket,
        Some(streamed),
    ));
    let (cr, cw) = tokio::io::split(client_end);
    Client::new(cr, cw)
}

/// readcov's cache folder for the in-process servers (set once for this test process before any
/// server starts): kept base texts go there, never into the user's cache.
pub fn cache_home() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("cache folder");
        readcov_lsp::basefile::set_cache_home(dir.path().to_path_buf());
        dir
    })
    .path()
}

/// Makes a FIFO at `path` (no writer ever opens it: a reader that opens it blocking waits forever).
pub fn mkfifo(path: &std::path::Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("no NUL in path");
    // SAFETY: a valid NUL-terminated path.
    let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(
        rc,
        0,
        "mkfifo {}: {}",
        path.display(),
        std::io::Error::last_os_error()
    );
}

/// Copies the tree `from` to `to` (folders made as needed): a test's own workspace from the
/// shipped data.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dst = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dst);
        } else {
            std::fs::copy(e.path(), dst).unwrap();
        }
    }
}

/// `tests/data/real` beside the repository; a loud failure when it is missing, never a skip.
pub fn real_data() -> std::path::PathBuf {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        p.join("MANIFEST.md").is_file(),
        "real agent data missing at {} (it ships in the repository)",
        p.display()
    );
    p
}

/// A store over `root` whose one reads log is `root/reads.jsonl`, written with `log` (not polled
/// yet): the store tests' starting point.
pub fn store_over_log(root: &std::path::Path, log: &str) -> readcov_lsp::store::Store {
    std::fs::write(root.join("reads.jsonl"), log).expect("write");
    let store = readcov_lsp::store::Store::default();
    *store.root.write().unwrap() = Some(root.to_path_buf());
    *store.config.write().unwrap() = readcov_lsp::config::Config {
        reads: vec!["reads.jsonl".into()],
        ..readcov_lsp::config::Config::default()
    };
    store
}
