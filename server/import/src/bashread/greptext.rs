//! `grep`/`rg` without `-n` (session 34): which pipelines print lines readcov can place by their
//! text when it knows the file's (docs/importers.md, the `grep` / `rg` without `-n` row). grep
//! prints a file's matching lines in file order, every one of them unless `-m` stops it, and
//! whether a line matches depends on its text alone; with `-A`/`-B`/`-C` each group between `--`
//! lines is a run of contiguous file lines. Only options known to keep that shape are taken
//! (any other: nothing, *output without line numbers*, as before).

use std::borrow::Cow;

/// A `grep`/`rg` without `-n` whose output is placed by text, and what later stages did to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrepText {
    /// The files and folders searched, as given (none: the cwd, for a recursive search).
    pub files: Vec<String>,
    /// `-r`/`-R` (ripgrep always): a folder is searched, its files' lines named by path.
    pub recursive: bool,
    /// `-H` (`Some(true)`) or `-h`/`rg -I` (`Some(false)`), the last given.
    pub with_filename: Option<bool>,
    /// `-A`/`-B`/`-C`/`-NUM`: groups of contiguous lines between `--` lines.
    pub context: bool,
    /// A later stage may have dropped lines at the output's start (`tail -N`, `tail -n +K`).
    pub start_cut: bool,
    /// Whether a later stage may have dropped lines at the output's end (a later `grep` keeps
    /// every line of a text it keeps, in order: it changes nothing else).
    pub end: End,
    /// A grep reading the lines an earlier stage printed of one file (`cat f | grep x`,
    /// `sed -n '100,200p' f | grep -A3 x`, `head -50 f | grep x`; session 35): that file as
    /// given and the selections making the stream, placed among those lines.
    pub input: Option<(String, Vec<crate::bashread::Sel>)>,
}

/// What later stages did to the end of grep's output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Nothing dropped.
    Whole,
    /// `head -N`, the last stage that drops lines: cut only when the output has N lines.
    HeadOf(u32),
    /// Maybe cut (a `head` before another stage that drops lines).
    Maybe,
}

/// The options whose output readcov places, per tool: short flags, short flags taking a value,
/// long flags, long flags taking a value.
struct Known {
    flags: &'static str,
    valued: &'static str,
    long: &'static [&'static str],
    long_valued: &'static [&'static str],
}

/// GNU grep: `-r -R -i -y -w -x -E -F -G -P -v -s -I -a -H -h`, `-A -B -C -e -f N`, `-NUM`.
const GREP: Known = Known {
    flags: "rRiywxEFGPvsIaHh0123456789",
    valued: "ABCef",
    long: &[
        "recursive",
        "dereference-recursive",
        "ignore-case",
        "no-ignore-case",
        "word-regexp",
        "line-regexp",
        "extended-regexp",
        "fixed-strings",
        "basic-regexp",
        "perl-regexp",
        "invert-match",
        "no-messages",
        "text",
        "with-filename",
        "no-filename",
        "color",
        "colour",
        "color=never",
        "colour=never",
        "color=auto",
        "colour=auto",
    ],
    long_valued: &[
        "after-context",
        "before-context",
        "context",
        "regexp",
        "file",
        "include",
        "exclude",
        "exclude-dir",
        "exclude-from",
        "binary-files",
        "directories",
        "devices",
    ],
};

/// ripgrep (its `-r` replaces text, `-h` prints help, `-L` follows links).
const RG: Known = Known {
    flags: "iSswxFvHINuL.",
    valued: "ABCefgtTj",
    long: &[
        "ignore-case",
        "smart-case",
        "case-sensitive",
        "word-regexp",
        "line-regexp",
        "fixed-strings",
        "invert-match",
        "with-filename",
        "no-filename",
        "no-line-number",
        "hidden",
        "no-ignore",
        "follow",
        "no-messages",
        "color=never",
        "color=auto",
    ],
    long_valued: &[
        "after-context",
        "before-context",
        "context",
        "regexp",
        "file",
        "glob",
        "iglob",
        "type",
        "type-not",
        "max-depth",
        "threads",
    ],
};

