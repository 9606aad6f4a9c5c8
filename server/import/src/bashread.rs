//! What a bash pipeline reads: `cat`, `nl`, `less`, `more`, `head`, `tail`, `sed -n`, `grep -n`/`rg -n`,
//! composed through pipes (`cat f | head -50` reads lines 1–50), and what it writes (`>`, `sed -i`,
//! `cp`/`mv`/`tee` targets) so edit replay can mark those files unaligned.

pub use crate::bashargs::writes;
use crate::bashargs::{count_arg, grep_args, sed_ranges};
use crate::numbered::Style;
use crate::shell::Pipeline;
use crate::summary::Reason;
use std::borrow::Cow;

/// A selection applied to a stream of file lines, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sel {
    Head(u32),
    Tail(u32),
    /// `tail -n +K`: from the K-th line of the stream.
    From(u32),
    /// `sed -n` ranges, relative to the stream; `None` end is `$`.
    Ranges(Vec<(u32, Option<u32>)>),
    /// `sed -n '/re1/,/re2/p'`: lines found by matching the file's text (see [`crate::sedpattern`]).
    Pattern(crate::sedpattern::Pattern),
}

/// A `sed -n` selection: line ranges, else one pattern print.
fn sed_sel<'w>(words: &'w [Cow<'_, str>]) -> Option<(Sel, Vec<&'w str>)> {
    if let Some((r, files)) = sed_ranges(words) {
        return Some((Sel::Ranges(r), files));
    }
    let (scripts, files) = crate::bashargs::sed_quiet(words)?;
    match scripts.as_slice() {
        [one] => Some((Sel::Pattern(crate::sedpattern::parse(one)?), files)),
        _ => None,
    }
}

/// What a pipeline shows of which file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Unnumbered lines of `path`: the whole file narrowed by `sels`.
    Window { path: String, sels: Vec<Sel> },
    /// Numbered output of one file: shown number `k` is line `k` of the stream `sels` selects.
    Numbered {
        path: String,
        sels: Vec<Sel>,
        style: Style,
    },
    /// `grep -n` over several files or a directory: `path:N:` lines, paths relative to the cwd.
    GrepMulti,
    /// Nothing read, and why.
    NoRead(Reason),
}

