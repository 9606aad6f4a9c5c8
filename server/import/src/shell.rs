//! A small bash reader: enough to split a command line into pipelines and words the way bash
//! would (quotes, escapes, `&&`, `||`, `;`, `|`, redirections, here-documents, comments).
//!
//! It never runs anything and never fails: unbalanced quotes end at the end of the text. Words
//! and here-document bodies borrow the command text unless removing quotes or escapes changed
//! them (most words of an agent's commands are plain: a `String` per word was most of the cost).

use std::borrow::Cow;

/// One command of a pipeline: its words (quotes removed) and output redirection targets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stage<'a> {
    pub words: Vec<Cow<'a, str>>,
    /// Targets of `>`, `>>`, `&>`, `2>` (files the stage writes).
    pub writes: Vec<Cow<'a, str>>,
    /// The targets of `writes` that are appended to (`>>`), not replaced.
    pub appends: Vec<Cow<'a, str>>,
    /// The body of a here-document the stage reads as stdin (`<< EOF`).
    pub heredoc: Option<Cow<'a, str>>,
    /// Target of `<` (a file the stage reads as stdin).
    pub stdin: Option<Cow<'a, str>>,
    /// The words (by index in `words`) in which quotes or a backslash kept literal a character
    /// bash expands in file names (`* ? [ ] { } , ~ \`), each as bash's pattern of it: every such
    /// character after a `\` (`'pkg/*.py'` is `pkg/\*.py`). A word not listed has none: each such
    /// character in it is bash's to expand (`"src"/*.py`).
    pub literal: Vec<(usize, String)>,
}

/// Commands joined by `|`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pipeline<'a> {
    pub stages: Vec<Stage<'a>>,
    /// How it follows the pipeline before it: bash runs it after a `&&` only when that one
    /// succeeded, after a `||` only when it failed (session 40).
    pub joined: Joined,
}

/// The operator before a pipeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Joined {
    /// The first, or after `;`, `&`, `;;` or a line break: it runs whatever came before.
    #[default]
    Always,
    /// After `&&`.
    And,
    /// After `||`.
    Or,
}

#[derive(Debug, PartialEq)]
enum Tok<'a> {
    /// A word and, when quotes kept one of its expansion characters literal, its pattern (see
    /// [`Stage::literal`]).
    Word(Cow<'a, str>, Option<String>),
    Op(&'static str),
    /// A here-document: its body, read from the lines after the command's line.
    Heredoc(usize),
}

const OPS: [&str; 13] = [
    "&&", "||", ";;", "2>&1", "&>", ">>", "2>", "<<", ">", "<", "|", ";", "&",
];

/// The tokens, and the here-document bodies `Tok::Heredoc` points into. Every index the reader
/// stops at is next to an ASCII byte (blanks, quotes, operators, line breaks), so the command
/// text is sliced there safely.
fn tokenize(src: &str) -> (Vec<Tok<'_>>, Vec<Cow<'_, str>>) {
    let b = src.as_bytes();
    let mut toks = Vec::new();
    let mut bodies: Vec<Cow<str>> = Vec::new();
    let mut i = 0;
    let mut pending_heredocs: Vec<(Cow<str>, bool, usize)> = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            toks.push(Tok::Op(";"));
            i += 1;
            // Here-document bodies announced on the line just ended.
            for (delim, strip_tabs, at) in pending_heredocs.drain(..) {
                bodies[at] = heredoc_body(src, &mut i, &delim, strip_tabs);
            }
            continue;
        }
        if c == b' ' || c == b'\t' {
            i += 1;
            continue;
        }
        if c == b'#' {
            i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |p| i + p);
            continue;
        }
        if let Some(op) = OPS.iter().find(|op| b[i..].starts_with(op.as_bytes())) {
            i += op.len();
            if *op == "<<" {
                let strip = b.get(i) == Some(&b'-');
                if strip {
                    i += 1;
                }
                if b.get(i) == Some(&b'<') {
                    // `<<<` here-string: the next word is data, not a file.
                    i += 1;
                    let (_, _, next) = word(src, skip_blanks(b, i));
                    i = next;
                    continue;
                }
                let (delim, _, next) = word(src, skip_blanks(b, i));
                i = next;
                pending_heredocs.push((delim, strip, bodies.len()));
                toks.push(Tok::Heredoc(bodies.len()));
                bodies.push(Cow::Borrowed(""));
                continue;
            }
            toks.push(Tok::Op(op));
            continue;
        }
        let (w, pat, next) = word(src, i);
        i = next;
        toks.push(Tok::Word(w, pat));
    }
    (toks, bodies)
}

