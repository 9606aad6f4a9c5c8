//! `readcov/summary` from the real `readcov lsp` over pipes (streamed by readcov's transport,
//! issue 35, item 7) is byte for byte what tower-lsp-server wrote from its `Value`: the session
//! of `server/lsp/tests/it/common/raw.rs` on the real-data workspace, run on the binary and on
//! the server in this process with nothing streamed (`readcov_lsp::transport::serve`).

use crate::common::{real_data, spawn_lsp};
use crate::lsp_raw::{check_session, session, workspace, Raw};

#[tokio::test]
async fn the_binarys_summary_over_pipes_is_the_old_answer_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let (root, cache) = (base.join("ws"), base.join("cache"));
    // The in-process server's cache folder: this process's, set once, outlives every test.
    static IN_PROCESS: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let home = IN_PROCESS.get_or_init(|| tempfile::tempdir().unwrap());
    readcov_lsp::basefile::set_cache_home(home.path().to_path_buf());

    workspace(&real_data(), &root);
    let (client_end, server_end) = tokio::io::duplex(1 << 16);
    let (sr, sw) = tokio::io::split(server_end);
    let (service, socket) = readcov_lsp::service();
    tokio::spawn(readcov_lsp::transport::serve(sr, sw, service, socket));
    let (cr, cw) = tokio::io::split(client_end);
    let old = session(&mut Raw::new(cr, cw), &root).await;

    workspace(&real_data(), &root);
    let (mut child, out, input) = spawn_lsp(|c| {
        c.env("XDG_CACHE_HOME", cache.join("binary"));
    });
    let mut raw = Raw::new(out, input);
    let new = session(&mut raw, &root).await;
    let status = tokio::time::timeout(crate::lsp_client::WAIT, child.wait())
        .await
        .expect("exit ends the server")
        .unwrap();
    assert!(status.success(), "{status}");

    check_session(&old);
    assert_eq!(old.len(), new.len());
    for ((what, a), (_, b)) in old.iter().zip(&new) {
        assert!(
            a == b,
            "{what}:\nold    {}\nbinary {}",
            String::from_utf8_lossy(a),
            String::from_utf8_lossy(b)
        );
    }
}
