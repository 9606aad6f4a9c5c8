//! `sed -n '/re1/,/re2/p'` (and `/re/p`, `N,/re/p`, `/re/,Np`, `/re/,$p`): which lines it prints can
//! only be found by running the addresses over the file's text. Addresses are POSIX basic regular
//! expressions, translated to the `regex` crate's syntax; ranges follow GNU sed: a range opens on a
//! line matching its start, its end regex is tried from the next line on (a line-number end at or
//! before the start line closes it at once), and an unclosed range runs to the end of the file.

use regex::Regex;

#[derive(Clone, Debug)]
pub enum Addr {
    Line(u32),
    Last,
    Re(Regex),
}

impl PartialEq for Addr {
    fn eq(&self, o: &Addr) -> bool {
        match (self, o) {
            (Addr::Line(a), Addr::Line(b)) => a == b,
            (Addr::Last, Addr::Last) => true,
            (Addr::Re(a), Addr::Re(b)) => a.as_str() == b.as_str(),
            _ => false,
        }
    }
}
impl Eq for Addr {}

/// One `p` command with at least one regex address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub start: Addr,
    /// `None`: a single address (every line it matches).
    pub end: Option<Addr>,
}

/// A sed script that is one pattern print (`None`: not one, or a regex that does not translate).
pub fn parse(script: &str) -> Option<Pattern> {
    let body = script.trim().strip_suffix('p')?.trim_end();
    let (start, rest) = addr(body)?;
    let rest = rest.trim_start();
    let p = if rest.is_empty() {
        Pattern { start, end: None }
    } else {
        let (end, tail) = addr(rest.strip_prefix(',')?.trim_start())?;
        if !tail.trim().is_empty() {
            return None;
        }
        Pattern {
            start,
            end: Some(end),
        }
    };
    let has_re = matches!(p.start, Addr::Re(_)) || matches!(p.end, Some(Addr::Re(_)));
    has_re.then_some(p)
}

/// One address at the start of `s`, and what follows it.
fn addr(s: &str) -> Option<(Addr, &str)> {
    if let Some(rest) = s.strip_prefix('$') {
        return Some((Addr::Last, rest));
    }
    if let Some(body) = s.strip_prefix('/') {
        let mut re = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, '/')) => re.push('/'),
                    Some((_, d)) => {
                        re.push('\\');
                        re.push(d);
                    }
                    None => return None,
                },
                '/' => return Some((Addr::Re(bre(&re)?), &body[i + 1..])),
                _ => re.push(c),
            }
        }
        return None;
    }
    let digits = s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let n: u32 = s[..digits].parse().ok()?;
    Some((Addr::Line(n.max(1)), &s[digits..]))
}

/// A POSIX basic regular expression in the `regex` crate's syntax: `\( \) \{ \} \| \+ \?` are
/// operators, bare `( ) { } | + ?` literal; bracket expressions are kept as written.
pub fn bre(src: &str) -> Option<Regex> {
    let mut out = String::new();
    let mut chars = src.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        if in_class {
            if c == ']' {
                in_class = false;
            } else if c == '[' && chars.peek() == Some(&':') {
                // A POSIX class `[:space:]`, which the regex crate reads as written.
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == ']' {
                        break;
                    }
                }
                continue;
            } else if c == '[' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
            continue;
        }
        match c {
            '\\' => match chars.next()? {
                d @ ('(' | ')' | '{' | '}' | '|' | '+' | '?') => out.push(d),
                d => {
                    out.push('\\');
                    out.push(d);
                }
            },
            '(' | ')' | '{' | '}' | '|' | '+' | '?' => {
                out.push('\\');
                out.push(c);
            }
            '[' => {
                in_class = true;
                out.push('[');
                // `[]…]` and `[^]…]`: a leading `]` is a member.
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
                if chars.peek() == Some(&']') {
                    out.push_str("\\]");
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    Regex::new(&out).ok()
}

fn hits(a: &Addr, n: u32, last: u32, text: &str) -> bool {
    match a {
        Addr::Line(k) => *k == n,
        Addr::Last => n == last,
        Addr::Re(r) => r.is_match(text),
    }
}

/// The 1-based lines `p` prints from `lines`, as merged ranges.
pub fn resolve(p: &Pattern, lines: &[&str]) -> Vec<(u32, u32)> {
    let last = u32::try_from(lines.len()).unwrap_or(u32::MAX);
    let mut printed = Vec::new();
    let mut open: Option<u32> = None;
    for (i, text) in lines.iter().enumerate() {
        let n = crate::display::line_no(i);
        match (&p.end, open) {
            (None, _) => {
                if hits(&p.start, n, last, text) {
                    printed.push(n);
                }
            }
            (Some(end), None) => {
                if hits(&p.start, n, last, text) {
                    printed.push(n);
                    let closes_now = match end {
                        Addr::Line(k) => *k <= n,
                        Addr::Last => n == last,
                        Addr::Re(_) => false,
                    };
                    if !closes_now {
                        open = Some(n);
                    }
                }
            }
            (Some(end), Some(_)) => {
                printed.push(n);
                if hits(end, n, last, text) {
                    open = None;
                }
            }
        }
    }
    crate::numbered::ranges(printed)
}

#[cfg(test)]
mod tests;
