//! Large inputs freed on a thread of their own after the call, so the caller does not wait for
//! the free. `readcov score` never frees its parsed rows (the process exits next,
//! `std::mem::forget` in `cmd/score.rs`), but a library call must: on the real corpus (1.73M
//! reads rows with edits, five owned strings each) the free is the one thing `readcov.score`
//! does that the CLI does not. With the extension's allocator (`alloc.rs`: mimalloc for small
//! blocks) it costs ~0.1 s of CPU (glibc's was ~0.35 s); on a second core it leaves the call's
//! wall clock too. The pages freed go back to the system ([`crate::alloc::give_back`]) at the
//! free's end and, for those of the caller's heap (mimalloc's pages are per thread), at the next
//! call's or `settle()`'s wait for it.
//!
//! The rows are loaded on the caller's thread (without the GIL). Session 17 loaded them on a
//! thread of their own, to keep glibc's free-list merges (`malloc_consolidate`) off the caller's
//! arena; under mimalloc there is no such merge, and that thread's arena grew page by page
//! (114,873 `mprotect` on the real corpus, ~0.15 s): gone with the thread (docs/performance.md,
//! session 18).
//!
//! Frees run one after another ([`later`] chains each behind the last), and a call's load waits
//! first for the frees of calls before it ([`settle`]), so back-to-back calls hold at most one
//! call's inputs beside the next call's. A `fork()` waits for the free in flight first
//! ([`wait_before_fork`]: mimalloc has no fork handlers, `alloc.rs`), so a child never starts
//! with half a free or a lock held by a thread it does not have. The slot of the last free is
//! only ever taken with `try_lock` (a swap, never a wait under the lock): a process forked while
//! another thread held it would otherwise wait forever; and a thread started by another process
//! (a free the fork did not wait for, the slot being busy at that instant) is never joined,
//! only forgotten.

use std::sync::Mutex;
use std::thread::JoinHandle;

/// Below this many rows the free is cheap and a thread would cost more than it saves.
pub const MIN_ROWS: usize = 50_000;

/// The last free started, with the id of the process that started it.
type Last = (u32, JoinHandle<()>);
static LAST: Mutex<Option<Last>> = Mutex::new(None);

/// Drops `garbage` (of a call that loaded `rows` rows) on a thread of its own, after the frees
/// started before it; never waits. Dropped here when small, or when no thread can be started
/// (the closure, and `garbage` with it, is then dropped by the failed spawn).
pub fn later<T: Send + 'static>(garbage: T, rows: usize) {
    if rows < MIN_ROWS {
        return drop(garbage);
    }
    let before = take();
    let spawned = std::thread::Builder::new()
        .name("readcov-free".into())
        .spawn(move || {
            if let Some(before) = before {
                finish(before);
            }
            drop(garbage);
            crate::alloc::give_back();
        });
    if let Ok(handle) = spawned {
        // The slot taken by another thread at that instant: this free runs detached, to its
        // end all the same (dropping a handle detaches its thread).
        if let Ok(mut last) = LAST.try_lock() {
            if let Some(other) = last.replace((std::process::id(), handle)) {
                // Only a `later` racing this one put it there; it waits for its own turn.
                drop(other);
            }
        }
    }
}

/// Waits until the frees started so far (in this process) are done: before a call loads, and
/// `readcov._native.settle()`, which the bench calls to count their CPU time with the call's.
/// Whether there was one (started here or, before a fork, in the parent).
pub fn settle() -> bool {
    let waited = take().map(finish).is_some();
    if waited {
        // The freed blocks were the caller's heap's (mimalloc's pages are per thread): given
        // back here, where that heap is (real corpus, resident after the call: 270 -> 85 MB).
        crate::alloc::give_back();
    }
    waited
}

/// Registers [`wait_before_fork`] (once; at the module's import).
pub fn on_fork() {
    crate::alloc::before_fork(wait_before_fork);
}

/// Run by `fork()` in the forking thread before it forks: the free in flight ends first.
extern "C" fn wait_before_fork() {
    settle();
}

fn take() -> Option<Last> {
    LAST.try_lock().ok().and_then(|mut l| l.take())
}

fn finish((pid, handle): Last) {
    if pid == std::process::id() {
        // A panic while dropping rows is not the caller's to see; the memory is gone either way.
        let _ = handle.join();
    } else {
        // Started before a fork: the thread is not in this process (joining it would be
        // undefined), and the memory it would free is this process's copy, kept.
        std::mem::forget(handle);
    }
}
