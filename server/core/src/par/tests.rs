use super::*;

#[test]
fn results_keep_input_order_for_any_thread_count() {
    let items: Vec<u64> = (0..1000).collect();
    let serial: Vec<u64> = items.iter().map(|x| x * x + 1).collect();
    for threads in [1, 2, 3, 8] {
        let got = map_ordered(&items, threads, |i, x| {
            assert_eq!(i as u64, *x);
            // Uneven work, so threads finish out of order.
            if x % 7 == 0 {
                std::thread::yield_now();
            }
            x * x + 1
        });
        assert_eq!(got, serial, "threads = {threads}");
    }
    assert!(map_ordered(&[] as &[u8], 4, |_, x| *x).is_empty());
}

#[test]
fn thread_count_is_bounded_by_items_and_at_least_one() {
    assert_eq!(threads_for(4, 2), 2);
    assert_eq!(threads_for(1, 100), 1);
    assert_eq!(threads_for(3, 0), 1);
    assert!(threads_for(0, 1000) >= 1);
}

#[test]
fn a_huge_thread_count_spawns_no_more_than_the_items() {
    // `diagnose(jobs=10**9)`: every thread was spawned before work began, until the system
    // refused one and the spawn panicked (the CLI aborted, Python raised PanicException).
    let items: Vec<u64> = (0..5).collect();
    let got = map_ordered(&items, threads_for(1_000_000_000, usize::MAX), |_, x| x * 2);
    assert_eq!(got, vec![0, 2, 4, 6, 8]);
}
