//! readcov-lsp: the readcov language server. Gold coverage overlaid in the editor, live:
//! diagnostics, inlay hints, code lenses, hover, widen code actions and the `readcov/*` custom
//! protocol (see `docs/lsp.md`). Built on tower-lsp-server; the numbers come from readcov-core.

pub mod backend;
pub mod basefile;
pub mod basemap;
pub mod change;
pub mod commands;
pub mod config;
pub mod document;
pub mod gold_set;
pub mod guard;
pub mod linemap;
pub mod patch_base;
pub mod render;
pub mod server;
pub mod sources;
mod stdio;
pub mod store;
pub mod tail;
pub mod task;
pub mod traj;
pub mod transport;
pub mod units;
pub mod view;
pub mod watch;

pub use guard::CatchPanic;
pub use server::Backend;
use tower_lsp_server::{ClientSocket, LspService};

/// The service with every standard and `readcov/*` method registered, behind [`CatchPanic`]
/// (a panic in one handler answers that request with an `InternalError`; the server stays up).
pub fn service() -> (CatchPanic<LspService<Backend>>, ClientSocket) {
    let (service, socket) = LspService::build(Backend::new)
        .custom_method("readcov/lineStates", Backend::line_states)
        .custom_method("readcov/summary", Backend::summary)
        .custom_method("readcov/selectRun", Backend::select_run)
        .custom_method("readcov/recordRead", Backend::record_read)
        .custom_method("readcov/explain", Backend::explain)
        .custom_method("readcov/tasks", Backend::tasks)
        .custom_method("readcov/overview", Backend::overview)
        .custom_method("readcov/nextUnread", Backend::next_unread)
        .finish();
    (CatchPanic::new(service), socket)
}

/// Serves LSP on a byte stream until the client exits, through readcov's own framing
/// ([`transport`]): no byte sequence on `input` ends the server.
pub async fn serve<I, O>(input: I, output: O)
where
    I: tokio::io::AsyncRead + Unpin,
    O: tokio::io::AsyncWrite + Unpin,
{
    let (service, socket) = service();
    serve_service(input, output, service, socket).await;
}

/// [`serve`] for a [`service`] made by the caller: `readcov/summary` is written by the
/// transport as it is serialised ([`transport::streamed`]), never held as one JSON value.
pub async fn serve_service<I, O>(
    input: I,
    output: O,
    service: CatchPanic<LspService<Backend>>,
    socket: ClientSocket,
) where
    I: tokio::io::AsyncRead + Unpin,
    O: tokio::io::AsyncWrite + Unpin,
{
    let streamed = service.inner().inner().inner.streamed.clone();
    transport::serve_streamed(input, output, service, socket, Some(streamed)).await;
}

/// [`serve`] on stdin/stdout.
pub async fn serve_stdio() {
    let (input, output) = stdio::streams();
    serve(input, output).await;
}

/// Runs [`serve_stdio`] on a fresh multi-threaded runtime (for the CLI).
pub fn run_stdio() -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // Re-parses, log loading and file reads run here; tokio's default allows 512 threads
        // (33–67 were seen while stale parses piled up). Main + 2 workers + 2 + the file
        // watcher's thread stays within cores + 4 on the 2-core machine.
        .max_blocking_threads(2)
        .enable_all()
        .build()?;
    rt.block_on(serve_stdio());
    // Not `drop(rt)`: that waits for blocking tasks, and with tokio's portable stdin a read of
    // the next message is one of them until the client closes stdin (never, for some clients).
    rt.shutdown_background();
    Ok(())
}