/// The here-document body starting at `*i` (a line start), up to the line that is `delim`
/// (or the end of the text); `*i` moves past that line. Each body line ends in a line break;
/// the body is the text itself unless `<<-` strips leading tabs or the text ends without one.
fn heredoc_body<'a>(src: &'a str, i: &mut usize, delim: &str, strip_tabs: bool) -> Cow<'a, str> {
    let b = src.as_bytes();
    let start = *i;
    let mut body_end = start;
    let mut owned: Option<String> = None;
    while *i < b.len() {
        let end = memchr::memchr(b'\n', &b[*i..]).map_or(b.len(), |p| *i + p);
        let raw = &src[*i..end];
        *i = (end + 1).min(b.len());
        let line = if strip_tabs {
            raw.trim_start_matches('\t')
        } else {
            raw
        };
        if line.trim_end() == delim {
            break;
        }
        if strip_tabs || end == b.len() {
            let text = owned.get_or_insert_with(|| src[start..body_end].to_string());
            text.push_str(line);
            text.push('\n');
        } else if let Some(text) = &mut owned {
            text.push_str(line);
            text.push('\n');
        }
        body_end = end + 1;
    }
    match owned {
        Some(text) => Cow::Owned(text),
        None => Cow::Borrowed(&src[start..body_end.min(b.len())]),
    }
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// Reads one word starting at `i`, removing quotes; stops at blanks and operator characters
/// outside quotes. `$(...)` and backticks are kept whole. The word is borrowed up to the first
/// quote or escape, and only copied from there on; with it, the word's pattern when quotes kept an
/// expansion character literal ([`Stage::literal`]).
fn word(src: &str, mut i: usize) -> (Cow<'_, str>, Option<String>, usize) {
    let b = src.as_bytes();
    let start = i;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'\'' | b'"' => break,
            b'\\' if i + 1 < b.len() => break,
            b'$' if b.get(i + 1) == Some(&b'(') => {
                depth += 1;
                i += 2;
            }
            b')' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' if depth == 0 => {
                return (Cow::Borrowed(&src[start..i]), None, i)
            }
            _ => i += 1,
        }
    }
    if i >= b.len() {
        return (Cow::Borrowed(&src[start..]), None, b.len());
    }
    // Only ASCII bytes are dropped below, so what is kept stays UTF-8.
    let mut out = Unquoted {
        text: b[start..i].to_vec(),
        pat: None,
    };
    while i < b.len() {
        match b[i] {
            b'\'' => {
                i += 1;
                let end = memchr::memchr(b'\'', &b[i..]).map_or(b.len(), |p| i + p);
                out.quoted(&b[i..end]);
                i = end + 1;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\'
                        && i + 1 < b.len()
                        && matches!(b[i + 1], b'"' | b'\\' | b'$' | b'`')
                    {
                        i += 1;
                    }
                    out.quoted(&b[i..i + 1]);
                    i += 1;
                }
                i += 1;
            }
            b'\\' if i + 1 < b.len() => {
                // The escaped character, whole (it may take several bytes).
                let len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b[i + 1] != b'\n' {
                    out.quoted(&b[i + 1..i + 1 + len]);
                }
                i += 1 + len;
            }
            b'$' if b.get(i + 1) == Some(&b'(') => {
                depth += 1;
                out.plain(b"$(");
                i += 2;
            }
            b')' if depth > 0 => {
                depth -= 1;
                out.plain(b")");
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' if depth == 0 => break,
            c => {
                out.plain(&[c]);
                i += 1;
            }
        }
    }
    let utf8 = |v: Vec<u8>| {
        String::from_utf8(v).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    };
    let pat = out.pat.map(utf8);
    (Cow::Owned(utf8(out.text)), pat, i.min(b.len()))
}

