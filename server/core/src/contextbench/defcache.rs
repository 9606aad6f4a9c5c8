//! Blocks by file content, shared by every instance and thread of a run: ContextBench's
//! instances are checkouts of a few repositories, so the same file (byte for byte) comes back
//! in many of them, and parsing it again for each was nine tenths of a run (docs/performance.md).

use super::source::Def;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// One distinct content in one language: its bytes (to tell contents apart exactly) and its
/// blocks, computed once by whichever thread asks first (the others wait for that result).
struct Entry {
    bytes: Vec<u8>,
    /// The blocks, or why there are none (said again to each instance that has the file).
    defs: OnceLock<Result<Arc<Vec<Def>>, String>>,
}

/// Contents seen so far, by language and a cheap key (length, first and last KiB); contents
/// sharing a key are told apart by comparing their bytes, so the key only has to be fast.
#[derive(Default)]
pub struct DefCache {
    map: Mutex<HashMap<(&'static str, u64), Chain>>,
}

/// The contents sharing one key, oldest first.
type Chain = Vec<Arc<Entry>>;

/// The key of a content: its length and its two ends (hashing all of it cost as much as a
/// tenth of the parse it saves; a full compare on a hit is several times cheaper).
fn key(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.len().hash(&mut h);
    bytes[..bytes.len().min(1024)].hash(&mut h);
    bytes[bytes.len().saturating_sub(1024)..].hash(&mut h);
    h.finish()
}

impl DefCache {
    /// The blocks of `bytes` in `lang`, or why there are none: `make` runs once per distinct
    /// content and language.
    pub fn get(
        &self,
        lang: &'static str,
        bytes: &[u8],
        make: impl FnOnce() -> Result<Vec<Def>, String>,
    ) -> Result<Arc<Vec<Def>>, String> {
        let entry = {
            let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
            let chain = map.entry((lang, key(bytes))).or_default();
            match chain.iter().find(|e| e.bytes == bytes) {
                Some(e) => e.clone(),
                None => {
                    let e = Arc::new(Entry {
                        bytes: bytes.to_vec(),
                        defs: OnceLock::new(),
                    });
                    chain.push(e.clone());
                    e
                }
            }
        };
        // Outside the lock: other contents are parsed meanwhile on the other threads.
        entry.defs.get_or_init(|| make().map(Arc::new)).clone()
    }
}

#[cfg(test)]
mod tests;
