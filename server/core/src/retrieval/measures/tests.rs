//! The measures worked out by hand from trec_eval's definitions (module docs), with the values
//! ir_measures' pytrec_eval backend printed for the first case.

use super::*;

fn j(spec: &[(u64, bool)]) -> Vec<Judged> {
    spec.iter()
        .map(|&(len, relevant)| Judged { len, relevant })
        .collect()
}

fn check(ranking: &[(u64, bool)], relevant: u64, ks: &[u32], want: &[(&str, f64)]) {
    let got = measures(&j(ranking), relevant, ks).expect("relevant documents exist");
    for (name, v) in want {
        let g = got[*name];
        assert!(
            (g - v).abs() < 1e-12,
            "{name}: got {g}, want {v} ({ranking:?}, R={relevant})"
        );
    }
    assert_eq!(got.len(), ks.len() * 4 + 2, "{got:?}");
}

#[test]
fn measures_by_hand() {
    let l3 = 1.0 / 3f64.log2();
    let l5 = 1.0 / 5f64.log2();
    // ir_measures (pytrec_eval) on run c 3.0, a 3.0, d 2.0, b 1.0 with a, b relevant (trec_eval
    // puts c before a: score ties by docid, descending): R@2 0.5, P@2 0.5, nDCG@2
    // 0.38685280723454163, RR 0.5, AP 0.5, Success@1 0, nDCG@10 0.6509209298071326.
    let ranking = [(1, false), (1, true), (1, false), (1, true)];
    check(
        &ranking,
        2,
        &[1, 2, 10],
        &[
            ("R@2", 0.5),
            ("P@2", 0.5),
            ("nDCG@2", 0.38685280723454163),
            ("nDCG@2", l3 / (1.0 + l3)),
            ("RR", 0.5),
            ("AP", 0.5),
            ("Success@1", 0.0),
            ("Success@2", 1.0),
            ("P@10", 0.2),
            ("nDCG@10", 0.6509209298071326),
            ("nDCG@10", (l3 + l5) / (1.0 + l3)),
        ],
    );
    // Runs of several documents: three misses, then two hits, four relevant in all.
    check(
        &[(3, false), (2, true)],
        4,
        &[3, 4, 5],
        &[
            ("Success@3", 0.0),
            ("P@4", 0.25),
            ("R@4", 0.25),
            ("R@5", 0.5),
            ("RR", 0.25),
            ("AP", (1.0 / 4.0 + 2.0 / 5.0) / 4.0),
            (
                "nDCG@5",
                (1.0 / 5f64.log2() + 1.0 / 6f64.log2()) / (1.0 + l3 + 0.5 + l5),
            ),
        ],
    );
    // Nothing retrieved: every measure 0 (the query still counts in a mean).
    check(
        &[],
        1,
        &[1],
        &[
            ("R@1", 0.0),
            ("P@1", 0.0),
            ("nDCG@1", 0.0),
            ("RR", 0.0),
            ("AP", 0.0),
        ],
    );
    // A perfect list: every measure 1 where R ≤ k.
    check(
        &[(2, true), (5, false)],
        2,
        &[2],
        &[("R@2", 1.0), ("P@2", 1.0), ("nDCG@2", 1.0), ("AP", 1.0)],
    );
}

#[test]
fn runs_equal_single_documents() {
    let split = [(1, true), (1, true), (1, false), (1, false), (1, true)];
    let merged = [(2, true), (2, false), (1, true)];
    let ks = [1, 2, 3, 4, 5, 6];
    assert_eq!(measures(&j(&split), 5, &ks), measures(&j(&merged), 5, &ks));
}

#[test]
fn nothing_relevant_is_unscored_and_left_out_of_means() {
    assert_eq!(measures(&j(&[(3, false)]), 0, &[1]), None);
    let a = measures(&j(&[(1, true)]), 1, &[1]).unwrap();
    let b = measures(&j(&[(1, false)]), 1, &[1]).unwrap();
    let m = mean([Some(&a), None, Some(&b)]).unwrap();
    assert_eq!(m["RR"], 0.5);
    assert_eq!(m["P@1"], 0.5);
    assert_eq!(mean([None, None]), None);
}

#[test]
fn names_in_order() {
    assert_eq!(
        names(&[1, 5]),
        [
            "R@1",
            "P@1",
            "nDCG@1",
            "Success@1",
            "R@5",
            "P@5",
            "nDCG@5",
            "Success@5",
            "RR",
            "AP"
        ]
    );
}

#[test]
fn best_rank_per_document_ties_in_document_order() {
    let got = best_ranks([
        ("b.py", 2),
        ("a.py", 3),
        ("c.py", 2),
        ("a.py", 1),
        ("b.py", 5),
    ]);
    assert_eq!(got, [("a.py", 1), ("b.py", 2), ("c.py", 2)]);
}
