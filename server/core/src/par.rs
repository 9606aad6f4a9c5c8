//! An order-keeping parallel map over a slice on scoped threads: results come back in input
//! order whatever the thread count, so a parallel run writes the same bytes as a serial one.
//! Used where items are independent (ContextBench instances, `readcov import` files).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The thread count for `jobs` (0: the available cores), never more than `items`, at least 1.
pub fn threads_for(jobs: usize, items: usize) -> usize {
    let jobs = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        jobs
    };
    jobs.min(items).max(1)
}

/// `f` over `items` on `threads` threads (see [`threads_for`]), results in input order. Threads
/// take the next unclaimed item, so slow items do not leave a thread idle. One thread runs on
/// the caller's thread (no spawn).
pub fn map_ordered<T, R, F>(items: &[T], threads: usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(usize, &T) -> R + Sync,
{
    if threads <= 1 || items.len() <= 1 {
        return items.iter().enumerate().map(|(i, t)| f(i, t)).collect();
    }
    let next = AtomicUsize::new(0);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(t) = items.get(i) else { break };
            mine.push((i, f(i, t)));
        }
        mine
    };
    let mut slots: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    // No more threads than items, and a thread the system refuses (`jobs=10**9` from Python:
    // "failed to spawn thread" panicked, aborting the CLI and raising PanicException) is one
    // fewer worker, not a failure: the threads that run claim every item between them.
    let threads = threads.min(items.len());
    std::thread::scope(|s| {
        let workers: Vec<_> = (1..threads)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(s, work).ok())
            .collect();
        let own = work();
        let joined = workers.into_iter().map(|w| match w.join() {
            Ok(v) => v,
            // A panic in `f` is the caller's bug: re-raise it on the calling thread.
            Err(p) => std::panic::resume_unwind(p),
        });
        for (i, r) in std::iter::once(own).chain(joined).flatten() {
            slots[i] = Some(r);
        }
    });
    slots
        .into_iter()
        .map(|r| r.expect("every index is claimed by exactly one thread"))
        .collect()
}

#[cfg(test)]
mod tests;
