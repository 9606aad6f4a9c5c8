//! Bash's pathname expansion of a file operand (`sed -i 's/a/b/' pkg/*.py`, session 37), as
//! `bash -c` does it by default (no `nullglob`, `dotglob`, `globstar`, `extglob` or
//! `nocaseglob`) in the C/POSIX locale the replay assumes: `*`, `?` and `[...]` in each path
//! component, a name starting with `.` matched only by a `.` written there, the matches sorted
//! as bytes, and no match leaving the word as written.

use std::borrow::Cow;

/// What one shell word is to pathname expansion.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Word<'a> {
    /// No glob character bash expands: the word names one path.
    Plain(&'a str),
    /// A pattern (every glob character of it unquoted).
    Glob(&'a str),
    /// Glob characters, some quoted and some not (`'a*'*.py`), or a redirection's target with
    /// quotes (its pattern is not kept): not expanded here.
    Unsure(&'a str),
}

/// Classifies a redirection's target, of which only the text is kept: one [`crate::shell`]
/// borrowed from the command text had no quote or escape (it copies a word only to remove
/// them), so every glob character of it is one bash expands. (A `&Cow`, not a `&str`: its
/// variant is what tells.)
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

/// Classifies a command's word from its text and its pattern, when quotes kept one of its
/// expansion characters literal ([`crate::shell::Stage::literal`]): a glob character quoted is
/// the character itself (`'pkg/*.py'` names a file `pkg/*.py`; before session 38 such a word
/// was unsure whenever it had quotes anywhere).
pub(crate) fn classify<'a>(text: &'a str, pattern: Option<&str>) -> Word<'a> {
    match pattern {
        None if text.contains(['*', '?', '[']) => Word::Glob(text),
        Some(p) if has_glob(p) => Word::Unsure(text),
        _ => Word::Plain(text),
    }
}

/// Whether a pattern has an unescaped `*`, `?` or `[`.
pub(crate) fn has_glob(pattern: &str) -> bool {
    let b = pattern.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'*' | b'?' | b'[' => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// A pattern's text: each `\` escape removed.
pub(crate) fn unescape(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// A literal text as a pattern: each character bash would expand after a `\`.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | ',' | '~' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
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
