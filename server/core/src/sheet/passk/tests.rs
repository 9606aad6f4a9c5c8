use super::*;
use proptest::prelude::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn issue_example() {
    // n=5, c=4 → pass^1 = 0.8, pass^2 = 0.6, pass@2 = 1.0
    assert!(close(pass_hat_k(5, 4, 1).unwrap(), 0.8));
    assert_eq!(pass_hat_k(5, 4, 2).unwrap(), 0.6);
    assert!(close(pass_at_k(5, 4, 2).unwrap(), 1.0));
    assert!(close(pass_at_k(5, 4, 1).unwrap(), 0.8));
}

#[test]
fn edges() {
    assert_eq!(pass_hat_k(3, 0, 1), Ok(0.0));
    assert_eq!(pass_at_k(3, 0, 3), Ok(0.0));
    assert_eq!(pass_hat_k(3, 3, 3), Ok(1.0));
    assert_eq!(pass_hat_k(3, 2, 3), Ok(0.0));
    assert_eq!(pass_at_k(3, 1, 3), Ok(1.0));
}

#[test]
fn validation() {
    assert_eq!(pass_hat_k(5, 4, 0), Err(PassKError::KZero));
    assert_eq!(pass_hat_k(5, 6, 1), Err(PassKError::CAboveN { c: 6, n: 5 }));
    assert_eq!(pass_at_k(2, 1, 4), Err(PassKError::KAboveN { k: 4, n: 2 }));
    assert_eq!(pass_at_k(0, 0, 1), Err(PassKError::KAboveN { k: 1, n: 0 }));
    assert_eq!(
        PassKError::KAboveN { k: 4, n: 2 }.to_string(),
        "k = 4 exceeds the 2 scorable trial(s) of this task (need 1 ≤ k ≤ n)"
    );
}

#[test]
fn large_n_falls_back_to_the_product() {
    // C(400, 200) overflows u128; the product form still answers.
    let v = pass_hat_k(400, 399, 200).unwrap();
    assert!(close(v, 0.5), "{v}");
    assert!(close(pass_at_k(400, 1, 200).unwrap(), 0.5));
}

#[test]
fn binomials() {
    assert_eq!(binomial(5, 2), Some(10));
    assert_eq!(binomial(52, 5), Some(2_598_960));
    assert_eq!(binomial(3, 4), Some(0));
    assert_eq!(binomial(60, 30), Some(118_264_581_564_861_424));
    assert_eq!(binomial(300, 150), None);
}

proptest! {
    #[test]
    fn matches_exact_binomials(n in 1u32..60, c_frac in 0.0f64..=1.0, k_frac in 0.0f64..=1.0) {
        let c = ((f64::from(n) * c_frac) as u32).min(n);
        let k = ((f64::from(n) * k_frac) as u32).clamp(1, n);
        let total = binomial(n, k).unwrap() as f64;
        let hat = binomial(c, k).unwrap() as f64 / total;
        let at = 1.0 - binomial(n - c, k).unwrap() as f64 / total;
        prop_assert!((pass_hat_k(n, c, k).unwrap() - hat).abs() < 1e-9);
        prop_assert!((pass_at_k(n, c, k).unwrap() - at).abs() < 1e-9);
        prop_assert!(pass_hat_k(n, c, k).unwrap() <= pass_at_k(n, c, k).unwrap() + 1e-12);
    }
}
