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
mod tests {
    use super::*;

    fn shard(index: u32, count: u32) -> Option<Shard> {
        Some(Shard { index, count })
    }

    type Plan = Vec<Option<Range<u64>>>;

    #[test]
    fn check_plans() {
        let cases: [(&[u64], Option<Shard>, Plan); 6] = [
            (&[10, 0, 5], None, vec![Some(0..10), Some(0..0), Some(0..5)]),
            // One file cut in the middle.
            (&[100], shard(0, 2), vec![Some(0..50)]),
            (&[100], shard(1, 2), vec![Some(50..100)]),
            // Many files: whole files, the one on the boundary in both parts.
            (
                &[10, 10, 10, 10],
                shard(0, 2),
                vec![Some(0..10), Some(0..10), None, None],
            ),
            (
                &[10, 10, 15, 5],
                shard(1, 2),
                vec![None, None, Some(0..15), Some(0..5)],
            ),
            // An empty input (a folder) goes with the shard its position is in.
            (
                &[10, 0, 10],
                shard(1, 2),
                vec![None, Some(0..0), Some(0..10)],
            ),
        ];
        for (lens, shard, want) in cases {
            assert_eq!(plan(lens, shard), want, "{lens:?} {shard:?}");
        }
    }

    #[test]
    fn parts_tile_every_file() {
        let lens = [0u64, 7, 1, 0, 300, 2, 0];
        for n in 1..=9u32 {
            let plans: Vec<_> = (0..n).map(|i| plan(&lens, shard(i, n))).collect();
            for (f, &len) in lens.iter().enumerate() {
                let parts: Vec<Range<u64>> = plans.iter().filter_map(|p| p[f].clone()).collect();
                let whole = parts.iter().filter(|p| owns_whole(p)).count();
                assert_eq!(
                    whole, 1,
                    "file {f} has one owner of its start with {n} shards"
                );
                let covered: u64 = parts.iter().map(|p| p.end - p.start).sum();
                assert_eq!(covered, len, "file {f} covered once with {n} shards");
            }
        }
    }
}
