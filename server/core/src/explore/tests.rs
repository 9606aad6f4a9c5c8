//! Hand-computed cases for region resolution and every SWE-Explore metric. Each expected value
//! is worked out in the comment beside it (see docs/metrics.md for the formulas).

mod io;

use super::rank::recall_at;
use super::*;
use crate::lineset::Interval;
use std::collections::BTreeMap;

type R = (&'static str, i64, i64);

fn regions(rs: &[R]) -> Vec<Region> {
    rs.iter().map(|&(p, s, e)| Region::new(p, s, e)).collect()
}

/// A bench row: core regions, one model's optional regions, core files, optional files, main files.
fn row(
    core: &[R],
    optional: &[R],
    core_files: &[&str],
    opt_files: &[&str],
    main: &[&str],
) -> BenchRow {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    BenchRow {
        instance_id: "i1".into(),
        core_files: strings(core_files),
        core_regions: regions(core),
        optional_files: [("m".to_string(), strings(opt_files))]
            .into_iter()
            .collect(),
        optional_regions: [("m".to_string(), regions(optional))].into_iter().collect(),
        modified_core_files: Vec::new(),
        main_files: strings(main),
    }
}

fn lens(pairs: &[(&str, u32)]) -> BTreeMap<String, u32> {
    pairs.iter().map(|&(p, n)| (p.to_string(), n)).collect()
}

fn score(
    b: &BenchRow,
    preds: &[R],
    lengths: &[(&str, u32)],
    top_k: Option<usize>,
) -> Metrics<Option<f64>> {
    let l = lens(lengths);
    let g = Gold::new(b, &l);
    score_instance(&g, &Preds::new(&g, &regions(preds), top_k, &l))
}

#[track_caller]
fn close(got: Option<f64>, want: Option<f64>) {
    match (got, want) {
        (Some(g), Some(w)) => assert!((g - w).abs() < 1e-9, "got {g}, want {w}"),
        _ => assert_eq!(got, want),
    }
}

#[test]
fn resolution_rules() {
    let lines = |s, e| Resolved::Lines(Interval { start: s, end: e });
    let inverted = |start, end| Resolved::Inverted { start, end };
    let check = |s: i64, e: i64, len: Option<u32>, want: Resolved| {
        assert_eq!(resolve(s, e, len), want, "{s}..{e} len {len:?}")
    };
    check(10, 20, None, lines(10, 20));
    check(0, 5, None, lines(1, 5)); // start raised to 1
    check(1, 5_000_000_000, None, lines(1, u32::MAX)); // end not clipped without a length
    check(-3, 5, None, Resolved::Unresolvable); // negative start needs a length
    check(1, -1, None, Resolved::Unresolvable); // end = -1 needs a length
    check(1, -1, Some(100), lines(1, 100));
    check(-8, -1, Some(100), lines(93, 100)); // the example
    check(-8, 95, Some(100), lines(93, 95));
    check(-8, 500, Some(100), lines(93, 100)); // a length in use clamps both ends
                                               // A length is used only when needed: otherwise no clamping, even when it is known.
    check(90, 200, Some(100), lines(90, 200));
    check(150, 200, Some(100), lines(150, 200));
    check(-500, 10, Some(100), lines(1, 10));
    // A negative end other than -1 is not "from the end": it ends before line 1 ...
    check(5, -2, Some(100), Resolved::Unresolvable);
    check(5, 0, None, Resolved::Unresolvable);
    // ... unless a negative start makes the length needed: then it is clamped to 1.
    check(-5, -2, Some(100), inverted(96, 1));
    check(20, 10, None, inverted(20, 10)); // start > end: no lines, still a pair
    check(20, 10, Some(100), inverted(20, 10));
    check(60, 20, Some(10), inverted(60, 20));
    check(1, -1, Some(0), Resolved::Unresolvable); // a length below 1 resolves nothing
                                                   // Extreme values neither overflow nor panic.
    check(i64::MIN, i64::MAX, Some(100), lines(1, 100));
    check(i64::MIN, -1, None, Resolved::Unresolvable);
    check(i64::MAX, i64::MAX, None, lines(u32::MAX, u32::MAX));
}

/// The overlap of two resolved regions is the reference's interval test on the pairs, inverted
/// pairs included: optional (60, 20) overlaps a pred (20, 334).
#[test]
fn region_overlap_is_an_interval_test_on_the_pairs() {
    let ov = |a: (i64, i64), b: (i64, i64)| {
        resolve(a.0, a.1, Some(100)).overlaps(&resolve(b.0, b.1, Some(100)))
    };
    assert!(ov((60, 20), (20, 334)));
    assert!(ov((20, 334), (60, 20)));
    assert!(!ov((60, 20), (61, 70))); // 61 <= 20 fails
    assert!(!ov((60, 20), (15, 25))); // 60 <= 25 fails
    assert!(ov((60, 20), (10, 70)));
    assert!(!ov((10, 20), (21, 30)));
    assert!(!ov((1, -1), (5, -2))); // an unresolvable region overlaps nothing
    assert_eq!(resolve(60, 20, None).signed_len(), -39);
    assert_eq!(resolve(5, -2, None).signed_len(), 0);
}

/// The reference's quirks with lengths known (a.py and x.py have 100 lines, b.py 50): regions
/// that need no length are not clamped, so lines past the end of a file are set members; an
/// inverted optional region (60, 20) overlaps a pred (20, 334); an inverted pred region lowers
/// nDCG's running line total by `e - s + 1 = -98`.
#[test]
fn reference_quirks_by_hand() {
    let b = row(
        &[("a.py", 95, 105)],
        &[("b.py", 60, 20)],
        &["a.py"],
        &["b.py"],
        &[],
    );
    let lengths = [("a.py", 100), ("b.py", 50), ("x.py", 100)];
    let m = score(&b, &[("a.py", 90, 120), ("b.py", 20, 334)], &lengths, None);
    // core = a.py:95-105 (11 lines, 5 past the end); pred = 31 + 315 = 346 lines.
    close(m.precision, Some(11.0 / 346.0));
    close(m.recall, Some(1.0));
    close(m.context_efficiency, Some(11.0 / 346.0)); // the optional region has no lines
    close(m.hit_region_rate, Some(1.0));
    close(m.noise_region_rate, Some(0.0)); // b.py (20, 334) overlaps (60, 20): 60 <= 334, 20 <= 20
    close(m.optional_coverage, None);
    close(m.weighted_core_coverage, Some(1.0));

    // preds x.py:1-100 (no gain), a.py (200, 101) inverted, a.py:95-105 (gain 11, 11 lines).
    let m = score(
        &b,
        &[("x.py", 1, 100), ("a.py", 200, 101), ("a.py", 95, 105)],
        &lengths,
        None,
    );
    // Running totals 100, 2, 13: the third region is within every budget. DCG = 11 / log2(4) =
    // 5.5. Ideal order a.py:95-105 (density 1), x.py, the inverted one: totals 11, 111 — the
    // walk stops after the first region, IDCG = 11.
    for n in [m.ndcg_at_100, m.ndcg_at_300, m.ndcg_at_500] {
        close(n, Some(0.5));
    }
    close(m.precision, Some(11.0 / 111.0)); // the inverted region adds no line
    close(m.recall_at_100, Some(0.0)); // x.py's 100 lines use the whole budget
    close(m.recall_at_300, Some(1.0));
    close(m.first_useful_hit, Some(1.0 - 2.0 / 3.0));
    // hit: the core overlaps a.py:95-105; the inverted (200, 101) does not overlap the core
    // (200 <= 105 fails), and overlaps the optional region of another file never.
    close(m.hit_region_rate, Some(1.0));
    close(m.noise_region_rate, Some(2.0 / 3.0));
}

/// core a.py:10-19 (main) + b.py:1-5; optional c.py:1-10; preds d.py:1-10, a.py:15-24, c.py:5-6.
#[test]
fn set_metrics_by_hand() {
    let b = row(
        &[("a.py", 10, 19), ("b.py", 1, 5)],
        &[("c.py", 1, 10)],
        &["a.py", "b.py"],
        &["c.py"],
        &["a.py"],
    );
    let m = score(
        &b,
        &[("d.py", 1, 10), ("a.py", 15, 24), ("c.py", 5, 6)],
        &[],
        None,
    );
    // pred = 10 + 10 + 2 = 22 lines; core = 15; pred ∩ core = a.py:15-19 = 5.
    close(m.precision, Some(5.0 / 22.0));
    close(m.recall, Some(5.0 / 15.0));
    close(m.f1, Some(10.0 / 37.0)); // 2·(5/22)(1/3) / (5/22 + 1/3)
    close(m.hit_file_rate, Some(0.5)); // {a,b} visited: a
    close(m.noise_file_rate, Some(1.0 / 3.0)); // visited {a,c,d}: d is neither core nor optional
    close(m.hit_region_rate, Some(0.5)); // a.py:10-19 hit, b.py:1-5 not
    close(m.noise_region_rate, Some(1.0 / 3.0)); // d.py:1-10 touches nothing
    close(
        m.weighted_core_coverage,
        Some((3.0 * 0.5 + 2.0 * 0.0) / 5.0),
    );
    close(m.context_efficiency, Some(7.0 / 22.0)); // 5 core + 2 optional
    close(m.optional_coverage, Some(0.2)); // c.py:5-6 of c.py:1-10
                                           // gains: d 0, a 5 main core lines × 1.5 = 7.5, c 0. DCG = 7.5/log2(3); IDCG = 7.5/log2(2).
    for n in [m.ndcg_at_100, m.ndcg_at_300, m.ndcg_at_500] {
        close(n, Some(1.0 / 3f64.log2()));
    }
    for r in [m.recall_at_100, m.recall_at_300, m.recall_at_500] {
        close(r, Some(1.0 / 3.0)); // all 22 lines walked
    }
    close(m.first_useful_hit, Some(1.0 - 1.0 / 3.0)); // region 1 of 3
    assert_eq!(m.compat().precision, 5.0 / 22.0);
}

/// core a.py:1-200 (not main); preds a.py:1-90, a.py:301-400, a.py:91-200.
#[test]
fn budgets_by_hand() {
    let b = row(&[("a.py", 1, 200)], &[], &["a.py"], &[], &[]);
    let m = score(
        &b,
        &[("a.py", 1, 90), ("a.py", 301, 400), ("a.py", 91, 200)],
        &[],
        None,
    );
    // @100: walk 90 lines of region 0, then 10 of region 1 (no core): 90/200.
    close(m.recall_at_100, Some(0.45));
    close(m.recall_at_300, Some(1.0)); // 90 + 100 + 110 = 300 walked
    close(m.recall_at_500, Some(1.0));
    // @100: DCG stops before region 1 (total 190 > 100) = 90; ideal order r0, r2, r1 stops
    // before r2 (200 > 100) = 90.
    close(m.ndcg_at_100, Some(1.0));
    // @300: DCG = 90 + 0/log2(3) + 110/log2(4) = 145; IDCG = 90 + 110/log2(3) + 0.
    let want = 145.0 / (90.0 + 110.0 / 3f64.log2());
    close(m.ndcg_at_300, Some(want));
    close(m.ndcg_at_500, Some(want));
}

/// The first region always counts, even past the budget; the next one does not.
#[test]
fn first_region_always_counts() {
    let b = row(&[("a.py", 1, 10)], &[], &["a.py"], &[], &[]);
    let m = score(&b, &[("a.py", 1, 600)], &[], None);
    close(m.ndcg_at_100, Some(1.0)); // DCG = IDCG = 10
    close(m.recall_at_100, Some(1.0)); // first 100 lines walked include 1-10
    let m = score(&b, &[("x.py", 1, 600), ("a.py", 1, 10)], &[], None);
    // DCG: x.py counts (gain 0), a.py would bring the total to 610 > 100: 0. IDCG: a.py first = 10.
    close(m.ndcg_at_100, Some(0.0));
    close(m.ndcg_at_500, Some(0.0));
    close(m.recall_at_500, Some(0.0)); // 500 lines of x.py walked
    close(m.first_useful_hit, Some(0.5));
}

/// Overlapping pred regions: lines count once in the sets, twice in the walks and gains.
#[test]
fn overlapping_preds() {
    let b = row(&[("a.py", 1, 10)], &[], &["a.py"], &[], &["a.py"]);
    let preds = [("a.py", 1, 6), ("a.py", 5, 10)];
    let m = score(&b, &preds, &[], None);
    close(m.precision, Some(1.0)); // union 1-10 = 10 lines, all core
    close(m.recall, Some(1.0));
    close(m.ndcg_at_100, Some(1.0)); // gains 9 and 9, same order ideal
    close(m.first_useful_hit, Some(1.0));
    let l = lens(&[]);
    let pred_regions = regions(&preds);
    let g = Gold::new(&b, &l);
    let p = Preds::new(&g, &pred_regions, None, &l);
    // budget 8: lines 1-6, then 5-6 again: 6 distinct core lines seen.
    close(recall_at(&g, &p, 8), Some(0.6));
    close(recall_at(&g, &p, 9), Some(0.7));
}

/// A negative bound on a file of unknown length contributes no lines but still visits the file.
#[test]
fn unresolvable_regions() {
    let b = row(&[("a.py", 1, 10)], &[], &["a.py", "b.py"], &[], &[]);
    let preds = [("b.py", -5, -1), ("a.py", 1, 5)];
    let m = score(&b, &preds, &[], None);
    close(m.precision, Some(1.0)); // only a.py:1-5 has lines
    close(m.recall, Some(0.5));
    close(m.hit_file_rate, Some(1.0)); // b.py visited although unresolvable
    close(m.noise_region_rate, Some(0.5)); // the unresolvable region touches nothing
    close(m.first_useful_hit, Some(0.5));
    // With b.py's length (100) the region is b.py:96-100: 5 more lines, none core.
    let m = score(&b, &preds, &[("b.py", 100)], None);
    close(m.precision, Some(0.5));
    let l = lens(&[]);
    let g = Gold::new(&b, &l);
    assert_eq!(Preds::new(&g, &regions(&preds), None, &l).unresolvable(), 1);
}

/// end = -1 and negative start resolve with a length; an unresolvable core region has no lines.
#[test]
fn end_of_file_and_negative_start() {
    let b = row(&[("a.py", 91, -1)], &[], &["a.py"], &[], &["a.py"]);
    let m = score(&b, &[("a.py", -5, -1)], &[("a.py", 100)], None);
    close(m.recall, Some(0.5)); // 96-100 of 91-100
    close(m.precision, Some(1.0));
    close(m.weighted_core_coverage, Some(0.5));
    let m = score(&b, &[("a.py", -5, -1)], &[], None);
    close(m.recall, None); // no core lines without the length
    close(m.hit_region_rate, Some(0.0)); // one core region, which cannot be hit
    close(m.weighted_core_coverage, None); // regions with no lines are skipped
    assert_eq!(m.compat().recall, 0.0);
}

/// start > end (a real optional-region quirk) contributes no lines.
#[test]
fn start_after_end() {
    let b = row(
        &[("a.py", 1, 10), ("a.py", 30, 20)],
        &[("c.py", 20, 10)],
        &["a.py"],
        &["c.py"],
        &[],
    );
    let m = score(&b, &[("a.py", 1, 10), ("c.py", 10, 20)], &[], None);
    close(m.optional_coverage, None); // the only optional region is empty
                                      // The inverted core region (30, 20) counts, and is not hit: 30 <= 10 fails against (1, 10).
    close(m.hit_region_rate, Some(0.5));
    close(m.weighted_core_coverage, Some(1.0)); // ...but, having no lines, is skipped here
                                                // c.py (10, 20) overlaps the inverted optional (20, 10) by the interval test: 10 <= 10 and
                                                // 20 <= 20. No pred region is noise.
    close(m.noise_region_rate, Some(0.0));
    close(m.noise_file_rate, Some(0.0)); // c.py is an optional file
    assert_eq!(m.compat().optional_coverage, 0.0);
}

#[test]
fn empty_preds() {
    let b = row(
        &[("a.py", 1, 10)],
        &[("c.py", 1, 5)],
        &["a.py"],
        &["c.py"],
        &[],
    );
    let m = score(&b, &[], &[], None);
    for (name, v) in METRIC_NAMES.iter().zip(m.compat().values()) {
        assert_eq!(v, 0.0, "{name}");
    }
    let unscored = [
        m.precision,
        m.f1,
        m.noise_file_rate,
        m.noise_region_rate,
        m.context_efficiency,
    ];
    assert!(unscored.iter().all(Option::is_none), "{m:?}");
    assert!([m.ndcg_at_100, m.first_useful_hit]
        .iter()
        .all(Option::is_none));
    let zero = [
        m.recall,
        m.hit_file_rate,
        m.hit_region_rate,
        m.weighted_core_coverage,
        m.recall_at_100,
    ];
    assert!(zero.iter().all(|v| *v == Some(0.0)), "{m:?}");
    close(m.optional_coverage, Some(0.0));
}

#[test]
fn empty_core() {
    let b = row(&[], &[], &[], &[], &[]);
    let m = score(&b, &[("a.py", 1, 10)], &[], None);
    close(m.precision, Some(0.0));
    close(m.noise_file_rate, Some(1.0));
    close(m.noise_region_rate, Some(1.0));
    let unscored = [
        m.recall,
        m.f1,
        m.hit_file_rate,
        m.hit_region_rate,
        m.weighted_core_coverage,
    ];
    assert!(unscored.iter().all(Option::is_none), "{m:?}");
    assert!([
        m.ndcg_at_300,
        m.recall_at_300,
        m.first_useful_hit,
        m.optional_coverage
    ]
    .iter()
    .all(Option::is_none));
    assert!(m.compat().values().iter().all(|v| *v == 0.0 || *v == 1.0));
}

/// Seven regions, the core one fifth; then the cut drops the sixth and seventh.
#[test]
fn top_k_cut() {
    let b = row(&[("a.py", 1, 10)], &[], &["a.py"], &[], &[]);
    let noise = |i: i64| ("n.py", i * 100, i * 100 + 9);
    let preds = [
        noise(1),
        noise(2),
        noise(3),
        noise(4),
        ("a.py", 1, 5),
        ("a.py", 6, 10),
        noise(5),
    ];
    let all = score(&b, &preds, &[], None);
    close(all.recall, Some(1.0));
    close(all.first_useful_hit, Some(1.0 - 4.0 / 7.0));
    let top5 = score(&b, &preds, &[], Some(5));
    close(top5.recall, Some(0.5)); // a.py:6-10 cut
    close(top5.first_useful_hit, Some(1.0 - 4.0 / 5.0));
    close(top5.precision, Some(5.0 / 45.0));
    let top4 = score(&b, &preds, &[], Some(4));
    close(top4.recall, Some(0.0));
    close(top4.first_useful_hit, Some(0.0)); // no region holds a core line
}
