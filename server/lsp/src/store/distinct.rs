//! One entry per file in the configured gold, reads and patches lists. A repository's
//! `readcov.toml` (1 MiB at most) could name one small gold file and one small reads file
//! 20,000 times each, and the server read, parsed and held each of them 20,000 times: 232 s
//! before its first summary and 3.2 GB resident (session 29). A file is the same file however
//! its entries spell it (`gold.jsonl`, `./gold.jsonl`, a symlink, a hard link); the first
//! entry naming it is kept, the others are dropped and counted in one problem.

use super::Store;
use crate::config::Config;
use crate::gold_set;
use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

/// Which file a configured entry names: its device and inode when it exists, else the
/// confined path (a file made later), else the entry as written (refused: reported where it
/// is read).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FileKey {
    Inode(u64, u64),
    Path(PathBuf),
    Refused(String),
}

impl Store {
    /// The file `entry` names ([`FileKey`]).
    pub fn file_key(&self, entry: &str) -> FileKey {
        match self.confined(entry) {
            Ok(abs) => match std::fs::metadata(&abs) {
                Ok(m) => FileKey::Inode(m.dev(), m.ino()),
                Err(_) => FileKey::Path(abs),
            },
            Err(_) => FileKey::Refused(entry.to_string()),
        }
    }

    /// `cfg`'s gold, reads and patches with each file named once (gold entries by their set
    /// name and file: `a=g.jsonl` and `b=g.jsonl` are two sets); the problem when entries were
    /// dropped.
    pub fn keep_distinct(&self, cfg: &mut Config) -> Option<String> {
        let mut dropped = 0;
        let mut gold_seen = HashSet::new();
        cfg.gold.retain(|g| {
            let (name, file) = gold_set::entry(g);
            let kept = gold_seen.insert((name.map(str::to_string), self.file_key(file)));
            dropped += usize::from(!kept);
            kept
        });
        for list in [&mut cfg.reads, &mut cfg.patches] {
            let mut seen = HashSet::new();
            list.retain(|e| {
                let kept = seen.insert(self.file_key(e));
                dropped += usize::from(!kept);
                kept
            });
        }
        (dropped > 0).then(|| {
            format!(
                "{dropped} gold, reads or patches entr(ies) name a file an earlier entry names; \
                 each file is read once"
            )
        })
    }
}

#[cfg(test)]
mod tests;
