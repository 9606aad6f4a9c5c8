//! `readcov/summary` written by readcov's transport (issue 35, item 7) is byte for byte what
//! tower-lsp-server wrote from its `Value`: the same session on the real-data workspace, in
//! process, through `readcov_lsp::transport::serve` (nothing streamed: the old path) and
//! `readcov_lsp::serve_service` (the binary's path: every summary streamed, counted). The real
//! binary over pipes: `server/cli/tests/it/lsp_summary_stream.rs`.

use crate::common;
use common::raw::{check_session, session, workspace, Raw};
use readcov_lsp::transport::streamed::Streamed;
use std::sync::Arc;

/// A server in this process, the summary streamed or not; its answers handed to the transport.
fn start(streamed: bool) -> (Raw, Arc<Streamed>) {
    common::cache_home();
    let (client_end, server_end) = tokio::io::duplex(1 << 16);
    let (sr, sw) = tokio::io::split(server_end);
    let (service, socket) = readcov_lsp::service();
    let handed = service.inner().inner().inner.streamed.clone();
    if streamed {
        tokio::spawn(readcov_lsp::serve_service(sr, sw, service, socket));
    } else {
        tokio::spawn(readcov_lsp::transport::serve(sr, sw, service, socket));
    }
    let (cr, cw) = tokio::io::split(client_end);
    (Raw::new(cr, cw), handed)
}

#[tokio::test]
async fn the_streamed_summary_is_the_old_answer_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap().join("ws");
    let mut answers = Vec::new();
    for streamed in [false, true] {
        workspace(&common::real_data(), &root);
        let (mut raw, handed) = start(streamed);
        answers.push(session(&mut raw, &root).await);
        // The five summaries after `initialize` and before `shutdown` (the others are
        // tower-lsp-server's errors: the handler never ran).
        assert_eq!(handed.taken(), if streamed { 5 } else { 0 });
        assert_eq!(handed.pending(), 0, "nothing kept after its answer");
    }
    let (old, new) = (&answers[0], &answers[1]);
    check_session(old);
    assert_eq!(old.len(), new.len());
    for ((what, a), (_, b)) in old.iter().zip(new) {
        assert!(
            a == b,
            "{what}:\nold      {}\nstreamed {}",
            String::from_utf8_lossy(a),
            String::from_utf8_lossy(b)
        );
    }
}
