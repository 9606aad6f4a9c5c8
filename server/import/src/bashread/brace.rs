//! Bash's brace expansion of a word (session 38): `f.{py,txt}` → `f.py f.txt`, `x{1..3}`,
//! `{a..e..2}`, `{01..10}`, nested `a{b,{c,d}}e`, run before tilde and pathname expansion. The
//! word is its pattern ([`crate::shell::Stage::literal`]): a character after a `\` was quoted or
//! escaped and is literal, as a `{` after `$` is (`${x}`). A `{` with no matching `}`, or whose
//! braces hold no top-level `,` and no valid sequence, is literal (bash then looks for the next
//! `{`). Checked against GNU bash 5.2's `echo` (see the tests).

/// More words than an agent's operand ever holds: past this, which words is left unknown.
const MAX_WORDS: usize = 1 << 12;

/// The words `w` (a pattern) expands to, in bash's order, each a pattern too; empty words are
/// dropped as bash drops them. `None`: too many, or a sequence of characters bash would make
/// into a `\`.
pub(crate) fn expand(w: &str) -> Option<Vec<String>> {
    let b = w.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'$' if b.get(i + 1) == Some(&b'{') => {
                i = close(b, i + 1).map_or(b.len(), |c| c + 1);
            }
            b'{' => {
                if let Some(end) = close(b, i) {
                    if let Some(alts) = alternatives(&w[i + 1..end])? {
                        return combine(&w[..i], &alts, &w[end + 1..]);
                    }
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    Some(if w.is_empty() {
        Vec::new()
    } else {
        vec![w.to_string()]
    })
}

/// Each alternative (itself expanded) between `pre` and each expansion of `post`.
fn combine(pre: &str, alts: &[String], post: &str) -> Option<Vec<String>> {
    let posts = match post.is_empty() {
        true => vec![String::new()],
        false => expand(post)?,
    };
    let mut out = Vec::new();
    for a in alts {
        let inner = match a.is_empty() {
            true => vec![String::new()],
            false => expand(a)?,
        };
        for x in &inner {
            for p in &posts {
                let w = format!("{pre}{x}{p}");
                if !w.is_empty() {
                    out.push(w);
                }
                if out.len() > MAX_WORDS {
                    return None;
                }
            }
        }
    }
    Some(out)
}

/// The index of the `}` matching the `{` at `open` (nested braces counted, escaped ones not).
fn close(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = open;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// What braces holding `inner` expand to: its top-level `,`-separated parts, else a sequence;
/// `Some(None)` when neither (the `{` is literal); `None` when the sequence is unknown.
fn alternatives(inner: &str) -> Option<Option<Vec<String>>> {
    let b = inner.as_bytes();
    let (mut parts, mut from, mut depth, mut i) = (Vec::new(), 0, 0usize, 0);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                parts.push(inner[from..i].to_string());
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if !parts.is_empty() {
        parts.push(inner[from..].to_string());
        return Some(Some(parts));
    }
    sequence(inner)
}

/// `x..y` or `x..y..step`, of integers or of single characters (bash's `mkseq`): `Some(None)`
/// when `inner` is no sequence.
fn sequence(inner: &str) -> Option<Option<Vec<String>>> {
    let parts: Vec<&str> = inner.split("..").collect();
    let (lhs, rhs, step) = match parts.as_slice() {
        [l, r] => (*l, *r, None),
        [l, r, s] => (*l, *r, Some(*s)),
        _ => return Some(None),
    };
    let step = match step {
        None => 1,
        Some(s) => match int(s) {
            Some(n) => n.unsigned_abs().max(1),
            None => return Some(None),
        },
    };
    if let (Some(a), Some(z)) = (int(lhs), int(rhs)) {
        // A term written with a leading zero (`01`, `-01`) pads every term to the longer width.
        let pads = |s: &str| s.starts_with("-0") || (s.len() > 1 && s.starts_with('0'));
        let width = match pads(lhs) || pads(rhs) {
            true => lhs.len().max(rhs.len()),
            false => 0,
        };
        let count = a.abs_diff(z) / step + 1;
        if count > MAX_WORDS as u64 {
            return None;
        }
        let terms = (0..count).map(|k| {
            let k = i64::try_from(k * step).unwrap_or(i64::MAX);
            let n = if a <= z { a + k } else { a - k };
            format!("{n:0width$}")
        });
        return Some(Some(terms.collect()));
    }
    let one = |s: &str| match s.as_bytes() {
        [c] if c.is_ascii() && !c.is_ascii_digit() => Some(*c),
        _ => None,
    };
    let (Some(a), Some(z)) = (one(lhs), one(rhs)) else {
        return Some(None);
    };
    let (lo, hi) = (a.min(z), a.max(z));
    let mut terms: Vec<u8> = (lo..=hi).step_by(step as usize).collect();
    if a > z {
        terms = (lo..=hi).rev().step_by(step as usize).collect();
    }
    // `{Z..a}` passes `\`, which bash then removes as a quote: not a name readcov follows.
    if terms.contains(&b'\\') {
        return None;
    }
    Some(Some(
        terms.into_iter().map(|c| escape_char(c as char)).collect(),
    ))
}

/// A character of a sequence as a pattern: one bash would expand is literal here.
fn escape_char(c: char) -> String {
    match c {
        '*' | '?' | '[' | ']' | '{' | '}' | ',' | '~' => format!("\\{c}"),
        c => c.to_string(),
    }
}

/// An integer as bash's sequences take it: an optional sign, then digits.
fn int(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests;
