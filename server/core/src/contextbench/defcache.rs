//! Blocks by file content, shared by every instance and thread of a run: ContextBench's
//! instances are checkouts of a few repositories, so the same file (byte for byte) comes back
//! in many of them, and parsing it again for each was nine tenths of a run (docs/performance.md).
//! Bounded: contents are keyed by their BLAKE3 hash (no copy of the bytes is kept), and past a
//! byte budget of blocks the least recently used are dropped, to be parsed again if asked for.

use super::lru::Lru;
use super::source::Def;
use std::sync::{Arc, Mutex, OnceLock};

/// The blocks of the run's distinct contents kept at most (an estimate of their heap bytes):
/// a block is ~60 bytes, so with definitions of ~20 lines this holds the blocks of a few
/// gigabytes of distinct source (`bench/contextbench_memory.py`: 504 MB of source, ~72 MB).
pub const CACHE_BYTES: usize = 256 << 20;

/// The blocks of one content, or why there are none, computed once by whichever thread asks
/// first (the others wait for that result).
type Slot = Arc<OnceLock<Result<Arc<Vec<Def>>, String>>>;

/// A content in a language: the language and the BLAKE3 hash of the bytes. The checkouts are
/// untrusted repositories, so the key must be collision-resistant (a crafted pair of files with
/// one key would share blocks); BLAKE3 is, as SHA-256 was, and hashes several times faster here
/// (SHA-256 was 7.5% of a real-size run even with the CPU's SHA extensions; docs/performance.md).
/// The full bytes are no longer kept to compare.
type Key = (&'static str, [u8; 32]);

/// The key of `bytes` in `lang`.
fn key(lang: &'static str, bytes: &[u8]) -> Key {
    (lang, blake3::hash(bytes).into())
}

/// What a slot is charged before its blocks are known: the key and the map's bookkeeping.
const SLOT_BYTES: usize = 128;

pub struct DefCache {
    map: Mutex<Lru<Key, Slot>>,
}

impl Default for DefCache {
    fn default() -> DefCache {
        DefCache::with_budget(CACHE_BYTES)
    }
}

/// The heap bytes of a file's blocks (what the cache is charged for them).
pub fn defs_bytes(defs: &[Def]) -> usize {
    std::mem::size_of_val(defs) + defs.iter().map(|d| d.name.capacity()).sum::<usize>()
}

impl DefCache {
    /// A cache keeping about `budget` bytes of blocks.
    pub fn with_budget(budget: usize) -> DefCache {
        DefCache {
            map: Mutex::new(Lru::new(budget)),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Lru<Key, Slot>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The blocks of `bytes` in `lang`, or why there are none: `make` runs once per distinct
    /// content and language while the content's blocks are kept.
    pub fn get(
        &self,
        lang: &'static str,
        bytes: &[u8],
        make: impl FnOnce() -> Result<Vec<Def>, String>,
    ) -> Result<Arc<Vec<Def>>, String> {
        let key = key(lang, bytes);
        let slot = {
            let mut map = self.lock();
            match map.get(&key) {
                Some(s) => s.clone(),
                None => {
                    let s = Slot::default();
                    map.insert(key, s.clone(), SLOT_BYTES);
                    s
                }
            }
        };
        // Outside the lock: other contents are parsed meanwhile on the other threads.
        let mut made = None;
        let got = slot
            .get_or_init(|| {
                let r = make().map(Arc::new);
                made = Some(match &r {
                    Ok(d) => defs_bytes(d),
                    Err(why) => why.len(),
                });
                r
            })
            .clone();
        if let Some(cost) = made {
            self.lock().charge(&key, cost);
        }
        got
    }

    /// The bytes of blocks kept (tests and benches).
    pub fn used(&self) -> usize {
        self.lock().used()
    }
}

#[cfg(test)]
mod tests;
