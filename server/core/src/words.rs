//! Words the text outputs share (CLI text, HTML report, SARIF, the stage reasons): a count with
//! its noun, and a threshold as a percentage. One rule each, so "1 file" and "0.75%" read the
//! same wherever they are printed.

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

#[cfg(test)]
mod tests;
