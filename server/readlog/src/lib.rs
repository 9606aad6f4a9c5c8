//! readcov-readlog: a durable, append-only JSONL read log that never loses acknowledged data.
//!
//! Guarantees (see `docs/reliability.md`):
//! - every append is whole lines in a single `write(2)` on an `O_APPEND` descriptor, so readers
//!   never see two records interleaved;
//! - `fdatasync` runs before [`ReadLog::append_json`] returns: an `Ok` is an acknowledgement that
//!   survives a crash of the process (and, on a sane file system, of the machine);
//! - an exclusive `flock` is held around each append and rewrite, so two servers on one workspace
//!   serialise their writes instead of racing;
//! - a torn last line (a crash mid-write, or a hand edit without a final newline) is repaired
//!   under the lock before the next append: kept if it is a complete JSON value, otherwise moved
//!   to `<log>.torn` and reported. Complete lines are never touched;
//! - a log from configuration is only ever a `.jsonl` file in readcov's own `.readcov/` folder
//!   ([`confine_log_path`]), never a file of the user's (it is appended to, repaired, rewritten);
//! - a rewrite keeps the log's permission bits.

mod confine;
mod error;
mod lock;
mod log;
mod recover;

pub use confine::{check_log_path, confine_log_path, MAX_LOG_NAME, OWN_DIR};
pub use error::LogError;
pub use lock::LockGuard;
pub use log::{Appended, ReadLog};
pub use recover::{read_log, torn_path, LogContents, Recovery, Torn, TornAction};
