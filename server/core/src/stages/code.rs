//! A unit's text as code, for `same` and `similarity`: its tokens without what only formats
//! it. Whitespace never makes a token; besides, comments are dropped (by the file's extension:
//! `#` to the end of the line in Python, shell, Ruby, YAML, TOML, …; `//` and `/* … */` in the
//! C family, Java, JavaScript, TypeScript, Go, Rust, …; none in a file of another kind), and so
//! is a trailing comma before a closing bracket (`,]`, `,}`, and `,)` in a group with another
//! comma: `(x,)` is a Python tuple, not `(x)`). pytest-dev__pytest-5809's run wrote the gold's
//! dict over four lines, with a trailing comma and a comment: the same code (before session 32
//! it was told it differed, token similarity 0.96).

/// How a file's comments are written, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comments {
    /// `#` to the end of the line.
    Hash,
    /// `//` to the end of the line and `/* … */`.
    Slash,
    /// Not known: nothing is dropped.
    None,
}

/// The comment syntax of `path` and the characters that open (and close) a string there.
fn syntax_of(path: &str) -> (Comments, &'static [char]) {
    let name = path.rsplit('/').next().unwrap_or(path);
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "py" | "pyi" | "pyx" | "pxd" | "sh" | "bash" | "zsh" | "rb" | "pl" | "pm" | "r"
        | "yaml" | "yml" | "toml" | "cmake" => (Comments::Hash, &['"', '\'']),
        // A Rust `'` is a lifetime as often as a character: only `"` opens a string there.
        "rs" => (Comments::Slash, &['"']),
        "go" | "js" | "jsx" | "mjs" | "cjs" | "ts" | "tsx" | "mts" | "cts" => {
            (Comments::Slash, &['"', '\'', '`'])
        }
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "java" | "cs" | "kt" | "kts"
        | "scala" | "swift" | "dart" | "groovy" | "gradle" | "php" => {
            (Comments::Slash, &['"', '\''])
        }
        _ => (Comments::None, &[]),
    }
}

/// The byte ranges of `text` that are comments, for a file of `path`'s kind. Strings are
/// stepped over (a `#` in `"a # b"` is text), a backslash escaping the next character.
fn comments(path: &str, text: &str) -> Vec<(usize, usize)> {
    let (kind, quotes) = syntax_of(path);
    let mut out = Vec::new();
    if kind == Comments::None {
        return out;
    }
    let b = text.as_bytes();
    let (mut i, mut quote): (usize, Option<u8>) = (0, None);
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        let line_comment = match kind {
            Comments::Hash => c == b'#',
            _ => c == b'/' && b.get(i + 1) == Some(&b'/'),
        };
        if line_comment {
            let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
            out.push((i, end));
            i = end;
        } else if kind == Comments::Slash && c == b'/' && b.get(i + 1) == Some(&b'*') {
            let end = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
            out.push((i, end));
            i = end;
        } else {
            if quotes.contains(&(c as char)) {
                quote = Some(c);
            }
            i += 1;
        }
    }
    out
}

/// Each token of `text` with its byte offset: identifiers and numbers (runs of letters, digits
/// and `_`), and each other character that is not whitespace.
pub(super) fn tokens_at(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut word: Option<usize> = None;
    for (i, c) in text.char_indices() {
        let in_word = c.is_alphanumeric() || c == '_';
        match (in_word, word) {
            (true, None) => word = Some(i),
            (true, Some(_)) => {}
            (false, Some(s)) => {
                out.push((s, &text[s..i]));
                word = None;
            }
            (false, None) => {}
        }
        if !in_word && !c.is_whitespace() {
            out.push((i, &text[i..i + c.len_utf8()]));
        }
    }
    if let Some(s) = word {
        out.push((s, &text[s..]));
    }
    out
}

/// The code tokens of a unit's `text` in the file `path`: its tokens, comments and trailing
/// commas dropped (the module's rules).
pub fn code_tokens<'a>(path: &str, text: &'a str) -> Vec<&'a str> {
    let cut = comments(path, text);
    let mut next_cut = cut.iter().peekable();
    let kept: Vec<&str> = (tokens_at(text).into_iter())
        .filter(|(at, _)| {
            while next_cut.peek().is_some_and(|(_, end)| end <= at) {
                next_cut.next();
            }
            next_cut.peek().is_none_or(|(start, _)| start > at)
        })
        .map(|(_, t)| t)
        .collect();
    without_trailing_commas(kept)
}

/// Drops a `,` right before `]` or `}`, and before `)` when its group has another comma.
fn without_trailing_commas(tokens: Vec<&str>) -> Vec<&str> {
    // Commas seen so far in each open group.
    let mut groups: Vec<usize> = Vec::new();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, &t) in tokens.iter().enumerate() {
        match t {
            "(" | "[" | "{" => groups.push(0),
            ")" | "]" | "}" => {
                groups.pop();
            }
            "," => {
                let commas = groups.last().copied().unwrap_or(0);
                let trailing = match tokens.get(i + 1).copied() {
                    Some("]" | "}") => true,
                    Some(")") => commas > 0,
                    _ => false,
                };
                if let Some(n) = groups.last_mut() {
                    *n += 1;
                }
                if trailing {
                    continue;
                }
            }
            _ => {}
        }
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests;