/// The read plan of one pipeline.
pub fn plan(p: &Pipeline<'_>) -> Plan {
    let Some(first) = p.stages.first() else {
        return Plan::NoRead(Reason::UnknownCommand);
    };
    let Some(cmd) = first.words.first() else {
        return Plan::NoRead(Reason::UnknownCommand);
    };
    let (mut path, mut sels, mut numbered): (String, Vec<Sel>, Option<Style>) = match &**cmd {
        "cat" | "nl" | "less" | "more" | "bat" => {
            let opts: Vec<&Cow<str>> = first.words[1..]
                .iter()
                .filter(|w| w.starts_with('-'))
                .collect();
            let files: Vec<&Cow<str>> = first.words[1..]
                .iter()
                .filter(|w| !w.starts_with('-'))
                .collect();
            if files.len() != 1 {
                return Plan::NoRead(if files.is_empty() {
                    Reason::UnknownCommand
                } else {
                    Reason::AmbiguousOutput
                });
            }
            let style =
                (cmd == "cat" && opts.iter().any(|o| o.contains('n'))).then_some(Style::CatN);
            (files[0].to_string(), Vec::new(), style)
        }
        "head" | "tail" => {
            let Some((n, plus, files)) = count_arg(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let n = n.unwrap_or(10);
            let sel = match (&**cmd, plus) {
                ("head", _) => Sel::Head(n),
                (_, true) => Sel::From(n.max(1)),
                _ => Sel::Tail(n),
            };
            (file.to_string(), vec![sel], None)
        }
        "sed" => {
            let Some((sel, files)) = sed_sel(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            (file.to_string(), vec![sel], None)
        }
        "grep" | "egrep" | "fgrep" | "rg" => {
            let g = grep_args(&first.words);
            if !g.numbered || g.lists_only {
                return Plan::NoRead(Reason::NoLineNumbers);
            }
            if g.multi || g.files.len() != 1 {
                if g.files.is_empty() && !g.multi {
                    return Plan::NoRead(Reason::UnknownCommand);
                }
                if g.multi && g.files.len() == 1 && looks_like_file(g.files[0]) {
                    (g.files[0].to_string(), Vec::new(), Some(Style::Grep))
                } else {
                    return Plan::GrepMulti;
                }
            } else {
                (g.files[0].to_string(), Vec::new(), Some(Style::Grep))
            }
        }
        _ => return Plan::NoRead(Reason::UnknownCommand),
    };
    for stage in &p.stages[1..] {
        let words = &stage.words;
        let Some(cmd) = words.first() else { continue };
        if numbered.is_some() {
            // Output already carries line numbers: later filters only choose which are shown.
            continue;
        }
        let next = match &**cmd {
            "cat" if words.len() == 1 => None,
            "head" | "tail" => match count_arg(words) {
                Some((n, plus, files)) if files.is_empty() => {
                    let n = n.unwrap_or(10);
                    Some(match (&**cmd, plus) {
                        ("head", _) => Sel::Head(n),
                        (_, true) => Sel::From(n.max(1)),
                        _ => Sel::Tail(n),
                    })
                }
                _ => return Plan::NoRead(Reason::NoLineNumbers),
            },
            "sed" => match sed_sel(words) {
                Some((sel, files)) if files.is_empty() => Some(sel),
                _ => return Plan::NoRead(Reason::NoLineNumbers),
            },
            "grep" | "egrep" | "fgrep" | "rg" => {
                let g = grep_args(words);
                if g.numbered && !g.lists_only && g.files.is_empty() {
                    numbered = Some(Style::Grep);
                    None
                } else {
                    return Plan::NoRead(Reason::NoLineNumbers);
                }
            }
            _ => return Plan::NoRead(Reason::NoLineNumbers),
        };
        sels.extend(next);
    }
    path = path.trim().to_string();
    match numbered {
        Some(style) => Plan::Numbered { path, sels, style },
        None => Plan::Window { path, sels },
    }
}

fn looks_like_file(p: &str) -> bool {
    p.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.') && !last.starts_with('.'))
}

/// Applies selections to a file of `len` lines (unknown: `None`); returns the 1-based ranges
/// selected, or `None` when the answer needs the unknown length.
pub fn evaluate(sels: &[Sel], len: Option<u32>) -> Option<Vec<(u32, u32)>> {
    let mut start: u32 = 1;
    let mut end: Option<u32> = len;
    for (i, s) in sels.iter().enumerate() {
        match s {
            Sel::Head(n) => {
                let e = start.saturating_add(n.saturating_sub(1));
                end = Some(end.map_or(e, |x| x.min(e)));
                if *n == 0 {
                    return Some(Vec::new());
                }
            }
            Sel::Tail(n) => {
                let e = end?;
                start = start.max(e.saturating_sub(n.saturating_sub(1)).max(1));
                if *n == 0 {
                    return Some(Vec::new());
                }
            }
            Sel::From(k) => start = start.saturating_add(k - 1),
            // Needs the file's text: resolved into `Ranges` by the caller that has it.
            Sel::Pattern(_) => return None,
            Sel::Ranges(rs) => {
                if i + 1 != sels.len() {
                    return None;
                }
                let mut out = Vec::new();
                for (a, b) in rs {
                    let s = start.saturating_add(a - 1);
                    let e = match b {
                        Some(b) => {
                            let e = start.saturating_add(b.saturating_sub(1));
                            end.map_or(e, |x| x.min(e))
                        }
                        None => end?,
                    };
                    if e >= s {
                        out.push((s, e));
                    }
                }
                return Some(out);
            }
        }
    }
    let e = end?;
    Some(if e >= start {
        vec![(start, e)]
    } else {
        Vec::new()
    })
}

#[cfg(test)]
mod tests;
