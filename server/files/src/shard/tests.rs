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
