//! What a bash pipeline reads: `cat`, `nl`, `less`, `more`, `bat`, `head`, `tail`, `sed -n`, `grep -n`/`rg -n`,
//! composed through pipes (`cat f | head -50` reads lines 1–50), and what it writes (`>`, `sed -i`,
//! `cp`/`mv`/`tee` targets) so edit replay can mark those files unaligned.

pub use crate::bashargs::writes;
use crate::bashargs::{bat_args, cat_opts, count_arg, grep_args, sed_quiet, verbose, CatOpts};
use crate::display::Displayed;
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
    /// `sed -n` with `$` or `first~step` (see [`sedstep`]): needs the stream's length.
    Script(Vec<sedstep::Addr>),
}

/// A `sed -n` selection: a script of `p` commands (line ranges when it has only those), else one
/// pattern print.
fn sed_sel<'w>(words: &'w [Cow<'_, str>]) -> Option<(Sel, Vec<&'w str>)> {
    let (scripts, files) = sed_quiet(words)?;
    // Before session 31 `$`, `first~step` and `a,~N` read nothing (*unknown command*).
    if let Some(addrs) = sedstep::parse(&scripts) {
        let lines: Option<Vec<(u32, Option<u32>)>> = addrs
            .iter()
            .map(|a| match a {
                sedstep::Addr::Lines(s, e) => Some((*s, *e)),
                _ => None,
            })
            .collect();
        return Some((lines.map_or(Sel::Script(addrs), Sel::Ranges), files));
    }
    match scripts.as_slice() {
        [one] => Some((Sel::Pattern(crate::sedpattern::parse(one)?), files)),
        _ => None,
    }
}

/// The stream selection of an awk that prints whole lines; a numbered one selects nothing and is
/// kept in `numbered` (its output is read by the numbers it shows).
fn awk_sel(prog: awk::Awk, numbered: &mut Option<awk::Numbered>) -> Option<Sel> {
    match prog {
        awk::Awk::Numbered(n) => {
            *numbered = Some(n);
            None
        }
        awk::Awk::Whole(pick) => Some(Sel::Ranges(pick)),
    }
}

