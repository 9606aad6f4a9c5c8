//! The CLI-agent text form of explorer regions: one per line, `path:10-20`, `path:10` (one line),
//! `path:-8--1` (negative bounds, counted from the end) or a bare `path` (the whole file).
//!
//! Markdown list markers (`- `, `* `) and backticks around a line are tolerated, since agents
//! often answer in Markdown. A suffix after the last `:` that is not a line range is part of the
//! path (so `C:\x.py` stays a path).

use super::region::Region;

/// `None` for a blank or `#` comment line; otherwise the region or a message saying why not.
pub fn parse_region_line(line: &str) -> Option<Result<Region, String>> {
    let mut l = line.trim();
    for marker in ["- ", "* "] {
        if let Some(rest) = l.strip_prefix(marker) {
            l = rest.trim_start();
        }
    }
    let l = l.trim_matches('`').trim();
    if l.is_empty() || l.starts_with('#') {
        return None;
    }
    if let Some((path, suffix)) = l.rsplit_once(':') {
        if let Some((start, end)) = parse_range(suffix.trim()) {
            let path = path.trim();
            if path.is_empty() {
                return Some(Err(format!("`{l}`: no path before `:`")));
            }
            return Some(Ok(Region::new(path, start, end)));
        }
    }
    Some(Ok(Region::new(l, 1, -1)))
}

/// `10`, `10-20`, `-8--1`, `-8`: each bound an optional `-` then digits.
fn parse_range(s: &str) -> Option<(i64, i64)> {
    let (start, rest) = signed_prefix(s)?;
    if rest.is_empty() {
        return Some((start, start));
    }
    let rest = rest.strip_prefix('-')?;
    let (end, tail) = signed_prefix(rest)?;
    tail.is_empty().then_some((start, end))
}

/// Splits a leading signed integer off `s`.
fn signed_prefix(s: &str) -> Option<(i64, &str)> {
    let neg = s.starts_with('-');
    let body = if neg { &s[1..] } else { s };
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let v: i64 = body[..digits].parse().ok()?;
    Some((if neg { -v } else { v }, &body[digits..]))
}

#[cfg(test)]
mod tests;
