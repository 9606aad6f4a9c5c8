//! Agent trajectories as read sources: a `reads` entry that is an OpenHands, mini-swe-agent,
//! SWE-agent or Claude Code log (detected from its first bytes by `readcov-import`) is imported
//! on the fly with `readcov-import` — the same conversion as `readcov import` — and imported
//! again whenever the file changes (a trajectory is rewritten or appended as the agent runs,
//! not a log of independent rows, so it is never tailed).

use crate::sources::Workspace;
use crate::tail::Polled;
use readcov_core::InputError;
use readcov_import::{detect_format, import, ImportOptions};
use std::io::Read;
use std::path::Path;
use std::time::SystemTime;

/// How a trajectory file looked when it was last imported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    ino: u64,
}

/// Whether `path` holds a trajectory rather than reads JSONL. A first line that is a JSON object
/// with a `path` is a reads row; otherwise the format is detected by `readcov-import` on the
/// whole file (a trajectory's distinguishing keys may sit hundreds of KB in).
pub fn is_trajectory(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::new();
    if file.take(1 << 16).read_to_end(&mut head).is_err() {
        return false;
    }
    if let Some(first) = head
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty())
    {
        if let Ok(serde_json::Value::Object(o)) = serde_json::from_slice(first) {
            if o.contains_key("path") && !o.contains_key("sessionId") {
                return false;
            }
        }
    }
    std::fs::read(path)
        .map(|b| detect_format(&String::from_utf8_lossy(&b)).is_some())
        .unwrap_or(false)
}

fn stamp(meta: &std::fs::Metadata) -> Stamp {
    Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        #[cfg(unix)]
        ino: std::os::unix::fs::MetadataExt::ino(meta),
        #[cfg(not(unix))]
        ino: 0,
    }
}

/// Imports `path` again when it changed since `last`. On a change every earlier read of this
/// file is dropped (`reset`) and replaced by the new import; a log that no longer imports at all
/// (half-written JSON) keeps its previous reads until it does, and says why.
pub fn poll(path: &Path, display: &str, ws: &Workspace, last: &mut Option<Stamp>) -> Polled {
    let mut out = Polled::default();
    let Ok(meta) = std::fs::metadata(path) else {
        out.reset = last.is_some();
        *last = None;
        return out;
    };
    let now = stamp(&meta);
    if last.as_ref() == Some(&now) {
        return out;
    }
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            out.errors.push(InputError::new(
                display,
                0,
                None,
                format!("cannot read: {e}"),
            ));
            return out;
        }
    };
    let imported = import(&bytes, display, &ImportOptions::default(), ws);
    out.errors = imported
        .errors
        .iter()
        .map(|e| InputError::new(display, 0, None, e.message.clone()))
        .collect();
    if imported.rows.is_empty() && !imported.errors.is_empty() {
        return out;
    }
    out.reset = last.is_some();
    out.bytes = bytes.len() as u64;
    out.reads = imported.rows;
    *last = Some(now);
    out
}
