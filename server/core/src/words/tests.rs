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

/// The rule of docs/metrics.md, "How shares are printed": a figure never on the other side of
/// its threshold, "100%" / "0%" only for all / none, else the whole percent as before.
#[test]
fn shares_stay_on_their_side() {
    let check = |x: f64, t: Option<f64>, want: &str| assert_eq!(share(x, t), want, "{x} {t:?}");
    // No threshold: only all / none.
    check(0.0, None, "0%");
    check(1.0, None, "100%");
    check(0.5, None, "50%");
    check(0.4996, None, "50%");
    check(0.9996, None, "99.9%");
    check(0.995, None, "99.5%");
    check(0.9999, None, "99.9%");
    check(0.99999, None, "99.9%");
    check(0.99999, Some(0.9999), ">99.9%");
    check(0.0004, None, "<0.1%");
    check(0.004, None, "0.4%");
    check(0.005, None, "0.5%");
    check(0.0051, None, "1%");
    check(1.0 / 3.0, None, "33%");
    // At a threshold: a figure below it never prints at or above it, and the other way.
    check(0.5, Some(0.5), "50%");
    check(0.5 - 1e-9, Some(0.5), "49.9%");
    check(0.5 + 1e-9, Some(0.5), "50%");
    check(0.4996, Some(0.5), "49.9%");
    check(0.496, Some(0.5), "49.6%");
    check(0.495, Some(0.5), "49.5%");
    check(0.494, Some(0.5), "49%");
    check(0.5004, Some(0.5), "50%");
    check(0.499, Some(0.5), "49.9%");
    check(0.4999999, Some(0.5), "49.9%");
    check(0.0, Some(0.5), "0%");
    check(1.0, Some(0.5), "100%");
    check(0.9996, Some(0.5), "99.9%");
    // --threshold 0.9 and 0.125 (a threshold between two whole percents).
    check(0.9, Some(0.9), "90%");
    check(0.8996, Some(0.9), "89.9%");
    check(0.9 - 1e-9, Some(0.9), "89.9%");
    check(0.9 + 1e-9, Some(0.9), "90%");
    check(0.125, Some(0.125), "12.5%");
    check(0.1249, Some(0.125), "12%");
    check(0.12496, Some(0.125), "12%");
    check(0.1251, Some(0.125), "13%");
    check(0.125 - 1e-9, Some(0.125), "12%");
    check(0.125 + 1e-9, Some(0.125), "13%");
    // At or above a threshold the whole percent would fall under: truncated up.
    check(0.12431, Some(0.1242), "12.5%");
    check(0.1241, Some(0.1242), "12%");
    // At a threshold of 100%: everything short of all stays under.
    check(0.9996, Some(1.0), "99.9%");
    check(0.99999, Some(1.0), "99.9%");
    check(1.0, Some(1.0), "100%");
    // A threshold under 0.1%: at or above it reads above, under it "<0.1%".
    check(0.0004, Some(0.0005), "<0.1%");
    check(0.0007, Some(0.0005), "0.1%");
    // Not a share: as before.
    check(1.5, None, "150%");
}

#[test]
fn ratios_stay_on_their_side() {
    let check = |x: f64, t: Option<f64>, want: &str| assert_eq!(ratio(x, t), want, "{x} {t:?}");
    check(0.0, None, "0.00");
    check(1.0, None, "1.00");
    check(0.5, None, "0.50");
    check(0.4996, None, "0.50");
    check(0.9996, None, "0.999");
    check(0.995, None, "0.99");
    check(0.99999, None, "0.999");
    check(0.99999, Some(0.9999), ">0.999");
    check(0.0004, None, "<0.001");
    check(0.004, None, "0.004");
    check(2.0 / 3.0, None, "0.67");
    check(0.4996, Some(0.5), "0.499");
    check(0.5 - 1e-9, Some(0.5), "0.499");
    check(0.5 + 1e-9, Some(0.5), "0.50");
    check(0.5004, Some(0.5), "0.50");
    check(0.5, Some(0.5), "0.50");
    check(0.8996, Some(0.9), "0.899");
    check(0.125, Some(0.125), "0.125");
    check(0.1249, Some(0.125), "0.12");
    check(0.9996, Some(1.0), "0.999");
    check(1.0, Some(1.0), "1.00");
    check(1.25, None, "1.25");
}
