//! pass^k and pass@k for one task from n scorable trials with c strict successes.
//!
//! pass^k = C(c,k)/C(n,k) (all k of k draws succeed), pass@k = 1 − C(n−c,k)/C(n,k) (at least one
//! does). Both ratios divide exact `u128` binomials, so small cases come out correctly rounded
//! (n=5, c=4, k=2 gives exactly 0.6, not 0.6000000000000001); when a binomial overflows u128 the
//! ratio falls back to the product ∏_{i<k} (a−i)/(n−i), each factor ≤ 1, a few ulps off at most.

use thiserror::Error;

/// The k values asked for, each once, in the order first given (`--k 1,2 --k 1` grades pass^1
/// and pass^2 once each; before session 24 pass^1 was reported twice).
pub fn distinct_ks(ks: &[u32]) -> Vec<u32> {
    let mut seen = Vec::with_capacity(ks.len());
    for &k in ks {
        if !seen.contains(&k) {
            seen.push(k);
        }
    }
    seen
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PassKError {
    #[error("k must be at least 1")]
    KZero,
    #[error("k = {k} exceeds the {n} scorable trial(s) of this task (need 1 ≤ k ≤ n)")]
    KAboveN { k: u32, n: u32 },
    #[error("{c} successes out of {n} trials (need 0 ≤ c ≤ n)")]
    CAboveN { c: u32, n: u32 },
}

fn check(n: u32, c: u32, k: u32) -> Result<(), PassKError> {
    if k == 0 {
        return Err(PassKError::KZero);
    }
    if c > n {
        return Err(PassKError::CAboveN { c, n });
    }
    if k > n {
        return Err(PassKError::KAboveN { k, n });
    }
    Ok(())
}

/// C(a,k)/C(n,k) for a ≤ n, k ≤ n; 0 when a < k.
fn choose_ratio(a: u32, n: u32, k: u32) -> f64 {
    if a < k {
        return 0.0;
    }
    if let (Some(num), Some(den)) = (binomial(a, k), binomial(n, k)) {
        return num as f64 / den as f64;
    }
    (0..k)
        .map(|i| f64::from(a - i) / f64::from(n - i))
        .product()
}

/// Probability that k trials drawn without replacement all succeed.
pub fn pass_hat_k(n: u32, c: u32, k: u32) -> Result<f64, PassKError> {
    check(n, c, k)?;
    Ok(choose_ratio(c, n, k))
}

/// Probability that at least one of k trials drawn without replacement succeeds.
pub fn pass_at_k(n: u32, c: u32, k: u32) -> Result<f64, PassKError> {
    check(n, c, k)?;
    Ok(1.0 - choose_ratio(n - c, n, k))
}

/// Exact C(n,k), `None` on overflow of u128.
pub fn binomial(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // acc * (n-i) / (i+1) stays an integer at every step.
        acc = acc.checked_mul(u128::from(n - i))? / u128::from(i + 1);
    }
    Some(acc)
}

#[cfg(test)]
mod tests;
