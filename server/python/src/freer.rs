//! Large inputs loaded on a thread of their own and freed on another after the call, so the
//! caller does not wait for the free. `readcov score` never frees its parsed rows (the process
//! exits next, `std::mem::forget` in `cmd/score.rs`), but a library call must: on the real
//! corpus (1.73M reads rows with edits, five owned strings each) freeing them one allocation at
//! a time was ~16% of `readcov.score`'s CPU (`malloc_consolidate`, `unlink_chunk`, `_int_free`;
//! profiled, docs/performance.md), the one thing it did that the CLI does not. On a second core
//! that time leaves the call's wall clock; the CPU is the same, only spent beside the caller.
//!
//! Where the rows live matters as much as when they are freed: glibc's `free` of a small block
//! only puts it on a list of the arena that allocated it, and that arena's next large `malloc`
//! or `free` merges the whole list (`malloc_consolidate`), whichever thread makes it. Rows
//! loaded on the caller's thread live in its arena (the main one, under Python), so with the
//! free alone moved the caller still paid the merge, in its next list resize (profiled:
//! `PyList_Append` → `realloc` → `malloc_consolidate`, 12% of the call). So the load and score
//! run on a thread of their own ([`apart`]): glibc gives a new thread an arena of its own (while
//! there are fewer than 8 per core; `MALLOC_ARENA_MAX=1` puts all in one again), the rows are
//! allocated there, and their free, merges included, stays on the freeing threads. The scored
//! rows' own buffer is handed over too after the caller has read them: freeing it on the
//! caller's thread (a large block) merged that arena's lists there.
//!
//! The price is CPU, not wall time: a new thread's arena grows its heap page by page (glibc's
//! `grow_heap`: one `mprotect` per growth, unpadded, where the main arena's `brk` grows in
//! 128 KiB steps): 114,873 `mprotect` calls against 3,519 `brk` on the real corpus, ~0.15 s more
//! CPU (+6%) than loading and freeing on the caller's thread (measured, docs/performance.md).
//!
//! Frees run one after another ([`later`] chains each behind the last), and a call's load waits
//! first for the frees of calls before it ([`settle`] in [`apart`]), so back-to-back calls hold
//! at most one call's inputs beside the next call's. The slot of the last free is only ever
//! taken with `try_lock` (a swap, never a wait under the lock): a process forked while another
//! thread held it (multiprocessing's `fork`) would otherwise wait forever; and a thread started
//! by another process (before a fork) is never joined, only forgotten.

use std::sync::Mutex;
use std::thread::JoinHandle;

/// Below this many rows the free is cheap and a thread would cost more than it saves.
pub const MIN_ROWS: usize = 50_000;

/// The last free started, with the id of the process that started it.
type Last = (u32, JoinHandle<()>);
static LAST: Mutex<Option<Last>> = Mutex::new(None);

/// A thread's stack as the main thread's (8 MiB; Rust's default for a new thread is 2 MiB):
/// the load runs there, as it ran on the caller's.
const STACK: usize = 8 << 20;

/// Runs `f` on a thread of its own and waits for it (see the module's note: what `f`
/// allocates lives in that thread's arena), after the frees of earlier calls. A panic in `f`
/// goes on in the caller.
pub fn apart<R: Send>(f: impl FnOnce() -> Result<R, String> + Send) -> Result<R, String> {
    settle();
    std::thread::scope(|s| {
        let thread = std::thread::Builder::new()
            .name("readcov-load".into())
            .stack_size(STACK)
            .spawn_scoped(s, f)
            .map_err(|e| format!("cannot start a thread to load the inputs: {e}"))?;
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

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
pub fn settle() {
    if let Some(last) = take() {
        finish(last);
    }
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
