//! How alike two texts of one unit are (the gold's after its patch, the run's after its
//! change). Both are cut into code tokens (`code.rs`) — identifiers and numbers (runs of letters,
//! digits and `_`), and each other character that is not whitespace, comments and trailing commas
//! dropped — so layout never counts:
//!
//! - `same`: the code token sequences are equal (the texts are the same code up to layout);
//! - `similarity` = 2·|LCS(A, B)| / (|A| + |B|), the *token LCS ratio*, in [0, 1] (1 for two
//!   empty texts); the longest common subsequence comes from core's line diff run over the
//!   tokens. Past its bound (more than 2,000 tokens differ) the ratio is taken over the tokens
//!   as multisets instead, which can only be higher.

use super::code::{code_tokens, tokens_at};
use crate::base::diff_lines;
use std::collections::HashMap;

/// The tokens of `text` (whitespace aside; comments and trailing commas kept).
pub fn tokens(text: &str) -> Vec<&str> {
    tokens_at(text).into_iter().map(|(_, t)| t).collect()
}

/// Whether two texts of a unit of the file `path` are the same code: equal code tokens.
pub fn same(path: &str, a: &str, b: &str) -> bool {
    code_tokens(path, a) == code_tokens(path, b)
}

/// The token LCS ratio of two texts of a unit of the file `path`, over their code tokens.
pub fn similarity(path: &str, a: &str, b: &str) -> f64 {
    let (ta, tb) = (code_tokens(path, a), code_tokens(path, b));
    let total = ta.len() + tb.len();
    if total == 0 {
        return 1.0;
    }
    let common = match diff_lines(ta.join("\n").as_bytes(), tb.join("\n").as_bytes()) {
        Some(runs) => runs.kept() as usize,
        None => bag_common(&ta, &tb),
    };
    (2 * common) as f64 / total as f64
}

/// Tokens in common as multisets.
fn bag_common(a: &[&str], b: &[&str]) -> usize {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for t in a {
        *counts.entry(t).or_default() += 1;
    }
    b.iter()
        .filter(|t| match counts.get_mut(*t) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        })
        .count()
}
