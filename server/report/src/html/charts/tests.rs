use super::*;

#[test]
fn bins_are_exact_at_edges() {
    let got: Vec<usize> = [
        (0, 10),
        (3, 10),
        (7, 10),
        (9, 10),
        (10, 10),
        (1, 3),
        (2, 3),
        (5, 0),
    ]
    .iter()
    .map(|&(c, g)| hist_bin(c, g))
    .collect();
    assert_eq!(got, vec![0, 3, 7, 9, 9, 3, 6, 0]);
}

#[test]
fn identical_points_get_a_stack_label() {
    use readcov_core::{GoldSpan, ReadSpan};
    let gold: Vec<GoldSpan> = ["a", "b", "c"]
        .iter()
        .map(|t| GoldSpan {
            task: (*t).into(),
            ..GoldSpan::simple("x.py", 1, 4)
        })
        .collect();
    let reads: Vec<ReadSpan> = ["a", "b", "c"]
        .iter()
        .map(|t| ReadSpan {
            task: t.to_string(),
            ..ReadSpan::simple("x.py", 1, if *t == "c" { 2 } else { 4 })
        })
        .collect();
    let r = crate::model::build_plain(&gold, &reads);
    let svg = scatter(&r.rows, 0.5);
    assert_eq!(svg.matches("<circle class=\"point\"").count(), 3);
    assert_eq!(svg.matches("class=\"stack\"").count(), 1);
    assert!(svg.contains(">×2</text>"), "{svg}");
}
