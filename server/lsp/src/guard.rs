//! Keeps the server up when one handler panics: [`CatchPanic`] wraps the whole `LspService` (one
//! place, every standard and `readcov/*` method) and turns a panic into a JSON-RPC
//! `InternalError` response for that request (or nothing for a notification). Without it a panic
//! unwinds through tower-lsp-server's `Server::serve` and the editor loses the server.
//!
//! Caveats, by design of unwinding: a `std::sync` lock held during the panic is poisoned (the
//! handlers treat a poisoned lock as "skip", so that piece of state stops updating), and
//! tower-lsp-server's cancellation entry for the request id stays behind (harmless: clients do
//! not reuse ids).

use std::any::Any;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::task::{Context, Poll};
use tower::Service;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Id, Request, Response};

/// The `executeCommand` that panics on purpose, compiled only with the `debug-panic` feature
/// (the crate's own tests turn it on; the `readcov` binary never does).
pub const DEBUG_PANIC: &str = "readcov.debugPanic";

/// With the same feature: how many re-syncs the file watcher has started, the fences it has
/// handled ([`FENCE_PREFIX`]) and how many wait for their publish turn.
pub const DEBUG_SYNCS: &str = "readcov.debugSyncs";

/// With the same feature: the next document publish waits between computing its diagnostics
/// and sending them, until [`DEBUG_RELEASE_PUBLISH`]; answers whether one waits now. Lets a
/// test put a state change between the two, as a busy machine's scheduler sometimes did.
pub const DEBUG_HOLD_PUBLISH: &str = "readcov.debugHoldPublish";

/// With the same feature: lets the held publish go.
pub const DEBUG_RELEASE_PUBLISH: &str = "readcov.debugReleasePublish";

/// [`DEBUG_HOLD_PUBLISH`]'s state, and how many wait for their publish turn ([`DEBUG_SYNCS`]
/// answers it: a test's proof that a refresh waits, where a fixed sleep only gave the wrong order
/// its chance).
#[cfg(feature = "debug-panic")]
#[derive(Default)]
pub struct PublishHold {
    armed: std::sync::atomic::AtomicBool,
    waiting: std::sync::atomic::AtomicBool,
    release: tokio::sync::Notify,
    queued: std::sync::atomic::AtomicUsize,
}

/// Counts one waiter for the publish turn while it lives.
#[cfg(feature = "debug-panic")]
pub struct Queued<'a>(&'a std::sync::atomic::AtomicUsize);

#[cfg(feature = "debug-panic")]
impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

/// With the `debug-panic` feature, a file whose name starts with this, made in a watched folder,
/// is a fence: once the watcher's loop has handled the events up to it, [`DEBUG_SYNCS`] lists it
/// with the re-sync count at that point. inotify keeps events in order, so every event before
/// the fence (a sync's own opens of the logs, the last write of an append) has been handled by
/// then: tests look for re-syncs that must not happen between two fences, not after a sleep.
pub const FENCE_PREFIX: &str = ".readcov-debug-fence-";

/// The fences the watcher's loop has handled, each with the re-sync count after it.
#[cfg(feature = "debug-panic")]
#[derive(Default)]
pub struct Fences(std::sync::Mutex<std::collections::BTreeMap<String, u64>>);

#[cfg(feature = "debug-panic")]
impl Fences {
    /// The fence among `paths`, if any (file name only).
    pub fn find(paths: &[std::path::PathBuf]) -> Option<String> {
        (paths.iter())
            .filter_map(|p| p.file_name()?.to_str())
            .find(|n| n.starts_with(FENCE_PREFIX))
            .map(str::to_string)
    }

    pub fn record(&self, fence: String, syncs: u64) {
        if let Ok(mut seen) = self.0.lock() {
            seen.entry(fence).or_insert(syncs);
        }
    }

    pub fn seen(&self) -> serde_json::Value {
        let seen = self.0.lock().map(|s| s.clone()).unwrap_or_default();
        serde_json::json!(seen)
    }
}

#[cfg(feature = "debug-panic")]
impl PublishHold {
    pub fn arm(&self) {
        self.armed.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn is_waiting(&self) -> bool {
        self.waiting.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn release(&self) {
        self.release.notify_one();
    }

    /// Counted as waiting for the publish turn until the guard drops.
    pub fn queue(&self) -> Queued<'_> {
        self.queued
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Queued(&self.queued)
    }

    /// How many wait for the publish turn now.
    pub fn queued(&self) -> usize {
        self.queued.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Waits for [`PublishHold::release`] when armed (once).
    pub async fn wait_if_armed(&self) {
        use std::sync::atomic::Ordering::SeqCst;
        if self.armed.swap(false, SeqCst) {
            self.waiting.store(true, SeqCst);
            self.release.notified().await;
            self.waiting.store(false, SeqCst);
        }
    }
}

/// A tower service that catches panics in the wrapped service's `call` and in its futures.
#[derive(Debug)]
pub struct CatchPanic<S> {
    inner: S,
}

impl<S> CatchPanic<S> {
    pub fn new(inner: S) -> CatchPanic<S> {
        CatchPanic { inner }
    }

    /// The wrapped service.
    pub fn inner(&self) -> &S {
        &self.inner
    }
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl<S> Service<Request> for CatchPanic<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Option<Response>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let id = req.id().cloned();
        let method = req.method().to_string();
        // Handlers are async, so a panic almost always happens while polling; `call` itself only
        // routes, but catching here too costs nothing.
        match catch_unwind(AssertUnwindSafe(|| self.inner.call(req))) {
            Ok(fut) => Box::pin(Guarded {
                fut: Box::pin(fut),
                id,
                method,
            }),
            Err(payload) => {
                let resp = panic_response(id, &method, payload.as_ref());
                Box::pin(std::future::ready(Ok(resp)))
            }
        }
    }
}

/// A response future polled under `catch_unwind`.
struct Guarded<F> {
    fut: Pin<Box<F>>,
    id: Option<Id>,
    method: String,
}

impl<F, E> Future for Guarded<F>
where
    F: Future<Output = Result<Option<Response>, E>>,
{
    type Output = Result<Option<Response>, E>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        // `Guarded` is Unpin (the inner future is boxed), so its fields can be borrowed freely.
        let this = &mut *self;
        match catch_unwind(AssertUnwindSafe(|| this.fut.as_mut().poll(cx))) {
            Ok(p) => p,
            Err(payload) => Poll::Ready(Ok(panic_response(
                this.id.take(),
                &this.method,
                payload.as_ref(),
            ))),
        }
    }
}

/// The error a client sees for a request whose handler panicked (`None` for a notification).
fn panic_response(id: Option<Id>, method: &str, payload: &(dyn Any + Send)) -> Option<Response> {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    // The default panic hook has already printed the location and message on stderr (the
    // client's server log); the response says which request failed.
    let error = Error {
        code: ErrorCode::InternalError,
        message: format!("readcov: internal error in `{method}`: {what}").into(),
        data: None,
    };
    id.map(|id| Response::from_error(id, error))
}
