//! `import --shard I/N`: which part of each input a shard reads. The inputs, in order, are laid
//! end to end as one run of bytes, and shard `I` gets its contiguous `1/N` of them
//! ([`readcov_core::Shard::byte_range`]): many files are split between the shards by whole files
//! (a file goes to the shard its first byte falls in, unless it is a dataset), and a dataset file
//! is split where the shards' byte parts cut it — JSONL at line starts, Parquet by row group
//! ([`crate::rows::Rows::part`]). Each shard opens only the files its part touches, and the
//! shards' outputs, concatenated in shard order, are the unsharded output.

use readcov_core::Shard;
use std::ops::Range;

/// The part of each input (lengths in bytes, in input order) that `shard` reads: `None`, not
/// opened at all; `Some(range)`, the bytes of that file in its part. A whole log (not a dataset)
/// is imported by the shard whose part holds its first byte ([`owns_whole`]); an empty input
/// (a folder, an empty file) by the shard that owns its position.
pub fn plan(lens: &[u64], shard: Option<Shard>) -> Vec<Option<Range<u64>>> {
    let Some(shard) = shard else {
        return lens.iter().map(|&l| Some(0..l)).collect();
    };
    let total: u64 = lens.iter().sum();
    let mine = shard.byte_range(total);
    let mut start = 0u64;
    lens.iter()
        .map(|&len| {
            let at = start;
            start += len;
            if len == 0 {
                return shard.owns_byte(at, total).then_some(0..0);
            }
            let lo = mine.start.max(at);
            let hi = mine.end.min(at + len);
            (lo < hi).then(|| lo - at..hi - at)
        })
        .collect()
}

/// Whether the shard given `part` of a file imports it when it is one whole log (not a dataset
/// of rows): the part holds the file's first byte.
pub fn owns_whole(part: &Range<u64>) -> bool {
    part.start == 0
}

#[cfg(test)]
mod tests;
