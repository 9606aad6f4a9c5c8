//! What a bash pipeline reads: `cat`, `nl`, `less`, `more`, `head`, `tail`, `sed -n`, `grep -n`/`rg -n`,
//! composed through pipes (`cat f | head -50` reads lines 1–50), and what it writes (`>`, `sed -i`,
//! `cp`/`mv`/`tee` targets) so edit replay can mark those files unaligned.

use crate::numbered::Style;
use crate::shell::Pipeline;
use crate::summary::Reason;

/// A selection applied to a stream of file lines, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sel {
    Head(u32),
    Tail(u32),
    /// `tail -n +K`: from the K-th line of the stream.
    From(u32),
    /// `sed -n` ranges, relative to the stream; `None` end is `$`.
    Ranges(Vec<(u32, Option<u32>)>),
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

/// Files a pipeline writes (`None` path: it may write anything, e.g. `git checkout`, `patch`).
pub fn writes(p: &Pipeline) -> Vec<Option<String>> {
    let mut out = Vec::new();
    for s in &p.stages {
        out.extend(
            s.writes
                .iter()
                .filter(|w| !w.starts_with("/dev/"))
                .cloned()
                .map(Some),
        );
        let Some(cmd) = s.words.first() else { continue };
        let args: Vec<&String> = s.words[1..]
            .iter()
            .filter(|a| !a.starts_with('-'))
            .collect();
        match cmd.as_str() {
            "sed"
                if s.words
                    .iter()
                    .any(|w| w.starts_with("-i") || w == "--in-place") =>
            {
                // The last operand(s) after the script are files.
                out.extend(args.iter().skip(1).map(|a| Some(a.to_string())));
            }
            "cp" | "mv" | "install" => {
                if let Some(dst) = args.last() {
                    out.push(Some(dst.to_string()));
                }
                if cmd == "mv" {
                    out.extend(args.iter().rev().skip(1).map(|a| Some(a.to_string())));
                }
            }
            "tee" | "rm" | "truncate" => out.extend(args.iter().map(|a| Some(a.to_string()))),
            "patch" => out.push(None),
            "git"
                if matches!(
                    args.first().map(|s| s.as_str()),
                    Some("apply" | "checkout" | "stash" | "reset" | "restore")
                ) =>
            {
                out.push(None)
            }
            _ => {}
        }
    }
    out
}

/// Reads the flags of `head`/`tail`: `-n N`, `-N`, `-nN`, `--lines=N`, `-n +K` (tail).
fn count_arg(words: &[String]) -> Option<(Option<u32>, bool, Vec<String>)> {
    let mut n = None;
    let mut plus = false;
    let mut files = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        let val = if w == "-n" || w == "--lines" {
            i += 1;
            words.get(i).cloned()
        } else if let Some(v) = w.strip_prefix("--lines=") {
            Some(v.to_string())
        } else if let Some(v) = w.strip_prefix("-n") {
            Some(v.to_string())
        } else if w.len() > 1 && w.starts_with('-') && w[1..].chars().all(|c| c.is_ascii_digit()) {
            Some(w[1..].to_string())
        } else if w.starts_with('-') && w.len() > 1 {
            if matches!(w.as_str(), "-q" | "-v" | "--quiet" | "--silent") {
                i += 1;
                continue;
            }
            return None;
        } else {
            files.push(w.clone());
            None
        };
        if let Some(v) = val {
            plus = v.starts_with('+');
            n = Some(v.trim_start_matches('+').parse().ok()?);
        }
        i += 1;
    }
    Some((n, plus, files))
}

/// Line ranges of a `sed -n` script; a `None` end is `$`.
type SedRanges = Vec<(u32, Option<u32>)>;

/// `sed -n` scripts: `a,bp`, `a p`, `ap`, `a,$p`, several joined by `;` or given with `-e`.
fn sed_ranges(words: &[String]) -> Option<(SedRanges, Vec<String>)> {
    let mut quiet = false;
    let mut scripts = Vec::new();
    let mut files = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        match w.as_str() {
            "-n" | "--quiet" | "--silent" => quiet = true,
            "-e" => {
                i += 1;
                scripts.push(words.get(i)?.clone());
            }
            _ if w.starts_with('-') => return None,
            _ if scripts.is_empty() => scripts.push(w.clone()),
            _ => files.push(w.clone()),
        }
        i += 1;
    }
    if !quiet || scripts.is_empty() {
        return None;
    }
    let mut ranges = Vec::new();
    for part in scripts.iter().flat_map(|s| s.split(';')) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let body = part.strip_suffix('p')?.trim();
        let (a, b) = match body.split_once(',') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (body, None),
        };
        let a: u32 = a.parse().ok()?;
        let b = match b {
            None => Some(a),
            Some("$") => None,
            Some(b) => Some(b.parse().ok()?),
        };
        ranges.push((a.max(1), b));
    }
    Some((ranges, files))
}

