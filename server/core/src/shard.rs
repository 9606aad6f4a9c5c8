//! Shards: a stable split of tasks across processes or machines (`--shard I/N`). Which shard a
//! task lands in depends only on its id, so any engine can run the shards independently.

use std::fmt;

/// Deterministic shard of a task id: FNV-1a of the id, modulo `n`. Stable across runs, machines
/// and input order, so `--shard i/n` for i in 0..n partitions any task set exactly.
pub fn shard_of(task: &str, n: u32) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in task.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % u64::from(n.max(1))) as u32
}

/// Shard `index` of `count` (0-based): tasks whose FNV-1a hash ≡ index (mod count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// Parses `I/N` with 0 ≤ I < N.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (i, n) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not I/N (e.g. 0/4)"))?;
        let index: u32 = i
            .trim()
            .parse()
            .map_err(|_| format!("`{i}` is not a shard index"))?;
        let count: u32 = n
            .trim()
            .parse()
            .map_err(|_| format!("`{n}` is not a shard count"))?;
        if count == 0 || index >= count {
            return Err(format!("shard {index}/{count}: need 0 ≤ I < N"));
        }
        Ok(Shard { index, count })
    }

    pub fn keeps(&self, task: &str) -> bool {
        shard_of(task, self.count) == self.index
    }

    /// Whether this shard carries the records that belong to no task (say, run records too
    /// broken to name one): shard 0, so they are counted exactly once over a full set of shards.
    pub fn keeps_taskless(&self) -> bool {
        self.index == 0
    }

    /// This shard's part of `total` input bytes, `[total·I/N, total·(I+1)/N)`: the parts of
    /// shards `0..N` are contiguous, in order, and cover `0..total` exactly (`import --shard`
    /// splits its inputs by bytes, not by task).
    pub fn byte_range(&self, total: u64) -> std::ops::Range<u64> {
        let at = |i: u32| (u128::from(total) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// Whether the input byte at `pos` is this shard's; `pos ≥ total` (an empty input at the
    /// very end) is the last shard's, so every position has exactly one owner.
    pub fn owns_byte(&self, pos: u64, total: u64) -> bool {
        if pos >= total {
            return self.index + 1 == self.count;
        }
        self.byte_range(total).contains(&pos)
    }
}

/// `Option<Shard>` as a filter: no shard keeps everything.
pub fn keeps(shard: Option<Shard>, task: &str) -> bool {
    shard.is_none_or(|s| s.keeps(task))
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests;
