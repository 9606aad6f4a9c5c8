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
}

/// Commands joined by `|`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pipeline<'a> {
    pub stages: Vec<Stage<'a>>,
}

#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Word(Cow<'a, str>),
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
                    let (_, next) = word(src, skip_blanks(b, i));
                    i = next;
                    continue;
                }
                let (delim, next) = word(src, skip_blanks(b, i));
                i = next;
                pending_heredocs.push((delim, strip, bodies.len()));
                toks.push(Tok::Heredoc(bodies.len()));
                bodies.push(Cow::Borrowed(""));
                continue;
            }
            toks.push(Tok::Op(op));
            continue;
        }
        let (w, next) = word(src, i);
        i = next;
        toks.push(Tok::Word(w));
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
/// quote or escape, and only copied from there on.
fn word(src: &str, mut i: usize) -> (Cow<'_, str>, usize) {
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
                return (Cow::Borrowed(&src[start..i]), i)
            }
            _ => i += 1,
        }
    }
    if i >= b.len() {
        return (Cow::Borrowed(&src[start..]), b.len());
    }
    // Only ASCII bytes are dropped below, so what is kept stays UTF-8.
    let mut out: Vec<u8> = b[start..i].to_vec();
    while i < b.len() {
        match b[i] {
            b'\'' => {
                i += 1;
                let end = memchr::memchr(b'\'', &b[i..]).map_or(b.len(), |p| i + p);
                out.extend_from_slice(&b[i..end]);
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
                    out.push(b[i]);
                    i += 1;
                }
                i += 1;
            }
            b'\\' if i + 1 < b.len() => {
                // The escaped character, whole (it may take several bytes).
                let len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                if b[i + 1] != b'\n' {
                    out.extend_from_slice(&b[i + 1..i + 1 + len]);
                }
                i += 1 + len;
            }
            b'$' if b.get(i + 1) == Some(&b'(') => {
                depth += 1;
                out.extend_from_slice(b"$(");
                i += 2;
            }
            b')' if depth > 0 => {
                depth -= 1;
                out.push(b')');
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' if depth == 0 => break,
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    let text = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (Cow::Owned(text), i.min(b.len()))
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
            Tok::Word(w) => stage.words.push(w),
            Tok::Op(op @ (">" | ">>" | "&>" | "2>" | "<")) => {
                if let Some(Tok::Word(target)) = toks.next_if(|t| matches!(t, Tok::Word(_))) {
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
            Tok::Op(_) => {
                flush_stage(&mut pipe, &mut stage);
                if !pipe.stages.is_empty() {
                    out.push(std::mem::take(&mut pipe));
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