/// Options of grep/rg that take a value (so the value is not the pattern or a file).
const GREP_VALUE_OPTS: [&str; 12] = [
    "-A",
    "-B",
    "-C",
    "-e",
    "-f",
    "-m",
    "-g",
    "-t",
    "--include",
    "--exclude",
    "--glob",
    "--type",
];

struct Grep {
    numbered: bool,
    multi: bool,
    lists_only: bool,
    files: Vec<String>,
}

fn grep_args(words: &[String]) -> Grep {
    let rg = words[0] == "rg";
    let mut g = Grep {
        numbered: false,
        multi: rg,
        lists_only: false,
        files: Vec::new(),
    };
    let mut pattern_given = false;
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        if GREP_VALUE_OPTS.contains(&w.as_str()) {
            pattern_given |= w == "-e" || w == "-f";
            i += 2;
            continue;
        }
        if let Some(long) = w.strip_prefix("--") {
            match long {
                "line-number" => g.numbered = true,
                "recursive" => g.multi = true,
                "with-filename" => g.multi = true,
                "files-with-matches"
                | "count"
                | "quiet"
                | "files-without-match"
                | "no-filename" => g.lists_only = true,
                _ => {}
            }
        } else if w.starts_with('-') && w.len() > 1 {
            // Combined short flags: -rn, -nA5, -inE …; a digit run is a value of A/B/C.
            for c in w[1..].chars().take_while(|c| c.is_ascii_alphabetic()) {
                match c {
                    'n' => g.numbered = true,
                    'r' | 'R' | 'H' => g.multi = true,
                    'l' | 'L' | 'c' | 'q' | 'h' | 'o' => g.lists_only = true,
                    'A' | 'B' | 'C' | 'e' | 'f' | 'm' if w.len() == 2 => i += 1,
                    _ => {}
                }
            }
        } else if !pattern_given {
            pattern_given = true;
        } else {
            g.files.push(w.clone());
        }
        i += 1;
    }
    g
}

/// The read plan of one pipeline.
pub fn plan(p: &Pipeline) -> Plan {
    let Some(first) = p.stages.first() else {
        return Plan::NoRead(Reason::UnknownCommand);
    };
    let Some(cmd) = first.words.first() else {
        return Plan::NoRead(Reason::UnknownCommand);
    };
    let (mut path, mut sels, mut numbered): (String, Vec<Sel>, Option<Style>) = match cmd.as_str() {
        "cat" | "nl" | "less" | "more" | "bat" => {
            let opts: Vec<&String> = first.words[1..]
                .iter()
                .filter(|w| w.starts_with('-'))
                .collect();
            let files: Vec<&String> = first.words[1..]
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
            (files[0].clone(), Vec::new(), style)
        }
        "head" | "tail" => {
            let Some((n, plus, files)) = count_arg(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let n = n.unwrap_or(10);
            let sel = match (cmd.as_str(), plus) {
                ("head", _) => Sel::Head(n),
                (_, true) => Sel::From(n.max(1)),
                _ => Sel::Tail(n),
            };
            (file.clone(), vec![sel], None)
        }
        "sed" => {
            let Some((ranges, files)) = sed_ranges(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            (file.clone(), vec![Sel::Ranges(ranges)], None)
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
                if g.multi && g.files.len() == 1 && looks_like_file(&g.files[0]) {
                    (g.files[0].clone(), Vec::new(), Some(Style::Grep))
                } else {
                    return Plan::GrepMulti;
                }
            } else {
                (g.files[0].clone(), Vec::new(), Some(Style::Grep))
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
        let next = match cmd.as_str() {
            "cat" if words.len() == 1 => None,
            "head" | "tail" => match count_arg(words) {
                Some((n, plus, files)) if files.is_empty() => {
                    let n = n.unwrap_or(10);
                    Some(match (cmd.as_str(), plus) {
                        ("head", _) => Sel::Head(n),
                        (_, true) => Sel::From(n.max(1)),
                        _ => Sel::Tail(n),
                    })
                }
                _ => return Plan::NoRead(Reason::NoLineNumbers),
            },
            "sed" => match sed_ranges(words) {
                Some((r, files)) if files.is_empty() => Some(Sel::Ranges(r)),
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
#[path = "bashread_tests.rs"]
mod tests;
