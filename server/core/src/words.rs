//! Words the text outputs share (CLI text, HTML report, SARIF, LSP, the stage reasons): a count
//! with its noun, a threshold as a percentage, and a share as a percentage or a two-decimal ratio
//! kept on its side of the threshold it is shown against. One rule each, so "1 file", "0.75%" and
//! "49.9%" read the same wherever they are printed (docs/metrics.md, "How shares are printed").

/// `n` and its noun, singular for exactly one: `count(1, "file", "files")` is "1 file".
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    let noun = if n == N::from(1) { one } else { many };
    format!("{n} {noun}")
}

/// A threshold as a percentage with the decimals it needs, up to two: 0.5 → "50%", 0.333 →
/// "33.3%", 1/134 → "0.75%". A whole percent prints as before; a threshold is a setting the user
/// chose, so rounding 1/134 to "1%" would print a different threshold than the one applied.
pub fn threshold(t: f64) -> String {
    let p = t * 100.0;
    if (p - p.round()).abs() < 1e-9 {
        return format!("{}%", p.round() as i64);
    }
    let s = format!("{p:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s}%")
}

/// A share (0–1) as a whole percent, rounded, unless that would put it on the other side of
/// `threshold` (the one in effect where the figure is compared with one) or print "100%" / "0%"
/// for a share that is not exactly all / none. Then one decimal, truncated toward the value's
/// own side (0.4996 → "49.9%", 0.9996 → "99.9%", 0.125 at a 12.5% threshold → "12.5%"), and
/// past that "<0.1%" or ">99.9%". 0.504 at a 50% threshold stays "50%": it is at or above it.
pub fn share(x: f64, threshold: Option<f64>) -> String {
    match kept(x, threshold, format!("{:.0}", x * 100.0).parse().ok()) {
        Kept::Hundredths(k) => format!("{k}%"),
        Kept::Thousandths(k) => format!("{}.{}%", k / 10, k % 10),
        Kept::Under => "<0.1%".into(),
        Kept::Over => ">99.9%".into(),
        Kept::Asis => format!("{:.0}%", x * 100.0),
    }
}

/// A share (0–1) as a ratio with two decimals, by the rule of [`share`]: 0.4996 beside a 0.50
/// threshold → "0.499", 0.9996 → "0.999", 0.0004 → "<0.001", 0.99996 at a 0.9999 threshold →
/// ">0.999".
pub fn ratio(x: f64, threshold: Option<f64>) -> String {
    let whole = |k: i64, d: usize| {
        let p = 10i64.pow(d as u32);
        format!("{}.{:0d$}", k / p, k % p)
    };
    match kept(
        x,
        threshold,
        format!("{x:.2}").replace('.', "").parse().ok(),
    ) {
        Kept::Hundredths(k) => whole(k, 2),
        Kept::Thousandths(k) => whole(k, 3),
        Kept::Under => "<0.001".into(),
        Kept::Over => ">0.999".into(),
        Kept::Asis => format!("{x:.2}"),
    }
}

/// What a share prints as, in hundredths (a whole percent, a two-decimal ratio) or thousandths.
#[derive(Debug, PartialEq)]
enum Kept {
    Hundredths(i64),
    Thousandths(i64),
    Under,
    Over,
    /// Not a share (negative, over 1, not finite): printed as it always was.
    Asis,
}

/// The first of: `rounded` hundredths, thousandths truncated down, thousandths truncated up
/// (only for a value at or above its threshold), that keeps `x`'s side of `threshold`, of 1 and
/// of 0. Each candidate is compared as `k / 100` or `k / 1000`, the double nearest the printed
/// decimal, so "50%" is compared as 0.5 exactly.
fn kept(x: f64, threshold: Option<f64>, rounded: Option<i64>) -> Kept {
    if !(0.0..=1.0).contains(&x) {
        return Kept::Asis;
    }
    let keeps = |shown: f64| {
        (shown < 1.0 || x >= 1.0)
            && (shown > 0.0 || x <= 0.0)
            && threshold.is_none_or(|t| (shown < t) == (x < t))
    };
    if let Some(k) = rounded.filter(|&k| keeps(k as f64 / 100.0)) {
        return Kept::Hundredths(k);
    }
    // floor/ceil of x·1000, corrected by one where the product's rounding moved it past an
    // exact decimal (0.499 · 1000 may be 498.99999999999994).
    let mut down = (x * 1000.0).floor() as i64;
    if (down + 1) as f64 / 1000.0 <= x {
        down += 1;
    }
    let mut up = (x * 1000.0).ceil() as i64;
    if up > 0 && (up - 1) as f64 / 1000.0 >= x {
        up -= 1;
    }
    if keeps(down as f64 / 1000.0) {
        return Kept::Thousandths(down);
    }
    // Up only to stay at or above the threshold: 0.0004 with none reads "<0.1%", not "0.1%".
    if threshold.is_some_and(|t| x >= t) && keeps(up as f64 / 1000.0) {
        return Kept::Thousandths(up);
    }
    if x < 0.5 {
        Kept::Under
    } else {
        Kept::Over
    }
}

#[cfg(test)]
mod tests;
