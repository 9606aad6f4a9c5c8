//! The read log the editor writes: where it is (a `.jsonl` file of the workspace's `.readcov/`
//! folder, never a configured input), a what-if read appended to it, and every what-if read
//! cleared from it and from memory.

use super::reads::Staging;
use super::{Changed, ReadSource, Store};
use crate::gold_set;
use crate::tail::Tail;
use readcov_core::base::Base;
use readcov_core::{ReadSpan, Source};
use readcov_readlog::{check_log_path, confine_log_path, ReadLog};
use std::path::{Path, PathBuf};

impl Store {
    /// The read log, checked without writing anything: a `.jsonl` file directly in the
    /// workspace's `.readcov/` folder (`readcov-readlog`'s rule: readcov's own files, never the
    /// user's), and never one of the configured gold or reads files — recorded reads appended
    /// to the gold counted as gold. Without a workspace root only a client's own settings can
    /// name it, and it is taken as configured.
    pub fn read_log(&self) -> Result<PathBuf, String> {
        let c = self.config();
        let Some(root) = self.root() else {
            return Ok(self.resolve(&c.read_log));
        };
        let log = check_log_path(&root, &c.read_log).map_err(|e| e.to_string())?;
        let gold = c.gold.iter().map(|g| ("gold", gold_set::entry(g).1));
        let reads = c.reads.iter().map(|r| ("reads", r.as_str()));
        for (kind, input) in gold.chain(reads) {
            if self.confined(input).is_ok_and(|p| same_file(&p, &log)) {
                return Err(format!(
                    "read log `{}` refused: it is also configured as {kind} `{input}`, and recorded reads are never written into an input; name a file of its own in `.readcov/` (default `.readcov/reads.jsonl`), which is always read",
                    c.read_log
                ));
            }
        }
        Ok(log)
    }

    /// Where the read log is written: [`Store::read_log`], its `.readcov/` folder created when
    /// missing (never through a symlink); refusals are `PermissionDenied` with the reason.
    pub fn read_log_path(&self) -> std::io::Result<PathBuf> {
        let denied = |e: String| std::io::Error::new(std::io::ErrorKind::PermissionDenied, e);
        let log = self.read_log().map_err(denied)?;
        match self.root() {
            Some(root) => {
                confine_log_path(&root, &self.config().read_log).map_err(|e| denied(e.to_string()))
            }
            None => Ok(log),
        }
    }

    /// Appends one row to the read log through `readcov-readlog`: one `O_APPEND` write of a
    /// whole line under `flock`, fsynced before returning (the acknowledgement); a torn tail
    /// left by a crashed writer is repaired first and noted.
    pub fn append_read(&self, read: &ReadSpan, base: Option<&Base>) -> std::io::Result<()> {
        #[derive(serde::Serialize)]
        struct Row<'a> {
            #[serde(flatten)]
            read: &'a ReadSpan,
            #[serde(skip_serializing_if = "Option::is_none")]
            base: Option<&'a Base>,
        }
        let path = self.read_log_path()?;
        let done = ReadLog::new(&path)
            .append_json(&Row { read, base })
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        if let Some(t) = done.repaired {
            self.note([format!(
                "{}:{}: torn last line repaired ({:?})",
                path.display(),
                t.line,
                t.action
            )]);
        }
        Ok(())
    }

    /// Removes every `source: manual` row from the read log (rewritten atomically, under the
    /// log's lock) and memory.
    pub fn clear_what_if(&self) -> std::io::Result<Changed> {
        let log_path = self.read_log_path()?;
        let path = log_path.clone();
        if log_path.exists() {
            ReadLog::new(&log_path)
                .rewrite(|l| !is_manual_row(l))
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        }
        // Read the rewritten log afresh under a new origin; its reads replace the old origin's
        // and every what-if read under one write: its agent reads never vanish in between, and
        // are never counted twice.
        let stale = self.logs.lock().ok().and_then(|mut logs| {
            let (origin, state) = logs.get_mut(&path)?;
            *state = ReadSource::Log(Tail::default());
            Some(std::mem::replace(origin, self.new_origin()))
        });
        let staging = Staging {
            all: false,
            paths: vec![path],
            stale: stale.into_iter().collect(),
        };
        let changed = self.poll(staging, Some(&|r| r.source != Source::Manual));
        self.bump();
        Ok(changed)
    }
}

/// Whether two paths name one file: the same path, or (both existing) the same file through
/// symlinks or hard links.
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    a == b
        || matches!(
            (std::fs::metadata(a), std::fs::metadata(b)),
            (Ok(x), Ok(y)) if x.dev() == y.dev() && x.ino() == y.ino()
        )
}

fn is_manual_row(line: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(line)
        .ok()
        .is_some_and(|v| v.get("source").and_then(|s| s.as_str()) == Some("manual"))
}
