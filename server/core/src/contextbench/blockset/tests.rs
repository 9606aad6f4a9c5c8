//! `BlockSet` against a plain `BTreeSet<Block>` on random trajectories: the same counts, common
//! blocks and unions.

use super::*;
use std::collections::BTreeSet;

/// A small deterministic generator (no dependency): the same sets on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

const KINDS: [&str; 3] = [
    "function_definition",
    "class_definition",
    "decorated_definition",
];

/// Blocks of a few files, with repeats and blocks sharing their bytes but not their kind.
fn blocks(rng: &mut Lcg, names: &[Rc<str>], n: u64) -> Vec<Block> {
    (0..rng.next(n) + 1)
        .map(|_| {
            let f = names[rng.next(names.len() as u64) as usize].clone();
            let s = rng.next(40) as i64;
            let e = s + rng.next(5) as i64;
            (f, KINDS[rng.next(3) as usize], s, e)
        })
        .collect()
}

/// The blocks added file by file, each file's in the order given.
fn set_of(bs: &[Block]) -> BlockSet {
    let mut by_file: BTreeMap<Rc<str>, Vec<Span>> = BTreeMap::new();
    for (f, k, s, e) in bs {
        by_file.entry(f.clone()).or_default().push((*s, *e, *k));
    }
    let mut out = BlockSet::default();
    for (f, v) in by_file {
        out.add_file(f, v);
    }
    out
}

#[test]
fn counts_common_blocks_and_unions_as_a_btreeset_of_blocks() {
    // Names made apart (not one `Rc`), as each instance's files are: compared by content.
    let names: Vec<Rc<str>> = ["a.py", "b/c.py", "d.py", "a.py"]
        .iter()
        .map(|n| Rc::from(*n))
        .collect();
    let mut rng = Lcg(39);
    for round in 0..500 {
        let gold = blocks(&mut rng, &names, 30);
        let g = set_of(&gold);
        let want_g: BTreeSet<Block> = gold.iter().cloned().collect();
        assert_eq!(g.len(), want_g.len(), "round {round}");
        assert_eq!(g.to_blocks(), want_g.iter().cloned().collect::<Vec<_>>());
        // A trajectory: steps added to a union, compared with the gold after each.
        let (mut union, mut want_union) = (BlockSet::default(), BTreeSet::new());
        for _ in 0..rng.next(6) {
            let step = blocks(&mut rng, &names, 20);
            let st = set_of(&step);
            let want_st: BTreeSet<Block> = step.iter().cloned().collect();
            assert_eq!(st.len(), want_st.len(), "round {round}");
            assert_eq!(
                st.common(&g),
                want_st.intersection(&want_g).count(),
                "round {round}"
            );
            assert_eq!(g.common(&st), st.common(&g));
            union.extend(&st);
            want_union.extend(want_st);
            assert_eq!(union.len(), want_union.len(), "round {round}");
            assert_eq!(
                union.common(&g),
                want_union.intersection(&want_g).count(),
                "round {round}"
            );
            assert_eq!(
                union.to_blocks(),
                want_union.iter().cloned().collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn a_kind_is_its_own_block_and_repeats_count_once() {
    let f: Rc<str> = Rc::from("m.py");
    let mut s = BlockSet::default();
    s.add_file(
        f.clone(),
        vec![
            (1, 9, "function_definition"),
            (1, 9, "decorated_definition"),
            (1, 9, "function_definition"),
        ],
    );
    s.add_file(
        Rc::from("m.py"),
        vec![(1, 9, "decorated_definition"), (20, 30, "class_definition")],
    );
    s.add_file(Rc::from("n.py"), vec![]);
    assert_eq!(s.len(), 3);
    assert!(!s.is_empty() && BlockSet::default().is_empty());
    let mut t = BlockSet::default();
    t.add_file(
        Rc::from("m.py"),
        vec![(1, 9, "function_definition"), (1, 8, "function_definition")],
    );
    t.add_file(Rc::from("o.py"), vec![(20, 30, "class_definition")]);
    assert_eq!((s.common(&t), t.common(&s)), (1, 1));
}