/// Whether bash expands `c` in a file name (brace, tilde and pathname expansion; a `\` quotes).
fn expands(c: u8) -> bool {
    matches!(
        c,
        b'*' | b'?' | b'[' | b']' | b'{' | b'}' | b',' | b'~' | b'\\'
    )
}

/// A word with its quotes removed (`text`) and, once a quoted character is one bash would
/// otherwise expand, its pattern (`pat`: such characters after a `\`).
struct Unquoted {
    text: Vec<u8>,
    pat: Option<Vec<u8>>,
}

impl Unquoted {
    fn plain(&mut self, bytes: &[u8]) {
        self.text.extend_from_slice(bytes);
        if let Some(p) = &mut self.pat {
            p.extend_from_slice(bytes);
        }
    }

    fn quoted(&mut self, bytes: &[u8]) {
        if self.pat.is_none() && !bytes.iter().any(|&c| expands(c)) {
            self.text.extend_from_slice(bytes);
            return;
        }
        let p = self.pat.get_or_insert_with(|| self.text.clone());
        for &c in bytes {
            if expands(c) {
                p.push(b'\\');
            }
            p.push(c);
        }
        self.text.extend_from_slice(bytes);
    }
}

/// Splits a command line into its pipelines, in order.
pub fn parse(src: &str) -> Vec<Pipeline<'_>> {
    let mut out = Vec::new();
    let mut pipe = Pipeline::default();
    let mut stage = Stage::default();
    let (toks, mut bodies) = tokenize(src);
    let mut toks = toks.into_iter().peekable();
    fn flush_stage<'a>(pipe: &mut Pipeline<'a>, stage: &mut Stage<'a>) {
        if !stage.words.is_empty() || !stage.writes.is_empty() || stage.heredoc.is_some() {
            pipe.stages.push(std::mem::take(stage));
        }
    }
    while let Some(t) = toks.next() {
        match t {
            Tok::Word(w, pat) => {
                if let Some(pat) = pat {
                    stage.literal.push((stage.words.len(), pat));
                }
                stage.words.push(w);
            }
            Tok::Op(op @ (">" | ">>" | "&>" | "2>" | "<")) => {
                if let Some(Tok::Word(target, _)) = toks.next_if(|t| matches!(t, Tok::Word(..))) {
                    match op {
                        "<" => stage.stdin = Some(target),
                        "2>" => {}
                        ">>" => {
                            stage.appends.push(target.clone());
                            stage.writes.push(target)
                        }
                        _ => stage.writes.push(target),
                    }
                }
            }
            Tok::Heredoc(n) => stage.heredoc = Some(std::mem::take(&mut bodies[n])),
            Tok::Op("2>&1") => {}
            Tok::Op("|") => flush_stage(&mut pipe, &mut stage),
            Tok::Op(op) => {
                flush_stage(&mut pipe, &mut stage);
                // The operator that closes a pipeline joins the next one to it (a line break
                // after `&&` continues the list: `a &&⏎b` runs b after a succeeded).
                if !pipe.stages.is_empty() {
                    out.push(std::mem::take(&mut pipe));
                    pipe.joined = match op {
                        "&&" => Joined::And,
                        "||" => Joined::Or,
                        _ => Joined::Always,
                    };
                }
            }
        }
    }
    flush_stage(&mut pipe, &mut stage);
    if !pipe.stages.is_empty() {
        out.push(pipe);
    }
    out
}

#[cfg(test)]
mod old;

#[cfg(test)]
mod tests;
