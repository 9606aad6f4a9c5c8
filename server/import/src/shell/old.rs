//! The `char`-vector reader `shell` replaced (a `String` per word and per token): the oracle
//! its property test holds the borrowing reader equal to.

/// One command of a pipeline: its words (quotes removed) and output redirection targets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stage {
    pub words: Vec<String>,
    /// Targets of `>`, `>>`, `&>`, `2>` (files the stage writes).
    pub writes: Vec<String>,
    /// The targets of `writes` that are appended to (`>>`), not replaced.
    pub appends: Vec<String>,
    /// The body of a here-document the stage reads as stdin (`<< EOF`).
    pub heredoc: Option<String>,
    /// Target of `<` (a file the stage reads as stdin).
    pub stdin: Option<String>,
}

/// Commands joined by `|`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pipeline {
    pub stages: Vec<Stage>,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Word(String),
    Op(&'static str),
    /// A here-document: its body, read from the lines after the command's line.
    Heredoc(usize),
}

const OPS: [&str; 13] = [
    "&&", "||", ";;", "2>&1", "&>", ">>", "2>", "<<", ">", "<", "|", ";", "&",
];

/// The tokens, and the here-document bodies `Tok::Heredoc` points into.
fn tokenize(src: &str) -> (Vec<Tok>, Vec<String>) {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let mut bodies: Vec<String> = Vec::new();
    let mut i = 0;
    let mut pending_heredocs: Vec<(String, bool, usize)> = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            toks.push(Tok::Op(";"));
            i += 1;
            // Here-document bodies announced on the line just ended.
            for (delim, strip_tabs, at) in pending_heredocs.drain(..) {
                while i < chars.len() {
                    let end = chars[i..]
                        .iter()
                        .position(|&c| c == '\n')
                        .map_or(chars.len(), |p| i + p);
                    let line: String = chars[i..end].iter().collect();
                    i = (end + 1).min(chars.len());
                    let line = if strip_tabs {
                        line.trim_start_matches('\t')
                    } else {
                        line.as_str()
                    };
                    if line.trim_end() == delim {
                        break;
                    }
                    bodies[at].push_str(line);
                    bodies[at].push('\n');
                }
            }
            continue;
        }
        if c == ' ' || c == '\t' {
            i += 1;
            continue;
        }
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 4)].iter().collect();
        if let Some(op) = OPS.iter().find(|op| rest.starts_with(**op)) {
            i += op.chars().count();
            if *op == "<<" {
                let strip = chars.get(i) == Some(&'-');
                if strip {
                    i += 1;
                }
                if chars.get(i) == Some(&'<') {
                    // `<<<` here-string: the next word is data, not a file.
                    i += 1;
                    let (_, next) = word(&chars, skip_blanks(&chars, i));
                    i = next;
                    continue;
                }
                let (delim, next) = word(&chars, skip_blanks(&chars, i));
                i = next;
                pending_heredocs.push((delim, strip, bodies.len()));
                toks.push(Tok::Heredoc(bodies.len()));
                bodies.push(String::new());
                continue;
            }
            toks.push(Tok::Op(op));
            continue;
        }
        let (w, next) = word(&chars, i);
        i = next;
        toks.push(Tok::Word(w));
    }
    (toks, bodies)
}

fn skip_blanks(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
        i += 1;
    }
    i
}

/// Reads one word starting at `i`, removing quotes; stops at blanks and operator characters
/// outside quotes. `$(...)` and backticks are kept whole.
fn word(chars: &[char], mut i: usize) -> (String, usize) {
    let mut out = String::new();
    let mut depth = 0usize;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' => {
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    out.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\'
                        && i + 1 < chars.len()
                        && matches!(chars[i + 1], '"' | '\\' | '$' | '`')
                    {
                        i += 1;
                    }
                    out.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            '\\' if i + 1 < chars.len() => {
                if chars[i + 1] != '\n' {
                    out.push(chars[i + 1]);
                }
                i += 2;
            }
            '$' if chars.get(i + 1) == Some(&'(') => {
                depth += 1;
                out.push_str("$(");
                i += 2;
            }
            ')' if depth > 0 => {
                depth -= 1;
                out.push(')');
                i += 1;
            }
            ' ' | '\t' | '\n' | ';' | '&' | '|' | '<' | '>' if depth == 0 => break,
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    (out, i)
}

/// Splits a command line into its pipelines, in order.
pub fn parse(src: &str) -> Vec<Pipeline> {
    let mut out = Vec::new();
    let mut pipe = Pipeline::default();
    let mut stage = Stage::default();
    let (toks, mut bodies) = tokenize(src);
    let mut toks = toks.into_iter().peekable();
    let flush_stage = |pipe: &mut Pipeline, stage: &mut Stage| {
        if !stage.words.is_empty() || !stage.writes.is_empty() || stage.heredoc.is_some() {
            pipe.stages.push(std::mem::take(stage));
        }
    };
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
