//! How alike two texts of one unit are (the gold's after its patch, the run's after its
//! change). Both are cut into tokens — identifiers and numbers (runs of letters, digits and
//! `_`), and each other character that is not whitespace — so layout never counts:
//!
//! - `same`: the token sequences are equal (the texts are equal up to whitespace);
//! - `similarity` = 2·|LCS(A, B)| / (|A| + |B|), the *token LCS ratio*, in [0, 1] (1 for two
//!   empty texts); the longest common subsequence comes from core's line diff run over the
//!   tokens. Past its bound (more than 2,000 tokens differ) the ratio is taken over the tokens
//!   as multisets instead, which can only be higher.

use crate::base::diff_lines;
use std::collections::HashMap;

/// The tokens of `text`.
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut word: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let in_word = c.is_alphanumeric() || c == '_';
        match (in_word, word) {
            (true, None) => word = Some(i),
            (true, Some(_)) => {}
            (false, Some(s)) => {
                out.push(&text[s..i]);
                word = None;
            }
            (false, None) => {}
        }
        if !in_word && !c.is_whitespace() {
            out.push(&text[i..i + c.len_utf8()]);
        }
    }
    if let Some(s) = word {
        out.push(&text[s..]);
    }
    out
}

/// Whether two texts are equal up to whitespace.
pub fn same(a: &str, b: &str) -> bool {
    tokens(a) == tokens(b)
}

/// The token LCS ratio of two texts.
pub fn similarity(a: &str, b: &str) -> f64 {
    let (ta, tb) = (tokens(a), tokens(b));
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
