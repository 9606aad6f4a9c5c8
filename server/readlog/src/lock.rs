//! The advisory lock: `flock(LOCK_EX)` on the log's own open file description, released when
//! the guard (and its descriptor) is dropped.

use crate::error::LogError;
use std::fs::File;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

/// An open log file holding the exclusive lock. Dropping it closes the file and unlocks.
#[derive(Debug)]
pub struct LockGuard {
    pub(crate) file: File,
    pub(crate) path: PathBuf,
}

impl LockGuard {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Blocks until `file` holds the exclusive lock (retrying on `EINTR`).
pub(crate) fn lock(file: &File, path: &Path, nonblocking: bool) -> Result<(), LogError> {
    let op = libc::LOCK_EX | if nonblocking { libc::LOCK_NB } else { 0 };
    loop {
        // SAFETY: flock on a descriptor we own; no memory is passed.
        let rc = unsafe { libc::flock(file.as_raw_fd(), op) };
        if rc == 0 {
            return Ok(());
        }
        let err = std::io::Error::last_os_error();
        match err.raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EWOULDBLOCK) if nonblocking => {
                return Err(LogError::Locked {
                    path: path.to_path_buf(),
                })
            }
            _ => return Err(LogError::io(path, "lock", err)),
        }
    }
}
