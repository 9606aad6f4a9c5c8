//! The one checked way to open an input file, shared by the CLI, the language server and the
//! Python module: only a regular file is read. A FIFO, a socket or a device (`/dev/zero`) is
//! refused with "not a regular file" before a byte is read — a FIFO's `open` alone blocks until
//! a writer appears, and `/dev/zero` never ends — so no caller can hang on one.
//!
//! The check is made on the open descriptor (`fstat`), not on the path beforehand: a file
//! swapped for a FIFO between a check and the open would still hang the open. The open itself
//! is non-blocking for that reason; the flag is cleared once the file is known to be regular.

use crate::FileError;
use std::fs::File;
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Opens an input file for reading, with its length; a missing file, a directory, a FIFO, a
/// socket or a device is a clear error, and the open never blocks.
pub fn open_input(path: &Path) -> Result<(File, u64), FileError> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a
        // writer; O_NOCTTY: a terminal device never becomes our controlling terminal.
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC)
        .open(path)
        .map_err(|e| FileError::new(path, format!("cannot open: {e}")))?;
    let meta = file
        .metadata()
        .map_err(|e| FileError::new(path, format!("cannot open: {e}")))?;
    if !meta.is_file() {
        return Err(FileError::new(path, "not a regular file"));
    }
    blocking(&file, path)?;
    Ok((file, meta.len()))
}

/// Clears `O_NONBLOCK` (reads of a regular file ignore it on Linux, but not everywhere).
fn blocking(file: &File, path: &Path) -> Result<(), FileError> {
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own; no memory is passed.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        let e = std::io::Error::last_os_error();
        return Err(FileError::new(path, format!("cannot open: {e}")));
    }
    Ok(())
}

/// Reads a whole input file; a directory, a missing file, a FIFO or a device is a clear error.
pub fn read_input(path: &Path) -> Result<Vec<u8>, FileError> {
    read_input_max(path, u64::MAX)
}

/// [`read_input`], refusing a file longer than `max` bytes (said with both sizes) before
/// reading any of it; a file that grows past `max` while being read is refused too.
pub fn read_input_max(path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    let (file, len) = open_input(path)?;
    read_opened(file, len, path, max)
}

/// The reading half of [`read_input_max`], on a file [`open_input`] opened (`len`: the length
/// it gave): for a caller that looks at the length first, without opening the file again.
pub fn read_opened(file: File, len: u64, path: &Path, max: u64) -> Result<Vec<u8>, FileError> {
    if len > max {
        return Err(too_large(path, len, max));
    }
    // Sized once (plus a byte to see the end): growing by doubling copied the file into fresh
    // pages at each step, and on a VM a fresh page costs microseconds (profiled: a gold file's
    // growth was an eighth of `score`'s page faults).
    // A length the allocator refuses (a sparse file of terabytes) grows as it reads instead, as
    // before: the reading, not the sizing, then says what went wrong.
    let mut bytes = Vec::new();
    let _ = bytes.try_reserve_exact(usize::try_from(len).unwrap_or(usize::MAX).saturating_add(1));
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::new(path, format!("cannot read: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(too_large(path, bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// The most bytes of one workspace source file (a gold file, an edited file) readcov reads whole:
/// for its units, as a text to map by, or to keep as a base text. Larger files keep their line
/// counts and fingerprints, which are read in pieces at any size ([`count_lines_of_file`],
/// [`fingerprint_of_file`]), and lose only what needs the whole text (units, the kept base). An
/// 8 GB gold file used to be read whole by `score --workspace`, and a 2 GB one took the language
/// server 6.5 GB and wrote 2 GB into the user's workspace. Far above real sources: the largest
/// file of the shipped SWE-bench checkouts is under 1 MB.
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// [`read_input`] of a workspace source file: refused past [`MAX_SOURCE_BYTES`], unread.
pub fn read_source(path: &Path) -> Result<Vec<u8>, FileError> {
    read_input_max(path, MAX_SOURCE_BYTES)
}

fn too_large(path: &Path, len: u64, max: u64) -> FileError {
    FileError::new(
        path,
        format!("{len} bytes, over the limit of {max} bytes for this input; not read"),
    )
}

/// Reads `path` in pieces, handing each to `f` (hashing or counting a file of any size in
/// constant memory); the same checks as [`open_input`].
pub fn for_each_chunk(path: &Path, mut f: impl FnMut(&[u8])) -> Result<u64, FileError> {
    let (mut file, _) = open_input(path)?;
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0u64;
    loop {
        match file.read(&mut buf) {
            Ok(0) => return Ok(total),
            Ok(n) => {
                f(&buf[..n]);
                total += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(FileError::new(path, format!("cannot read: {e}"))),
        }
    }
}

/// The lowercase hex sha256 of a file, hashed as it is read (constant memory; the `base`
/// fingerprint of `readcov_core::base`).
pub fn sha256_of_file(path: &Path) -> Result<String, FileError> {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for_each_chunk(path, |b| h.update(b))?;
    Ok(h.finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>())
}

/// A file's lowercase hex sha256 and its lines as [`crate::count_lines`] counts them, in one pass
/// read in pieces (constant memory; `readcov_core::base::Base::of_file` without the whole text).
pub fn fingerprint_of_file(path: &Path) -> Result<(String, u32), FileError> {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    let (mut newlines, mut last) = (0usize, b'\n');
    let total = for_each_chunk(path, |b| {
        h.update(b);
        newlines += memchr::memchr_iter(b'\n', b).count();
        last = *b.last().unwrap_or(&last);
    })?;
    let extra = usize::from(total > 0 && last != b'\n');
    let sha = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Ok((sha, u32::try_from(newlines + extra).unwrap_or(u32::MAX)))
}

/// Copies the input file `from` (at most `max` bytes of it) to a file `to` that must not exist
/// yet, in pieces, returning the sha256 of what was copied: a text kept by its hash is checked
/// as it is written, never read whole.
pub fn copy_input(from: &Path, to: &Path, max: u64) -> Result<String, FileError> {
    use sha2::{Digest, Sha256};
    use std::io::Write;
    let mut out = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)
        .map_err(|e| FileError::new(to, format!("cannot write: {e}")))?;
    let written = |e: std::io::Error| FileError::new(to, format!("cannot write: {e}"));
    let mut h = Sha256::new();
    let (file, _) = open_input(from)?;
    let mut input = file.take(max);
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(FileError::new(from, format!("cannot read: {e}"))),
        };
        h.update(&buf[..n]);
        out.write_all(&buf[..n]).map_err(written)?;
    }
    out.sync_all().map_err(written)?;
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Lines in a file as [`crate::count_lines`] counts them, read in pieces (constant memory).
pub fn count_lines_of_file(path: &Path) -> Result<u32, FileError> {
    let (mut newlines, mut last) = (0usize, b'\n');
    let total = for_each_chunk(path, |b| {
        newlines += memchr::memchr_iter(b'\n', b).count();
        last = *b.last().unwrap_or(&last);
    })?;
    let extra = usize::from(total > 0 && last != b'\n');
    Ok(u32::try_from(newlines + extra).unwrap_or(u32::MAX))
}

#[cfg(test)]
pub(crate) mod tests;
