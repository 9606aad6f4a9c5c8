use super::*;

#[test]
fn the_least_recently_used_go_first_past_the_budget() {
    let mut c: Lru<String, u32> = Lru::new(10);
    c.insert("a".into(), 1, 4);
    c.insert("b".into(), 2, 4);
    // `a` used again: `b` is now the oldest, and goes when `c` passes the budget.
    assert_eq!(c.get("a").copied(), Some(1));
    c.insert("c".into(), 3, 4);
    assert_eq!((c.len(), c.used()), (2, 8));
    assert!(c.get("b").is_none());
    assert_eq!(
        (c.get("a").copied(), c.get("c").copied()),
        (Some(1), Some(3))
    );
    // Replacing a key charges only its new cost.
    c.insert("a".into(), 9, 2);
    assert_eq!((c.len(), c.used()), (2, 6));
}

#[test]
fn the_value_in_use_is_kept_even_alone_over_the_budget() {
    let mut c: Lru<String, u32> = Lru::new(10);
    c.insert("a".into(), 1, 3);
    c.insert("big".into(), 2, 50);
    assert_eq!((c.len(), c.used()), (1, 50));
    assert_eq!(c.get("big").copied(), Some(2));
    // Growing: the others go, the grown one stays.
    c.insert("x".into(), 3, 1);
    assert_eq!(c.len(), 1);
    c.insert("y".into(), 4, 1);
    c.charge("y", 20);
    assert_eq!((c.len(), c.used()), (1, 21));
    assert_eq!(c.get("y").copied(), Some(4));
    // A key dropped meanwhile is not charged.
    c.charge("x", 100);
    assert_eq!(c.used(), 21);
}
