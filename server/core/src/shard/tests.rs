use super::Shard;

#[test]
fn parses_shards() {
    assert_eq!(Shard::parse("1/4"), Ok(Shard { index: 1, count: 4 }));
    assert!(Shard::parse("4/4").is_err());
    assert!(Shard::parse("0/0").is_err());
    assert!(Shard::parse("x").is_err());
}

#[test]
fn byte_ranges_tile_the_input() {
    for total in [0u64, 1, 7, 100, u64::MAX] {
        for n in [1u32, 2, 3, 8] {
            let parts: Vec<_> = (0..n).map(|index| Shard { index, count: n }).collect();
            assert_eq!(parts[0].byte_range(total).start, 0);
            assert_eq!(parts[n as usize - 1].byte_range(total).end, total);
            for w in parts.windows(2) {
                assert_eq!(w[0].byte_range(total).end, w[1].byte_range(total).start);
            }
            for pos in [0, total / 3, total / 2, total.saturating_sub(1), total] {
                let owners = parts.iter().filter(|s| s.owns_byte(pos, total)).count();
                assert_eq!(owners, 1, "pos {pos} of {total} in {n} shards");
            }
        }
    }
}

#[test]
fn shards_partition_tasks() {
    let tasks: Vec<String> = (0..1000).map(|i| format!("task-{i}")).collect();
    for n in [1, 2, 3, 7] {
        let counts: Vec<usize> = (0..n)
            .map(|i| {
                tasks
                    .iter()
                    .filter(|t| Shard { index: i, count: n }.keeps(t))
                    .count()
            })
            .collect();
        assert_eq!(counts.iter().sum::<usize>(), 1000);
        assert!(
            counts.iter().all(|&c| c > 1000 / n as usize / 2),
            "{counts:?}"
        );
    }
}