/// The first stage `grep`/`egrep`/`fgrep`/`rg WORDS` as placeable output (`None`: an option
/// readcov does not know keeps the shape, or no pattern). The command line is parsed once, by
/// [`crate::bashargs::grep_args`]; this reads its options against the lists above.
pub fn first(words: &[Cow<'_, str>]) -> Option<GrepText> {
    use crate::bashargs::Opt;
    let p = crate::bashargs::grep_args(words);
    if p.missing_value || p.stdin || !p.pattern {
        return None;
    }
    let rg = p.rg;
    let known = if rg { &RG } else { &GREP };
    let mut g = GrepText {
        files: p.files.iter().map(|f| f.to_string()).collect(),
        recursive: rg,
        with_filename: None,
        context: false,
        start_cut: false,
        end: End::Whole,
        input: None,
    };
    for o in &p.opts {
        match *o {
            Opt::ShortValued(c) if known.valued.contains(c) => {
                g.context |= matches!(c, 'A' | 'B' | 'C');
            }
            Opt::Short(c) if known.flags.contains(c) => match c {
                'r' | 'R' => g.recursive = true,
                'H' => g.with_filename = Some(true),
                // grep's `-h` drops the path; ripgrep's is `-I` (grep's `-I` skips binary
                // files, which changes nothing here).
                'h' if !rg => g.with_filename = Some(false),
                'I' if rg => g.with_filename = Some(false),
                // `-5`: five lines of context (GNU grep).
                d if d.is_ascii_digit() => g.context = true,
                _ => {}
            },
            Opt::LongValued(name) if known.long_valued.contains(&name) => {
                g.context |= name.ends_with("context");
            }
            Opt::Long(name) if known.long.contains(&name) => match name {
                "recursive" | "dereference-recursive" => g.recursive = true,
                "with-filename" => g.with_filename = Some(true),
                "no-filename" => g.with_filename = Some(false),
                _ => {}
            },
            _ => return None,
        }
    }
    Some(g)
}

/// A `grep`/`rg` without `-n` as a later stage, reading what the earlier stages printed of one
/// file (`path` narrowed by `sels`), with the stages after it: placeable unless it searches
/// files of its own (grep's `-r` without one searches the cwd), names the stream
/// (`-H`: `(standard input):`), or a later stage's shape is unknown.
pub fn of_stream(
    words: &[Cow<'_, str>],
    path: String,
    sels: Vec<crate::bashread::Sel>,
    later: &[crate::shell::Stage<'_>],
) -> Option<GrepText> {
    let mut g = first(words)?;
    let rg = words[0] == "rg";
    if !g.files.is_empty() || g.with_filename == Some(true) || (g.recursive && !rg) {
        return None;
    }
    for s in later {
        if !stage(&mut g, &s.words) {
            return None;
        }
    }
    g.input = Some((path, sels));
    Some(g)
}

/// A later stage of the pipeline: whether grep's output stays placeable through it (`head`,
/// `tail`, a `grep` without context, `cat`/`less`/`more` passing it on), recorded in `g`.
pub fn stage(g: &mut GrepText, words: &[Cow<'_, str>]) -> bool {
    let Some(cmd) = words.first() else {
        return false;
    };
    match &**cmd {
        "cat" if words.len() == 1 => true,
        "less" | "more" if words[1..].iter().all(|w| w.starts_with('-')) => true,
        "head" | "tail" => {
            let Some((n, plus, files)) = crate::bashargs::count_arg(words) else {
                return false;
            };
            if !files.is_empty() || crate::bashargs::verbose(words) {
                return false;
            }
            let n = n.unwrap_or(10);
            match (&**cmd, plus) {
                ("head", _) => {
                    g.end = match g.end {
                        End::Whole => End::HeadOf(n),
                        End::HeadOf(m) => End::HeadOf(m.min(n)),
                        End::Maybe => End::Maybe,
                    }
                }
                (_, true) => {
                    g.start_cut |= n > 1;
                    g.end = later_drop(g.end);
                }
                _ => {
                    g.start_cut = true;
                    g.end = later_drop(g.end);
                }
            }
            true
        }
        // A grep of the stream keeps the lines whose text it matches: still every line of a
        // text, in order. Not beside context groups (it would break their runs).
        "grep" | "egrep" | "fgrep" => match first(words) {
            Some(f) if f.files.is_empty() && !f.context && !f.recursive && !g.context => {
                g.end = later_drop(g.end);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// A stage after a `head` that may drop lines too: the head's count no longer says whether it
/// cut.
fn later_drop(end: End) -> End {
    match end {
        End::Whole => End::Whole,
        _ => End::Maybe,
    }
}
