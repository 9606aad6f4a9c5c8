//! A barrier for tests that check something does NOT happen: [`Settle`] wraps the in-process
//! server's service and answers the request [`SETTLE`] only once every message it received
//! before has been handled (its handler's future finished or was dropped). tower-lsp-server
//! runs up to four handlers at once and promises no order (`buffer_unordered` in its
//! `Server::serve`): an answer to a later request proves nothing about an earlier
//! notification, and a fixed sleep before looking proved little on a slow machine and wasted
//! time on a fast one. Work a handler spawns (refresh requests, the file watcher's loop) is not
//! covered: only what the handlers themselves did.

use std::collections::BTreeSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tower::Service;
use tower_lsp_server::jsonrpc::{Request, Response};

// The barrier's method (no `$/`: readcov's transport answers those itself).
use super::client::SETTLE;

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// Which messages are being handled, by arrival number.
#[derive(Default)]
struct Book {
    next: u64,
    running: BTreeSet<u64>,
}

#[derive(Default)]
struct Tracker {
    book: Mutex<Book>,
    finished: tokio::sync::Notify,
}

/// Takes a message off the book when its handler's future ends, however it ends.
struct Running {
    tracker: Arc<Tracker>,
    seq: u64,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.tracker.book.lock().unwrap().running.remove(&self.seq);
        self.tracker.finished.notify_waiters();
    }
}

pub struct Settle<S> {
    inner: S,
    tracker: Arc<Tracker>,
}

impl<S> Settle<S> {
    pub fn new(inner: S) -> Settle<S> {
        Settle {
            inner,
            tracker: Arc::default(),
        }
    }
}

impl<S> Service<Request> for Settle<S>
where
    S: Service<Request, Response = Option<Response>>,
    S::Future: Send + 'static,
{
    type Response = Option<Response>;
    type Error = S::Error;
    type Future = BoxFuture<Result<Option<Response>, S::Error>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        let tracker = self.tracker.clone();
        if req.method() == SETTLE {
            // Every message numbered below this one arrived before the barrier.
            let before = tracker.book.lock().unwrap().next;
            let id = req.id().cloned();
            return Box::pin(async move {
                loop {
                    // Registered before looking, so a handler ending in between still wakes us.
                    let finished = tracker.finished.notified();
                    tokio::pin!(finished);
                    finished.as_mut().enable();
                    let first = tracker.book.lock().unwrap().running.first().copied();
                    if first.is_none_or(|seq| seq >= before) {
                        break;
                    }
                    finished.await;
                }
                Ok(id.map(|id| Response::from_ok(id, serde_json::Value::Null)))
            });
        }
        let seq = {
            let mut book = tracker.book.lock().unwrap();
            let seq = book.next;
            book.next += 1;
            book.running.insert(seq);
            seq
        };
        let running = Running { tracker, seq };
        let fut = self.inner.call(req);
        Box::pin(async move {
            let out = fut.await;
            drop(running);
            out
        })
    }
}
