//! Errors of the read log: every IO failure names the path and what was being done.

use std::path::PathBuf;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum LogError {
    #[error("{}: cannot {op}: {source}", path.display())]
    Io {
        path: PathBuf,
        op: &'static str,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: is a symbolic link; the read log must be a regular file", path.display())]
    Symlink { path: PathBuf },
    #[error("{}: not a regular file", path.display())]
    NotAFile { path: PathBuf },
    #[error("read log `{0}` refused: the read log must be a `.jsonl` file directly in the workspace's `.readcov/` folder (readcov's own files; a name of at most 200 bytes), e.g. `.readcov/reads.jsonl`; nothing was written")]
    NotOwn(String),
    #[error("{}: is not a real directory (a symlink or a file); the read log is only written in readcov's own `.readcov/` folder", path.display())]
    OwnDir { path: PathBuf },
    #[error("{}: has {links} hard links; writing it would change another file too, so it is not used as the read log", path.display())]
    HardLinked { path: PathBuf, links: u64 },
    #[error("{}: resolves outside the workspace {}", path.display(), root.display())]
    Outside { path: PathBuf, root: PathBuf },
    #[error("log path `{0}`: {1}")]
    BadPath(String, String),
    #[error("a log record must be one line: it contains a newline")]
    Newline,
    #[error("a log record cannot be serialised: {0}")]
    Serialise(String),
    #[error("{}: short write ({written} of {wanted} bytes); the partial record was removed", path.display())]
    ShortWrite {
        path: PathBuf,
        written: usize,
        wanted: usize,
    },
    #[error("{}: locked by another writer", path.display())]
    Locked { path: PathBuf },
}

impl LogError {
    pub(crate) fn io(path: &std::path::Path, op: &'static str, source: std::io::Error) -> Self {
        LogError::Io {
            path: path.to_path_buf(),
            op,
            source,
        }
    }
}
