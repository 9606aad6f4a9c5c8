//! Bash's pathname expansion of a file operand (`sed -i 's/a/b/' pkg/*.py`, session 37), as
//! `bash -c` does it by default (no `nullglob`, `dotglob`, `globstar`, `extglob` or
//! `nocaseglob`) in the C/POSIX locale the replay assumes: `*`, `?` and `[...]` in each path
//! component, a name starting with `.` matched only by a `.` written there, the matches sorted
//! as bytes, and no match leaving the word as written.

use std::borrow::Cow;

/// What one shell word is to pathname expansion.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Word<'a> {
    /// No glob character: the word names one path.
    Plain(&'a str),
    /// An unquoted pattern (the word had no quote or escape).
    Glob(&'a str),
    /// Glob characters in a word that also had quotes or escapes: which of them bash expands is
    /// not known once [`crate::shell`] removed the quotes.
    Unsure(&'a str),
}

/// Classifies a word as [`crate::shell`] left it: a word it borrowed from the command text had
/// no quote or escape (it copies a word only to remove them), so every glob character of it is
/// one bash expands. (A `&Cow`, not a `&str`: its variant is what tells.)
#[allow(clippy::ptr_arg)]
pub(crate) fn word<'a>(w: &'a Cow<'_, str>) -> Word<'a> {
    if !w.contains(['*', '?', '[']) {
        return Word::Plain(w);
    }
    match w {
        Cow::Borrowed(b) => Word::Glob(b),
        Cow::Owned(o) => Word::Unsure(o),
    }
}

/// Whether `name` (one path component) matches the pattern component `pat` (bytes; a `*`, `?`
/// or bracket never matches a leading `.`).
pub(crate) fn matches(pat: &str, name: &str) -> bool {
    if name.starts_with('.') && !pat.starts_with('.') {
        return false;
    }
    fnmatch(pat.as_bytes(), name.as_bytes())
}

fn fnmatch(p: &[u8], n: &[u8]) -> bool {
    // Iterative `*` with one backtrack point: the classic linear-space matcher.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        let step = match p.get(pi) {
            Some(b'*') => {
                star = Some((pi + 1, ni));
                pi += 1;
                continue;
            }
            Some(b'?') => Some(pi + 1),
            Some(b'[') => match bracket(&p[pi..], n[ni]) {
                Some((hit, len)) => hit.then_some(pi + len),
                // No closing `]`: the `[` is a literal.
                None => (n[ni] == b'[').then_some(pi + 1),
            },
            Some(&c) => (c == n[ni]).then_some(pi + 1),
            None => None,
        };
        match (step, star) {
            (Some(next), _) => {
                pi = next;
                ni += 1;
            }
            (None, Some((sp, sn))) => {
                pi = sp;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            (None, None) => return false,
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// A bracket expression at the start of `p` against byte `c`: whether it matches and its
/// length, `None` when it has no closing `]` (then bash takes the `[` literally).
fn bracket(p: &[u8], c: u8) -> Option<(bool, usize)> {
    let mut i = 1;
    let negate = matches!(p.get(i), Some(b'!' | b'^'));
    if negate {
        i += 1;
    }
    let mut hit = false;
    let mut first = true;
    loop {
        let &b = p.get(i)?;
        if b == b']' && !first {
            return Some((hit != negate, i + 1));
        }
        first = false;
        if b == b'[' && p.get(i + 1) == Some(&b':') {
            let end = p[i + 2..].windows(2).position(|w| w == b":]")? + i + 2;
            hit |= class(&p[i + 2..end], c);
            i = end + 2;
            continue;
        }
        if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&e| e != b']') {
            hit |= (b..=p[i + 2]).contains(&c);
            i += 3;
            continue;
        }
        hit |= b == c;
        i += 1;
    }
}

/// A POSIX class in the C locale (an unknown name matches nothing).
fn class(name: &[u8], c: u8) -> bool {
    match name {
        b"alpha" => c.is_ascii_alphabetic(),
        b"digit" => c.is_ascii_digit(),
        b"alnum" => c.is_ascii_alphanumeric(),
        b"upper" => c.is_ascii_uppercase(),
        b"lower" => c.is_ascii_lowercase(),
        b"space" => matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c),
        b"blank" => matches!(c, b' ' | b'\t'),
        b"punct" => c.is_ascii_punctuation(),
        b"xdigit" => c.is_ascii_hexdigit(),
        b"cntrl" => c.is_ascii_control(),
        b"print" => (0x20..0x7f).contains(&c),
        b"graph" => (0x21..0x7f).contains(&c),
        b"word" => c.is_ascii_alphanumeric() || c == b'_',
        _ => false,
    }
}

/// The folders and files a pattern is expanded over, named by repository path (`""`: the root).
pub(crate) trait Tree {
    /// The names in folder `dir`; `None` when they cannot be known.
    fn names(&mut self, dir: &str) -> Option<Vec<String>>;
    fn is_dir(&mut self, path: &str) -> bool;
    /// Whether something (a file or a folder) is at `path`.
    fn exists(&mut self, path: &str) -> bool;
}

/// The paths `pattern` (a repository path, normalised, with glob characters in some components)
/// expands to, sorted as bytes; empty when nothing matches (bash then passes the word as
/// written); `None` when a folder it must list cannot be listed.
pub(crate) fn expand(pattern: &str, tree: &mut dyn Tree) -> Option<Vec<String>> {
    let parts: Vec<&str> = pattern.split('/').collect();
    let mut found = vec![String::new()];
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let mut next = Vec::new();
        for dir in &found {
            let join = |name: &str| match dir.is_empty() {
                true => name.to_string(),
                false => format!("{dir}/{name}"),
            };
            if !part.contains(['*', '?', '[']) {
                next.push(join(part));
                continue;
            }
            let mut names = tree.names(dir)?;
            names.retain(|n| matches(part, n));
            for n in names {
                let p = join(&n);
                if last || tree.is_dir(&p) {
                    next.push(p);
                }
            }
        }
        found = next;
    }
    // A literal last part (`*/x.py`) matches only where that path is there.
    found.retain(|p| tree.exists(p));
    found.sort_unstable();
    found.dedup();
    Some(found)
}

#[cfg(test)]
mod tests;
