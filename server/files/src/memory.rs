//! How the process's allocator hands memory back to the kernel, for commands that read many
//! files of a few hundred KiB one after the other (`readcov import`).

/// Keeps memory freed for the next file instead of handing it back to the kernel: glibc serves
/// a block of 128 KiB or more (a log's bytes, a large tool output) with an `mmap` of its own
/// and unmaps it on `free` (raising that limit only to the largest block freed so far), and
/// gives back the top of its heap past twice that, so every log's bytes landed on fresh pages
/// the kernel had to zero (profiled on the real-size import corpus: 14,400 page faults and
/// the kernel's `clear_page` a quarter of the CPU samples; 2,200 faults with these limits).
/// Blocks up to 4 MiB now come from the heap, which keeps up to 16 MiB free at its top.
/// Elsewhere than glibc on Linux, nothing is changed.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets two of glibc's allocation limits, and any value is valid for
    // either; callers set them before starting threads.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 16 << 20);
    }
}
