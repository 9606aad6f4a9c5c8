//! [`ReadLog`]: open-lock-append-fsync, one record (or batch) at a time.
//!
//! The file is reopened for every append rather than kept open: another process may rewrite the
//! log (tmp file + rename, see [`ReadLog::rewrite`]), and a descriptor kept across that would
//! append to the orphaned old file — acknowledged data nobody can see.

use crate::error::LogError;
use crate::lock::{lock, LockGuard};
use crate::recover::{count_lines_before, repair_tail, Recovery, Torn};
use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// A read log at a fixed path. Cheap to clone; holds no descriptor between calls.
#[derive(Clone, Debug)]
pub struct ReadLog {
    path: PathBuf,
}

/// What an acknowledged append did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appended {
    /// Byte offset of the first appended line.
    pub offset: u64,
    /// Bytes written (whole lines, newline included).
    pub bytes: usize,
    /// A torn tail found and repaired before this append.
    pub repaired: Option<Torn>,
}

/// Gives up when the path keeps being swapped under us (a rename storm); never in practice.
const MAX_REOPEN: usize = 16;

impl ReadLog {
    /// A handle on the log at `path`, without touching the disk: the first append creates the
    /// file and repairs a torn tail. Use [`ReadLog::open`] to learn what recovery found up front.
    pub fn new(path: impl Into<PathBuf>) -> ReadLog {
        ReadLog { path: path.into() }
    }

