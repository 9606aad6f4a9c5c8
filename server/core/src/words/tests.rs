use super::*;

#[test]
fn counts_take_the_singular_for_one() {
    let check = |n: usize, want: &str| assert_eq!(count(n, "file", "files"), want, "{n}");
    check(0, "0 files");
    check(1, "1 file");
    check(2, "2 files");
    check(134, "134 files");
}

#[test]
fn thresholds_keep_the_decimals_they_need() {
    let check = |t: f64, want: &str| assert_eq!(threshold(t), want, "{t}");
    check(0.5, "50%");
    check(1.0, "100%");
    check(0.0, "0%");
    check(0.9, "90%");
    check(0.07, "7%");
    check(0.333, "33.3%");
    check(1.0 / 134.0, "0.75%");
    check(2.0 / 3.0, "66.67%");
    check(0.0001, "0.01%");
    check(0.99999, "100%");
}
