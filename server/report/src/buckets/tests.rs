use super::*;

#[test]
fn edges_fall_in_the_upper_bucket_and_one_in_the_last() {
    for (cov, want) in [
        (0.0, 0),
        (0.2499, 0),
        (0.25, 1),
        (0.4999, 1),
        (0.5, 2),
        (0.75, 3),
        (1.0, 3),
    ] {
        assert_eq!(bucket_of(cov), want, "coverage {cov}");
    }
}

#[test]
fn counts_and_rates() {
    let b = resolve_by_coverage([
        (0.1, Some(false)),
        (0.2, Some(true)),
        (0.3, None),
        (0.9, Some(true)),
        (1.0, Some(true)),
    ]);
    let got: Vec<(usize, usize, usize, Option<f64>)> = b
        .iter()
        .map(|b| (b.labelled, b.resolved, b.unlabelled, b.rate))
        .collect();
    assert_eq!(
        got,
        vec![
            (2, 1, 0, Some(0.5)),
            (0, 0, 1, None),
            (0, 0, 0, None),
            (2, 2, 0, Some(1.0))
        ]
    );
    assert_eq!(b[0].label(), "0–25%");
    assert_eq!(b[3].label(), "75–100%");
}