/// What a pipeline shows of which file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Unnumbered lines of `path`: the whole file narrowed by `sels`, after the `banner` the
    /// command may print first.
    Window {
        path: String,
        sels: Vec<Sel>,
        banner: Option<Banner>,
    },
    /// Numbered output of one file: shown number `k` is line `k` of the stream `sels` selects.
    Numbered {
        path: String,
        sels: Vec<Sel>,
        style: Style,
    },
    /// `awk '… {print NR": "$0}'`: shown number `k` is line `k` of the stream `sels` selects, when
    /// the program prints it (see [`awk`]).
    AwkNumbered {
        path: String,
        sels: Vec<Sel>,
        awk: awk::Numbered,
    },
    /// `grep -n` over several files or a directory: `path:N:` lines, paths relative to the cwd.
    GrepMulti,
    /// `grep -n` over a glob whose matches are unknown (no workspace): its `path:N:` lines of
    /// the files the pattern matches (session 38).
    GrepGlob(String),
    /// `grep`/`rg` without `-n`: lines placed by their text where the file's is known (see
    /// [`greptext`]).
    GrepText(greptext::GrepText),
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
    type First = (String, Vec<Sel>, Option<Style>, Option<Banner>);
    let mut awk_numbered = None;
    let (mut path, mut sels, mut numbered, banner): First = match &**cmd {
        "cat" | "nl" | "less" | "more" => {
            let opts: Vec<&str> = first.words[1..]
                .iter()
                .map(|w| &**w)
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
            let style = match cmd == "cat" {
                true => match cat_opts(&opts) {
                    // `cat -s` squeezes blank lines: the output's places are not the file's
                    // (before session 28 `cat -s` read as `cat`, `cat -sn` by its numbers).
                    CatOpts::Squeezed => return Plan::NoRead(Reason::NoLineNumbers),
                    CatOpts::Numbered => Some(Style::CatN),
                    // Before session 28 `cat -b` (numbers on non-blank lines only) was read by
                    // those numbers, and `cat --show-nonprinting` as numbered (its `n`).
                    CatOpts::Lines => None,
                },
                false => None,
            };
            let banner = (cmd == "more").then_some(Banner::More);
            (files[0].to_string(), Vec::new(), style, banner)
        }
        // With no terminal `bat` prints the plain text (its `-n` is ignored), narrowed by `-r`
        // (before session 28 `bat -r 5:7 f` read nothing and `bat --line-range=5:7 f` lines 1–3).
        // `batcat` is bat as Debian and Ubuntu install it (the name `bat` was taken there).
        "bat" | "batcat" => match bat_args(&first.words) {
            Ok((range, file)) => {
                let sels = range
                    .map(|r| vec![Sel::Ranges(vec![r])])
                    .unwrap_or_default();
                (file.to_string(), sels, None, None)
            }
            Err(()) => return Plan::NoRead(Reason::UnknownCommand),
        },
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
            // `-v` prints the `==> f <==` header even for one file (GNU coreutils).
            let verbose = verbose(&first.words);
            (
                file.to_string(),
                vec![sel],
                None,
                verbose.then_some(Banner::Head),
            )
        }
        "sed" => {
            let Some((sel, files)) = sed_sel(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            (file.to_string(), vec![sel], None, None)
        }
        // Before session 31 every awk read nothing (*unknown command*).
        "awk" | "gawk" | "mawk" => {
            let Some((prog, files)) = awk::args(&first.words) else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let [file] = files.as_slice() else {
                return Plan::NoRead(Reason::UnknownCommand);
            };
            let sels = awk_sel(prog, &mut awk_numbered).into_iter().collect();
            (file.to_string(), sels, None, None)
        }
        "grep" | "egrep" | "fgrep" | "rg" => {
            let g = grep_args(&first.words);
            if !g.numbered && !g.lists_only && !g.matched_only {
                // Before session 34 every grep without `-n` read nothing.
                return grep_text(&first.words, &p.stages[1..]);
            }
            if !g.numbered || g.lists_only {
                return Plan::NoRead(Reason::NoLineNumbers);
            }
            // `grep -on`: numbers, but beside the matched parts, not the lines (before session
            // 29 `-o` was reported as output without line numbers, and `--only-matching`
            // credited each match's line as shown whole).
            if g.matched_only {
                return Plan::NoRead(Reason::MatchedPartsOnly);
            }
            let one_file = g.files.len() == 1 && (!g.multi || looks_like_file(g.files[0]));
            if !one_file {
                if g.files.is_empty() && !g.multi {
                    return Plan::NoRead(Reason::UnknownCommand);
                }
                // `grep -hn x a b`: `N:` lines with no path, of either file (as `cat a b`).
                if g.no_filename {
                    return Plan::NoRead(Reason::AmbiguousOutput);
                }
                return Plan::GrepMulti;
            }
            (g.files[0].to_string(), Vec::new(), Some(Style::Grep), None)
        }
        _ => return Plan::NoRead(Reason::UnknownCommand),
    };
    for (k, stage) in p.stages.iter().enumerate().skip(1) {
        let words = &stage.words;
        let Some(cmd) = words.first() else { continue };
        // A stage that copies the stream unchanged: a bare `cat`, and `less` or `more` reading a
        // pipe with no terminal (an agent's shell has none: they act as `cat`; before session 27
        // `cat f | less` read nothing).
        let passes = (cmd == "cat" && words.len() == 1)
            || (matches!(&**cmd, "less" | "more") && words[1..].iter().all(|w| w.starts_with('-')));
        // A banner is in the stream the next stage selects from or numbers: the file's lines
        // are not at their places (`more f | head -5` shows 2 lines of the file, not 5).
        if banner.is_some() && !passes {
            return Plan::NoRead(Reason::NoLineNumbers);
        }
        if numbered.is_some() || awk_numbered.is_some() {
            // An awk that only chooses lines by their place drops whole lines (session 31).
            if matches!(&**cmd, "awk" | "gawk" | "mawk")
                && awk::args(words)
                    .is_some_and(|(a, f)| matches!(a, awk::Awk::Whole(_)) && f.is_empty())
            {
                continue;
            }
            // Output already carries line numbers: a filter that drops or reorders whole lines
            // only chooses which are shown. One that rewrites the lines hides what they showed
            // (before session 27, `grep -n x f | awk '{print $1}'` without a workspace credited
            // every matched line from its number alone).
            let rewrites = matches!(
                &**cmd,
                "awk"
                    | "gawk"
                    | "mawk"
                    | "cut"
                    | "tr"
                    | "xargs"
                    | "nl"
                    | "paste"
                    | "column"
                    | "rev"
                    | "fold"
            ) || (cmd == "sed" && sed_sel(words).is_none());
            if rewrites {
                return Plan::NoRead(Reason::NoLineNumbers);
            }
            // A second `grep -n` numbers the output's lines, not the file's (`1:12:text`): before
            // session 27, without a workspace, its outer numbers were read as the file's lines.
            if matches!(&**cmd, "grep" | "egrep" | "fgrep" | "rg") && grep_args(words).numbered {
                return Plan::NoRead(Reason::NothingShown);
            }
            continue;
        }
        let next = match &**cmd {
            _ if passes => None,
            // A stage's `head -v` prints `==> standard input <==` before the lines: the stream's
            // places are not the output's (before session 29 the header was a line of the file).
            "head" | "tail" => match count_arg(words) {
                Some((n, plus, files)) if files.is_empty() && !verbose(words) => {
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
            "awk" | "gawk" | "mawk" => match awk::args(words) {
                Some((a, files)) if files.is_empty() => awk_sel(a, &mut awk_numbered),
                _ => return Plan::NoRead(Reason::NoLineNumbers),
            },
            "grep" | "egrep" | "fgrep" | "rg" => {
                let g = grep_args(words);
                if g.numbered && !g.lists_only && g.files.is_empty() {
                    if g.matched_only {
                        return Plan::NoRead(Reason::MatchedPartsOnly);
                    }
                    numbered = Some(Style::Grep);
                    None
                } else {
                    // Without `-n`: its lines are among the stream's, placed by their text where
                    // the file's is known (session 35; before, nothing).
                    let path = path.trim().to_string();
                    let later = &p.stages[k + 1..];
                    return match greptext::of_stream(words, path, sels, later) {
                        Some(g) if banner.is_none() => Plan::GrepText(g),
                        _ => Plan::NoRead(Reason::NoLineNumbers),
                    };
                }
            }
            _ => return Plan::NoRead(Reason::NoLineNumbers),
        };
        sels.extend(next);
    }
    path = path.trim().to_string();
    match (numbered, awk_numbered) {
        (Some(style), _) => Plan::Numbered { path, sels, style },
        (None, Some(awk)) => Plan::AwkNumbered { path, sels, awk },
        (None, None) => Plan::Window { path, sels, banner },
    }
}

/// Lines a command prints before a file's own, not lines of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Banner {
    /// util-linux `more` writing to a pipe (2.38.1, checked: `more f | cat`) prints
    /// `::::::::::::::`, the file's name as given and `::::::::::::::` before each file, even one.
    More,
    /// `head -v` / `tail -v`: `==> f <==`.
    Head,
}

