//! The extension's allocator: mimalloc for this library's small Rust allocations, glibc's
//! `malloc` for its large ones. CPython's own objects stay on CPython's allocators (a block is
//! always freed by the allocator that made it: PyO3 copies strings into Python objects).
//!
//! Why (issue 39, "the API never loses to the CLI", measured in docs/performance.md, session 18):
//! `readcov score` never frees its loaded rows (the process exits), a library call must. On the
//! real corpus that is 1.73M rows with five owned strings each; glibc's `free` of them, with
//! the merges of its free lists (`malloc_consolidate`), was ~0.35 s, and loading on a thread
//! of its own to keep those merges off the caller (session 17) grew a thread arena page by page
//! (114,873 `mprotect`, ~0.15 s). mimalloc's thread-local free lists make both the allocations
//! and their free cheaper, in any thread, with no arena to grow.
//!
//! A block of [`LARGE`] bytes or more goes to glibc (`std::alloc::System`): a `Vec` grown by
//! doubling (the file's bytes, the row tables) is moved by `mremap` there once past glibc's mmap
//! threshold, not copied, where mimalloc copied it (`memmove` under `finish_grow`, ~9% of the
//! call). The size picks the allocator, and Rust hands `dealloc` and `realloc` the size the
//! block was allocated with, so each block goes back to the allocator that made it.
//!
//! mimalloc's settings: its own defaults, except `arena_eager_commit`, set to 0 before its first
//! allocation here: eagerly committed arenas are advised as huge pages (`MADV_HUGEPAGE`), and on
//! a kernel that compacts memory on such faults (`defrag=madvise`, this machine's) the system
//! time of a call on the real corpus went from 0.5 to 1.0–2.7 s. Settings are mimalloc's, not
//! the process's: glibc's are untouched here (`import_log` alone sets two of glibc's limits, as
//! `readcov import` does: `readcov_files::memory::keep_freed_memory`, in `import.rs`). mimalloc
//! reads `MIMALLOC_*` variables as it always does.
//!
//! Fork: mimalloc has no `pthread_atfork` handlers (glibc's `malloc` has), so a process forked
//! while another thread held one of its locks would wait on it forever. The one thread of ours
//! that runs beside the caller, the free (`freer.rs`), is waited for before a fork
//! ([`before_fork`]); a fork while a Python thread is inside a readcov call is as unsafe as
//! CPython says forking with threads running is.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

/// From this many bytes a block is glibc's (see the module's note).
pub const LARGE: usize = 256 << 10;

/// `mi_option_arena_eager_commit` (entry 4 of `enum mi_option_e` in mimalloc v3's `mimalloc.h`,
/// the version `libmimalloc-sys =0.1.49` builds; the crate pins it exactly for this).
const ARENA_EAGER_COMMIT: mi::mi_option_t = 4;

/// Whether mimalloc's settings are made (before its first allocation).
static SET: AtomicBool = AtomicBool::new(false);

/// The extension's `#[global_allocator]`.
pub struct Alloc;

#[inline]
fn set() {
    if !SET.load(Ordering::Relaxed) {
        configure();
    }
}

#[cold]
fn configure() {
    // Two threads racing here both set the same value: harmless.
    // SAFETY: `mi_option_set` only stores the option; it allocates nothing.
    unsafe { mi::mi_option_set(ARENA_EAGER_COMMIT, 0) };
    SET.store(true, Ordering::Relaxed);
}

// SAFETY: each block is freed and resized by the allocator that made it, told by its size
// (`layout.size()` is the allocated size in `dealloc` and `realloc`, GlobalAlloc's contract);
// mimalloc and glibc both honour `layout.align()`.
unsafe impl GlobalAlloc for Alloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() >= LARGE {
            return unsafe { System.alloc(layout) };
        }
        set();
        unsafe { mi::mi_malloc_aligned(layout.size(), layout.align()).cast() }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() >= LARGE {
            return unsafe { System.alloc_zeroed(layout) };
        }
        set();
        unsafe { mi::mi_zalloc_aligned(layout.size(), layout.align()).cast() }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if layout.size() >= LARGE {
            return unsafe { System.dealloc(ptr, layout) };
        }
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match (layout.size() >= LARGE, new_size >= LARGE) {
            (true, true) => unsafe { System.realloc(ptr, layout, new_size) },
            (false, false) => unsafe {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            },
            // Across the line: a new block from the other allocator, the bytes copied.
            _ => unsafe {
                let new = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
                if !new.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                new
            },
        }
    }
}

/// Gives the pages mimalloc holds free back to the system now (after a large free: without it
/// they stayed resident until mimalloc's next purge, 828 MB after a call on the real corpus).
pub fn give_back() {
    // SAFETY: a plain call into mimalloc; `force` collects this thread's heap and purges.
    unsafe { mi::mi_collect(true) }
}

/// Runs `prepare` in the forking thread before every `fork()` of the process (registered once).
pub fn before_fork(prepare: extern "C" fn()) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: registers a handler; `prepare` must not fork or take a lock the forking thread holds.
    ONCE.call_once(|| unsafe {
        libc::pthread_atfork(Some(prepare as unsafe extern "C" fn()), None, None);
    });
}
