use super::*;

#[test]
fn same_seed_same_corpus_and_the_documented_shape() {
    let (g1, r1) = gold_and_reads(&mut XorShift(DEFAULT_SEED), 3, true);
    let (g2, r2) = gold_and_reads(&mut XorShift(DEFAULT_SEED), 3, true);
    assert_eq!((g1.len(), r1.len()), (15, 60));
    assert_eq!(g1, g2);
    assert_eq!(r1, r2);
    assert!(g1.iter().all(|g| g.end - g.start == 319));
    assert_eq!(r1[7].turn, Some(7));
    let (_, r3) = gold_and_reads(&mut XorShift(DEFAULT_SEED), 1, false);
    assert!(r3.iter().all(|r| r.turn.is_none()));
    let (g4, _) = gold_and_reads(&mut XorShift(1), 3, true);
    assert_ne!(g1, g4, "another seed gives another corpus");
}