/// The `more` banner's rule line.
const RULE: &str = "::::::::::::::";

impl Banner {
    /// The banner's lines for `path` as the command was given it.
    fn lines(self, path: &str) -> Vec<String> {
        match self {
            Banner::More => vec![RULE.into(), path.into(), RULE.into()],
            Banner::Head => vec![format!("==> {path} <==")],
        }
    }

    /// How many of `shown`'s first lines are this banner (all of a head cut inside it): 0 when
    /// the output does not open with it (another version, or an error instead).
    pub fn len_in(self, shown: &Displayed<'_>, path: &str) -> usize {
        let want = self.lines(path);
        let n = want.len().min(shown.head.len());
        let whole_head = n == shown.head.len() && shown.is_cut();
        let same = shown.head[..n]
            .iter()
            .zip(&want)
            .all(|(got, w)| got.trim_end() == w);
        if same && (n == want.len() || whole_head) {
            n
        } else {
            0
        }
    }

    /// `shown` without the banner it opens with.
    pub fn strip<'a>(self, shown: &Displayed<'a>, path: &str) -> Displayed<'a> {
        let n = self.len_in(shown, path);
        let mut d = shown.clone();
        d.head.drain(..n);
        d.head_partial &= !d.head.is_empty();
        // A stated line count counts the banner's lines too.
        d.total = d.total.and_then(|t| t.checked_sub(n as u64));
        d
    }
}

/// A `grep`/`rg` without `-n` as the first stage, through its later `stages`.
fn grep_text(words: &[Cow<'_, str>], stages: &[crate::shell::Stage<'_>]) -> Plan {
    let Some(mut g) = greptext::first(words) else {
        return Plan::NoRead(Reason::NoLineNumbers);
    };
    for s in stages {
        if !greptext::stage(&mut g, &s.words) {
            return Plan::NoRead(Reason::NoLineNumbers);
        }
    }
    Plan::GrepText(g)
}

pub(crate) fn looks_like_file(p: &str) -> bool {
    p.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.') && !last.starts_with('.'))
}

pub mod awk;
pub(crate) mod brace;
pub(crate) mod glob;
pub mod greptext;
pub(crate) mod sedinplace;
pub mod sedstep;
mod stream;
pub use stream::{evaluate, stream, Run};

#[cfg(test)]
mod tests;
