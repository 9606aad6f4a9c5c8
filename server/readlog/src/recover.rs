//! Recovery: finding and repairing a torn last line, and reading only the complete lines.
//!
//! A log ends on `\n` after every acknowledged append. Anything after the last `\n` is either a
//! write cut short by a crash (never acknowledged) or a record someone appended by hand without a
//! final newline. The first is moved to `<log>.torn` (kept for inspection, out of the log); the
//! second is a whole JSON value and is kept, just terminated. Either way the next append starts
//! on a fresh line instead of gluing itself to the fragment — which would lose *it*.

use crate::error::LogError;
use crate::log::sync_dir;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// What happened to a torn last line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TornAction {
    /// A complete JSON value without its newline: a newline was appended, the record kept.
    Terminated,
    /// A fragment: cut from the log and appended (with a newline) to this file.
    MovedAside(PathBuf),
    /// Only reported (by [`read_log`], which never writes).
    Skipped,
}

/// A last line without its newline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Torn {
    /// Byte offset where the line starts.
    pub offset: u64,
    /// 1-based line number in the log.
    pub line: usize,
    pub len: u64,
    /// The first bytes, lossily decoded, for the report.
    pub preview: String,
    pub action: TornAction,
}

/// What opening a log found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Complete lines in the log after recovery.
    pub lines: usize,
    pub torn: Option<Torn>,
}

/// The complete lines of a log, and its torn tail if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogContents {
    /// Every byte up to and including the last `\n`.
    pub complete: Vec<u8>,
    pub lines: usize,
    pub torn: Option<Torn>,
}

const CHUNK: u64 = 64 * 1024;
const PREVIEW: usize = 80;

/// Reads a log without changing it: complete lines, plus the torn tail reported (not returned).
/// A missing log is empty.
pub fn read_log(path: &Path) -> Result<LogContents, LogError> {
    use std::io::Read;
    let file = match OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK)
        .open(path)
    {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(LogContents::default()),
        Err(e) => return Err(LogError::io(path, "open", e)),
    };
    let is_file = file.metadata().map_err(|e| LogError::io(path, "stat", e))?;
    if !is_file.is_file() {
        return Err(LogError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let mut bytes = Vec::new();
    (&file)
        .read_to_end(&mut bytes)
        .map_err(|e| LogError::io(path, "read", e))?;
    let cut = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let lines = bytes[..cut].iter().filter(|&&b| b == b'\n').count();
    let torn =
        (cut < bytes.len()).then(|| torn(&bytes[cut..], cut as u64, lines, TornAction::Skipped));
    bytes.truncate(cut);
    Ok(LogContents {
        complete: bytes,
        lines,
        torn,
    })
}

fn torn(tail: &[u8], offset: u64, lines: usize, action: TornAction) -> Torn {
    Torn {
        offset,
        line: lines + 1,
        len: tail.len() as u64,
        preview: String::from_utf8_lossy(&tail[..tail.len().min(PREVIEW)]).into_owned(),
        action,
    }
}

/// Under the caller's lock: if the log (of length `len`) does not end on `\n`, repair it.
pub(crate) fn repair_tail(file: &File, path: &Path, len: u64) -> Result<Option<Torn>, LogError> {
    if len == 0 || byte_at(file, path, len - 1)? == b'\n' {
        return Ok(None);
    }
    let start = last_line_start(file, path, len)?;
    let mut tail = vec![0u8; usize::try_from(len - start).unwrap_or(usize::MAX)];
    file.read_exact_at(&mut tail, start)
        .map_err(|e| LogError::io(path, "read", e))?;
    let lines = count_lines_before(file, path, start)?;
    let trimmed = tail.strip_suffix(b"\r").unwrap_or(&tail);
    if serde_json::from_slice::<serde_json::Value>(trimmed).is_ok() {
        (&*file)
            .write_all(b"\n")
            .and_then(|()| file.sync_data())
            .map_err(|e| LogError::io(path, "terminate the last line", e))?;
        return Ok(Some(torn(&tail, start, lines, TornAction::Terminated)));
    }
    let aside = torn_path(path);
    let mut record = tail.clone();
    record.push(b'\n');
    let mut side = OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o644)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(&aside)
        .map_err(|e| LogError::io(&aside, "open", e))?;
    // The fragment is safe in the side file before it leaves the log.
    side.write_all(&record)
        .and_then(|()| side.sync_data())
        .map_err(|e| LogError::io(&aside, "write", e))?;
    sync_dir(&aside)?;
    file.set_len(start)
        .and_then(|()| file.sync_data())
        .map_err(|e| LogError::io(path, "truncate the torn line", e))?;
    Ok(Some(torn(
        &tail,
        start,
        lines,
        TornAction::MovedAside(aside),
    )))
}

/// Where torn fragments of `log` go: `log` with `.torn` added to its name.
pub fn torn_path(log: &Path) -> PathBuf {
    let mut name = log.file_name().unwrap_or_default().to_os_string();
    name.push(".torn");
    log.with_file_name(name)
}

fn byte_at(file: &File, path: &Path, at: u64) -> Result<u8, LogError> {
    let mut b = [0u8; 1];
    file.read_exact_at(&mut b, at)
        .map_err(|e| LogError::io(path, "read", e))?;
    Ok(b[0])
}

/// Offset just after the last `\n` before `len` (0 if none), scanning backwards in chunks.
fn last_line_start(file: &File, path: &Path, len: u64) -> Result<u64, LogError> {
    let mut end = len;
    let mut buf = vec![0u8; CHUNK as usize];
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        let chunk = &mut buf[..(end - start) as usize];
        file.read_exact_at(chunk, start)
            .map_err(|e| LogError::io(path, "read", e))?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// `\n` bytes in `[0, end)`, read positionally (the file offset may sit anywhere after a write).
pub(crate) fn count_lines_before(file: &File, path: &Path, end: u64) -> Result<usize, LogError> {
    let mut n = 0;
    let mut buf = vec![0u8; CHUNK as usize];
    let mut at = 0;
    while at < end {
        let take = (end - at).min(CHUNK) as usize;
        file.read_exact_at(&mut buf[..take], at)
            .map_err(|e| LogError::io(path, "read", e))?;
        n += buf[..take].iter().filter(|&&b| b == b'\n').count();
        at += take as u64;
    }
    Ok(n)
}