    /// Opens (creating it and its directory entry durably) and recovers the log at `path`: a torn
    /// last line is repaired under the lock and reported in the [`Recovery`].
    pub fn open(path: impl Into<PathBuf>) -> Result<(ReadLog, Recovery), LogError> {
        let log = ReadLog { path: path.into() };
        let guard = log.lock()?;
        let len = meta(&guard)?.len();
        let torn = repair_tail(&guard.file, &log.path, len)?;
        let len = meta(&guard)?.len();
        let lines = count_lines_before(&guard.file, &log.path, len)?;
        Ok((log, Recovery { lines, torn }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one JSON value as one line; returns once it is on disk.
    pub fn append_json<T: Serialize>(&self, value: &T) -> Result<Appended, LogError> {
        let line = serde_json::to_vec(value).map_err(|e| LogError::Serialise(e.to_string()))?;
        self.append_lines(&[line])
    }

    /// Appends several records in one `write`: all of them are acknowledged together, or none.
    pub fn append_lines<L: AsRef<[u8]>>(&self, lines: &[L]) -> Result<Appended, LogError> {
        let mut buf = Vec::new();
        for l in lines {
            let l = l.as_ref();
            if l.contains(&b'\n') {
                return Err(LogError::Newline);
            }
            buf.extend_from_slice(l);
            buf.push(b'\n');
        }
        let guard = self.lock()?;
        let len = meta(&guard)?.len();
        let repaired = repair_tail(&guard.file, &self.path, len)?;
        let offset = meta(&guard)?.len();
        write_once(&guard, &buf, offset)?;
        guard
            .file
            .sync_data()
            .map_err(|e| LogError::io(&self.path, "fsync", e))?;
        Ok(Appended {
            offset,
            bytes: buf.len(),
            repaired,
        })
    }

    /// Rewrites the log keeping only the complete lines for which `keep` is true (for example,
    /// clearing what-if rows), atomically: tmp file, fsync, rename, fsync of the directory.
    /// Returns how many lines were dropped.
    pub fn rewrite(&self, mut keep: impl FnMut(&[u8]) -> bool) -> Result<usize, LogError> {
        let guard = self.lock()?;
        let len = meta(&guard)?.len();
        repair_tail(&guard.file, &self.path, len)?;
        // From the locked descriptor, not the path: the file read is the file locked.
        // From the start: a repair may have written (and moved the offset) just before.
        let mut bytes = Vec::new();
        (&guard.file)
            .seek(SeekFrom::Start(0))
            .and_then(|_| (&guard.file).read_to_end(&mut bytes))
            .map_err(|e| LogError::io(&self.path, "read", e))?;
        let mode = meta(&guard)?.permissions();
        let mut out = Vec::with_capacity(bytes.len());
        let mut dropped = 0;
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            if keep(line.strip_suffix(b"\n").unwrap_or(line)) {
                out.extend_from_slice(line);
            } else {
                dropped += 1;
            }
        }
        let tmp = sibling(&self.path, &format!(".rewrite.{}", std::process::id()));
        let mut f = OpenOptions::new()
            .write(true)
            .create_new(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
            .open(&tmp)
            .map_err(|e| LogError::io(&tmp, "create", e))?;
        // The new file keeps the old one's mode (a rewrite once turned 0755 into 0644).
        let written = f
            .set_permissions(mode)
            .and_then(|()| f.write_all(&out))
            .and_then(|()| f.sync_all())
            .and_then(|()| std::fs::rename(&tmp, &self.path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(LogError::io(&self.path, "rewrite", e));
        }
        sync_dir(&self.path)?;
        drop(guard); // waiting appenders now see a new inode and reopen
        Ok(dropped)
    }

    /// Takes the exclusive lock (blocking), creating the log if needed.
    pub fn lock(&self) -> Result<LockGuard, LogError> {
        self.lock_with(false)
    }

    /// Takes the lock or fails at once with [`LogError::Locked`].
    pub fn try_lock(&self) -> Result<LockGuard, LogError> {
        self.lock_with(true)
    }

    fn lock_with(&self, nonblocking: bool) -> Result<LockGuard, LogError> {
        for _ in 0..MAX_REOPEN {
            let file = self.open_file()?;
            lock(&file, &self.path, nonblocking)?;
            // The path may have been renamed over between open and lock: only the file the path
            // names now is the log.
            let held = file
                .metadata()
                .map_err(|e| LogError::io(&self.path, "stat", e))?;
            match std::fs::symlink_metadata(&self.path) {
                Ok(now) if now.ino() == held.ino() && now.dev() == held.dev() => {
                    return Ok(LockGuard {
                        file,
                        path: self.path.clone(),
                    })
                }
                Ok(_) => continue,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(LogError::io(&self.path, "stat", e)),
            }
        }
        Err(LogError::io(
            &self.path,
            "lock",
            std::io::Error::other("the log keeps being replaced"),
        ))
    }

    /// Opens read-write with `O_APPEND`, never through a symlink; a new file's directory entry is
    /// synced so the file itself survives a crash.
    fn open_file(&self) -> Result<File, LogError> {
        let mut opts = OpenOptions::new();
        opts.read(true)
            .append(true)
            .mode(0o644)
            // O_NONBLOCK: opening a FIFO must never wait for a peer (it is refused below).
            .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
        let created = match opts.clone().create_new(true).open(&self.path) {
            Ok(f) => {
                sync_dir(&self.path)?;
                Some(f)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => None,
            Err(e) => return Err(open_error(&self.path, e)),
        };
        let file = match created {
            Some(f) => f,
            None => opts
                .open(&self.path)
                .map_err(|e| open_error(&self.path, e))?,
        };
        let m = file
            .metadata()
            .map_err(|e| LogError::io(&self.path, "stat", e))?;
        // A regular file with no other name (a hard link would be written through too).
        crate::confine::check_file(&self.path, &m)?;
        Ok(file)
    }
}

fn open_error(path: &Path, e: std::io::Error) -> LogError {
    if e.raw_os_error() == Some(libc::ELOOP) {
        LogError::Symlink {
            path: path.to_path_buf(),
        }
    } else {
        LogError::io(path, "open", e)
    }
}

fn meta(g: &LockGuard) -> Result<std::fs::Metadata, LogError> {
    g.file
        .metadata()
        .map_err(|e| LogError::io(&g.path, "stat", e))
}

/// One `write(2)` of whole lines. A short write leaves a partial record: cut it off again so
/// the log still ends on a line boundary, and report the failure (nothing is acknowledged).
fn write_once(g: &LockGuard, buf: &[u8], offset: u64) -> Result<(), LogError> {
    let written = loop {
        match (&g.file).write(buf) {
            Ok(n) => break n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let _ = g.file.set_len(offset);
                return Err(LogError::io(&g.path, "write", e));
            }
        }
    };
    if written != buf.len() {
        let _ = g.file.set_len(offset);
        return Err(LogError::ShortWrite {
            path: g.path.clone(),
            written,
            wanted: buf.len(),
        });
    }
    Ok(())
}

/// `dir/name` → `dir/.name<suffix>`.
pub(crate) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}{suffix}"))
}

/// fsyncs the directory holding `path`, making a create or rename durable.
pub(crate) fn sync_dir(path: &Path) -> Result<(), LogError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| LogError::io(dir, "fsync directory", e))
}
